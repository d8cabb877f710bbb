//! The C ABI's one door. Every exported function is a line of the table in `exports.rs`; the
//! `exports!` macro below turns each line into the `#[no_mangle] extern "C"` function, run behind
//! `catch_unwind` (`guard`), and into a line of the description `yz_exports` hands the loader.
//!
//! Why: with `panic = "abort"` (or a panic unwinding into C, which Rust turns into an abort) one
//! bug in one engine killed the whole process, the web server included. Here a panic becomes
//! `E_PANIC`, its message is kept for `yz_last_panic`, and the Python side raises `NativeError`
//! (yezi/native/abi.py) for the caller to handle: the server falls back to the Python engine for
//! that one table. And since the description is generated from the same tokens as the functions,
//! a library cannot claim a signature it does not have; the loader refuses one whose table does
//! not match what yezi calls (a stale build is never called with wrong arguments).

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

/// What an export returns when its body panicked (no export returns it otherwise: their errors
/// are small negative codes).
pub const E_PANIC: i64 = -0x7A6E_6963; // "znic"

thread_local! {
    static IN_GUARD: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// `f()`, or `E_PANIC` if it panicked (the message and place kept for `yz_last_panic`, not
/// printed: the caller logs it). Costs nothing on the path that does not panic but one
/// thread-local flag.
pub fn guard(f: impl FnOnce() -> i64) -> i64 {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if IN_GUARD.with(Cell::get) {
                LAST_PANIC.with(|m| *m.borrow_mut() = info.to_string());
            } else {
                previous(info); // a panic outside an export (a Rust unit test): as before
            }
        }));
    });
    let outer = IN_GUARD.with(|g| g.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    IN_GUARD.with(|g| g.set(outer));
    result.unwrap_or(E_PANIC)
}

/// How an argument crosses the ABI, as the description writes it: `i` i64, `u` u64, `p` any
/// pointer (the Python side passes typed arrays and numpy buffers alike as addresses).
pub trait Abi {
    const CODE: char;
}

impl Abi for i64 {
    const CODE: char = 'i';
}

impl Abi for u64 {
    const CODE: char = 'u';
}

impl<T> Abi for *const T {
    const CODE: char = 'p';
}

impl<T> Abi for *mut T {
    const CODE: char = 'p';
}

/// `text` into the caller's buffer `out` (`cap` bytes) when it fits; its length in bytes always
/// (call with `cap` 0 to learn the size).
pub fn write_text(text: &str, out: *mut u8, cap: i64) -> i64 {
    let n = text.len();
    if !out.is_null() && cap >= n as i64 {
        // SAFETY: the caller owns `cap` writable bytes at `out`
        unsafe { std::ptr::copy_nonoverlapping(text.as_ptr(), out, n) };
    }
    n as i64
}

/// The message and place of this thread's last panic inside an export ("" if none).
pub fn last_panic(out: *mut u8, cap: i64) -> i64 {
    LAST_PANIC.with(|m| write_text(&m.borrow(), out, cap))
}

/// Panics, always: the tests' proof that a panic comes back as an error and the process lives.
pub fn test_panic(code: i64) -> i64 {
    panic!("yz_test_panic: a panic on purpose ({code})")
}

/// The export table: `name(arg: type, ...) => path::to::body;` per function, each body a plain
/// Rust function with the same arguments returning i64. Generates the C functions and
/// `describe()`: one line `name(codes)->i` per export, in table order.
macro_rules! exports {
    ($( $name:ident ( $( $arg:ident : $ty:ty ),* $(,)? ) => $body:path; )*) => {
        $(
            #[no_mangle]
            #[allow(clippy::too_many_arguments)]
            pub extern "C" fn $name($( $arg: $ty ),*) -> i64 {
                $crate::ffi::guard(|| $body($( $arg ),*))
            }
        )*

        /// Every export and its argument codes (`crate::ffi::Abi`), one per line.
        pub fn describe() -> String {
            let mut s = String::new();
            $(
                s.push_str(stringify!($name));
                s.push('(');
                $( s.push(<$ty as $crate::ffi::Abi>::CODE); )*
                s.push_str(")->i\n");
            )*
            s
        }
    };
}
pub(crate) use exports;

#[cfg(test)]
mod tests {
    use super::*;

    fn text(f: impl Fn(*mut u8, i64) -> i64) -> String {
        let n = f(std::ptr::null_mut(), 0);
        let mut buf = vec![0u8; n as usize];
        assert_eq!(f(buf.as_mut_ptr(), n), n);
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn a_panic_in_an_export_returns_the_panic_code_and_keeps_its_message() {
        assert_eq!(crate::exports::yz_test_panic(3), E_PANIC);
        let msg = text(last_panic);
        assert!(msg.contains("a panic on purpose (3)") && msg.contains("ffi.rs"), "{msg}");
        assert_eq!(crate::exports::yz_abi_version(), crate::ABI_VERSION); // the next call is as ever
    }

    #[test]
    fn the_table_describes_each_export_from_its_argument_types() {
        let table = text(|o, c| crate::exports::yz_exports(o, c));
        for line in ["yz_abi_version()->i", "yz_test_panic(i)->i", "yz_rng_selftest(u)->i",
                     "yz_lukfu_trace(pipiupi)->i", "yz_lukfu_points(iiii)->i"] {
            assert!(table.lines().any(|l| l == line), "{line} not in the table");
        }
        let names: std::collections::HashSet<_> = table.lines().map(|l| l.split('(').next().unwrap()).collect();
        assert_eq!(names.len(), table.lines().count(), "a name listed twice");
    }
}

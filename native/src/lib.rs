//! yezi's native engines: one module per game, each exporting plain C functions (`yz_<game>_*`)
//! that `yezi/native/<game>.py` calls through ctypes. No crates, so the library builds offline.
//! The Python engines stay the reference; `tests/native/` drives both from the same deals.
//!
//! Conventions for every game module (see docs/native.md):
//! * `yz_<game>_trace`: play one deal given by the Python engine, drawing choice indices from a
//!   seeded `Rng`, and write the trace (actor, legal codes, chosen index per decision, then the
//!   payments) into a caller-owned `i64` buffer; returns the length written or a negative error.
//! * `yz_<game>_random_playouts`: deal and play `n` games with uniformly random choices, add each
//!   seat's payments into `out` and return the number of decisions made.
//! * options arrive as an `i64` array whose layout the game's Python wrapper defines.
//! * every export is one line of the table in `exports.rs` (the bodies are plain `pub fn`s in
//!   the game modules): `ffi::exports!` makes it a C function behind `catch_unwind` (a panic
//!   returns `ffi::E_PANIC`, never aborts the process) and lists it in `yz_exports`, which the
//!   Python loader checks every function it binds against.

pub mod dominoes;
pub mod exports;
pub mod ffi;
pub mod fishing;
pub mod madiao;
pub mod lukfu;
pub mod rng;
pub mod tiles;
pub mod vecrows;
pub mod paigow;
pub mod tiengow;
pub mod shiwuhu;

/// ABI version: the Python loader refuses a library whose version differs (a stale build).
/// 2: every export behind `catch_unwind` (`ffi::E_PANIC`), and the table `yz_exports`.
pub const ABI_VERSION: i64 = 2;

pub fn abi_version() -> i64 {
    ABI_VERSION
}

/// A self-test of the random generator the loader runs once: the sum of 1000 draws below 1000.
pub fn rng_selftest(seed: u64) -> i64 {
    let mut r = rng::Rng::new(seed);
    (0..1000).map(|_| r.below(1000) as i64).sum()
}

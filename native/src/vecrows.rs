//! The row machinery every game's vector stepping shares (docs/native.md, "Vector stepping"):
//! a game says how to deal, read, write, step and observe one row (`VecGame`), and this module
//! does the rest once for all: the checks of the buffers, the check of every action before any
//! row changes, the auto-reset, the rewards and final observations, the masks, the legal-action
//! lists and the observations (float32 or uint8), and the rows kept in native memory between
//! calls.
//!
//! Two ways of stepping:
//!
//! * `reset`/`step` (the `yz_<g>_vec_reset`/`_step` exports): every row is read from its state
//!   words, checked, stepped and written back, every call (the words always hold the rows);
//! * `rows_reset`/`rows_step` (`yz_<g>_vec_rows_reset`/`_rows_step`): the rows stay in native
//!   memory between calls (a cache keyed by the state buffer's address). Each row's last word is
//!   a stamp: 0 says the words hold the row (read and checked as above), anything else is the
//!   token of the cache entry that holds it (then the words are stale and not read at all; a
//!   stamp without its entry is an error, never a wrong step). `sync` writes the rows back into
//!   their words with stamp 0 (before pickling, copying or reading the words), `free` drops the
//!   entry. These also write each row's legal actions as a list (int16 codes in the engine's
//!   order and their count: a policy draws from it without scanning the mask), clear only the
//!   mask entries the previous call set, and check an action against the list kept from the
//!   previous call instead of asking the engine again.
//!
//! Row i deals from the generator seeded by (seed, i); a deal over before anyone acts is no
//! episode: its payments go to `settled`, counted in `over`, and the row deals again.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::Mutex;

/// One game's rows. `Cfg` is its parsed options (interned: one per distinct option list, kept
/// for the life of the process, so rows may borrow it), `Row` one deal in progress with whatever
/// the observation needs beyond the engine's state.
pub trait VecGame: 'static {
    type Cfg: Send + Sync + 'static;
    type Row: Send + 'static;
    fn parse(opts: &[i64]) -> Option<Self::Cfg>;
    fn seats(c: &Self::Cfg) -> usize;
    fn num_actions(c: &Self::Cfg) -> usize;
    /// The most legal actions a row can have at once.
    fn max_legal(c: &Self::Cfg) -> usize;
    /// The words of one row (the stamp word comes after them).
    fn words(c: &Self::Cfg) -> usize;
    /// Entries of an observation of `kind` (0 "observation", 1 "info_state").
    fn obs_size(c: &Self::Cfg, kind: i64) -> usize;
    /// The largest value an observation of `kind` holds (uint8 observations need at most 255).
    fn obs_max(c: &Self::Cfg, kind: i64) -> usize;
    fn new_row(c: &'static Self::Cfg, seed: u64, row: u64) -> Self::Row;
    /// The row's next deal; deals over at once settled into `settled`, counted in `over`.
    fn next_deal(c: &'static Self::Cfg, r: &mut Self::Row, settled: &mut [i64], over: &mut i64) -> bool;
    /// The row in words `w` (checked: every index the engine uses), or None.
    fn read(c: &'static Self::Cfg, w: &[i64]) -> Option<Self::Row>;
    fn write(c: &Self::Cfg, r: &Self::Row, w: &mut [i64]);
    /// The seat to act, or None once the deal is over.
    fn actor(c: &Self::Cfg, r: &Self::Row) -> Option<usize>;
    /// Whether the row's history has room for one more action.
    fn room(c: &Self::Cfg, r: &Self::Row) -> bool;
    /// The legal actions in the engine's order (`out` cleared first).
    fn legal(c: &Self::Cfg, r: &Self::Row, out: &mut Vec<i64>);
    fn apply(c: &Self::Cfg, r: &mut Self::Row, a: i64);
    fn payments(c: &Self::Cfg, r: &Self::Row, out: &mut [i64]);
    /// `seat`'s observation of `kind` (every entry written).
    fn observe(c: &Self::Cfg, r: &Self::Row, kind: i64, seat: usize, out: &mut [f32]);
    /// The same as bytes, where the game writes them directly (else false: `observe` and a
    /// conversion).
    fn observe_u8(_c: &Self::Cfg, _r: &Self::Row, _kind: i64, _seat: usize, _out: &mut [u8]) -> bool {
        false
    }
    /// The row's deal and actions for the tests' replay (`yz_<g>_vec_row`): entries written, or
    /// a negative error.
    fn report(c: &Self::Cfg, r: &Self::Row, out: &mut [i64]) -> i64;
}

/// An observation's entry: f32 or a byte (the values are whole numbers, `VecGame::obs_max` at
/// most 255 for bytes), so one observer writes both.
pub trait Cell: Copy {
    const ZERO: Self;
    const ONE: Self;
    fn of(x: u32) -> Self;
    /// One more (a count).
    fn bump(x: &mut Self);
    /// `out[i]` = `src[i]` for counts held as bytes (the engines' per-kind counts), `out` and
    /// `src` of one length: for bytes a plain copy, so a plane of counts costs one store, not one
    /// checked store per kind.
    #[inline]
    fn counts(out: &mut [Self], src: &[u8]) {
        for (d, &x) in out.iter_mut().zip(src) {
            *d = Self::of(x as u32);
        }
    }
    /// `out[i]` = bit i of `m`, ones and zeros, for every i of `out` (at most 64): a card set as
    /// its plane of an observation, written whole (no loop over the set's bits, whose branches
    /// cost more than the stores).
    #[inline]
    fn spread(out: &mut [Self], m: u64) {
        for (i, d) in out.iter_mut().enumerate() {
            *d = if m >> i & 1 == 1 { Self::ONE } else { Self::ZERO };
        }
    }
}

/// Each byte value's bits as eight bytes 0 or 1 (little-endian): `u8::spread` eight cells a load.
const SPREAD8: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                t[b] |= 1 << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    t
};

impl Cell for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
    #[inline]
    fn of(x: u32) -> f32 {
        x as f32
    }
    #[inline]
    fn bump(x: &mut f32) {
        *x += 1.0;
    }
}

impl Cell for u8 {
    const ZERO: u8 = 0;
    const ONE: u8 = 1;
    #[inline]
    fn of(x: u32) -> u8 {
        x.min(255) as u8
    }
    #[inline]
    fn bump(x: &mut u8) {
        *x = x.saturating_add(1);
    }
    #[inline]
    fn counts(out: &mut [u8], src: &[u8]) {
        out.copy_from_slice(src);
    }
    #[inline]
    fn spread(out: &mut [u8], m: u64) {
        let mut chunks = out.chunks_exact_mut(8);
        let mut k = 0;
        for c in &mut chunks {
            c.copy_from_slice(&SPREAD8[(m >> k & 0xff) as usize].to_le_bytes());
            k += 8;
        }
        let rest = chunks.into_remainder();
        let n = rest.len();
        if n > 0 {
            rest.copy_from_slice(&SPREAD8[(m >> k & 0xff) as usize].to_le_bytes()[..n]);
        }
    }
}

impl Cell for i8 {
    const ZERO: i8 = 0;
    const ONE: i8 = 1;
    #[inline]
    fn of(x: u32) -> i8 {
        x.min(127) as i8
    }
    #[inline]
    fn bump(x: &mut i8) {
        *x = x.saturating_add(1);
    }
}

pub const E_OPTS: i64 = -1;
pub const E_DEALS: i64 = -3;
pub const E_SIZE: i64 = -4;
pub const E_ROW: i64 = -5; // -5 - i: row i's words are no row, or its action is not legal
pub const E_ARGS: i64 = -6;
pub const MAX_ROWS: i64 = 1 << 24;

type Interned = HashMap<(TypeId, Vec<i64>), &'static (dyn Any + Send + Sync)>;
static CFGS: Mutex<Option<Interned>> = Mutex::new(None);

/// The game's options parsed once per distinct option list (and kept).
pub fn cfg<G: VecGame>(opts: *const i64, nopts: i64) -> Option<&'static G::Cfg> {
    if opts.is_null() && nopts != 0 || !(0..=64).contains(&nopts) {
        return None;
    }
    let o: &[i64] = if nopts == 0 { &[] } else { unsafe { std::slice::from_raw_parts(opts, nopts as usize) } };
    let key = (TypeId::of::<G>(), o.to_vec());
    let mut map = CFGS.lock().unwrap_or_else(|e| e.into_inner());
    let map = map.get_or_insert_with(HashMap::new);
    if let Some(&c) = map.get(&key) {
        return c.downcast_ref::<G::Cfg>();
    }
    let c: &'static G::Cfg = Box::leak(Box::new(G::parse(o)?));
    map.insert(key, c);
    Some(c)
}

fn slice<'a, T>(p: *mut T, n: usize) -> Option<&'a mut [T]> {
    if p.is_null() {
        None
    } else {
        Some(unsafe { std::slice::from_raw_parts_mut(p, n) })
    }
}

pub fn state_words<G: VecGame>(opts: *const i64, nopts: i64) -> i64 {
    match cfg::<G>(opts, nopts) {
        Some(c) => G::words(c) as i64 + 1,
        None => E_OPTS,
    }
}

pub fn obs_size<G: VecGame>(opts: *const i64, nopts: i64, kind: i64) -> i64 {
    match cfg::<G>(opts, nopts) {
        Some(c) if (0..=1).contains(&kind) => G::obs_size(c, kind) as i64,
        Some(_) if kind == -1 => 0,
        Some(_) => E_ARGS,
        None => E_OPTS,
    }
}

/// What `rows_*` can say about a game's rows: 0 the most legal actions at once, 1 the largest
/// value of an "observation", 2 of an "info_state".
pub fn rows_info<G: VecGame>(opts: *const i64, nopts: i64, what: i64) -> i64 {
    match (cfg::<G>(opts, nopts), what) {
        (Some(c), 0) => G::max_legal(c) as i64,
        (Some(c), 1) => G::obs_max(c, 0) as i64,
        (Some(c), 2) => G::obs_max(c, 1) as i64,
        (Some(_), _) => E_ARGS,
        (None, _) => E_OPTS,
    }
}

enum Obs<'a> {
    None,
    F32(&'a mut [f32]),
    U8(&'a mut [u8]),
}

/// The output buffers of a call, checked.
struct Out<'a> {
    kind: i64,
    osz: usize,
    obs: Obs<'a>,
    final_obs: Obs<'a>,
    scratch: Vec<f32>,
    na: usize,
    mask: Option<&'a mut [u8]>,
    nlegal: Option<&'a mut [i64]>,
    legal: Option<&'a mut [i16]>,
    cap: usize,
    player: &'a mut [i64],
    settled: &'a mut [i64],
    over: &'a mut [i64],
}

impl Out<'_> {
    fn write_obs<G: VecGame>(&mut self, c: &G::Cfg, r: &G::Row, seat: usize, i: usize, fin: bool) {
        let osz = self.osz;
        let dst = if fin { &mut self.final_obs } else { &mut self.obs };
        match dst {
            Obs::None => {}
            Obs::F32(o) => G::observe(c, r, self.kind, seat, &mut o[i * osz..(i + 1) * osz]),
            Obs::U8(o) => {
                let o = &mut o[i * osz..(i + 1) * osz];
                if !G::observe_u8(c, r, self.kind, seat, o) {
                    G::observe(c, r, self.kind, seat, &mut self.scratch);
                    to_bytes(&self.scratch, o);
                }
            }
        }
    }
}

/// `src`'s values (whole numbers 0..=255, as the game's `obs_max` says) as bytes; clamped first,
/// so the conversion is exact and vectorizes.
fn to_bytes(src: &[f32], dst: &mut [u8]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        // SAFETY: the clamped value is finite and within 0..=255 (f32::max ignores a NaN)
        *d = unsafe { s.max(0.0).min(255.0).to_int_unchecked::<i32>() } as u8;
    }
}

#[allow(clippy::too_many_arguments)]
fn out<'a, G: VecGame>(c: &G::Cfg, n: usize, kind: i64, dtype: i64, obs: *mut u8, final_obs: *mut u8,
                       obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16,
                       list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64)
                       -> Result<Out<'a>, i64> {
    let na = G::num_actions(c);
    if !(-1..=1).contains(&kind) || !(0..=1).contains(&dtype) || n_actions != na as i64 {
        return Err(E_ARGS);
    }
    if dtype == 1 && kind >= 0 && G::obs_max(c, kind) > 255 {
        return Err(E_ARGS); // values a byte cannot hold
    }
    let osz = if kind >= 0 { G::obs_size(c, kind) } else { 0 };
    let take = |p: *mut u8| -> Result<Obs<'a>, i64> {
        if kind < 0 {
            return Ok(Obs::None);
        }
        if p.is_null() {
            return Err(E_SIZE);
        }
        Ok(if dtype == 0 {
            Obs::F32(unsafe { std::slice::from_raw_parts_mut(p as *mut f32, n * osz) })
        } else {
            Obs::U8(unsafe { std::slice::from_raw_parts_mut(p, n * osz) })
        })
    };
    if kind >= 0 && obs_size != osz as i64 {
        return Err(E_SIZE);
    }
    let (obs, final_obs) = (take(obs)?, if final_obs.is_null() { Obs::None } else { take(final_obs)? });
    if !legal.is_null() && (nlegal.is_null() || list_cap < G::max_legal(c) as i64) {
        return Err(E_SIZE);
    }
    let cap = list_cap.max(0) as usize;
    let (Some(player), Some(settled), Some(over)) =
        (slice(player, n), slice(settled, n * G::seats(c)), slice(over, n))
    else {
        return Err(E_ARGS);
    };
    Ok(Out { kind, osz, obs, final_obs, scratch: vec![0.0; osz], na, mask: slice(mask, n * na),
             nlegal: slice(nlegal, n), legal: slice(legal, n * cap), cap, player, settled, over })
}

/// What the cache keeps of one state buffer's rows.
struct Entry<G: VecGame> {
    token: u64,
    cfg: &'static G::Cfg,
    rows: Vec<G::Row>,
    /// each row's legal actions as the last call wrote them
    kept: Kept,
    /// the mask buffer the last call wrote in full for these rows (its set entries are `legal`)
    mask_at: usize,
}

/// Words of a row's legal-action bitset for `na` actions (0: none kept, see `Entry::bits`).
fn bit_words(na: usize) -> usize {
    if na <= 4096 { na.div_ceil(64) } else { 0 }
}

/// Each row's legal actions as the last call wrote them: a list (`ml` codes a row) and its
/// count, and the same as a bitset (`bw` words a row; 0 where the action space is too large to
/// keep one: then an action is looked for in the list), so an action is checked in one load, not
/// a scan of up to hundreds of codes.
struct Kept {
    legal: Vec<u16>,
    nlegal: Vec<u16>,
    bits: Vec<u64>,
    ml: usize,
    bw: usize,
}

/// One row's share of `Kept`.
struct Keep<'a> {
    list: &'a mut [u16],
    n: &'a mut u16,
    bits: &'a mut [u64],
}

impl Kept {
    fn new(n: usize, ml: usize, na: usize, nlegal: u16) -> Kept {
        let bw = bit_words(na);
        Kept { legal: vec![0; n * ml], nlegal: vec![nlegal; n], bits: vec![0; n * bw], ml, bw }
    }

    fn row(&mut self, i: usize) -> Keep<'_> {
        let (ml, bw) = (self.ml, self.bw);
        Keep { list: &mut self.legal[i * ml..(i + 1) * ml], n: &mut self.nlegal[i], bits: &mut self.bits[i * bw..(i + 1) * bw] }
    }

    /// Whether `a` is among row i's legal actions.
    fn allows(&self, i: usize, a: i64) -> bool {
        if !(0..=u16::MAX as i64).contains(&a) {
            return false;
        }
        let a = a as usize;
        if self.bw > 0 {
            a < 64 * self.bw && self.bits[i * self.bw + a / 64] >> (a % 64) & 1 == 1
        } else {
            self.legal[i * self.ml..i * self.ml + self.nlegal[i] as usize].contains(&(a as u16))
        }
    }
}

impl<G: VecGame> Entry<G> {
    fn new(token: u64, cfg: &'static G::Cfg, rows: Vec<G::Row>, n: usize, nlegal: u16, mask_at: usize) -> Entry<G> {
        Entry { token, cfg, rows, kept: Kept::new(n, G::max_legal(cfg), G::num_actions(cfg), nlegal), mask_at }
    }
}

type Cache = HashMap<usize, Box<dyn Any + Send>>;
static CACHE: Mutex<Option<Cache>> = Mutex::new(None);

pub(crate) fn cache_take(at: usize) -> Option<Box<dyn Any + Send>> {
    CACHE.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(HashMap::new).remove(&at)
}

pub(crate) fn cache_put(at: usize, e: Box<dyn Any + Send>) {
    CACHE.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(HashMap::new).insert(at, e);
}

/// Drop the rows kept for the state buffer at `state` (the Python side calls it when the
/// buffer goes); 1 if there were any.
pub fn free(state: *mut i64) -> i64 {
    cache_take(state as usize).is_some() as i64
}

/// A fresh token: never 0, never the same twice in a process (a bijective mix of a counter).
pub(crate) fn token() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    loop {
        let mut z = NEXT.fetch_add(1, Ordering::Relaxed) ^ 0x5EED_0F70_CE00_0000;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        if z != 0 {
            return z;
        }
    }
}

/// The cache entry of `state` for these options, if it holds rows stamped with its token.
fn entry<G: VecGame>(state: *mut i64, c: &'static G::Cfg, n: usize) -> Option<Box<Entry<G>>> {
    let e = cache_take(state as usize)?.downcast::<Entry<G>>().ok()?;
    (std::ptr::eq(e.cfg, c) && e.rows.len() == n).then_some(e)
}

/// Row i's mask, legal list, seat to act and observation. `keep`: the entry's copy of the row's
/// legal actions (rewritten); `incremental`: the mask row holds exactly those, so only they are
/// cleared (else the whole row).
fn publish<G: VecGame>(c: &G::Cfg, r: &G::Row, i: usize, o: &mut Out, buf: &mut Vec<i64>,
                       mut keep: Option<Keep>, incremental: bool) -> Result<(), i64> {
    G::legal(c, r, buf);
    let k = buf.len();
    let mut m = o.mask.as_deref_mut().map(|m| &mut m[i * o.na..(i + 1) * o.na]);
    // clear what the row's mask and bitset held: only the entries set before where they are known
    match keep.as_mut() {
        Some(kp) if *kp.n != u16::MAX => {
            let old = &kp.list[..*kp.n as usize];
            match m.as_deref_mut() {
                Some(m) if incremental => old.iter().for_each(|&a| m[a as usize] = 0),
                Some(m) => m.fill(0),
                None => {}
            }
            if !kp.bits.is_empty() {
                for &a in old {
                    kp.bits[a as usize / 64] &= !(1 << (a % 64));
                }
            }
        }
        other => {
            if let Some(kp) = other {
                kp.bits.fill(0);
            }
            if let Some(m) = m.as_deref_mut() {
                m.fill(0);
            }
        }
    }
    if let Some(m) = m {
        for &a in buf.iter() {
            m[a as usize] = 1;
        }
    }
    if let Some(l) = o.legal.as_deref_mut() {
        if k > o.cap {
            return Err(E_SIZE);
        }
        for (d, &a) in l[i * o.cap..i * o.cap + k].iter_mut().zip(buf.iter()) {
            *d = a as i16;
        }
    }
    if let Some(nl) = o.nlegal.as_deref_mut() {
        nl[i] = k as i64;
    }
    if let Some(kp) = keep {
        if k > kp.list.len() {
            return Err(E_SIZE);
        }
        for (d, &a) in kp.list.iter_mut().zip(buf.iter()) {
            *d = a as u16;
        }
        if !kp.bits.is_empty() {
            for &a in buf.iter() {
                kp.bits[a as usize / 64] |= 1 << (a % 64);
            }
        }
        *kp.n = k as u16;
    }
    let seat = G::actor(c, r);
    o.player[i] = seat.map_or(-1, |s| s as i64);
    o.write_obs::<G>(c, r, seat.unwrap_or(0), i, false);
    Ok(())
}

/// `yz_<g>_vec_reset` (`cached` false: the words hold the rows, stamp 0) and
/// `yz_<g>_vec_rows_reset` (`cached`: the rows stay in native memory).
#[allow(clippy::too_many_arguments)]
fn reset_impl<G: VecGame>(c: &'static G::Cfg, state: *mut i64, n: i64, seed: u64, kind: i64, dtype: i64,
                          obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64,
                          legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64,
                          cached: bool) -> i64 {
    if state.is_null() || !(1..=MAX_ROWS).contains(&n) {
        return E_ARGS;
    }
    let nu = n as usize;
    let mut o = match out::<G>(c, nu, kind, dtype, obs, std::ptr::null_mut(), obs_size, mask, n_actions, nlegal,
                               legal, list_cap, player, settled, over) {
        Ok(o) => o,
        Err(e) => return e,
    };
    let rw = G::words(c) + 1;
    let words = unsafe { std::slice::from_raw_parts_mut(state, nu * rw) };
    let ns = G::seats(c);
    let ml = G::max_legal(c);
    o.settled.fill(0);
    o.over.fill(0);
    free(state);
    let tok = if cached { token() } else { 0 };
    let mut e = Entry::<G>::new(tok, c, Vec::with_capacity(if cached { nu } else { 0 }), if cached { nu } else { 0 }, 0,
                                mask as usize);
    let mut buf = Vec::with_capacity(ml);
    for i in 0..nu {
        let mut r = G::new_row(c, seed, i as u64);
        if !G::next_deal(c, &mut r, &mut o.settled[i * ns..(i + 1) * ns], &mut o.over[i]) {
            return E_DEALS;
        }
        let keep = if cached { Some(e.kept.row(i)) } else { None };
        if let Err(x) = publish::<G>(c, &r, i, &mut o, &mut buf, keep, false) {
            return x;
        }
        let w = &mut words[i * rw..(i + 1) * rw];
        G::write(c, &r, &mut w[..rw - 1]);
        w[rw - 1] = tok as i64;
        if cached {
            e.rows.push(r);
        }
    }
    if cached {
        cache_put(state as usize, Box::new(e));
    }
    0
}

#[allow(clippy::too_many_arguments)]
pub fn reset<G: VecGame>(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64,
                         obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64,
                         settled: *mut i64, over: *mut i64) -> i64 {
    let Some(c) = cfg::<G>(opts, nopts) else { return E_OPTS };
    if mask.is_null() {
        return E_ARGS;
    }
    reset_impl::<G>(c, state, n, seed, kind, 0, obs as *mut u8, obs_size, mask, n_actions, std::ptr::null_mut(),
                    std::ptr::null_mut(), 0, player, settled, over, false)
}

#[allow(clippy::too_many_arguments)]
pub fn rows_reset<G: VecGame>(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64,
                              dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64,
                              nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64,
                              over: *mut i64) -> i64 {
    let Some(c) = cfg::<G>(opts, nopts) else { return E_OPTS };
    reset_impl::<G>(c, state, n, seed, kind, dtype, obs, obs_size, mask, n_actions, nlegal, legal, list_cap, player,
                    settled, over, true)
}

/// Whether row words `w` hold their row (stamp 0: read them), or leave it to the cache entry
/// `e` (stamp = its token); Err when neither.
fn resolve<G: VecGame>(c: &'static G::Cfg, w: &[i64], e: Option<&Entry<G>>) -> Result<Option<G::Row>, ()> {
    match (w[w.len() - 1] as u64, e) {
        (0, _) => G::read(c, &w[..w.len() - 1]).map(Some).ok_or(()),
        (s, Some(e)) if s == e.token => Ok(None),
        _ => Err(()),
    }
}

/// `yz_<g>_vec_step` and `yz_<g>_vec_rows_step` (`cached`).
#[allow(clippy::too_many_arguments)]
fn step_impl<G: VecGame>(c: &'static G::Cfg, state: *mut i64, n: i64, actions: *const i64, kind: i64, dtype: i64,
                         obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64,
                         legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8,
                         final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64, over: *mut i64, cached: bool)
                         -> i64 {
    if state.is_null() || actions.is_null() || !(1..=MAX_ROWS).contains(&n) {
        return E_ARGS;
    }
    let nu = n as usize;
    if kind >= 0 && final_obs.is_null() {
        return E_SIZE;
    }
    let mut o = match out::<G>(c, nu, kind, dtype, obs, final_obs, obs_size, mask, n_actions, nlegal, legal,
                               list_cap, player, settled, over) {
        Ok(o) => o,
        Err(e) => return e,
    };
    let ns = G::seats(c);
    let (Some(rewards), Some(terminated), Some(final_seat)) =
        (slice(rewards, nu * ns), slice(terminated, nu), slice(final_seat, nu))
    else {
        return E_ARGS;
    };
    let rw = G::words(c) + 1;
    let ml = G::max_legal(c);
    let words = unsafe { std::slice::from_raw_parts_mut(state, nu * rw) };
    let actions = unsafe { std::slice::from_raw_parts(actions, nu) };
    let e = entry::<G>(state, c, nu);
    let mut buf = Vec::with_capacity(ml);
    // every row checked before any changes; rows read from their words replace the entry's
    let mut read: Vec<(usize, G::Row)> = Vec::new();
    let mut bad = None;
    for i in 0..nu {
        let w = &words[i * rw..(i + 1) * rw];
        let a = actions[i];
        let ok = match resolve::<G>(c, w, e.as_deref()) {
            Err(()) => false,
            Ok(Some(r)) => {
                G::legal(c, &r, &mut buf);
                let ok = G::actor(c, &r).is_some() && G::room(c, &r) && buf.contains(&a);
                read.push((i, r));
                ok
            }
            Ok(None) => {
                let e = e.as_deref().unwrap();
                e.kept.allows(i, a) && G::room(c, &e.rows[i])
            }
        };
        if !ok {
            bad = Some(i);
            break;
        }
    }
    if let Some(i) = bad {
        if let Some(e) = e {
            cache_put(state as usize, e); // nothing changed
        }
        return E_ROW - i as i64;
    }
    let mut e = match e {
        Some(mut e) => {
            for (i, r) in read {
                e.rows[i] = r;
                e.kept.nlegal[i] = u16::MAX; // not what row i's mask holds: written in full
            }
            e
        }
        None => Box::new(Entry::<G>::new(if cached { token() } else { 0 }, c, read.into_iter().map(|(_, r)| r).collect(),
                                         if cached { nu } else { 0 }, u16::MAX, 0)),
    };
    let same_mask = cached && e.mask_at == mask as usize && !mask.is_null();
    o.settled.fill(0);
    o.over.fill(0);
    let mut ended = 0;
    let tok = e.token;
    let Entry { rows, kept, .. } = &mut *e;
    for (i, r) in rows.iter_mut().enumerate() {
        let actor = G::actor(c, r).unwrap_or(0);
        G::apply(c, r, actions[i]);
        let done = G::actor(c, r).is_none();
        terminated[i] = done as u8;
        final_seat[i] = if done { actor as i64 } else { -1 };
        let pay = &mut rewards[i * ns..(i + 1) * ns];
        pay.fill(0);
        if done {
            ended += 1;
            G::payments(c, r, pay);
            o.write_obs::<G>(c, r, actor, i, true);
            if !G::next_deal(c, r, &mut o.settled[i * ns..(i + 1) * ns], &mut o.over[i]) {
                return E_DEALS;
            }
        }
        let res = if cached {
            publish::<G>(c, r, i, &mut o, &mut buf, Some(kept.row(i)), same_mask)
        } else {
            publish::<G>(c, r, i, &mut o, &mut buf, None, false)
        };
        if let Err(x) = res {
            return x;
        }
        let w = &mut words[i * rw..(i + 1) * rw];
        if cached {
            w[rw - 1] = tok as i64;
        } else {
            G::write(c, r, &mut w[..rw - 1]);
            w[rw - 1] = 0;
        }
    }
    if cached {
        e.mask_at = mask as usize;
        cache_put(state as usize, e);
    }
    ended
}

#[allow(clippy::too_many_arguments)]
pub fn step<G: VecGame>(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *mut i64, kind: i64,
                        obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64,
                        rewards: *mut i64, terminated: *mut u8, final_obs: *mut f32, final_seat: *mut i64,
                        settled: *mut i64, over: *mut i64) -> i64 {
    let Some(c) = cfg::<G>(opts, nopts) else { return E_OPTS };
    if mask.is_null() {
        return E_ARGS;
    }
    step_impl::<G>(c, state, n, actions, kind, 0, obs as *mut u8, obs_size, mask, n_actions, std::ptr::null_mut(),
                   std::ptr::null_mut(), 0, player, rewards, terminated, final_obs as *mut u8, final_seat, settled,
                   over, false)
}

#[allow(clippy::too_many_arguments)]
pub fn rows_step<G: VecGame>(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *const i64, kind: i64,
                             dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64,
                             nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64,
                             terminated: *mut u8, final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64,
                             over: *mut i64) -> i64 {
    let Some(c) = cfg::<G>(opts, nopts) else { return E_OPTS };
    step_impl::<G>(c, state, n, actions, kind, dtype, obs, obs_size, mask, n_actions, nlegal, legal, list_cap, player,
                   rewards, terminated, final_obs, final_seat, settled, over, true)
}

/// Write every row kept in native memory back into its words, stamp 0 (the words then hold the
/// rows again; the next `rows_step` reads them).
pub fn sync<G: VecGame>(opts: *const i64, nopts: i64, state: *mut i64, n: i64) -> i64 {
    let Some(c) = cfg::<G>(opts, nopts) else { return E_OPTS };
    if state.is_null() || !(1..=MAX_ROWS).contains(&n) {
        return E_ARGS;
    }
    let nu = n as usize;
    let rw = G::words(c) + 1;
    let words = unsafe { std::slice::from_raw_parts_mut(state, nu * rw) };
    let e = entry::<G>(state, c, nu);
    let mut bad = 0;
    for i in 0..nu {
        let w = &mut words[i * rw..(i + 1) * rw];
        let stamp = w[rw - 1] as u64;
        match e.as_deref() {
            Some(e) if stamp == e.token => {
                G::write(c, &e.rows[i], &mut w[..rw - 1]);
                w[rw - 1] = 0;
            }
            _ if stamp == 0 => {}
            _ => bad = E_ROW - i as i64,
        }
    }
    if let Some(e) = e {
        cache_put(state as usize, e);
    }
    bad
}

/// `yz_<g>_vec_row`: row `row`'s deal and actions (`VecGame::report`), from its words or from
/// the rows kept in native memory.
pub fn row_report<G: VecGame>(opts: *const i64, nopts: i64, state: *const i64, n: i64, row: i64, out: *mut i64,
                              cap: i64) -> i64 {
    let Some(c) = cfg::<G>(opts, nopts) else { return E_OPTS };
    if state.is_null() || !(0..n.min(MAX_ROWS)).contains(&row) {
        return E_ARGS;
    }
    let Some(out) = slice(out, cap.max(0) as usize) else { return E_ARGS };
    let rw = G::words(c) + 1;
    let w = unsafe { std::slice::from_raw_parts(state.add(row as usize * rw), rw) };
    let stamp = w[rw - 1] as u64;
    if stamp == 0 {
        return match G::read(c, &w[..rw - 1]) {
            Some(r) => G::report(c, &r, out),
            None => E_ROW,
        };
    }
    let Some(e) = entry::<G>(state as *mut i64, c, n as usize) else { return E_ROW };
    let got = if e.token == stamp { G::report(c, &e.rows[row as usize], out) } else { E_ROW };
    cache_put(state as usize, e);
    got
}

/// `f(cfg, row)` on row `row` of the rows kept for the state buffer at `state` (its stamp the
/// entry's token), whatever options they were stepped with; None when they are not kept.
pub fn kept_row<G: VecGame, R>(state: *const i64, n: usize, row: usize, f: impl FnOnce(&G::Cfg, &G::Row) -> R)
                               -> Option<R> {
    let e = cache_take(state as usize)?;
    let got = match e.downcast_ref::<Entry<G>>() {
        Some(x) if x.rows.len() == n && row < n => {
            let rw = G::words(x.cfg) + 1;
            let stamp = unsafe { *state.add(row * rw + rw - 1) } as u64;
            (stamp == x.token).then(|| f(x.cfg, &x.rows[row]))
        }
        _ => None,
    };
    cache_put(state as usize, e);
    got
}

/// The `yz_<g>_vec_*` exports of one game (`$g` the `VecGame`): the bodies `exports.rs` lists.
macro_rules! vec_exports {
    ($g:ty, $words:ident, $size:ident, $reset:ident, $step:ident, $row:ident, $rreset:ident, $rstep:ident,
     $sync:ident, $info:ident) => {
        pub fn $words(opts: *const i64, nopts: i64) -> i64 {
            $crate::vecrows::state_words::<$g>(opts, nopts)
        }

        pub fn $size(opts: *const i64, nopts: i64, kind: i64) -> i64 {
            $crate::vecrows::obs_size::<$g>(opts, nopts, kind)
        }

        #[allow(clippy::too_many_arguments)]
        pub fn $reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, obs: *mut f32,
                      obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, settled: *mut i64,
                      over: *mut i64) -> i64 {
            $crate::vecrows::reset::<$g>(opts, nopts, state, n, seed, kind, obs, obs_size, mask, n_actions, player,
                                         settled, over)
        }

        #[allow(clippy::too_many_arguments)]
        pub fn $step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *mut i64, kind: i64,
                     obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64,
                     rewards: *mut i64, terminated: *mut u8, final_obs: *mut f32, final_seat: *mut i64,
                     settled: *mut i64, over: *mut i64) -> i64 {
            $crate::vecrows::step::<$g>(opts, nopts, state, n, actions, kind, obs, obs_size, mask, n_actions, player,
                                        rewards, terminated, final_obs, final_seat, settled, over)
        }

        pub fn $row(opts: *const i64, nopts: i64, state: *const i64, n: i64, row: i64, out: *mut i64,
                    cap: i64) -> i64 {
            $crate::vecrows::row_report::<$g>(opts, nopts, state, n, row, out, cap)
        }

        #[allow(clippy::too_many_arguments)]
        pub fn $rreset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, dtype: i64,
                       obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64,
                       legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64) -> i64 {
            $crate::vecrows::rows_reset::<$g>(opts, nopts, state, n, seed, kind, dtype, obs, obs_size, mask,
                                              n_actions, nlegal, legal, list_cap, player, settled, over)
        }

        #[allow(clippy::too_many_arguments)]
        pub fn $rstep(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *const i64, kind: i64,
                      dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64,
                      legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8,
                      final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64, over: *mut i64) -> i64 {
            $crate::vecrows::rows_step::<$g>(opts, nopts, state, n, actions, kind, dtype, obs, obs_size, mask,
                                             n_actions, nlegal, legal, list_cap, player, rewards, terminated,
                                             final_obs, final_seat, settled, over)
        }

        pub fn $sync(opts: *const i64, nopts: i64, state: *mut i64, n: i64) -> i64 {
            $crate::vecrows::sync::<$g>(opts, nopts, state, n)
        }

        pub fn $info(opts: *const i64, nopts: i64, what: i64) -> i64 {
            $crate::vecrows::rows_info::<$g>(opts, nopts, what)
        }
    };
}
pub(crate) use vec_exports;

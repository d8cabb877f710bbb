//! What the Tien Gow family's native engines share (牌九 `paigow`, 打天九 `tiengow`, 十五胡
//! `shiwuhu`): the 21 kinds of `yezi.components.tiengow` as tables, the FFI slice guards, and one
//! generic driver for traces, random playouts and playouts from a replayed history.
//!
//! A kind is 0..20 in Tien Gow rank order (11 civil kinds, then 10 military), exactly as the
//! Python component numbers them, so tiles cross the C ABI as plain integers.

use crate::rng::Rng;

pub const NUM_KINDS: usize = 21;

/// (high die, low die, civil, rank within its suit) per kind, as `yezi.components.tiengow._DATA`.
pub const KIND_DATA: [(u8, u8, bool, u8); NUM_KINDS] = [
    (6, 6, true, 1),
    (1, 1, true, 2),
    (4, 4, true, 3),
    (3, 1, true, 4),
    (5, 5, true, 5),
    (3, 3, true, 6),
    (2, 2, true, 7),
    (6, 5, true, 8),
    (6, 4, true, 9),
    (6, 1, true, 10),
    (5, 1, true, 11),
    (6, 3, false, 1),
    (5, 4, false, 1),
    (6, 2, false, 2),
    (5, 3, false, 2),
    (5, 2, false, 3),
    (4, 3, false, 3),
    (4, 2, false, 4),
    (4, 1, false, 5),
    (3, 2, false, 5),
    (2, 1, false, 6),
];

pub const HEAVEN: usize = 0;
pub const EARTH: usize = 1;
pub const MAN: usize = 2;
pub const GOOSE: usize = 3;
pub const LONG_SEVEN: usize = 9;
pub const MALLET_SIX: usize = 10;
pub const BLACK_NINE: usize = 11;
pub const RED_NINE: usize = 12;
pub const FLAT_EIGHT: usize = 13;
pub const BENT_EIGHT: usize = 14;
pub const BLACK_SEVEN: usize = 15;
pub const RED_SEVEN: usize = 16;
pub const BIG_SIX: usize = 17;
pub const RED_FIVE: usize = 18;
pub const BLACK_FIVE: usize = 19;
pub const LITTLE_THREE: usize = 20;

/// The 雜 pairs (nines, eights, sevens, fives), as `tg.ZA_PAIRS` in order.
pub const ZA_PAIRS: [(usize, usize); 4] =
    [(BLACK_NINE, RED_NINE), (FLAT_EIGHT, BENT_EIGHT), (BLACK_SEVEN, RED_SEVEN), (RED_FIVE, BLACK_FIVE)];
/// The 文武 groups (天九, 地八, 人七, 鵝五): civil kind and its two military partners (`tg.WENWU`).
pub const WENWU: [(usize, usize, usize); 4] = [
    (HEAVEN, BLACK_NINE, RED_NINE),
    (EARTH, FLAT_EIGHT, BENT_EIGHT),
    (MAN, BLACK_SEVEN, RED_SEVEN),
    (GOOSE, RED_FIVE, BLACK_FIVE),
];

#[inline]
pub fn pips(k: usize) -> u32 {
    (KIND_DATA[k].0 + KIND_DATA[k].1) as u32
}
#[inline]
pub fn civil(k: usize) -> bool {
    KIND_DATA[k].2
}
#[inline]
pub fn rank(k: usize) -> u8 {
    KIND_DATA[k].3
}
/// Copies of a kind in the 32-tile domino set: civil twice, military once.
#[inline]
pub fn copies32(k: usize) -> u8 {
    if civil(k) {
        2
    } else {
        1
    }
}

/// The 32-tile set, sorted (`tg.domino_set()`).
pub fn domino_set() -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut i = 0;
    for k in 0..NUM_KINDS {
        for _ in 0..copies32(k) {
            out[i] = k as u8;
            i += 1;
        }
    }
    out
}

/// The 84-card 十五湖 deck, sorted (`tg.card_deck()`).
pub fn card_deck() -> [u8; 84] {
    let mut out = [0u8; 84];
    for (i, c) in out.iter_mut().enumerate() {
        *c = (i / 4) as u8;
    }
    out
}

// ---- the FFI boundary --------------------------------------------------------------------------

/// Error codes every module returns (negative: nothing usable was written).
pub const ERR_ARGS: i64 = -1; // a bad pointer, length or option value
pub const ERR_POLICY: i64 = -2; // a policy the module does not implement
pub const ERR_DEAL: i64 = -3; // a malformed deal
pub const ERR_ILLEGAL: i64 = -4; // a history action that is not legal where it is played
pub const ERR_CAPACITY: i64 = -5; // the caller's buffer is too small

/// The caller's `(pointer, length)` as a slice; None for a negative length or a null pointer.
pub fn in_slice<'a>(p: *const i64, n: i64) -> Option<&'a [i64]> {
    if n < 0 || p.is_null() {
        return if n == 0 { Some(&[]) } else { None };
    }
    if n == 0 {
        return Some(&[]);
    }
    // SAFETY: the caller (ctypes) passes an array of at least `n` int64 values.
    Some(unsafe { std::slice::from_raw_parts(p, n as usize) })
}

/// The caller's output buffer as a mutable slice; None for a negative length or a null pointer.
pub fn out_slice<'a>(p: *mut i64, n: i64) -> Option<&'a mut [i64]> {
    if n < 0 || p.is_null() {
        return None;
    }
    // SAFETY: the caller (ctypes) owns a writable array of at least `n` int64 values.
    Some(unsafe { std::slice::from_raw_parts_mut(p, n as usize) })
}

// ---- one generic driver ------------------------------------------------------------------------

/// What a game state offers the shared driver. Legal actions go into a caller-owned vector that
/// is reused between decisions (no allocation per action once it has grown).
pub trait Engine: Clone {
    fn num_seats(&self) -> usize;
    /// The seat to act, or None when the deal is over.
    fn actor(&self) -> Option<usize>;
    /// The legal action codes, in the Python engine's order.
    fn legal(&self, out: &mut Vec<i64>);
    fn apply(&mut self, action: i64);
    /// Each seat's payment (times the wrapper's payment scale) once the deal is over.
    fn payments(&self, out: &mut [i64]);
    /// The heuristic bot's choice among `legal` (policy 1), or None where it is not ported.
    /// `noise`: where the Python bot breaks near-ties with `rng.random() * 1e-6`, the same from
    /// this generator (None: no noise, so the first best wins, as the Python bot with a zero draw).
    fn heuristic(&self, _legal: &[i64], _noise: Option<&mut Rng>) -> Option<i64> {
        None
    }
    /// A uniformly random legal action (policy 0); a game may override this with a faster way to
    /// draw the same distribution than listing every legal action.
    #[inline]
    fn random_action(&self, rng: &mut Rng, legal: &mut Vec<i64>) -> i64 {
        self.legal(legal);
        legal[rng.below(legal.len())]
    }
}

/// Play a deal to the end with uniformly random choices, writing the trace format of
/// `yezi/native/base.py` into `out`; returns the length, or ERR_CAPACITY.
pub fn trace<E: Engine>(mut st: E, rng: &mut Rng, out: &mut [i64]) -> i64 {
    let mut legal = Vec::with_capacity(256);
    let mut pos = 1usize;
    let mut steps = 0i64;
    let cap = out.len();
    while let Some(actor) = st.actor() {
        st.legal(&mut legal);
        if legal.is_empty() {
            return ERR_ARGS;
        }
        if pos + legal.len() + 3 > cap {
            return ERR_CAPACITY;
        }
        let k = rng.below(legal.len());
        out[pos] = actor as i64;
        out[pos + 1] = legal.len() as i64;
        out[pos + 2..pos + 2 + legal.len()].copy_from_slice(&legal);
        out[pos + 2 + legal.len()] = k as i64;
        pos += 3 + legal.len();
        steps += 1;
        st.apply(legal[k]);
    }
    let n = st.num_seats();
    if cap == 0 || pos + n > cap {
        return ERR_CAPACITY;
    }
    out[0] = steps;
    st.payments(&mut out[pos..pos + n]);
    (pos + n) as i64
}

/// Replay a history of action codes, each checked against the legal list; false at an illegal one.
pub fn replay<E: Engine>(st: &mut E, hist: &[i64]) -> bool {
    let mut legal = Vec::with_capacity(256);
    for &a in hist {
        if st.actor().is_none() {
            return false;
        }
        st.legal(&mut legal);
        if !legal.contains(&a) {
            return false;
        }
        st.apply(a);
    }
    true
}

/// Play `st` to the end with `policy` (0 random, 1 heuristic); the number of decisions, or ERR_POLICY.
pub fn play_out<E: Engine>(st: &mut E, policy: i64, rng: &mut Rng, legal: &mut Vec<i64>) -> i64 {
    let mut decisions = 0;
    while st.actor().is_some() {
        if policy != 0 {
            st.legal(legal);
        }
        let a = match policy {
            0 => st.random_action(rng, legal),
            1 => match st.heuristic(legal, Some(rng)) {
                Some(a) => a,
                None => return ERR_POLICY,
            },
            _ => return ERR_POLICY,
        };
        st.apply(a);
        decisions += 1;
    }
    decisions
}

/// `n` continuations of `start` to the end with `policy`, payments summed into `totals`.
pub fn playouts<E: Engine>(start: &E, policy: i64, seed: u64, n: i64, totals: &mut [i64]) -> i64 {
    let mut rng = Rng::new(seed);
    let mut legal = Vec::with_capacity(256);
    let seats = start.num_seats();
    let mut pays = [0i64; 8];
    for _ in 0..n {
        let mut st = start.clone();
        let d = play_out(&mut st, policy, &mut rng, &mut legal);
        if d < 0 {
            return d;
        }
        st.payments(&mut pays[..seats]);
        for s in 0..seats {
            totals[s] += pays[s];
        }
    }
    0
}

/// A uniform draw in [0, 1), as Python's `random.random()` (53 bits).
#[inline]
pub fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / 9007199254740992.0)
}

/// The C exports every tile game writes the same way around its own state:
/// `yz_<game>_trace`, `yz_<game>_playout` and `yz_<game>_heuristic_choice`. The game gives the
/// export names and how its state starts from its rules and the caller's deal
/// (`|r, d| Some(State::new(..))`, `None` for a malformed deal); its `Rules::from_opts` reads the
/// options (a macro, since each game's state borrows its rules).
macro_rules! deal_exports {
    ($trace:ident, $playout:ident, $heuristic:ident, |$r:ident, $d:ident| $start:expr) => {
        pub fn $trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64,
                      out: *mut i64, cap: i64) -> i64 {
            let (Some(o), Some($d), Some(out)) = ($crate::tiles::in_slice(opts, nopts),
                                                   $crate::tiles::in_slice(deal, ndeal),
                                                   $crate::tiles::out_slice(out, cap)) else {
                return $crate::tiles::ERR_ARGS;
            };
            let Some($r) = Rules::from_opts(o) else { return $crate::tiles::ERR_ARGS };
            let $r = &$r;
            let Some(st) = $start else { return $crate::tiles::ERR_DEAL };
            $crate::tiles::trace(st, &mut $crate::rng::Rng::new(seed), out)
        }

        #[allow(clippy::too_many_arguments)]
        pub fn $playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64,
                        nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) -> i64 {
            let (Some(o), Some($d), Some(h)) = ($crate::tiles::in_slice(opts, nopts),
                                                 $crate::tiles::in_slice(deal, ndeal),
                                                 $crate::tiles::in_slice(hist, nhist)) else {
                return $crate::tiles::ERR_ARGS;
            };
            let Some($r) = Rules::from_opts(o) else { return $crate::tiles::ERR_ARGS };
            let $r = &$r;
            let Some(mut st) = $start else { return $crate::tiles::ERR_DEAL };
            let Some(out) = $crate::tiles::out_slice(out, $crate::tiles::Engine::num_seats(&st) as i64) else {
                return $crate::tiles::ERR_ARGS;
            };
            if !(0..=1).contains(&policy) {
                return $crate::tiles::ERR_POLICY;
            }
            if !$crate::tiles::replay(&mut st, h) {
                return $crate::tiles::ERR_ILLEGAL;
            }
            $crate::tiles::playouts(&st, policy, seed, n, out)
        }

        /// The heuristic bot's choice for the seat to act after `hist`, without any tie noise
        /// (the bot-equivalence tests): the action code, or a negative error.
        pub fn $heuristic(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64,
                          nhist: i64) -> i64 {
            use $crate::tiles::Engine;
            let (Some(o), Some($d), Some(h)) = ($crate::tiles::in_slice(opts, nopts),
                                                 $crate::tiles::in_slice(deal, ndeal),
                                                 $crate::tiles::in_slice(hist, nhist)) else {
                return $crate::tiles::ERR_ARGS;
            };
            let Some($r) = Rules::from_opts(o) else { return $crate::tiles::ERR_ARGS };
            let $r = &$r;
            let Some(mut st) = $start else { return $crate::tiles::ERR_DEAL };
            if !$crate::tiles::replay(&mut st, h) || st.actor().is_none() {
                return $crate::tiles::ERR_ILLEGAL;
            }
            let mut legal = Vec::new();
            st.legal(&mut legal);
            st.heuristic(&legal, None).unwrap_or($crate::tiles::ERR_POLICY)
        }
    };
}
pub(crate) use deal_exports;

//! The C-ABI bodies shared by the three games; `exports!` stamps out `yz_<game>_*` for each.
//!
//! Error codes: -1 bad options, -2 policy not ported, -3 bad deal, -4 an illegal or extra
//! history action, -5 the output buffer is too small, -6 a bad count or pointer, -7 the hand is
//! already over.

use super::{bot, Config, GameKind, State, MAXL, MAX_SEATS, NK};
use crate::rng::Rng;

pub const E_OPTS: i64 = -1;
pub const E_POLICY: i64 = -2;
pub const E_DEAL: i64 = -3;
pub const E_HISTORY: i64 = -4;
pub const E_CAPACITY: i64 = -5;
pub const E_ARGS: i64 = -6;
pub const E_OVER: i64 = -7;

/// A caller's `(pointer, length)` as a slice; None for a negative length or a null pointer.
pub fn input<'a>(p: *const i64, n: i64) -> Option<&'a [i64]> {
    if n < 0 {
        return None;
    }
    if n == 0 {
        return Some(&[]);
    }
    if p.is_null() {
        return None;
    }
    // SAFETY: the caller (ctypes) owns `n` readable i64 at `p` for the duration of the call.
    Some(unsafe { std::slice::from_raw_parts(p, n as usize) })
}

pub fn output<'a>(p: *mut i64, n: i64) -> Option<&'a mut [i64]> {
    if n <= 0 || p.is_null() {
        return None;
    }
    // SAFETY: the caller (ctypes) owns `n` writable i64 at `p` for the duration of the call.
    Some(unsafe { std::slice::from_raw_parts_mut(p, n as usize) })
}

pub fn config(game: GameKind, opts: *const i64, nopts: i64) -> Result<Config, i64> {
    input(opts, nopts).and_then(|o| Config::parse(game, o)).ok_or(E_OPTS)
}

/// `state.deal` as `encode_deal` flattens it: each seat's `hand` kinds, then the tiles aside.
pub fn deal(cfg: &Config, p: *const i64, n: i64) -> Result<[[u8; NK]; MAX_SEATS], i64> {
    let d = input(p, n).ok_or(E_DEAL)?;
    if d.len() != cfg.ntiles {
        return Err(E_DEAL);
    }
    let mut hands = [[0u8; NK]; MAX_SEATS];
    let mut all = [0u8; NK];
    for (i, &k) in d.iter().enumerate() {
        if !(0..NK as i64).contains(&k) {
            return Err(E_DEAL);
        }
        let k = k as usize;
        all[k] += 1;
        if i < cfg.seats * cfg.hand {
            hands[i / cfg.hand][k] += 1;
        }
    }
    if all != cfg.set {
        return Err(E_DEAL);
    }
    Ok(hands)
}

/// The deal with `hist` replayed, every action checked against the legal list.
pub fn replay(cfg: &Config, st: &mut State, hist: &[i64]) -> Result<(), i64> {
    let mut legal = [0i64; MAXL];
    for &a in hist {
        if st.over() {
            return Err(E_HISTORY);
        }
        let n = st.legal(cfg, &mut legal);
        if !legal[..n].contains(&a) {
            return Err(E_HISTORY);
        }
        st.apply(cfg, a);
    }
    Ok(())
}

struct Writer<'a> {
    buf: &'a mut [i64],
    at: usize,
}

impl Writer<'_> {
    fn put(&mut self, v: i64) -> Result<(), i64> {
        *self.buf.get_mut(self.at).ok_or(E_CAPACITY)? = v;
        self.at += 1;
        Ok(())
    }
}

#[allow(clippy::too_many_arguments)]
pub fn trace(game: GameKind, opts: *const i64, nopts: i64, dl: *const i64, nd: i64, seed: u64, out: *mut i64,
             cap: i64) -> Result<i64, i64> {
    let cfg = config(game, opts, nopts)?;
    let hands = deal(&cfg, dl, nd)?;
    let buf = output(out, cap).ok_or(E_CAPACITY)?;
    let mut w = Writer { buf, at: 1 };
    let mut st = State::new(&cfg, &hands);
    let mut rng = Rng::new(seed);
    let mut legal = [0i64; MAXL];
    let mut steps = 0;
    while !st.over() {
        let n = st.legal(&cfg, &mut legal);
        let i = rng.below(n);
        w.put(st.to_move as i64)?;
        w.put(n as i64)?;
        for &a in &legal[..n] {
            w.put(a)?;
        }
        w.put(i as i64)?;
        st.apply(&cfg, legal[i]);
        steps += 1;
    }
    for s in 0..cfg.seats {
        w.put(st.pay[s])?;
    }
    w.buf[0] = steps;
    Ok(w.at as i64)
}

pub fn random_playouts(game: GameKind, opts: *const i64, nopts: i64, seed: u64, n: i64, totals: *mut i64)
                       -> Result<i64, i64> {
    let cfg = config(game, opts, nopts)?;
    if n < 0 {
        return Err(E_ARGS);
    }
    let out = output(totals, cfg.seats as i64).ok_or(E_ARGS)?;
    let mut rng = Rng::new(seed);
    let mut sum = [0i64; MAX_SEATS];
    let mut decisions = 0;
    for _ in 0..n {
        let hands = cfg.deal(&mut rng);
        let mut st = State::new(&cfg, &hands);
        decisions += st.play_random(&cfg, &mut rng);
        for (t, p) in sum.iter_mut().zip(&st.pay) {
            *t += p; // seats beyond the game's are always 0
        }
    }
    for (o, v) in out.iter_mut().zip(&sum) {
        *o += v;
    }
    Ok(decisions)
}

#[allow(clippy::too_many_arguments)]
pub fn playout(game: GameKind, opts: *const i64, nopts: i64, dl: *const i64, nd: i64, hist: *const i64, nh: i64,
               policy: i64, seed: u64, n: i64, totals: *mut i64) -> Result<i64, i64> {
    let cfg = config(game, opts, nopts)?;
    if !(0..=1).contains(&policy) {
        return Err(E_POLICY);
    }
    if n < 0 {
        return Err(E_ARGS);
    }
    let hands = deal(&cfg, dl, nd)?;
    let hist = input(hist, nh).ok_or(E_ARGS)?;
    let out = output(totals, cfg.seats as i64).ok_or(E_ARGS)?;
    let mut root = State::new(&cfg, &hands);
    replay(&cfg, &mut root, hist)?;
    let mut rng = Rng::new(seed);
    let mut sum = [0i64; MAX_SEATS];
    let mut decisions = 0;
    for _ in 0..n {
        let mut st = root;
        decisions += if policy == 0 { st.play_random(&cfg, &mut rng) } else { st.play_heuristic(&cfg, &mut rng) };
        for (t, p) in sum.iter_mut().zip(&st.pay) {
            *t += p; // seats beyond the game's are always 0
        }
    }
    for (o, v) in out.iter_mut().zip(&sum) {
        *o += v;
    }
    Ok(decisions)
}

/// The heuristic bot's choice (an index into the legal list) for the seat to move after `hist`;
/// `noise` 0 takes the first best (as the Python bot with a zero `rng.random()`), 1 breaks ties
/// with noise from `seed`.
#[allow(clippy::too_many_arguments)]
pub fn heuristic_choice(game: GameKind, opts: *const i64, nopts: i64, dl: *const i64, nd: i64, hist: *const i64,
                        nh: i64, seed: u64, noise: i64) -> Result<i64, i64> {
    let cfg = config(game, opts, nopts)?;
    let hands = deal(&cfg, dl, nd)?;
    let hist = input(hist, nh).ok_or(E_ARGS)?;
    let mut st = State::new(&cfg, &hands);
    replay(&cfg, &mut st, hist)?;
    if st.over() {
        return Err(E_OVER);
    }
    let mut legal = [0i64; MAXL];
    let n = st.legal(&cfg, &mut legal);
    let mut rng = Rng::new(seed);
    Ok(bot::choose(&cfg, &st, &legal[..n], if noise != 0 { Some(&mut rng) } else { None }) as i64)
}

/// `yz_<game>_trace`, `_random_playouts`, `_playout` and `_heuristic_choice` for one game.
macro_rules! exports {
    ($game:expr, $trace:ident, $random:ident, $playout:ident, $heuristic:ident) => {
        pub fn $trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64,
                      out: *mut i64, cap: i64) -> i64 {
            $crate::dominoes::ffi::trace($game, opts, nopts, deal, ndeal, seed, out, cap).unwrap_or_else(|e| e)
        }

        pub fn $random(opts: *const i64, nopts: i64, seed: u64, n: i64, out_totals: *mut i64) -> i64 {
            $crate::dominoes::ffi::random_playouts($game, opts, nopts, seed, n, out_totals).unwrap_or_else(|e| e)
        }

        #[allow(clippy::too_many_arguments)]
        pub fn $playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64,
                        nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) -> i64 {
            $crate::dominoes::ffi::playout($game, opts, nopts, deal, ndeal, hist, nhist, policy, seed, n, out)
                .unwrap_or_else(|e| e)
        }

        #[allow(clippy::too_many_arguments)]
        pub fn $heuristic(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64,
                          nhist: i64, seed: u64, noise: i64) -> i64 {
            $crate::dominoes::ffi::heuristic_choice($game, opts, nopts, deal, ndeal, hist, nhist, seed, noise)
                .unwrap_or_else(|e| e)
        }
    };
}
pub(crate) use exports;

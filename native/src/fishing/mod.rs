//! Fishing 釣魚 (十五湖 cards) and Tiu U (two domino sets): the native engine behind
//! `yezi/native/fishing.py`. The Python engine (`yezi/games/fishing/`) is the reference; every
//! function here mirrors one there (named in each module) and `tests/native/test_fishing.py`
//! checks them against each other. Layout of the state: docs/native/fishing.md.
//!
//! Error codes: -1 bad options, -2 policy not ported, -3 bad deal, -4 output buffer too small,
//! -5 an illegal action in the history, -6 a bad argument (negative count, bad catch).

pub mod bot;
pub mod rules;
pub mod score;
pub mod state;
pub mod vector;

use crate::rng::Rng;
use rules::{Rules, K};
use state::{State, MAX_LEGAL};

fn slice<'a>(p: *const i64, n: i64) -> Option<&'a [i64]> {
    if n < 0 || (p.is_null() && n > 0) {
        return None;
    }
    if n == 0 {
        return Some(&[]);
    }
    // SAFETY: the caller (ctypes) passes a buffer of at least `n` int64.
    Some(unsafe { std::slice::from_raw_parts(p, n as usize) })
}

fn slice_mut<'a>(p: *mut i64, n: i64) -> Option<&'a mut [i64]> {
    if n <= 0 || p.is_null() {
        return None;
    }
    // SAFETY: the caller (ctypes) owns a buffer of at least `n` int64.
    Some(unsafe { std::slice::from_raw_parts_mut(p, n as usize) })
}

fn rules_of(opts: *const i64, nopts: i64) -> Result<Rules, i64> {
    Rules::from_opts(slice(opts, nopts).ok_or(-1)?)
}

#[inline]
fn uniform(rng: &mut Rng, n: usize) -> usize {
    rng.below(n)
}

/// Python's `random.random()` analogue for the bot's tie-breaking noise.
#[inline]
fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// Play `s` to the end with `policy`; returns decisions made.
fn play_out(r: &Rules, s: &mut State, policy: i64, rng: &mut Rng) -> i64 {
    let mut buf = [0u16; MAX_LEGAL];
    let mut decisions = 0;
    while s.turn >= 0 {
        let n = s.legal(r, &mut buf);
        let a = match policy {
            0 => buf[uniform(rng, n)],
            1 => bot::choose(r, s, &buf[..n], || unit(rng)),
            _ => bot::choose(r, s, &buf[..n], || 0.0),
        };
        s.apply(r, a);
        decisions += 1;
    }
    decisions
}

/// One deal of the Python engine, random choices, written as a trace (see yezi/native/base.py).
pub fn yz_fishing_trace(
    opts: *const i64,
    nopts: i64,
    deal: *const i64,
    ndeal: i64,
    seed: u64,
    out: *mut i64,
    cap: i64,
) -> i64 {
    let r = match rules_of(opts, nopts) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let deal = match slice(deal, ndeal) {
        Some(d) => d,
        None => return -3,
    };
    let mut s = match state::from_deal(&r, deal) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let out = match slice_mut(out, cap) {
        Some(o) => o,
        None => return -4,
    };
    let cap = out.len();
    let mut rng = Rng::new(seed);
    let mut buf = [0u16; MAX_LEGAL];
    let mut i = 1usize;
    let mut steps = 0;
    while s.turn >= 0 {
        let n = s.legal(&r, &mut buf);
        if i + 3 + n > cap {
            return -4;
        }
        let c = uniform(&mut rng, n);
        out[i] = s.turn as i64;
        out[i + 1] = n as i64;
        for (j, &a) in buf[..n].iter().enumerate() {
            out[i + 2 + j] = a as i64;
        }
        out[i + 2 + n] = c as i64;
        i += 3 + n;
        steps += 1;
        s.apply(&r, buf[c]);
    }
    if i + r.players > cap {
        return -4;
    }
    out[0] = steps;
    let mut pays = [0i64; 3];
    s.payments(&r, &mut pays);
    out[i..i + r.players].copy_from_slice(&pays[..r.players]);
    (i + r.players) as i64
}

/// Deal and play `n` games with uniformly random choices; payments summed per seat.
pub fn yz_fishing_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, out_totals: *mut i64) -> i64 {
    let r = match rules_of(opts, nopts) {
        Ok(r) => r,
        Err(e) => return e,
    };
    if n < 0 {
        return -6;
    }
    let totals = match slice_mut(out_totals, r.players as i64) {
        Some(o) => o,
        None => return -4,
    };
    let mut rng = Rng::new(seed);
    let mut kinds = [0u8; 84];
    let mut pays = [0i64; 3];
    let mut decisions = 0i64;
    for _ in 0..n {
        state::deal_random(&r, &mut rng, &mut kinds);
        let mut s = state::state_from_kinds(&r, &kinds[..r.deck_len]);
        decisions += play_out(&r, &mut s, 0, &mut rng);
        s.payments(&r, &mut pays);
        for p in 0..r.players {
            totals[p] += pays[p];
        }
    }
    decisions
}

fn replay(r: &Rules, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64) -> Result<State, i64> {
    let deal = slice(deal, ndeal).ok_or(-3)?;
    let mut s = state::from_deal(r, deal)?;
    for &a in slice(hist, nhist).ok_or(-5)? {
        if !s.apply_checked(r, a) {
            return Err(-5);
        }
    }
    Ok(s)
}

/// Replay `hist` on the deal, then play `n` continuations with `policy` (0 random, 1 the
/// heuristic bot for every seat, 2 the same bot without tie noise: the first of the best, for
/// exact comparison with the Python bot); payments summed per seat into `out`; returns decisions.
pub fn yz_fishing_playout(
    opts: *const i64,
    nopts: i64,
    deal: *const i64,
    ndeal: i64,
    hist: *const i64,
    nhist: i64,
    policy: i64,
    seed: u64,
    n: i64,
    out: *mut i64,
) -> i64 {
    let r = match rules_of(opts, nopts) {
        Ok(r) => r,
        Err(e) => return e,
    };
    if !(0..=2).contains(&policy) {
        return -2;
    }
    if n < 0 {
        return -6;
    }
    let start = match replay(&r, deal, ndeal, hist, nhist) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let totals = match slice_mut(out, r.players as i64) {
        Some(o) => o,
        None => return -4,
    };
    let mut rng = Rng::new(seed);
    let mut pays = [0i64; 3];
    let mut decisions = 0;
    for _ in 0..n {
        let mut s = start;
        decisions += play_out(&r, &mut s, policy, &mut rng);
        s.payments(&r, &mut pays);
        for p in 0..r.players {
            totals[p] += pays[p];
        }
    }
    decisions
}

/// The heuristic bot's choice after `hist`, without noise (the first of the best, as the Python
/// bot picks when its `rng.random()` returns 0.0); -7 when the deal is over.
pub fn yz_fishing_heuristic_choice(
    opts: *const i64,
    nopts: i64,
    deal: *const i64,
    ndeal: i64,
    hist: *const i64,
    nhist: i64,
) -> i64 {
    let r = match rules_of(opts, nopts) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let s = match replay(&r, deal, ndeal, hist, nhist) {
        Ok(s) => s,
        Err(e) => return e,
    };
    if s.turn < 0 {
        return -7;
    }
    let mut buf = [0u16; MAX_LEGAL];
    let n = s.legal(&r, &mut buf);
    bot::choose(&r, &s, &buf[..n], || 0.0) as i64
}

/// Settlement alone: `catches` holds `players` count vectors of 21; payments into `out`.
/// Lets the tests sweep 過山 and special sets that random play seldom reaches.
pub fn yz_fishing_settle(opts: *const i64, nopts: i64, catches: *const i64, ncatches: i64, out: *mut i64) -> i64 {
    let r = match rules_of(opts, nopts) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let c = match slice(catches, ncatches) {
        Some(c) if c.len() == r.players * K => c,
        _ => return -6,
    };
    let mut cv = [[0u8; K]; 3];
    for s in 0..r.players {
        for k in 0..K {
            let v = c[s * K + k];
            if !(0..=8).contains(&v) {
                return -6;
            }
            cv[s][k] = v as u8;
        }
    }
    let pays_out = match slice_mut(out, r.players as i64) {
        Some(o) => o,
        None => return -4,
    };
    let mut pays = [0i64; 3];
    score::payments(&r, &cv, &mut pays);
    pays_out.copy_from_slice(&pays[..r.players]);
    0
}

//! Ma Diao 馬弔 on the native engine: the C functions `yezi/native/madiao.py` calls.
//!
//! * options: `opts::NOPTS` integers (layout in `opts.rs`);
//! * a deal: the 40 card ids of `state.deal["cards"]` (before any free re-cut, which the engine
//!   applies as the Python engine does), optionally followed by the pool (ignored: the pool only
//!   moves through `net()`, never through the seat-to-seat `payments()`);
//! * payments cross as chips × 2 (`payment_scale` 2: a 分贏 half 注).
//!
//! Error codes: -1 bad arguments (option array, deal, null pointer, n < 0), -2 unknown policy,
//! -3 an action of `hist` (or of a vector step) is illegal, -4 the output buffer is too small,
//! -5 a vector row found no hand that lasts beyond the deal in 10,000 deals.

// Seats and tricks are indexed 0..4 and 0..8 across several parallel arrays, as in the Python.
#![allow(clippy::needless_range_loop)]

pub mod bot;
pub mod cards;
pub mod engine;
pub mod opts;
pub mod settle;
pub mod vector;

use crate::rng::Rng;
use engine::{State, MAX_LEGAL};
use opts::Opts;

const E_ARGS: i64 = -1;
const E_POLICY: i64 = -2;
const E_ILLEGAL: i64 = -3;
const E_CAPACITY: i64 = -4;
/// More rows than any caller has memory for: refused before a length could overflow.
const MAX_ROWS: i64 = 1 << 32;

fn slice<'a>(p: *const i64, n: i64) -> Option<&'a [i64]> {
    if n < 0 || (p.is_null() && n > 0) {
        return None;
    }
    if n == 0 {
        return Some(&[]);
    }
    // SAFETY: the caller (ctypes) passes a buffer of at least n int64 values.
    Some(unsafe { std::slice::from_raw_parts(p, n as usize) })
}

fn slice_mut<'a>(p: *mut i64, n: i64) -> Option<&'a mut [i64]> {
    if n < 0 || p.is_null() {
        return None;
    }
    // SAFETY: the caller (ctypes) passes a writable buffer of at least n int64 values.
    Some(unsafe { std::slice::from_raw_parts_mut(p, n as usize) })
}

fn decode_opts(p: *const i64, n: i64) -> Option<Opts> {
    Opts::decode(slice(p, n)?)
}

/// The 40 cards of a deal (a permutation of 0..39); a 41st value (the pool) is allowed.
fn decode_deal(p: *const i64, n: i64) -> Option<[u8; 40]> {
    let d = slice(p, n)?;
    if d.len() != 40 && d.len() != 41 {
        return None;
    }
    let mut cards = [0u8; 40];
    let mut seen = 0u64;
    for (i, &c) in d[..40].iter().enumerate() {
        if !(0..40).contains(&c) || seen & (1u64 << c) != 0 {
            return None;
        }
        seen |= 1u64 << c;
        cards[i] = c as u8;
    }
    Some(cards)
}

/// A deal as `MaDiao.deal_from_seed` makes one: shuffle, and shuffle again while the face
/// card calls for a free re-cut (V5, V6).
pub fn random_deck(o: &Opts, rng: &mut Rng) -> [u8; 40] {
    let mut cards = [0u8; 40];
    for (i, c) in cards.iter_mut().enumerate() {
        *c = i as u8;
    }
    rng.shuffle(&mut cards);
    while o.bad_face & cards::bit(cards[39]) != 0 {
        rng.shuffle(&mut cards);
    }
    cards
}

#[inline]
fn choose(st: &State, o: &Opts, legal: &[u8], policy: i64, rng: &mut Rng) -> usize {
    if policy == 1 {
        let a = bot::choose(st, o, legal);
        legal.iter().position(|&x| x == a).unwrap_or(0)
    } else {
        rng.below(legal.len())
    }
}

/// Play to the end with `policy`; returns the decisions made.
fn play_out(st: &mut State, o: &Opts, policy: i64, rng: &mut Rng) -> i64 {
    let mut legal = [0u8; MAX_LEGAL];
    let mut n = 0;
    while !st.over() {
        let k = st.legal(o, &mut legal);
        if k == 0 {
            break; // cannot happen: a seat to act always has a play
        }
        let i = choose(st, o, &legal[..k], policy, rng);
        st.apply(o, legal[i]);
        n += 1;
    }
    n
}

/// Replay `hist` (the Python `state.history`), checking each action is legal.
fn replay(st: &mut State, o: &Opts, hist: &[i64]) -> bool {
    let mut legal = [0u8; MAX_LEGAL];
    for &a in hist {
        let k = st.legal(o, &mut legal);
        if !(0..256).contains(&a) || !legal[..k].contains(&(a as u8)) {
            return false;
        }
        st.apply(o, a as u8);
    }
    true
}

/// Write a trace of `st` played to the end (decisions drawn by `policy`) into `out`.
fn write_trace(st: &mut State, o: &Opts, policy: i64, rng: &mut Rng, out: &mut [i64]) -> i64 {
    let cap = out.len();
    let mut legal = [0u8; MAX_LEGAL];
    let mut pos = 1usize;
    let mut steps = 0i64;
    while !st.over() {
        let k = st.legal(o, &mut legal);
        if k == 0 {
            break;
        }
        if pos + 3 + k > cap {
            return E_CAPACITY;
        }
        let i = choose(st, o, &legal[..k], policy, rng);
        out[pos] = st.to_act as i64;
        out[pos + 1] = k as i64;
        for j in 0..k {
            out[pos + 2 + j] = legal[j] as i64;
        }
        out[pos + 2 + k] = i as i64;
        pos += 3 + k;
        steps += 1;
        st.apply(o, legal[i]);
    }
    if pos + 4 > cap || cap == 0 {
        return E_CAPACITY;
    }
    out[0] = steps;
    let p = settle::payments(st, o);
    out[pos..pos + 4].copy_from_slice(&p);
    (pos + 4) as i64
}

/// Play the deal `deal` with random choices from `seed`; write the trace (see lib.rs).
pub fn yz_madiao_trace(
    opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64, out: *mut i64, cap: i64,
) -> i64 {
    yz_madiao_policy_trace(opts, nopts, deal, ndeal, std::ptr::null(), 0, 0, seed, out, cap)
}

/// As `yz_madiao_trace`, after replaying `hist`, with `policy` (0 random, 1 heuristic) choosing;
/// the trace holds the decisions after `hist`.
pub fn yz_madiao_policy_trace(
    opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64,
    seed: u64, out: *mut i64, cap: i64,
) -> i64 {
    let (Some(o), Some(d), Some(h), Some(out)) =
        (decode_opts(opts, nopts), decode_deal(deal, ndeal), slice(hist, nhist), slice_mut(out, cap))
    else {
        return E_ARGS;
    };
    if policy != 0 && policy != 1 {
        return E_POLICY;
    }
    let mut st = State::new(&o, &d);
    if !replay(&mut st, &o, h) {
        return E_ILLEGAL;
    }
    let mut rng = Rng::new(seed);
    write_trace(&mut st, &o, policy, &mut rng, out)
}

/// Deal and play `n` hands with uniformly random choices; add each seat's payments (× 2) into
/// `out_totals` (4 values); returns the decisions made.
pub fn yz_madiao_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, out_totals: *mut i64) -> i64 {
    let (Some(o), Some(tot)) = (decode_opts(opts, nopts), slice_mut(out_totals, 4)) else {
        return E_ARGS;
    };
    if n < 0 {
        return E_ARGS;
    }
    let mut rng = Rng::new(seed);
    let mut sums = [0i64; 4];
    let mut decisions = 0i64;
    for _ in 0..n {
        let deck = random_deck(&o, &mut rng);
        let mut st = State::new(&o, &deck);
        decisions += play_out(&mut st, &o, 0, &mut rng);
        let p = settle::payments(&st, &o);
        for i in 0..4 {
            sums[i] += p[i];
        }
    }
    tot.copy_from_slice(&sums);
    decisions
}

/// Replay `hist` on `deal`, then play `n` independent continuations with `policy`; add the
/// payments (× 2) into `out` (4 values). Returns the decisions made, or a negative error.
pub fn yz_madiao_playout(
    opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64,
    seed: u64, n: i64, out: *mut i64,
) -> i64 {
    let (Some(o), Some(d), Some(h), Some(tot)) =
        (decode_opts(opts, nopts), decode_deal(deal, ndeal), slice(hist, nhist), slice_mut(out, 4))
    else {
        return E_ARGS;
    };
    if n < 0 {
        return E_ARGS;
    }
    if policy != 0 && policy != 1 {
        return E_POLICY;
    }
    let mut start = State::new(&o, &d);
    if !replay(&mut start, &o, h) {
        return E_ILLEGAL;
    }
    let mut rng = Rng::new(seed);
    let mut sums = [0i64; 4];
    let mut decisions = 0i64;
    for _ in 0..n {
        let mut st = start;
        decisions += play_out(&mut st, &o, policy, &mut rng);
        let p = settle::payments(&st, &o);
        for i in 0..4 {
            sums[i] += p[i];
        }
    }
    tot.copy_from_slice(&sums);
    decisions
}

// --- vector stepping (docs/native.md "Vector stepping"; vector.rs) -------------------------------

crate::vecrows::vec_exports!(vector::MaDiao, yz_madiao_vec_state_words, yz_madiao_vec_obs_size, yz_madiao_vec_reset,
                             yz_madiao_vec_step, yz_madiao_vec_row_opts, yz_madiao_vec_rows_reset,
                             yz_madiao_vec_rows_step, yz_madiao_vec_sync, yz_madiao_vec_rows_info);

/// Row `row`'s deck as dealt and its actions so far: 40 cards, the count, the actions.
pub fn yz_madiao_vec_row(state: *const i64, n: i64, row: i64, out: *mut i64, cap: i64) -> i64 {
    if !(0..=MAX_ROWS).contains(&n) || !(0..n).contains(&row) {
        return E_ARGS;
    }
    let rw = vector::ROW_WORDS + 1; // the row's words, then its stamp (crate::vecrows)
    let (Some(words), Some(out)) = (slice(state, n * rw as i64), slice_mut(out, cap)) else {
        return E_ARGS;
    };
    let row = row as usize;
    let w = &words[row * rw..(row + 1) * rw];
    if w[rw - 1] != 0 {  // kept in native memory
        return crate::vecrows::kept_row::<vector::MaDiao, i64>(state, n as usize, row, |_, r| r.report(out))
            .unwrap_or(E_ARGS);
    }
    match vector::Row::read(&w[..rw - 1]) {
        Some(r) => r.report(out),
        None => E_ARGS,
    }
}

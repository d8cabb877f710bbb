//! Batched stepping and observations for the RL vector environment.
//!
//! The states of a batch live in a caller-owned `int64` array, `STATE_LEN` entries a row (a
//! numpy array on the Python side): no handle, no memory owned across calls. Each call decodes
//! a row into a `State`, works on it and encodes it back (a few hundred nanoseconds, small next
//! to a step). The observation is `yezi/games/lukfu/observation.py`'s, entry for entry.

use super::engine::*;
use super::tables::*;
use crate::vecrows::Cell;

pub const STATE_LEN: usize = 256;
const MAGIC: i64 = 0x4C75_6B46_7531; // "LukFu1": a row that never held a state is refused
/// The word `yz_lukfu_rows_step` stamps a row it keeps with (`encode` clears it; nothing reads
/// it as part of the state)
pub const STAMP: usize = STATE_LEN - 2;
/// The last word of a row `yz_lukfu_rows_step` stepped without writing it back (its other words
/// are the row as it was dealt or last synced): `decode` refuses it, so stale words are never
/// played from; `yz_lukfu_rows_sync` writes the row back. Beside `STAMP`, so marking a row
/// touches one cache line where writing it would touch 32.
pub const STALE: i64 = 0x4C75_6B46_7553; // "LukFuS"

pub fn encode(st: &State, out: &mut [i64]) {
    let mut i = 0;
    let mut put = |v: i64| {
        out[i] = v;
        i += 1;
    };
    for s in 0..4 {
        put(st.hands[s] as i64);
    }
    for v in [st.phase as i64, st.to_act as i64, st.bidder as i64, st.privileged as i64, st.ntricks as i64,
              st.nfollow as i64, st.followers[0] as i64, st.followers[1] as i64, st.best_seat as i64,
              st.best_play as i64, st.winner as i64, st.outcome as i64, st.pending as i64, st.faceup as i64] {
        put(v);
    }
    for s in 0..4 {
        put(st.hu[s] as i64);
        put(st.won[s] as i64);
        put(st.shown[s] as i64);
        put(st.discarded[s] as i64);
        put(st.pay[s]);
        put(st.old_known[s] as i64);
    }
    // only the tricks played so far: decode reads no others
    for t in 0..(st.ntricks as usize).min(MAXT) {
        put(st.t_lead[t] as i64);
        put(st.t_exempt[t] as i64);
        put(st.t_n[t] as i64);
        put(st.t_winner[t] as i64);
        for k in 0..3 {
            put(st.t_seat[t][k] as i64);
            put(st.t_play[t][k] as i64);
            put(st.t_mask[t][k] as i64);
            put(st.t_against[t][k] as i64);
        }
    }
    out[STAMP] = 0;
    out[STATE_LEN - 1] = MAGIC;
}

pub fn decode(cx: &Ctx, row: &[i64]) -> Option<State> {
    if row[STATE_LEN - 1] != MAGIC {
        return None;
    }
    let mut st = State::new(cx, [0; 4]);
    let mut i = 0;
    let mut get = || {
        let v = row[i];
        i += 1;
        v
    };
    for s in 0..4 {
        st.hands[s] = get() as u64;
    }
    st.phase = get() as u8;
    st.to_act = get() as u8;
    st.bidder = get() as i8;
    st.privileged = get() as i8;
    st.ntricks = get() as u8;
    st.nfollow = get() as u8;
    st.followers = [get() as u8, get() as u8];
    st.best_seat = get() as i8;
    st.best_play = get() as i16;
    st.winner = get() as i8;
    st.outcome = get() as u8;
    st.pending = get() as u64;
    st.faceup = get() as u64;
    for s in 0..4 {
        st.hu[s] = get() as u8;
        st.won[s] = get() as u64;
        st.shown[s] = get() as u64;
        st.discarded[s] = get() as u64;
        st.pay[s] = get();
        st.old_known[s] = get() as u64;
    }
    for t in 0..(st.ntricks as usize).min(MAXT) {
        st.t_lead[t] = get() as u8;
        st.t_exempt[t] = get() != 0;
        st.t_n[t] = get() as u8;
        st.t_winner[t] = get() as i8;
        for k in 0..3 {
            st.t_seat[t][k] = get() as u8;
            st.t_play[t][k] = get() as i16;
            st.t_mask[t][k] = get() as u64;
            st.t_against[t][k] = get() as u8;
        }
    }
    // the fields the engine indexes with must be in range: a damaged row is refused, not obeyed
    let nt = (st.ntricks as usize).min(MAXT);
    let ok = st.phase <= P_OVER
        && (st.to_act as usize) < cx.n
        && (st.ntricks as usize) < MAXT
        && st.nfollow <= 2
        && st.followers.iter().all(|&f| (f as usize) < cx.n)
        && st.best_play < NUM_PLAYS as i16
        && (st.best_play < 0 || (st.best_seat >= 0 && (st.best_seat as usize) < cx.n && st.ntricks > 0))
        && (st.phase != P_PLAY || st.best_play < 0 || st.hands[st.to_act as usize] != 0)
        // tricks past ntricks are State::new's zeros (decode reads none): only those played are checked
        && st.t_lead[..nt].iter().all(|&l| (l as usize) < NUM_PLAYS)
        && st.t_n[..nt].iter().all(|&n| n <= 3)
        && st.t_against[..nt].iter().all(|a| a.iter().all(|&a| (a as usize) < NUM_PLAYS))
        && st.t_seat[..nt].iter().all(|s| s.iter().all(|&s| (s as usize) < 4))
        && st.hands.iter().chain(st.won.iter()).all(|&h| h & !cx.universe == 0)
        && st.hu.iter().all(|&h| h <= 12)
        && (st.bidder == -1 || cx.active.contains(&(st.bidder as usize)))
        && (st.privileged == -1 || (st.privileged == st.bidder && st.bidder != 0))
        && st.winner >= -1
        && (st.winner as i64) < cx.n as i64
        && st.outcome <= O_VOID
        && {
            // every card exactly once: in a hand, face up, or face down
            let mut seen = 0u64;
            let mut count = 0u32;
            for m in st.hands.iter().chain(st.discarded.iter()).chain(std::iter::once(&st.faceup)) {
                seen |= m;
                count += m.count_ones();
            }
            seen == cx.universe && count == cx.universe.count_ones()
        }
        && st.pending & !st.hands[st.to_act as usize] == 0
        && (st.best_play < 0
            || (st.t_n[st.ntricks as usize - 1] + st.nfollow == 2
                && st.pending.count_ones() < cx.t.plays[st.t_lead[st.ntricks as usize - 1] as usize].size as u32))
        && (st.phase == P_OVER || Some(st.to_act as usize) != cx.dummy)
        && {
            let done = st.ntricks as u32 - if st.best_play >= 0 { 1 } else { 0 };
            cx.active.iter().all(|&s| st.hands[s].count_ones() + done <= 12)
        };
    // the facts are not in the words: worked out again, and words whose history breaks them are
    // no state
    if ok && super::deduce::refill_facts(cx, &mut st) {
        Some(st)
    } else {
        None
    }
}

/// The observation's layout (observation.pieces) for `n` seats: offsets of each piece.
pub struct ObsLayout {
    pub size: usize,
    seat: usize,
    phase: usize,
    to_act: usize,
    bidder: usize,
    privileged: usize,
    best_seat: usize,
    hand_sizes: usize,
    hu_won: usize,
    hand: usize,
    laosui: usize,
    faceup: usize,
    played: usize,
    my_discards: usize,
    pending: usize,
    trick_lead: usize,
    trick_best: usize,
}

impl ObsLayout {
    pub fn new(n: usize) -> ObsLayout {
        let mut at = 0;
        let mut take = |k: usize| {
            let a = at;
            at += k;
            a
        };
        let l = ObsLayout {
            size: 0,
            seat: take(n),
            phase: take(5),
            to_act: take(n),
            bidder: take(n),
            privileged: take(n),
            best_seat: take(n),
            hand_sizes: take(n * 13),
            hu_won: take(n * 13),
            hand: take(37),
            laosui: take(37),
            faceup: take(37),
            played: take(n * 37),
            my_discards: take(37),
            pending: take(37),
            trick_lead: take(NUM_PLAYS),
            trick_best: take(NUM_PLAYS),
        };
        ObsLayout { size: at, ..l }
    }
}

/// Write `seat`'s observation of `st` into `out` (zeroed first); the card sets as whole planes
/// (`Cell::spread`).
pub fn observe<T: Cell>(eng: &mut Eng, lay: &ObsLayout, st: &mut State, seat: usize, out: &mut [T]) {
    out.fill(T::ZERO);
    let n = eng.cx.n;
    let one = T::ONE;
    let mut set = |i: usize| out[i] = one;
    set(lay.phase + st.phase as usize);
    set(lay.seat + seat);
    let player = st.current();
    if let Some(p) = player {
        set(lay.to_act + p);
    }
    if st.bidder >= 0 {
        set(lay.bidder + st.bidder as usize);
        if st.privileged >= 0 {
            set(lay.privileged + st.privileged as usize);
        }
    }
    if st.best_play >= 0 {
        set(lay.best_seat + st.best_seat as usize);
    }
    for s in 0..n {
        set(lay.hand_sizes + s * 13 + st.hands[s].count_ones() as usize);
        set(lay.hu_won + s * 13 + st.hu[s] as usize);
    }
    if st.best_play >= 0 {
        set(lay.trick_lead + st.t_lead[st.ntricks as usize - 1] as usize);
        set(lay.trick_best + st.best_play as usize);
    }
    let plane = |out: &mut [T], base: usize, m: u64| T::spread(&mut out[base..base + 37], m);
    plane(out, lay.hand, st.hands[seat]);
    plane(out, lay.faceup, st.faceup);
    plane(out, lay.my_discards, st.discarded[seat]);
    for s in 0..n {
        plane(out, lay.played + s * 37, st.shown[s]);
    }
    if player == Some(seat) && st.pending != 0 {
        plane(out, lay.pending, st.pending);
    }
    if Some(seat) != eng.cx.dummy {
        let h = st.hands[seat];
        let old = eng.laosui_mask(st, seat, h);
        plane(out, lay.laosui, old);
    }
}

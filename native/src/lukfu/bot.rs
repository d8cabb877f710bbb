//! The heuristic bot of `yezi/games/lukfu/bots.py`, deciding from what its seat knows: its hand,
//! its 老歲 cards (as the ruleset finds them) and the public trick; ties broken as Python's
//! `min`/`max` break them (the first in legal order).

use super::engine::{Eng, State, LEGAL_CAP, P_BID, P_TIGERS};
use super::tables::*;

/// The bid score 頭家, 二家 and 三家 need to bid (`BID_NEED` of bots.py).
const BID_NEED: [u32; 3] = [20, 22, 19];

/// `bid_score` of bots.py: 2 for each 老歲 single, 1 for each card in a disjoint 各 or 順 (longest
/// first), 1 for each card numbered 7 or more, 2 for each card of the longest combination.
fn bid_score(eng: &Eng, hand: u64, laosui: u64) -> u32 {
    let mut ids = [0u16; LEGAL_CAP];
    let n = eng.cx.t.combos_in(hand, &mut ids, 0);
    let mut masks: Vec<u64> = ids[..n].iter().map(|&p| eng.cx.t.plays[p as usize].mask).collect();
    masks.sort_by_key(|m| std::cmp::Reverse(m.count_ones())); // stable, as Python's sorted
    let mut used = 0u64;
    let mut longest = 0u32;
    for m in masks {
        if m & used == 0 {
            used |= m;
            longest = longest.max(m.count_ones());
        }
    }
    let high = (0..37).filter(|&c| hand >> c & 1 == 1 && number(c) >= 7).count() as u32;
    2 * (laosui & !used).count_ones() + used.count_ones() + high + 2 * longest
}

pub fn choose(eng: &mut Eng, st: &mut State, legal: &[u16]) -> u16 {
    if legal.len() == 1 {
        return legal[0];
    }
    let seat = st.to_act as usize;
    let hand = st.hands[seat];
    if legal.contains(&TIGERS) {
        return TIGERS;
    }
    if st.phase == P_TIGERS {
        return NO_TIGERS;
    }
    let laosui = if Some(seat) == eng.cx.dummy { 0 } else { eng.laosui_mask(st, seat, hand) };
    if st.phase == P_BID {
        let pos = eng.cx.active.iter().position(|&s| s == seat).unwrap_or(0);
        return if bid_score(eng, hand, laosui) >= BID_NEED[pos] && legal.contains(&BID) {
            BID
        } else if legal.contains(&PASS) {
            PASS
        } else {
            BID
        };
    }
    if legal.contains(&DECLARE) {
        return DECLARE;
    }
    let plays = &eng.cx.t.plays;
    let leading = st.best_play < 0;
    if leading {
        let mut best: Option<(u16, (u8, u8))> = None;
        for &a in legal {
            if (PLAY_BASE..DISCARD_BASE).contains(&a) && a - PLAY_BASE >= 37 {
                let p = &plays[(a - PLAY_BASE) as usize];
                let key = (p.size, p.number);
                if best.map_or(true, |(_, k)| key > k) {
                    best = Some((a, key));
                }
            }
        }
        if let Some((a, _)) = best {
            return a;
        }
        for &a in legal {
            if (PLAY_BASE..DISCARD_BASE).contains(&a) {
                let c = (a - PLAY_BASE) as usize;
                if c < 37 && laosui >> c & 1 == 1 && c != WAN {
                    return a;
                }
            }
        }
        let mut best: Option<(u16, u8)> = None;
        for &a in legal {
            if (PLAY_BASE..DISCARD_BASE).contains(&a) && a - PLAY_BASE < 37 {
                let k = number((a - PLAY_BASE) as usize);
                if best.map_or(true, |(_, b)| k < b) {
                    best = Some((a, k));
                }
            }
        }
        if let Some((a, _)) = best {
            return a;
        }
        return *legal.iter().find(|&&a| (PLAY_BASE..DISCARD_BASE).contains(&a)).unwrap_or(&legal[0]);
    }
    let mut best: Option<(u16, u32)> = None;
    for &a in legal {
        if (PLAY_BASE..DISCARD_BASE).contains(&a) {
            let p = &plays[(a - PLAY_BASE) as usize];
            let cost = p.number as u32 + 10 * (p.mask & laosui).count_ones();
            if best.map_or(true, |(_, b)| cost < b) {
                best = Some((a, cost));
            }
        }
    }
    if let Some((a, _)) = best {
        return a;
    }
    let mut ids = [0u16; LEGAL_CAP];
    let n = eng.cx.t.combos_in(hand, &mut ids, 0);
    let in_combo = ids[..n].iter().fold(0u64, |m, &p| m | plays[p as usize].mask);
    let mut best: Option<(u16, u32)> = None;
    for &a in legal {
        if a >= DISCARD_BASE {
            let c = (a - DISCARD_BASE) as usize;
            let v = number(c) as u32 + 50 * (laosui >> c & 1) as u32 + 20 * (in_combo >> c & 1) as u32;
            if best.map_or(true, |(_, b)| v < b) {
                best = Some((a, v));
            }
        }
    }
    best.map_or(legal[0], |(a, _)| a)
}

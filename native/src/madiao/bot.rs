//! The heuristic bot of yezi/games/madiao/bots.py (`HeuristicBot.choose`), deciding only from
//! what the seat to act knows: its hand, the face card when public (V24), every face-up card,
//! its own face-down discards, the trick counts and whether 百老 went up.

use super::cards::*;
use super::engine::*;
use super::opts::Opts;

/// Cards the seat has seen (Python `_seen`).
#[inline]
fn seen(s: &State, o: &Opts, seat: usize) -> u64 {
    let mut m = s.hand[seat] | s.up_all | s.down[seat];
    if o.face_public {
        m |= bit(s.face);
    }
    m
}

/// 真: every higher card of its suit is known to be out of play or in hand.
#[inline]
fn is_true(c: u8, seen: u64) -> bool {
    let a = above(c);
    a & seen == a
}

/// The bot's own reading of L1/L2 (Python `bots.guard_breach`): true when the play breaks one.
#[inline]
fn breach(s: &State, seat: usize, action: u8) -> bool {
    let hand = s.hand[seat];
    if hand & bit(BAILAO) != 0 || s.bailao_up {
        return false;
    }
    let c = action % 40;
    let only_ten = hand & !SUIT_MASK[0] == 0;
    if c == QIANWAN || c == WANWAN {
        if c == WANWAN && hand & bit(QIANWAN) != 0 {
            return false;
        }
        return !only_ten;
    }
    suit_of(c) == 0 && action < DOWN && s.nplays == 0 && !only_ten
}

/// How much the bot wants to keep a card (Python `_value`).
#[inline]
fn value(c: u8) -> i32 {
    let mut v = 20 - (c as i32 - SUIT_START[suit_of(c)] as i32);
    if ZHENG_MASK & bit(c) != 0 || c == BAILAO {
        v += 30;
    }
    if c == QIANWAN || CI_SHANG_MASK & bit(c) != 0 {
        v += 10;
    }
    v
}

/// The first action of `acts` with the least (value, code).
fn min_value(acts: &[u8]) -> u8 {
    let mut best = acts[0];
    for &a in acts[1..].iter() {
        let (va, vb) = (value(a % 40), value(best % 40));
        if va < vb || (va == vb && a < best) {
            best = a;
        }
    }
    best
}

/// The heuristic's choice among `legal` (non-empty) for the seat to act.
pub fn choose(s: &State, o: &Opts, legal: &[u8]) -> u8 {
    let first = legal[0];
    if (STAKE..MIAN).contains(&first) {
        return legal[legal.len() / 2];
    }
    let seat = s.to_act as usize;
    if legal.contains(&MIAN) {
        let hand = s.hand[seat];
        let strong = hand & bit(BAILAO) != 0 || (hand & ZHENG_MASK).count_ones() >= 2;
        return if strong { PLAY_ON } else { MIAN };
    }
    let sn = seen(s, o, seat);
    let mut safe = [0u8; MAX_LEGAL];
    let mut ns = 0;
    for &a in legal {
        if !breach(s, seat, a) {
            safe[ns] = a;
            ns += 1;
        }
    }
    let safe: &[u8] = if ns > 0 { &safe[..ns] } else { legal };
    if s.nplays == 0 {
        return lead(s, seat, safe, sn);
    }
    let best = s.best;
    let best_seat = s.best_seat;
    if best == BAILAO {
        let mut kill = [0u8; MAX_LEGAL];
        let mut nk = 0;
        for &a in legal {
            if a < DOWN {
                kill[nk] = a;
                nk += 1;
            }
        }
        if nk > 0 {
            // min by value alone: the first of the least in legal order
            let mut b = kill[0];
            for &a in kill[1..nk].iter() {
                if value(a % 40) < value(b % 40) {
                    b = a;
                }
            }
            return b;
        }
    }
    let mut caps = [0u8; MAX_LEGAL];
    let mut nc = 0;
    let mut downs = [0u8; MAX_LEGAL];
    let mut nd = 0;
    for &a in safe {
        if a < DOWN {
            caps[nc] = a;
            nc += 1;
        } else {
            downs[nd] = a;
            nd += 1;
        }
    }
    let caps = &caps[..nc];
    let tricks_won = s.tcount[seat];
    let mut want = false;
    if nc > 0 {
        want = seat == 0
            || best_seat == 0
            || tricks_won < 2
            || caps.iter().any(|&a| is_true(a, sn) && ZHENG_MASK & bit(a) != 0);
    }
    if want {
        let last = s.nplays == 3;
        let max_cap = *caps.iter().max().unwrap_or(&caps[0]);
        let max_true = caps.iter().filter(|&&a| is_true(a, sn)).max();
        return match max_true {
            Some(&t) if !last => t,
            _ => max_cap,
        };
    }
    if nd > 0 {
        return min_value(&downs[..nd]);
    }
    min_value(legal)
}

fn lead(s: &State, seat: usize, safe: &[u8], sn: u64) -> u8 {
    let mut best_true: Option<u8> = None;
    for &a in safe {
        if is_true(a % 40, sn) {
            best_true = Some(match best_true {
                None => a,
                Some(b) => {
                    let ka = (if ZHENG_MASK & bit(a % 40) != 0 && a < DOWN { 0 } else { 1 }, a);
                    let kb = (if ZHENG_MASK & bit(b % 40) != 0 && b < DOWN { 0 } else { 1 }, b);
                    if ka < kb {
                        a
                    } else {
                        b
                    }
                }
            });
        }
    }
    if let Some(a) = best_true {
        return a;
    }
    let hand = s.hand[seat];
    let counts = [
        (hand & SUIT_MASK[0]).count_ones(),
        (hand & SUIT_MASK[1]).count_ones(),
        (hand & SUIT_MASK[2]).count_ones(),
        (hand & SUIT_MASK[3]).count_ones(),
    ];
    let any_non_ten = safe.iter().any(|&a| suit_of(a % 40) != 0);
    let mut best: Option<(u32, u8)> = None;
    for &a in safe {
        if any_non_ten && suit_of(a % 40) == 0 {
            continue;
        }
        let k = (counts[suit_of(a % 40)], a);
        if best.is_none_or(|b| k > b) {
            best = Some(k);
        }
    }
    best.map(|b| b.1).unwrap_or(safe[0])
}

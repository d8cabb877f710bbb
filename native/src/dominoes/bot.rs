//! The heuristic bot of `yezi/games/dominoes/bots.py`, deciding only from what the seat to move
//! knows: its hand, its own face-down tiles, the table, the open ends and the placed counts.
//!
//! Every value is a multiple of 0.5 computed exactly in `f64` as Python computes it, so the
//! choice equals the Python bot's whenever the best value is unique; ties go to the first best
//! (no noise) or are broken by noise below 0.01 as the Python bot's `rng.random() * 0.01`.

use super::{Config, GameKind, State, DOWN, HIGH, LOW, MASK, NK, PIPS, PLAY, WITH};
use crate::rng::Rng;

/// The index into `legal` the bot picks for the seat to move.
pub fn choose(cfg: &Config, st: &State, legal: &[i64], mut rng: Option<&mut Rng>) -> usize {
    if legal.len() <= 1 {
        return 0;
    }
    let seat = st.to_move as usize;
    let hand = &st.hands[seat];
    let mut unk = [0i32; NK];
    let mut others_total = 0i64;
    for k in 0..NK {
        unk[k] = cfg.set[k] as i32 - st.table[k] as i32 - hand[k] as i32 - st.down_cnt[seat][k] as i32;
        others_total += PIPS[k] as i64 * unk[k] as i64;
    }
    let dingniu = cfg.game == GameKind::DingNiu;
    let others_avg = others_total as f64 / (cfg.seats.max(2) - 1) as f64;
    let my_down = st.down_pips[seat] as i64;
    let risk = cfg.game == GameKind::TseDing && st.placed[seat] <= if seat == 0 { 1 } else { 0 };
    let mut best = 0usize;
    let mut best_v = f64::NEG_INFINITY;
    for (i, &a) in legal.iter().enumerate() {
        let mut v;
        if a >= DOWN {
            let k = (a - DOWN) as usize;
            v = -3.0 * PIPS[k] as f64 - 40.0;
            let near: i32 = (0..NK).filter(|&j| j != k && MASK[j] & MASK[k] != 0).map(|j| hand[j] as i32).sum();
            v -= 0.5 * near as f64;
            if risk {
                v -= 30.0;
            }
        } else {
            let (k, ends, ne) = if a < PLAY {
                let k = (a >> 1) as usize;
                if cfg.two_ends {
                    (k, [HIGH[k], LOW[k]], 2)
                } else {
                    (k, [if a & 1 == 0 { HIGH[k] } else { LOW[k] }, 0], 1)
                }
            } else {
                let k = ((a - PLAY) >> 1) as usize;
                let x = ((a - PLAY) & 1) as usize;
                let mut e = st.ends;
                e[x] = if HIGH[k] == e[x] { LOW[k] } else { HIGH[k] };
                (k, e, st.nends as usize)
            };
            let mut rest = *hand;
            rest[k] -= 1;
            // distinct open numbers (Python's `set(ends)`)
            let nums: &[u8] = if ne == 2 && ends[0] != ends[1] { &ends[..2] } else { &ends[..1] };
            let mut mine = 0i32;
            let mut theirs = 0i32;
            for &n in nums {
                let w = WITH[n as usize];
                for j in 0..NK {
                    if w >> j & 1 == 1 {
                        mine += rest[j] as i32;
                        theirs += unk[j];
                    }
                }
            }
            v = 2.0 * PIPS[k] as f64 + 3.0 * mine.min(3) as f64 - theirs as f64;
            if risk {
                v += 4.0 * mine.min(2) as f64;
            }
            if dingniu && theirs == 0 {
                let my_after = my_down + (0..NK).map(|j| PIPS[j] as i64 * rest[j] as i64).sum::<i64>();
                if (my_after as f64) < 0.6 * others_avg {
                    v += 100.0;
                } else if my_after as f64 >= 0.8 * others_avg {
                    v -= 100.0;
                }
            }
        }
        if let Some(r) = rng.as_deref_mut() {
            v += (r.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64) * 0.01;
        }
        if v > best_v {
            best = i;
            best_v = v;
        }
    }
    best
}

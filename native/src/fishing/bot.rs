//! `HeuristicBot` (yezi/games/fishing/bots.py) ported: greedy catch value plus 誅張 (blocking)
//! and the 尾家's peek. It reads only what its seat knows: the public lake, stacks and catches,
//! and the 尾牌 when this seat peeked (`State::known_tail`) — never hands or the stock order.
//! Values are computed in the same order of float operations as the Python bot, so with the
//! noise off both pick the same action (the first of the best).

use super::rules::*;
use super::score::catch_score;
use super::state::State;

const DENY_WEIGHT: f64 = 1.0;
const OFFER_WEIGHT: f64 = 0.3;
const PEEK_WEIGHT: f64 = 0.5;

#[inline]
fn worth(r: &Rules, counts: &[u8; K], base: i64, adds: &[(usize, u8)]) -> i64 {
    let mut c = *counts;
    for &(k, n) in adds {
        c[k] += n;
    }
    catch_score(&c, r) - base
}

/// The action the bot picks among `legal` for the seat to act; `noise(i)` supplies Python's
/// `rng.random()` draw for the i-th legal action (0.0 for the deterministic comparison).
pub fn choose(r: &Rules, s: &State, legal: &[u16], mut noise: impl FnMut() -> f64) -> u16 {
    if legal.len() == 1 {
        return legal[0];
    }
    let seat = s.turn as usize;
    let mine = &s.catches[seat];
    let base = catch_score(mine, r);
    let tail = if s.pos < s.stock_len { s.known_tail(r, seat) } else { None };
    let mut obase = [0i64; 3];
    for o in 0..r.players {
        if o != seat {
            obase[o] = catch_score(&s.catches[o], r);
        }
    }
    let mut deny_memo = [[f64::NAN; 4]; K];
    let mut rel_memo = [f64::NAN; K];
    let mut best = legal[0];
    let mut bestv = f64::NEG_INFINITY;
    for &a in legal {
        let mut v: f64;
        let cap = if a < REL {
            Some(((a / 21) as usize, (a % 21) as usize))
        } else if (DCAP..DREL).contains(&a) {
            let b = a - DCAP;
            Some(((b / 21) as usize, (b % 21) as usize))
        } else {
            None
        };
        if let Some((card, target)) = cap {
            let n = s.taken(r, target);
            v = worth(r, mine, base, &[(card, 1), (target, n)]) as f64;
            let mut d = deny_memo[target][n as usize];
            if d.is_nan() {
                let mut mx = i64::MIN;
                for o in 0..r.players {
                    if o != seat {
                        mx = mx.max(worth(r, &s.catches[o], obase[o], &[(target, n)]) - 10 * n as i64);
                    }
                }
                d = DENY_WEIGHT * mx as f64;
                deny_memo[target][n as usize] = d;
            }
            v += d;
        } else if a < DCAP || (DREL..STACK).contains(&a) {
            let card = if a < DCAP { (a - REL) as usize } else { (a - DREL) as usize };
            let mut rv = rel_memo[card];
            if rv.is_nan() {
                rv = -0.5 * worth(r, mine, base, &[(card, 1)]) as f64;
                if let Some(t) = tail {
                    if r.match_mask[t] & (1 << card) != 0 {
                        rv += PEEK_WEIGHT * worth(r, mine, base, &[(card, 1), (t, 1)]) as f64;
                    }
                }
                let mut mx = i64::MIN;
                for o in 0..r.players {
                    if o != seat {
                        for &m in &r.matches[card][..r.nmatch[card] as usize] {
                            mx = mx.max(worth(r, &s.catches[o], obase[o], &[(card, 1), (m as usize, 1)]) - 20);
                        }
                    }
                }
                rv -= OFFER_WEIGHT * mx as f64;
                rel_memo[card] = rv;
            }
            v = rv;
        } else if a < KEEP {
            v = 1.0;
        } else {
            v = 0.0;
        }
        v += noise() * 1e-3;
        if v > bestv {
            bestv = v;
            best = a;
        }
    }
    best
}

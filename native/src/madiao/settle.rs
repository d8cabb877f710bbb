//! The seat-to-seat part of the settlement (Python `settle(state)["transfers"]`, i.e. `payments()`):
//! every item of yezi/games/madiao/settle.py that moves money between seats. Pool flows (fines
//! into the 官堆, antes, a 大活's take) are not seat-to-seat and do not appear here.
//!
//! Amounts are kept in half 注 (model A's 分贏 splits one 注 between two winners), so the result
//! is in chips times 2: the Python wrapper's `payment_scale` is 2.

use super::cards::*;
use super::engine::*;
use super::opts::{Opts, GUARD_LIABILITY};

struct Book {
    tr: [i64; 4],
}

impl Book {
    #[inline]
    fn pay(&mut self, a: usize, b: usize, half_zhu: i64) {
        self.tr[a] -= half_zhu;
        self.tr[b] += half_zhu;
    }

    /// '樁家開散家。散家止開樁家' (Python `_direction`), in 注.
    #[inline]
    fn direction(&mut self, seat: usize, zhu: i64) {
        if seat == 0 {
            for p in 1..4 {
                self.pay(p, 0, 2 * zhu);
            }
        } else {
            self.pay(0, seat, 2 * zhu);
        }
    }

    /// 代人認開 (Python `bear`), in 注.
    fn bear(&mut self, offender: usize, beneficiary: usize, zhu: i64) {
        if beneficiary == 0 {
            for p in 1..4 {
                if p != offender {
                    self.pay(offender, p, 2 * zhu);
                }
            }
        } else if offender != 0 {
            self.pay(offender, 0, 2 * zhu);
        }
    }
}

#[inline]
fn owner(won: &[u64; 4], c: u8) -> Option<usize> {
    (0..4).find(|&s| won[s] & bit(c) != 0)
}

fn ci_of(s: &State, o: &Opts, suit: usize) -> Option<u8> {
    let (z, c) = (ZHENG_SHANG[suit], CI_SHANG[suit]);
    if o.subst_qing {
        if s.face == z || s.face == c {
            return Some(c + 1);
        }
        return Some(c);
    }
    if s.face == z {
        None
    } else {
        Some(c)
    }
}

fn role_card(s: &State, o: &Opts, card: u8) -> u8 {
    if o.subst_qing && s.face == card {
        if card == QIANWAN || card == WANWAN {
            return JIUSHI;
        }
        if card == KONGWEN {
            return BANWEN;
        }
    }
    card
}

fn ci_for(s: &State, o: &Opts, seat: usize, gong: u8, exclude: u8) -> Option<u8> {
    for &ci in CI_TU.iter() {
        if ci == exclude || s.dealt[seat] & bit(ci) == 0 {
            continue;
        }
        if o.tu_pairing >= 1 && s.won[seat] & bit(ci) == 0 {
            continue;
        }
        if o.tu_pairing == 2 && s.won[seat] & bit(gong) == 0 {
            continue;
        }
        return Some(ci);
    }
    None
}

/// Each seat's payment in chips × 2 (zero while the hand is not over).
pub fn payments(s: &State, o: &Opts) -> [i64; 4] {
    if !s.over() {
        return [0; 4];
    }
    let mut b = Book { tr: [0; 4] };
    let holder = (0..4).find(|&x| s.dealt[x] & bit(BAILAO) != 0);
    if s.end == END_SIJI {
        let w = s.siji as usize;
        for p in 0..4 {
            if p != w {
                b.pay(p, w, 2);
            }
        }
    }
    if s.end == END_HE || (s.end == END_PLAYED && s.nhe > 0) {
        for &(seat, zhu) in s.he[..s.nhe as usize].iter() {
            let seat = seat as usize;
            let exempt = match holder {
                Some(h) if h != seat => h,
                _ => 9,
            };
            for p in 0..4 {
                if p != seat && p != exempt {
                    b.pay(p, seat, 2 * zhu);
                }
            }
        }
    }
    if s.end == END_PLAYED {
        played(s, o, &mut b, holder);
    }
    let mut out = [0i64; 4];
    for i in 0..4 {
        out[i] = b.tr[i] * s.stake;
    }
    out
}

fn played(s: &State, o: &Opts, b: &mut Book, holder: Option<usize>) {
    let t: [i64; 4] = [s.tcount[0] as i64, s.tcount[1] as i64, s.tcount[2] as i64, s.tcount[3] as i64];
    let won = &s.won;
    // 1. 弔
    if !o.diao_b {
        let nw = (0..4).filter(|&x| t[x] >= 3).count();
        let nl = (0..4).filter(|&x| t[x] <= 1).count();
        if nw > 0 && nl > 0 {
            let share = if nw > 1 { 1 } else { 2 };
            for p in 0..4 {
                if t[p] > 1 {
                    continue;
                }
                for w in 0..4 {
                    if t[w] >= 3 {
                        b.pay(p, w, share);
                    }
                }
            }
        }
    } else {
        for x in 1..4 {
            if t[x] <= 1 {
                b.pay(x, 0, 2);
            } else if t[x] >= 3 {
                b.pay(0, x, 2);
            }
        }
    }
    // 2. 百老 and 突
    let mut used_ci = [NONE; 4];
    let mut bai_tu = false;
    let mut dahuo: Option<usize> = None;
    if let Some(h) = holder {
        let up = won[h] & bit(BAILAO) != 0;
        let zb = t[h] >= 2;
        let base = if up && zb {
            3
        } else if zb {
            2
        } else {
            1
        };
        let mut amount = base;
        if let Some(ci) = ci_for(s, o, h, BAILAO, NONE) {
            bai_tu = true;
            used_ci[h] = ci;
            amount = if o.nested_cumulative { base * 3 } else { base * 2 };
        }
        b.direction(h, amount);
        if up && zb {
            dahuo = Some(h);
            if h != 0 {
                let mut q = 1;
                if o.qiaomen_qing {
                    q = if s.dealt[h] & QUANTU_MASK == QUANTU_MASK {
                        5
                    } else if bai_tu {
                        2
                    } else {
                        1
                    };
                }
                for p in 1..4 {
                    if p != h {
                        b.pay(p, h, 2 * q);
                    }
                }
            }
        }
    }
    // 小突
    for x in 0..4 {
        if s.dealt[x] & bit(JIUSHI) == 0 {
            continue;
        }
        if o.tu_one_per_player && used_ci[x] != NONE {
            continue;
        }
        if ci_for(s, o, x, JIUSHI, used_ci[x]).is_none() {
            continue;
        }
        if o.xiaotu_cond == 1 && won[x] & bit(JIUSHI) == 0 {
            continue;
        }
        if o.xiaotu_cond == 2 && t[x] < 2 {
            continue;
        }
        b.direction(x, 1);
    }
    // 全突大活 (V17 quantu_condition = dahuo)
    if o.quantu_dahuo {
        if let (Some(h), Some(d)) = (holder, dahuo) {
            if h == d && s.dealt[h] & QUANTU_MASK == QUANTU_MASK {
                for p in 0..4 {
                    if p != h {
                        b.pay(p, h, 10);
                    }
                }
            }
        }
    }
    // 3. 賞
    let mut live: [(u8, usize); 4] = [(0, 0); 4];
    let mut nlive = 0;
    for suit in 0..4 {
        let z = if s.face == ZHENG_SHANG[suit] { CI_SHANG[suit] } else { ZHENG_SHANG[suit] };
        if let Some(w) = owner(won, z) {
            if t[w] >= 2 {
                live[nlive] = (z, w);
                nlive += 1;
                b.direction(w, 1);
            }
        }
        if o.cishang_pays {
            if let Some(c) = ci_of(s, o, suit) {
                if let Some(w) = owner(won, c) {
                    if t[w] >= 2 {
                        b.direction(w, 1);
                    }
                }
            }
        }
    }
    // 三開 / 四紅
    let san = bit(role_card(s, o, BAILAO)) | bit(role_card(s, o, QIANWAN)) | bit(role_card(s, o, WANWAN));
    let si = san | bit(role_card(s, o, KONGWEN));
    for x in 0..4 {
        if won[x] & si == si {
            if o.nested_cumulative {
                b.direction(x, 3);
            }
            b.direction(x, 4);
        } else if won[x] & san == san {
            b.direction(x, 3);
        }
    }
    // 八卓全收
    for x in 0..4 {
        let counts = t[x] == 8
            || (t[x] == 7 && {
                let lost = (0..8).find(|&i| s.winners[i] as usize != x).unwrap_or(99);
                if o.seven_first {
                    lost == 7
                } else {
                    lost != 0
                }
            });
        if counts {
            b.direction(x, 8);
        }
    }
    // 4. 假逵
    let sec = s.second;
    if ZHENG_MASK & bit(sec) != 0 && !o.jiakui_pool {
        let (lo, hi) = if o.jiakui_any_suit { (0, 4) } else { (suit_of(sec), suit_of(sec) + 1) };
        for suit in lo..hi {
            let Some(c) = ci_of(s, o, suit) else { continue };
            let Some(w) = owner(won, c) else { continue };
            if o.jiakui_zhengben && t[w] < 2 {
                continue;
            }
            for p in 0..4 {
                if p != w {
                    b.pay(w, p, 2);
                }
            }
        }
    }
    // 5. liabilities
    let before = |k: usize, seat: usize| -> i64 { s.winners[..k].iter().filter(|&&w| w as usize == seat).count() as i64 };
    let log = &s.log[..s.nlog as usize];
    if o.guard == GUARD_LIABILITY {
        if let (Some(h), Some(d)) = (holder, dahuo) {
            if h == d {
                for e in log.iter() {
                    if !e.bailao_held {
                        break;
                    }
                    if e.seat as usize == h || e.breach == BREACH_NONE {
                        continue;
                    }
                    let k = e.k as usize;
                    if e.breach == BREACH_L1 && s.tbest[k] != BAILAO {
                        continue;
                    }
                    let mut amount = if before(k, h) >= 2 { 1 } else { 2 };
                    if o.tu_doubling && bai_tu {
                        amount *= 2;
                    }
                    b.bear(e.seat as usize, h, amount);
                    break;
                }
            }
        }
    }
    let mut passes = [NONE; 8];
    for e in log.iter() {
        if e.seat == 0 || !e.led || e.best_seat != 0 || e.action < DOWN {
            continue;
        }
        let k = e.k as usize;
        if s.winners[k] != 0 || passes[k] != NONE {
            continue;
        }
        if e.could_capture {
            passes[k] = e.seat;
        }
    }
    let mut blamed = 0u64;
    for k in 0..8 {
        let off = passes[k];
        if off == NONE {
            continue;
        }
        for &(z, w) in live[..nlive].iter() {
            if w != 0 || blamed & bit(z) != 0 {
                continue;
            }
            let won_at = (0..8).find(|&i| s.winners[i] == 0 && s.tbest[i] == z).unwrap_or(99);
            let in_window = if o.d2_rest { won_at > k && won_at < 8 } else { won_at == k + 1 };
            if in_window {
                blamed |= bit(z);
                let amount = if before(k, 0) >= 2 { 1 } else { 2 };
                b.bear(off as usize, 0, amount);
            }
        }
    }
    if o.d3 && t[0] >= 2 {
        let second_win = (0..8).filter(|&i| s.winners[i] == 0).nth(1).unwrap_or(99);
        if second_win < 8 && passes[second_win] != NONE {
            b.bear(passes[second_win] as usize, 0, 2);
        }
    }
}

//! Payments of a finished hand, as `yezi/games/dominoes/settle.py` computes them (payments only:
//! the explanations stay in Python).

use super::{Config, GameKind, State, DOUBLES, MAX_SEATS, NK, PIPS};

pub fn settle(cfg: &Config, st: &State) -> [i64; MAX_SEATS] {
    match cfg.game {
        GameKind::JieLong => pairwise(cfg.seats, &st.down_pips, |_, _| 1),
        GameKind::TseDing => {
            let mut tags = [Tag::None; MAX_SEATS];
            for (s, tag) in tags.iter_mut().enumerate().take(cfg.seats) {
                *tag = tseding_tag(cfg, s, st.down_n[s] as usize);
            }
            pairwise(cfg.seats, &st.down_pips, |i, j| pair_multiplier(tags[i], tags[j], cfg.lone_pass_double))
        }
        GameKind::DingNiu => dingniu(cfg, st),
    }
}

/// Every pair with a gap: the higher score pays the lower the difference times `mult`.
fn pairwise(n: usize, scores: &[i32; MAX_SEATS], mult: impl Fn(usize, usize) -> i64) -> [i64; MAX_SEATS] {
    let mut pay = [0i64; MAX_SEATS];
    for i in 0..n {
        for j in i + 1..n {
            if scores[i] == scores[j] {
                continue;
            }
            let (hi, lo) = if scores[i] > scores[j] { (i, j) } else { (j, i) };
            let amt = (scores[hi] - scores[lo]) as i64 * mult(i, j);
            pay[hi] -= amt;
            pay[lo] += amt;
        }
    }
    pay
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tag {
    Pass,
    Penalty,
    None,
}

/// 通牌 / 頭七·尾八 (or [V-S3] 頭六·尾七) / none, by the tiles a seat put face down.
fn tseding_tag(cfg: &Config, seat: usize, down: usize) -> Tag {
    if down == 0 {
        return Tag::Pass;
    }
    let slack = cfg.head_tail_slack;
    if seat == 0 && down + 1 + slack >= cfg.hand {
        return Tag::Penalty;
    }
    if seat != 0 && down + slack >= cfg.hand {
        return Tag::Penalty;
    }
    Tag::None
}

fn pair_multiplier(a: Tag, b: Tag, lone_pass_double: bool) -> i64 {
    if a == b {
        return 1;
    }
    match (a, b) {
        (Tag::Pass, Tag::Penalty) | (Tag::Penalty, Tag::Pass) => 4,
        (Tag::Penalty, Tag::None) | (Tag::None, Tag::Penalty) => 2,
        _ => {
            if lone_pass_double {
                2
            } else {
                1
            }
        }
    }
}

/// 八掘: every other seat pays twice his hand's pips, or twice the gap to the 八掘 hand.
pub fn bajue(cfg: &Config, winner: usize, hands: &[[u8; NK]; MAX_SEATS]) -> [i64; MAX_SEATS] {
    let hp = |s: usize| -> i64 { (0..NK).map(|k| PIPS[k] as i64 * hands[s][k] as i64).sum() };
    debug_assert!((0..NK).all(|k| hands[winner][k] == 0 || DOUBLES >> k & 1 == 1));
    let mut pay = [0i64; MAX_SEATS];
    let wp = hp(winner);
    for s in 0..cfg.seats {
        if s == winner {
            continue;
        }
        let due = if cfg.bajue_difference { 2 * (hp(s) - wp).max(0) } else { 2 * hp(s) };
        pay[s] -= due;
        pay[winner] += due;
    }
    pay
}

/// 頂牛: lowest score (hand + face down) wins 6, the losers pay 1, 2, 3 by rank; 算帳成功 doubles;
/// a losing 算帳 player (the 大庄 only, or any loser) pays the winner 12 alone (包庄).
fn dingniu(cfg: &Config, st: &State) -> [i64; MAX_SEATS] {
    let mut scores = [0i32; MAX_SEATS];
    for (s, sc) in scores.iter_mut().enumerate().take(4) {
        *sc = st.down_pips[s] + (0..NK).map(|k| PIPS[k] * st.hands[s][k] as i32).sum::<i32>();
    }
    let mut sz = [false; MAX_SEATS];
    if cfg.others_block {
        if st.last_sz >= 0 {
            sz[st.last_sz as usize] = true;
        }
    } else {
        sz = st.sz_flag;
    }
    let w = (0..4).min_by_key(|&s| (scores[s], s)).unwrap_or(0);
    let mut losers = [0usize; 3];
    let mut n = 0;
    for s in 0..4 {
        if s != w {
            losers[n] = s;
            n += 1;
        }
    }
    if cfg.ties_later {
        losers.sort_by_key(|&s| (scores[s], -(s as i64)));
    } else {
        losers.sort_by_key(|&s| (scores[s], s as i64));
    }
    let mut pay = [0i64; MAX_SEATS];
    // 包庄: the worst placed qualifying loser pays
    let payer = if cfg.baozhuang_any {
        losers.iter().rev().find(|&&s| sz[s]).copied()
    } else if sz[losers[2]] {
        Some(losers[2])
    } else {
        None
    };
    if let Some(p) = payer {
        pay[p] = -12;
        pay[w] = 12;
        return pay;
    }
    let factor = if sz[w] && losers.iter().all(|&s| scores[w] < scores[s]) { 2 } else { 1 };
    pay[w] = 6 * factor;
    for (place, &s) in losers.iter().enumerate() {
        pay[s] = -(place as i64 + 1) * factor;
    }
    pay
}

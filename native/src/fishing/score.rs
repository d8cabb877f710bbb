//! Classification numbers (`scoring.quick`) and pairwise settlement (`settlement.py`), ported
//! without the reasons: only the numbers payments depend on.

use super::rules::*;

/// `scoring.quick`: (fish, fish value of specials, number of specials, 鈞, all_small).
#[derive(Clone, Copy, Debug)]
pub struct Quick {
    pub fish: i64,
    pub sf: i64,
    pub ns: i64,
    pub jun: i64,
    pub all_small: bool,
}

pub fn quick(c: &[u8; K], r: &Rules) -> Quick {
    if r.red_dots {
        let (mut big, mut small) = (0i64, 0i64);
        for k in 0..K {
            let n = c[k] as i64;
            if n != 0 {
                if PIPS[k] >= 8 {
                    big += 2 * PIPS[k] as i64 * n;
                } else {
                    small += RED_DOTS[k] as i64 * n;
                }
            }
        }
        let jun = JUN_KINDS.iter().filter(|&&k| c[k] >= 4).count() as i64;
        return Quick { fish: big + (small + 9) / 10 * 10, sf: 0, ns: 0, jun, all_small: false };
    }
    let total: i64 = c.iter().map(|&x| x as i64).sum();
    let mut fish = 10 * total;
    let mut medium_made = false;
    for (gi, &(civ, m1k, m2k)) in WENWU.iter().enumerate() {
        let (m1, m2) = (c[m1k], c[m2k]);
        let ok = if r.strict_wenwu { m1 != 0 && m2 != 0 } else { m1 != 0 || m2 != 0 };
        if c[civ] != 0 && ok {
            let n = (c[civ] + m1 + m2) as i64;
            if gi == 0 {
                fish += 20 * n;
            } else {
                fish += 10 * n;
                medium_made = true;
            }
        }
    }
    if c[BIG_SIX] != 0 && c[LITTLE_THREE] != 0 {
        fish += 20 * (c[BIG_SIX] as i64 + c[LITTLE_THREE] as i64);
    }
    let mut jun = 0;
    for k in JUN_KINDS {
        if c[k] >= 4 {
            jun += 1;
            fish += 20 * c[k] as i64;
        }
    }
    if r.no_medium && !medium_made {
        return Quick { fish: 10 * total, sf: 0, ns: 0, jun, all_small: true };
    }
    let (mut sf, mut ns) = (0, 0);
    if c[HEAVEN] >= 4 && c[BLACK_NINE] >= 4 && c[RED_NINE] >= 4 {
        sf += 360;
        ns += 1;
    }
    if jun == 3 {
        sf += 360;
        ns += 1;
    }
    if c[BIG_SIX] >= 4 && c[LITTLE_THREE] >= 4 {
        sf += 240;
        ns += 1;
    }
    Quick { fish, sf, ns, jun, all_small: false }
}

fn double_specials(m: Method) -> bool {
    matches!(m, Method::M1 | Method::M3 | Method::YL)
}

fn special_bonus(m: Method) -> i64 {
    if m == Method::M2 {
        300
    } else {
        0
    }
}

/// `Method.standing_quick`: the 決勝分, the 鈞, and 三鈞.
#[derive(Clone, Copy, Debug)]
pub struct Standing {
    pub score: i64,
    pub jun: i64,
    pub three_jun: bool,
}

pub fn standing(q: Quick, r: &Rules) -> Standing {
    let mut score = q.fish;
    if !q.all_small {
        if double_specials(r.method) {
            score += q.sf;
        }
        score += special_bonus(r.method) * q.ns;
    }
    Standing { score, jun: q.jun, three_jun: !q.all_small && q.jun == 3 }
}

/// `Fishing.catch_score`: what the bots maximise (the 決勝分).
#[inline]
pub fn catch_score(c: &[u8; K], r: &Rules) -> i64 {
    standing(quick(c, r), r).score
}

fn ceil100(x: i64) -> i64 {
    // Python's -(-x // 100) * 100 (floor division), for any sign
    -((-x).div_euclid(100)) * 100
}

fn ceil_div100(x: i64) -> i64 {
    -((-x).div_euclid(100))
}

fn jun_value(r: &Rules, n: i64) -> i64 {
    if r.jun_135 {
        [0, 1, 3, 5][n.clamp(0, 3) as usize]
    } else {
        n
    }
}

/// `Method.pair`: what the loser `lo` pays the winner `w` (may be negative under M3).
fn pair(r: &Rules, w: Standing, lo: Standing, places: (usize, usize)) -> i64 {
    let om = r.overmountain;
    let (wo, lov) = (w.score >= om, lo.score >= om);
    match r.method {
        Method::M1 | Method::YL => {
            if w.score == lo.score {
                return 0;
            }
            if wo && !lov {
                return ceil100(2 * w.score);
            }
            let mut raw = w.score - lo.score;
            if r.method == Method::M1 && !w.three_jun && w.jun > lo.jun {
                raw += 100 * (w.jun - lo.jun);
            }
            raw += 500;
            ceil100(raw)
        }
        Method::M2 => {
            let diff = w.score - lo.score;
            if diff == 0 {
                0
            } else if wo && (!lov || r.double_both) {
                2 * diff
            } else {
                diff
            }
        }
        Method::M3 => {
            let over = wo && !lov;
            let mut units = 0;
            if w.score != lo.score {
                let fish = if over { w.score } else { w.score - lo.score };
                units = ceil_div100(fish);
                let mut base = r.di;
                if over && !r.di_overmountain {
                    base = 0;
                }
                let (a, b) = places;
                if r.players == 3 && ((a == 1 && b == 2) || (a == 2 && b == 1)) && !r.di_second_third {
                    base = 0;
                }
                units += base;
            }
            units += jun_value(r, w.jun) - jun_value(r, lo.jun);
            100 * units
        }
        Method::Plain => w.score - lo.score,
    }
}

/// `Method.settle(...).payments`.
pub fn settle(r: &Rules, st: &[Standing], pays: &mut [i64]) {
    let n = st.len();
    // places: rank in a stable sort by descending score
    let mut place = [0usize; 3];
    for i in 0..n {
        let mut p = 0;
        for j in 0..n {
            if st[j].score > st[i].score || (st[j].score == st[i].score && j < i) {
                p += 1;
            }
        }
        place[i] = p;
    }
    for p in pays.iter_mut().take(n) {
        *p = 0;
    }
    for i in 0..n {
        for j in i + 1..n {
            let (w, lo) = if st[i].score >= st[j].score { (i, j) } else { (j, i) };
            let mut amount = pair(r, st[w], st[lo], (place[w], place[lo]));
            let (mut w, mut lo) = (w, lo);
            if amount < 0 {
                std::mem::swap(&mut w, &mut lo);
                amount = -amount;
            }
            pays[w] += amount;
            pays[lo] -= amount;
        }
    }
}

/// Payments of finished catches.
pub fn payments(r: &Rules, catches: &[[u8; K]; 3], pays: &mut [i64]) {
    let mut st = [Standing { score: 0, jun: 0, three_jun: false }; 3];
    for s in 0..r.players {
        st[s] = standing(quick(&catches[s], r), r);
    }
    settle(r, &st[..r.players], pays);
}

//! 牌九 Pai Gow (yezi/games/paigow), natively: the same turn schedule, action codes, splits and
//! settlement as the Python engine, whose docstrings explain the rules.
//!
//! Options (`yezi/native/paigow.py` writes them): [players, tiles (2|4), stakes chosen (0|1),
//! dice, count from the banker (0|1), tie_break high-tile (0|1), zero ties to the banker (0|1),
//! supreme wild (0|1), supreme lowest single (0|1)].
//! A deal: [number of dice, dice…, the 32 kinds of the woodpile].

use crate::rng::Rng;
use crate::tiles::{self, Engine, NUM_KINDS as K};

const STAKE: i64 = 0;
const SET: i64 = 3;
const OPEN: i64 = SET + (K * K) as i64;
const NOPTS: usize = 12;

const SUPREME_KEY: i32 = 5000;
const PAIR_BASE: i32 = 4000;
const WONG_BASE: i32 = 3000;
const GONG_BASE: i32 = 2000;
const POINTS_BASE: i32 = 1000;
const HIGH_NINE_BASE: i32 = 1990; // 天高九 / 地高九: above every point hand (at most 1930), below 地槓

/// A ruleset compiled: the table of two-tile hand keys and the turn schedule's shape.
pub struct Rules {
    players: usize,
    big: bool,
    ndice: usize,
    from_banker: bool,
    keys: [i32; K * K],
    stake_turns: usize,
}

fn single_order(supreme_lowest: bool) -> [i32; K] {
    let mut order = [0i32; K];
    for (k, o) in order.iter_mut().enumerate().take(11) {
        *o = k as i32;
    }
    let mut classes: Vec<Vec<usize>> = vec![
        vec![tiles::BLACK_NINE, tiles::RED_NINE],
        vec![tiles::FLAT_EIGHT, tiles::BENT_EIGHT],
        vec![tiles::BLACK_SEVEN, tiles::RED_SEVEN],
    ];
    let fives = vec![tiles::RED_FIVE, tiles::BLACK_FIVE];
    if supreme_lowest {
        classes.extend([fives, vec![tiles::BIG_SIX], vec![tiles::LITTLE_THREE]]);
    } else {
        classes.extend([vec![tiles::BIG_SIX], fives, vec![tiles::LITTLE_THREE]]);
    }
    for (i, ks) in classes.iter().enumerate() {
        for &k in ks {
            order[k] = 11 + i as i32;
        }
    }
    order
}

fn is_wild(k: usize) -> bool {
    k == tiles::BIG_SIX || k == tiles::LITTLE_THREE
}

fn points(a: usize, b: usize, wild: bool) -> i32 {
    let (pa, pb) = (tiles::pips(a) as i32, tiles::pips(b) as i32);
    if wild {
        if is_wild(a) && !is_wild(b) {
            return ((pb + 3) % 10).max((pb + 6) % 10);
        }
        if is_wild(b) && !is_wild(a) {
            return ((pa + 3) % 10).max((pa + 6) % 10);
        }
    }
    (pa + pb) % 10
}

/// The options of `hands.HandRules` that are not the single-tile order.
struct HandRules {
    tie_break: bool,
    zero_to_banker: bool,
    wild: bool,
    supreme_third: bool, // V-PG10: 雙天 > 雙地 > 至尊
    earth_king: bool,    // V-PG11: 地 + a nine is 地王
    high_nines: bool,    // V-PG12: 天 / 地 + a seven is 天高九 / 地高九
}

/// `hands.hand_key`: the rank of the two-tile hand {a, b}, larger is better.
fn hand_key(a: usize, b: usize, hr: &HandRules, order: &[i32; K]) -> i32 {
    let (lo, hi) = (a.min(b), a.max(b));
    if (lo, hi) == (tiles::BIG_SIX, tiles::LITTLE_THREE) {
        return SUPREME_KEY;
    }
    // the 16 pairs: 11 civil, then 雜九, 雜八, 雜七, 雜五
    if lo == hi && tiles::civil(lo) {
        if hr.supreme_third && (lo == tiles::HEAVEN || lo == tiles::EARTH) {
            return SUPREME_KEY + 2 - lo as i32;
        }
        return PAIR_BASE + 15 - lo as i32;
    }
    for (i, &(x, y)) in tiles::ZA_PAIRS.iter().enumerate() {
        if (lo, hi) == (x, y) {
            return PAIR_BASE + 15 - (11 + i as i32);
        }
    }
    let heaven_or_earth = lo == tiles::HEAVEN || lo == tiles::EARTH;
    let plus = if lo == tiles::HEAVEN { 2 } else { 1 };
    let king = lo == tiles::HEAVEN || (lo == tiles::EARTH && hr.earth_king);
    if king && (hi == tiles::BLACK_NINE || hi == tiles::RED_NINE) {
        return WONG_BASE + plus;
    }
    if heaven_or_earth && (hi == tiles::FLAT_EIGHT || hi == tiles::BENT_EIGHT || hi == tiles::MAN) {
        return GONG_BASE + plus;
    }
    if hr.high_nines && heaven_or_earth && (hi == tiles::LONG_SEVEN || hi == tiles::BLACK_SEVEN || hi == tiles::RED_SEVEN) {
        return HIGH_NINE_BASE + plus;
    }
    let pts = points(a, b, hr.wild);
    let mut high = 0;
    if hr.tie_break && !(pts == 0 && hr.zero_to_banker) {
        high = 30 - order[a].min(order[b]);
    }
    POINTS_BASE + pts * 100 + high
}

fn flag(v: i64) -> Option<bool> {
    match v {
        0 => Some(false),
        1 => Some(true),
        _ => None,
    }
}

impl Rules {
    pub fn from_opts(o: &[i64]) -> Option<Rules> {
        if o.len() != NOPTS {
            return None;
        }
        let players = o[0];
        if !(2..=8).contains(&players) || !(o[1] == 2 || o[1] == 4) || !(2..=4).contains(&o[3]) {
            return None;
        }
        let choose = flag(o[2])?;
        let from_banker = flag(o[4])?;
        let (tie_break, zero, wild, lowest) = (flag(o[5])?, flag(o[6])?, flag(o[7])?, flag(o[8])?);
        let hr = HandRules {
            tie_break,
            zero_to_banker: zero,
            wild,
            supreme_third: flag(o[9])?,
            earth_king: flag(o[10])?,
            high_nines: flag(o[11])?,
        };
        let order = single_order(lowest);
        let mut keys = [0i32; K * K];
        for a in 0..K {
            for b in 0..K {
                keys[a * K + b] = hand_key(a, b, &hr, &order);
            }
        }
        let players = players as usize;
        Some(Rules {
            players,
            big: o[1] == 4,
            ndice: o[3] as usize,
            from_banker,
            keys,
            stake_turns: if choose { players - 1 } else { 0 },
        })
    }

    #[inline]
    fn key(&self, a: u8, b: u8) -> i32 {
        self.keys[a as usize * K + b as usize]
    }

    fn first_seat(&self, dice_total: usize) -> usize {
        if self.from_banker {
            (dice_total + self.players - 1) % self.players
        } else {
            dice_total % self.players
        }
    }

    /// `hands.splits`: the distinct (front, back) settings of a sorted hand of four, Python's order.
    fn splits(&self, t: &[u8; 4], out: &mut [([u8; 2], [u8; 2]); 3]) -> usize {
        let mut n = 0;
        for &(i, j, k, m) in &[(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)] {
            let x = [t[i], t[j]];
            let y = [t[k], t[m]];
            let (kx, ky) = (self.key(x[0], x[1]), self.key(y[0], y[1]));
            let s = if (kx, x) <= (ky, y) { (x, y) } else { (y, x) };
            if !out[..n].contains(&s) {
                out[n] = s;
                n += 1;
            }
        }
        n
    }

    /// The legal settings of a hand of four as sorted action codes.
    fn split_codes(&self, t: &[u8; 4], out: &mut [i64; 3]) -> usize {
        let mut sp = [([0u8; 2], [0u8; 2]); 3];
        let n = self.splits(t, &mut sp);
        for i in 0..n {
            out[i] = set_code(sp[i].0);
        }
        out[..n].sort_unstable();
        n
    }
}

#[inline]
fn set_code(front: [u8; 2]) -> i64 {
    SET + (front[0] as usize * K + front[1] as usize) as i64
}

#[derive(Clone)]
pub struct State<'a> {
    r: &'a Rules,
    hands: [[u8; 4]; 8],
    stakes: [i64; 8],
    fronts: [[u8; 2]; 8],
    pos: usize,
}

impl<'a> State<'a> {
    /// A deal: the dice and the woodpile (32 kinds, stack after stack).
    pub fn new(r: &'a Rules, dice: &[i64], pile: &[u8; 32]) -> State<'a> {
        let total: i64 = dice.iter().sum();
        let first = r.first_seat(total as usize);
        let h = if r.big { 4 } else { 2 };
        let mut hands = [[u8::MAX; 4]; 8];
        for (s, hand) in hands.iter_mut().enumerate().take(r.players) {
            let i = ((s + r.players - first) % r.players) * h;
            hand[..h].copy_from_slice(&pile[i..i + h]);
            hand[..h].sort_unstable();
        }
        State { r, hands, stakes: [1; 8], fronts: [[0; 2]; 8], pos: 0 }
    }

    fn schedule_len(&self) -> usize {
        self.r.stake_turns + self.r.players
    }

    /// (stake phase?, seat) of the turn at `pos`.
    fn turn(&self) -> (bool, usize) {
        if self.pos < self.r.stake_turns {
            return (true, self.pos + 1);
        }
        let q = self.pos - self.r.stake_turns;
        (false, if q + 1 < self.r.players { q + 1 } else { 0 })
    }

    fn back_of(&self, s: usize) -> [u8; 2] {
        let f = self.fronts[s];
        let mut rest = [0u8; 2];
        let mut n = 0;
        let mut used = [false; 2];
        for &k in &self.hands[s] {
            if !used[0] && k == f[0] {
                used[0] = true;
            } else if !used[1] && k == f[1] {
                used[1] = true;
            } else {
                rest[n] = k;
                n += 1;
            }
        }
        rest
    }

    /// The house way (`bots.HouseWayBot.setting`): the split with the best summed strengths.
    fn house_way(&self, seat: usize) -> i64 {
        let r = self.r;
        let hand = self.hands[seat];
        let mut unseen = [0i64; K];
        for (k, u) in unseen.iter_mut().enumerate() {
            *u = tiles::copies32(k) as i64;
        }
        for &k in &hand {
            unseen[k as usize] -= 1;
        }
        let banker = seat == 0;
        let strength = |pair: [u8; 2]| -> f64 {
            let mine = r.key(pair[0], pair[1]);
            let (mut win, mut total) = (0i64, 0i64);
            for a in 0..K {
                if unseen[a] == 0 {
                    continue;
                }
                for b in a..K {
                    if unseen[b] == 0 {
                        continue;
                    }
                    let n = if a == b { unseen[a] * (unseen[a] - 1) / 2 } else { unseen[a] * unseen[b] };
                    if n == 0 {
                        continue;
                    }
                    let other = r.keys[a * K + b];
                    total += n;
                    if mine > other || (banker && mine == other) {
                        win += n;
                    }
                }
            }
            if total > 0 {
                win as f64 / total as f64
            } else {
                0.5
            }
        };
        let mut sp = [([0u8; 2], [0u8; 2]); 3];
        let n = r.splits(&hand, &mut sp);
        let (mut best, mut best_v) = (-1i64, -1.0f64);
        for &(front, back) in &sp[..n] {
            let v = strength(front) + strength(back);
            if v > best_v + 1e-12 {
                best = set_code(front);
                best_v = v;
            }
        }
        best
    }
}

impl Engine for State<'_> {
    fn num_seats(&self) -> usize {
        self.r.players
    }

    fn actor(&self) -> Option<usize> {
        if self.pos < self.schedule_len() {
            Some(self.turn().1)
        } else {
            None
        }
    }

    fn legal(&self, out: &mut Vec<i64>) {
        out.clear();
        if self.pos >= self.schedule_len() {
            return;
        }
        let (stake, seat) = self.turn();
        if stake {
            out.extend_from_slice(&[STAKE, STAKE + 1, STAKE + 2]);
        } else if !self.r.big {
            out.push(OPEN);
        } else {
            let mut codes = [0i64; 3];
            let n = self.r.split_codes(&self.hands[seat], &mut codes);
            out.extend_from_slice(&codes[..n]);
        }
    }

    fn apply(&mut self, a: i64) {
        let (stake, seat) = self.turn();
        if stake {
            self.stakes[seat] = a - STAKE + 1;
        } else if a == OPEN {
            self.fronts[seat] = [self.hands[seat][0], self.hands[seat][1]];
        } else {
            let c = (a - SET) as usize;
            self.fronts[seat] = [(c / K) as u8, (c % K) as u8];
        }
        self.pos += 1;
    }

    fn payments(&self, out: &mut [i64]) {
        let r = self.r;
        let n = r.players;
        for v in out.iter_mut().take(n) {
            *v = 0;
        }
        if self.pos < self.schedule_len() {
            return;
        }
        let bf = self.fronts[0];
        let kbf = r.key(bf[0], bf[1]);
        let kbb = if r.big {
            let bb = self.back_of(0);
            r.key(bb[0], bb[1])
        } else {
            0
        };
        let mut sum = 0;
        for (s, pay) in out.iter_mut().enumerate().take(n).skip(1) {
            let f = self.fronts[s];
            let wf = r.key(f[0], f[1]) > kbf;
            let sign = if r.big {
                let b = self.back_of(s);
                let wb = r.key(b[0], b[1]) > kbb;
                match (wf, wb) {
                    (true, true) => 1,
                    (false, false) => -1,
                    _ => 0,
                }
            } else if wf {
                1
            } else {
                -1
            };
            *pay = sign * self.stakes[s];
            sum += *pay;
        }
        out[0] = -sum;
    }

    fn heuristic(&self, legal: &[i64], _noise: Option<&mut Rng>) -> Option<i64> {
        if legal.len() == 1 {
            return Some(legal[0]);
        }
        let (stake, seat) = self.turn();
        if stake {
            return Some(if legal.contains(&STAKE) { STAKE } else { legal[0] });
        }
        Some(self.house_way(seat))
    }
}

fn parse_deal(r: &Rules, d: &[i64]) -> Option<([i64; 4], [u8; 32])> {
    if d.len() != 1 + r.ndice + 32 || d[0] != r.ndice as i64 {
        return None;
    }
    let mut dice = [0i64; 4];
    for i in 0..r.ndice {
        let v = d[1 + i];
        if !(1..=6).contains(&v) {
            return None;
        }
        dice[i] = v;
    }
    let mut pile = [0u8; 32];
    let mut counts = [0u8; K];
    for (i, &k) in d[1 + r.ndice..].iter().enumerate() {
        if !(0..K as i64).contains(&k) {
            return None;
        }
        pile[i] = k as u8;
        counts[k as usize] += 1;
    }
    if (0..K).any(|k| counts[k] != tiles::copies32(k)) {
        return None;
    }
    Some((dice, pile))
}

tiles::deal_exports!(yz_paigow_trace, yz_paigow_playout, yz_paigow_heuristic_choice, |r, d| parse_deal(r, d).map(|(dice, pile)| State::new(r, &dice[..r.ndice], &pile)));

pub fn yz_paigow_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, totals: *mut i64) -> i64 {
    let Some(o) = tiles::in_slice(opts, nopts) else { return tiles::ERR_ARGS };
    let Some(r) = Rules::from_opts(o) else { return tiles::ERR_ARGS };
    let Some(totals) = tiles::out_slice(totals, r.players as i64) else { return tiles::ERR_ARGS };
    let mut rng = Rng::new(seed);
    let set = tiles::domino_set();
    let mut legal = Vec::with_capacity(8);
    let mut pays = [0i64; 8];
    let mut decisions = 0i64;
    let mut dice = [0i64; 4];
    for _ in 0..n.max(0) {
        let mut pile = set;
        rng.shuffle(&mut pile);
        for d in dice.iter_mut().take(r.ndice) {
            *d = rng.below(6) as i64 + 1;
        }
        let mut st = State::new(&r, &dice[..r.ndice], &pile);
        decisions += tiles::play_out(&mut st, 0, &mut rng, &mut legal);
        st.payments(&mut pays[..r.players]);
        for s in 0..r.players {
            totals[s] += pays[s];
        }
    }
    decisions
}


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


// ---- rows for yezi.rl.VectorEnv (the optional yz_paigow_vec_* exports, docs/native.md) ----------

/// Rows of 牌九 deals stepped together: a row's words are a marker, the seed, the row, its deal
/// counter, the position in the schedule, the dice, the woodpile (which `yz_paigow_vec_row`
/// reports for the tests' replay), the stakes, the fronts and the actions; the hands follow
/// from the dice and the woodpile as `State::new` deals them. Observations are
/// `yezi/games/paigow/observation.py`'s ("observation", kind 0) or that followed by the history
/// ("info_state", kind 1: a hand set face down hidden from the others until the showdown).
pub mod vector {
    use super::{Rules, State, K, OPEN, SET};
    use crate::rng::Rng;
    use crate::tiles::{self, Engine};
    use crate::vecrows::{Cell, VecGame};

    const MARK: i64 = 0x5041_4947_0001; // "PAIG", layout 1
    const MAX_HIST: usize = 16; // 7 stakes + 8 settings
    pub const ROW_WORDS: usize = 5 + 1 + 4 + 1 + 2 + MAX_HIST / 4;
    pub const NUM_ACTIONS: usize = OPEN as usize + 1;

    pub struct Layout {
        n: usize,
        ndice: usize,
        base: usize,
        hist: usize,
    }

    impl Layout {
        pub fn new(r: &Rules, kind: i64) -> Layout {
            let n = r.players;
            let base = n + n + 3 + 1 + 6 * r.ndice + n + 3 * n + n + 2 * n * K;
            Layout { n, ndice: r.ndice, base, hist: if kind == 1 { r.stake_turns + n } else { 0 } }
        }
        pub fn size(&self) -> usize {
            self.base + 2 * self.hist
        }
    }

    pub struct Row<'a> {
        seed: u64,
        row: u64,
        deals: u64,
        dice: [u8; 4],
        pile: [u8; 32],
        hist: [u16; MAX_HIST],
        pub st: State<'a>,
    }

    fn unpack8(w: i64) -> [u8; 8] {
        (w as u64).to_le_bytes()
    }

    fn pack8(b: &[u8]) -> i64 {
        let mut x = [0u8; 8];
        x[..b.len()].copy_from_slice(b);
        u64::from_le_bytes(x) as i64
    }

    impl<'a> Row<'a> {
        pub fn new(r: &'a Rules, seed: u64, row: u64) -> Row<'a> {
            let pile = tiles::domino_set();
            let dice = [1u8; 4];
            let d = [1i64; 4];
            Row { seed, row, deals: 0, dice, pile, hist: [0; MAX_HIST], st: State::new(r, &d[..r.ndice], &pile) }
        }

        pub fn read(r: &'a Rules, w: &[i64]) -> Option<Row<'a>> {
            if w.len() < ROW_WORDS || w[0] != MARK {
                return None;
            }
            let pos = w[4];
            if !(0..=(r.stake_turns + r.players) as i64).contains(&pos) {
                return None;
            }
            let d8 = unpack8(w[5]);
            let mut dice = [0u8; 4];
            dice.copy_from_slice(&d8[..4]);
            let mut pile = [0u8; 32];
            for k in 0..4 {
                pile[8 * k..8 * k + 8].copy_from_slice(&unpack8(w[6 + k]));
            }
            let stakes = unpack8(w[10]);
            let f0 = unpack8(w[11]);
            let f1 = unpack8(w[12]);
            let mut hist = [0u16; MAX_HIST];
            for (j, h) in hist.iter_mut().enumerate() {
                *h = (w[13 + j / 4] as u64 >> (16 * (j % 4))) as u16;
            }
            let mut counts = [0u8; K];
            for &k in &pile {
                if k as usize >= K {
                    return None;
                }
                counts[k as usize] += 1;
            }
            if (0..K).any(|k| counts[k] != tiles::copies32(k))
                || dice[..r.ndice].iter().any(|&d| !(1..=6).contains(&d))
                || stakes.iter().any(|&s| !(1..=3).contains(&s))
                || f0.iter().chain(f1.iter()).any(|&k| k as usize >= K)
                || hist.iter().any(|&h| h as usize >= NUM_ACTIONS)
            {
                return None;
            }
            let d: [i64; 4] = std::array::from_fn(|i| dice[i] as i64);
            let mut st = State::new(r, &d[..r.ndice], &pile);
            for s in 0..8 {
                st.stakes[s] = stakes[s] as i64;
                st.fronts[s] = if s < 4 { [f0[2 * s], f0[2 * s + 1]] } else { [f1[2 * s - 8], f1[2 * s - 7]] };
            }
            st.pos = pos as usize;
            Some(Row { seed: w[1] as u64, row: w[2] as u64, deals: w[3] as u64, dice, pile, hist, st })
        }

        pub fn write(&self, w: &mut [i64]) {
            w[0] = MARK;
            w[1] = self.seed as i64;
            w[2] = self.row as i64;
            w[3] = self.deals as i64;
            w[4] = self.st.pos as i64;
            w[5] = pack8(&self.dice);
            for k in 0..4 {
                w[6 + k] = pack8(&self.pile[8 * k..8 * k + 8]);
            }
            let stakes: [u8; 8] = std::array::from_fn(|s| self.st.stakes[s] as u8);
            w[10] = pack8(&stakes);
            let f: [u8; 16] = std::array::from_fn(|i| self.st.fronts[i / 2][i % 2]);
            w[11] = pack8(&f[..8]);
            w[12] = pack8(&f[8..]);
            for k in 0..MAX_HIST / 4 {
                let mut x = 0u64;
                for j in 0..4 {
                    x |= (self.hist[4 * k + j] as u64) << (16 * j);
                }
                w[13 + k] = x as i64;
            }
        }

        pub fn next_deal(&mut self, r: &'a Rules) {
            let mut rng = Rng::new(
                self.seed
                    ^ (self.row.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (self.deals.wrapping_add(1)).wrapping_mul(0xD1B5_4A32_D192_ED03),
            );
            self.deals = self.deals.wrapping_add(1);
            self.pile = tiles::domino_set();
            rng.shuffle(&mut self.pile);
            let mut d = [0i64; 4];
            for i in 0..r.ndice {
                d[i] = rng.below(6) as i64 + 1;
                self.dice[i] = d[i] as u8;
            }
            self.hist = [0; MAX_HIST];
            self.st = State::new(r, &d[..r.ndice], &self.pile);
        }

        pub fn over(&self) -> bool {
            self.st.actor().is_none()
        }

        /// The seat that took action `j` (the schedule: stakes by seats 1.., then settings, the banker last).
        fn actor_at(&self, r: &Rules, j: usize) -> usize {
            if j < r.stake_turns {
                j + 1
            } else {
                let q = j - r.stake_turns;
                if q + 1 < r.players {
                    q + 1
                } else {
                    0
                }
            }
        }

        fn set_position(r: &Rules, s: usize) -> usize {
            r.stake_turns + if s == 0 { r.players - 1 } else { s - 1 }
        }

        /// `seat`'s tensor (`PaiGowObserver.write`; kind 1 then `InfoStateObserver`'s history).
        pub fn observe<T: Cell>(&self, r: &Rules, l: &Layout, seat: usize, out: &mut [T]) {
            let n = l.n;
            let st = &self.st;
            let pos = st.pos;
            let sched = r.stake_turns + n;
            out.fill(T::ZERO);
            out[seat] = T::ONE;
            let to_act = n;
            let phase = 2 * n;
            let thrown_at = phase + 3;
            let dice_at = thrown_at + 1;
            let first_at = dice_at + 6 * l.ndice;
            let stakes_at = first_at + n;
            let set_at = stakes_at + 3 * n;
            let hands_at = set_at + n;
            let fronts_at = hands_at + n * K;
            if let Some(p) = st.actor() {
                out[to_act + p] = T::ONE;
            }
            out[phase + if pos < r.stake_turns { 0 } else if pos < sched { 1 } else { 2 }] = T::ONE;
            for s in 1..n {
                if r.stake_turns == 0 || pos >= s {
                    out[stakes_at + 3 * s + (st.stakes[s] - 1) as usize] = T::ONE;
                }
            }
            let thrown = pos >= r.stake_turns;
            if thrown {
                out[thrown_at] = T::ONE;
                let total: usize = self.dice[..l.ndice].iter().map(|&d| d as usize).sum();
                out[first_at + r.first_seat(total)] = T::ONE;
                for i in 0..l.ndice {
                    out[dice_at + 6 * i + self.dice[i] as usize - 1] = T::ONE;
                }
            }
            let set_done = |s: usize| pos > Row::set_position(r, s);
            for s in 0..n {
                if set_done(s) {
                    out[set_at + s] = T::ONE;
                }
            }
            if thrown {
                let over = pos >= sched;
                let h = if r.big { 4 } else { 2 };
                for s in 0..n {
                    if !(over || s == seat) {
                        continue;
                    }
                    for &k in &st.hands[s][..h] {
                        T::bump(&mut out[hands_at + s * K + k as usize]);
                    }
                    if set_done(s) {
                        for &k in &st.fronts[s] {
                            T::bump(&mut out[fronts_at + s * K + k as usize]);
                        }
                    }
                }
            }
            if l.hist > 0 {
                let over = pos >= sched;
                let hb = &mut out[l.base..];
                for j in 0..pos.min(l.hist) {
                    let a = self.hist[j] as i64;
                    let who = self.actor_at(r, j);
                    let hidden = (SET..OPEN).contains(&a) && !over && who != seat;
                    hb[j] = if hidden { T::of(NUM_ACTIONS as u32 + 1) } else { T::of(a as u32 + 1) };
                    hb[l.hist + j] = T::of(who as u32 + 1);
                }
            }
        }

        fn apply(&mut self, a: i64) {
            if self.st.pos < MAX_HIST {
                self.hist[self.st.pos] = a as u16;
            }
            self.st.apply(a);
        }
    }

    /// 牌九's rows for `crate::vecrows`.
    pub struct PaiGow;

    impl VecGame for PaiGow {
        type Cfg = Rules;
        type Row = Row<'static>;
        fn parse(o: &[i64]) -> Option<Rules> {
            Rules::from_opts(o)
        }
        fn seats(r: &Rules) -> usize {
            r.players
        }
        fn num_actions(_: &Rules) -> usize {
            NUM_ACTIONS
        }
        fn max_legal(_: &Rules) -> usize {
            NUM_ACTIONS
        }
        fn words(_: &Rules) -> usize {
            ROW_WORDS
        }
        fn obs_size(r: &Rules, kind: i64) -> usize {
            Layout::new(r, kind).size()
        }
        fn obs_max(_: &Rules, kind: i64) -> usize {
            if kind == 1 { NUM_ACTIONS + 1 } else { 32 }
        }
        fn new_row(r: &'static Rules, seed: u64, row: u64) -> Row<'static> {
            Row::new(r, seed, row)
        }
        fn next_deal(r: &'static Rules, x: &mut Row<'static>, _: &mut [i64], _: &mut i64) -> bool {
            x.next_deal(r);
            true
        }
        fn read(r: &'static Rules, w: &[i64]) -> Option<Row<'static>> {
            Row::read(r, w)
        }
        fn write(_: &Rules, x: &Row<'static>, w: &mut [i64]) {
            x.write(w)
        }
        fn actor(_: &Rules, x: &Row<'static>) -> Option<usize> {
            x.st.actor()
        }
        fn room(_: &Rules, _: &Row<'static>) -> bool {
            true // the history is the deal's fixed schedule
        }
        fn legal(_: &Rules, x: &Row<'static>, out: &mut Vec<i64>) {
            x.st.legal(out)
        }
        fn apply(_: &Rules, x: &mut Row<'static>, a: i64) {
            x.apply(a)
        }
        fn payments(_: &Rules, x: &Row<'static>, out: &mut [i64]) {
            x.st.payments(out)
        }
        fn observe(r: &Rules, x: &Row<'static>, kind: i64, seat: usize, out: &mut [f32]) {
            x.observe(r, &Layout::new(r, kind), seat, out)
        }
        fn observe_u8(r: &Rules, x: &Row<'static>, kind: i64, seat: usize, out: &mut [u8]) -> bool {
            x.observe(r, &Layout::new(r, kind), seat, out);
            true
        }
        /// The deal (the number of dice, the dice, the woodpile: `encode_deal`'s layout), then the
        /// actions so far.
        fn report(r: &Rules, x: &Row<'static>, out: &mut [i64]) -> i64 {
            let len = 1 + r.ndice + 32 + x.st.pos;
            if out.len() < len {
                return crate::vecrows::E_SIZE;
            }
            out[0] = r.ndice as i64;
            for i in 0..r.ndice {
                out[1 + i] = x.dice[i] as i64;
            }
            for (o, &k) in out[1 + r.ndice..].iter_mut().zip(&x.pile) {
                *o = k as i64;
            }
            for j in 0..x.st.pos {
                out[1 + r.ndice + 32 + j] = x.hist[j] as i64;
            }
            len as i64
        }
    }

    crate::vecrows::vec_exports!(PaiGow, yz_paigow_vec_state_words, yz_paigow_vec_obs_size, yz_paigow_vec_reset,
                                 yz_paigow_vec_step, yz_paigow_vec_row, yz_paigow_vec_rows_reset,
                                 yz_paigow_vec_rows_step, yz_paigow_vec_sync, yz_paigow_vec_rows_info);
}

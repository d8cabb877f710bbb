//! 十五胡 Shiwu Hu (yezi/games/shiwuhu, a reconstruction), natively: the same play table
//! (`plays.py`), leads, follows, climbing or once-round tricks, 胡 thresholds and payments as the
//! Python engine.
//!
//! Options (`yezi/native/shiwuhu.py` writes them): [players (3|4), climbing, after_pass out,
//! hu_count own, empty_lead void, wenwu_military both, za_sets (0 pairs, 1 none, 2 same-rank),
//! supreme lead-only]. `next_banker` changes nothing inside a deal.
//! A deal: the hands, 84 / players kinds each, seat after seat.

use std::sync::OnceLock;

use crate::rng::Rng;
use crate::tiles::{self, Engine, NUM_KINDS as K};

const NUM_PLAYS: usize = 493;
const PASS: i64 = 493;
const DECLARE: i64 = 494;
const PLAY_ON: i64 = 495;
const SUPREME_CODE: usize = 108;
const NOPTS: usize = 8;
const MAX_SEATS: usize = 4;

const CAT_SINGLE: u8 = 0;
const CAT_SET: u8 = 1;
const CAT_ZA: u8 = 2;
const CAT_SUPREME: u8 = 3;
const CAT_GROUP: u8 = 4;

const ZA_SHAPES: [(u8, u8); 6] = [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2)];

#[derive(Clone, Copy, Default)]
struct Play {
    need: [(u8, u8); 3], // (kind, count), kinds ascending
    nneed: u8,
    size: u8,
    cat: u8,
    shape: u16,
    rank: u8,
    mil: (u8, u8),
    strength: f64, // the bot's `_Estimator.strength`
}

fn suit(k: usize) -> u16 {
    if tiles::civil(k) {
        0
    } else {
        1
    }
}

/// `plays.PLAYS`, built once, in code order.
fn plays() -> &'static [Play; NUM_PLAYS] {
    static P: OnceLock<[Play; NUM_PLAYS]> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = [Play::default(); NUM_PLAYS];
        let mut n = 0;
        let mut add = |cards: &[(usize, u8)], cat: u8, shape: u16, rank: u8, mil: (u8, u8)| {
            let mut c: Vec<(usize, u8)> = cards.iter().copied().filter(|&(_, m)| m > 0).collect();
            c.sort_unstable();
            let mut p = Play { cat, shape, rank, mil, ..Play::default() };
            for (i, &(k, m)) in c.iter().enumerate() {
                p.need[i] = (k as u8, m);
                p.size += m;
                let top = if tiles::civil(k) { 11 } else { 6 };
                p.strength += (m as i64 * (top - tiles::rank(k) as i64 + 1)) as f64 / top as f64;
            }
            p.nneed = c.len() as u8;
            out[n] = p;
            n += 1;
        };
        for k in 0..K {
            add(&[(k, 1)], CAT_SINGLE, suit(k), tiles::rank(k), (0, 0));
        }
        for k in 0..K {
            for m in 2..=4u8 {
                add(&[(k, m)], CAT_SET, 2 + suit(k) * 5 + m as u16, tiles::rank(k), (0, 0));
            }
        }
        for &(x, y) in &tiles::ZA_PAIRS {
            for &(a, b) in &ZA_SHAPES {
                add(&[(x, a), (y, b)], CAT_ZA, 2 + 5 + (a + b) as u16, tiles::rank(x), (a, b));
            }
        }
        add(&[(tiles::BIG_SIX, 1), (tiles::LITTLE_THREE, 1)], CAT_SUPREME, 20, 0, (0, 0));
        for (g, &(c, x, y)) in tiles::WENWU.iter().enumerate() {
            for cn in 1..=4u8 {
                for a in 0..5u8 {
                    for b in 0..5u8 {
                        if a + b == 0 {
                            continue;
                        }
                        add(&[(c, cn), (x, a), (y, b)], CAT_GROUP, 30 + cn as u16 * 20 + (a + b) as u16, g as u8, (a, b));
                    }
                }
            }
        }
        out
    })
}

#[inline]
fn group_code(g: usize, c: usize, a: usize, b: usize) -> i64 {
    (109 + 96 * g + 24 * (c - 1) + 5 * a + b - 1) as i64
}

fn beats(p: &[Play; NUM_PLAYS], b: usize, a: usize) -> bool {
    p[b].cat != CAT_SUPREME && p[a].cat != CAT_SUPREME && p[b].shape == p[a].shape && p[b].rank < p[a].rank
}

pub struct Rules {
    players: usize,
    hand_size: usize,
    climbing: bool,
    stay_out: bool,
    hu_own: bool,
    void_on_empty: bool,
    group_min: usize,
    supreme: bool,
    za_by_rank: [Vec<(u8, u8, u16)>; 4],
    beaters: Vec<Vec<u16>>,
    /// the beaters again, flat with their needs inline (the follow loop's hot data)
    flat: Vec<Beater>,
    flat_at: Vec<(u32, u32)>,
}

#[derive(Clone, Copy)]
struct Beater {
    code: u16,
    nneed: u8,
    need: [(u8, u8); 3],
}

impl Rules {
    pub fn from_opts(o: &[i64]) -> Option<Rules> {
        if o.len() != NOPTS || !(o[0] == 3 || o[0] == 4) || o[1..].iter().enumerate().any(|(i, &v)| v < 0 || v > if i == 5 { 2 } else { 1 }) {
            return None;
        }
        let p = plays();
        let both = o[5] == 1;
        let mut enabled = [true; NUM_PLAYS];
        for (code, pl) in p.iter().enumerate() {
            enabled[code] = match pl.cat {
                CAT_ZA => o[6] == 2 || (o[6] == 0 && pl.mil == (1, 1)),
                CAT_SUPREME => o[7] == 1,
                CAT_GROUP => !both || pl.mil.0.min(pl.mil.1) >= 1,
                _ => true,
            };
        }
        let beaters: Vec<Vec<u16>> = (0..NUM_PLAYS)
            .map(|a| (0..NUM_PLAYS).filter(|&b| enabled[b] && beats(p, b, a)).map(|b| b as u16).collect())
            .collect();
        let mut flat = Vec::new();
        let mut flat_at = Vec::with_capacity(NUM_PLAYS);
        for bs in &beaters {
            let bs: &Vec<u16> = bs;
            let lo = flat.len() as u32;
            for &b in bs {
                let pl = &p[b as usize];
                flat.push(Beater { code: b, nneed: pl.nneed, need: pl.need });
            }
            flat_at.push((lo, flat.len() as u32));
        }
        let mut za_by_rank: [Vec<(u8, u8, u16)>; 4] = Default::default();
        for (r, list) in za_by_rank.iter_mut().enumerate() {
            for j in 0..6 {
                let code = 84 + 6 * r + j;
                if enabled[code] {
                    list.push((p[code].mil.0, p[code].mil.1, code as u16));
                }
            }
        }
        let players = o[0] as usize;
        Some(Rules {
            players,
            hand_size: 84 / players,
            climbing: o[1] == 1,
            stay_out: o[2] == 1,
            hu_own: o[3] == 1,
            void_on_empty: o[4] == 1,
            group_min: if both { 1 } else { 0 },
            supreme: enabled[SUPREME_CODE],
            za_by_rank,
            beaters,
            flat,
            flat_at,
        })
    }

    /// `Shiwuhu.leads`: every enabled play the hand holds, in code order.
    fn leads(&self, hand: &[u8; K], out: &mut Vec<i64>) {
        for (k, &h) in hand.iter().enumerate() {
            if h > 0 {
                out.push(k as i64);
            }
        }
        for (k, &h) in hand.iter().enumerate() {
            for m in 2..=h as usize {
                out.push((21 + 3 * k + m - 2) as i64);
            }
        }
        for (r, &(x, y)) in tiles::ZA_PAIRS.iter().enumerate() {
            let (hx, hy) = (hand[x], hand[y]);
            if hx > 0 && hy > 0 {
                for &(a, b, code) in &self.za_by_rank[r] {
                    if a <= hx && b <= hy {
                        out.push(code as i64);
                    }
                }
            }
        }
        if self.supreme && hand[tiles::BIG_SIX] > 0 && hand[tiles::LITTLE_THREE] > 0 {
            out.push(SUPREME_CODE as i64);
        }
        let lo = self.group_min;
        for (g, &(c, x, y)) in tiles::WENWU.iter().enumerate() {
            let c_max = hand[c] as usize;
            if c_max == 0 {
                continue;
            }
            let (a_max, b_max) = (hand[x] as usize, hand[y] as usize);
            if a_max < lo || b_max < lo || a_max + b_max == 0 {
                continue;
            }
            for cn in 1..=c_max {
                for a in lo..=a_max {
                    let b0 = if a > 0 { lo } else { lo.max(1) };
                    for b in b0..=b_max {
                        out.push(group_code(g, cn, a, b));
                    }
                }
            }
        }
    }
}

impl Rules {
    /// How many (a, b) military counts a 文武 group offers with `a_max`, `b_max` in hand.
    #[inline]
    fn group_pairs(&self, a_max: usize, b_max: usize) -> usize {
        if a_max < self.group_min || b_max < self.group_min || a_max + b_max == 0 {
            0
        } else if self.group_min == 1 {
            a_max * b_max
        } else {
            (a_max + 1) * (b_max + 1) - 1
        }
    }

    /// The `k`-th play of `leads(hand)` (k below `lead_count(hand)`), without listing them:
    /// random playouts draw a lead this way, with the same distribution as an index into the list.
    fn lead_nth(&self, hand: &[u8; K], mut k: usize) -> i64 {
        for (kind, &h) in hand.iter().enumerate() {
            if h > 0 {
                if k == 0 {
                    return kind as i64;
                }
                k -= 1;
            }
        }
        for (kind, &h) in hand.iter().enumerate() {
            let m = (h as usize).saturating_sub(1);
            if k < m {
                return (21 + 3 * kind + k) as i64;
            }
            k -= m;
        }
        for (r, &(x, y)) in tiles::ZA_PAIRS.iter().enumerate() {
            let (hx, hy) = (hand[x], hand[y]);
            if hx > 0 && hy > 0 {
                for &(a, b, code) in &self.za_by_rank[r] {
                    if a <= hx && b <= hy {
                        if k == 0 {
                            return code as i64;
                        }
                        k -= 1;
                    }
                }
            }
        }
        if self.supreme && hand[tiles::BIG_SIX] > 0 && hand[tiles::LITTLE_THREE] > 0 {
            if k == 0 {
                return SUPREME_CODE as i64;
            }
            k -= 1;
        }
        for (g, &(c, x, y)) in tiles::WENWU.iter().enumerate() {
            let (c_max, a_max, b_max) = (hand[c] as usize, hand[x] as usize, hand[y] as usize);
            let per = self.group_pairs(a_max, b_max);
            if c_max == 0 || per == 0 {
                continue;
            }
            if k >= c_max * per {
                k -= c_max * per;
                continue;
            }
            let (cn, j) = (k / per + 1, k % per);
            let (a, b) = if self.group_min == 1 {
                (1 + j / b_max, 1 + j % b_max)
            } else if j < b_max {
                (0, j + 1)
            } else {
                let j = j - b_max;
                (1 + j / (b_max + 1), j % (b_max + 1))
            };
            return group_code(g, cn, a, b);
        }
        -1
    }

    /// `len(leads(hand))`.
    fn lead_count(&self, hand: &[u8; K]) -> usize {
        let mut n = 0;
        for &h in hand {
            n += (h > 0) as usize + (h as usize).saturating_sub(1);
        }
        for (r, &(x, y)) in tiles::ZA_PAIRS.iter().enumerate() {
            let (hx, hy) = (hand[x], hand[y]);
            if hx > 0 && hy > 0 {
                n += self.za_by_rank[r].iter().filter(|&&(a, b, _)| a <= hx && b <= hy).count();
            }
        }
        if self.supreme && hand[tiles::BIG_SIX] > 0 && hand[tiles::LITTLE_THREE] > 0 {
            n += 1;
        }
        for &(c, x, y) in &tiles::WENWU {
            n += hand[c] as usize * self.group_pairs(hand[x] as usize, hand[y] as usize);
        }
        n
    }
}

const LEAD: u8 = 0;
const FOLLOW: u8 = 1;
const DECLARING: u8 = 2;
const OVER: u8 = 3;
const NOBODY: usize = usize::MAX;

#[derive(Clone)]
pub struct State<'a> {
    r: &'a Rules,
    p: &'static [Play; NUM_PLAYS],
    hands: [[u8; K]; MAX_SEATS],
    played: [[u8; K]; MAX_SEATS],
    sizes: [u8; MAX_SEATS],
    hu: [u32; MAX_SEATS],
    need: [u32; MAX_SEATS],
    turn: usize,
    phase: u8,
    leader: usize,
    best: usize,
    best_seat: usize,
    out: u8,
    trick_cards: u32,
    winner: usize,
    units: i64,
    /// tricks played, and who won the last one (NOBODY before the first): what the observation shows
    tricks: u32,
    last_winner: usize,
}

impl<'a> State<'a> {
    pub fn new(r: &'a Rules, hands: &[[u8; K]; MAX_SEATS]) -> State<'a> {
        let mut sizes = [0u8; MAX_SEATS];
        for s in 0..r.players {
            sizes[s] = r.hand_size as u8;
        }
        State {
            r,
            p: plays(),
            hands: *hands,
            played: [[0; K]; MAX_SEATS],
            sizes,
            hu: [0; MAX_SEATS],
            need: [15; MAX_SEATS],
            turn: 0,
            phase: LEAD,
            leader: 0,
            best: NUM_PLAYS,
            best_seat: NOBODY,
            out: 0,
            trick_cards: 0,
            winner: NOBODY,
            units: 0,
            tricks: 0,
            last_winner: NOBODY,
        }
    }

    fn next_follower(&mut self, s: usize) {
        let n = self.r.players;
        let stop = if self.r.climbing { self.best_seat } else { self.leader };
        let mut t = s;
        loop {
            t += 1;
            if t == n {
                t = 0;
            }
            if t == stop {
                break;
            }
            if self.sizes[t] > 0 && (self.out >> t) & 1 == 0 {
                self.turn = t;
                return;
            }
        }
        self.end_trick();
    }

    fn end_trick(&mut self) {
        let w = self.best_seat;
        self.tricks += 1;
        self.last_winner = w;
        self.hu[w] += if self.r.hu_own { self.p[self.best].size as u32 } else { self.trick_cards };
        self.trick_cards = 0;
        self.best = NUM_PLAYS;
        if self.hu[w] >= self.need[w] {
            self.phase = DECLARING;
            self.turn = w;
            return;
        }
        self.next_lead(w);
    }

    fn next_lead(&mut self, w: usize) {
        let n = self.r.players;
        if self.sizes[w] == 0 && self.r.void_on_empty {
            self.turn = NOBODY;
            self.phase = OVER;
            return;
        }
        for i in 0..n {
            let t = (w + i) % n;
            if self.sizes[t] > 0 {
                self.turn = t;
                self.phase = LEAD;
                return;
            }
        }
        self.turn = NOBODY;
        self.phase = OVER;
    }

    // ---- the heuristic bot (bots.HeuristicBot), from the seat's own knowledge ----------------
    fn estimator(&self, seat: usize) -> Estimator {
        let n = self.r.players;
        let mut unk = [0u8; K];
        let mut total = 0i64;
        for (k, u) in unk.iter_mut().enumerate() {
            let mut seen = self.hands[seat][k];
            for s in 0..n {
                seen += self.played[s][k];
            }
            *u = 4 - seen;
            total += *u as i64;
        }
        let (mut opps, mut held) = (0usize, 0i64);
        for s in 0..n {
            if s != seat && self.sizes[s] > 0 {
                opps += 1;
                held += self.sizes[s] as i64;
            }
        }
        let q = if total > 0 && opps > 0 { held as f64 / opps as f64 / total as f64 } else { 0.0 };
        Estimator { unk, q, opps: opps as f64, tail: [[f64::NAN; 5]; 5], survive: [f64::NAN; NUM_PLAYS] }
    }
}

/// `bots._Estimator`: the chance that a play stands, from the unseen cards (memoised per decision).
struct Estimator {
    unk: [u8; K],
    q: f64,
    opps: f64,
    tail: [[f64; 5]; 5],
    survive: [f64; NUM_PLAYS],
}

fn comb(n: u32, k: u32) -> f64 {
    let mut c: u64 = 1;
    for i in 0..k as u64 {
        c = c * (n as u64 - i) / (i + 1);
    }
    c as f64
}

impl Estimator {
    fn tail(&mut self, u: usize, n: usize) -> f64 {
        let t = self.tail[u][n];
        if !t.is_nan() {
            return t;
        }
        let q = self.q;
        let mut t = 0.0;
        if u >= n {
            let mut s = 0.0f64;
            let mut first = true;
            for i in n..=u {
                let term = comb(u as u32, i as u32) * q.powf(i as f64) * (1.0 - q).powf((u - i) as f64);
                // Python's sum() starts from the integer 0: 0 + x is x exactly
                s = if first { term } else { s + term };
                first = false;
            }
            t = s;
        }
        self.tail[u][n] = t;
        t
    }

    fn survive(&mut self, r: &Rules, p: &[Play; NUM_PLAYS], a: usize) -> f64 {
        let s = self.survive[a];
        if !s.is_nan() {
            return s;
        }
        let mut s = 1.0f64;
        for &b in &r.beaters[a] {
            let pl = &p[b as usize];
            let mut pb = 1.0f64;
            for &(k, n) in &pl.need[..pl.nneed as usize] {
                let u = self.unk[k as usize];
                if u < n {
                    pb = 0.0;
                    break;
                }
                pb *= self.tail(u as usize, n as usize);
            }
            if pb != 0.0 {
                s *= (1.0 - pb).powf(self.opps);
            }
        }
        self.survive[a] = s;
        s
    }
}

impl Engine for State<'_> {
    fn num_seats(&self) -> usize {
        self.r.players
    }

    fn actor(&self) -> Option<usize> {
        if self.turn == NOBODY {
            None
        } else {
            Some(self.turn)
        }
    }

    fn legal(&self, out: &mut Vec<i64>) {
        out.clear();
        if self.turn == NOBODY {
            return;
        }
        let hand = &self.hands[self.turn];
        match self.phase {
            LEAD => self.r.leads(hand, out),
            FOLLOW => {
                let (lo, hi) = self.r.flat_at[self.best];
                for b in &self.r.flat[lo as usize..hi as usize] {
                    if b.need[..b.nneed as usize].iter().all(|&(k, n)| hand[k as usize] >= n) {
                        out.push(b.code as i64);
                    }
                }
                out.push(PASS);
            }
            _ => {
                if self.hu[self.turn] >= 21 || self.sizes.iter().all(|&z| z == 0) {
                    out.push(DECLARE);
                } else {
                    out.extend_from_slice(&[DECLARE, PLAY_ON]);
                }
            }
        }
    }

    fn apply(&mut self, a: i64) {
        let s = self.turn;
        if a < PASS {
            let code = a as usize;
            let pl = self.p[code];
            for &(k, n) in &pl.need[..pl.nneed as usize] {
                self.hands[s][k as usize] -= n;
                self.played[s][k as usize] += n;
            }
            self.sizes[s] -= pl.size;
            self.trick_cards += pl.size as u32;
            if self.phase == LEAD {
                self.leader = s;
                self.out = 0;
                self.phase = FOLLOW;
            }
            self.best = code;
            self.best_seat = s;
            self.next_follower(s);
        } else if a == PASS {
            if self.r.stay_out {
                self.out |= 1 << s;
            }
            self.next_follower(s);
        } else if a == DECLARE {
            let h = self.hu[s];
            self.winner = s;
            self.units = if h >= 21 {
                3
            } else if h >= 18 {
                2
            } else {
                1
            };
            self.turn = NOBODY;
            self.phase = OVER;
        } else {
            self.need[s] = if self.hu[s] < 18 { 18 } else { 21 };
            self.next_lead(s);
        }
    }

    fn payments(&self, out: &mut [i64]) {
        let n = self.r.players;
        for (s, v) in out.iter_mut().enumerate().take(n) {
            *v = if self.winner == NOBODY {
                0
            } else if s == self.winner {
                self.units * (n as i64 - 1)
            } else {
                -self.units
            };
        }
    }

    #[inline]
    fn random_action(&self, rng: &mut Rng, legal: &mut Vec<i64>) -> i64 {
        if self.phase == LEAD {
            let hand = &self.hands[self.turn];
            return self.r.lead_nth(hand, rng.below(self.r.lead_count(hand)));
        }
        self.legal(legal);
        legal[rng.below(legal.len())]
    }

    fn heuristic(&self, legal: &[i64], mut noise: Option<&mut Rng>) -> Option<i64> {
        if legal.len() == 1 {
            return Some(legal[0]);
        }
        let (r, p) = (self.r, self.p);
        let seat = self.turn;
        let hand = &self.hands[seat];
        let mut est = self.estimator(seat);
        let mut jitter = || match noise.as_deref_mut() {
            Some(rng) => tiles::unit(rng) * 1e-6,
            None => 0.0,
        };
        if legal.contains(&DECLARE) {
            let hu = self.hu[seat];
            let others = (0..r.players).filter(|&s| s != seat).map(|s| self.hu[s]).max().unwrap_or(0);
            let target = if hu < 18 { 18 } else { 21 };
            let mut leads = Vec::with_capacity(128);
            r.leads(hand, &mut leads);
            let mut sure = 0;
            for &a in &leads {
                if p[a as usize].size == 1 && est.survive(r, p, a as usize) >= 0.999 {
                    sure += 1;
                }
            }
            return Some(if hu + sure >= target && others <= 9 { PLAY_ON } else { DECLARE });
        }
        if legal.contains(&PASS) {
            let bseat = self.best_seat;
            let gain_trick = if r.hu_own { 0 } else { self.trick_cards } as f64;
            let threat = bseat != NOBODY
                && self.hu[bseat] + if r.hu_own { p[self.best].size as u32 } else { self.trick_cards } >= self.need[bseat];
            let (mut best, mut best_v) = (PASS, 0.0f64);
            for &a in legal {
                if a == PASS {
                    continue;
                }
                let pr = est.survive(r, p, a as usize);
                let size = p[a as usize].size as f64;
                let mut v = (size + gain_trick) * pr - 0.35 * p[a as usize].strength;
                if threat {
                    v += 6.0;
                }
                if (self.hu[seat] as f64) + size + gain_trick >= self.need[seat] as f64 {
                    v += 2.0 * pr;
                }
                v += jitter();
                if v > best_v {
                    best = a;
                    best_v = v;
                }
            }
            return Some(best);
        }
        let (mut best, mut best_v) = (legal[0], f64::NEG_INFINITY);
        for &a in legal {
            let pr = est.survive(r, p, a as usize);
            let size = p[a as usize].size as f64;
            let mut v = size * pr - (1.0 - pr) * size * 0.6 - 0.15 * p[a as usize].strength;
            v += jitter();
            if v > best_v {
                best = a;
                best_v = v;
            }
        }
        Some(best)
    }
}

fn parse_deal(r: &Rules, d: &[i64]) -> Option<[[u8; K]; MAX_SEATS]> {
    if d.len() != r.players * r.hand_size {
        return None;
    }
    let mut hands = [[0u8; K]; MAX_SEATS];
    let mut total = [0u8; K];
    for (i, &k) in d.iter().enumerate() {
        if !(0..K as i64).contains(&k) {
            return None;
        }
        hands[i / r.hand_size][k as usize] += 1;
        total[k as usize] += 1;
    }
    if total.iter().any(|&c| c != 4) {
        return None;
    }
    Some(hands)
}

tiles::deal_exports!(yz_shiwuhu_trace, yz_shiwuhu_playout, yz_shiwuhu_heuristic_choice, |r, d| parse_deal(r, d).map(|hands| State::new(r, &hands)));

pub fn yz_shiwuhu_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, totals: *mut i64) -> i64 {
    let Some(o) = tiles::in_slice(opts, nopts) else { return tiles::ERR_ARGS };
    let Some(r) = Rules::from_opts(o) else { return tiles::ERR_ARGS };
    let Some(totals) = tiles::out_slice(totals, r.players as i64) else { return tiles::ERR_ARGS };
    let mut rng = Rng::new(seed);
    let deck = tiles::card_deck();
    let mut legal = Vec::with_capacity(512);
    let mut pays = [0i64; MAX_SEATS];
    let mut decisions = 0i64;
    for _ in 0..n.max(0) {
        let mut cards = deck;
        rng.shuffle(&mut cards);
        let mut hands = [[0u8; K]; MAX_SEATS];
        for (i, &k) in cards.iter().enumerate() {
            hands[i % r.players][k as usize] += 1;
        }
        let mut st = State::new(&r, &hands);
        decisions += tiles::play_out(&mut st, 0, &mut rng, &mut legal);
        st.payments(&mut pays[..r.players]);
        for s in 0..r.players {
            totals[s] += pays[s];
        }
    }
    decisions
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `lead_nth` walks the lead list of `leads` exactly, under every option that shapes it.
    #[test]
    fn lead_nth_is_the_lead_list() {
        let mut rng = Rng::new(5);
        for za in 0..3 {
            for both in 0..2 {
                for sup in 0..2 {
                    let r = Rules::from_opts(&[4, 1, 0, 1, 0, both, za, sup]).unwrap();
                    for _ in 0..3000 {
                        let mut deck = tiles::card_deck();
                        rng.shuffle(&mut deck);
                        let mut hand = [0u8; K];
                        for &k in &deck[..rng.below(40) + 1] {
                            hand[k as usize] += 1;
                        }
                        let mut list = Vec::new();
                        r.leads(&hand, &mut list);
                        assert_eq!(r.lead_count(&hand), list.len());
                        for (i, &a) in list.iter().enumerate() {
                            assert_eq!(r.lead_nth(&hand, i), a);
                        }
                    }
                }
            }
        }
    }
}

// ---- rows for yezi.rl.VectorEnv (the optional yz_shiwuhu_vec_* exports, docs/native.md) --------

/// Rows of 十五胡 deals stepped together: a row's words are a marker, the seed, the row, its deal
/// counter, the number of actions, the hands as dealt (`yz_shiwuhu_vec_row` reports them for the
/// tests' replay), the actions and their actors, then the packed state. Observations are
/// `yezi/games/shiwuhu/observation.py`'s ("observation", kind 0) or that followed by the
/// history ("info_state", kind 1; every play and pass is public).
pub mod vector {
    use super::{Rules, State, DECLARING, FOLLOW, K, LEAD, MAX_SEATS, NOBODY, NUM_PLAYS, OVER};
    use crate::rng::Rng;
    use crate::tiles::{self, Engine};
    use crate::vecrows::{Cell, VecGame};

    const MARK: i64 = 0x5348_4957_0001; // "SHIW", layout 1
    const MAX_HIST: usize = 84 * MAX_SEATS + 2 * MAX_SEATS + 1;
    const DEAL_AT: usize = 5;
    const HIST_AT: usize = DEAL_AT + (MAX_SEATS * K).div_ceil(8);
    const ACTORS_AT: usize = HIST_AT + MAX_HIST.div_ceil(4);
    const STATE_AT: usize = ACTORS_AT + MAX_HIST.div_ceil(8);
    const PACKED: usize = 2 * MAX_SEATS * K + 3 * MAX_SEATS + 12;
    pub const ROW_WORDS: usize = STATE_AT + PACKED.div_ceil(8);
    pub const NUM_ACTIONS: usize = NUM_PLAYS + 3;

    fn bytes_in(words: &[i64], out: &mut [u8]) {
        for (chunk, &w) in out.chunks_mut(8).zip(words) {
            let b = (w as u64).to_le_bytes();
            chunk.copy_from_slice(&b[..chunk.len()]);
        }
    }

    fn bytes_out(b: &[u8], words: &mut [i64]) {
        for (chunk, w) in b.chunks(8).zip(words.iter_mut()) {
            let mut x = [0u8; 8];
            x[..chunk.len()].copy_from_slice(chunk);
            *w = u64::from_le_bytes(x) as i64;
        }
    }

    fn seat8(x: usize) -> u8 {
        if x == NOBODY {
            255
        } else {
            x as u8
        }
    }

    fn seat_of(b: u8) -> usize {
        if b == 255 {
            NOBODY
        } else {
            b as usize
        }
    }

    fn pack(s: &State, out: &mut [u8; PACKED]) {
        let mut i = 0;
        let mut put = |b: &[u8]| {
            out[i..i + b.len()].copy_from_slice(b);
            i += b.len();
        };
        for h in s.hands.iter().chain(s.played.iter()) {
            put(h);
        }
        let hu: [u8; MAX_SEATS] = std::array::from_fn(|k| s.hu[k] as u8);
        let need: [u8; MAX_SEATS] = std::array::from_fn(|k| s.need[k] as u8);
        put(&hu);
        put(&need);
        put(&s.sizes);
        let best = (s.best as u16).to_le_bytes();
        let tricks = (s.tricks as u16).to_le_bytes();
        put(&[seat8(s.turn), s.phase, seat8(s.leader), best[0], best[1], seat8(s.best_seat), s.out,
              s.trick_cards as u8, seat8(s.winner), s.units as u8, tricks[0], tricks[1]]);
        let _ = seat8(s.last_winner);
        debug_assert!(i <= PACKED);
    }

    fn unpack<'a>(r: &'a Rules, b: &[u8; PACKED], last_winner: u8) -> Option<State<'a>> {
        let mut st = State::new(r, &[[0; K]; MAX_SEATS]);
        let mut i = 0;
        let mut take = |n: usize| {
            let s = &b[i..i + n];
            i += n;
            s
        };
        for h in st.hands.iter_mut() {
            h.copy_from_slice(take(K));
        }
        for h in st.played.iter_mut() {
            h.copy_from_slice(take(K));
        }
        let hu = take(MAX_SEATS).to_vec();
        let need = take(MAX_SEATS).to_vec();
        let sizes = take(MAX_SEATS).to_vec();
        let t = take(12).to_vec();
        let n = r.players;
        let seat_ok = |x: u8| x == 255 || (x as usize) < n;
        let best = u16::from_le_bytes([t[3], t[4]]) as usize;
        let mut ok = seat_ok(t[0]) && t[1] <= OVER && t[2] < n as u8 && best <= NUM_PLAYS && seat_ok(t[5])
            && (best == NUM_PLAYS || t[5] != 255) && seat_ok(t[8]) && t[9] <= 3 && seat_ok(last_winner)
            && t[7] <= 84 && (t[0] != 255 || t[1] == OVER);
        for k in 0..K {
            let c: u32 = (0..MAX_SEATS).map(|s| st.hands[s][k] as u32 + st.played[s][k] as u32).sum();
            ok &= c <= 4;
        }
        for s in 0..MAX_SEATS {
            let held: u32 = st.hands[s].iter().map(|&c| c as u32).sum();
            ok &= held == sizes[s] as u32 && [15, 18, 21].contains(&need[s]) && hu[s] <= 84;
            ok &= s < n || (held == 0 && st.played[s] == [0; K]);
        }
        if !ok {
            return None;
        }
        for s in 0..MAX_SEATS {
            st.hu[s] = hu[s] as u32;
            st.need[s] = need[s] as u32;
            st.sizes[s] = sizes[s];
        }
        st.turn = seat_of(t[0]);
        st.phase = t[1];
        st.leader = t[2] as usize;
        st.best = best;
        st.best_seat = seat_of(t[5]);
        st.out = t[6];
        st.trick_cards = t[7] as u32;
        st.winner = seat_of(t[8]);
        st.units = t[9] as i64;
        st.tricks = u16::from_le_bytes([t[10], t[11]]) as u32;
        st.last_winner = seat_of(last_winner);
        Some(st)
    }

    pub struct Layout {
        n: usize,
        base: usize,
        hist: usize,
    }

    impl Layout {
        pub fn new(r: &Rules, kind: i64) -> Layout {
            let n = r.players;
            let base = n + n + 4 + n + n + NUM_PLAYS + n + n + 3 * n + K + n * K + n + n + 2;
            Layout { n, base, hist: if kind == 1 { 84 * n + 2 * n + 1 } else { 0 } }
        }
        pub fn size(&self) -> usize {
            self.base + 2 * self.hist
        }
    }

    pub struct Row<'a> {
        seed: u64,
        row: u64,
        deals: u64,
        nhist: usize,
        dealt: [[u8; K]; MAX_SEATS],
        hist: [u16; MAX_HIST],
        actors: [u8; MAX_HIST],
        pub st: State<'a>,
    }

    impl<'a> Row<'a> {
        pub fn new(r: &'a Rules, seed: u64, row: u64) -> Row<'a> {
            let dealt = [[0u8; K]; MAX_SEATS];
            Row { seed, row, deals: 0, nhist: 0, dealt, hist: [0; MAX_HIST], actors: [0; MAX_HIST],
                  st: State::new(r, &dealt) }
        }

        pub fn read(r: &'a Rules, w: &[i64]) -> Option<Row<'a>> {
            if w.len() < ROW_WORDS || w[0] != MARK || !(0..=MAX_HIST as i64).contains(&w[4]) {
                return None;
            }
            let mut d = [0u8; MAX_SEATS * K];
            bytes_in(&w[DEAL_AT..HIST_AT], &mut d);
            let dealt: [[u8; K]; MAX_SEATS] = std::array::from_fn(|s| d[s * K..(s + 1) * K].try_into().unwrap());
            // only the actions taken so far are read (and checked): the words past them are stale
            let nh = w[4] as usize;
            let mut hist = [0u16; MAX_HIST];
            for (j, h) in hist.iter_mut().enumerate().take(nh) {
                *h = (w[HIST_AT + j / 4] as u64 >> (16 * (j % 4))) as u16;
            }
            let mut actors = [0u8; MAX_HIST + 7];
            bytes_in(&w[ACTORS_AT..ACTORS_AT + nh.div_ceil(8)], &mut actors[..nh.div_ceil(8) * 8]);
            actors[MAX_HIST] = (w[STATE_AT - 1] as u64 >> (8 * (MAX_HIST % 8))) as u8;
            let mut b = [0u8; PACKED];
            bytes_in(&w[STATE_AT..ROW_WORDS], &mut b);
            let last_winner = actors[MAX_HIST];
            if actors[..nh].iter().any(|&a| a as usize >= r.players)
                || hist[..nh].iter().any(|&h| h as usize >= NUM_ACTIONS)
            {
                return None;
            }
            Some(Row { seed: w[1] as u64, row: w[2] as u64, deals: w[3] as u64, nhist: w[4] as usize, dealt, hist,
                       actors: actors[..MAX_HIST].try_into().unwrap(), st: unpack(r, &b, last_winner)? })
        }

        pub fn write(&self, w: &mut [i64]) {
            w[0] = MARK;
            w[1] = self.seed as i64;
            w[2] = self.row as i64;
            w[3] = self.deals as i64;
            w[4] = self.nhist as i64;
            let mut d = [0u8; MAX_SEATS * K];
            for (s, h) in self.dealt.iter().enumerate() {
                d[s * K..(s + 1) * K].copy_from_slice(h);
            }
            bytes_out(&d, &mut w[DEAL_AT..HIST_AT]);
            // the actions taken so far (the words past them are never read)
            let nh = self.nhist;
            for k in 0..nh.div_ceil(4) {
                let mut x = 0u64;
                for j in 0..4 {
                    if 4 * k + j < MAX_HIST {
                        x |= (self.hist[4 * k + j] as u64) << (16 * j);
                    }
                }
                w[HIST_AT + k] = x as i64;
            }
            // the actors, and the last trick's winner in the byte after them (in the last word)
            let mut a = [0u8; MAX_HIST + 7];
            a[..MAX_HIST].copy_from_slice(&self.actors);
            a[MAX_HIST] = seat8(self.st.last_winner);
            let words = nh.div_ceil(8);
            bytes_out(&a[..words * 8], &mut w[ACTORS_AT..ACTORS_AT + words]);
            bytes_out(&a[(STATE_AT - 1 - ACTORS_AT) * 8..], &mut w[STATE_AT - 1..STATE_AT]);
            let mut b = [0u8; PACKED];
            pack(&self.st, &mut b);
            bytes_out(&b, &mut w[STATE_AT..ROW_WORDS]);
        }

        pub fn next_deal(&mut self, r: &'a Rules) {
            let mut rng = Rng::new(
                self.seed
                    ^ (self.row.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (self.deals.wrapping_add(1)).wrapping_mul(0xD1B5_4A32_D192_ED03),
            );
            self.deals = self.deals.wrapping_add(1);
            let mut cards = tiles::card_deck();
            rng.shuffle(&mut cards);
            self.dealt = [[0u8; K]; MAX_SEATS];
            for (i, &k) in cards.iter().enumerate() {
                self.dealt[i % r.players][k as usize] += 1;
            }
            self.nhist = 0;
            self.st = State::new(r, &self.dealt);
        }

        pub fn observe<T: Cell>(&self, l: &Layout, seat: usize, out: &mut [T]) {
            let s = &self.st;
            let n = l.n;
            out.fill(T::ZERO);
            out[seat] = T::ONE;
            let to_act = n;
            let phase = 2 * n;
            let leader = phase + 4;
            let best_seat = leader + n;
            let best = best_seat + n;
            let out_at = best + NUM_PLAYS;
            let last = out_at + n;
            let need = last + n;
            let hand = need + 3 * n;
            let played = hand + K;
            let sizes = played + n * K;
            let hu = sizes + n;
            let tc = hu + n;
            out[phase + match s.phase { LEAD => 0, FOLLOW => 1, DECLARING => 2, _ => 3 }] = T::ONE;
            if s.turn != NOBODY {
                out[to_act + s.turn] = T::ONE;
                if s.phase == FOLLOW {
                    out[leader + s.leader] = T::ONE;
                    for x in 0..n {
                        if (s.out >> x) & 1 == 1 {
                            out[out_at + x] = T::ONE;
                        }
                    }
                }
            }
            if s.best < NUM_PLAYS {
                out[best_seat + s.best_seat] = T::ONE;
                out[best + s.best] = T::ONE;
            }
            if s.last_winner != NOBODY {
                out[last + s.last_winner] = T::ONE;
            }
            for x in 0..n {
                out[need + 3 * x + match s.need[x] { 15 => 0, 18 => 1, _ => 2 }] = T::ONE;
            }
            // counts copied slice to slice: one bounds check each, and the copies vectorize
            let counts = |dst: &mut [T], src: &[u8]| dst.iter_mut().zip(src).for_each(|(d, &v)| *d = T::of(v as u32));
            counts(&mut out[hand..hand + K], &s.hands[seat]);
            for x in 0..n {
                counts(&mut out[played + x * K..played + (x + 1) * K], &s.played[x]);
            }
            for (d, &v) in out[sizes..sizes + n].iter_mut().zip(&s.sizes) {
                *d = T::of(v as u32);
            }
            for (d, &v) in out[hu..hu + n].iter_mut().zip(&s.hu) {
                *d = T::of(v);
            }
            out[tc] = T::of(s.trick_cards);
            out[tc + 1] = T::of(s.tricks);
            if l.hist > 0 {
                let m = self.nhist.min(l.hist);
                let (h, a) = out[l.base..l.base + 2 * l.hist].split_at_mut(l.hist);
                for (d, &v) in h[..m].iter_mut().zip(&self.hist[..m]) {
                    *d = T::of(v as u32 + 1);
                }
                for (d, &v) in a[..m].iter_mut().zip(&self.actors[..m]) {
                    *d = T::of(v as u32 + 1);
                }
            }
        }
    }

    /// 十五胡's rows for `crate::vecrows`.
    pub struct ShiWuHu;

    impl VecGame for ShiWuHu {
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
            if kind == 1 { NUM_ACTIONS + 1 } else { 84 }
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
        fn room(_: &Rules, x: &Row<'static>) -> bool {
            x.nhist < MAX_HIST
        }
        fn legal(_: &Rules, x: &Row<'static>, out: &mut Vec<i64>) {
            x.st.legal(out)
        }
        fn apply(_: &Rules, x: &mut Row<'static>, a: i64) {
            x.hist[x.nhist] = a as u16;
            x.actors[x.nhist] = x.st.actor().unwrap_or(0) as u8;
            x.nhist += 1;
            x.st.apply(a);
        }
        fn payments(_: &Rules, x: &Row<'static>, out: &mut [i64]) {
            x.st.payments(out)
        }
        fn observe(r: &Rules, x: &Row<'static>, kind: i64, seat: usize, out: &mut [f32]) {
            x.observe(&Layout::new(r, kind), seat, out)
        }
        fn observe_u8(r: &Rules, x: &Row<'static>, kind: i64, seat: usize, out: &mut [u8]) -> bool {
            x.observe(&Layout::new(r, kind), seat, out);
            true
        }
        /// The hands as dealt (seats x 21 counts), then the actions so far.
        fn report(r: &Rules, x: &Row<'static>, out: &mut [i64]) -> i64 {
            let ns = r.players;
            let len = ns * K + x.nhist;
            if out.len() < len {
                return crate::vecrows::E_SIZE;
            }
            for s in 0..ns {
                for k in 0..K {
                    out[s * K + k] = x.dealt[s][k] as i64;
                }
            }
            for j in 0..x.nhist {
                out[ns * K + j] = x.hist[j] as i64;
            }
            len as i64
        }
    }

    crate::vecrows::vec_exports!(ShiWuHu, yz_shiwuhu_vec_state_words, yz_shiwuhu_vec_obs_size, yz_shiwuhu_vec_reset,
                                 yz_shiwuhu_vec_step, yz_shiwuhu_vec_row, yz_shiwuhu_vec_rows_reset,
                                 yz_shiwuhu_vec_rows_step, yz_shiwuhu_vec_sync, yz_shiwuhu_vec_rows_info);
}

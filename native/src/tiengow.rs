//! 打天九 Tien Gow (yezi/games/tiengow), natively: the same multiset numbering, sets, tricks,
//! 尊錢 events and settlement as the Python engine (`combos.py`, `game.py`, `scoring.py`).
//!
//! Options (`yezi/native/tiengow.py` writes them): [mixed (0 all, 1 pairs, 2 none), two_pairs,
//! last_trick entered, scoring tricks (1) or flat (0), shutout (0 five, 1 double-all, 2 none),
//! banker double, specials, zun_money]. `next_banker` changes nothing inside a deal.
//! A deal: the four hands, 8 kinds each, seat after seat.

use std::sync::OnceLock;

use crate::rng::Rng;
use crate::tiles::{self, Engine, NUM_KINDS as K};

const SEATS: usize = 4;
const HAND: usize = 8;
const NOPTS: usize = 10;

// categories, as combos.py
const SINGLE_C: i8 = 0;
const SINGLE_M: i8 = 1;
const PAIR_C: i8 = 2;
const PAIR_M: i8 = 3;
const SUPREME: i8 = 4;
const WW11: i8 = 5;
const WW21: i8 = 6;
const WW12: i8 = 7;
const WW22: i8 = 8;
const TWO_PAIRS_C: i8 = 9;
const TWO_PAIRS_M: i8 = 10;

const KEY_BASE: usize = 21;
/// Where the keys of each length start: one compact block per length, short sets first (the
/// lookups of singles and pairs stay within a few cache lines).
const KEY_OFFSET: [usize; 5] = [0, 0, 21, 21 + 441, 21 + 441 + 9261];
const KEY_SPACE: usize = 21 + 441 + 9261 + 194_481;

/// `combos.MULTISETS` and what each multiset is, built once.
pub struct Tables {
    tiles: Vec<[u8; 4]>,
    len: Vec<u8>,
    cat: Vec<i8>, // -1: not a set
    rank: Vec<i8>,
    index: Vec<u16>, // key of a sorted multiset (`key_of`) -> index
    wu_zun: usize,
    wen_zun: usize,
    qin: usize,
    by_cat: Vec<Vec<usize>>, // the sets of each category, ascending index
}

fn key_of(t: &[u8]) -> usize {
    KEY_OFFSET[t.len()] + t.iter().fold(0, |k, &x| k * KEY_BASE + x as usize)
}

fn za_rank(a: u8, b: u8) -> Option<i8> {
    tiles::ZA_PAIRS.iter().position(|&(x, y)| (x as u8, y as u8) == (a, b)).map(|i| i as i8 + 1)
}

/// `combos.classify`: (category, rank) of a sorted multiset, or None.
fn classify(t: &[u8]) -> Option<(i8, i8)> {
    let n = t.len();
    if n == 1 {
        let k = t[0] as usize;
        return Some((if tiles::civil(k) { SINGLE_C } else { SINGLE_M }, tiles::rank(k) as i8));
    }
    let civ: Vec<u8> = t.iter().copied().filter(|&k| tiles::civil(k as usize)).collect();
    let mil: Vec<u8> = t.iter().copied().filter(|&k| !tiles::civil(k as usize)).collect();
    if n == 2 {
        if civ.len() == 2 && civ[0] == civ[1] {
            return Some((PAIR_C, tiles::rank(civ[0] as usize) as i8));
        }
        if mil.len() == 2 {
            if let Some(r) = za_rank(mil[0], mil[1]) {
                return Some((PAIR_M, r));
            }
            if (mil[0] as usize, mil[1] as usize) == (tiles::BIG_SIX, tiles::LITTLE_THREE) {
                return Some((SUPREME, 0));
            }
        }
    }
    if n == 4 && mil.is_empty() {
        let distinct = if civ[0] == civ[1] && civ[2] == civ[3] && civ[0] != civ[2] { 2 } else { 0 };
        if distinct == 2 {
            let r = tiles::rank(civ[0] as usize).min(tiles::rank(civ[2] as usize));
            return Some((TWO_PAIRS_C, r as i8));
        }
    }
    if n == 4 && civ.is_empty() {
        if let (Some(a), Some(b)) = (za_rank(mil[0], mil[1]), za_rank(mil[2], mil[3])) {
            return Some((TWO_PAIRS_M, a.min(b)));
        }
    }
    if civ.is_empty() || mil.is_empty() || civ.iter().any(|&c| c != civ[0]) {
        return None;
    }
    for (gi, &(c, x, y)) in tiles::WENWU.iter().enumerate() {
        if civ[0] as usize != c || mil.iter().any(|&m| m as usize != x && m as usize != y) {
            continue;
        }
        if mil.len() == 2 && mil[0] == mil[1] {
            continue;
        }
        let shape = match (civ.len(), mil.len()) {
            (1, 1) => WW11,
            (2, 1) => WW21,
            (1, 2) => WW12,
            (2, 2) => WW22,
            _ => continue,
        };
        return Some((shape, gi as i8 + 1));
    }
    None
}

fn build() -> Tables {
    let mut all: Vec<Vec<u8>> = Vec::new();
    fn rec(start: usize, cur: &mut Vec<u8>, all: &mut Vec<Vec<u8>>) {
        if !cur.is_empty() {
            all.push(cur.clone());
        }
        if cur.len() == 4 {
            return;
        }
        for k in start..K {
            if (cur.iter().filter(|&&x| x as usize == k).count() as u8) < tiles::copies32(k) {
                cur.push(k as u8);
                rec(k, cur, all);
                cur.pop();
            }
        }
    }
    rec(0, &mut Vec::new(), &mut all);
    all.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    let mut t = Tables {
        tiles: Vec::with_capacity(all.len()),
        len: Vec::with_capacity(all.len()),
        cat: Vec::with_capacity(all.len()),
        rank: Vec::with_capacity(all.len()),
        index: vec![u16::MAX; KEY_SPACE],
        wu_zun: 0,
        wen_zun: 0,
        qin: 0,
        by_cat: vec![Vec::new(); 11],
    };
    for (i, m) in all.iter().enumerate() {
        let mut arr = [0u8; 4];
        arr[..m.len()].copy_from_slice(m);
        t.tiles.push(arr);
        t.len.push(m.len() as u8);
        let c = classify(m);
        t.cat.push(c.map_or(-1, |c| c.0));
        t.rank.push(c.map_or(0, |c| c.1));
        t.index[key_of(m)] = i as u16;
        if let Some((cat, _)) = c {
            t.by_cat[cat as usize].push(i);
        }
    }
    t.wu_zun = t.index[key_of(&[tiles::BIG_SIX as u8, tiles::LITTLE_THREE as u8])] as usize;
    t.wen_zun = t.index[key_of(&[tiles::MALLET_SIX as u8, tiles::MALLET_SIX as u8])] as usize;
    t.qin = t.index[key_of(&[tiles::LONG_SEVEN as u8, tiles::LONG_SEVEN as u8])] as usize;
    t
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

/// The distinct sub-multisets of `n` tiles of a hand (count vector), ascending index order.
#[inline]
fn for_each_sub(t: &Tables, hand: &[u8; K], n: usize, f: &mut impl FnMut(usize)) {
    let mut ts = [0u8; HAND];
    let mut m = 0;
    for (k, &c) in hand.iter().enumerate() {
        for _ in 0..c {
            if m < HAND {
                ts[m] = k as u8;
                m += 1;
            }
        }
    }
    if n == 0 || n > m {
        return;
    }
    rec_sub(t, &ts[..m], 0, n, KEY_OFFSET[n], f);
}

/// The sub-multisets of `left` tiles from `ts[start..]`, by their keys (`offset` + base-21 digits).
fn rec_sub(t: &Tables, ts: &[u8], start: usize, left: usize, offset: usize, f: &mut impl FnMut(usize)) {
    rec_digits(t, ts, start, left, 0, offset, f)
}

fn rec_digits(t: &Tables, ts: &[u8], start: usize, left: usize, key: usize, offset: usize, f: &mut impl FnMut(usize)) {
    if left == 0 {
        f(t.index[offset + key] as usize);
        return;
    }
    let mut i = start;
    while i + left <= ts.len() {
        if i == start || ts[i] != ts[i - 1] {
            rec_digits(t, ts, i + 1, left - 1, key * KEY_BASE + ts[i] as usize, offset, f);
        }
        i += 1;
    }
}

#[inline]
fn in_hand(t: &Tables, i: usize, hand: &[u8; K]) -> bool {
    let ms = &t.tiles[i];
    let n = t.len[i] as usize;
    let mut j = 0;
    while j < n {
        let k = ms[j];
        let mut c = 1;
        while j + c < n && ms[j + c] == k {
            c += 1;
        }
        if (hand[k as usize] as usize) < c {
            return false;
        }
        j += c;
    }
    true
}

pub struct Rules {
    leads: Vec<u16>, // every set of an allowed category, ascending index (what may be led)
    entered: bool,
    tricks_scoring: bool,
    shutout: i64,
    banker_double: bool,
    specials: bool,
    zun: i64,
    follow_suit: bool,   // V-TG10 [DR]: a civil single led is followed with a civil tile by one who holds one
    plain_refund: bool,  // V-TG11: a losing banker with more than four tricks is paid back undoubled
}

impl Rules {
    pub fn from_opts(o: &[i64]) -> Option<Rules> {
        if o.len() != NOPTS || o.iter().enumerate().any(|(i, &v)| v < 0 || (i != 0 && i != 4 && i != 7 && v > 1)) {
            return None;
        }
        let mut allowed: u16 = 0b11111;
        match o[0] {
            0 => allowed |= (1 << WW11) | (1 << WW21) | (1 << WW12) | (1 << WW22),
            1 => allowed |= 1 << WW11,
            2 => {}
            _ => return None,
        }
        if o[1] == 1 {
            allowed |= (1 << TWO_PAIRS_C) | (1 << TWO_PAIRS_M);
        }
        if o[4] > 2 {
            return None;
        }
        let t = tables();
        let leads = (0..t.cat.len()).filter(|&i| t.cat[i] >= 0 && allowed >> t.cat[i] & 1 == 1).map(|i| i as u16).collect();
        Some(Rules {
            leads,
            entered: o[2] == 1,
            tricks_scoring: o[3] == 1,
            shutout: o[4],
            banker_double: o[5] == 1,
            specials: o[6] == 1,
            zun: o[7],
            follow_suit: o[8] == 1,
            plain_refund: o[9] == 1,
        })
    }
}

#[derive(Clone)]
pub struct State<'a> {
    t: &'static Tables,
    r: &'a Rules,
    hands: [[u8; K]; SEATS],
    sizes: [u8; SEATS],
    won: [u8; SEATS],
    leader: usize,
    turn: usize, // SEATS: the deal is over
    n: usize,    // tiles per play in the trick; 0: the leader is to play
    last: bool,
    high_cat: i8,
    high_rank: i8,
    high_seat: usize,
    lead_index: usize,
    wenzun: bool,
    nplays: usize,
    zun: [u8; SEATS], // 尊錢 events per seat
    winner: usize,
    // what each seat has seen, for the heuristic: every face-up tile, and each seat's own face-down ones
    up: [u8; K],
    down: [[u8; K]; SEATS],
}

impl<'a> State<'a> {
    pub fn new(r: &'a Rules, hands: &[[u8; K]; SEATS]) -> State<'a> {
        State {
            t: tables(),
            r,
            hands: *hands,
            sizes: [HAND as u8; SEATS],
            won: [0; SEATS],
            leader: 0,
            turn: 0,
            n: 0,
            last: false,
            high_cat: -1,
            high_rank: 0,
            high_seat: 0,
            lead_index: 0,
            wenzun: false,
            nplays: 0,
            zun: [0; SEATS],
            winner: SEATS,
            up: [0; K],
            down: [[0; K]; SEATS],
        }
    }

    /// Whether the seat to act may play face up (`_face_up` before its per-set test).
    #[inline]
    fn beats(&self, i: usize) -> bool {
        let t = self.t;
        if self.wenzun {
            return i == t.qin;
        }
        t.cat[i] == self.high_cat && t.rank[i] < self.high_rank
    }

    fn may_beat(&self) -> bool {
        !(self.last && self.n == 1 && self.r.entered && self.won[self.turn] == 0) && self.high_cat != SUPREME
    }

    fn end_trick(&mut self) {
        let w = self.high_seat;
        self.won[w] += (SEATS * self.n) as u8;
        if self.r.specials && !self.last && w == self.leader {
            if self.wenzun || self.t.cat[self.lead_index] == WW22 {
                self.zun[w] += 1;
            }
        }
        self.nplays = 0;
        self.wenzun = false;
        if self.last {
            self.winner = w;
            self.turn = SEATS;
            return;
        }
        self.leader = w;
        self.turn = w;
        self.n = 0;
        self.high_cat = -1;
    }

    // ---- the heuristic bot (bots.HeuristicBot), from the seat's own knowledge ----------------
    fn unseen(&self, seat: usize) -> [u8; K] {
        let mut u = [0u8; K];
        for (k, x) in u.iter_mut().enumerate() {
            *x = tiles::copies32(k) - self.hands[seat][k] - self.up[k] - self.down[seat][k];
        }
        u
    }

    fn safe(&self, i: usize, unseen: &[u8; K]) -> bool {
        let t = self.t;
        let c = t.cat[i];
        if c < 0 {
            return false;
        }
        if c == SUPREME {
            return true;
        }
        !better_in(t, c, t.rank[i], unseen)
    }

    fn keeper(&self, hand: &[u8; K], unseen: &[u8; K]) -> Option<usize> {
        let (mut best, mut best_v) = (None, -1.0f64);
        for k in 0..K {
            if hand[k] > 0 {
                let i = self.t.index[key_of(&[k as u8])] as usize;
                let v = VALUE[k] + if self.safe(i, unseen) { 20.0 } else { 0.0 };
                if v > best_v {
                    best = Some(k);
                    best_v = v;
                }
            }
        }
        best
    }

    fn lead_choice(&self, hand: &[u8; K], unseen: &[u8; K], legal: &[i64]) -> i64 {
        let t = self.t;
        let size: u8 = hand.iter().sum();
        let keeper = self.keeper(hand, unseen);
        let bonus = keep_bonus(hand);
        let (mut best, mut best_v) = (legal[0], f64::NEG_INFINITY);
        for &a in legal {
            let i = (a >> 1) as usize;
            let n = t.len[i] as usize;
            let safe = self.safe(i, unseen);
            let v = if n == size as usize {
                1000.0 + if safe { 100.0 } else { 0.0 } - t.rank[i] as f64
            } else if safe {
                let mut v = 100.0 + 10.0 * n as f64;
                if n == 1 && Some(t.tiles[i][0] as usize) == keeper && hand[keeper.unwrap_or(0)] == 1 {
                    v -= 90.0;
                }
                v
            } else {
                -worth(t, i, &bonus) / n as f64
            };
            if v > best_v {
                best = a;
                best_v = v;
            }
        }
        best
    }

    fn follow_choice(&self, seat: usize, hand: &[u8; K], unseen: &[u8; K], legal: &[i64]) -> i64 {
        let t = self.t;
        let mut ups = [0i64; 64];
        let mut nup = 0;
        let mut has_down = false;
        for &a in legal {
            if a & 1 == 0 {
                if nup < ups.len() {
                    ups[nup] = a;
                    nup += 1;
                }
            } else {
                has_down = true;
            }
        }
        let size: u8 = hand.iter().sum();
        let n = self.n;
        let remaining = 3 - self.nplays;
        if nup > 0 {
            let ups = &mut ups[..nup];
            ups.sort_by_key(|&a| -(t.rank[(a >> 1) as usize] as i32)); // stable: cheapest first
            let safe_first = ups.iter().copied().find(|&a| remaining == 0 || self.safe((a >> 1) as usize, unseen));
            let choice = safe_first.unwrap_or(ups[0]);
            let keeper = self.keeper(hand, unseen);
            let spends_keeper = match keeper {
                Some(k) => n == 1 && (choice >> 1) as usize == t.index[key_of(&[k as u8])] as usize,
                None => false,
            };
            let need_trick = self.won[seat] == 0;
            let worth_it = self.last || n >= 2 || need_trick || safe_first.is_some();
            if worth_it && !(spends_keeper && !need_trick && size > 2 && !self.last) {
                return choice;
            }
        }
        if !has_down {
            return legal[0];
        }
        let bonus = keep_bonus(hand);
        let (mut best, mut best_v) = (legal[0], f64::INFINITY);
        for &a in legal {
            if a & 1 == 1 {
                let v = worth(t, (a >> 1) as usize, &bonus);
                if v < best_v {
                    best = a;
                    best_v = v;
                }
            }
        }
        best
    }
}

const fn value(k: usize) -> f64 {
    let (civil, rank) = (tiles::KIND_DATA[k].2, tiles::KIND_DATA[k].3 as i32);
    if civil {
        (12 - rank) as f64
    } else {
        1.5 * (7 - rank) as f64
    }
}

const VALUE: [f64; K] = {
    let mut v = [0.0; K];
    let mut k = 0;
    while k < K {
        v[k] = value(k);
        k += 1;
    }
    v
};

/// `sum(VALUE[k] + bonus[k] for k in tiles)`, in the tiles' order.
fn worth(t: &Tables, i: usize, bonus: &[f64; K]) -> f64 {
    let mut s = 0.0;
    for j in 0..t.len[i] as usize {
        let k = t.tiles[i][j] as usize;
        s += VALUE[k] + bonus[k];
    }
    s
}

/// Whether any set of `cat` ranked better than `rank` can be made from `pool` (`cb.BETTER`).
fn better_in(t: &Tables, cat: i8, rank: i8, pool: &[u8; K]) -> bool {
    t.by_cat[cat as usize].iter().any(|&j| t.rank[j] < rank && in_hand(t, j, pool))
}

/// `bots._keep_bonus`: extra worth of a tile that is part of a set in hand.
fn keep_bonus(hand: &[u8; K]) -> [f64; K] {
    let mut b = [0.0f64; K];
    for k in 0..K {
        if hand[k] >= 2 {
            b[k] += 3.0;
        }
    }
    for &(x, y) in &tiles::ZA_PAIRS {
        if hand[x] > 0 && hand[y] > 0 {
            b[x] += 2.0;
            b[y] += 2.0;
        }
    }
    if hand[tiles::BIG_SIX] > 0 && hand[tiles::LITTLE_THREE] > 0 {
        b[tiles::BIG_SIX] += 6.0;
        b[tiles::LITTLE_THREE] += 6.0;
    }
    for &(c, x, y) in &tiles::WENWU {
        if hand[c] > 0 && (hand[x] > 0 || hand[y] > 0) {
            b[c] += 2.0;
            for m in [x, y] {
                if hand[m] > 0 {
                    b[m] += 2.0;
                }
            }
        }
    }
    b
}

impl Engine for State<'_> {
    fn num_seats(&self) -> usize {
        SEATS
    }

    fn actor(&self) -> Option<usize> {
        if self.turn < SEATS {
            Some(self.turn)
        } else {
            None
        }
    }

    fn legal(&self, out: &mut Vec<i64>) {
        out.clear();
        if self.turn >= SEATS {
            return;
        }
        let t = self.t;
        let hand = &self.hands[self.turn];
        if self.n == 0 {
            for &i in &self.r.leads {
                if in_hand(t, i as usize, hand) {
                    out.push(2 * i as i64);
                }
            }
            return;
        }
        let up = self.may_beat();
        // [DR]'s duty (`_must_follow_civil`): only civil tiles, when a civil single was led and the hand holds one
        let civil_only = self.r.follow_suit
            && self.n == 1
            && t.cat[self.lead_index] == SINGLE_C
            && (0..K).any(|k| tiles::civil(k) && hand[k] > 0);
        for_each_sub(t, hand, self.n, &mut |i| {
            if civil_only && !tiles::civil(t.tiles[i][0] as usize) {
                return;
            }
            if up && self.beats(i) {
                out.push(2 * i as i64);
            }
            out.push(2 * i as i64 + 1);
        });
    }

    fn apply(&mut self, a: i64) {
        let t = self.t;
        let seat = self.turn;
        let idx = (a >> 1) as usize;
        let down = a & 1 == 1;
        let len = t.len[idx] as usize;
        if self.n == 0 {
            self.n = len;
            self.last = self.sizes[seat] as usize == len;
            self.high_cat = t.cat[idx];
            self.high_rank = t.rank[idx];
            self.high_seat = seat;
            self.lead_index = idx;
            self.wenzun = self.r.specials && idx == t.wen_zun && !self.last;
            if self.r.specials && idx == t.wu_zun && !self.last {
                self.zun[seat] += 1;
            }
        } else if !down {
            if self.wenzun {
                self.wenzun = false;
                self.zun[seat] += 1;
            }
            self.high_cat = t.cat[idx];
            self.high_rank = t.rank[idx];
            self.high_seat = seat;
        }
        for j in 0..len {
            let k = t.tiles[idx][j] as usize;
            self.hands[seat][k] -= 1;
            if down {
                self.down[seat][k] += 1;
            } else {
                self.up[k] += 1;
            }
        }
        self.sizes[seat] -= len as u8;
        self.nplays += 1;
        if self.nplays < SEATS {
            self.turn = (seat + 1) % SEATS;
            return;
        }
        self.end_trick();
    }

    fn payments(&self, out: &mut [i64]) {
        for v in out.iter_mut().take(SEATS) {
            *v = 0;
        }
        if self.turn < SEATS {
            return;
        }
        let r = self.r;
        let w = self.winner;
        let tricks = self.won.map(|x| (x as usize / SEATS) as i64);
        let all_shut = (0..SEATS).all(|s| s == w || tricks[s] == 0);
        for s in 0..SEATS {
            if s == w {
                continue;
            }
            let shut = tricks[s] == 0 && r.shutout == 0;
            let base = if r.tricks_scoring {
                if shut {
                    5
                } else {
                    4 - tricks[s]
                }
            } else if shut {
                2
            } else {
                1
            };
            let mut mult = 1;
            let refund = r.plain_refund && s == 0 && base < 0;
            if r.banker_double && (s == 0 || w == 0) && !refund {
                mult *= 2;
            }
            if all_shut && r.shutout == 1 {
                mult *= 2;
            }
            out[s] -= base * mult;
            out[w] += base * mult;
        }
        for e in 0..SEATS {
            let z = r.zun * self.zun[e] as i64;
            for s in 0..SEATS {
                if s != e {
                    out[s] -= z;
                    out[e] += z;
                }
            }
        }
    }

    fn heuristic(&self, legal: &[i64], _noise: Option<&mut Rng>) -> Option<i64> {
        if legal.len() == 1 {
            return Some(legal[0]);
        }
        let seat = self.turn;
        let hand = &self.hands[seat];
        let unseen = self.unseen(seat);
        Some(if self.n == 0 {
            self.lead_choice(hand, &unseen, legal)
        } else {
            self.follow_choice(seat, hand, &unseen, legal)
        })
    }
}

fn parse_deal(d: &[i64]) -> Option<[[u8; K]; SEATS]> {
    if d.len() != SEATS * HAND {
        return None;
    }
    let mut hands = [[0u8; K]; SEATS];
    let mut total = [0u8; K];
    for (i, &k) in d.iter().enumerate() {
        if !(0..K as i64).contains(&k) {
            return None;
        }
        hands[i / HAND][k as usize] += 1;
        total[k as usize] += 1;
    }
    if (0..K).any(|k| total[k] != tiles::copies32(k)) {
        return None;
    }
    Some(hands)
}

tiles::deal_exports!(yz_tiengow_trace, yz_tiengow_playout, yz_tiengow_heuristic_choice, |r, d| parse_deal(d).map(|hands| State::new(r, &hands)));

pub fn yz_tiengow_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, totals: *mut i64) -> i64 {
    let Some(o) = tiles::in_slice(opts, nopts) else { return tiles::ERR_ARGS };
    let Some(r) = Rules::from_opts(o) else { return tiles::ERR_ARGS };
    let Some(totals) = tiles::out_slice(totals, SEATS as i64) else { return tiles::ERR_ARGS };
    let mut rng = Rng::new(seed);
    let set = tiles::domino_set();
    let mut legal = Vec::with_capacity(256);
    let mut pays = [0i64; SEATS];
    let mut decisions = 0i64;
    for _ in 0..n.max(0) {
        let mut pile = set;
        rng.shuffle(&mut pile);
        let mut hands = [[0u8; K]; SEATS];
        for (i, &k) in pile.iter().enumerate() {
            hands[i / HAND][k as usize] += 1;
        }
        let mut st = State::new(&r, &hands);
        decisions += tiles::play_out(&mut st, 0, &mut rng, &mut legal);
        st.payments(&mut pays);
        for s in 0..SEATS {
            totals[s] += pays[s];
        }
    }
    decisions
}


// ---- rows for yezi.rl.VectorEnv (the optional yz_tiengow_vec_* exports, docs/native.md) --------

/// Rows of 打天九 deals stepped together: a row's words are a marker, the seed, the row, its deal
/// counter, the number of actions, the hands as dealt (`yz_tiengow_vec_row` reports them for the
/// tests' replay), the actions and their actors, the tiles each seat played face up, the special
/// plays made (kind x seat bits) and the trick's plays, then the packed state. Observations are
/// `yezi/games/tiengow/observation.py`'s ("observation", kind 0) or that followed by the
/// history ("info_state", kind 1; another seat's face-down play hidden, also once the deal is over).
pub mod vector {
    use super::{tables, Rules, State, HAND, K, SEATS, WW22};
    use crate::rng::Rng;
    use crate::tiles::{self, Engine};
    use crate::vecrows::{Cell, VecGame};

    const MARK: i64 = 0x5449_454E_0001; // "TIEN", layout 1
    const MAX_HIST: usize = SEATS * HAND;
    const DEAL_AT: usize = 5;
    const HIST_AT: usize = DEAL_AT + (SEATS * K).div_ceil(8);
    const ACTORS_AT: usize = HIST_AT + MAX_HIST / 4;
    const UP_AT: usize = ACTORS_AT + MAX_HIST / 8;
    const EXTRA_AT: usize = UP_AT + (SEATS * K).div_ceil(8);
    const STATE_AT: usize = EXTRA_AT + 2;
    const PACKED: usize = K * SEATS + 2 * SEATS + 12 + SEATS + K + K * SEATS;
    pub const ROW_WORDS: usize = STATE_AT + PACKED.div_ceil(8);

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

    pub fn num_actions() -> usize {
        2 * tables().len.len()
    }

    fn pack(s: &State, out: &mut [u8; PACKED]) {
        let mut i = 0;
        let mut put = |b: &[u8]| {
            out[i..i + b.len()].copy_from_slice(b);
            i += b.len();
        };
        for h in s.hands.iter() {
            put(h);
        }
        put(&s.sizes);
        put(&s.won);
        let li = (s.lead_index as u16).to_le_bytes();
        put(&[s.leader as u8, s.turn as u8, s.n as u8, s.last as u8, s.high_cat as u8, s.high_rank as u8,
              s.high_seat as u8, li[0], li[1], s.wenzun as u8, s.nplays as u8, s.winner as u8]);
        put(&s.zun);
        put(&s.up);
        for d in s.down.iter() {
            put(d);
        }
    }

    fn unpack<'a>(r: &'a Rules, b: &[u8; PACKED]) -> Option<State<'a>> {
        let mut st = State::new(r, &[[0; K]; SEATS]);
        let mut i = 0;
        let mut take = |n: usize| {
            let s = &b[i..i + n];
            i += n;
            s
        };
        for h in st.hands.iter_mut() {
            h.copy_from_slice(take(K));
        }
        st.sizes.copy_from_slice(take(SEATS));
        st.won.copy_from_slice(take(SEATS));
        let t = take(12).to_vec();
        st.zun.copy_from_slice(take(SEATS));
        st.up.copy_from_slice(take(K));
        for d in st.down.iter_mut() {
            d.copy_from_slice(take(K));
        }
        let lead_index = u16::from_le_bytes([t[7], t[8]]) as usize;
        let ncombos = tables().len.len();
        let high_cat = t[4] as i8;
        let mut ok = (t[0] as usize) < SEATS && (t[1] as usize) <= SEATS && t[2] <= 4 && t[3] <= 1
            && (-1..=10).contains(&high_cat) && (t[6] as usize) < SEATS && lead_index < ncombos && t[9] <= 1
            && (t[10] as usize) < SEATS && (t[11] as usize) <= SEATS;
        for k in 0..K {
            let mut c = st.up[k] as u32;
            for s in 0..SEATS {
                c += st.hands[s][k] as u32 + st.down[s][k] as u32;
            }
            ok &= c <= tiles::copies32(k) as u32;
        }
        for s in 0..SEATS {
            let held: u32 = st.hands[s].iter().map(|&c| c as u32).sum();
            ok &= held == st.sizes[s] as u32 && st.won[s] as usize <= SEATS * HAND;
        }
        if !ok {
            return None;
        }
        st.leader = t[0] as usize;
        st.turn = t[1] as usize;
        st.n = t[2] as usize;
        st.last = t[3] == 1;
        st.high_cat = high_cat;
        st.high_rank = t[5] as i8;
        st.high_seat = t[6] as usize;
        st.lead_index = lead_index;
        st.wenzun = t[9] == 1;
        st.nplays = t[10] as usize;
        st.winner = t[11] as usize;
        Some(st)
    }

    pub struct Layout {
        base: usize,
        hist: usize,
    }

    impl Layout {
        pub fn new(kind: i64) -> Layout {
            let n = SEATS;
            let base = 4 * n + 5 + n + 2 + 4 * n + K + K + n * K + K + 3 * n;
            Layout { base, hist: if kind == 1 { MAX_HIST } else { 0 } }
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
        dealt: [[u8; K]; SEATS],
        hist: [u16; MAX_HIST],
        actors: [u8; MAX_HIST],
        up_by: [[u8; K]; SEATS],
        specials: u16,
        plays: [(u8, u16); SEATS],
        pub st: State<'a>,
    }

    impl<'a> Row<'a> {
        pub fn new(r: &'a Rules, seed: u64, row: u64) -> Row<'a> {
            let dealt = [[0u8; K]; SEATS];
            Row { seed, row, deals: 0, nhist: 0, dealt, hist: [0; MAX_HIST], actors: [0; MAX_HIST],
                  up_by: [[0; K]; SEATS], specials: 0, plays: [(0, 0); SEATS], st: State::new(r, &dealt) }
        }

        pub fn read(r: &'a Rules, w: &[i64]) -> Option<Row<'a>> {
            if w.len() < ROW_WORDS || w[0] != MARK || !(0..=MAX_HIST as i64).contains(&w[4]) {
                return None;
            }
            let mut d = [0u8; SEATS * K];
            bytes_in(&w[DEAL_AT..HIST_AT], &mut d);
            let dealt: [[u8; K]; SEATS] = std::array::from_fn(|s| d[s * K..(s + 1) * K].try_into().unwrap());
            let mut hist = [0u16; MAX_HIST];
            for (j, h) in hist.iter_mut().enumerate() {
                *h = (w[HIST_AT + j / 4] as u64 >> (16 * (j % 4))) as u16;
            }
            let mut actors = [0u8; MAX_HIST];
            bytes_in(&w[ACTORS_AT..UP_AT], &mut actors);
            let mut u = [0u8; SEATS * K];
            bytes_in(&w[UP_AT..EXTRA_AT], &mut u);
            let up_by: [[u8; K]; SEATS] = std::array::from_fn(|s| u[s * K..(s + 1) * K].try_into().unwrap());
            let e0 = w[EXTRA_AT] as u64;
            let e1 = w[EXTRA_AT + 1] as u64;
            let specials = (e0 & 0xffff) as u16;
            let plays: [(u8, u16); SEATS] = std::array::from_fn(|j| {
                let v = if j < 2 { e0 >> (16 + 24 * j) } else { e1 >> (24 * (j - 2)) };
                ((v & 0xff) as u8, ((v >> 8) & 0xffff) as u16)
            });
            let na = num_actions();
            let mut b = [0u8; PACKED];
            bytes_in(&w[STATE_AT..ROW_WORDS], &mut b);
            if actors.iter().any(|&a| a as usize >= SEATS) || hist.iter().any(|&h| h as usize >= na)
                || plays.iter().any(|&(s, a)| s as usize >= SEATS || a as usize >= na)
            {
                return None;
            }
            Some(Row { seed: w[1] as u64, row: w[2] as u64, deals: w[3] as u64, nhist: w[4] as usize, dealt, hist,
                       actors, up_by, specials, plays, st: unpack(r, &b)? })
        }

        pub fn write(&self, w: &mut [i64]) {
            w[0] = MARK;
            w[1] = self.seed as i64;
            w[2] = self.row as i64;
            w[3] = self.deals as i64;
            w[4] = self.nhist as i64;
            let mut d = [0u8; SEATS * K];
            for (s, h) in self.dealt.iter().enumerate() {
                d[s * K..(s + 1) * K].copy_from_slice(h);
            }
            bytes_out(&d, &mut w[DEAL_AT..HIST_AT]);
            for k in 0..MAX_HIST / 4 {
                let mut x = 0u64;
                for j in 0..4 {
                    x |= (self.hist[4 * k + j] as u64) << (16 * j);
                }
                w[HIST_AT + k] = x as i64;
            }
            bytes_out(&self.actors, &mut w[ACTORS_AT..UP_AT]);
            let mut u = [0u8; SEATS * K];
            for (s, h) in self.up_by.iter().enumerate() {
                u[s * K..(s + 1) * K].copy_from_slice(h);
            }
            bytes_out(&u, &mut w[UP_AT..EXTRA_AT]);
            let p = |j: usize| (self.plays[j].0 as u64) | (self.plays[j].1 as u64) << 8;
            w[EXTRA_AT] = (self.specials as u64 | p(0) << 16 | p(1) << 40) as i64;
            w[EXTRA_AT + 1] = (p(2) | p(3) << 24) as i64;
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
            let mut pile = tiles::domino_set();
            rng.shuffle(&mut pile);
            self.dealt = [[0u8; K]; SEATS];
            for (i, &k) in pile.iter().enumerate() {
                self.dealt[i / HAND][k as usize] += 1;
            }
            self.nhist = 0;
            self.up_by = [[0; K]; SEATS];
            self.specials = 0;
            self.st = State::new(r, &self.dealt);
        }

        /// Apply `a`, recording what the observation needs beyond the engine's state: the tiles
        /// played face up by seat, the trick's plays, and the special plays (`specials` events).
        pub fn apply(&mut self, r: &Rules, a: i64) {
            let t = tables();
            let st = &self.st;
            let (seat, idx, down) = (st.turn, (a >> 1) as usize, a & 1 == 1);
            let (lead, wenzun0, last0, leader0, nplays0) = (st.n == 0, st.wenzun, st.last, st.leader, st.nplays);
            let lead_index0 = if lead { idx } else { st.lead_index };
            self.hist[self.nhist] = a as u16;
            self.actors[self.nhist] = seat as u8;
            self.nhist += 1;
            self.plays[nplays0] = (seat as u8, a as u16);
            if !down {
                for j in 0..t.len[idx] as usize {
                    self.up_by[seat][t.tiles[idx][j] as usize] += 1;
                }
            }
            let mut bit = |kind: usize, s: usize| self.specials |= 1 << (kind * SEATS + s);
            self.st.apply(a);
            if r.specials {
                if lead && idx == t.wu_zun && !self.st.last {
                    bit(0, seat);
                } else if !lead && !down && wenzun0 {
                    bit(2, seat);
                }
                if nplays0 == SEATS - 1 && !last0 {
                    let w = self.st.leader;
                    if w == leader0 {
                        if wenzun0 && down {
                            bit(1, w);
                        } else if t.cat[lead_index0] == WW22 {
                            bit(3, w);
                        }
                    }
                }
            }
        }

        pub fn observe<T: Cell>(&self, l: &Layout, seat: usize, out: &mut [T]) {
            let t = tables();
            let s = &self.st;
            let n = SEATS;
            out.fill(T::ZERO);
            out[seat] = T::ONE;
            let to_act = n;
            let leader = 2 * n;
            let high_seat = 3 * n;
            let size = 4 * n;
            let plays = size + 5;
            let last = plays + n;
            let wenzun = last + 1;
            let specials = wenzun + 1;
            let hand = specials + 4 * n;
            let high = hand + K;
            let up = high + K;
            let own_down = up + n * K;
            let down_n = own_down + K;
            let won = down_n + n;
            let sizes = won + n;
            if s.turn < SEATS {
                out[to_act + s.turn] = T::ONE;
                out[leader + s.leader] = T::ONE;
                out[size + s.n] = T::ONE;
                out[plays + s.nplays] = T::ONE;
                if s.nplays > 0 {
                    out[high_seat + s.high_seat] = T::ONE;
                    for &(p, a) in &self.plays[..s.nplays] {
                        if p as usize == s.high_seat && a & 1 == 0 {
                            let idx = (a >> 1) as usize;
                            for j in 0..t.len[idx] as usize {
                                T::bump(&mut out[high + t.tiles[idx][j] as usize]);
                            }
                        }
                    }
                }
                if s.last {
                    out[last] = T::ONE;
                }
                if s.wenzun {
                    out[wenzun] = T::ONE;
                }
            }
            for kind in 0..4 {
                for x in 0..n {
                    if self.specials >> (kind * SEATS + x) & 1 == 1 {
                        out[specials + kind * n + x] = T::ONE;
                    }
                }
            }
            for k in 0..K {
                out[hand + k] = T::of(s.hands[seat][k] as u32);
                out[own_down + k] = T::of(s.down[seat][k] as u32);
            }
            for x in 0..n {
                for k in 0..K {
                    out[up + x * K + k] = T::of(self.up_by[x][k] as u32);
                }
                out[down_n + x] = T::of(s.down[x].iter().map(|&c| c as u32).sum::<u32>());
                out[won + x] = T::of((s.won[x] >> 2) as u32);
                out[sizes + x] = T::of(s.sizes[x] as u32);
            }
            if l.hist > 0 {
                let hidden = T::of(num_actions() as u32 + 1);
                let h = &mut out[l.base..];
                for j in 0..self.nhist.min(l.hist) {
                    let a = self.hist[j];
                    let who = self.actors[j] as usize;
                    h[j] = if a & 1 == 1 && who != seat { hidden } else { T::of(a as u32 + 1) };
                    h[l.hist + j] = T::of(who as u32 + 1);
                }
            }
        }
    }

    /// 打天九's rows for `crate::vecrows`.
    pub struct TienGow;

    impl VecGame for TienGow {
        type Cfg = Rules;
        type Row = Row<'static>;
        fn parse(o: &[i64]) -> Option<Rules> {
            Rules::from_opts(o)
        }
        fn seats(_: &Rules) -> usize {
            SEATS
        }
        fn num_actions(_: &Rules) -> usize {
            num_actions()
        }
        fn max_legal(_: &Rules) -> usize {
            512 // plays of at most 4 of 8 tiles, up or down: 2 x 162
        }
        fn words(_: &Rules) -> usize {
            ROW_WORDS
        }
        fn obs_size(_: &Rules, kind: i64) -> usize {
            Layout::new(kind).size()
        }
        fn obs_max(_: &Rules, kind: i64) -> usize {
            if kind == 1 { num_actions() + 1 } else { SEATS * HAND }
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
        fn apply(r: &Rules, x: &mut Row<'static>, a: i64) {
            x.apply(r, a)
        }
        fn payments(_: &Rules, x: &Row<'static>, out: &mut [i64]) {
            x.st.payments(out)
        }
        fn observe(_: &Rules, x: &Row<'static>, kind: i64, seat: usize, out: &mut [f32]) {
            x.observe(&Layout::new(kind), seat, out)
        }
        fn observe_u8(_: &Rules, x: &Row<'static>, kind: i64, seat: usize, out: &mut [u8]) -> bool {
            x.observe(&Layout::new(kind), seat, out);
            true
        }
        /// The hands as dealt (4 x 21 counts), then the actions so far.
        fn report(_: &Rules, x: &Row<'static>, out: &mut [i64]) -> i64 {
            let len = SEATS * K + x.nhist;
            if out.len() < len {
                return crate::vecrows::E_SIZE;
            }
            for s in 0..SEATS {
                for k in 0..K {
                    out[s * K + k] = x.dealt[s][k] as i64;
                }
            }
            for j in 0..x.nhist {
                out[SEATS * K + j] = x.hist[j] as i64;
            }
            len as i64
        }
    }

    crate::vecrows::vec_exports!(TienGow, yz_tiengow_vec_state_words, yz_tiengow_vec_obs_size, yz_tiengow_vec_reset,
                                 yz_tiengow_vec_step, yz_tiengow_vec_row, yz_tiengow_vec_rows_reset,
                                 yz_tiengow_vec_rows_step, yz_tiengow_vec_sync, yz_tiengow_vec_rows_info);
}

//! Rows of Ma Diao hands stepped together for `yezi.rl.VectorEnv` (the optional `yz_madiao_vec_*`
//! exports of docs/native.md): each row's state lives in Python-owned int64 words, observations
//! are the Python `MaDiaoObserver`'s float32 layout, masks one byte per action code.
//!
//! A row's words: a header (a marker, the seed, the row, its deal counter, the deck as dealt and
//! the actions so far, which `yz_madiao_vec_row` reports so the tests can replay the row in the
//! Python engine), then the packed `State`. Unpacking checks every index it will use, so words
//! that were never reset (or were overwritten) give an error, never a panic.

use super::cards::*;
use super::engine::*;
use super::opts::Opts;
use super::{random_deck, settle};
use crate::rng::Rng;
use crate::vecrows::Cell;

const MARK: i64 = 0x4D41_4449_414F_0002; // "MADIAO", layout 2 (the actors beside the actions)
const HEADER: usize = 20;
const STATE_WORDS: usize = 65;
pub const ROW_WORDS: usize = HEADER + STATE_WORDS;
pub const NUM_ACTIONS: usize = 102;
const MAX_HIST: usize = 40;

/// Where each piece of the observation starts (`MaDiaoObserver`: the 0/1 pieces in order,
/// then the two count pieces).
pub struct Layout {
    nstakes: usize,
    /// "info_state": the history's length (`max_game_length`), 0 for "observation"
    pub hist: usize,
}

/// `MaDiao.max_game_length()`: the stake, the four 免鬭 questions, 8 tricks of 4 cards.
pub const GAME_LENGTH: usize = 1 + 4 + 32;

impl Layout {
    pub fn new(o: &Opts) -> Layout {
        Layout { nstakes: ((o.stake_max - o.stake_min) / 2 + 1) as usize, hist: 0 }
    }
    /// The "info_state" layout: the observation, then the history as the seat saw it.
    pub fn info_state(o: &Opts) -> Layout {
        Layout { hist: GAME_LENGTH, ..Layout::new(o) }
    }
    pub fn base(&self) -> usize {
        self.counts() + 8
    }
    fn stake(&self) -> usize {
        12
    }
    fn tou(&self) -> usize {
        12 + self.nstakes
    }
    fn first_leader(&self) -> usize {
        self.tou() + 4
    }
    fn trick_leader(&self) -> usize {
        self.tou() + 8
    }
    fn trick_best_seat(&self) -> usize {
        self.tou() + 12
    }
    fn trick_plays(&self) -> usize {
        self.tou() + 16
    }
    fn bailao_up(&self) -> usize {
        self.tou() + 21
    }
    fn face(&self) -> usize {
        self.tou() + 22
    }
    fn hand(&self) -> usize {
        self.face() + 40
    }
    fn dealt(&self) -> usize {
        self.face() + 80
    }
    fn trick_best(&self) -> usize {
        self.face() + 120
    }
    fn won(&self) -> usize {
        self.face() + 160
    }
    fn seen(&self) -> usize {
        self.face() + 320
    }
    fn counts(&self) -> usize {
        self.face() + 480
    }
    pub fn size(&self) -> usize {
        self.base() + 2 * self.hist
    }
}

/// The observation of `seat` (Python `MaDiaoObserver.write`); `out` has `Layout::size` floats.
pub fn observe<T: Cell>(s: &State, o: &Opts, l: &Layout, seat: usize, out: &mut [T]) {
    out.fill(T::ZERO);
    out[seat] = T::ONE;
    out[4 + s.phase as usize] = T::ONE;
    if s.to_act != NONE {
        out[8 + s.to_act as usize] = T::ONE;
    }
    if s.stake == 0 {
        return; // before the stake: the rest is zero, counts too
    }
    let k = ((s.stake - o.stake_min) / 2) as usize;
    if s.stake >= o.stake_min && k < l.nstakes {
        out[l.stake() + k] = T::ONE;
    }
    out[l.tou() + s.tou as usize] = T::ONE;
    out[l.first_leader() + s.first_leader(o) as usize] = T::ONE;
    if o.face_public || s.over() {
        out[l.face() + s.face as usize] = T::ONE;
    }
    let plane = |out: &mut [T], at: usize, m: u64| T::spread(&mut out[at..at + 40], m);
    plane(out, l.hand(), s.hand[seat]);
    plane(out, l.dealt(), s.dealt[seat]);
    if s.bailao_up {
        out[l.bailao_up()] = T::ONE;
    }
    for x in 0..4 {
        plane(out, l.won() + 40 * x, s.won[x]);
        plane(out, l.seen() + 40 * x, if x == seat { s.up[x] | s.down[x] } else { s.up[x] });
    }
    if s.to_act != NONE && s.phase == PHASE_PLAY {
        out[l.trick_leader() + s.leader as usize] = T::ONE;
        out[l.trick_plays() + s.nplays as usize] = T::ONE;
        if s.best != NONE {
            out[l.trick_best() + s.best as usize] = T::ONE;
            out[l.trick_best_seat() + s.best_seat as usize] = T::ONE;
        }
    }
    let c = l.counts();
    for x in 0..4 {
        out[c + x] = T::of(s.tcount[x] as u32);
        out[c + 4 + x] = T::of(s.hand[x].count_ones() as u32);
    }
}

// --- packing ------------------------------------------------------------------------------------

fn bytes_word(b: &[u8]) -> i64 {
    let mut w = 0u64;
    for (i, &x) in b.iter().enumerate().take(8) {
        w |= (x as u64) << (8 * i);
    }
    w as i64
}

fn word_bytes(w: i64) -> [u8; 8] {
    (w as u64).to_le_bytes()
}

fn pack(s: &State, w: &mut [i64]) {
    let mut i = 0;
    let mut put = |v: i64| {
        w[i] = v;
        i += 1;
    };
    put(bytes_word(&[s.face, s.second, s.tou, s.phase, s.end, s.siji, s.to_act, s.leader]));
    for x in 0..4 {
        put(s.dealt[x] as i64);
        put(s.hand[x] as i64);
        put(s.won[x] as i64);
        put(s.up[x] as i64);
        put(s.down[x] as i64);
    }
    put(s.up_all as i64);
    put(s.stake);
    put(bytes_word(&[s.mq[0], s.mq[1], s.mq[2], s.mq[3], s.mq_len, s.mq_pos, s.nhe, s.nlog]));
    for x in 0..4 {
        put(s.he[x].0 as i64 | (s.he[x].1 << 8));
    }
    put(bytes_word(&[
        s.ntricks, s.nplays, s.led_suit, s.best, s.best_seat, s.bailao_up as u8, s.bailao_out as u8,
        s.ten_played as u8,
    ]));
    let mut pl = 0u64;
    for (x, &(seat, card, up)) in s.plays.iter().enumerate() {
        pl |= ((seat as u64) | (card as u64) << 2 | (up as u64) << 8) << (16 * x);
    }
    put(pl as i64);
    put(bytes_word(&s.tbest));
    put(bytes_word(&s.winners));
    put(bytes_word(&s.tcount));
    for e in s.log.iter() {
        put(bytes_word(&[
            e.k, e.seat, e.action, e.breach, e.bailao_held as u8, e.could_capture as u8, e.led as u8, e.best_seat,
        ]));
    }
    debug_assert_eq!(i, STATE_WORDS);
}

fn seat_or_none(x: u8) -> bool {
    x < 4 || x == NONE
}

fn unpack(w: &[i64]) -> Option<State> {
    let mut i = 0;
    let mut get = || {
        let v = w[i];
        i += 1;
        v
    };
    let b = word_bytes(get());
    let (face, second, tou, phase, end, siji, to_act, leader) = (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]);
    if face >= 40 || second >= 40 || tou >= 4 || phase > PHASE_OVER || end > END_PLAYED || !seat_or_none(siji)
        || !seat_or_none(to_act) || leader >= 4
    {
        return None;
    }
    let mut masks = [[0u64; 4]; 5];
    for x in 0..4 {
        for m in masks.iter_mut() {
            m[x] = get() as u64 & ALL;
        }
    }
    let up_all = get() as u64 & ALL;
    let stake = get();
    if !(0..=40).contains(&stake) || stake % 2 != 0 {
        return None;
    }
    let q = word_bytes(get());
    let (mq_len, mq_pos, nhe, nlog) = (q[4], q[5], q[6], q[7]);
    if mq_len > 4 || mq_pos > mq_len || nhe > 4 || nlog > 32 || q[..4].iter().any(|&x| x >= 4) {
        return None;
    }
    let mut he = [(0u8, 0i64); 4];
    for h in he.iter_mut() {
        let v = get();
        let seat = (v & 0xff) as u8;
        let zhu = v >> 8;
        if seat >= 4 || !(0..=64).contains(&zhu) {
            return None;
        }
        *h = (seat, zhu);
    }
    let t = word_bytes(get());
    let (ntricks, nplays, led_suit, best, best_seat) = (t[0], t[1], t[2], t[3], t[4]);
    if ntricks > 8 || nplays > 3 || led_suit >= 4 || !(best < 40 || best == NONE) || !seat_or_none(best_seat) {
        return None;
    }
    // the invariants the engine keeps: a trick under way has a best card; the seat to act and the
    // phase agree; no stake, no hand dealt out yet
    if (nplays > 0) != (best != NONE) || (best == NONE) != (best_seat == NONE)
        || (phase == PHASE_OVER) != (to_act == NONE)
        || (stake == 0) != (phase == PHASE_STAKE)
    {
        return None;
    }
    let pl = get() as u64;
    let mut plays = [(0u8, 0u8, false); 4];
    for (x, p) in plays.iter_mut().enumerate() {
        let v = (pl >> (16 * x)) & 0xffff;
        let card = ((v >> 2) & 0x3f) as u8;
        if card >= 40 {
            return None;
        }
        *p = ((v & 3) as u8, card, (v >> 8) & 1 == 1);
    }
    let tbest = word_bytes(get());
    let winners = word_bytes(get());
    let tc = word_bytes(get());
    if tbest.iter().any(|&c| c >= 40) || winners.iter().any(|&x| x >= 4) || tc[..4].iter().any(|&x| x > 8) {
        return None;
    }
    let mut log = [LogEntry::default(); 32];
    for e in log.iter_mut() {
        let v = word_bytes(get());
        if v[0] >= 8 || v[1] >= 4 || v[2] >= 80 || v[3] > 2 || !seat_or_none(v[7]) {
            return None;
        }
        *e = LogEntry {
            k: v[0],
            seat: v[1],
            action: v[2],
            breach: v[3],
            bailao_held: v[4] != 0,
            could_capture: v[5] != 0,
            led: v[6] != 0,
            best_seat: v[7],
        };
    }
    Some(State {
        face,
        second,
        tou,
        dealt: masks[0],
        hand: masks[1],
        won: masks[2],
        up_all,
        up: masks[3],
        down: masks[4],
        stake,
        phase,
        end,
        mq: [q[0], q[1], q[2], q[3]],
        mq_len,
        mq_pos,
        he,
        nhe,
        siji,
        ntricks,
        leader,
        plays,
        nplays,
        led_suit,
        best,
        best_seat,
        tbest,
        winners,
        tcount: [tc[0], tc[1], tc[2], tc[3]],
        bailao_up: t[5] != 0,
        bailao_out: t[6] != 0,
        ten_played: t[7] != 0,
        to_act,
        log,
        nlog,
    })
}

/// One row: its header and its hand.
pub struct Row {
    seed: u64,
    row: u64,
    deals: u64,
    deck: [u8; 40],
    hist: [u8; MAX_HIST],
    actors: [u8; MAX_HIST],
    nhist: usize,
    pub st: State,
}

impl Row {
    pub fn read(w: &[i64]) -> Option<Row> {
        if w.len() < ROW_WORDS || w[0] != MARK {
            return None;
        }
        let mut deck = [0u8; 40];
        let mut hist = [0u8; MAX_HIST];
        let mut actors = [0u8; MAX_HIST];
        for k in 0..5 {
            deck[8 * k..8 * k + 8].copy_from_slice(&word_bytes(w[4 + k]));
            hist[8 * k..8 * k + 8].copy_from_slice(&word_bytes(w[9 + k]));
            actors[8 * k..8 * k + 8].copy_from_slice(&word_bytes(w[15 + k]));
        }
        if actors.iter().any(|&a| a >= 4) {
            return None;
        }
        let nhist = w[14];
        if !(0..=MAX_HIST as i64).contains(&nhist) {
            return None;
        }
        Some(Row {
            seed: w[1] as u64,
            row: w[2] as u64,
            deals: w[3] as u64,
            deck,
            hist,
            actors,
            nhist: nhist as usize,
            st: unpack(&w[HEADER..ROW_WORDS])?,
        })
    }

    pub fn write(&self, w: &mut [i64]) {
        w[0] = MARK;
        w[1] = self.seed as i64;
        w[2] = self.row as i64;
        w[3] = self.deals as i64;
        for k in 0..5 {
            w[4 + k] = bytes_word(&self.deck[8 * k..8 * k + 8]);
            w[9 + k] = bytes_word(&self.hist[8 * k..8 * k + 8]);
            w[15 + k] = bytes_word(&self.actors[8 * k..8 * k + 8]);
        }
        w[14] = self.nhist as i64;
        pack(&self.st, &mut w[HEADER..ROW_WORDS]);
    }

    /// Deal this row's next hand, skipping hands over before anyone acts (their payments × 2
    /// into `settled`, counted in `over`). False if 10,000 deals in a row ended at once.
    pub fn next_deal(&mut self, o: &Opts, settled: &mut [i64], over: &mut i64) -> bool {
        for _ in 0..10_000 {
            let mut rng = Rng::new(
                self.seed
                    ^ (self.row.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (self.deals.wrapping_add(1)).wrapping_mul(0xD1B5_4A32_D192_ED03),
            );
            self.deals = self.deals.wrapping_add(1);
            self.deck = random_deck(o, &mut rng);
            self.nhist = 0;
            self.st = State::new(o, &self.deck);
            if !self.st.over() {
                return true;
            }
            let p = settle::payments(&self.st, o);
            for x in 0..4 {
                settled[x] += p[x];
            }
            *over += 1;
        }
        false
    }

    pub fn new(seed: u64, row: u64, o: &Opts) -> Row {
        let deck = [0u8; 40];
        let mut d = [0u8; 40];
        for (i, c) in d.iter_mut().enumerate() {
            *c = i as u8;
        }
        Row { seed, row, deals: 0, deck, hist: [0; MAX_HIST], actors: [0; MAX_HIST], nhist: 0, st: State::new(o, &d) }
    }

    pub fn apply(&mut self, o: &Opts, action: u8) {
        if self.nhist < MAX_HIST {
            self.hist[self.nhist] = action;
            self.actors[self.nhist] = self.st.to_act.min(3);
            self.nhist += 1;
        }
        self.st.apply(o, action);
    }

    /// `seat`'s tensor of layout `l`: the observation, then (info_state) the history as the seat
    /// saw it (`InfoStateObserver`: code + 1, another seat's 滅 as 103 while the hand is on,
    /// padded with 0; actors + 1).
    pub fn observe_as<T: Cell>(&self, o: &Opts, l: &Layout, seat: usize, out: &mut [T]) {
        let b = l.base();
        observe(&self.st, o, l, seat, &mut out[..b]);
        if l.hist > 0 {
            let h = &mut out[b..];
            h.fill(T::ZERO);
            let over = self.st.over();
            for j in 0..self.nhist.min(l.hist) {
                let (a, who) = (self.hist[j], self.actors[j]);
                let hidden = (DOWN..STAKE).contains(&a) && who as usize != seat && !over;
                h[j] = if hidden { T::of(NUM_ACTIONS as u32 + 1) } else { T::of(a as u32 + 1) };
                h[l.hist + j] = T::of(who as u32 + 1);
            }
        }
    }

    /// The deck as dealt and the actions so far (for the tests' replay in the Python engine).
    pub fn report(&self, out: &mut [i64]) -> i64 {
        let n = 41 + self.nhist;
        if out.len() < n {
            return -4;
        }
        for i in 0..40 {
            out[i] = self.deck[i] as i64;
        }
        out[40] = self.nhist as i64;
        for i in 0..self.nhist {
            out[41 + i] = self.hist[i] as i64;
        }
        n as i64
    }
}

/// The mask row and the observation row of `r`'s seat to act.
pub fn refresh(r: &Row, o: &Opts, l: Option<&Layout>, obs: &mut [f32], mask: &mut [u8]) -> i64 {
    mask.fill(0);
    let mut legal = [0u8; MAX_LEGAL];
    let k = r.st.legal(o, &mut legal);
    for &a in legal[..k].iter() {
        mask[a as usize] = 1;
    }
    if let Some(l) = l {
        r.observe_as(o, l, r.st.to_act as usize, obs);
    }
    r.st.to_act as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::madiao::opts::NOPTS;

    fn feng() -> Opts {
        let mut v = [0i64; NOPTS];
        v[29] = 2;
        v[30] = 10;
        v[31] = 1;
        Opts::decode(&v).unwrap()
    }

    #[test]
    fn rows_survive_packing_at_every_step() {
        let o = feng();
        let mut rng = Rng::new(3);
        let mut words = [0i64; ROW_WORDS];
        let mut legal = [0u8; MAX_LEGAL];
        let (mut settled, mut over) = ([0i64; 4], 0i64);
        for row in 0..200u64 {
            let mut r = Row::new(9, row, &o);
            assert!(r.next_deal(&o, &mut settled, &mut over));
            while !r.st.over() {
                r.write(&mut words);
                let back = Row::read(&words).unwrap();
                let mut again = [0i64; ROW_WORDS];
                back.write(&mut again);
                assert_eq!(words, again);
                let k = r.st.legal(&o, &mut legal);
                r.apply(&o, legal[rng.below(k)]);
            }
        }
    }

    #[test]
    fn words_that_are_no_row_are_refused() {
        let mut rng = Rng::new(4);
        let mut words = [0i64; ROW_WORDS];
        for _ in 0..10_000 {
            for w in words.iter_mut() {
                *w = rng.next_u64() as i64;
            }
            words[0] = MARK;
            let _ = Row::read(&words); // None or a row: never a panic
        }
        words[0] = 0;
        assert!(Row::read(&words).is_none());
    }

    /// A real row with one word overwritten (a random value, or a random byte of it): whatever
    /// `Row::read` accepts, the engine steps, settles and observes without a panic.
    #[test]
    fn damaged_rows_never_panic() {
        let o = feng();
        let l = Layout::new(&o);
        let mut obs = vec![0f32; l.size()];
        let mut rng = Rng::new(5);
        let mut legal = [0u8; MAX_LEGAL];
        let (mut settled, mut over) = ([0i64; 4], 0i64);
        let mut accepted = 0;
        for row in 0..20_000u64 {
            let mut r = Row::new(9, row, &o);
            assert!(r.next_deal(&o, &mut settled, &mut over));
            for _ in 0..rng.below(34) {
                if r.st.over() {
                    break;
                }
                let k = r.st.legal(&o, &mut legal);
                r.apply(&o, legal[rng.below(k)]);
            }
            let mut words = [0i64; ROW_WORDS];
            r.write(&mut words);
            let i = 1 + rng.below(ROW_WORDS - 1);
            if rng.below(2) == 0 {
                words[i] = rng.next_u64() as i64;
            } else {
                let b = 8 * rng.below(8);
                words[i] = (words[i] & !(0xff << b)) | ((rng.below(256) as i64) << b);
            }
            let Some(mut d) = Row::read(&words) else { continue };
            accepted += 1;
            for _ in 0..40 {
                let _ = settle::payments(&d.st, &o);
                if d.st.over() {
                    break;
                }
                observe(&d.st, &o, &l, d.st.to_act as usize, &mut obs);
                let k = d.st.legal(&o, &mut legal);
                if k == 0 {
                    break;
                }
                let _ = crate::madiao::bot::choose(&d.st, &o, &legal[..k]);
                d.apply(&o, legal[rng.below(k)]);
            }
        }
        assert!(accepted > 1000);
    }
}

/// Ma Diao's rows for `crate::vecrows`.
pub struct MaDiao;

fn layout(o: &Opts, kind: i64) -> Layout {
    if kind == 1 { Layout::info_state(o) } else { Layout::new(o) }
}

impl crate::vecrows::VecGame for MaDiao {
    type Cfg = Opts;
    type Row = Row;
    fn parse(v: &[i64]) -> Option<Opts> {
        Opts::decode(v)
    }
    fn seats(_: &Opts) -> usize {
        4
    }
    fn num_actions(_: &Opts) -> usize {
        NUM_ACTIONS
    }
    fn max_legal(_: &Opts) -> usize {
        MAX_LEGAL
    }
    fn words(_: &Opts) -> usize {
        ROW_WORDS
    }
    fn obs_size(o: &Opts, kind: i64) -> usize {
        layout(o, kind).size()
    }
    fn obs_max(_: &Opts, kind: i64) -> usize {
        if kind == 1 { NUM_ACTIONS + 1 } else { 40 }
    }
    fn new_row(o: &'static Opts, seed: u64, row: u64) -> Row {
        Row::new(seed, row, o)
    }
    fn next_deal(o: &'static Opts, r: &mut Row, settled: &mut [i64], over: &mut i64) -> bool {
        r.next_deal(o, settled, over)
    }
    fn read(_: &'static Opts, w: &[i64]) -> Option<Row> {
        Row::read(w)
    }
    fn write(_: &Opts, r: &Row, w: &mut [i64]) {
        r.write(w)
    }
    fn actor(_: &Opts, r: &Row) -> Option<usize> {
        (!r.st.over()).then_some(r.st.to_act as usize)
    }
    fn room(_: &Opts, _: &Row) -> bool {
        true // a hand's 40 cards: at most 40 actions, and `apply` stops recording past them
    }
    fn legal(o: &Opts, r: &Row, out: &mut Vec<i64>) {
        let mut buf = [0u8; MAX_LEGAL];
        let k = r.st.legal(o, &mut buf);
        out.clear();
        out.extend(buf[..k].iter().map(|&a| a as i64));
    }
    fn apply(o: &Opts, r: &mut Row, a: i64) {
        r.apply(o, a as u8)
    }
    fn payments(o: &Opts, r: &Row, out: &mut [i64]) {
        out.copy_from_slice(&settle::payments(&r.st, o));
    }
    fn observe(o: &Opts, r: &Row, kind: i64, seat: usize, out: &mut [f32]) {
        r.observe_as(o, &layout(o, kind), seat, out)
    }
    fn observe_u8(o: &Opts, r: &Row, kind: i64, seat: usize, out: &mut [u8]) -> bool {
        r.observe_as(o, &layout(o, kind), seat, out);
        true
    }
    fn report(_: &Opts, r: &Row, out: &mut [i64]) -> i64 {
        r.report(out)
    }
}

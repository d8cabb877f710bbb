//! Rows of Fishing deals stepped together for `yezi.rl.VectorEnv` (the optional `yz_fishing_vec_*`
//! exports of docs/native.md, the interface Ma Diao's rows use): each row lives in Python-owned
//! int64 words, observations are `yezi/games/fishing/observation.py`'s float32 layout
//! ("observation", kind 0) or that followed by the history ("info_state", kind 1, as
//! `yezi.core.observation.InfoStateObserver` writes it: every action is public in Fishing), masks
//! one byte per action code.
//!
//! A row's words: a marker, the seed, the row, its deal counter, the number of actions so far,
//! the deal as dealt (kinds in `from_deal`'s layout, which `yz_fishing_vec_row` reports so the
//! tests can replay the row in the Python engine), the actions and their actors, then the packed
//! `State`. Unpacking checks every index it will use: words that were never reset (or were
//! overwritten) give an error, never a wrong step.

use super::rules::*;
use super::state::{self, State, MAX_LEGAL, PACKED};
use crate::rng::Rng;
use crate::vecrows::{Cell, VecGame};

const MARK: i64 = 0x4649_5348_0001; // "FISH", layout 1
const MAX_HIST: usize = 64; // 2 x the largest stock (32)
const DEAL_AT: usize = 5;
const DEAL_WORDS: usize = 84 / 8 + 1;
const HIST_AT: usize = DEAL_AT + DEAL_WORDS;
const HIST_WORDS: usize = MAX_HIST / 4; // u16 codes
const ACTORS_AT: usize = HIST_AT + HIST_WORDS;
const ACTOR_WORDS: usize = MAX_HIST / 8;
const STATE_AT: usize = ACTORS_AT + ACTOR_WORDS;
const STATE_WORDS: usize = PACKED.div_ceil(8);
pub const ROW_WORDS: usize = STATE_AT + STATE_WORDS;

/// Where each piece of the observation starts (`FishingObserver`: the 0/1 pieces in order, then
/// the count pieces).
pub struct Layout {
    n: usize,
    pub base: usize,
    pub hist: usize,
}

impl Layout {
    pub fn new(r: &Rules, kind: i64) -> Layout {
        let n = r.players;
        let base = n + 2 + n + 3 * K + K + K + n * K + n + 1;
        Layout { n, base, hist: if kind == 1 { 2 * r.stock_size } else { 0 } }
    }
    pub fn size(&self) -> usize {
        self.base + 2 * self.hist
    }
}

/// `seat`'s observation (`FishingObserver.write`) into `out` (`Layout::base` floats).
pub fn observe<T: Cell>(s: &State, r: &Rules, l: &Layout, seat: usize, deal: &[u8], out: &mut [T]) {
    let n = l.n;
    out.fill(T::ZERO);
    out[seat] = T::ONE; // seat
    let phase = n;
    let to_act = phase + 2;
    let drawn = to_act + n;
    let peeked = drawn + K;
    let stacked = peeked + K;
    let hand = stacked + K;
    let lake = hand + K;
    let catches = lake + K;
    let sizes = catches + n * K;
    let stock_left = sizes + n;
    if s.turn >= 0 {
        out[to_act + s.turn as usize] = T::ONE;
        if s.phase_now() == state::DRAW {
            out[phase + 1] = T::ONE;
            out[drawn + s.drawn] = T::ONE;
        } else {
            out[phase] = T::ONE;
        }
    }
    if r.peek && seat == r.tail_seat {
        out[peeked + deal[deal.len() - 1] as usize] = T::ONE; // the stock's last card, as dealt
    }
    let mut m = s.stacked;
    while m != 0 {
        out[stacked + m.trailing_zeros() as usize] = T::ONE;
        m &= m - 1;
    }
    T::counts(&mut out[hand..hand + K], &s.hands[seat]);
    T::counts(&mut out[lake..lake + K], &s.lake);
    for x in 0..n {
        T::counts(&mut out[catches + x * K..catches + (x + 1) * K], &s.catches[x]);
        out[sizes + x] = T::of(s.hands[x].iter().map(|&c| c as u32).sum::<u32>());
    }
    out[stock_left] = T::of((s.stock_len - s.pos) as u32);
}

pub struct Row {
    seed: u64,
    row: u64,
    deals: u64,
    nhist: usize,
    deal: [u8; 84],
    hist: [u16; MAX_HIST],
    actors: [u8; MAX_HIST],
    pub st: State,
}

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

impl Row {
    pub fn new(seed: u64, row: u64, r: &Rules) -> Row {
        let mut kinds = [0u8; 84];
        kinds[..r.deck_len].copy_from_slice(&r.deck[..r.deck_len]);
        Row { seed, row, deals: 0, nhist: 0, deal: kinds, hist: [0; MAX_HIST], actors: [0; MAX_HIST],
              st: state::state_from_kinds(r, &kinds[..r.deck_len]) }
    }

    pub fn read(r: &Rules, w: &[i64]) -> Option<Row> {
        if w.len() < ROW_WORDS || w[0] != MARK || !(0..=MAX_HIST as i64).contains(&w[4]) {
            return None;
        }
        let mut deal = [0u8; 84];
        bytes_in(&w[DEAL_AT..HIST_AT], &mut deal);
        let mut hist = [0u16; MAX_HIST];
        for (i, h) in hist.iter_mut().enumerate() {
            *h = (w[HIST_AT + i / 4] as u64 >> (16 * (i % 4))) as u16;
        }
        let mut actors = [0u8; MAX_HIST];
        bytes_in(&w[ACTORS_AT..STATE_AT], &mut actors);
        let mut b = [0u8; PACKED];
        bytes_in(&w[STATE_AT..ROW_WORDS], &mut b);
        if deal[..r.deck_len].iter().any(|&k| k as usize >= K) {
            return None;
        }
        Some(Row { seed: w[1] as u64, row: w[2] as u64, deals: w[3] as u64, nhist: w[4] as usize, deal, hist,
                   actors, st: State::unpack(r, &b)? })
    }

    pub fn write(&self, w: &mut [i64]) {
        w[0] = MARK;
        w[1] = self.seed as i64;
        w[2] = self.row as i64;
        w[3] = self.deals as i64;
        w[4] = self.nhist as i64;
        bytes_out(&self.deal, &mut w[DEAL_AT..HIST_AT]);
        for k in 0..HIST_WORDS {
            let mut x = 0u64;
            for j in 0..4 {
                x |= (self.hist[4 * k + j] as u64) << (16 * j);
            }
            w[HIST_AT + k] = x as i64;
        }
        bytes_out(&self.actors, &mut w[ACTORS_AT..STATE_AT]);
        let mut b = [0u8; PACKED];
        self.st.pack(&mut b);
        bytes_out(&b, &mut w[STATE_AT..ROW_WORDS]);
    }

    /// The row's next deal from its own generator (seed, row, deal counter); deals over before
    /// anyone acts are settled into `settled` and counted in `over`.
    pub fn next_deal(&mut self, r: &Rules, settled: &mut [i64], over: &mut i64) -> bool {
        for _ in 0..10_000 {
            let mut rng = Rng::new(
                self.seed
                    ^ (self.row.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (self.deals.wrapping_add(1)).wrapping_mul(0xD1B5_4A32_D192_ED03),
            );
            self.deals = self.deals.wrapping_add(1);
            state::deal_random(r, &mut rng, &mut self.deal);
            self.nhist = 0;
            self.st = state::state_from_kinds(r, &self.deal[..r.deck_len]);
            if self.st.turn >= 0 {
                return true;
            }
            let mut p = [0i64; 3];
            self.st.payments(r, &mut p);
            for x in 0..r.players {
                settled[x] += p[x];
            }
            *over += 1;
        }
        false
    }

    fn observe<T: Cell>(&self, r: &Rules, l: &Layout, seat: usize, out: &mut [T]) {
        observe(&self.st, r, l, seat, &self.deal[..r.deck_len], &mut out[..l.base]);
        if l.hist > 0 {
            let h = &mut out[l.base..];
            h.fill(T::ZERO);
            for j in 0..self.nhist.min(l.hist) {
                h[j] = T::of(self.hist[j] as u32 + 1);
                h[l.hist + j] = T::of(self.actors[j] as u32 + 1);
            }
        }
    }
}

/// Fishing's rows for `crate::vecrows`.
pub struct Fishing;

impl VecGame for Fishing {
    type Cfg = Rules;
    type Row = Row;
    fn parse(o: &[i64]) -> Option<Rules> {
        Rules::from_opts(o).ok()
    }
    fn seats(r: &Rules) -> usize {
        r.players
    }
    fn num_actions(_: &Rules) -> usize {
        ACTION_SPACE as usize
    }
    fn max_legal(_: &Rules) -> usize {
        MAX_LEGAL
    }
    fn words(_: &Rules) -> usize {
        ROW_WORDS
    }
    fn obs_size(r: &Rules, kind: i64) -> usize {
        Layout::new(r, kind).size()
    }
    fn obs_max(_: &Rules, kind: i64) -> usize {
        if kind == 1 { ACTION_SPACE as usize + 1 } else { 84 }
    }
    fn new_row(r: &'static Rules, seed: u64, row: u64) -> Row {
        Row::new(seed, row, r)
    }
    fn next_deal(r: &'static Rules, x: &mut Row, settled: &mut [i64], over: &mut i64) -> bool {
        x.next_deal(r, settled, over)
    }
    fn read(r: &'static Rules, w: &[i64]) -> Option<Row> {
        Row::read(r, w)
    }
    fn write(_: &Rules, x: &Row, w: &mut [i64]) {
        x.write(w)
    }
    fn actor(_: &Rules, x: &Row) -> Option<usize> {
        (x.st.turn >= 0).then_some(x.st.turn as usize)
    }
    fn room(_: &Rules, x: &Row) -> bool {
        x.nhist < MAX_HIST
    }
    fn legal(r: &Rules, x: &Row, out: &mut Vec<i64>) {
        let mut buf = [0u16; MAX_LEGAL];
        let k = x.st.legal(r, &mut buf);
        out.clear();
        out.extend(buf[..k].iter().map(|&a| a as i64));
    }
    fn apply(r: &Rules, x: &mut Row, a: i64) {
        x.hist[x.nhist] = a as u16;
        x.actors[x.nhist] = x.st.turn as u8;
        x.nhist += 1;
        x.st.apply(r, a as u16);
    }
    fn payments(r: &Rules, x: &Row, out: &mut [i64]) {
        x.st.payments(r, out);
    }
    fn observe(r: &Rules, x: &Row, kind: i64, seat: usize, out: &mut [f32]) {
        x.observe(r, &Layout::new(r, kind), seat, out)
    }
    fn observe_u8(r: &Rules, x: &Row, kind: i64, seat: usize, out: &mut [u8]) -> bool {
        x.observe(r, &Layout::new(r, kind), seat, out);
        true
    }
    /// The deal as dealt (the `from_deal` layout the Python wrapper's `encode_deal` writes), then
    /// the actions so far.
    fn report(r: &Rules, x: &Row, out: &mut [i64]) -> i64 {
        let len = r.deck_len + x.nhist;
        if out.len() < len {
            return crate::vecrows::E_SIZE;
        }
        for (o, &k) in out.iter_mut().zip(&x.deal[..r.deck_len]) {
            *o = k as i64;
        }
        for (o, &a) in out[r.deck_len..].iter_mut().zip(&x.hist[..x.nhist]) {
            *o = a as i64;
        }
        len as i64
    }
}

crate::vecrows::vec_exports!(Fishing, yz_fishing_vec_state_words, yz_fishing_vec_obs_size, yz_fishing_vec_reset,
                             yz_fishing_vec_step, yz_fishing_vec_row, yz_fishing_vec_rows_reset,
                             yz_fishing_vec_rows_step, yz_fishing_vec_sync, yz_fishing_vec_rows_info);

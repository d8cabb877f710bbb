//! Rows of domino hands (接龍, 斜釘, 頂牛 on the one chain core) stepped together for
//! `yezi.rl.VectorEnv`: the optional `yz_<game>_vec_*` exports of docs/native.md, as Fishing's and
//! Ma Diao's. Observations are `yezi/games/dominoes/observation.py`'s float32 layout ("observation",
//! kind 0) or that followed by the history as the seat saw it ("info_state", kind 1: another
//! seat's face-down tile hidden until the hand is over), masks one byte per action code.
//!
//! A row's words: a marker, the seed, the row, its deal counter, the actions so far, the hands
//! as dealt (count vectors, which `yz_<game>_vec_row` reports for the tests' replay in the
//! Python engine), the actions and their actors, then the packed `State`. Unpacking checks every
//! index the engine will use: words that are no row give an error, never a wrong step.

use super::{Config, GameKind, State, MAXL, MAX_SEATS, NK, PIPS};
use crate::rng::Rng;
use crate::vecrows::{Cell, VecGame};

const MARK: i64 = 0x444F_4D49_0001; // "DOMI", layout 1
const MAX_HIST: usize = 32; // seats x hand
const DEAL_AT: usize = 5;
const DEAL_BYTES: usize = MAX_SEATS * NK;
const HIST_AT: usize = DEAL_AT + DEAL_BYTES.div_ceil(8);
const ACTORS_AT: usize = HIST_AT + MAX_HIST / 8;
const STATE_AT: usize = ACTORS_AT + MAX_HIST / 8;
const PACKED: usize = 2 * MAX_SEATS * NK + MAX_SEATS + NK + 8 + 2 * MAX_SEATS + 8 * MAX_SEATS + 2;
pub const ROW_WORDS: usize = STATE_AT + PACKED.div_ceil(8);
pub const NUM_ACTIONS: usize = 105;

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

fn pack(s: &State, out: &mut [u8; PACKED]) {
    let mut i = 0;
    let mut put = |b: &[u8]| {
        out[i..i + b.len()].copy_from_slice(b);
        i += b.len();
    };
    for h in s.hands.iter().chain(s.down_cnt.iter()) {
        put(h);
    }
    put(&s.placed);
    put(&s.table);
    put(&[s.started as u8, s.ends[0], s.ends[1], s.nends, s.to_move as u8, s.last_placer as u8, s.left,
          s.last_sz as u8]);
    let flags: [u8; MAX_SEATS] = std::array::from_fn(|k| s.sz_flag[k] as u8);
    put(&flags);
    put(&[0; MAX_SEATS]);
    for p in s.pay {
        put(&p.to_le_bytes());
    }
    put(&s.nhist.to_le_bytes());
}

fn unpack(cfg: &Config, b: &[u8; PACKED]) -> Option<State> {
    let mut i = 0;
    let mut take = |n: usize| {
        let s = &b[i..i + n];
        i += n;
        s
    };
    let mut hands = [[0u8; NK]; MAX_SEATS];
    let mut down = [[0u8; NK]; MAX_SEATS];
    for h in hands.iter_mut().chain(down.iter_mut()) {
        h.copy_from_slice(take(NK));
    }
    let placed: [u8; MAX_SEATS] = take(MAX_SEATS).try_into().ok()?;
    let table: [u8; NK] = take(NK).try_into().ok()?;
    let t = take(8);
    let flags = take(MAX_SEATS);
    let flags: [u8; MAX_SEATS] = flags.try_into().ok()?;
    take(MAX_SEATS);
    let mut pay = [0i64; MAX_SEATS];
    for p in pay.iter_mut() {
        *p = i64::from_le_bytes(take(8).try_into().ok()?);
    }
    let nhist = u16::from_le_bytes(take(2).try_into().ok()?);
    let seats = cfg.seats as i8;
    let (to_move, last_placer, last_sz) = (t[4] as i8, t[5] as i8, t[7] as i8);
    let seat_or_none = |x: i8| (-1..seats).contains(&x);
    let mut ok = t[0] <= 1 && t[1] <= 6 && t[2] <= 6 && t[3] <= 2 && seat_or_none(to_move)
        && seat_or_none(last_placer) && seat_or_none(last_sz) && (t[6] as usize) <= cfg.seats * cfg.hand
        && flags.iter().all(|&f| f <= 1) && (nhist as usize) <= MAX_HIST;
    for k in 0..NK {
        let mut c = table[k] as u32;
        for s in 0..MAX_SEATS {
            c += hands[s][k] as u32 + down[s][k] as u32;
        }
        ok &= c <= cfg.set[k] as u32;
    }
    ok &= (cfg.seats..MAX_SEATS).all(|s| hands[s] == [0; NK] && down[s] == [0; NK]);
    if !ok {
        return None;
    }
    let mut present = [0u32; MAX_SEATS];
    let mut down_n = [0u8; MAX_SEATS];
    let mut down_pips = [0i32; MAX_SEATS];
    for s in 0..MAX_SEATS {
        for k in 0..NK {
            if hands[s][k] > 0 {
                present[s] |= 1 << k;
            }
            down_n[s] += down[s][k];
            down_pips[s] += PIPS[k] * down[s][k] as i32;
        }
    }
    Some(State {
        hands,
        present,
        down_cnt: down,
        down_n,
        down_pips,
        placed,
        table,
        started: t[0] == 1,
        ends: [t[1], t[2]],
        nends: t[3],
        to_move,
        last_placer,
        left: t[6],
        sz_flag: std::array::from_fn(|k| flags[k] == 1),
        last_sz,
        pay,
        nhist,
    })
}

/// Where the observation's pieces start (`DominoObserver`), and the history's length (kind 1).
pub struct Layout {
    n: usize,
    base: usize,
    hist: usize,
}

impl Layout {
    pub fn new(cfg: &Config, kind: i64) -> Layout {
        let n = cfg.seats;
        let base = 3 * n + 14 + NK + NK + n * NK + 2 * n;
        Layout { n, base, hist: if kind == 1 { cfg.seats * cfg.hand } else { 0 } }
    }
    pub fn size(&self) -> usize {
        self.base + 2 * self.hist
    }
}

pub struct Row {
    seed: u64,
    row: u64,
    deals: u64,
    nhist: usize,
    dealt: [[u8; NK]; MAX_SEATS],
    hist: [u8; MAX_HIST],
    actors: [u8; MAX_HIST],
    pub st: State,
}

impl Row {
    pub fn new(seed: u64, row: u64, cfg: &Config) -> Row {
        let dealt = [[0u8; NK]; MAX_SEATS];
        Row { seed, row, deals: 0, nhist: 0, dealt, hist: [0; MAX_HIST], actors: [0; MAX_HIST],
              st: State::new(cfg, &dealt) }
    }

    pub fn read(cfg: &Config, w: &[i64]) -> Option<Row> {
        if w.len() < ROW_WORDS || w[0] != MARK || !(0..=MAX_HIST as i64).contains(&w[4]) {
            return None;
        }
        let mut d = [0u8; DEAL_BYTES];
        bytes_in(&w[DEAL_AT..HIST_AT], &mut d);
        let mut dealt = [[0u8; NK]; MAX_SEATS];
        for (s, h) in dealt.iter_mut().enumerate() {
            h.copy_from_slice(&d[s * NK..(s + 1) * NK]);
        }
        let mut hist = [0u8; MAX_HIST];
        bytes_in(&w[HIST_AT..ACTORS_AT], &mut hist);
        let mut actors = [0u8; MAX_HIST];
        bytes_in(&w[ACTORS_AT..STATE_AT], &mut actors);
        let mut b = [0u8; PACKED];
        bytes_in(&w[STATE_AT..ROW_WORDS], &mut b);
        if actors.iter().any(|&a| a as usize >= cfg.seats) || dealt.iter().flatten().any(|&c| c > 2) {
            return None;
        }
        Some(Row { seed: w[1] as u64, row: w[2] as u64, deals: w[3] as u64, nhist: w[4] as usize, dealt, hist,
                   actors, st: unpack(cfg, &b)? })
    }

    pub fn write(&self, w: &mut [i64]) {
        w[0] = MARK;
        w[1] = self.seed as i64;
        w[2] = self.row as i64;
        w[3] = self.deals as i64;
        w[4] = self.nhist as i64;
        let mut d = [0u8; DEAL_BYTES];
        for (s, h) in self.dealt.iter().enumerate() {
            d[s * NK..(s + 1) * NK].copy_from_slice(h);
        }
        bytes_out(&d, &mut w[DEAL_AT..HIST_AT]);
        bytes_out(&self.hist, &mut w[HIST_AT..ACTORS_AT]);
        bytes_out(&self.actors, &mut w[ACTORS_AT..STATE_AT]);
        let mut b = [0u8; PACKED];
        pack(&self.st, &mut b);
        bytes_out(&b, &mut w[STATE_AT..ROW_WORDS]);
    }

    /// The next hand from the row's own generator; hands over before anyone acts (斜釘's 八掘)
    /// are settled into `settled` and counted in `over`.
    pub fn next_deal(&mut self, cfg: &Config, settled: &mut [i64], over: &mut i64) -> bool {
        for _ in 0..10_000 {
            let mut rng = Rng::new(
                self.seed
                    ^ (self.row.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (self.deals.wrapping_add(1)).wrapping_mul(0xD1B5_4A32_D192_ED03),
            );
            self.deals = self.deals.wrapping_add(1);
            self.dealt = cfg.deal(&mut rng);
            self.nhist = 0;
            self.st = State::new(cfg, &self.dealt);
            if !self.st.over() {
                return true;
            }
            for s in 0..cfg.seats {
                settled[s] += self.st.pay[s];
            }
            *over += 1;
        }
        false
    }

    /// `seat`'s tensor (`DominoObserver.write`, then for kind 1 `InfoStateObserver`'s history).
    fn observe<T: Cell>(&self, l: &Layout, seat: usize, out: &mut [T]) {
        let s = &self.st;
        let n = l.n;
        out.fill(T::ZERO);
        out[seat] = T::ONE;
        if s.to_move >= 0 {
            out[n + s.to_move as usize] = T::ONE;
        }
        if s.last_placer >= 0 {
            out[2 * n + s.last_placer as usize] = T::ONE;
        }
        let ends = 3 * n;
        if s.started {
            for e in 0..s.nends as usize {
                out[ends + 7 * e + s.ends[e] as usize] = T::ONE;
            }
        }
        let hand = ends + 14;
        let table = hand + NK;
        let down = table + NK;
        let placed = down + n * NK;
        let down_n = placed + n;
        let over = s.over();
        T::counts(&mut out[hand..hand + NK], &s.hands[seat]);
        T::counts(&mut out[table..table + NK], &s.table);
        for x in 0..n {
            if over || x == seat {
                T::counts(&mut out[down + x * NK..down + (x + 1) * NK], &s.down_cnt[x]);
            }
            out[placed + x] = T::of(s.placed[x] as u32);
            out[down_n + x] = T::of(s.down_n[x] as u32);
        }
        if l.hist > 0 {
            let h = &mut out[l.base..];
            for j in 0..self.nhist.min(l.hist) {
                let (a, who) = (self.hist[j] as i64, self.actors[j]);
                let hidden = a >= super::DOWN && who as usize != seat && !over;
                h[j] = if hidden { T::of(NUM_ACTIONS as u32 + 1) } else { T::of(a as u32 + 1) };
                h[l.hist + j] = T::of(who as u32 + 1);
            }
        }
    }
}

/// 接龍 (`Dom<0>`), 斜釘 (`Dom<1>`) and 頂牛 (`Dom<2>`) rows for `crate::vecrows`.
pub struct Dom<const G: u8>;

impl<const G: u8> VecGame for Dom<G> {
    type Cfg = Config;
    type Row = Row;
    fn parse(o: &[i64]) -> Option<Config> {
        let kind = match G {
            0 => GameKind::JieLong,
            1 => GameKind::TseDing,
            _ => GameKind::DingNiu,
        };
        Config::parse(kind, o)
    }
    fn seats(c: &Config) -> usize {
        c.seats
    }
    fn num_actions(_: &Config) -> usize {
        NUM_ACTIONS
    }
    fn max_legal(_: &Config) -> usize {
        MAXL
    }
    fn words(_: &Config) -> usize {
        ROW_WORDS
    }
    fn obs_size(c: &Config, kind: i64) -> usize {
        Layout::new(c, kind).size()
    }
    fn obs_max(c: &Config, kind: i64) -> usize {
        if kind == 1 { NUM_ACTIONS + 1 } else { c.seats * c.hand }
    }
    fn new_row(c: &'static Config, seed: u64, row: u64) -> Row {
        Row::new(seed, row, c)
    }
    fn next_deal(c: &'static Config, r: &mut Row, settled: &mut [i64], over: &mut i64) -> bool {
        r.next_deal(c, settled, over)
    }
    fn read(c: &'static Config, w: &[i64]) -> Option<Row> {
        Row::read(c, w)
    }
    fn write(_: &Config, r: &Row, w: &mut [i64]) {
        r.write(w)
    }
    fn actor(_: &Config, r: &Row) -> Option<usize> {
        (!r.st.over()).then_some(r.st.to_move as usize)
    }
    fn room(_: &Config, r: &Row) -> bool {
        r.nhist < MAX_HIST
    }
    fn legal(c: &Config, r: &Row, out: &mut Vec<i64>) {
        let mut buf = [0i64; MAXL];
        let k = r.st.legal(c, &mut buf);
        out.clear();
        out.extend_from_slice(&buf[..k]);
    }
    fn apply(c: &Config, r: &mut Row, a: i64) {
        r.hist[r.nhist] = a as u8;
        r.actors[r.nhist] = r.st.to_move as u8;
        r.nhist += 1;
        r.st.apply(c, a);
    }
    fn payments(c: &Config, r: &Row, out: &mut [i64]) {
        out.copy_from_slice(&r.st.pay[..c.seats]);
    }
    fn observe(c: &Config, r: &Row, kind: i64, seat: usize, out: &mut [f32]) {
        r.observe(&Layout::new(c, kind), seat, out)
    }
    fn observe_u8(c: &Config, r: &Row, kind: i64, seat: usize, out: &mut [u8]) -> bool {
        r.observe(&Layout::new(c, kind), seat, out);
        true
    }
    /// The hands as dealt (seats x 21 counts), then the actions so far.
    fn report(c: &Config, x: &Row, out: &mut [i64]) -> i64 {
        let len = c.seats * NK + x.nhist;
        if out.len() < len {
            return crate::vecrows::E_SIZE;
        }
        for s in 0..c.seats {
            for k in 0..NK {
                out[s * NK + k] = x.dealt[s][k] as i64;
            }
        }
        for j in 0..x.nhist {
            out[c.seats * NK + j] = x.hist[j] as i64;
        }
        len as i64
    }
}

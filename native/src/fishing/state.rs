//! The deal in play: count vectors with bit masks beside them, the stock, the turn machine
//! (`FishingState._advance`), legal actions in the Python engine's order, and applying.
//! Fixed-size arrays only: a state is a plain `Copy` value, cloned for each rollout.

use super::rules::*;
use super::score;

pub const HAND: u8 = 0;
pub const DRAW: u8 = 1;
/// Enough for any legal list: at most 21 held kinds × 4 targets + 21 stacks + 21 releases.
pub const MAX_LEGAL: usize = 160;

#[derive(Clone, Copy)]
pub struct State {
    pub hands: [[u8; K]; 3],
    pub hand_mask: [u32; 3],
    pub lake: [u8; K],
    pub lake_mask: u32,
    pub stacked: u32,
    pub catches: [[u8; K]; 3],
    pub stock: [u8; 32],
    pub stock_len: usize,
    pub pos: usize,
    pub drawn: usize,
    /// The seat to act, or -1 once the deal is over.
    pub turn: i32,
    phases: [u8; 2],
    pi: usize,
}

impl State {
    /// A fresh deal: `hands` (players × hand_size), `lake`, `stock`, as kinds. The caller checks
    /// the cards (`check_deal`).
    pub fn new(r: &Rules, hands: &[&[u8]], lake: &[u8], stock: &[u8]) -> State {
        let mut s = State {
            hands: [[0; K]; 3],
            hand_mask: [0; 3],
            lake: [0; K],
            lake_mask: 0,
            stacked: 0,
            catches: [[0; K]; 3],
            stock: [0; 32],
            stock_len: stock.len(),
            pos: 0,
            drawn: 0,
            turn: 0,
            phases: if r.draw_first { [DRAW, HAND] } else { [HAND, DRAW] },
            pi: 0,
        };
        for (seat, h) in hands.iter().enumerate() {
            for &k in h.iter() {
                s.hands[seat][k as usize] += 1;
            }
        }
        for &k in lake {
            s.lake[k as usize] += 1;
        }
        s.stock[..stock.len()].copy_from_slice(stock);
        if r.fours_to_tail {
            for k in 0..K {
                if r.self_only & (1 << k) != 0 && s.lake[k] == 4 {
                    s.lake[k] = 0;
                    s.catches[r.tail_seat][k] += 4;
                }
            }
        }
        if r.heaven_pair {
            for seat in 0..r.players {
                while s.hands[seat][HEAVEN] >= 2 {
                    s.hands[seat][HEAVEN] -= 2;
                    s.catches[seat][HEAVEN] += 2;
                }
            }
        }
        for seat in 0..r.players {
            s.hand_mask[seat] = mask_of(&s.hands[seat]);
        }
        s.lake_mask = mask_of(&s.lake);
        s.advance(r);
        s
    }

    #[inline]
    pub fn phase(&self) -> u8 {
        self.phases[self.pi]
    }

    fn advance(&mut self, r: &Rules) {
        loop {
            while self.pi < 2 {
                let ph = self.phases[self.pi];
                if ph == HAND {
                    if self.hand_mask[self.turn as usize] != 0 {
                        return;
                    }
                } else if self.pos < self.stock_len {
                    self.drawn = self.stock[self.pos] as usize;
                    self.pos += 1;
                    return;
                }
                self.pi += 1;
            }
            if self.pos >= self.stock_len {
                self.finish(r);
                return;
            }
            self.turn = (self.turn + 1) % r.players as i32;
            self.phases = [HAND, DRAW];
            self.pi = 0;
        }
    }

    fn finish(&mut self, r: &Rules) {
        self.turn = -1;
        if self.lake_mask != 0 && r.lake_to_tail {
            for k in 0..K {
                self.catches[r.tail_seat][k] += self.lake[k];
            }
            self.lake = [0; K];
            self.lake_mask = 0;
            self.stacked = 0;
        }
    }

    /// `legal_actions()`, in the same order; returns how many were written.
    #[inline]
    pub fn legal(&self, r: &Rules, out: &mut [u16; MAX_LEGAL]) -> usize {
        let mut n = 0;
        if self.phase() == DRAW {
            let d = self.drawn;
            let mut tm = r.match_mask[d] & self.lake_mask & (!self.stacked | (1 << d));
            while tm != 0 {
                let t = tm.trailing_zeros() as u16;
                tm &= tm - 1;
                out[n] = DCAP + d as u16 * 21 + t;
                n += 1;
            }
            if n > 0 && r.must {
                return n;
            }
            out[n] = DREL + d as u16;
            return n + 1;
        }
        let held = self.hand_mask[self.turn as usize];
        let mut m = held;
        while m != 0 {
            let h = m.trailing_zeros();
            m &= m - 1;
            let mut tm = r.match_mask[h as usize] & self.lake_mask & (!self.stacked | (1 << h));
            while tm != 0 {
                let t = tm.trailing_zeros() as u16;
                tm &= tm - 1;
                out[n] = CAP + h as u16 * 21 + t;
                n += 1;
            }
        }
        if r.stacking {
            let mut m = held & !self.stacked;
            while m != 0 {
                let h = m.trailing_zeros() as usize;
                m &= m - 1;
                if self.lake[h] == 2 {
                    out[n] = STACK + h as u16;
                    n += 1;
                }
            }
        }
        if n > 0 && r.must {
            return n;
        }
        if r.keep_mode {
            out[n] = KEEP;
            return n + 1;
        }
        let mut m = held;
        while m != 0 {
            let h = m.trailing_zeros() as u16;
            m &= m - 1;
            out[n] = REL + h;
            n += 1;
        }
        n
    }

    /// How many lake cards of `target` a capture takes (`FishingState._take`).
    #[inline]
    pub fn taken(&self, r: &Rules, target: usize) -> u8 {
        let bit = 1u32 << target;
        if self.lake[target] == 3 && (self.stacked & bit != 0 || (r.one_takes_three && r.self_only & bit != 0)) {
            3
        } else {
            1
        }
    }

    #[inline]
    fn take(&mut self, r: &Rules, seat: usize, card: usize, target: usize) {
        let n = self.taken(r, target);
        if n == 3 {
            self.stacked &= !(1 << target);
        }
        self.lake[target] -= n;
        if self.lake[target] == 0 {
            self.lake_mask &= !(1 << target);
        }
        self.catches[seat][card] += 1;
        self.catches[seat][target] += n;
    }

    #[inline]
    fn hand_out(&mut self, seat: usize, h: usize) {
        self.hands[seat][h] -= 1;
        if self.hands[seat][h] == 0 {
            self.hand_mask[seat] &= !(1 << h);
        }
    }

    #[inline]
    fn to_lake(&mut self, k: usize) {
        self.lake[k] += 1;
        self.lake_mask |= 1 << k;
    }

    /// `apply_unchecked` for a legal action.
    #[inline]
    pub fn apply(&mut self, r: &Rules, a: u16) {
        let seat = self.turn as usize;
        if a < REL {
            let (h, t) = ((a / 21) as usize, (a % 21) as usize);
            self.hand_out(seat, h);
            self.take(r, seat, h, t);
        } else if a < DCAP {
            let h = (a - REL) as usize;
            self.hand_out(seat, h);
            self.to_lake(h);
        } else if a < DREL {
            let b = a - DCAP;
            self.take(r, seat, (b / 21) as usize, (b % 21) as usize);
        } else if a < STACK {
            self.to_lake((a - DREL) as usize);
        } else if a < KEEP {
            let h = (a - STACK) as usize;
            self.hand_out(seat, h);
            self.to_lake(h);
            self.stacked |= 1 << h;
        }
        self.pi += 1;
        self.advance(r);
    }

    /// Apply `a` if it is legal here; false (and nothing changed) otherwise.
    pub fn apply_checked(&mut self, r: &Rules, a: i64) -> bool {
        if self.turn < 0 || !(0..ACTION_SPACE).contains(&a) {
            return false;
        }
        let mut buf = [0u16; MAX_LEGAL];
        let n = self.legal(r, &mut buf);
        if !buf[..n].contains(&(a as u16)) {
            return false;
        }
        self.apply(r, a as u16);
        true
    }

    pub fn payments(&self, r: &Rules, pays: &mut [i64]) {
        score::payments(r, &self.catches, pays);
    }

    /// The 尾牌 as the seat may know it: the tail seat peeked (V-F1), and it is still in the stock.
    #[inline]
    pub fn known_tail(&self, r: &Rules, seat: usize) -> Option<usize> {
        if r.peek && seat == r.tail_seat && self.pos < self.stock_len {
            Some(self.stock[self.stock_len - 1] as usize)
        } else {
            None
        }
    }
}

#[inline]
pub fn mask_of(c: &[u8; K]) -> u32 {
    let mut m = 0;
    for (k, &n) in c.iter().enumerate() {
        if n != 0 {
            m |= 1 << k;
        }
    }
    m
}

/// Check a deal array against the set and build the state; -3 if it is not a deal of this set.
pub fn from_deal(r: &Rules, deal: &[i64]) -> Result<State, i64> {
    if deal.len() != r.deal_len() {
        return Err(-3);
    }
    let mut kinds = [0u8; 84];
    let mut counts = [0u8; K];
    for (i, &k) in deal.iter().enumerate() {
        if !(0..K as i64).contains(&k) {
            return Err(-3);
        }
        counts[k as usize] += 1;
        if counts[k as usize] > r.deck_counts[k as usize] {
            return Err(-3);
        }
        kinds[i] = k as u8;
    }
    Ok(state_from_kinds(r, &kinds[..deal.len()]))
}

/// The state of a deal laid out as `from_deal` reads it (hands, lake, stock).
pub fn state_from_kinds(r: &Rules, kinds: &[u8]) -> State {
    let hs = r.hand_size;
    let hands: [&[u8]; 3] = [
        &kinds[0..hs],
        &kinds[hs..2 * hs],
        if r.players == 3 { &kinds[2 * hs..3 * hs] } else { &kinds[0..0] },
    ];
    let o = r.players * hs;
    State::new(r, &hands[..r.players], &kinds[o..o + r.lake_size], &kinds[o + r.lake_size..])
}

/// Shuffle and deal as `Fishing.deal_from_seed` does (lake 4, hand 5 in turn for cards; the lake
/// then the hands for dominoes), into the `from_deal` layout.
pub fn deal_random(r: &Rules, rng: &mut crate::rng::Rng, out: &mut [u8; 84]) {
    let mut cards = r.deck;
    let n = r.deck_len;
    rng.shuffle(&mut cards[..n]);
    let hs = r.hand_size;
    let lake_at = r.players * hs;
    let mut it = 0;
    if r.dominoes {
        out[lake_at..lake_at + r.lake_size].copy_from_slice(&cards[..r.lake_size]);
        it = r.lake_size;
        for s in 0..r.players {
            out[s * hs..(s + 1) * hs].copy_from_slice(&cards[it..it + hs]);
            it += hs;
        }
    } else {
        let rounds = if r.players == 2 { 3 } else { 2 };
        let (mut nl, mut nh) = (0, [0usize; 3]);
        for _ in 0..rounds {
            for s in 0..r.players {
                out[lake_at + nl..lake_at + nl + 4].copy_from_slice(&cards[it..it + 4]);
                nl += 4;
                it += 4;
                out[s * hs + nh[s]..s * hs + nh[s] + 5].copy_from_slice(&cards[it..it + 5]);
                nh[s] += 5;
                it += 5;
            }
        }
    }
    let st = lake_at + r.lake_size;
    out[st..n].copy_from_slice(&cards[it..n]);
}

/// Bytes of a packed state (`State::pack`), for the vector rows.
pub const PACKED: usize = 3 * K + K + 3 * K + 32 + 11;

impl State {
    /// The state as bytes (the vector rows keep it in int64 words); the masks are recomputed.
    pub fn pack(&self, out: &mut [u8; PACKED]) {
        let mut i = 0;
        for h in self.hands.iter().chain(std::iter::once(&self.lake)).chain(self.catches.iter()) {
            out[i..i + K].copy_from_slice(h);
            i += K;
        }
        out[i..i + 32].copy_from_slice(&self.stock);
        i += 32;
        let st = self.stacked.to_le_bytes();
        let tail = [self.stock_len as u8, self.pos as u8, self.drawn as u8, (self.turn + 1) as u8, self.phases[0],
                    self.phases[1], self.pi as u8, st[0], st[1], st[2], st[3]];
        out[i..i + 11].copy_from_slice(&tail);
    }

    /// `pack`'s inverse; None for bytes no state of these rules packs to (a damaged row).
    pub fn unpack(r: &Rules, b: &[u8; PACKED]) -> Option<State> {
        let mut s = State {
            hands: [[0; K]; 3],
            hand_mask: [0; 3],
            lake: [0; K],
            lake_mask: 0,
            stacked: 0,
            catches: [[0; K]; 3],
            stock: [0; 32],
            stock_len: 0,
            pos: 0,
            drawn: 0,
            turn: 0,
            phases: [0; 2],
            pi: 0,
        };
        let mut i = 0;
        for h in s.hands.iter_mut().chain(std::iter::once(&mut s.lake)).chain(s.catches.iter_mut()) {
            h.copy_from_slice(&b[i..i + K]);
            i += K;
        }
        s.stock.copy_from_slice(&b[i..i + 32]);
        i += 32;
        let t = &b[i..i + 11];
        s.stock_len = t[0] as usize;
        s.pos = t[1] as usize;
        s.drawn = t[2] as usize;
        s.turn = t[3] as i32 - 1;
        s.phases = [t[4], t[5]];
        s.pi = t[6] as usize;
        s.stacked = u32::from_le_bytes([t[7], t[8], t[9], t[10]]);
        // every card of the deck exactly where a deal can put it; every index in range
        let mut count = [0u32; K];
        for h in s.hands.iter().chain(std::iter::once(&s.lake)).chain(s.catches.iter()) {
            for k in 0..K {
                count[k] += h[k] as u32;
            }
        }
        let ok = s.stock_len <= 32
            && s.pos <= s.stock_len
            && s.drawn < K
            && s.turn >= -1
            && s.turn < r.players as i32
            && s.phases.iter().all(|&p| p <= DRAW)
            && s.pi <= 2
            && s.stacked < (1 << K)
            && s.stock[..s.stock_len].iter().all(|&k| (k as usize) < K)
            && (r.players == 3 || (s.hands[2] == [0; K] && s.catches[2] == [0; K]))
            && count.iter().zip(r.deck_counts.iter()).all(|(&c, &d)| c <= d as u32);
        if !ok {
            return None;
        }
        for seat in 0..3 {
            s.hand_mask[seat] = mask_of(&s.hands[seat]);
        }
        s.lake_mask = mask_of(&s.lake);
        Some(s)
    }

    /// The phase's name as the Python state holds it first in `phases` (`HAND` or `DRAW`).
    pub fn phase_now(&self) -> u8 {
        self.phases[self.pi.min(1)]
    }
}

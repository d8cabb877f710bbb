//! One Ma Diao hand: the port of `MaDiaoState` (yezi/games/madiao/game.py) on fixed-size
//! arrays and u64 card masks. Legal actions come out in exactly the Python engine's order
//! (stakes ascending; leads ascending; captures ascending, then discards ascending).

use super::cards::*;
use super::opts::Opts;

pub const DOWN: u8 = 40;
pub const STAKE: u8 = 80;
pub const MIAN: u8 = 100;
pub const PLAY_ON: u8 = 101;

pub const PHASE_STAKE: u8 = 0;
pub const PHASE_MIAN: u8 = 1;
pub const PHASE_PLAY: u8 = 2;
pub const PHASE_OVER: u8 = 3;

pub const END_NONE: u8 = 0;
pub const END_CUT: u8 = 1;
pub const END_HE: u8 = 2;
pub const END_SIJI: u8 = 3;
pub const END_MIAN: u8 = 4;
pub const END_PLAYED: u8 = 5;

pub const NONE: u8 = 255;
pub const MAX_LEGAL: usize = 24;

pub const BREACH_NONE: u8 = 0;
pub const BREACH_L1: u8 = 1;
pub const BREACH_L2: u8 = 2;

/// What the liability rules need about one play (Python `_log_entry`).
#[derive(Clone, Copy, Default)]
pub struct LogEntry {
    pub k: u8,
    pub seat: u8,
    pub action: u8,
    pub breach: u8,
    pub bailao_held: bool,
    pub could_capture: bool,
    pub led: bool,
    pub best_seat: u8,
}

#[derive(Clone, Copy)]
pub struct State {
    pub face: u8,
    pub second: u8,
    pub tou: u8,
    pub dealt: [u64; 4],
    pub hand: [u64; 4],
    pub won: [u64; 4],
    /// every card played face up (public) and each seat's own face-down discards
    pub up_all: u64,
    pub up: [u64; 4],
    pub down: [u64; 4],
    pub stake: i64,
    pub phase: u8,
    pub end: u8,
    pub mq: [u8; 4],
    pub mq_len: u8,
    pub mq_pos: u8,
    pub he: [(u8, i64); 4],
    pub nhe: u8,
    pub siji: u8,
    /// completed tricks; the current trick is number `ntricks`
    pub ntricks: u8,
    pub leader: u8,
    pub plays: [(u8, u8, bool); 4],
    pub nplays: u8,
    pub led_suit: u8,
    pub best: u8,
    pub best_seat: u8,
    pub tbest: [u8; 8],
    pub winners: [u8; 8],
    pub tcount: [u8; 4],
    pub bailao_up: bool,
    pub bailao_out: bool,
    pub ten_played: bool,
    pub to_act: u8,
    pub log: [LogEntry; 32],
    pub nlog: u8,
}

/// The deck after any free re-cut (options V5, V6): as Python `effective_cards`.
pub fn effective_cards(o: &Opts, cards: &mut [u8; 40]) {
    let mut recut = 0;
    while o.bad_face & bit(cards[39]) != 0 && recut < 3 {
        recut += 1;
        let f = cards[39];
        let mut i = 39;
        while i > 32 {
            cards[i] = cards[i - 1];
            i -= 1;
        }
        cards[32] = f;
    }
}

impl State {
    /// A fresh hand from the deck as `state.deal["cards"]` holds it.
    pub fn new(o: &Opts, deck: &[u8; 40]) -> State {
        let mut cards = *deck;
        effective_cards(o, &mut cards);
        let face = cards[39];
        let tou = first_receiver(count_value(face, o.banwen));
        let mut dealt = [0u64; 4];
        for i in 0..8 {
            let seat = (tou as usize + i) % 4;
            for j in 0..4 {
                dealt[seat] |= bit(cards[4 * i + j]);
            }
        }
        let mut s = State {
            face,
            second: cards[38],
            tou,
            dealt,
            hand: dealt,
            won: [0; 4],
            up_all: 0,
            up: [0; 4],
            down: [0; 4],
            stake: 0,
            phase: PHASE_STAKE,
            end: END_NONE,
            mq: [0; 4],
            mq_len: 0,
            mq_pos: 0,
            he: [(0, 0); 4],
            nhe: 0,
            siji: NONE,
            ntricks: 0,
            leader: 0,
            plays: [(0, 0, false); 4],
            nplays: 0,
            led_suit: 0,
            best: NONE,
            best_seat: NONE,
            tbest: [0; 8],
            winners: [0; 8],
            tcount: [0; 4],
            bailao_up: false,
            bailao_out: false,
            ten_played: false,
            to_act: 0,
            log: [LogEntry::default(); 32],
            nlog: 0,
        };
        if o.stake_fixed {
            s.set_stake(o, o.stake_min);
        }
        s
    }

    #[inline]
    pub fn over(&self) -> bool {
        self.to_act == NONE
    }

    pub fn first_leader(&self, o: &Opts) -> u8 {
        if o.first_lead_banker {
            0
        } else {
            self.tou
        }
    }

    fn end_hand(&mut self, reason: u8) {
        self.phase = PHASE_OVER;
        self.end = reason;
        self.to_act = NONE;
    }

    fn start_play(&mut self, o: &Opts) {
        self.phase = PHASE_PLAY;
        self.nplays = 0;
        self.best = NONE;
        self.best_seat = NONE;
        self.leader = self.first_leader(o);
        self.to_act = self.leader;
    }

    /// 賀 hands in play order from 頭 (Python `he_hands`), as (seat, 注).
    fn he_hands(&mut self, o: &Opts) {
        self.nhe = 0;
        for k in 0..4 {
            let seat = (self.tou + k) % 4;
            let h = self.dealt[seat as usize];
            let mut vals = [0i64; 5];
            let mut n = 0;
            if h == ZHENG_MASK | JI_MASK {
                vals[n] = 8;
                n += 1;
            }
            if h & !o.red == 0 {
                vals[n] = if h & bit(BAILAO) != 0 { 7 } else { 6 };
                n += 1;
            }
            if (0..4).any(|s| h & !SUIT_MASK[s] == 0) {
                vals[n] = if h & bit(BAILAO) != 0 { 5 } else { 4 };
                n += 1;
            }
            if !o.quantu_dahuo && h & QUANTU_MASK == QUANTU_MASK {
                vals[n] = 5;
                n += 1;
            }
            if h & ZHENG_MASK == ZHENG_MASK {
                vals[n] = if h & bit(BAILAO) != 0 { 5 } else { 4 };
                n += 1;
            }
            if n == 0 {
                continue;
            }
            let zhu = if o.he_cumulative { vals[..n].iter().sum() } else { *vals[..n].iter().max().unwrap_or(&0) };
            self.he[self.nhe as usize] = (seat, zhu);
            self.nhe += 1;
        }
    }

    fn ji_mask(&self, o: &Opts) -> u64 {
        let mut m = JI_MASK;
        if o.subst_qing && JI_MASK & bit(self.face) != 0 {
            m &= !bit(self.face);
            m |= bit(self.face - 1);
        }
        m
    }

    fn set_stake(&mut self, o: &Opts, chips: i64) {
        self.stake = chips;
        if self.face == BAILAO && o.cut_bailao_fine {
            self.end_hand(END_CUT);
            return;
        }
        self.he_hands(o);
        if self.nhe > 0 {
            if o.he_playout {
                self.start_play(o);
            } else {
                self.end_hand(END_HE);
            }
            return;
        }
        let js = self.ji_mask(o);
        for seat in 0..4u8 {
            if self.dealt[seat as usize] & js == js {
                self.siji = seat;
                self.end_hand(END_SIJI);
                return;
            }
        }
        if !o.long_suit_off {
            self.mq_len = 0;
            for k in 0..4 {
                let seat = (self.tou + k) % 4;
                let h = self.dealt[seat as usize];
                let long = (h & SUIT_MASK[0]).count_ones() >= 5
                    || (1..4).any(|s| (h & SUIT_MASK[s]).count_ones() >= 6);
                if long {
                    self.mq[self.mq_len as usize] = seat;
                    self.mq_len += 1;
                }
            }
            if self.mq_len > 0 {
                if !o.mian_waivable {
                    self.end_hand(END_MIAN);
                    return;
                }
                self.phase = PHASE_MIAN;
                self.mq_pos = 0;
                self.to_act = self.mq[0];
                return;
            }
        }
        self.start_play(o);
    }

    /// L1/L2 of 鬭百老法 for the seat to act (Python `guard_breach`).
    #[inline]
    pub fn guard_breach(&self, o: &Opts, seat: u8, action: u8) -> u8 {
        if action >= STAKE || self.phase != PHASE_PLAY {
            return BREACH_NONE;
        }
        let c = action % 40;
        if c > 10 {
            return BREACH_NONE;
        }
        let hand = self.hand[seat as usize];
        if hand & bit(BAILAO) != 0 || self.bailao_up {
            return BREACH_NONE;
        }
        let only_ten = hand & !SUIT_MASK[0] == 0;
        let exhausted = only_ten && (o.guard_exc_only_ten || self.ten_played);
        if c == QIANWAN || c == WANWAN {
            if c == WANWAN && hand & bit(QIANWAN) != 0 {
                return BREACH_NONE;
            }
            return if exhausted { BREACH_NONE } else { BREACH_L2 };
        }
        if action < DOWN && self.nplays == 0 && !only_ten {
            return BREACH_L1;
        }
        BREACH_NONE
    }

    /// The legal actions in the Python engine's order; returns how many were written.
    pub fn legal(&self, o: &Opts, out: &mut [u8; MAX_LEGAL]) -> usize {
        if self.to_act == NONE {
            return 0;
        }
        match self.phase {
            PHASE_STAKE => {
                let mut n = 0;
                let mut k = o.stake_min;
                while k <= o.stake_max && n < MAX_LEGAL {
                    out[n] = STAKE + (k / 2 - 1) as u8;
                    n += 1;
                    k += 2;
                }
                n
            }
            PHASE_MIAN => {
                out[0] = MIAN;
                out[1] = PLAY_ON;
                2
            }
            _ => {
                let seat = self.to_act;
                let hand = self.hand[seat as usize];
                let mut n = 0;
                if self.nplays == 0 {
                    n = push_bits(out, n, hand, 0);
                } else {
                    let caps = hand & above(self.best);
                    n = push_bits(out, n, caps, 0);
                    if !(o.must_capture && caps != 0) {
                        let led = hand & SUIT_MASK[self.led_suit as usize];
                        let downs = if o.must_follow && led != 0 { led } else { hand };
                        n = push_bits(out, n, downs, DOWN);
                    }
                }
                if o.guard == super::opts::GUARD_PROHIBIT {
                    let mut m = 0;
                    let mut keep = [0u8; MAX_LEGAL];
                    for &a in out[..n].iter() {
                        if self.guard_breach(o, seat, a) == BREACH_NONE {
                            keep[m] = a;
                            m += 1;
                        }
                    }
                    if m > 0 {
                        out[..m].copy_from_slice(&keep[..m]);
                        n = m;
                    }
                }
                n
            }
        }
    }

    /// Apply a legal action (the caller checked it).
    pub fn apply(&mut self, o: &Opts, action: u8) {
        let seat = self.to_act;
        match self.phase {
            PHASE_STAKE => {
                let chips = 2 * (action as i64 - STAKE as i64 + 1);
                self.set_stake(o, chips);
            }
            PHASE_MIAN => {
                if action == MIAN {
                    self.end_hand(END_MIAN);
                } else {
                    self.mq_pos += 1;
                    if self.mq_pos < self.mq_len {
                        self.to_act = self.mq[self.mq_pos as usize];
                    } else {
                        self.start_play(o);
                    }
                }
            }
            _ => self.play(o, seat, action),
        }
    }

    fn play(&mut self, o: &Opts, seat: u8, action: u8) {
        let c = action % 40;
        let up = action < DOWN;
        let s = seat as usize;
        let led = self.nplays > 0;
        let entry = LogEntry {
            k: self.ntricks,
            seat,
            action,
            breach: if o.guard == super::opts::GUARD_LIABILITY { self.guard_breach(o, seat, action) } else { 0 },
            bailao_held: !self.bailao_out,
            could_capture: led && self.best_seat == 0 && seat != 0 && self.hand[s] & above(self.best) != 0,
            led,
            best_seat: self.best_seat,
        };
        if (self.nlog as usize) < self.log.len() {
            self.log[self.nlog as usize] = entry;
            self.nlog += 1;
        }
        self.hand[s] &= !bit(c);
        if c == BAILAO {
            self.bailao_out = true;
        }
        if !led {
            self.led_suit = suit_of(c) as u8;
        }
        self.plays[self.nplays as usize] = (seat, c, up);
        self.nplays += 1;
        if up {
            self.up_all |= bit(c);
            self.up[s] |= bit(c);
            if c == BAILAO {
                self.bailao_up = true;
            }
            if c <= 10 {
                self.ten_played = true;
            }
            self.best = c;
            self.best_seat = seat;
        } else {
            self.down[s] |= bit(c);
        }
        if self.nplays < 4 {
            self.to_act = (seat + 1) % 4;
            return;
        }
        let w = self.best_seat;
        let t = self.ntricks as usize;
        if t >= 8 || w >= 4 {
            self.end_hand(END_PLAYED); // unreachable from a state this engine made
            return;
        }
        self.won[w as usize] |= bit(self.best);
        self.tcount[w as usize] += 1;
        self.winners[t] = w;
        self.tbest[t] = self.best;
        self.ntricks += 1;
        if self.ntricks == 8 {
            self.end_hand(END_PLAYED);
            return;
        }
        self.nplays = 0;
        self.best = NONE;
        self.best_seat = NONE;
        self.leader = w;
        self.to_act = w;
    }
}

#[inline]
fn push_bits(out: &mut [u8; MAX_LEGAL], mut n: usize, mut m: u64, base: u8) -> usize {
    while m != 0 && n < MAX_LEGAL {
        out[n] = base + m.trailing_zeros() as u8;
        n += 1;
        m &= m - 1;
    }
    n
}

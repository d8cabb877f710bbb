//! One Luk Fu deal as a state machine: a port of `yezi/games/lukfu/state.py` (legal actions in
//! the same order, the same transitions) and `settlement.py` (the same payments).
//!
//! The state is plain fixed-size data (hands and every public fact as bit sets, the tricks as
//! small arrays), so a playout clones it with one memcpy and allocates nothing per action.

use super::deduce::{note_event, with_opponent, Facts, Know};
use super::tables::*;
use std::sync::OnceLock;

pub const P_TIGERS: u8 = 0;
pub const P_BID: u8 = 1;
pub const P_PLAY: u8 = 2;
pub const P_LAST: u8 = 3;
pub const P_OVER: u8 = 4;

pub const O_NONE: u8 = 0;
pub const O_WIN: u8 = 1;
pub const O_TIGERS: u8 = 2;
pub const O_DRAW: u8 = 3;
pub const O_VOID: u8 = 4;

pub const L_VISIBLE: u8 = 0;
pub const L_DEDUCE: u8 = 1;
pub const L_CASCADE: u8 = 2;

/// The options that change play or payments (layout: `yezi/native/lukfu.py`).
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub players: usize,
    pub five_tigers: bool,
    pub tigers_value: i64,
    pub strong_pass_forbidden: bool,
    pub max_run: u8,
    pub unbeat_guangdong: bool,
    pub ge_one_guangdong: bool,
    pub strict: bool,
    pub laosui: u8,
    pub priv_same_suit: bool,
    pub priv_yunxian: bool,
    pub free_bosses: bool,
    pub dealer_free_open: bool,
    pub declare_after_last: bool,
    pub scoring: u8, // 0 hakka, 1 five_base, 2 huizhou, 3 linear
    pub double12: bool,
    pub dummy_winner_hand: bool,
    pub baopei_double: bool,
}

pub const NOPTS: usize = 18;

impl Rules {
    pub fn decode(o: &[i64]) -> Option<Rules> {
        if o.len() != NOPTS {
            return None;
        }
        let b = |v: i64| -> Option<bool> {
            match v {
                0 => Some(false),
                1 => Some(true),
                _ => None,
            }
        };
        let r = Rules {
            players: match o[0] {
                3 => 3,
                4 => 4,
                _ => return None,
            },
            five_tigers: b(o[1])?,
            tigers_value: match o[2] {
                6 | 8 => o[2],
                _ => return None,
            },
            strong_pass_forbidden: b(o[3])?,
            max_run: match o[4] {
                3 => 3,
                9 => 9,
                _ => return None,
            },
            unbeat_guangdong: b(o[5])?,
            ge_one_guangdong: b(o[6])?,
            strict: b(o[7])?,
            laosui: match o[8] {
                0..=2 => o[8] as u8,
                _ => return None,
            },
            priv_same_suit: b(o[9])?,
            priv_yunxian: b(o[10])?,
            free_bosses: b(o[11])?,
            dealer_free_open: b(o[12])?,
            declare_after_last: b(o[13])?,
            scoring: match o[14] {
                0..=3 => o[14] as u8,
                _ => return None,
            },
            double12: b(o[15])?,
            dummy_winner_hand: b(o[16])?,
            baopei_double: b(o[17])?,
        };
        Some(r)
    }
}

pub struct Ctx {
    pub r: Rules,
    pub t: &'static Table,
    pub universe: u64,
    pub n: usize,
    pub active: [usize; 3],
    pub dummy: Option<usize>,
}

impl Ctx {
    pub fn new(r: Rules) -> Ctx {
        // built once per process for each of the 8 beat relations (a table takes ~50 µs)
        static TABLES: [OnceLock<Table>; 8] = [const { OnceLock::new() }; 8];
        let key = (r.max_run == 3) as usize | (r.unbeat_guangdong as usize) << 1 | (r.ge_one_guangdong as usize) << 2;
        let t = TABLES[key].get_or_init(|| Table::new(r.max_run, r.unbeat_guangdong, r.ge_one_guangdong));
        let four = r.players == 4;
        Ctx {
            r,
            t,
            universe: if four { (1u64 << 37) - 1 } else { (1u64 << 36) - 1 },
            n: r.players,
            active: if four { [0, 1, 3] } else { [0, 1, 2] },
            dummy: if four { Some(2) } else { None },
        }
    }

    #[inline]
    pub fn next_active(&self, seat: usize) -> usize {
        if self.n == 4 {
            match seat {
                0 => 1,
                1 => 3,
                _ => 0,
            }
        } else {
            (seat + 1) % 3
        }
    }
}

pub const MAXT: usize = 13;

#[derive(Clone)]
pub struct State {
    pub hands: [u64; 4],
    pub phase: u8,
    pub to_act: u8,
    pub bidder: i8,
    pub privileged: i8,
    pub ntricks: u8,
    pub t_lead: [u8; MAXT],
    pub t_exempt: [bool; MAXT],
    pub t_n: [u8; MAXT],
    pub t_seat: [[u8; 3]; MAXT],
    /// play id, or -1 for a face-down discard
    pub t_play: [[i16; 3]; MAXT],
    /// the cards (a discard's cards are private to its seat)
    pub t_mask: [[u64; 3]; MAXT],
    /// a discard's best play then
    pub t_against: [[u8; 3]; MAXT],
    /// what the events rule out, for the quick 老歲 test (`deduce::with_opponent`)
    pub facts: Facts,
    pub t_winner: [i8; MAXT],
    pub followers: [u8; 2],
    pub nfollow: u8, // followers still to act: followers[2 - nfollow..]
    pub best_seat: i8,
    pub best_play: i16,
    pub pending: u64,
    pub hu: [u8; 4],
    pub won: [u64; 4],
    pub faceup: u64,
    pub shown: [u64; 4],
    pub discarded: [u64; 4],
    pub winner: i8,
    pub outcome: u8,
    pub pay: [i64; 4],
    pub old_known: [u64; 4],
    /// per seat, the unknown cards found unable to be in any opponent's hand: that never changes
    /// back (cards only leave hands), so `Eng::laosui_mask` asks about them once a deal
    pub never_opp: [u64; 4],
    /// which state this is for the deduction's caches: a number no other state of this engine
    /// had (a clone shares it until either is changed); 0: none yet, nothing cached
    pub serial: u64,
}

impl State {
    pub fn new(cx: &Ctx, hands: [u64; 4]) -> State {
        let tigers = cx.r.five_tigers && cx.dummy.is_some();
        State {
            hands,
            phase: if tigers { P_TIGERS } else { P_BID },
            to_act: 0,
            bidder: -1,
            privileged: -1,
            ntricks: 0,
            t_lead: [0; MAXT],
            t_exempt: [false; MAXT],
            t_n: [0; MAXT],
            t_seat: [[0; 3]; MAXT],
            t_play: [[0; 3]; MAXT],
            t_mask: [[0; 3]; MAXT],
            t_against: [[0; 3]; MAXT],
            facts: Facts::new(),
            t_winner: [-1; MAXT],
            followers: [0; 2],
            nfollow: 0,
            best_seat: -1,
            best_play: -1,
            pending: 0,
            hu: [0; 4],
            won: [0; 4],
            faceup: 0,
            shown: [0; 4],
            discarded: [0; 4],
            winner: -1,
            outcome: O_NONE,
            pay: [0; 4],
            old_known: [0; 4],
            never_opp: [0; 4],
            serial: 0,
        }
    }

    #[inline]
    pub fn current(&self) -> Option<usize> {
        if self.phase == P_OVER {
            None
        } else {
            Some(self.to_act as usize)
        }
    }
}

/// Cards above every card of their suit not in `known`, plus the `always` ones (state._tops).
#[inline]
pub fn tops(cards: u64, known: u64, always: u64) -> u64 {
    let mut old = cards & always;
    for s in 0..4 {
        let sm = suit_mask(s);
        let unk = sm & !known;
        if unk != 0 {
            let hb = 63 - unk.leading_zeros();
            old |= cards & sm & !((1u64 << hb) - 1);
        } else {
            old |= cards & sm;
        }
    }
    old
}

/// What each loser pays for `hu` 糊 (settlement.points).
pub fn points(hu: i64, scoring: u8, double12: bool, reds: i64) -> i64 {
    match scoring {
        0 => {
            if hu >= 12 {
                128
            } else {
                1i64 << (hu - 6).max(0)
            }
        }
        1 => {
            let p = if hu >= 5 { 1i64 << (hu - 5) } else { 0 };
            if hu >= 12 && double12 {
                p * 2
            } else {
                p
            }
        }
        2 => match hu {
            6 | 7 => 1,
            8 | 9 => 2,
            10 | 11 => 3,
            _ => 4,
        },
        _ => {
            let score = (hu - 5) + reds;
            if hu >= 12 && reds == 8 {
                score * 2
            } else {
                score
            }
        }
    }
}

#[inline]
fn bits(mut m: u64, mut f: impl FnMut(usize)) {
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        f(c);
    }
}

pub struct Eng {
    pub cx: Ctx,
    pub know: Box<Know>,
    /// the state serial and seat `know` was built for
    know_key: (u64, usize),
    /// per seat: (state serial, cards found not 老歲 in that state)
    nonold: [(u64, u64); 4],
    serials: u64,
    /// whether 老歲 questions try `deduce::with_opponent` before the facts (off only to check it)
    pub quick: bool,
}

pub const LEGAL_CAP: usize = 256;

impl Eng {
    pub fn new(r: Rules) -> Eng {
        Eng { cx: Ctx::new(r), know: Box::new(Know::new()), know_key: (0, 0), nonold: [(0, 0); 4], serials: 0, quick: true }
    }

    /// `know` built for `seat` in `st` (for the tests' questions about every card).
    pub fn know_for(&mut self, st: &mut State, seat: usize) -> &mut Know {
        if st.serial == 0 {
            st.serial = self.fresh_serial();
        }
        if self.know_key != (st.serial, seat) {
            self.know.build(&self.cx, st, seat);
            self.know_key = (st.serial, seat);
        }
        &mut self.know
    }

    /// A serial no state of this engine had: the deduction caches answers under it.
    #[inline]
    pub fn fresh_serial(&mut self) -> u64 {
        self.serials += 1;
        self.serials
    }

    /// Check a deal given as one card mask per seat.
    pub fn check_deal(&self, hands: &[u64]) -> bool {
        let cx = &self.cx;
        if hands.len() != cx.n {
            return false;
        }
        let mut all = 0u64;
        let mut total = 0u32;
        for (s, &h) in hands.iter().enumerate() {
            let want = if Some(s) == cx.dummy { 1 } else { 12 };
            if h.count_ones() != want || h & !cx.universe != 0 {
                return false;
            }
            all |= h;
            total += want;
        }
        all == cx.universe && total == cx.universe.count_ones()
    }

    // ---- 老歲 ---------------------------------------------------------------------------------
    pub fn laosui_mask(&mut self, st: &mut State, seat: usize, cards: u64) -> u64 {
        let cx = &self.cx;
        match cx.r.laosui {
            L_CASCADE => tops(cards, st.faceup, BOSSES),
            L_VISIBLE => tops(cards, st.hands[seat] | st.faceup, BOSSES | cx.t.unbeatable),
            _ => {
                // the seat's own face-down discards are known to it too: a card above every card it
                // cannot see is old without building the facts (the search would find no card above)
                let seen = st.hands[seat] | st.faceup | st.discarded[seat];
                let mut old = tops(cards, seen, BOSSES | cx.t.unbeatable);
                old |= cards & st.old_known[seat];
                if st.serial == 0 {
                    self.serials += 1;
                    st.serial = self.serials;
                }
                let (ser, known_nonold) = self.nonold[seat];
                let mut nonold = if ser == st.serial { known_nonold } else { 0 };
                let rest = cards & !old & !nonold;
                if rest != 0 {
                    let mut opp = 0u64;
                    for &q in &cx.active {
                        if q != seat {
                            opp |= st.hands[q];
                        }
                    }
                    let unknown = cx.universe & !seen;
                    let mut m = rest;
                    while m != 0 {
                        let c = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let hi = cx.t.higher[c];
                        if hi & opp != 0 {
                            nonold |= 1 << c;
                            continue;
                        }
                        // the cards above c that might still be with an opponent: the quick
                        // answers first, the facts for the rest
                        let mut xs = hi & unknown & !st.never_opp[seat];
                        let mut old_c = true;
                        if self.quick && xs != 0 {
                            let mut ys = xs;
                            while ys != 0 {
                                let x = ys.trailing_zeros() as usize;
                                ys &= ys - 1;
                                match with_opponent(cx, st, seat, x) {
                                    Some(true) => {
                                        old_c = false;
                                        break;
                                    }
                                    Some(false) => {
                                        st.never_opp[seat] |= 1 << x;
                                        xs &= !(1 << x);
                                    }
                                    None => {}
                                }
                            }
                        }
                        if old_c && xs != 0 {
                            if self.know_key != (st.serial, seat) {
                                self.know.build(cx, st, seat);
                                self.know_key = (st.serial, seat);
                            }
                            let mut ys = xs;
                            while ys != 0 {
                                let x = ys.trailing_zeros() as usize;
                                ys &= ys - 1;
                                if self.know.can_be_with_opponent(x) {
                                    old_c = false;
                                    break;
                                }
                                st.never_opp[seat] |= 1 << x;
                            }
                        }
                        if old_c {
                            old |= 1 << c;
                        } else {
                            nonold |= 1 << c;
                        }
                    }
                }
                self.nonold[seat] = (st.serial, nonold);
                st.old_known[seat] |= old;
                old
            }
        }
    }

    #[inline]
    pub fn hu_count(&mut self, st: &mut State, seat: usize) -> u32 {
        let h = st.hands[seat];
        st.hu[seat] as u32 + self.laosui_mask(st, seat, h).count_ones()
    }

    pub fn single_leads(&mut self, st: &mut State, seat: usize) -> u64 {
        let hand = st.hands[seat];
        let r = self.cx.r;
        if r.dealer_free_open && seat == 0 && st.bidder == 0 && st.ntricks == 0 {
            return hand;
        }
        let mut allowed = 0u64;
        let mut first_suit: i32 = -1;
        for s in 0..4 {
            let in_suit = hand & suit_mask(s);
            if in_suit != 0 {
                first_suit = s as i32;
                let old = self.laosui_mask(st, seat, in_suit);
                allowed = if in_suit & !old != 0 { in_suit & !old } else { old };
                break;
            }
        }
        if first_suit < 0 {
            allowed = hand & (1 << WAN);
        }
        if seat as i8 == st.privileged {
            if !r.priv_same_suit {
                allowed |= self.laosui_mask(st, seat, hand & !(1u64 << WAN));
                if r.priv_yunxian {
                    allowed |= hand & (1 << WAN);
                }
            } else if first_suit >= 0 {
                allowed |= hand & suit_mask(first_suit as usize);
            }
        }
        if r.free_bosses {
            allowed |= hand & BOSSES;
        }
        allowed
    }

    fn lead_exempt(&self, st: &State, seat: usize, pid: usize) -> bool {
        let r = &self.cx.r;
        if pid >= 37 || seat as i8 == st.privileged {
            return true;
        }
        if r.free_bosses && BOSSES >> pid & 1 == 1 {
            return true;
        }
        r.dealer_free_open && seat == 0 && st.bidder == 0 && st.ntricks == 0
    }

    /// Most cards coverable by disjoint 各 and 順 plus the remaining 老歲 singles, as far as
    /// deciding `>= 6` needs (state.strength_measure).
    pub fn strength_at_least_6(&mut self, st: &mut State, seat: usize) -> bool {
        let hand = st.hands[seat];
        let mut ids = [0u16; LEGAL_CAP];
        let n = self.cx.t.combos_in(hand, &mut ids, 0);
        let mut masks = [0u64; LEGAL_CAP];
        for i in 0..n {
            masks[i] = self.cx.t.plays[ids[i] as usize].mask;
        }
        let old = self.laosui_mask(st, seat, hand);
        fn best(masks: &[u64], old: u64, rem: u64, start: usize, acc: u32) -> bool {
            if acc + (rem & old).count_ones() >= 6 {
                return true;
            }
            for i in start..masks.len() {
                let m = masks[i];
                if m & rem == m && best(masks, old, rem & !m, i + 1, acc + m.count_ones()) {
                    return true;
                }
            }
            false
        }
        best(&masks[..n], old, hand, 0, 0)
    }

    // ---- legal actions ------------------------------------------------------------------------
    pub fn legal(&mut self, st: &mut State, out: &mut [u16; LEGAL_CAP]) -> usize {
        let seat = st.to_act as usize;
        match st.phase {
            P_PLAY => {
                if st.best_play < 0 {
                    self.lead_actions(st, seat, out)
                } else {
                    self.follow_actions(st, seat, out)
                }
            }
            P_BID => {
                if seat == 0 && self.cx.r.strong_pass_forbidden && self.strength_at_least_6(st, 0) {
                    out[0] = BID;
                    1
                } else {
                    out[0] = PASS;
                    out[1] = BID;
                    2
                }
            }
            P_TIGERS => {
                if st.hands[seat] & FIVE_TIGERS == FIVE_TIGERS {
                    out[0] = TIGERS;
                    out[1] = NO_TIGERS;
                    2
                } else {
                    out[0] = NO_TIGERS;
                    1
                }
            }
            P_LAST => {
                out[0] = DECLARE;
                out[1] = DECLINE;
                2
            }
            _ => 0,
        }
    }

    fn lead_actions(&mut self, st: &mut State, seat: usize, out: &mut [u16; LEGAL_CAP]) -> usize {
        let hand = st.hands[seat];
        let mut n = 0;
        if st.hu[seat] as u32 + hand.count_ones() >= 6 && self.hu_count(st, seat) >= 6 {
            out[0] = DECLARE;
            n = 1;
        }
        let singles = self.single_leads(st, seat);
        bits(singles, |c| {
            out[n] = PLAY_BASE + c as u16;
            n += 1;
        });
        let start = n;
        n = self.cx.t.combos_in(hand, out, n);
        for a in out[start..n].iter_mut() {
            *a += PLAY_BASE;
        }
        n
    }

    fn follow_actions(&mut self, st: &mut State, seat: usize, out: &mut [u16; LEGAL_CAP]) -> usize {
        let hand = st.hands[seat];
        let best = st.best_play as usize;
        let t = &self.cx.t;
        let mut n = 0;
        if st.pending == 0 {
            if best < 37 {
                bits(hand & t.higher[best], |c| {
                    out[n] = PLAY_BASE + c as u16;
                    n += 1;
                });
            } else {
                for &(b, m) in &t.beaters[best] {
                    if m & hand == m {
                        out[n] = PLAY_BASE + b as u16;
                        n += 1;
                    }
                }
            }
            if n > 0 && self.cx.r.strict {
                return n;
            }
        }
        self.discard_choices(st, seat, out, n)
    }

    fn discard_choices(&self, st: &State, seat: usize, out: &mut [u16; LEGAL_CAP], mut n: usize) -> usize {
        let t = &self.cx.t;
        let rest = st.hands[seat] & !st.pending;
        let lead = st.t_lead[st.ntricks as usize - 1] as usize;
        let size = t.plays[lead].size as u32;
        let need = size - st.pending.count_ones(); // >= 1
        let best = st.best_play as usize;
        if best < 37 {
            // beaters are single cards: every one left in the hand must go into the discard
            let h = rest & t.higher[best];
            let k = h.count_ones();
            if k == 0 {
                bits(rest, |c| {
                    out[n] = DISCARD_BASE + c as u16;
                    n += 1;
                });
            } else if k <= need {
                // a card of h always; another card only if the h cards still fit after it
                bits(rest, |c| {
                    if h >> c & 1 == 1 || k <= need - 1 {
                        out[n] = DISCARD_BASE + c as u16;
                        n += 1;
                    }
                });
            }
            return n;
        }
        let mut sets = [0u64; 64];
        let mut ns = 0;
        for &(_, m) in &t.beaters[best] {
            if m & rest == m {
                sets[ns] = m;
                ns += 1;
            }
        }
        if ns == 0 {
            bits(rest, |c| {
                out[n] = DISCARD_BASE + c as u16;
                n += 1;
            });
            return n;
        }
        let sets = &sets[..ns];
        bits(rest, |c| {
            let mut unhit = [0u64; 64];
            let mut nu = 0;
            for &m in sets {
                if m >> c & 1 == 0 {
                    unhit[nu] = m;
                    nu += 1;
                }
            }
            if hitting_set_within(&unhit[..nu], need as i32 - 1) {
                out[n] = DISCARD_BASE + c as u16;
                n += 1;
            }
        });
        n
    }

    // ---- apply --------------------------------------------------------------------------------
    pub fn apply(&mut self, st: &mut State, a: u16) {
        st.serial = 0; // changed: a fresh serial when the deduction next asks
        let seat = st.to_act as usize;
        match st.phase {
            P_TIGERS => {
                if a == TIGERS {
                    self.finish_tigers(st, seat);
                } else {
                    let nxt = self.cx.next_active(seat);
                    if nxt == 0 {
                        st.phase = P_BID;
                    }
                    st.to_act = nxt as u8;
                }
            }
            P_BID => {
                if a == BID {
                    st.bidder = seat as i8;
                    st.privileged = if seat != 0 { seat as i8 } else { -1 };
                    st.phase = P_PLAY;
                    st.to_act = 0;
                } else {
                    let nxt = self.cx.next_active(seat);
                    if nxt == 0 {
                        st.phase = P_OVER;
                        st.outcome = O_VOID;
                    } else {
                        st.to_act = nxt as u8;
                    }
                }
            }
            P_LAST => {
                if a == DECLARE {
                    self.finish_declare(st, seat);
                } else {
                    st.phase = P_OVER;
                    st.outcome = O_DRAW;
                }
            }
            _ => {
                if a == DECLARE {
                    self.finish_declare(st, seat);
                } else if a >= DISCARD_BASE {
                    st.pending |= 1 << (a - DISCARD_BASE);
                    let t = st.ntricks as usize - 1;
                    let size = self.cx.t.plays[st.t_lead[t] as usize].size as u32;
                    if st.pending.count_ones() == size {
                        let p = st.pending;
                        let before = st.hands[seat];
                        st.hands[seat] &= !p;
                        st.discarded[seat] |= p;
                        let k = st.t_n[t] as usize;
                        st.t_seat[t][k] = seat as u8;
                        st.t_play[t][k] = -1;
                        st.t_mask[t][k] = p;
                        st.t_against[t][k] = st.best_play as u8;
                        let then = if self.cx.r.strict { before } else { st.hands[seat] };
                        note_event(&self.cx, st, t, k, seat, then);
                        st.t_n[t] += 1;
                        st.pending = 0;
                        self.advance(st);
                    }
                } else {
                    let pid = (a - PLAY_BASE) as usize;
                    let m = self.cx.t.plays[pid].mask;
                    st.hands[seat] &= !m;
                    st.faceup |= m;
                    st.shown[seat] |= m;
                    if st.best_play < 0 {
                        let t = st.ntricks as usize;
                        st.t_lead[t] = pid as u8;
                        st.t_exempt[t] = self.lead_exempt(st, seat, pid);
                        st.t_n[t] = 0;
                        st.t_winner[t] = -1;
                        st.ntricks += 1;
                        let f1 = self.cx.next_active(seat);
                        st.followers = [f1 as u8, self.cx.next_active(f1) as u8];
                        st.nfollow = 2;
                    }
                    let t = st.ntricks as usize - 1;
                    let k = st.t_n[t] as usize;
                    st.t_seat[t][k] = seat as u8;
                    st.t_play[t][k] = pid as i16;
                    st.t_mask[t][k] = m;
                    let then = st.hands[seat];
                    note_event(&self.cx, st, t, k, seat, then);
                    st.t_n[t] += 1;
                    st.best_seat = seat as i8;
                    st.best_play = pid as i16;
                    self.advance(st);
                }
            }
        }
    }

    fn advance(&mut self, st: &mut State) {
        if st.nfollow > 0 {
            st.to_act = st.followers[2 - st.nfollow as usize];
            st.nfollow -= 1;
            return;
        }
        let w = st.best_seat as usize;
        let bp = st.best_play as usize;
        st.t_winner[st.ntricks as usize - 1] = w as i8;
        st.won[w] |= self.cx.t.plays[bp].mask;
        st.hu[w] += self.cx.t.plays[bp].size;
        st.best_seat = -1;
        st.best_play = -1;
        st.to_act = w as u8;
        if st.hands[w] == 0 {
            if self.cx.r.declare_after_last && st.hu[w] >= 6 {
                st.phase = P_LAST;
            } else {
                st.phase = P_OVER;
                st.outcome = O_DRAW;
            }
        }
    }

    fn finish_tigers(&mut self, st: &mut State, seat: usize) {
        st.winner = seat as i8;
        st.outcome = O_TIGERS;
        st.phase = P_OVER;
        let r = &self.cx.r;
        let pts = if r.tigers_value == 6 || r.scoring == 3 {
            r.tigers_value
        } else {
            points(r.tigers_value, r.scoring, r.double12, 0)
        };
        for &s in &self.cx.active {
            if s != seat {
                st.pay[s] -= pts;
                st.pay[seat] += pts;
            }
        }
    }

    fn finish_declare(&mut self, st: &mut State, seat: usize) {
        let h = st.hands[seat];
        let old = self.laosui_mask(st, seat, h);
        let hu = st.hu[seat] as i64 + old.count_ones() as i64;
        let used = st.won[seat] | old;
        st.winner = seat as i8;
        st.outcome = O_WIN;
        st.phase = P_OVER;
        let r = self.cx.r;
        let reds = (used & RED).count_ones() as i64;
        let w_pts = points(hu, r.scoring, r.double12, reds);
        let mut d_pts = 0i64;
        let dummy = self.cx.dummy;
        if let Some(d) = dummy {
            let dc = st.hands[d].trailing_zeros() as usize;
            let match_cards = if r.dummy_winner_hand { h } else { used };
            let dn = number(dc);
            let mut matches = 0u64;
            bits(match_cards, |c| {
                if number(c) == dn {
                    matches |= 1 << c;
                }
            });
            if matches != 0 {
                let d_hu = 5 + matches.count_ones() as i64;
                let d_reds = (matches & RED).count_ones() as i64;
                d_pts = points(d_hu, r.scoring, r.double12, d_reds);
            }
        }
        let nlosers = (self.cx.active.len() - 1) as i64;
        let p = st.privileged;
        let pay = &mut st.pay;
        let mut transfer = |frm: usize, to: usize, amount: i64| {
            pay[frm] -= amount;
            pay[to] += amount;
        };
        if p >= 0 && p as usize != seat {
            let p = p as usize;
            if !r.baopei_double {
                transfer(p, seat, w_pts * nlosers);
                if d_pts != 0 {
                    transfer(p, dummy.unwrap(), d_pts * nlosers);
                }
            } else {
                transfer(p, seat, 2 * w_pts);
                for &s in &self.cx.active {
                    if s != seat && d_pts != 0 {
                        transfer(s, dummy.unwrap(), d_pts);
                    }
                }
            }
        } else {
            for &s in &self.cx.active {
                if s != seat {
                    transfer(s, seat, w_pts);
                    if d_pts != 0 {
                        transfer(s, dummy.unwrap(), d_pts);
                    }
                }
            }
        }
    }
}

/// Can at most `budget` cards meet every mask in `sets`? (state._hitting_set_within)
pub fn hitting_set_within(sets: &[u64], budget: i32) -> bool {
    if sets.is_empty() {
        return true;
    }
    if budget <= 0 {
        return false;
    }
    let first = sets[0];
    let mut m = first;
    while m != 0 {
        let c = m.trailing_zeros();
        m &= m - 1;
        let mut rest = [0u64; 64];
        let mut nr = 0;
        for &s in &sets[1..] {
            if s >> c & 1 == 0 {
                rest[nr] = s;
                nr += 1;
            }
        }
        if hitting_set_within(&rest[..nr], budget - 1) {
            return true;
        }
    }
    false
}

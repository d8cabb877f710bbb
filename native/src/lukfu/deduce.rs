//! Exact 老歲 deduction (`laosui = deduce`): what one seat can know about the hidden cards, as
//! `yezi/games/lukfu/knowledge.py` states the facts, and whether a card can be in an opponent's
//! hand in some world consistent with them.
//!
//! The facts are the same as the Python engine's (slots: each opponent's hand and face-down
//! discards and the dummy's card; constraints: the must-beat rule after each discard and the
//! lead order after each non-exempt single lead). The answer is a yes/no question about the
//! existence of a world, so any exact method gives the Python answer; this one tries, in order:
//! the card's own exclusions (no hand it may be in), the true deal with one swap (a world that
//! exists), and only then a complete search over slot groups (most constrained card first,
//! forward checking, failed states remembered), like the Python engine's `careful` search.

use super::engine::{Ctx, State};
use super::tables::*;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-and-rotate hasher for the search's failed states (a few u64 words each): the
/// standard SipHash spent more time hashing them than the search spent searching.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        // a slice of words comes as its bytes, 8 to a word
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]));
        }
        for &b in chunks.remainder() {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

type WordSet = HashSet<Vec<u64>, BuildHasherDefault<WordHasher>>;

pub const MAXS: usize = 32;
pub const MAXC: usize = 32;
const MAXCOMBOS: usize = 2048;

/// The cards a non-exempt single lead of card `c` says its leader no longer held: every suit
/// before the led card's (the lead order), all suited cards for 萬 (wan).
/// Whether trick event (t, k) is a single card led without exemption, so that its lead order is
/// a fact (`lead_forbid`): the facts, the quick test's rules and the check of a read state agree
/// on it here.
#[inline]
pub fn ordered_lead(st: &State, t: usize, k: usize) -> bool {
    k == 0 && !st.t_exempt[t] && (0..37).contains(&st.t_play[t][k])
}

#[inline]
pub fn lead_forbid(c: usize) -> u64 {
    if c == WAN {
        SUITED
    } else {
        (0..c / 9).fold(0u64, |m, s| m | suit_mask(s))
    }
}

/// What trick event (t, k) rules out from its player's holdings then (`Facts`): the
/// suits a non-exempt single lead's lead order forbids; for a face-down discard, the cards above
/// the single card it was against, or each card that would complete a combination beating the
/// play it was against together with `then`, the player's true holdings right after it
/// (counting the discarded cards under the strict must-beat rule). Gaining any other card breaks
/// no fact about those holdings (`with_opponent`).
pub fn event_rules(cx: &Ctx, st: &State, t: usize, k: usize, then: u64) -> u64 {
    let pid = st.t_play[t][k];
    if pid >= 0 {
        return if ordered_lead(st, t, k) { lead_forbid(pid as usize) } else { 0 };
    }
    let against = st.t_against[t][k] as usize;
    if against < 37 {
        return cx.t.higher[against];
    }
    cx.t.beaters[against].iter().fold(0, |u, &(_, m)| {
        let missing = m & !then;
        if missing & missing.wrapping_sub(1) == 0 {
            u | missing
        } else {
            u
        }
    })
}

/// What the quick 老歲 test reads, kept in the state as the play goes on (`note_event` at each
/// trick event; `refill_facts` for a state read from words). Per seat: the cards its facts rule
/// out over the deal and those they forbid outright (lead orders and discards against singles:
/// every world obeys those), and for each card the first and last of its events (numbered over
/// all seats' events) that rule it out; per card, the event of the face-down discard it is in.
#[derive(Clone, PartialEq, Debug)]
pub struct Facts {
    pub nev: u8,
    pub all: [u64; 4],
    pub forbid: [u64; 4],
    pub first: [[u8; 37]; 4],
    pub last: [[u8; 37]; 4],
    pub disc_at: [u8; 37],
}

pub const NO_EVENT: u8 = u8::MAX;

impl Facts {
    pub fn new() -> Facts {
        Facts {
            nev: 0,
            all: [0; 4],
            forbid: [0; 4],
            first: [[NO_EVENT; 37]; 4],
            last: [[NO_EVENT; 37]; 4],
            disc_at: [NO_EVENT; 37],
        }
    }
}

/// Record trick event (t, k), just played by `q`, whose holdings right after it were `then`
/// (counting a discard's own cards under the strict must-beat rule), in `st.facts`.
pub fn note_event(cx: &Ctx, st: &mut State, t: usize, k: usize, q: usize, then: u64) {
    let r = event_rules(cx, st, t, k, then);
    let f = &mut st.facts;
    let e = f.nev;
    f.nev = f.nev.saturating_add(1);
    let disc = st.t_play[t][k] < 0;
    if !disc || (st.t_against[t][k] as usize) < 37 {
        f.forbid[q] |= r;
    }
    f.all[q] |= r;
    let mut m = r;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        if f.first[q][c] == NO_EVENT {
            f.first[q][c] = e;
        }
        f.last[q][c] = e;
    }
    if disc {
        let mut m = st.t_mask[t][k];
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            f.disc_at[c] = e;
        }
    }
}

/// `State::facts` worked out again from the events (for a state read from words): each player's
/// holdings after each of its events are its hand now and what it played or discarded since.
/// Returns whether those holdings obey every fact (the lead order after each non-exempt single
/// lead, the must-beat rule after each face-down discard), as every state played by the rules
/// does: the quick test (`with_opponent`) stands on it, so words that break it are no state.
pub fn refill_facts(cx: &Ctx, st: &mut State) -> bool {
    let strict = cx.r.strict;
    let nt = (st.ntricks as usize).min(super::engine::MAXT);
    let mut then = [[0u64; 3]; super::engine::MAXT];
    let mut held = st.hands;
    for t in (0..nt).rev() {
        for k in (0..st.t_n[t] as usize).rev() {
            let q = st.t_seat[t][k] as usize;
            let mask = st.t_mask[t][k];
            then[t][k] = if strict && st.t_play[t][k] < 0 { held[q] | mask } else { held[q] };
            held[q] |= mask;
        }
    }
    st.facts = Facts::new();
    let mut obeyed = true;
    for t in 0..nt {
        for k in 0..st.t_n[t] as usize {
            let q = st.t_seat[t][k] as usize;
            note_event(cx, st, t, k, q, then[t][k]);
            obeyed &= obeys_its_fact(cx, st, t, k, then[t][k]);
        }
    }
    obeyed
}

/// Whether trick event (t, k)'s player's holdings then (`then`, as `event_rules` takes them)
/// obey the fact the event states: no card of a suit its lead order rules out (the led card
/// counted), no card or combination beating the play it discarded against.
fn obeys_its_fact(cx: &Ctx, st: &State, t: usize, k: usize, then: u64) -> bool {
    let pid = st.t_play[t][k];
    if pid >= 0 {
        return !ordered_lead(st, t, k) || (then | st.t_mask[t][k]) & lead_forbid(pid as usize) == 0;
    }
    let against = st.t_against[t][k] as usize;
    if against < 37 {
        then & cx.t.higher[against] == 0
    } else {
        cx.t.beaters[against].iter().all(|&(_, m)| m & !then != 0)
    }
}

/// The quick answer to "can unknown card x be in an opponent's hand" (x unknown to `seat`),
/// from `st.facts` alone: Some(true) there is a world with x in an opponent's hand, Some(false)
/// there is none, None not known without building the facts (`Know`). Both answers are always
/// right; the questions the 老歲 rule asks mostly get one.
///
/// "No" when every opponent's facts forbid x outright (the exclusions `Know` tries first).
/// "Yes" when the true deal with x and one card y of some opponent b's hand swapped is a world.
/// Why that test is right: the true deal satisfies every fact, and a fact is about one
/// opponent's holdings at one moment (hand, later discards, later plays). The swapped world
/// changes only the holdings that contain exactly one of x's place and b's hand: b's, which gain
/// x and lose y, and, when x is in opponent q's face-down discard, q's holdings up to that
/// discard (and at it, under the strict must-beat rule, which counts the discarded cards), which
/// gain y and lose x. Losing a card breaks no fact; gaining card z breaks one only when z is in
/// what the fact rules out (`event_rules`). So the world holds when x is in nothing b's facts
/// there rule out and y in nothing q's facts there rule out.
pub fn with_opponent(cx: &Ctx, st: &State, seat: usize, x: usize) -> Option<bool> {
    let xb = 1u64 << x;
    let f = &st.facts;
    let opps = || cx.active.iter().copied().filter(|&b| b != seat && st.hands[b] != 0);
    if opps().all(|b| f.forbid[b] & xb != 0) {
        return Some(false);
    }
    if opps().any(|b| st.hands[b] & xb != 0) {
        return Some(true);
    }
    let e = f.disc_at[x];
    let swap = if e == NO_EVENT {
        if !cx.dummy.is_some_and(|d| st.hands[d] & xb != 0) {
            return None; // not where this test looks (cannot happen for an unknown card)
        }
        opps().any(|b| f.all[b] & xb == 0)
    } else {
        let q = match (0..4).find(|&q| st.discarded[q] & xb != 0) {
            Some(q) => q,
            None => return None,
        };
        let strict = cx.r.strict;
        // x in q's hand: no fact of q's after the discard (at it too, unless strict) rules x out
        let after_ok = |c: usize| {
            let l = f.last[q][c];
            l == NO_EVENT || if strict { l <= e } else { l < e }
        };
        // y in the discard: no fact of q's before it (at it too, if strict) rules y out
        let before_ok = |c: usize| {
            let l = f.first[q][c];
            l == NO_EVENT || if strict { l > e } else { l >= e }
        };
        opps().any(|b| {
            if b == q {
                after_ok(x)
            } else if f.all[b] & xb != 0 {
                false
            } else {
                let mut ys = st.hands[b];
                while ys != 0 {
                    let y = ys.trailing_zeros() as usize;
                    ys &= ys - 1;
                    if before_ok(y) {
                        return true;
                    }
                }
                false
            }
        })
    };
    if swap {
        Some(true)
    } else {
        None
    }
}

pub struct Know {
    pub unknown: u64,
    pub broken: bool,
    pub ns: usize,
    pub cap: [u8; MAXS],
    /// an opponent's current hand (the slots "with an opponent")
    pub opp_hand: [bool; MAXS],
    pub truth: [u64; MAXS],
    pub nc: usize,
    pub c_slots: [u32; MAXC],
    pub c_fixed: [u64; MAXC],
    pub c_forbid: [u64; MAXC],
    pub c_cstart: [u16; MAXC],
    pub c_clen: [u16; MAXC],
    pub combos: [u64; MAXCOMBOS],
    pub ncombos: usize,
    /// per card: known answer of can_be_with_opponent for this build (0 unknown, 1 no, 2 yes)
    memo: [u8; 37],
    /// whether the true deal satisfies every fact (it always does in a state played by the
    /// rules): once per build, not once per question
    truth_ok: u8,
    /// profiling counters: builds, questions, answered by the card's exclusions, by the true
    /// deal, by one swap, by the complete search
    pub stats: [u64; 6],
}

#[derive(Clone, Copy, Default)]
struct Ev {
    disc: bool,
    mask: u64,
    slot: u8,
    /// a play: the led card when this was a non-exempt single lead, else -1; a discard: against
    arg: i16,
}

impl Know {
    pub fn new() -> Know {
        Know {
            unknown: 0,
            broken: false,
            ns: 0,
            cap: [0; MAXS],
            opp_hand: [false; MAXS],
            truth: [0; MAXS],
            nc: 0,
            c_slots: [0; MAXC],
            c_fixed: [0; MAXC],
            c_forbid: [0; MAXC],
            c_cstart: [0; MAXC],
            c_clen: [0; MAXC],
            combos: [0; MAXCOMBOS],
            ncombos: 0,
            memo: [0; 37],
            truth_ok: 0,
            stats: [0; 6],
        }
    }

    /// The facts of `seat` in `st` (Knowledge.build), already narrowed to the unknown cards.
    pub fn build(&mut self, cx: &Ctx, st: &State, seat: usize) {
        self.stats[0] += 1;
        self.memo = [0; 37];
        self.truth_ok = 0;
        self.ns = 0;
        self.nc = 0;
        self.ncombos = 0;
        self.broken = false;
        let known = st.hands[seat] | st.faceup | st.discarded[seat];
        self.unknown = cx.universe & !known;
        let mut evs = [[Ev::default(); 16]; 4];
        let mut nev = [0usize; 4];
        let is_opp = |q: usize| q != seat && Some(q) != cx.dummy;
        for t in 0..st.ntricks as usize {
            for k in 0..st.t_n[t] as usize {
                let q = st.t_seat[t][k] as usize;
                if !is_opp(q) {
                    continue;
                }
                if nev[q] >= 16 || self.ns + 3 >= MAXS {
                    // more entries than a deal can make (a damaged state row): no world
                    self.broken = true;
                    return;
                }
                let pid = st.t_play[t][k];
                if pid >= 0 {
                    let single_lead = ordered_lead(st, t, k);
                    evs[q][nev[q]] = Ev { disc: false, mask: st.t_mask[t][k], slot: 0, arg: if single_lead { pid } else { -1 } };
                } else {
                    let s = self.ns;
                    self.cap[s] = st.t_mask[t][k].count_ones() as u8;
                    self.opp_hand[s] = false;
                    self.truth[s] = st.t_mask[t][k];
                    self.ns += 1;
                    evs[q][nev[q]] = Ev { disc: true, mask: 0, slot: s as u8, arg: st.t_against[t][k] as i16 };
                }
                nev[q] += 1;
            }
        }
        let mut hand_slot = [0usize; 4];
        for &q in &cx.active {
            if q != seat {
                let s = self.ns;
                self.cap[s] = st.hands[q].count_ones() as u8;
                self.opp_hand[s] = true;
                self.truth[s] = st.hands[q];
                hand_slot[q] = s;
                self.ns += 1;
            }
        }
        if let Some(d) = cx.dummy {
            if d != seat {
                let s = self.ns;
                self.cap[s] = 1;
                self.opp_hand[s] = false;
                self.truth[s] = st.hands[d];
                self.ns += 1;
            }
        }
        let cap: u32 = self.cap[..self.ns].iter().map(|&c| c as u32).sum();
        if cap != self.unknown.count_ones() {
            // the slots do not hold the unknown cards (a damaged state row): no world
            self.broken = true;
            return;
        }
        let strict = cx.r.strict;
        let unknown = self.unknown;
        for &q in &cx.active {
            if q == seat {
                continue;
            }
            // walk the events backwards, accumulating what came later
            let mut fixed = 0u64;
            let mut later: u32 = 1 << hand_slot[q];
            for i in (0..nev[q]).rev() {
                let e = evs[q][i];
                if e.disc {
                    let against = e.arg as usize;
                    let slots = if strict { later | 1 << e.slot } else { later };
                    if against < 37 {
                        self.add(slots, fixed, cx.t.higher[against], unknown);
                    } else {
                        let bs = &cx.t.beaters[against];
                        self.add_combos(slots, fixed, bs, unknown);
                    }
                    later |= 1 << e.slot;
                } else {
                    if e.arg >= 0 {
                        let forbid = lead_forbid(e.arg as usize);
                        if forbid != 0 {
                            self.add(later, fixed | e.mask, forbid, unknown);
                        }
                    }
                    fixed |= e.mask;
                }
            }
        }
    }

    fn add(&mut self, slots: u32, fixed: u64, forbid: u64, unknown: u64) {
        if forbid == 0 {
            return;
        }
        if fixed & forbid != 0 {
            self.broken = true;
            return;
        }
        let f = forbid & unknown;
        if f == 0 {
            return;
        }
        let k = self.nc;
        if k >= MAXC {
            self.broken = true; // cannot happen: at most 24 facts
            return;
        }
        self.c_slots[k] = slots;
        self.c_fixed[k] = fixed;
        self.c_forbid[k] = f;
        self.c_cstart[k] = self.ncombos as u16;
        self.c_clen[k] = 0;
        self.nc += 1;
    }

    fn add_combos(&mut self, slots: u32, fixed: u64, bs: &[(u8, u64)], unknown: u64) {
        if bs.is_empty() {
            return;
        }
        let start = self.ncombos;
        for &(_, m) in bs {
            if m & fixed == m {
                self.broken = true;
                return;
            }
            if m & !fixed & !unknown == 0 {
                if self.ncombos >= MAXCOMBOS {
                    self.broken = true;
                    return;
                }
                self.combos[self.ncombos] = m;
                self.ncombos += 1;
            }
        }
        let len = self.ncombos - start;
        if len == 0 {
            return;
        }
        let k = self.nc;
        if k >= MAXC {
            self.broken = true;
            return;
        }
        self.c_slots[k] = slots;
        self.c_fixed[k] = fixed;
        self.c_forbid[k] = 0;
        self.c_cstart[k] = start as u16;
        self.c_clen[k] = len as u16;
        self.nc += 1;
    }

    #[inline]
    fn combos_of(&self, k: usize) -> &[u64] {
        let s = self.c_cstart[k] as usize;
        &self.combos[s..s + self.c_clen[k] as usize]
    }

    #[inline]
    fn con_ok(&self, k: usize, cards: u64) -> bool {
        if cards & self.c_forbid[k] != 0 {
            return false;
        }
        !self.combos_of(k).iter().any(|&m| m & cards == m)
    }

    /// Is there a world consistent with the facts in which card `x` (unknown) is in an
    /// opponent's hand (Knowledge.can_be_with_opponent)?
    pub fn can_be_with_opponent(&mut self, x: usize) -> bool {
        match self.memo[x] {
            1 => return false,
            2 => return true,
            _ => {}
        }
        let r = self.decide(x);
        self.memo[x] = if r { 2 } else { 1 };
        r
    }

    fn decide(&mut self, x: usize) -> bool {
        self.stats[1] += 1;
        if self.broken {
            return false;
        }
        let ns = self.ns;
        let bit = 1u64 << x;
        // slots x may be in by the forbidding facts alone
        let mut allowed: u32 = if ns == 32 { u32::MAX } else { (1u32 << ns) - 1 };
        for k in 0..self.nc {
            if self.c_forbid[k] & bit != 0 {
                allowed &= !self.c_slots[k];
            }
        }
        let mut targets: u32 = 0;
        for s in 0..ns {
            if self.opp_hand[s] && self.cap[s] > 0 {
                targets |= 1 << s;
            }
        }
        targets &= allowed;
        if targets == 0 {
            self.stats[2] += 1;
            return false;
        }
        // the true deal, and the true deal with one swap
        let a = match (0..ns).find(|&s| self.truth[s] & bit != 0) {
            Some(a) => a,
            None => return self.search(x, targets),
        };
        if self.truth_ok == 0 {
            let ok = (0..self.nc).all(|k| self.con_ok(k, self.c_fixed[k] | self.union(&self.truth, self.c_slots[k])));
            self.truth_ok = if ok { 2 } else { 1 };
        }
        if self.truth_ok == 2 {
            if targets >> a & 1 == 1 {
                self.stats[3] += 1;
                return true;
            }
            let mut tm = targets;
            while tm != 0 {
                let b = tm.trailing_zeros() as usize;
                tm &= tm - 1;
                let mut ys = self.truth[b];
                while ys != 0 {
                    let y = ys.trailing_zeros() as usize;
                    ys &= ys - 1;
                    let mut world = self.truth;
                    world[a] = world[a] & !bit | 1 << y;
                    world[b] = world[b] & !(1u64 << y) | bit;
                    let touched = (1u32 << a) | (1u32 << b);
                    let ok = (0..self.nc).all(|k| {
                        self.c_slots[k] & touched == 0 || self.con_ok(k, self.c_fixed[k] | self.union(&world, self.c_slots[k]))
                    });
                    if ok {
                        self.stats[4] += 1;
                        return true;
                    }
                }
            }
        }
        self.search(x, targets)
    }

    #[inline]
    fn union(&self, world: &[u64; MAXS], slots: u32) -> u64 {
        let mut m = 0u64;
        let mut s = slots;
        while s != 0 {
            let i = s.trailing_zeros() as usize;
            s &= s - 1;
            m |= world[i];
        }
        m
    }

    /// The complete search: slots in exactly the same facts pooled into groups; cards named by
    /// some fact (and x) placed one at a time, most constrained first; the other unknown cards
    /// fill whatever room is left (they are in no fact).
    fn search(&mut self, x: usize, targets: u32) -> bool {
        self.stats[5] += 1;
        let ns = self.ns;
        let nc = self.nc;
        let mut sig = [0u64; MAXS];
        for k in 0..nc {
            for s in 0..ns {
                if self.c_slots[k] >> s & 1 == 1 {
                    sig[s] |= 1 << k;
                }
            }
        }
        let mut gsig: Vec<u64> = Vec::new();
        let mut gcap: Vec<i32> = Vec::new();
        let mut target_groups: u32 = 0;
        let mut slot_group = [0usize; MAXS];
        for s in 0..ns {
            let g = match gsig.iter().position(|&v| v == sig[s]) {
                Some(g) => g,
                None => {
                    gsig.push(sig[s]);
                    gcap.push(0);
                    gsig.len() - 1
                }
            };
            slot_group[s] = g;
            gcap[g] += self.cap[s] as i32;
            if targets >> s & 1 == 1 {
                target_groups |= 1 << g;
            }
        }
        let ng = gsig.len();
        let all_groups: u32 = if ng == 32 { u32::MAX } else { (1u32 << ng) - 1 };
        let mut cg = [0u32; MAXC];
        for k in 0..nc {
            for g in 0..ng {
                if gsig[g] >> k & 1 == 1 {
                    cg[k] |= 1 << g;
                }
            }
        }
        let mut relevant = 1u64 << x;
        for k in 0..nc {
            relevant |= self.c_forbid[k];
            for &m in self.combos_of(k) {
                relevant |= m & !self.c_fixed[k];
            }
        }
        relevant &= self.unknown;
        let mut cards: Vec<usize> = Vec::new();
        let mut dom: Vec<u32> = Vec::new();
        let mut r = relevant;
        while r != 0 {
            let c = r.trailing_zeros() as usize;
            r &= r - 1;
            let mut d = all_groups;
            for k in 0..nc {
                if self.c_forbid[k] >> c & 1 == 1 {
                    d &= !cg[k];
                }
            }
            if c == x {
                d &= target_groups;
            }
            cards.push(c);
            dom.push(d);
        }
        let mut sr = Search {
            know: self,
            cg: &cg[..nc],
            cards,
            dom,
            done: Vec::new(),
            left: gcap,
            cur: (0..nc).map(|k| self.c_fixed[k]).collect(),
            assigned: vec![0u64; ng],
            failed: WordSet::default(),
        };
        sr.done = vec![false; sr.cards.len()];
        sr.rec()
    }
}

struct Search<'a> {
    know: &'a Know,
    cg: &'a [u32],
    cards: Vec<usize>,
    dom: Vec<u32>,
    done: Vec<bool>,
    left: Vec<i32>,
    cur: Vec<u64>,
    assigned: Vec<u64>,
    failed: WordSet,
}

impl<'a> Search<'a> {
    fn fits(&self, c: usize, g: usize) -> bool {
        let bit = 1u64 << c;
        for k in 0..self.cg.len() {
            if self.cg[k] >> g & 1 == 1 && self.know.c_clen[k] > 0 {
                let u = self.cur[k] | bit;
                if self.know.combos_of(k).iter().any(|&m| m & u == m) {
                    return false;
                }
            }
        }
        true
    }

    fn options(&self, i: usize) -> u32 {
        let c = self.cards[i];
        let mut out = 0u32;
        let mut d = self.dom[i];
        while d != 0 {
            let g = d.trailing_zeros() as usize;
            d &= d - 1;
            if self.left[g] > 0 && self.fits(c, g) {
                out |= 1 << g;
            }
        }
        out
    }

    fn place(&mut self, c: usize, g: usize) {
        let bit = 1u64 << c;
        self.assigned[g] |= bit;
        self.left[g] -= 1;
        for k in 0..self.cg.len() {
            if self.cg[k] >> g & 1 == 1 {
                self.cur[k] |= bit;
            }
        }
    }

    fn unplace(&mut self, c: usize, g: usize) {
        let bit = 1u64 << c;
        self.assigned[g] &= !bit;
        self.left[g] += 1;
        for k in 0..self.cg.len() {
            if self.cg[k] >> g & 1 == 1 {
                self.cur[k] &= !bit;
            }
        }
    }

    fn rec(&mut self) -> bool {
        let mut best = usize::MAX;
        let mut best_opts = 0u32;
        for i in 0..self.cards.len() {
            if self.done[i] {
                continue;
            }
            let o = self.options(i);
            if o == 0 {
                return false;
            }
            if best == usize::MAX || o.count_ones() < best_opts.count_ones() {
                best = i;
                best_opts = o;
                if o.count_ones() == 1 {
                    break;
                }
            }
        }
        if best == usize::MAX {
            return true;
        }
        if self.failed.contains(&self.assigned) {
            return false;
        }
        let c = self.cards[best];
        self.done[best] = true;
        let mut o = best_opts;
        while o != 0 {
            let g = o.trailing_zeros() as usize;
            o &= o - 1;
            self.place(c, g);
            if self.rec() {
                return true;
            }
            self.unplace(c, g);
        }
        self.done[best] = false;
        self.failed.insert(self.assigned.clone());
        false
    }
}

//! Luk Fu 六虎牌 on the native engine: the C exports `yezi/native/lukfu.py` calls.
//!
//! Options arrive as the 18 integers `Rules::decode` reads; a deal as one card mask per seat
//! (`state.deal` of the Python engine). Error codes: -1 bad options, -2 policy not ported,
//! -3 bad deal, -4 output buffer too small, -5 an illegal action in the history, -6 bad sizes.

pub mod batch;
pub mod bot;
pub mod deduce;
pub mod engine;
pub mod pydeal;
pub mod tables;

use crate::rng::Rng;
use engine::{Eng, Rules, State, LEGAL_CAP};

fn eng_from(opts: *const i64, nopts: i64) -> Option<Eng> {
    if opts.is_null() || nopts <= 0 || nopts > 64 {
        return None;
    }
    let o = unsafe { std::slice::from_raw_parts(opts, nopts as usize) };
    Rules::decode(o).map(Eng::new)
}

fn deal_from(eng: &Eng, deal: *const i64, ndeal: i64) -> Option<[u64; 4]> {
    if deal.is_null() || ndeal != eng.cx.n as i64 {
        return None;
    }
    let d = unsafe { std::slice::from_raw_parts(deal, ndeal as usize) };
    let masks: Vec<u64> = d.iter().map(|&v| v as u64).collect();
    if d.iter().any(|&v| v < 0) || !eng.check_deal(&masks) {
        return None;
    }
    let mut hands = [0u64; 4];
    hands[..masks.len()].copy_from_slice(&masks);
    Some(hands)
}

/// Shuffle and deal as `LukFu.deal_from_seed` does: one card at a time for twelve rounds, the
/// first round including the dummy.
pub fn random_deal(eng: &Eng, rng: &mut Rng) -> [u64; 4] {
    let mut cards = [0u8; 37];
    let n = eng.cx.universe.count_ones() as usize;
    for (i, c) in cards.iter_mut().enumerate().take(n) {
        *c = i as u8;
    }
    rng.shuffle(&mut cards[..n]);
    deal_cards(eng, &cards)
}

/// `LukFu.deal_from_seed(seed)` exactly (CPython's shuffle), for deal seeds below 2**63.
pub fn python_deal(eng: &Eng, seed: u64) -> [u64; 4] {
    let mut cards = [0u8; 37];
    let n = eng.cx.universe.count_ones() as usize;
    for (i, c) in cards.iter_mut().enumerate().take(n) {
        *c = i as u8;
    }
    pydeal::Mt::from_seed(seed).shuffle(&mut cards[..n]);
    deal_cards(eng, &cards)
}

fn deal_cards(eng: &Eng, cards: &[u8; 37]) -> [u64; 4] {
    let mut hands = [0u64; 4];
    let mut i = 0;
    for s in 0..eng.cx.n {
        hands[s] |= 1 << cards[i];
        i += 1;
    }
    for _ in 1..12 {
        for &s in &eng.cx.active {
            hands[s] |= 1 << cards[i];
            i += 1;
        }
    }
    hands
}

/// Play `st` to the end with `policy` (0 uniform random, 1 heuristic); decisions made.
fn play_out(eng: &mut Eng, st: &mut State, policy: i64, rng: &mut Rng) -> i64 {
    let mut buf = [0u16; LEGAL_CAP];
    let mut decisions = 0;
    while st.phase != engine::P_OVER {
        let n = eng.legal(st, &mut buf);
        let a = if policy == 1 { bot::choose(eng, st, &buf[..n]) } else { buf[rng.below(n)] };
        eng.apply(st, a);
        decisions += 1;
    }
    decisions
}

fn trace_impl(eng: &mut Eng, hands: [u64; 4], policy: i64, seed: u64, out: &mut [i64]) -> i64 {
    let mut rng = Rng::new(seed);
    let mut st = State::new(&eng.cx, hands);
    let mut buf = [0u16; LEGAL_CAP];
    let mut at = 1usize;
    let mut steps = 0i64;
    let cap = out.len();
    while st.phase != engine::P_OVER {
        let n = eng.legal(&mut st, &mut buf);
        if n == 0 || at + 3 + n > cap {
            return -4;
        }
        let choice = if policy == 1 {
            let a = bot::choose(eng, &mut st, &buf[..n]);
            buf[..n].iter().position(|&b| b == a).unwrap_or(0)
        } else {
            rng.below(n)
        };
        out[at] = st.to_act as i64;
        out[at + 1] = n as i64;
        for i in 0..n {
            out[at + 2 + i] = buf[i] as i64;
        }
        out[at + 2 + n] = choice as i64;
        at += 3 + n;
        steps += 1;
        eng.apply(&mut st, buf[choice]);
    }
    if at + eng.cx.n > cap {
        return -4;
    }
    out[0] = steps;
    for s in 0..eng.cx.n {
        out[at + s] = st.pay[s];
    }
    (at + eng.cx.n) as i64
}

/// Play one deal given by the Python engine with random choices drawn from `seed`; write the
/// trace (yezi/native/base.py) into `out`; its length, or a negative error.
pub fn yz_lukfu_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64,
                      out: *mut i64, cap: i64) -> i64 {
    yz_lukfu_trace_policy(opts, nopts, deal, ndeal, 0, seed, out, cap)
}

/// As `yz_lukfu_trace`, the choices made by `policy` (0 random, 1 the heuristic bot).
pub fn yz_lukfu_trace_policy(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, policy: i64,
                             seed: u64, out: *mut i64, cap: i64) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    if policy != 0 && policy != 1 {
        return -2;
    }
    let hands = match deal_from(&eng, deal, ndeal) {
        Some(h) => h,
        None => return -3,
    };
    if out.is_null() || cap < 1 {
        return -6;
    }
    let out = unsafe { std::slice::from_raw_parts_mut(out, cap as usize) };
    trace_impl(&mut eng, hands, policy, seed, out)
}

/// Deal and play `n` games with uniformly random choices; each seat's payments summed into
/// `out_totals` (num_seats entries); the number of decisions made.
pub fn yz_lukfu_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, out_totals: *mut i64) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    if out_totals.is_null() || n < 0 {
        return -6;
    }
    let totals = unsafe { std::slice::from_raw_parts_mut(out_totals, eng.cx.n) };
    let mut rng = Rng::new(seed);
    let mut decisions = 0i64;
    for _ in 0..n {
        let hands = random_deal(&eng, &mut rng);
        let mut st = State::new(&eng.cx, hands);
        decisions += play_out(&mut eng, &mut st, 0, &mut rng);
        for s in 0..eng.cx.n {
            totals[s] += st.pay[s];
        }
    }
    decisions
}

/// Replay `hist` (Python action codes) on `deal`, then play `n` continuations to the end with
/// `policy`; each seat's payments summed into `out`. Returns the decisions made, or negative.
pub fn yz_lukfu_playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64,
                        nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    if policy != 0 && policy != 1 {
        return -2;
    }
    let hands = match deal_from(&eng, deal, ndeal) {
        Some(h) => h,
        None => return -3,
    };
    if out.is_null() || n < 0 || nhist < 0 || (nhist > 0 && hist.is_null()) {
        return -6;
    }
    let hist = if nhist > 0 { unsafe { std::slice::from_raw_parts(hist, nhist as usize) } } else { &[] };
    let totals = unsafe { std::slice::from_raw_parts_mut(out, eng.cx.n) };
    let mut st = State::new(&eng.cx, hands);
    let mut buf = [0u16; LEGAL_CAP];
    for &a in hist {
        let k = eng.legal(&mut st, &mut buf);
        if a < 0 || a > u16::MAX as i64 || !buf[..k].contains(&(a as u16)) {
            return -5;
        }
        eng.apply(&mut st, a as u16);
    }
    let mut rng = Rng::new(seed);
    let mut decisions = 0;
    for _ in 0..n {
        let mut s = st.clone();
        decisions += play_out(&mut eng, &mut s, policy, &mut rng);
        for i in 0..eng.cx.n {
            totals[i] += s.pay[i];
        }
    }
    decisions
}

/// Profiling: play `n` random games as `yz_lukfu_random_playouts` and write the deduction's
/// counters into `out` (6 entries): knowledge builds, 老歲 questions that needed one, and how
/// they were answered: by the card's exclusions alone, by the true deal, by the true deal with
/// one swap, by the complete search. Returns the decisions made.
pub fn yz_lukfu_deduce_stats(opts: *const i64, nopts: i64, seed: u64, n: i64, out: *mut i64) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    if out.is_null() || n < 0 {
        return -6;
    }
    let out = unsafe { std::slice::from_raw_parts_mut(out, 6) };
    let mut rng = Rng::new(seed);
    let mut decisions = 0;
    for _ in 0..n {
        let hands = random_deal(&eng, &mut rng);
        let mut st = State::new(&eng.cx, hands);
        decisions += play_out(&mut eng, &mut st, 0, &mut rng);
    }
    for (o, &v) in out.iter_mut().zip(eng.know.stats.iter()) {
        *o = v as i64;
    }
    decisions
}

/// Check the deduction's answers carried from state to state (`State::old_known`,
/// `State::never_opp`) and its quick test (`deduce::with_opponent`) against answers worked out
/// afresh: play `n` games (`policy` 0 random, 1 the heuristic bot) and, at every state, for every
/// seat but the dummy, ask for the 老歲 cards of its hand with the carried answers and again on a
/// copy with none, from the facts alone (a second engine, nothing cached, no quick test); with
/// `every_card`, also every unknown card's quick answer, where it gives one, against the facts'.
/// The kept `State::facts` are compared with `refill_facts`'s at every state too. Writes into
/// `out` (2 entries) the questions asked and the disagreements; returns the decisions made.
pub fn yz_lukfu_deduce_check(opts: *const i64, nopts: i64, seed: u64, n: i64, policy: i64, every_card: i64,
                             out: *mut i64) -> i64 {
    let (mut eng, mut fresh) = match (eng_from(opts, nopts), eng_from(opts, nopts)) {
        (Some(a), Some(b)) => (a, b),
        _ => return -1,
    };
    fresh.quick = false;
    if out.is_null() || n < 0 || !(0..=1).contains(&policy) {
        return -6;
    }
    let out = unsafe { std::slice::from_raw_parts_mut(out, 2) };
    let mut rng = Rng::new(seed);
    let mut buf = [0u16; LEGAL_CAP];
    let (mut decisions, mut asked, mut wrong) = (0i64, 0i64, 0i64);
    for _ in 0..n {
        let hands = random_deal(&eng, &mut rng);
        let mut st = State::new(&eng.cx, hands);
        while st.phase != engine::P_OVER {
            for s in 0..eng.cx.n {
                if Some(s) == eng.cx.dummy {
                    continue;
                }
                let h = st.hands[s];
                let carried = eng.laosui_mask(&mut st, s, h);
                let mut bare = st.clone();
                bare.never_opp = [0; 4];
                bare.old_known = [0; 4];
                bare.serial = 0;
                asked += 1;
                wrong += (fresh.laosui_mask(&mut bare, s, h) != carried) as i64;
                if every_card != 0 {
                    let know = fresh.know_for(&mut bare, s);
                    let mut xs = know.unknown;
                    while xs != 0 {
                        let x = xs.trailing_zeros() as usize;
                        xs &= xs - 1;
                        if let Some(quick) = deduce::with_opponent(&eng.cx, &st, s, x) {
                            asked += 1;
                            wrong += (quick != know.can_be_with_opponent(x)) as i64;
                        }
                    }
                }
            }
            // what the events rule out, as play recorded it and as a state read from words
            // works it out again
            let mut read = st.clone();
            let obeyed = deduce::refill_facts(&eng.cx, &mut read);
            asked += 1;
            wrong += (read.facts != st.facts || !obeyed) as i64;
            let k = eng.legal(&mut st, &mut buf);
            let a = if policy == 1 { bot::choose(&mut eng, &mut st, &buf[..k]) } else { buf[rng.below(k)] };
            eng.apply(&mut st, a);
            decisions += 1;
        }
    }
    out[0] = asked;
    out[1] = wrong;
    decisions
}

/// Replay `hist` on `deal` and, before the first action and after each, write for every seat
/// (0 for the dummy) the mask of the cards it cannot see that may be in an opponent's hand in
/// some world consistent with all it knows (knowledge.Knowledge.can_be_with_opponent): the
/// deduction's core question asked of every card, for the tests.
pub fn yz_lukfu_opponent_cards_steps(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64,
                                                hist: *const i64, nhist: i64, out: *mut i64, cap: i64) -> i64 {
    steps_impl(opts, nopts, deal, ndeal, hist, nhist, out, cap, Steps::OpponentCards)
}

/// Replay `hist` on `deal` and, before the first action and after each, write every seat's
/// 老歲 cards (a mask of its hand; 0 for the dummy): (nhist + 1) * num_seats entries. For the
/// tests (the deduction compared with the Python engine's at every step, for every seat) and
/// the observation writer. Returns the entries written, or negative.
pub fn yz_lukfu_laosui_steps(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64,
                                        nhist: i64, out: *mut i64, cap: i64) -> i64 {
    steps_impl(opts, nopts, deal, ndeal, hist, nhist, out, cap, Steps::Laosui)
}

/// Every seat's 老歲 cards after `hist` only (num_seats entries; 0 for the dummy): what a server
/// asks once per action for its views. The deduction runs once, at the end, not after every step
/// as in `yz_lukfu_laosui_steps`: deduced 老歲 only accumulates while a card is held (facts only
/// accumulate and cards only leave hands), so the last step's answer is the same, and the
/// tests hold it equal to the last row of `yz_lukfu_laosui_steps`. Returns the entries written,
/// or negative.
pub fn yz_lukfu_laosui_now(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64,
                                      nhist: i64, out: *mut i64, cap: i64) -> i64 {
    steps_impl(opts, nopts, deal, ndeal, hist, nhist, out, cap, Steps::LaosuiLast)
}

/// What `steps_impl` writes: each step's opponent cards, each step's 老歲, or the last step's 老歲.
#[derive(Clone, Copy, PartialEq)]
enum Steps {
    OpponentCards,
    Laosui,
    LaosuiLast,
}

#[allow(clippy::too_many_arguments)]
fn steps_impl(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, out: *mut i64,
              cap: i64, what: Steps) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    let hands = match deal_from(&eng, deal, ndeal) {
        Some(h) => h,
        None => return -3,
    };
    if out.is_null() || nhist < 0 || (nhist > 0 && hist.is_null()) || cap < 0 {
        return -6;
    }
    let ns = eng.cx.n;
    let rows = if what == Steps::LaosuiLast { 1 } else { nhist as usize + 1 };
    if rows * ns > cap as usize {
        return -4;
    }
    let hist = if nhist > 0 { unsafe { std::slice::from_raw_parts(hist, nhist as usize) } } else { &[] };
    let out = unsafe { std::slice::from_raw_parts_mut(out, cap as usize) };
    let mut st = State::new(&eng.cx, hands);
    let mut buf = [0u16; LEGAL_CAP];
    let mut at = 0;
    for step in 0..=hist.len() {
        let write = what != Steps::LaosuiLast || step == hist.len();
        for s in (0..ns).filter(|_| write) {
            out[at] = if Some(s) == eng.cx.dummy {
                0
            } else if what == Steps::OpponentCards {
                let know = eng.know_for(&mut st, s);
                let mut m = 0i64;
                let mut xs = know.unknown;
                while xs != 0 {
                    let x = xs.trailing_zeros() as usize;
                    xs &= xs - 1;
                    if know.can_be_with_opponent(x) {
                        m |= 1 << x;
                    }
                }
                m
            } else {
                let h = st.hands[s];
                eng.laosui_mask(&mut st, s, h) as i64
            };
            at += 1;
        }
        if step == hist.len() {
            break;
        }
        let a = hist[step];
        let k = eng.legal(&mut st, &mut buf);
        if a < 0 || a > u16::MAX as i64 || !buf[..k].contains(&(a as u16)) {
            return -5;
        }
        eng.apply(&mut st, a as u16);
    }
    at as i64
}

// ---- batches of states for the RL vector environment (batch.rs) ----------------------------

/// Entries of one state row (`int64`).
pub fn yz_lukfu_state_len() -> i64 {
    batch::STATE_LEN as i64
}

/// Entries of one observation row under these options (observation.py's spec size).
pub fn yz_lukfu_obs_size(opts: *const i64, nopts: i64) -> i64 {
    match eng_from(opts, nopts) {
        Some(e) => batch::ObsLayout::new(e.cx.n).size as i64,
        None => -1,
    }
}

fn rows_mut<'a>(states: *mut i64, n: i64) -> Option<&'a mut [i64]> {
    if states.is_null() || n < 0 || n > (1 << 24) {
        return None;
    }
    Some(unsafe { std::slice::from_raw_parts_mut(states, n as usize * batch::STATE_LEN) })
}

/// The state after `hist` on `deal`, written as one row into `state` (`cap` >= STATE_LEN).
pub fn yz_lukfu_state_from_history(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64,
                                   hist: *const i64, nhist: i64, state: *mut i64, cap: i64) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    let hands = match deal_from(&eng, deal, ndeal) {
        Some(h) => h,
        None => return -3,
    };
    if state.is_null() || cap < batch::STATE_LEN as i64 || nhist < 0 || (nhist > 0 && hist.is_null()) {
        return -6;
    }
    let hist = if nhist > 0 { unsafe { std::slice::from_raw_parts(hist, nhist as usize) } } else { &[] };
    let mut st = State::new(&eng.cx, hands);
    let mut buf = [0u16; LEGAL_CAP];
    for &a in hist {
        let k = eng.legal(&mut st, &mut buf);
        if a < 0 || a > u16::MAX as i64 || !buf[..k].contains(&(a as u16)) {
            return -5;
        }
        eng.apply(&mut st, a as u16);
    }
    let out = unsafe { std::slice::from_raw_parts_mut(state, batch::STATE_LEN) };
    batch::encode(&st, out);
    0
}

/// Start a fresh random deal (drawn as `yz_lukfu_random_playouts` draws them, from
/// `seeds[i]`) in row `rows[i]` of `states` (n rows) for each of the `nrows` rows listed.
pub fn yz_lukfu_batch_deal(opts: *const i64, nopts: i64, states: *mut i64, n: i64, rows: *const i64,
                           seeds: *const u64, nrows: i64) -> i64 {
    batch_deal(opts, nopts, states, n, rows, seeds, nrows, false)
}

/// As `yz_lukfu_batch_deal`, each deal exactly the Python engine's `deal_from_seed(seeds[i])`
/// (seeds below 2**63, as `yezi.rl.DealStream` draws them; -6 otherwise).
pub fn yz_lukfu_batch_deal_python(opts: *const i64, nopts: i64, states: *mut i64, n: i64,
                                  rows: *const i64, seeds: *const u64, nrows: i64) -> i64 {
    batch_deal(opts, nopts, states, n, rows, seeds, nrows, true)
}

#[allow(clippy::too_many_arguments)]
fn batch_deal(opts: *const i64, nopts: i64, states: *mut i64, n: i64, rows: *const i64, seeds: *const u64,
              nrows: i64, python: bool) -> i64 {
    let eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    let all = match rows_mut(states, n) {
        Some(a) => a,
        None => return -6,
    };
    if nrows < 0 || (nrows > 0 && (rows.is_null() || seeds.is_null())) {
        return -6;
    }
    let rows = if nrows > 0 { unsafe { std::slice::from_raw_parts(rows, nrows as usize) } } else { &[] };
    let seeds = if nrows > 0 { unsafe { std::slice::from_raw_parts(seeds, nrows as usize) } } else { &[] };
    if rows.iter().any(|&r| r < 0 || r >= n) {
        return -6;
    }
    if python && seeds.iter().any(|&s| s >> 63 != 0) {
        return -6;
    }
    for (&r, &seed) in rows.iter().zip(seeds) {
        let hands = if python { python_deal(&eng, seed) } else { random_deal(&eng, &mut Rng::new(seed)) };
        let st = State::new(&eng.cx, hands);
        let r = r as usize;
        batch::encode(&st, &mut all[r * batch::STATE_LEN..(r + 1) * batch::STATE_LEN]);
    }
    nrows
}

fn write_mask(eng: &mut Eng, st: &mut State, mask: &mut [u8]) -> usize {
    let mut buf = [0u16; LEGAL_CAP];
    mask.fill(0);
    let k = eng.legal(st, &mut buf);
    for &a in &buf[..k] {
        mask[a as usize] = 1;
    }
    k
}

/// Apply `actions[i]` to row i of `states` (n rows) for every row; every action is checked first
/// and an illegal one (or a row that holds no state, or a finished deal) changes nothing and
/// returns -5 - row. Writes each seat's payments of the rows whose deal ended into `pay`
/// (n x num_seats, zeros elsewhere) and `done[i]` = 1 there; then, where the pointers are not
/// null, the action mask of the new states (`mask`, n x 237 bytes), the seat to act (`player`,
/// n; -1 when the deal is over) and that seat's observation (`obs`, n x obs_size float32; the
/// seat that took the last action where the deal ended). Returns the number of rows that ended.
pub fn yz_lukfu_batch_step(opts: *const i64, nopts: i64, states: *mut i64, n: i64, actions: *const i64,
                           pay: *mut i64, done: *mut u8, mask: *mut u8, player: *mut i64, obs: *mut f32,
                           obs_cap: i64) -> i64 {
    step_impl(opts, nopts, states, n, actions, pay, done, mask, player, obs, obs_cap, std::ptr::null_mut(),
              std::ptr::null_mut(), std::ptr::null())
}

/// As `yz_lukfu_batch_step`, with the vector environment's auto-reset in the same call: where a
/// deal ends, the last actor's observation goes to `final_obs` (n x obs_size, nullable) and his
/// seat to `final_seat` (n; -1 in the other rows), and the row starts the Python engine's deal
/// `deal_from_seed(next_seeds[i])` at once (seeds below 2**63), whose mask, seat to act and
/// observation are then written. Returns the number of rows that ended.
#[allow(clippy::too_many_arguments)]
pub fn yz_lukfu_batch_step_reset(opts: *const i64, nopts: i64, states: *mut i64, n: i64,
                                 actions: *const i64, pay: *mut i64, done: *mut u8, mask: *mut u8,
                                 player: *mut i64, obs: *mut f32, obs_cap: i64, final_obs: *mut f32,
                                 final_seat: *mut i64, next_seeds: *const u64) -> i64 {
    if final_seat.is_null() || next_seeds.is_null() {
        return -6;
    }
    step_impl(opts, nopts, states, n, actions, pay, done, mask, player, obs, obs_cap, final_obs, final_seat,
              next_seeds)
}

#[allow(clippy::too_many_arguments)]
fn step_impl(opts: *const i64, nopts: i64, states: *mut i64, n: i64, actions: *const i64, pay: *mut i64,
             done: *mut u8, mask: *mut u8, player: *mut i64, obs: *mut f32, obs_cap: i64, final_obs: *mut f32,
             final_seat: *mut i64, next_seeds: *const u64) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    let all = match rows_mut(states, n) {
        Some(a) => a,
        None => return -6,
    };
    if actions.is_null() || pay.is_null() || done.is_null() {
        return -6;
    }
    let nu = n as usize;
    let ns = eng.cx.n;
    let lay = batch::ObsLayout::new(ns);
    if !obs.is_null() && obs_cap < (nu * lay.size) as i64 {
        return -4;
    }
    let actions = unsafe { std::slice::from_raw_parts(actions, nu) };
    let pay = unsafe { std::slice::from_raw_parts_mut(pay, nu * ns) };
    let done = unsafe { std::slice::from_raw_parts_mut(done, nu) };
    let mut mask = if mask.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(mask, nu * 237) }) };
    let mut player = if player.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(player, nu) }) };
    let mut obs = if obs.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(obs, nu * lay.size) }) };
    let mut final_obs =
        if final_obs.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(final_obs, nu * lay.size) }) };
    let mut final_seat = if final_seat.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(final_seat, nu) }) };
    let next_seeds = if next_seeds.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts(next_seeds, nu) }) };
    if next_seeds.is_some_and(|s| s.iter().any(|&v| v >> 63 != 0)) {
        return -6;
    }
    let mut buf = [0u16; LEGAL_CAP];
    let mut decoded: Vec<State> = Vec::with_capacity(nu);
    for i in 0..nu {
        let row = &all[i * batch::STATE_LEN..(i + 1) * batch::STATE_LEN];
        let mut st = match batch::decode(&eng.cx, row) {
            Some(s) => s,
            None => return -5 - i as i64,
        };
        let k = eng.legal(&mut st, &mut buf);
        let a = actions[i];
        if a < 0 || a > u16::MAX as i64 || !buf[..k].contains(&(a as u16)) {
            return -5 - i as i64;
        }
        decoded.push(st);
    }
    let mut ended = 0;
    for (i, st) in decoded.iter_mut().enumerate() {
        let actor = st.to_act as usize;
        eng.apply(st, actions[i] as u16);
        let over = st.phase == engine::P_OVER;
        done[i] = over as u8;
        for s in 0..ns {
            pay[i * ns + s] = if over { st.pay[s] } else { 0 };
        }
        ended += over as i64;
        if let Some(fs) = final_seat.as_deref_mut() {
            fs[i] = if over { actor as i64 } else { -1 };
        }
        if over {
            if let Some(fo) = final_obs.as_deref_mut() {
                batch::observe(&mut eng, &lay, st, actor, &mut fo[i * lay.size..(i + 1) * lay.size]);
            }
            if let Some(seeds) = next_seeds {
                *st = State::new(&eng.cx, python_deal(&eng, seeds[i]));
            }
        }
        if let Some(m) = mask.as_deref_mut() {
            write_mask(&mut eng, st, &mut m[i * 237..(i + 1) * 237]);
        }
        if let Some(p) = player.as_deref_mut() {
            p[i] = st.current().map_or(-1, |s| s as i64);
        }
        if let Some(o) = obs.as_deref_mut() {
            let seat = st.current().unwrap_or(actor);
            batch::observe(&mut eng, &lay, st, seat, &mut o[i * lay.size..(i + 1) * lay.size]);
        }
        batch::encode(st, &mut all[i * batch::STATE_LEN..(i + 1) * batch::STATE_LEN]);
    }
    ended
}

/// The whole step of a vector environment in one call, for the speed path
/// (`yezi.native.lukfu_vector.NativeLukFuVectorEnv`): check every row's action, apply it,
/// settle and auto-reset the rows whose deal ended, and write every row's new mask, legal-action
/// list, seat to act and observation (uint8 0/1 entries, `yezi/games/lukfu/observation.py`'s).
///
/// `deal_mode` 0: a row that ended deals `deal_from_seed(seeds[i])` (the Python engine's deal;
/// the caller puts the stream's next seed there); 1: it deals from the native generator seeded
/// by `seeds[i]` and moves `seeds[i]` on by itself (no Python at all between deals). `obs`,
/// `final_obs` (n x obs_size bytes, `obs_cap` = their size each), `mask` (n x 237), `nlegal` (n)
/// and `legal` (n x `list_cap` int16 codes, in the engine's order) may be null. `rewards` is
/// n x num_seats, zeros where the deal goes on; `final_seat` -1 there. Returns the rows that
/// ended, or -5 - row for an illegal action (nothing changed), -4 a buffer too small, -6 bad sizes.
///
/// `hist` (nullable; n x (1 + 2 `hist_len`) int16: the row's number of actions, then its action
/// codes, then its actors) makes the observation the "info_state": each row of `obs` is then
/// obs_size + 2 `hist_len` bytes, the observation followed by the history as the seat saw it
/// (`code + 1`, a face-down discard of another seat as 238, padded with 0) and its actors
/// (`seat + 1`), as `yezi.core.observation.InfoStateObserver` writes it.
#[allow(clippy::too_many_arguments)]
pub fn yz_lukfu_rows_step(opts: *const i64, nopts: i64, states: *mut i64, n: i64, actions: *const i64,
                          deal_mode: i64, seeds: *mut u64, obs: *mut u8, final_obs: *mut u8, obs_cap: i64,
                          mask: *mut u8, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64,
                          rewards: *mut i64, terminated: *mut u8, final_seat: *mut i64, hist: *mut i16,
                          hist_len: i64) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    let all = match rows_mut(states, n) {
        Some(a) => a,
        None => return -6,
    };
    if actions.is_null() || seeds.is_null() || player.is_null() || rewards.is_null() || terminated.is_null()
        || final_seat.is_null() || !(0..=1).contains(&deal_mode)
    {
        return -6;
    }
    let nu = n as usize;
    let ns = eng.cx.n;
    let lay = batch::ObsLayout::new(ns);
    if !hist.is_null() && !(1..=4096).contains(&hist_len) {
        return -6;
    }
    let hl = if hist.is_null() { 0 } else { hist_len as usize };
    let hw = 1 + 2 * hl;
    let size = lay.size + 2 * hl;
    if (!obs.is_null() || !final_obs.is_null()) && obs_cap < (nu * size) as i64 {
        return -4;
    }
    if !legal.is_null() && (nlegal.is_null() || list_cap < 1) {
        return -6;
    }
    let lc = list_cap.max(0) as usize;
    let actions = unsafe { std::slice::from_raw_parts(actions, nu) };
    let seeds = unsafe { std::slice::from_raw_parts_mut(seeds, nu) };
    let player = unsafe { std::slice::from_raw_parts_mut(player, nu) };
    let rewards = unsafe { std::slice::from_raw_parts_mut(rewards, nu * ns) };
    let terminated = unsafe { std::slice::from_raw_parts_mut(terminated, nu) };
    let final_seat = unsafe { std::slice::from_raw_parts_mut(final_seat, nu) };
    let mut obs = if obs.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(obs, nu * size) }) };
    let mut final_obs =
        if final_obs.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(final_obs, nu * size) }) };
    let mask_at = mask as usize;
    let mut mask = if mask.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(mask, nu * 237) }) };
    let mut nlegal = if nlegal.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(nlegal, nu) }) };
    let mut legal = if legal.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(legal, nu * lc) }) };
    let mut hist = if hist.is_null() { None } else { Some(unsafe { std::slice::from_raw_parts_mut(hist, nu * hw) }) };
    if let Some(h) = hist.as_deref() {
        if (0..nu).any(|i| !(0..hl as i16).contains(&h[i * hw])) {
            return -6; // a row whose history is full or damaged
        }
    }
    if deal_mode == 0 && seeds.iter().any(|&v| v >> 63 != 0) {
        return -6;
    }
    let mut buf = [0u16; LEGAL_CAP];
    let o = unsafe { std::slice::from_raw_parts(opts, nopts as usize) };
    let at = states as usize;
    // the rows as the last call left them (their stamps say which rows' words are theirs)
    let mut kept = match Kept::take(at) {
        Some(k) if k.n == nu && k.opts == o => k,
        _ => Box::new(Kept { opts: o.to_vec(), n: nu, states: Vec::with_capacity(nu), token: 0,
                             legal: vec![[0; 4]; nu], nlegal: vec![u16::MAX; nu], mask_at: 0 }),
    };
    let token = crate::vecrows::token();
    let fresh_set = kept.states.len() != nu;
    // check every row first: an illegal action anywhere changes nothing
    let mut read: Vec<(usize, State)> = Vec::new();
    for i in 0..nu {
        let row = &all[i * batch::STATE_LEN..(i + 1) * batch::STATE_LEN];
        let a = actions[i];
        let same = !fresh_set && kept.nlegal[i] != u16::MAX && kept.holds(row);
        let ok = if same {
            (0..256).contains(&a) && kept.legal[i][a as usize >> 6] >> (a & 63) & 1 == 1
        } else {
            let mut st = match batch::decode(&eng.cx, row) {
                Some(s) => s,
                None => {
                    crate::vecrows::cache_put(at, kept);
                    return -5 - i as i64;
                }
            };
            let k = eng.legal(&mut st, &mut buf);
            read.push((i, st));
            (0..=u16::MAX as i64).contains(&a) && buf[..k].contains(&(a as u16))
        };
        if !ok {
            crate::vecrows::cache_put(at, kept);
            return -5 - i as i64;
        }
    }
    if fresh_set {
        kept.states = read.into_iter().map(|(_, st)| st).collect();
    } else {
        for (i, st) in read {
            kept.states[i] = st;
            kept.nlegal[i] = u16::MAX; // its mask row is written in full
        }
    }
    let incremental = kept.mask_at == mask_at && mask_at != 0;
    let Kept { states: rows_kept, legal: kept_legal, nlegal: kept_n, .. } = &mut *kept;
    let mut ended = 0;
    for (i, st) in rows_kept.iter_mut().enumerate() {
        st.serial = 0; // the deduction's caches are this call's engine's
        let row = &mut all[i * batch::STATE_LEN..(i + 1) * batch::STATE_LEN];
        let actor = st.to_act as usize;
        eng.apply(st, actions[i] as u16);
        let over = st.phase == engine::P_OVER;
        terminated[i] = over as u8;
        if let Some(h) = hist.as_deref_mut() {
            let h = &mut h[i * hw..(i + 1) * hw];
            let k = h[0] as usize;
            h[1 + k] = actions[i] as i16;
            h[1 + hl + k] = actor as i16;
            h[0] += 1;
        }
        for s in 0..ns {
            rewards[i * ns + s] = if over { st.pay[s] } else { 0 };
        }
        final_seat[i] = if over { actor as i64 } else { -1 };
        if over {
            ended += 1;
            if let Some(fo) = final_obs.as_deref_mut() {
                let o = &mut fo[i * size..(i + 1) * size];
                batch::observe(&mut eng, &lay, st, actor, &mut o[..lay.size]);
                if let Some(h) = hist.as_deref() {
                    seen_history(&h[i * hw..(i + 1) * hw], hl, actor, &mut o[lay.size..]);
                }
            }
            let hands = if deal_mode == 0 {
                python_deal(&eng, seeds[i])
            } else {
                let h = random_deal(&eng, &mut Rng::new(seeds[i]));
                seeds[i] = seeds[i].wrapping_add(0x9E37_79B9_7F4A_7C15);
                h
            };
            *st = State::new(&eng.cx, hands);
            if let Some(h) = hist.as_deref_mut() {
                h[i * hw..(i + 1) * hw].fill(0);
            }
        }
        let k = eng.legal(st, &mut buf);
        let mut bits = [0u64; 4];
        for &a in &buf[..k] {
            bits[a as usize >> 6] |= 1 << (a & 63);
        }
        if let Some(m) = mask.as_deref_mut() {
            let m = &mut m[i * 237..(i + 1) * 237];
            if incremental && kept_n[i] != u16::MAX {
                // only the entries that changed
                for w in 0..4 {
                    let mut d = bits[w] ^ kept_legal[i][w];
                    while d != 0 {
                        let j = d.trailing_zeros() as usize;
                        d &= d - 1;
                        m[w * 64 + j] = (bits[w] >> j & 1) as u8;
                    }
                }
            } else {
                m.fill(0);
                for &a in &buf[..k] {
                    m[a as usize] = 1;
                }
            }
        }
        kept_legal[i] = bits;
        kept_n[i] = k as u16;
        if let Some(c) = nlegal.as_deref_mut() {
            c[i] = k as i64;
        }
        if let Some(l) = legal.as_deref_mut() {
            if k > lc {
                return -4;
            }
            for (dst, &a) in l[i * lc..i * lc + k].iter_mut().zip(&buf[..k]) {
                *dst = a as i16;
            }
        }
        player[i] = st.current().map_or(-1, |s| s as i64);
        if let Some(o) = obs.as_deref_mut() {
            let seat = st.current().unwrap_or(actor);
            let o = &mut o[i * size..(i + 1) * size];
            batch::observe(&mut eng, &lay, st, seat, &mut o[..lay.size]);
            if let Some(h) = hist.as_deref() {
                seen_history(&h[i * hw..(i + 1) * hw], hl, seat, &mut o[lay.size..]);
            }
        }
        if over {
            batch::encode(st, row); // a new deal: its words hold it (as dealt) until a sync
        } else {
            row[batch::STATE_LEN - 1] = batch::STALE; // the state is the one kept: not written back
        }
        row[batch::STAMP] = token as i64;
    }
    kept.mask_at = mask_at;
    kept.token = token;
    crate::vecrows::cache_put(at, kept);
    ended
}

/// The heuristic bot's action (`bot::choose`, which decides as `yezi/games/lukfu/bots.py` does,
/// from what the seat to act knows) in each row of `rows` (k row indices) of the state buffer
/// `states`, into `out` (k codes): from the rows `yz_lukfu_rows_step` keeps, or read from the
/// words where they are not kept. A trainer's opponents then cost no Python per decision.
/// Returns 0, -5 - i for row index i that holds no state (or is over), -6 bad arguments.
pub fn yz_lukfu_rows_heuristic(opts: *const i64, nopts: i64, states: *mut i64, n: i64, rows: *const i64, k: i64,
                               out: *mut i64) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    let all = match rows_mut(states, n) {
        Some(a) => a,
        None => return -6,
    };
    if rows.is_null() || out.is_null() || !(0..=n).contains(&k) {
        return -6;
    }
    let rows = unsafe { std::slice::from_raw_parts(rows, k as usize) };
    let out = unsafe { std::slice::from_raw_parts_mut(out, k as usize) };
    let at = states as usize;
    let o = unsafe { std::slice::from_raw_parts(opts, nopts as usize) };
    let mut kept = Kept::take(at);
    let usable = kept.as_deref().is_some_and(|kp| kp.n == n as usize && kp.opts == o);
    let mut buf = [0u16; LEGAL_CAP];
    let mut got = 0;
    for (j, &r) in rows.iter().enumerate() {
        if !(0..n).contains(&r) {
            got = -6;
            break;
        }
        let i = r as usize;
        let row = &all[i * batch::STATE_LEN..(i + 1) * batch::STATE_LEN];
        let mut fresh;
        let st = match kept.as_deref_mut() {
            Some(kp) if usable && kp.holds(row) => &mut kp.states[i],
            _ => match batch::decode(&eng.cx, row) {
                Some(s) => {
                    fresh = s;
                    &mut fresh
                }
                None => {
                    got = -5 - j as i64;
                    break;
                }
            },
        };
        if st.current().is_none() {
            got = -5 - j as i64;
            break;
        }
        st.serial = 0; // the deduction's caches are this call's engine's
        let m = eng.legal(st, &mut buf);
        out[j] = bot::choose(&mut eng, st, &buf[..m]) as i64;
    }
    if let Some(kp) = kept {
        crate::vecrows::cache_put(at, kp);
    }
    got
}

/// Write the rows `yz_lukfu_rows_step` keeps for the state buffer `states` back into their words
/// (before the words are read, copied or pickled), stamped as before, so the next step still
/// plays from the rows kept. Returns 0, or -5 - row for a row marked stale whose state is not
/// kept (it cannot be recovered: a step refuses it too).
pub fn yz_lukfu_rows_sync(states: *mut i64, n: i64) -> i64 {
    let all = match rows_mut(states, n) {
        Some(a) => a,
        None => return -6,
    };
    let at = states as usize;
    let kept = Kept::take(at);
    let mut bad = 0;
    for i in 0..n as usize {
        let row = &mut all[i * batch::STATE_LEN..(i + 1) * batch::STATE_LEN];
        match kept.as_deref() {
            Some(k) if k.n == n as usize && k.holds(row) => {
                batch::encode(&k.states[i], row);
                row[batch::STAMP] = k.token as i64;
            }
            _ if row[batch::STATE_LEN - 1] == batch::STALE => bad = -5 - i as i64,
            _ => {}
        }
    }
    if let Some(k) = kept {
        crate::vecrows::cache_put(at, k);
    }
    bad
}

/// What `yz_lukfu_rows_step` keeps of a state buffer's rows between calls (in
/// `crate::vecrows`'s cache, by the buffer's address; `yz_vec_free` drops it): each row's state
/// (its words hold it only after a deal's end or a sync: otherwise they are marked stale), the
/// token the last call stamped its rows with (word `batch::STAMP`: `batch::encode` clears it, so a row dealt, restored
/// or rewritten since by the library is decoded and checked afresh; a call stamps a token no
/// call had, so words saved from an earlier step never pass for the kept state), each row's
/// legal actions (an action is checked against them, and only they are cleared from the mask
/// the same buffer holds).
struct Kept {
    opts: Vec<i64>,
    n: usize,
    states: Vec<State>,
    token: u64,
    /// per row, the legal codes as a set (bit a of word a / 64), valid where `nlegal` is not
    /// u16::MAX: the step's legality check and the mask's changes are word operations
    legal: Vec<[u64; 4]>,
    nlegal: Vec<u16>,
    mask_at: usize,
}

impl Kept {
    /// The rows kept for the state buffer at `at`, taken out of the cache (the caller puts them
    /// back with `crate::vecrows::cache_put`); an entry of another kind is left where it was.
    fn take(at: usize) -> Option<Box<Kept>> {
        match crate::vecrows::cache_take(at)?.downcast::<Kept>() {
            Ok(k) => Some(k),
            Err(other) => {
                crate::vecrows::cache_put(at, other);
                None
            }
        }
    }

    /// Whether `row`'s state is the one kept here: its stamp is the token the last step wrote.
    fn holds(&self, row: &[i64]) -> bool {
        self.token != 0 && row[batch::STAMP] as u64 == self.token
    }
}

/// A row's history as `seat` saw it, into `out` (2 x `hl` bytes): codes + 1 (another seat's
/// face-down discard hidden as 238), then actors + 1, padded with zeros.
fn seen_history(h: &[i16], hl: usize, seat: usize, out: &mut [u8]) {
    out.fill(0);
    let k = h[0] as usize;
    for j in 0..k {
        let (code, actor) = (h[1 + j] as usize, h[1 + hl + j] as usize);
        out[j] = if code >= tables::DISCARD_BASE as usize && actor != seat { 238 } else { code as u8 + 1 };
        out[hl + j] = actor as u8 + 1;
    }
}

/// The action mask (n x 237 bytes) and seat to act (n; -1 when over) of every row.
pub fn yz_lukfu_batch_legal(opts: *const i64, nopts: i64, states: *mut i64, n: i64, mask: *mut u8,
                            player: *mut i64) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    let all = match rows_mut(states, n) {
        Some(a) => a,
        None => return -6,
    };
    if mask.is_null() || player.is_null() {
        return -6;
    }
    let nu = n as usize;
    let mask = unsafe { std::slice::from_raw_parts_mut(mask, nu * 237) };
    let player = unsafe { std::slice::from_raw_parts_mut(player, nu) };
    let mut total = 0;
    for i in 0..nu {
        let row = &mut all[i * batch::STATE_LEN..(i + 1) * batch::STATE_LEN];
        let mut st = match batch::decode(&eng.cx, row) {
            Some(s) => s,
            None => return -5 - i as i64,
        };
        total += write_mask(&mut eng, &mut st, &mut mask[i * 237..(i + 1) * 237]) as i64;
        player[i] = st.current().map_or(-1, |s| s as i64);
        batch::encode(&st, row);
    }
    total
}

fn observe_rows<T: crate::vecrows::Cell>(opts: *const i64, nopts: i64, states: *const i64, n: i64, seats: *const i64, out: *mut T,
                         cap: i64) -> i64 {
    let mut eng = match eng_from(opts, nopts) {
        Some(e) => e,
        None => return -1,
    };
    if states.is_null() || seats.is_null() || out.is_null() || !(0..=(1 << 24)).contains(&n) {
        return -6;
    }
    let nu = n as usize;
    let lay = batch::ObsLayout::new(eng.cx.n);
    if cap < (nu * lay.size) as i64 {
        return -4;
    }
    let all = unsafe { std::slice::from_raw_parts(states, nu * batch::STATE_LEN) };
    let seats = unsafe { std::slice::from_raw_parts(seats, nu) };
    let out = unsafe { std::slice::from_raw_parts_mut(out, nu * lay.size) };
    for i in 0..nu {
        let mut st = match batch::decode(&eng.cx, &all[i * batch::STATE_LEN..(i + 1) * batch::STATE_LEN]) {
            Some(s) => s,
            None => return -5 - i as i64,
        };
        let seat = seats[i];
        if seat < 0 || seat as usize >= eng.cx.n {
            return -6;
        }
        batch::observe(&mut eng, &lay, &mut st, seat as usize, &mut out[i * lay.size..(i + 1) * lay.size]);
    }
    (nu * lay.size) as i64
}

/// Row i of `out` (n x obs_size float32): seat `seats[i]`'s observation of state row i, entry
/// for entry `yezi/games/lukfu/observation.py`'s. Returns the entries written.
pub fn yz_lukfu_observe(opts: *const i64, nopts: i64, states: *const i64, n: i64, seats: *const i64,
                        out: *mut f32, cap: i64) -> i64 {
    observe_rows(opts, nopts, states, n, seats, out, cap)
}

/// As `yz_lukfu_observe`, into an int8 buffer (a quarter of the memory traffic).
pub fn yz_lukfu_observe_i8(opts: *const i64, nopts: i64, states: *const i64, n: i64, seats: *const i64,
                           out: *mut i8, cap: i64) -> i64 {
    observe_rows(opts, nopts, states, n, seats, out, cap)
}

/// What each loser pays for `hu` 糊 with `reds` red cards under `scoring` (0 hakka, 1 five_base,
/// 2 huizhou, 3 linear): settlement.points, for the tests' full table (random play rarely
/// reaches 12 糊). -1 for arguments outside the table.
pub fn yz_lukfu_points(scoring: i64, double12: i64, hu: i64, reds: i64) -> i64 {
    if !(0..=3).contains(&scoring) || !(0..=1).contains(&double12) || !(6..=13).contains(&hu) || !(0..=9).contains(&reds) {
        return -1;
    }
    engine::points(hu, scoring as u8, double12 == 1, reds)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(players: i64, laosui: i64) -> Rules {
        Rules::decode(&[players, 1, 8, 0, 9, 0, 0, 0, laosui, 0, 1, 0, 0, 1, 0, 0, 0, 0]).unwrap()
    }

    #[test]
    fn play_ids_as_in_plays_py() {
        let t = tables::Table::new(9, false, false);
        assert_eq!(t.plays.len(), 194);
        assert_eq!(t.plays.iter().filter(|p| p.kind == tables::GE).count(), 45);
        assert_eq!(t.plays.iter().filter(|p| p.kind == tables::SHUN).count(), 112);
        assert_eq!(t.plays[37].mask, 1 | 1 << 9 | 1 << 18); // 各一 (拾貫索), the first 各
        assert_eq!(t.plays[82].mask, 0b111); // 一二三拾, the first 順
        let mut ids = [0u16; engine::LEGAL_CAP];
        let n = t.combos_in((1 << 9) - 1, &mut ids, 0); // a whole suit: 28 runs, ascending ids
        assert_eq!(n, 28);
        assert!(ids[..n].windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn random_deals_are_zero_sum_and_state_rows_round_trip() {
        for (players, laosui) in [(4, 0), (4, 1), (3, 2)] {
            let mut eng = Eng::new(rules(players, laosui));
            let mut rng = Rng::new(players as u64);
            let mut buf = [0u16; LEGAL_CAP];
            for _ in 0..300 {
                let hands = random_deal(&eng, &mut rng);
                assert!(eng.check_deal(&hands[..eng.cx.n]));
                let mut st = State::new(&eng.cx, hands);
                while st.phase != engine::P_OVER {
                    let mut row = [0i64; batch::STATE_LEN];
                    batch::encode(&st, &mut row);
                    let mut back = batch::decode(&eng.cx, &row).expect("a state's own row decodes");
                    let k = eng.legal(&mut st, &mut buf);
                    let mut buf2 = [0u16; LEGAL_CAP];
                    assert_eq!(eng.legal(&mut back, &mut buf2), k);
                    assert_eq!(buf[..k], buf2[..k]);
                    eng.apply(&mut st, buf[rng.below(k)]);
                }
                assert_eq!(st.pay.iter().sum::<i64>(), 0);
            }
        }
    }
}

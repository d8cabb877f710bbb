//! The ruleset as the `i64` array `yezi/native/madiao.py` (`encode_options`) writes: one slot per
//! option that changes play or the seat-to-seat payments, in this order.

use super::cards::*;

pub const NOPTS: usize = 32;

pub const GUARD_LIABILITY: u8 = 0;
pub const GUARD_PROHIBIT: u8 = 1;
#[allow(dead_code)]
pub const GUARD_OFF: u8 = 2;

#[derive(Clone, Copy, Debug)]
pub struct Opts {
    pub red: u64,               // 0 red_set: 0 wp10, 1 qing9
    pub banwen: u8,             // 1 banwen_count: 0 "1", 1 "5", 2 recut
    pub bad_face: u64,          //   (with 2 cut_bailao) faces that call for a free re-cut
    pub cut_bailao_fine: bool,  // 2 cut_bailao: 0 fine-redraw, 1 recut
    pub subst_qing: bool,       // 3 substitution: 0 feng, 1 qing
    pub first_lead_banker: bool, // 4 first_lead: 0 toujia, 1 banker
    pub must_capture: bool,     // 5
    pub must_follow: bool,      // 6
    pub guard: u8,              // 7 guard_rules: 0 liability, 1 prohibit, 2 off
    pub guard_exc_only_ten: bool, // 8 guard_exception: 0 only-ten-and-ten-played, 1 only-ten
    pub diao_b: bool,           // 9 diao_model: 0 A, 1 B
    pub cishang_pays: bool,     // 10
    pub jiakui_any_suit: bool,  // 11 jiakui_suit: 0 same-suit, 1 any-suit
    pub jiakui_zhengben: bool,  // 12
    pub jiakui_pool: bool,      // 13 jiakui_payee == pool or fine_recipient == pool
    pub tu_pairing: u8,         // 14 0 dealt, 1 ci-shangzhuo, 2 both-shangzhuo
    pub xiaotu_cond: u8,        // 15 0 none, 1 jiushi-shangzhuo, 2 zhengben
    pub tu_one_per_player: bool, // 16 tu_multiple: 0 separate, 1 one-per-player
    pub qiaomen_qing: bool,     // 17 qiaomen_amount: 0 flat, 1 qing
    pub nested_cumulative: bool, // 18 nested_items: 0 highest, 1 cumulative
    pub seven_first: bool,      // 19 seven_tricks: 0 literal, 1 first-seven
    pub d2_rest: bool,          // 20 d2_window: 0 next-trick, 1 rest-of-hand
    pub d3: bool,               // 21
    pub tu_doubling: bool,      // 22
    pub he_playout: bool,       // 23 he_timing: 0 preplay, 1 play-out
    pub quantu_dahuo: bool,     // 24 quantu_condition: 0 held, 1 dahuo
    pub he_cumulative: bool,    // 25 he_multiple: 0 highest, 1 cumulative
    pub mian_waivable: bool,    // 26 mian_dou: 0 automatic, 1 waivable
    pub long_suit_off: bool,    // 27 long_suit: 0 5-6, 1 off
    pub stake_fixed: bool,      // 28 stake_mode: 0 banker-picks, 1 fixed
    pub stake_min: i64,         // 29 (even, 2..=40)
    pub stake_max: i64,         // 30
    pub face_public: bool,      // 31 face_card: 1 public, 0 hidden (the heuristic bot's view)
}

fn flag(v: i64) -> Option<bool> {
    match v {
        0 => Some(false),
        1 => Some(true),
        _ => None,
    }
}

fn choice(v: i64, n: i64) -> Option<u8> {
    if (0..n).contains(&v) {
        Some(v as u8)
    } else {
        None
    }
}

impl Opts {
    /// Decode and check the array; None for a wrong length or a value out of range.
    pub fn decode(v: &[i64]) -> Option<Opts> {
        if v.len() != NOPTS {
            return None;
        }
        let banwen_choice = choice(v[1], 3)?;
        let cut_fine = choice(v[2], 2)? == 0;
        let mut bad = 0u64;
        if !cut_fine {
            bad |= bit(BAILAO);
        }
        if banwen_choice == 2 {
            bad |= bit(BANWEN);
        }
        let (smin, smax) = (v[29], v[30]);
        if smin < 2 || smax > 40 || smin > smax || smin % 2 != 0 {
            return None;
        }
        Some(Opts {
            red: if choice(v[0], 2)? == 0 { RED_WP10 } else { RED_QING9 },
            banwen: if banwen_choice == 1 { 5 } else { 1 },
            bad_face: bad,
            cut_bailao_fine: cut_fine,
            subst_qing: flag(v[3])?,
            first_lead_banker: flag(v[4])?,
            must_capture: flag(v[5])?,
            must_follow: flag(v[6])?,
            guard: choice(v[7], 3)?,
            guard_exc_only_ten: flag(v[8])?,
            diao_b: flag(v[9])?,
            cishang_pays: flag(v[10])?,
            jiakui_any_suit: flag(v[11])?,
            jiakui_zhengben: flag(v[12])?,
            jiakui_pool: flag(v[13])?,
            tu_pairing: choice(v[14], 3)?,
            xiaotu_cond: choice(v[15], 3)?,
            tu_one_per_player: flag(v[16])?,
            qiaomen_qing: flag(v[17])?,
            nested_cumulative: flag(v[18])?,
            seven_first: flag(v[19])?,
            d2_rest: flag(v[20])?,
            d3: flag(v[21])?,
            tu_doubling: flag(v[22])?,
            he_playout: flag(v[23])?,
            quantu_dahuo: flag(v[24])?,
            he_cumulative: flag(v[25])?,
            mian_waivable: flag(v[26])?,
            long_suit_off: flag(v[27])?,
            stake_fixed: flag(v[28])?,
            stake_min: smin,
            stake_max: smax,
            face_public: flag(v[31])?,
        })
    }
}

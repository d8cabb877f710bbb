//! The ruleset as the native engine reads it: the option array `yezi/native/fishing.py` writes
//! (`encode_options`), decoded once into flags and precomputed tables (capture masks, the deck).
//!
//! Option layout (all `i64`, index: meaning), mirroring `yezi/games/fishing/options.toml`:
//!  0 players (2|3)          1 dominoes64 (0|1)       2 peek            3 draw-first
//!  4 plum_redten            5 heaven_earth           6 cock (0 self, 1 big-six, 2 all-sixes)
//!  7 one_takes_three        8 fours_to_tail          9 capture must    10 unmatched keep
//! 11 stacking              12 heaven_pair           13 leftover lake to the tail
//! 14 wenwu strict          15 no_medium             16 scoring red-dots
//! 17 settlement (0 M1, 1 M2, 2 M3, 3 YL, 4 plain)    18 過山 threshold (already per player count)
//! 19 di                    20 jun_scale 1-3-5       21 di_overmountain  22 di_second_third
//! 23 double_both

pub const NOPTS: usize = 24;
pub const K: usize = 21;

// Tien Gow kinds in rank order (yezi.components.tiengow).
pub const HEAVEN: usize = 0;
pub const EARTH: usize = 1;
pub const MAN: usize = 2;
pub const GOOSE: usize = 3;
pub const PLUM: usize = 4;
pub const LONG_THREE: usize = 5;
pub const HATCHET: usize = 7;
pub const RED_TEN: usize = 8;
pub const MALLET_SIX: usize = 10;
pub const BLACK_NINE: usize = 11;
pub const RED_NINE: usize = 12;
pub const FLAT_EIGHT: usize = 13;
pub const BENT_EIGHT: usize = 14;
pub const BLACK_SEVEN: usize = 15;
pub const RED_SEVEN: usize = 16;
pub const BIG_SIX: usize = 17;
pub const RED_FIVE: usize = 18;
pub const BLACK_FIVE: usize = 19;
pub const LITTLE_THREE: usize = 20;

pub const PIPS: [u8; K] = [12, 2, 8, 4, 10, 6, 4, 11, 10, 7, 6, 9, 9, 8, 8, 7, 7, 6, 5, 5, 3];
pub const RED_DOTS: [u8; K] = [6, 2, 8, 1, 0, 0, 0, 0, 4, 1, 1, 0, 4, 0, 0, 0, 4, 4, 5, 0, 1];
/// 文武 groups: (civil, military pair); the first (天九) is big fish, the others medium.
pub const WENWU: [(usize, usize, usize); 4] = [
    (HEAVEN, BLACK_NINE, RED_NINE),
    (EARTH, FLAT_EIGHT, BENT_EIGHT),
    (MAN, BLACK_SEVEN, RED_SEVEN),
    (GOOSE, RED_FIVE, BLACK_FIVE),
];
pub const JUN_KINDS: [usize; 3] = [PLUM, HATCHET, RED_TEN];

// Action codes (yezi/games/fishing/actions.py).
pub const CAP: u16 = 0;
pub const REL: u16 = 441;
pub const DCAP: u16 = 462;
pub const DREL: u16 = 903;
pub const STACK: u16 = 924;
pub const KEEP: u16 = 945;
pub const ACTION_SPACE: i64 = 946;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Method {
    M1,
    M2,
    M3,
    YL,
    Plain,
}

#[derive(Clone, Debug)]
pub struct Rules {
    pub players: usize,
    pub tail_seat: usize,
    pub dominoes: bool,
    pub hand_size: usize,
    pub lake_size: usize,
    pub stock_size: usize,
    pub deck_counts: [u8; K],
    pub peek: bool,
    pub draw_first: bool,
    pub must: bool,
    pub keep_mode: bool,
    pub stacking: bool,
    pub heaven_pair: bool,
    pub one_takes_three: bool,
    pub fours_to_tail: bool,
    pub lake_to_tail: bool,
    /// match_mask[h]: the kinds a card of kind h captures, as bits.
    pub match_mask: [u32; K],
    /// matches[h] ascending (the Python engine's `game.matches[h]`), `nmatch[h]` long.
    pub matches: [[u8; 4]; K],
    pub nmatch: [u8; K],
    pub self_only: u32,
    pub strict_wenwu: bool,
    pub no_medium: bool,
    pub red_dots: bool,
    pub method: Method,
    pub overmountain: i64,
    pub di: i64,
    pub jun_135: bool,
    pub di_overmountain: bool,
    pub di_second_third: bool,
    pub double_both: bool,
    /// The deck as a list of kinds (for dealing), `deck_len` long.
    pub deck: [u8; 84],
    pub deck_len: usize,
}

fn flag(v: i64) -> Result<bool, i64> {
    match v {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(-1),
    }
}

impl Rules {
    /// Decode and check the option array; -1 on any value out of range.
    pub fn from_opts(o: &[i64]) -> Result<Rules, i64> {
        if o.len() != NOPTS {
            return Err(-1);
        }
        let players = match o[0] {
            2 => 2usize,
            3 => 3usize,
            _ => return Err(-1),
        };
        let dominoes = flag(o[1])?;
        let cock = o[6];
        if !(0..=2).contains(&cock) {
            return Err(-1);
        }
        let method = match o[17] {
            0 => Method::M1,
            1 => Method::M2,
            2 => Method::M3,
            3 => Method::YL,
            4 => Method::Plain,
            _ => return Err(-1),
        };
        if o[18] < 0 || o[19] < 0 || o[19] > 1000 {
            return Err(-1);
        }
        let (hand_size, lake_size) = if dominoes {
            (if players == 2 { 12 } else { 8 }, 16)
        } else {
            (if players == 2 { 15 } else { 10 }, 24)
        };
        let mut deck_counts = [0u8; K];
        for (k, c) in deck_counts.iter_mut().enumerate() {
            *c = if !dominoes { 4 } else if k <= 10 { 4 } else { 2 };
        }
        let mut deck = [0u8; 84];
        let mut deck_len = 0;
        for (k, &c) in deck_counts.iter().enumerate() {
            for _ in 0..c {
                deck[deck_len] = k as u8;
                deck_len += 1;
            }
        }
        let stock_size = deck_len - lake_size - players * hand_size;
        // matches (Fishing._match_table): equal pips, then the variants.
        let mut mm = [0u32; K];
        for h in 0..K {
            for t in 0..K {
                if PIPS[h] == PIPS[t] {
                    mm[h] |= 1 << t;
                }
            }
        }
        if !flag(o[4])? {
            mm[PLUM] = 1 << PLUM;
            mm[RED_TEN] = 1 << RED_TEN;
        }
        if flag(o[5])? {
            mm[HEAVEN] |= 1 << EARTH;
            mm[EARTH] |= 1 << HEAVEN;
        }
        if cock == 1 {
            mm[LITTLE_THREE] |= 1 << BIG_SIX;
            mm[BIG_SIX] |= 1 << LITTLE_THREE;
        } else if cock == 2 {
            for six in [LONG_THREE, MALLET_SIX, BIG_SIX] {
                mm[LITTLE_THREE] |= 1 << six;
                mm[six] |= 1 << LITTLE_THREE;
            }
        }
        let mut matches = [[0u8; 4]; K];
        let mut nmatch = [0u8; K];
        let mut self_only = 0u32;
        for h in 0..K {
            let mut m = mm[h];
            while m != 0 {
                let t = m.trailing_zeros() as usize;
                m &= m - 1;
                matches[h][nmatch[h] as usize] = t as u8;
                nmatch[h] += 1;
            }
            if mm[h] == 1 << h {
                self_only |= 1 << h;
            }
        }
        Ok(Rules {
            players,
            tail_seat: players - 1,
            dominoes,
            hand_size,
            lake_size,
            stock_size,
            deck_counts,
            peek: flag(o[2])?,
            draw_first: flag(o[3])?,
            must: flag(o[9])?,
            keep_mode: flag(o[10])?,
            stacking: flag(o[11])?,
            heaven_pair: flag(o[12])?,
            one_takes_three: flag(o[7])?,
            fours_to_tail: flag(o[8])?,
            lake_to_tail: flag(o[13])?,
            match_mask: mm,
            matches,
            nmatch,
            self_only,
            strict_wenwu: flag(o[14])?,
            no_medium: flag(o[15])?,
            red_dots: flag(o[16])?,
            method,
            overmountain: o[18],
            di: o[19],
            jun_135: flag(o[20])?,
            di_overmountain: flag(o[21])?,
            di_second_third: flag(o[22])?,
            double_both: flag(o[23])?,
            deck,
            deck_len,
        })
    }

    /// The length of an encoded deal: hands (seat by seat), the lake, the stock (head first).
    pub fn deal_len(&self) -> usize {
        self.players * self.hand_size + self.lake_size + self.stock_size
    }
}

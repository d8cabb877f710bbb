//! Luk Fu's cards, plays and beat relation, as `yezi/games/lukfu/plays.py` and
//! `yezi/components/lukfu_deck.py` define them: card `s * 9 + n - 1` (suit 0 拾 .. 3 綫, number
//! 1..9), 雲綫 = 36; play ids 0..36 singles, 37..81 the 45 各, 82..193 the 112 順.

pub const WAN: usize = 36;
pub const NUM_PLAYS: usize = 194;

pub const PASS: u16 = 0;
pub const BID: u16 = 1;
pub const DECLARE: u16 = 2;
pub const DECLINE: u16 = 3;
pub const TIGERS: u16 = 4;
pub const NO_TIGERS: u16 = 5;
pub const PLAY_BASE: u16 = 6;
pub const DISCARD_BASE: u16 = PLAY_BASE + NUM_PLAYS as u16; // 200

pub const SINGLE: u8 = 0;
pub const GE: u8 = 1;
pub const SHUN: u8 = 2;

pub const SUITED: u64 = (1u64 << 36) - 1;
pub const BOSSES: u64 = 1 | 1 << 27 | 1 << 36; // 百子, 毛公, 雲綫
pub const FIVE_TIGERS: u64 = 1 | 1 << 9 | 1 << 18 | 1 << 27 | 1 << 36;
/// The four 9s, 八拾, 百子, 毛公, 雲綫 (lukfu_deck.RED_CARDS).
pub const RED: u64 = 1 << 8 | 1 << 17 | 1 << 26 | 1 << 35 | 1 << 7 | 1 | 1 << 27 | 1 << 36;

#[inline]
pub const fn suit_mask(s: usize) -> u64 {
    0x1FF << (9 * s)
}

/// Face number; 雲綫 counts as 1 (the dummy's match).
#[inline]
pub fn number(c: usize) -> u8 {
    if c < WAN {
        (c % 9 + 1) as u8
    } else {
        1
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Play {
    pub kind: u8,
    pub mask: u64,
    pub size: u8,
    pub number: u8,
    pub suit: i8,
}

pub fn all_plays() -> Vec<Play> {
    let mut v = Vec::with_capacity(NUM_PLAYS);
    for c in 0..37 {
        v.push(Play {
            kind: SINGLE,
            mask: 1 << c,
            size: 1,
            number: number(c),
            suit: if c == WAN { -1 } else { (c / 9) as i8 },
        });
    }
    for n in 1..=9usize {
        for size in [3usize, 4] {
            // itertools.combinations(range(4), size), lexicographic
            let combos: Vec<Vec<usize>> = if size == 3 {
                vec![vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3], vec![1, 2, 3]]
            } else {
                vec![vec![0, 1, 2, 3]]
            };
            for suits in combos {
                let m = suits.iter().fold(0u64, |m, &s| m | 1 << (s * 9 + n - 1));
                v.push(Play { kind: GE, mask: m, size: size as u8, number: n as u8, suit: -1 });
            }
        }
    }
    for s in 0..4usize {
        for length in 3..=9usize {
            for low in 1..=(10 - length) {
                let m = (low..low + length).fold(0u64, |m, n| m | 1 << (s * 9 + n - 1));
                v.push(Play { kind: SHUN, mask: m, size: length as u8, number: (low + length - 1) as u8, suit: s as i8 });
            }
        }
    }
    debug_assert_eq!(v.len(), NUM_PLAYS);
    v
}

fn ge_beats(a: u8, b: u8, ge_one_guangdong: bool) -> bool {
    if ge_one_guangdong {
        let key = |x: u8| if x == 1 { 85 } else { x as u32 * 10 };
        return key(a) > key(b);
    }
    if a == 1 {
        return false;
    }
    if b == 1 {
        return a == 9;
    }
    a > b
}

/// The beat relation for one ruleset (plays.PlayTable).
pub struct Table {
    pub plays: Vec<Play>,
    pub max_run: u8,
    pub unbeatable: u64,
    pub higher: [u64; 37],
    /// play id -> (ids, masks) of the legal combos that beat it, ascending id (combos only)
    pub beaters: Vec<Vec<(u8, u64)>>,
    /// 9-bit suit pattern -> play-id offsets (within the suit's runs) of the legal runs it holds
    pub runs_in: Vec<Vec<u8>>,
    /// first play id of each suit's runs
    pub run_base: [u16; 4],
}

pub const GE_BASE: usize = 37;
pub const SHUN_BASE: usize = 82;

impl Table {
    pub fn new(max_run: u8, unbeat_guangdong: bool, ge_one_guangdong: bool) -> Table {
        let plays = all_plays();
        let unbeat: u64 = if unbeat_guangdong { 1 | 1 << 9 | 1 << 18 | 1 << 36 } else { BOSSES };
        let mut higher = [0u64; 37];
        for c in 0..36usize {
            if unbeat >> c & 1 == 0 {
                let s = c / 9;
                let n = c % 9; // 0-based
                for m in (n + 1)..9 {
                    higher[c] |= 1 << (s * 9 + m);
                }
            }
        }
        let legal = |q: &Play| q.kind == GE || (q.kind == SHUN && q.size <= max_run);
        let mut beaters = Vec::with_capacity(NUM_PLAYS);
        for p in plays.iter() {
            let mut bs = Vec::new();
            if p.kind != SINGLE {
                for (qi, q) in plays.iter().enumerate() {
                    if !legal(q) || q.kind != p.kind || q.size != p.size {
                        continue;
                    }
                    let beats = if p.kind == GE {
                        ge_beats(q.number, p.number, ge_one_guangdong)
                    } else {
                        q.suit < p.suit || (q.suit == p.suit && q.number > p.number)
                    };
                    if beats {
                        bs.push((qi as u8, q.mask));
                    }
                }
            }
            beaters.push(bs);
        }
        let mut run_base = [0u16; 4];
        for s in 0..4 {
            run_base[s] = (SHUN_BASE + 28 * s) as u16;
        }
        // runs of suit 0 in id order; pattern -> offsets of those contained and legal
        let mut runs_in = Vec::with_capacity(512);
        for pat in 0u64..512 {
            let mut v = Vec::new();
            for off in 0..28usize {
                let p = &plays[SHUN_BASE + off];
                if p.size <= max_run && p.mask & pat == p.mask {
                    v.push(off as u8);
                }
            }
            runs_in.push(v);
        }
        Table { plays, max_run, unbeatable: unbeat, higher, beaters, runs_in, run_base }
    }

    /// Ids of every legal 各 and 順 in `hand`, ascending (PlayTable.combos_in).
    #[inline]
    pub fn combos_in(&self, hand: u64, out: &mut [u16], mut n: usize) -> usize {
        for num in 0..9usize {
            let nm = (1u64 << num) | 1 << (9 + num) | 1 << (18 + num) | 1 << (27 + num);
            if (hand & nm).count_ones() >= 3 {
                for j in 0..5usize {
                    let id = GE_BASE + num * 5 + j;
                    let m = self.plays[id].mask;
                    if m & hand == m {
                        out[n] = id as u16;
                        n += 1;
                    }
                }
            }
        }
        for s in 0..4usize {
            let h = hand >> (9 * s) & 511;
            if h & h >> 1 & h >> 2 != 0 {
                for &off in &self.runs_in[h as usize] {
                    out[n] = self.run_base[s] + off as u16;
                    n += 1;
                }
            }
        }
        n
    }
}

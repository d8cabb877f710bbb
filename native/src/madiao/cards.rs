//! The Ma Diao deck as bit masks: card ids 0..39 exactly as `yezi/components/madiao_deck.py`
//! (suit by suit, each suit from its top card down in trick order; a lower id beats a higher id
//! of the same suit).

pub const NUM_CARDS: usize = 40;

pub const WANWAN: u8 = 0;
pub const QIANWAN: u8 = 1;
pub const BAILAO: u8 = 2;
pub const JIUSHI: u8 = 3;
pub const ERSHI: u8 = 10;
pub const JIUWAN: u8 = 11;
pub const BAWAN: u8 = 12;
pub const LIUWAN: u8 = 14;
pub const WUWAN: u8 = 15;
pub const YIWAN: u8 = 19;
pub const JIUSUO: u8 = 20;
pub const BASUO: u8 = 21;
pub const YISUO: u8 = 28;
pub const KONGWEN: u8 = 29;
pub const BANWEN: u8 = 30;
pub const JIUQIAN: u8 = 39;

pub const SUIT_START: [u8; 4] = [0, 11, 20, 29];
/// 正賞 (the top card of each suit) and 次賞 (the second), by suit.
pub const ZHENG_SHANG: [u8; 4] = [WANWAN, JIUWAN, JIUSUO, KONGWEN];
pub const CI_SHANG: [u8; 4] = [QIANWAN, BAWAN, BASUO, BANWEN];
/// 極, the bottom card of each suit.
pub const JI: [u8; 4] = [ERSHI, YIWAN, YISUO, JIUQIAN];
/// 雌突 in the order the settlement tries them.
pub const CI_TU: [u8; 3] = [WUWAN, LIUWAN, BAWAN];

#[inline]
pub const fn bit(c: u8) -> u64 {
    1u64 << c
}

pub const fn mask_of(cards: &[u8]) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < cards.len() {
        m |= 1u64 << cards[i];
        i += 1;
    }
    m
}

/// Cards lo..hi (hi exclusive) as a mask.
#[inline]
pub const fn range_mask(lo: u8, hi: u8) -> u64 {
    ((1u64 << hi) - 1) & !((1u64 << lo) - 1)
}

pub const SUIT_MASK: [u64; 4] = [range_mask(0, 11), range_mask(11, 20), range_mask(20, 29), range_mask(29, 40)];
pub const ALL: u64 = range_mask(0, 40);
pub const ZHENG_MASK: u64 = mask_of(&ZHENG_SHANG);
pub const CI_SHANG_MASK: u64 = mask_of(&CI_SHANG);
pub const JI_MASK: u64 = mask_of(&JI);
/// 百老, 九十 and the three 雌突: 全突.
pub const QUANTU_MASK: u64 = mask_of(&[BAILAO, JIUSHI, WUWAN, LIUWAN, BAWAN]);
pub const RED_WP10: u64 = ZHENG_MASK | JI_MASK | mask_of(&[QIANWAN, BAILAO]);
pub const RED_QING9: u64 = ZHENG_MASK | CI_SHANG_MASK | mask_of(&[BAILAO]);

#[inline]
pub const fn suit_of(c: u8) -> usize {
    if c < 11 {
        0
    } else if c < 20 {
        1
    } else if c < 29 {
        2
    } else {
        3
    }
}

/// Deal-count value ('空百千萬俱作一數'); 半文錢 counts `banwen` (option V5).
pub fn count_value(c: u8, banwen: u8) -> u8 {
    match c {
        0..=2 => 1,
        3..=10 => 12 - c,
        11..=19 => 20 - c,
        20..=28 => 29 - c,
        29 => 1,
        30 => banwen,
        _ => c - 30,
    }
}

/// Seat of 頭: count n from the banker's opposite (seat 2) as 1, in play direction.
#[inline]
pub fn first_receiver(n: u8) -> u8 {
    (n + 1) % 4
}

/// Cards of `c`'s suit ranked above it (the ones that capture it).
#[inline]
pub fn above(c: u8) -> u64 {
    if c >= 40 {
        return 0; // no card (never asked by the engine itself)
    }
    range_mask(SUIT_START[suit_of(c)], c)
}

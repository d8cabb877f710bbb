//! CPython's `random.Random(seed).shuffle` (MT19937 seeded by `init_by_array`, `_randbelow` by
//! rejection on `getrandbits`), so that a native batch can start exactly the deal the Python
//! engine's `deal_from_seed(seed)` makes: a native vector environment then plays the same deals
//! as `yezi.rl.VectorEnv` for the same `DealStream` seeds.

const N: usize = 624;
const M: usize = 397;

pub struct Mt {
    mt: [u32; N],
    mti: usize,
}

impl Mt {
    fn init_genrand(s: u32) -> Mt {
        let mut mt = [0u32; N];
        mt[0] = s;
        for i in 1..N {
            mt[i] = 1_812_433_253u32.wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_add(i as u32);
        }
        Mt { mt, mti: N }
    }

    /// `random.Random(seed)` for a non-negative integer seed.
    pub fn from_seed(seed: u64) -> Mt {
        let key: Vec<u32> = if seed >> 32 != 0 { vec![seed as u32, (seed >> 32) as u32] } else { vec![seed as u32] };
        let mut g = Mt::init_genrand(19_650_218);
        let mt = &mut g.mt;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        g
    }

    fn next_u32(&mut self) -> u32 {
        if self.mti >= N {
            let mag = |y: u32| if y & 1 == 1 { 0x9908_b0df } else { 0 };
            let mt = &mut self.mt;
            for kk in 0..N - M {
                let y = (mt[kk] & 0x8000_0000) | (mt[kk + 1] & 0x7fff_ffff);
                mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag(y);
            }
            for kk in N - M..N - 1 {
                let y = (mt[kk] & 0x8000_0000) | (mt[kk + 1] & 0x7fff_ffff);
                mt[kk] = mt[kk + M - N] ^ (y >> 1) ^ mag(y);
            }
            let y = (mt[N - 1] & 0x8000_0000) | (mt[0] & 0x7fff_ffff);
            mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag(y);
            self.mti = 0;
        }
        let mut y = self.mt[self.mti];
        self.mti += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `Random._randbelow(n)` for 0 < n < 2**32.
    fn below(&mut self, n: u32) -> u32 {
        let k = 32 - n.leading_zeros();
        loop {
            let r = self.next_u32() >> (32 - k);
            if r < n {
                return r;
            }
        }
    }

    /// `Random.shuffle(x)`.
    pub fn shuffle<T>(&mut self, x: &mut [T]) {
        for i in (1..x.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            x.swap(i, j);
        }
    }
}

//! Golden model of the G80 shared memory (`hw::shared_mem`), written from DESIGN.md's
//! banking rule and independent of hw/.
//!
//! 16 banks of 32-bit words, bank = (byte address / 4) mod 16, `words_per_bank` words each.
//! A half-warp request is served in steps; each step serves the lowest-numbered pending lane
//! of every bank; for loads, every pending lane that addresses the word of the lowest pending
//! lane overall (the broadcast word) is served in that step too. Stores have no broadcast,
//! so lanes storing into one bank are applied one per step in increasing lane order: for
//! every byte, the highest-numbered active lane that stores it wins.
//!
//! Faults: a lane whose byte address is >= the memory size, or not a multiple of its access
//! size, or whose request has the reserved size code 3, is not served; its bit is set in
//! `fault` and it reads 0. Inactive, faulted lanes and all lanes of a store read 0.

/// Access size codes (the `size` field).
pub const SIZE_8: u32 = 0;
pub const SIZE_16: u32 = 1;
pub const SIZE_32: u32 = 2;

/// One half-warp request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HalfWarp {
    pub store: bool,
    /// 0: 8 bits, 1: 16 bits, 2: 32 bits, 3: reserved (every active lane faults).
    pub size: u32,
    /// Sign-extend loads of 8 and 16 bits.
    pub signed: bool,
    /// Bit l: lane l takes part.
    pub active: u16,
    pub addr: [u32; 16],
    /// Store data (the low 8/16/32 bits are stored).
    pub data: [u32; 16],
}

/// What the unit reports for a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Response {
    pub data: [u32; 16],
    pub steps: u32,
    pub fault: u16,
}

/// Bytes of an access of size code `size` (3: reserved).
pub fn size_bytes(size: u32) -> u32 {
    1 << size.min(2)
}

/// The lanes of `r` that fault in a memory of `mem_bytes` bytes.
pub fn fault_mask(r: &HalfWarp, mem_bytes: u32) -> u16 {
    let mut f = 0u16;
    for l in 0..16 {
        if r.active >> l & 1 == 1 {
            let a = r.addr[l];
            if r.size == 3 || a >= mem_bytes || a % size_bytes(r.size) != 0 {
                f |= 1 << l;
            }
        }
    }
    f
}

/// The served lane mask of every step for the pending lanes `pending` (bit masks).
pub fn schedule(r: &HalfWarp, mut pending: u16) -> Vec<u16> {
    let word = |l: usize| r.addr[l] >> 2;
    let bank = |l: usize| (r.addr[l] >> 2) & 15;
    let mut steps = vec![];
    while pending != 0 {
        let lowest = pending.trailing_zeros() as usize;
        let mut served = 0u16;
        let mut claimed = 0u16;
        for l in 0..16 {
            if pending >> l & 1 == 0 {
                continue;
            }
            let b = bank(l);
            let first = claimed >> b & 1 == 0;
            claimed |= 1 << b;
            if first || (!r.store && word(l) == word(lowest)) {
                served |= 1 << l;
            }
        }
        pending &= !served;
        steps.push(served);
    }
    steps
}

/// The shared memory's contents and its access rule.
#[derive(Debug, Clone)]
pub struct SharedMemModel {
    /// Word `w` of the whole memory (bank w % 16, row w / 16).
    pub words: Vec<u32>,
}

impl SharedMemModel {
    /// A zeroed memory of 16 banks x `words_per_bank` words.
    pub fn new(words_per_bank: usize) -> Self {
        SharedMemModel {
            words: vec![0; 16 * words_per_bank],
        }
    }

    pub fn bytes(&self) -> u32 {
        4 * self.words.len() as u32
    }

    /// Serves one half-warp request.
    pub fn access(&mut self, r: &HalfWarp) -> Response {
        let fault = fault_mask(r, self.bytes());
        let steps = schedule(r, r.active & !fault);
        let n = size_bytes(r.size);
        let mask = if n == 4 { u32::MAX } else { (1u32 << (8 * n)) - 1 };
        let mut data = [0u32; 16];
        for served in &steps {
            for l in 0..16 {
                if served >> l & 1 == 0 {
                    continue;
                }
                let a = r.addr[l];
                let (w, sh) = ((a >> 2) as usize, 8 * (a & 3));
                if r.store {
                    self.words[w] = (self.words[w] & !(mask << sh)) | ((r.data[l] & mask) << sh);
                } else {
                    let v = (self.words[w] >> sh) & mask;
                    let top = 1u32 << (8 * n - 1);
                    data[l] = if r.signed && n < 4 && v & top != 0 {
                        v | !mask
                    } else {
                        v
                    };
                }
            }
        }
        Response {
            data,
            steps: steps.len() as u32,
            fault,
        }
    }
}

/// An independent brute-force formulation of the same rule, for cross-checking: byte
/// addressed memory, each step built from explicit per-bank lane lists.
pub mod brute {
    use super::HalfWarp;
    use std::collections::BTreeMap;

    /// (load data, steps, fault) of `r` against `mem` (a byte array, updated by stores).
    pub fn access(mem: &mut [u8], r: &HalfWarp) -> ([u32; 16], u32, u16) {
        let n = match r.size {
            0 => 1usize,
            1 => 2,
            2 => 4,
            _ => 0,
        };
        let mut fault = 0u16;
        let mut pending: Vec<usize> = vec![];
        for l in 0..16 {
            if r.active & (1 << l) == 0 {
                continue;
            }
            let a = r.addr[l] as u64;
            if n == 0 || a + n as u64 > mem.len() as u64 || a % n as u64 != 0 {
                fault |= 1 << l;
            } else {
                pending.push(l);
            }
        }
        let mut out = [0u32; 16];
        let mut steps = 0;
        while !pending.is_empty() {
            steps += 1;
            let mut by_bank: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
            for &l in &pending {
                by_bank.entry((r.addr[l] / 4) % 16).or_default().push(l);
            }
            let bw = r.addr[pending[0]] / 4;
            let mut served: Vec<usize> = by_bank.values().map(|v| v[0]).collect();
            if !r.store {
                served.extend(pending.iter().copied().filter(|&l| r.addr[l] / 4 == bw));
            }
            served.sort();
            served.dedup();
            for &l in &served {
                let a = r.addr[l] as usize;
                if r.store {
                    for k in 0..n {
                        mem[a + k] = (r.data[l] >> (8 * k)) as u8;
                    }
                } else {
                    let mut v: i64 = 0;
                    for k in (0..n).rev() {
                        v = (v << 8) | mem[a + k] as i64;
                    }
                    if r.signed && v >= 1 << (8 * n - 1) {
                        v -= 1 << (8 * n);
                    }
                    out[l] = v as u32;
                }
            }
            pending.retain(|l| !served.contains(l));
        }
        (out, steps, fault)
    }
}

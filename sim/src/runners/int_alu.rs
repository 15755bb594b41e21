//! Co-simulation runners for the SP integer ALU (`int_alu`) and its 32x32 multiplier
//! (`mul32`): a directed set over boundary operands plus weighted random vectors, every
//! step checked against `golden::int_alu`, then replayed into the exported Verilog.
use super::{finish, golden_mismatch, verilog, Replays, RunSummary};
use crate::cosim::{Bench, CosimError};
use crate::golden::int_alu as golden;
use crate::vectors::Rng;
use heddle_hw::sp::int_alu::IntAlu;
use heddle_hw::prim::mul32::Mul32;

/// Boundary operands: zero and one, the s32/u32 extremes and their neighbours, the
/// mul24 boundaries (bit 23 and bit 24), shift amounts around 32, and mixed patterns.
pub const INT_SPECIALS: [u32; 26] = [
    0,
    1,
    2,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xffff_ffff,
    0xffff_fffe,
    0x00ff_ffff,
    0x0080_0000,
    0xff80_0000,
    0x007f_ffff,
    0x0100_0000,
    0xff7f_ffff,
    31,
    32,
    33,
    0x0000_ffff,
    0xffff_0000,
    0x0001_0000,
    0x4000_0000,
    0xc000_0000,
    0x5555_5555,
    0xaaaa_aaaa,
    0x1234_5678,
    0xfedc_ba98,
];

/// One input vector of `IntAlu`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntAluVector {
    pub op: u32,
    pub is_signed: bool,
    pub cmp: u32,
    pub p_in: bool,
    pub a: u32,
    pub b: u32,
    pub c: u32,
}

impl IntAluVector {
    /// The golden model's (y, p) for this vector.
    pub fn golden(&self) -> (u32, bool) {
        golden::int_alu(self.op, self.is_signed, self.cmp, self.p_in, self.a, self.b, self.c)
    }
}

impl std::fmt::Display for IntAluVector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = golden::op::NAMES.get(self.op as usize).copied().unwrap_or("undefined");
        write!(
            f,
            "op={} ({name}) is_signed={} cmp={} p_in={} a=0x{:08x} b=0x{:08x} c=0x{:08x}",
            self.op, self.is_signed as u8, self.cmp, self.p_in as u8, self.a, self.b, self.c
        )
    }
}

/// A weighted random operand: boundary values, uniform words, small (shift-amount-sized)
/// values of either sign, 24-bit values with a zero, all-ones or random top byte, and
/// boundary values nudged by -2..+2.
pub fn int_operand(rng: &mut Rng) -> u32 {
    let special = |rng: &mut Rng| INT_SPECIALS[rng.below(INT_SPECIALS.len() as u64) as usize];
    match rng.below(8) {
        0 | 1 => special(rng),
        2..=4 => rng.next_u32(),
        5 => {
            let v = rng.below(70) as u32;
            if rng.bool() {
                v.wrapping_neg()
            } else {
                v
            }
        }
        6 => {
            let top = match rng.below(3) {
                0 => 0,
                1 => 0xff00_0000,
                _ => rng.next_u32() & 0xff00_0000,
            };
            top | (rng.next_u32() & 0x00ff_ffff)
        }
        _ => special(rng).wrapping_add((rng.below(5) as u32).wrapping_sub(2)),
    }
}

/// A weighted random vector: mostly defined ops (1 in 16 an undefined one), b equal to a
/// one time in 8 (so eq/le/ge and min/max ties occur), every field random otherwise.
pub fn int_alu_random(rng: &mut Rng) -> IntAluVector {
    let op = if rng.below(16) == 0 {
        golden::op::COUNT + rng.below((32 - golden::op::COUNT) as u64) as u32
    } else {
        rng.below(golden::op::COUNT as u64) as u32
    };
    let a = int_operand(rng);
    let b = if rng.below(8) == 0 { a } else { int_operand(rng) };
    IntAluVector {
        op,
        is_signed: rng.bool(),
        cmp: rng.below(8) as u32,
        p_in: rng.bool(),
        a,
        b,
        c: int_operand(rng),
    }
}

/// Size of the directed set: every (a, b) pair of `INT_SPECIALS` x is_signed x cmp x op.
pub const DIRECTED_LEN: usize = INT_SPECIALS.len() * INT_SPECIALS.len() * 2 * 8 * 32;

/// Vector `i` of the directed set (`i < DIRECTED_LEN`), in canonical order: op varies
/// fastest (0..31, the undefined codes too), then cmp, is_signed, b, a; c walks the
/// specials and p_in alternates so selp sees both predicates on every pair.
pub fn int_alu_directed_at(i: usize) -> IntAluVector {
    let s = INT_SPECIALS.len();
    let op = (i % 32) as u32;
    let cmp = (i / 32 % 8) as u32;
    let ib = i / 512 % s;
    let ia = i / 512 / s;
    IntAluVector {
        op,
        is_signed: i / 256 % 2 == 1,
        cmp,
        p_in: (ia + ib + cmp as usize) % 2 == 1,
        a: INT_SPECIALS[ia],
        b: INT_SPECIALS[ib],
        c: INT_SPECIALS[(5 * ia + 3 * ib + cmp as usize) % s],
    }
}

/// The directed set in canonical order.
pub fn int_alu_directed() -> impl Iterator<Item = IntAluVector> {
    (0..DIRECTED_LEN).map(int_alu_directed_at)
}

/// Stride of the scrambled directed order: odd and not a multiple of 13, so coprime to
/// `DIRECTED_LEN` = 2^11 * 13^2 and `k -> k * STRIDE mod DIRECTED_LEN` is a permutation.
const DIRECTED_STRIDE: usize = 100_003;

/// `n` vectors as the runner drives them: the directed set in a scrambled order (so any
/// prefix, such as the part replayed in Icarus, spreads over every op, operand pair and
/// cmp) interleaved 1:1 with random vectors until it is used up, then random vectors.
pub fn int_alu_vectors(n: u64, seed: u64) -> impl Iterator<Item = IntAluVector> {
    let mut rng = Rng::new(seed);
    (0..n as usize).map(move |k| {
        if k % 2 == 0 && k / 2 < DIRECTED_LEN {
            int_alu_directed_at(k / 2 * DIRECTED_STRIDE % DIRECTED_LEN)
        } else {
            int_alu_random(&mut rng)
        }
    })
}

/// Integer ALU: `n` vectors (`int_alu_vectors`), each checked against the golden model.
pub fn int_alu(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "int_alu";
    let mut bench = Bench::combinational(name, &verilog(name)?, IntAlu::default())?;
    for (i, v) in int_alu_vectors(n, seed).enumerate() {
        let u = bench.step(|u| {
            u.op.next = (v.op as u64).into();
            u.is_signed.next = v.is_signed;
            u.cmp.next = (v.cmp as u64).into();
            u.p_in.next = v.p_in;
            u.a.next = (v.a as u64).into();
            u.b.next = (v.b as u64).into();
            u.c.next = (v.c as u64).into();
        })?;
        let got = (u.y.val().to_u32(), u.p.val());
        let want = v.golden();
        if got != want {
            return Err(golden_mismatch(
                name,
                i as u64,
                format!("{v}: hw (y=0x{:08x}, p={}), golden (y=0x{:08x}, p={})", got.0, got.1, want.0, want.1),
            ));
        }
    }
    finish(bench, n, replays)
}

/// `n` multiplier operand triples (a, b, is_signed): every pair of `INT_SPECIALS` both
/// signed and unsigned first, then weighted random operands.
pub fn mul32_vectors(n: u64, seed: u64) -> impl Iterator<Item = (u32, u32, bool)> {
    let s = INT_SPECIALS.len();
    let mut rng = Rng::new(seed);
    (0..n as usize).map(move |i| {
        if i < s * s * 2 {
            (INT_SPECIALS[i / 2 / s], INT_SPECIALS[i / 2 % s], i % 2 == 1)
        } else {
            (int_operand(&mut rng), int_operand(&mut rng), rng.bool())
        }
    })
}

/// 32x32 multiplier: `n` vectors (specials first), each checked against the golden model.
pub fn mul32(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "mul32";
    let mut bench = Bench::combinational(name, &verilog(name)?, Mul32::default())?;
    for (i, (a, b, s)) in mul32_vectors(n, seed).enumerate() {
        let u = bench.step(|u| {
            u.a.next = (a as u64).into();
            u.b.next = (b as u64).into();
            u.is_signed.next = s;
        })?;
        let got = (u.lo.val().to_u32(), u.hi.val().to_u32());
        let want = golden::mul32(a, b, s);
        if got != want {
            return Err(golden_mismatch(
                name,
                i as u64,
                format!(
                    "a=0x{a:08x} b=0x{b:08x} is_signed={}: hw (lo=0x{:08x}, hi=0x{:08x}), golden (lo=0x{:08x}, hi=0x{:08x})",
                    s as u8, got.0, got.1, want.0, want.1
                ),
            ));
        }
    }
    finish(bench, n, replays)
}

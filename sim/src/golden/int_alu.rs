//! Golden model of the SP integer ALU and its 32x32 multiplier (docs/sp-numerics.md,
//! "Integer ALU"), written from first principles with plain i64/u64 arithmetic: every
//! operand is read as the integer it denotes (signed or unsigned), the exact result is
//! computed, and only then reduced modulo 2^32 or clamped. Nothing here looks at hw/.

pub use heddle_hw::isa::{alu as op, cmp};


const TWO32: i64 = 1 << 32;

/// The integer a 32-bit word denotes: two's complement when `is_signed`, else unsigned.
fn value(x: u32, is_signed: bool) -> i64 {
    if is_signed && x >= 0x8000_0000 {
        x as i64 - TWO32
    } else {
        x as i64
    }
}

/// An exact integer reduced modulo 2^32 (its low 32 bits).
fn wrap(v: i64) -> u32 {
    v.rem_euclid(TWO32) as u32
}

/// The integer the low 24 bits of `x` denote (sign taken from bit 23 when `is_signed`).
fn value24(x: u32, is_signed: bool) -> i64 {
    let v = (x & 0x00ff_ffff) as i64;
    if is_signed && v >= 1 << 23 {
        v - (1 << 24)
    } else {
        v
    }
}

/// 32x32 multiply: (bits 31..0, bits 63..32) of the exact product of the operands read as
/// signed or unsigned integers (|product| < 2^64, so the signed case fits an i64 and the
/// unsigned one a u64).
pub fn mul32(a: u32, b: u32, is_signed: bool) -> (u32, u32) {
    let p: u64 = if is_signed {
        (value(a, true) * value(b, true)) as u64 // two's complement bits of the product
    } else {
        a as u64 * b as u64
    };
    (p as u32, (p >> 32) as u32)
}

/// mul24: (bits 31..0, bits 47..16) of the exact 48-bit product of the low 24 bits.
fn mul24(a: u32, b: u32, is_signed: bool) -> (u32, u32) {
    let p = value24(a, is_signed) * value24(b, is_signed); // |p| <= 2^46
    (wrap(p), wrap(p >> 16)) // >> is floor division: bit 16 up of the two's complement
}

/// The setp comparison `cmp` of a and b read as signed or unsigned integers.
fn compare(cmp: u32, a: i64, b: i64) -> bool {
    match cmp {
        cmp::EQ => a == b,
        cmp::NE => a != b,
        cmp::LT => a < b,
        cmp::LE => a <= b,
        cmp::GT => a > b,
        cmp::GE => a >= b,
        _ => false,
    }
}

/// One integer-ALU operation: returns (y, p). `cmp` is only read by setp, `p_in` only by
/// selp, `c` only by the mad ops; `is_signed` as documented on each op.
pub fn int_alu(op: u32, is_signed: bool, cmp: u32, p_in: bool, a: u32, b: u32, c: u32) -> (u32, bool) {
    let (sa, sb) = (value(a, true), value(b, true)); // as s32
    let (va, vb) = (value(a, is_signed), value(b, is_signed)); // as .s32 or .u32
    let y = match op {
        // add, sub: modulo 2^32 (signedness does not matter).
        op::ADD => wrap(a as i64 + b as i64),
        op::SUB => wrap(a as i64 - b as i64),
        // add.sat, sub.sat: always .s32; the exact sum clamped to [-2^31, 2^31 - 1].
        op::ADD_SAT => wrap((sa + sb).clamp(-(1 << 31), (1 << 31) - 1)),
        op::SUB_SAT => wrap((sa - sb).clamp(-(1 << 31), (1 << 31) - 1)),
        // mul.lo, mul.hi: low / high half of the 64-bit product.
        op::MUL_LO => mul32(a, b, is_signed).0,
        op::MUL_HI => mul32(a, b, is_signed).1,
        // mul24.lo, mul24.hi: bits 31..0 / 47..16 of the product of the low 24 bits.
        op::MUL24_LO => mul24(a, b, is_signed).0,
        op::MUL24_HI => mul24(a, b, is_signed).1,
        // mad*: the matching mul* result plus c, modulo 2^32.
        op::MAD_LO => wrap(mul32(a, b, is_signed).0 as i64 + c as i64),
        op::MAD_HI => wrap(mul32(a, b, is_signed).1 as i64 + c as i64),
        op::MAD24_LO => wrap(mul24(a, b, is_signed).0 as i64 + c as i64),
        op::MAD24_HI => wrap(mul24(a, b, is_signed).1 as i64 + c as i64),
        // min, max of the .s32 / .u32 values.
        op::MIN => wrap(va.min(vb)),
        op::MAX => wrap(va.max(vb)),
        // abs.s32, neg.s32: modulo 2^32, so abs(-2^31) = -2^31 and neg(-2^31) = -2^31.
        op::ABS => wrap(sa.abs()),
        op::NEG => wrap(-sa),
        // and, or, xor, not: bitwise.
        op::AND => a & b,
        op::OR => a | b,
        op::XOR => a ^ b,
        op::NOT => !a,
        // cnot: 1 if a is 0, else 0.
        op::CNOT => (a == 0) as u32,
        // shl: a * 2^b modulo 2^32 (0 once b >= 32; b is the full unsigned amount).
        op::SHL => {
            if b >= 32 {
                0
            } else {
                wrap(((a as i64) << b) & (TWO32 - 1))
            }
        }
        // shr: floor(value(a) / 2^min(b, 32)): logical for .u32, arithmetic for .s32
        // (b >= 32 leaves 0 or all sign bits).
        op::SHR => wrap(va.div_euclid(1i64 << b.min(32))),
        // setp: y mirrors p as an all-ones / zero word.
        op::SETP => {
            if compare(cmp, va, vb) {
                0xffff_ffff
            } else {
                0
            }
        }
        // selp: p_in ? a : b.
        op::SELP => {
            if p_in {
                a
            } else {
                b
            }
        }
        _ => 0,
    };
    let p = op == op::SETP && compare(cmp, va, vb);
    (y, p)
}

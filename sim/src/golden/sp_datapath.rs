//! Golden model of the SP datapath (hw/src/sp/mod.rs): the operation decode, source
//! modifiers, `.sat` and result selection, composed from the unit golden models.
use super::{fp32_cvt, g80_fp32 as g, int_alu};

pub use heddle_hw::isa::sp_op as op;

/// One operation presented to the datapath.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SpOp {
    pub op: u32,
    pub rnd: u32,
    pub cmp: u32,
    pub cvt_kind: u32,
    pub is_signed: bool,
    pub sat: bool,
    pub mod_a: u32,
    pub mod_b: u32,
    pub mod_c: u32,
    pub a: u32,
    pub b: u32,
    pub c: u32,
    pub p_in: bool,
    pub tag: u32,
}

/// abs (bit 0) then neg (bit 1).
pub fn modify(x: u32, m: u32) -> u32 {
    let x = if m & 1 == 1 { x & heddle_hw::fp32::bits::ABS_MASK } else { x };
    if m & 2 == 2 {
        x ^ 0x8000_0000
    } else {
        x
    }
}

/// The result `(y, p)` of one operation.
pub fn exec(o: &SpOp) -> (u32, bool) {
    if o.op < 32 {
        return int_alu::int_alu(o.op, o.is_signed, o.cmp & 7, o.p_in, o.a, o.b, o.c);
    }
    let (a, b, c) = (modify(o.a, o.mod_a), modify(o.b, o.mod_b), modify(o.c, o.mod_c));
    let rnd = if o.rnd == 1 { g::Rnd::Rz } else { g::Rnd::Rn };
    let satf = |r: u32| if o.sat { g::sat(r) } else { r };
    let p = g::setp(o.cmp, a, b);
    match o.op {
        op::FADD => (satf(g::add(a, b, rnd)), false),
        op::FSUB => (satf(g::sub(a, b, rnd)), false),
        op::FMUL => (satf(g::mul(a, b, rnd)), false),
        op::FMAD => (satf(g::mad(a, b, c)), false),
        op::FMIN => (g::minmax(a, b, false), false),
        op::FMAX => (g::minmax(a, b, true), false),
        op::FSETP | op::FSET_U32 => (if p { 0xFFFF_FFFF } else { 0 }, p),
        op::FSET_F32 => (if p { g::ONE } else { 0 }, p),
        op::CVT => (fp32_cvt::cvt(o.cvt_kind, o.rnd, o.a), false),
        op::MOV => (o.a, false),
        _ => (0, false),
    }
}

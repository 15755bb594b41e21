//! Integer ALU of the SP (combinational): the 32-bit integer operations of
//! docs/sp-numerics.md "Integer ALU", with one 32x32 multiplier ([`Mul32`]) shared by
//! mul, mul24, mad and mad24.
//!
//! Ports:
//! - `a`, `b`, `c`  in  32  operands (`c`: addend of mad/mad24)
//! - `op`           in   5  operation, [`crate::isa::alu`]
//! - `is_signed`    in   1  .s32 (1) or .u32 (0) for mul/mad hi, mul24/mad24, min/max,
//!                          shr (arithmetic/logical) and setp
//! - `cmp`          in   3  setp comparison, [`crate::isa::cmp`] (6, 7: false)
//! - `p_in`         in   1  selp's predicate
//! - `y`            out 32  result
//! - `p`            out  1  setp's predicate (0 for every other op)
//!
//! op: the codes of [`crate::isa::alu`]; SETP gives y = p ? 0xFFFFFFFF : 0; codes from
//! [`crate::isa::alu::COUNT`] to 31: y = 0, p = 0.
//! add.sat/sub.sat, abs and neg are always .s32 (`is_signed` is ignored); shl/shr take the
//! full 32-bit `b` as the shift amount (b >= 32: 0, or all sign bits for shr.s32).
//! Semantics: docs/sp-numerics.md "Integer ALU".
use crate::prim::mul32::Mul32;
use rust_hdl::prelude::*;

/// The op and comparison codes as `usize` match patterns. Each has a `Constant` field of
/// the same name, which the exporter writes as the `localparam` the case labels name
/// (docs/rust-hdl.md, "Match arms").
mod code {
    use crate::isa::{alu, cmp};
    pub const ADD: usize = alu::ADD as usize;
    pub const SUB: usize = alu::SUB as usize;
    pub const ADD_SAT: usize = alu::ADD_SAT as usize;
    pub const SUB_SAT: usize = alu::SUB_SAT as usize;
    pub const MUL_LO: usize = alu::MUL_LO as usize;
    pub const MUL_HI: usize = alu::MUL_HI as usize;
    pub const MUL24_LO: usize = alu::MUL24_LO as usize;
    pub const MUL24_HI: usize = alu::MUL24_HI as usize;
    pub const MAD_LO: usize = alu::MAD_LO as usize;
    pub const MAD_HI: usize = alu::MAD_HI as usize;
    pub const MAD24_LO: usize = alu::MAD24_LO as usize;
    pub const MAD24_HI: usize = alu::MAD24_HI as usize;
    pub const MIN: usize = alu::MIN as usize;
    pub const MAX: usize = alu::MAX as usize;
    pub const ABS: usize = alu::ABS as usize;
    pub const NEG: usize = alu::NEG as usize;
    pub const AND: usize = alu::AND as usize;
    pub const OR: usize = alu::OR as usize;
    pub const XOR: usize = alu::XOR as usize;
    pub const NOT: usize = alu::NOT as usize;
    pub const CNOT: usize = alu::CNOT as usize;
    pub const SHL: usize = alu::SHL as usize;
    pub const SHR: usize = alu::SHR as usize;
    pub const SETP: usize = alu::SETP as usize;
    pub const SELP: usize = alu::SELP as usize;
    pub const EQ: usize = cmp::EQ as usize;
    pub const NE: usize = cmp::NE as usize;
    pub const LT: usize = cmp::LT as usize;
    pub const LE: usize = cmp::LE as usize;
    pub const GT: usize = cmp::GT as usize;
    pub const GE: usize = cmp::GE as usize;
}
use code::*;

#[derive(LogicBlock)]
#[allow(non_snake_case)] // the op-code constants carry the isa names
pub struct IntAlu {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub c: Signal<In, Bits<32>>,
    pub op: Signal<In, Bits<5>>,
    pub is_signed: Signal<In, Bit>,
    pub cmp: Signal<In, Bits<3>>,
    pub p_in: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    pub p: Signal<Out, Bit>,
    mul: Mul32,
    // Constants (Rust consts cannot be used as values in exported code).
    // `mul.a` is assigned once, from this local (see lint::multiple_port_assignments).
    mul_a_v: Signal<Local, Bits<32>>,
    // `mul.b` is assigned once, from this local (see lint::multiple_port_assignments).
    mul_b_v: Signal<Local, Bits<32>>,
    // `p` is assigned once, from this local (see lint::multiple_port_assignments).
    p_v: Signal<Local, Bit>,
    // `y` is assigned once, from this local (see lint::multiple_port_assignments).
    y_v: Signal<Local, Bits<32>>,
    // Op and comparison codes (see `code`).
    ADD: Constant<Bits<5>>,
    SUB: Constant<Bits<5>>,
    ADD_SAT: Constant<Bits<5>>,
    SUB_SAT: Constant<Bits<5>>,
    MUL_LO: Constant<Bits<5>>,
    MUL_HI: Constant<Bits<5>>,
    MUL24_LO: Constant<Bits<5>>,
    MUL24_HI: Constant<Bits<5>>,
    MAD_LO: Constant<Bits<5>>,
    MAD_HI: Constant<Bits<5>>,
    MAD24_LO: Constant<Bits<5>>,
    MAD24_HI: Constant<Bits<5>>,
    MIN: Constant<Bits<5>>,
    MAX: Constant<Bits<5>>,
    ABS: Constant<Bits<5>>,
    NEG: Constant<Bits<5>>,
    AND: Constant<Bits<5>>,
    OR: Constant<Bits<5>>,
    XOR: Constant<Bits<5>>,
    NOT: Constant<Bits<5>>,
    CNOT: Constant<Bits<5>>,
    SHL: Constant<Bits<5>>,
    SHR: Constant<Bits<5>>,
    SETP: Constant<Bits<5>>,
    SELP: Constant<Bits<5>>,
    EQ: Constant<Bits<3>>,
    NE: Constant<Bits<3>>,
    LT: Constant<Bits<3>>,
    LE: Constant<Bits<3>>,
    GT: Constant<Bits<3>>,
    GE: Constant<Bits<3>>,
    k_sign: Constant<Bits<32>>, // the s32 minimum, and the sign-flip mask
    k_smax: Constant<Bits<32>>, // the s32 maximum
    k_ones: Constant<Bits<32>>,
    k_zero: Constant<Bits<32>>,
    k_hi8: Constant<Bits<32>>, // 0xff000000: sign extension of a 24-bit operand
    // Operand sign bits.
    a_msb: Signal<Local, Bit>,
    b_msb: Signal<Local, Bit>,
    // Op decode for the multiplier: 24-bit operands, which product bits are selected.
    is24: Signal<Local, Bit>,
    sel_hi: Signal<Local, Bit>,
    sel_mid: Signal<Local, Bit>,
    // mul24/mad24 operands: the low 24 bits, zero- or sign-extended to 32.
    a_lo24: Signal<Local, Bits<24>>,
    b_lo24: Signal<Local, Bits<24>>,
    a24_z: Signal<Local, Bits<32>>,
    b24_z: Signal<Local, Bits<32>>,
    a24_x: Signal<Local, Bits<32>>,
    b24_x: Signal<Local, Bits<32>>,
    // Product bits 47..16 (mul24.hi) = {hi[15:0], lo[31:16]}.
    p_hi16: Signal<Local, Bits<16>>,
    p_mid16: Signal<Local, Bits<16>>,
    mid_top: Signal<Local, Bits<32>>,
    mid_top_sh: Signal<Local, Bits<32>>,
    mid_bot: Signal<Local, Bits<32>>,
    mid: Signal<Local, Bits<32>>,
    prod: Signal<Local, Bits<32>>,
    mad: Signal<Local, Bits<32>>,
    // add/sub and their s32 saturation.
    sum: Signal<Local, Bits<32>>,
    diff: Signal<Local, Bits<32>>,
    neg: Signal<Local, Bits<32>>,
    add_ovf: Signal<Local, Bit>,
    sub_ovf: Signal<Local, Bit>,
    sat_val: Signal<Local, Bits<32>>,
    // Comparison: flipping the sign bits turns a signed compare into an unsigned one.
    key_mask: Signal<Local, Bits<32>>,
    a_key: Signal<Local, Bits<32>>,
    b_key: Signal<Local, Bits<32>>,
    lt: Signal<Local, Bit>,
    eq: Signal<Local, Bit>,
    cmp_res: Signal<Local, Bit>,
    // Shifts by b[4:0]; `big`: b >= 32.
    sh: Signal<Local, Bits<5>>,
    big: Signal<Local, Bit>,
    shl_raw: Signal<Local, Bits<32>>,
    shr_raw: Signal<Local, Bits<32>>,
    fill_keep: Signal<Local, Bits<32>>,
    fill: Signal<Local, Bits<32>>,
    sra_neg: Signal<Local, Bit>,
    shl_v: Signal<Local, Bits<32>>,
    shr_v: Signal<Local, Bits<32>>,
}

impl Default for IntAlu {
    fn default() -> Self {
        Self {
            y_v: Default::default(),
            p_v: Default::default(),
            mul_b_v: Default::default(),
            mul_a_v: Default::default(),
            a: Default::default(),
            b: Default::default(),
            c: Default::default(),
            op: Default::default(),
            is_signed: Default::default(),
            cmp: Default::default(),
            p_in: Default::default(),
            y: Default::default(),
            p: Default::default(),
            mul: Default::default(),
            ADD: Constant::new((ADD as u64).into()),
            SUB: Constant::new((SUB as u64).into()),
            ADD_SAT: Constant::new((ADD_SAT as u64).into()),
            SUB_SAT: Constant::new((SUB_SAT as u64).into()),
            MUL_LO: Constant::new((MUL_LO as u64).into()),
            MUL_HI: Constant::new((MUL_HI as u64).into()),
            MUL24_LO: Constant::new((MUL24_LO as u64).into()),
            MUL24_HI: Constant::new((MUL24_HI as u64).into()),
            MAD_LO: Constant::new((MAD_LO as u64).into()),
            MAD_HI: Constant::new((MAD_HI as u64).into()),
            MAD24_LO: Constant::new((MAD24_LO as u64).into()),
            MAD24_HI: Constant::new((MAD24_HI as u64).into()),
            MIN: Constant::new((MIN as u64).into()),
            MAX: Constant::new((MAX as u64).into()),
            ABS: Constant::new((ABS as u64).into()),
            NEG: Constant::new((NEG as u64).into()),
            AND: Constant::new((AND as u64).into()),
            OR: Constant::new((OR as u64).into()),
            XOR: Constant::new((XOR as u64).into()),
            NOT: Constant::new((NOT as u64).into()),
            CNOT: Constant::new((CNOT as u64).into()),
            SHL: Constant::new((SHL as u64).into()),
            SHR: Constant::new((SHR as u64).into()),
            SETP: Constant::new((SETP as u64).into()),
            SELP: Constant::new((SELP as u64).into()),
            EQ: Constant::new((EQ as u64).into()),
            NE: Constant::new((NE as u64).into()),
            LT: Constant::new((LT as u64).into()),
            LE: Constant::new((LE as u64).into()),
            GT: Constant::new((GT as u64).into()),
            GE: Constant::new((GE as u64).into()),
            k_sign: Constant::new((i32::MIN as u32 as u64).into()),
            k_smax: Constant::new((i32::MAX as u64).into()),
            k_ones: Constant::new((u32::MAX as u64).into()),
            k_zero: Constant::new(0u64.into()),
            k_hi8: Constant::new(0xff00_0000u64.into()),
            a_msb: Default::default(),
            b_msb: Default::default(),
            is24: Default::default(),
            sel_hi: Default::default(),
            sel_mid: Default::default(),
            a_lo24: Default::default(),
            b_lo24: Default::default(),
            a24_z: Default::default(),
            b24_z: Default::default(),
            a24_x: Default::default(),
            b24_x: Default::default(),
            p_hi16: Default::default(),
            p_mid16: Default::default(),
            mid_top: Default::default(),
            mid_top_sh: Default::default(),
            mid_bot: Default::default(),
            mid: Default::default(),
            prod: Default::default(),
            mad: Default::default(),
            sum: Default::default(),
            diff: Default::default(),
            neg: Default::default(),
            add_ovf: Default::default(),
            sub_ovf: Default::default(),
            sat_val: Default::default(),
            key_mask: Default::default(),
            a_key: Default::default(),
            b_key: Default::default(),
            lt: Default::default(),
            eq: Default::default(),
            cmp_res: Default::default(),
            sh: Default::default(),
            big: Default::default(),
            shl_raw: Default::default(),
            shr_raw: Default::default(),
            fill_keep: Default::default(),
            fill: Default::default(),
            sra_neg: Default::default(),
            shl_v: Default::default(),
            shr_v: Default::default(),
        }
    }
}

impl Logic for IntAlu {
    #[hdl_gen]
    fn update(&mut self) {
        self.a_msb.next = self.a.val().get_bit(31);
        self.b_msb.next = self.b.val().get_bit(31);

        // ---- multiplier: mul.lo/hi, mad.lo/hi use a, b; mul24/mad24 the 24-bit views.
        self.is24.next = false;
        self.sel_hi.next = false;
        self.sel_mid.next = false;
        match self.op.val().index() {
            MUL_HI => {
                self.sel_hi.next = true;
            }
            MUL24_LO => {
                self.is24.next = true;
            }
            MUL24_HI => {
                self.is24.next = true;
                self.sel_mid.next = true;
            }
            MAD_HI => {
                self.sel_hi.next = true;
            }
            MAD24_LO => {
                self.is24.next = true;
            }
            MAD24_HI => {
                self.is24.next = true;
                self.sel_mid.next = true;
            }
            _ => {}
        }
        self.a_lo24.next = self.a.val().get_bits::<24>(0);
        self.b_lo24.next = self.b.val().get_bits::<24>(0);
        self.a24_z.next = bit_cast::<32, 24>(self.a_lo24.val());
        self.b24_z.next = bit_cast::<32, 24>(self.b_lo24.val());
        self.a24_x.next = self.a24_z.val();
        if self.is_signed.val() & self.a.val().get_bit(23) {
            self.a24_x.next = self.a24_z.val() | self.k_hi8.val();
        }
        self.b24_x.next = self.b24_z.val();
        if self.is_signed.val() & self.b.val().get_bit(23) {
            self.b24_x.next = self.b24_z.val() | self.k_hi8.val();
        }
        self.mul.is_signed.next = self.is_signed.val();
        self.mul_a_v.next = self.a.val();
        self.mul_b_v.next = self.b.val();
        if self.is24.val() {
            self.mul_a_v.next = self.a24_x.val();
            self.mul_b_v.next = self.b24_x.val();
        }
        // Bits 47..16 of the (sign- or zero-extended) 48-bit mul24 product.
        self.p_hi16.next = self.mul.hi.val().get_bits::<16>(0);
        self.p_mid16.next = self.mul.lo.val().get_bits::<16>(16);
        self.mid_top.next = bit_cast::<32, 16>(self.p_hi16.val());
        self.mid_top_sh.next = self.mid_top.val() << 16;
        self.mid_bot.next = bit_cast::<32, 16>(self.p_mid16.val());
        self.mid.next = self.mid_top_sh.val() | self.mid_bot.val();
        self.prod.next = self.mul.lo.val();
        if self.sel_hi.val() {
            self.prod.next = self.mul.hi.val();
        }
        if self.sel_mid.val() {
            self.prod.next = self.mid.val();
        }
        self.mad.next = self.prod.val() + self.c.val();

        // ---- add/sub; s32 overflow: operands' signs agree (add) or differ (sub) and the
        // result's sign is not a's. The clamp is then toward a's sign.
        self.sum.next = self.a.val() + self.b.val();
        self.diff.next = self.a.val() - self.b.val();
        self.neg.next = self.k_zero.val() - self.a.val();
        self.add_ovf.next = (!(self.a_msb.val() ^ self.b_msb.val())) & (self.sum.val().get_bit(31) ^ self.a_msb.val());
        self.sub_ovf.next = (self.a_msb.val() ^ self.b_msb.val()) & (self.diff.val().get_bit(31) ^ self.a_msb.val());
        self.sat_val.next = self.k_smax.val();
        if self.a_msb.val() {
            self.sat_val.next = self.k_sign.val();
        }

        // ---- comparisons (setp, min, max)
        self.key_mask.next = self.k_zero.val();
        if self.is_signed.val() {
            self.key_mask.next = self.k_sign.val();
        }
        self.a_key.next = self.a.val() ^ self.key_mask.val();
        self.b_key.next = self.b.val() ^ self.key_mask.val();
        self.lt.next = self.a_key.val() < self.b_key.val();
        self.eq.next = self.a.val() == self.b.val();
        self.cmp_res.next = false;
        match self.cmp.val().index() {
            EQ => {
                self.cmp_res.next = self.eq.val();
            }
            NE => {
                self.cmp_res.next = !self.eq.val();
            }
            LT => {
                self.cmp_res.next = self.lt.val();
            }
            LE => {
                self.cmp_res.next = self.lt.val() | self.eq.val();
            }
            GT => {
                self.cmp_res.next = !(self.lt.val() | self.eq.val());
            }
            GE => {
                self.cmp_res.next = !self.lt.val();
            }
            _ => {}
        }

        // ---- shifts: by b[4:0], with b >= 32 handled apart (it shifts everything out).
        // shr.s32 = logical shift with the vacated top bits filled with ones when a < 0.
        self.sh.next = self.b.val().get_bits::<5>(0);
        self.big.next = self.b.val().get_bits::<27>(5).any();
        self.shl_raw.next = self.a.val() << self.sh.val();
        self.shr_raw.next = self.a.val() >> self.sh.val();
        self.fill_keep.next = self.k_ones.val() >> self.sh.val();
        self.fill.next = !self.fill_keep.val();
        self.sra_neg.next = self.is_signed.val() & self.a_msb.val();
        self.shl_v.next = self.shl_raw.val();
        self.shr_v.next = self.shr_raw.val();
        if self.sra_neg.val() {
            self.shr_v.next = self.shr_raw.val() | self.fill.val();
        }
        if self.big.val() {
            self.shl_v.next = self.k_zero.val();
            self.shr_v.next = self.k_zero.val();
            if self.sra_neg.val() {
                self.shr_v.next = self.k_ones.val();
            }
        }

        // ---- result select
        self.y_v.next = self.k_zero.val();
        self.p_v.next = false;
        match self.op.val().index() {
            ADD => {
                self.y_v.next = self.sum.val();
            }
            SUB => {
                self.y_v.next = self.diff.val();
            }
            ADD_SAT => {
                self.y_v.next = self.sum.val();
                if self.add_ovf.val() {
                    self.y_v.next = self.sat_val.val();
                }
            }
            SUB_SAT => {
                self.y_v.next = self.diff.val();
                if self.sub_ovf.val() {
                    self.y_v.next = self.sat_val.val();
                }
            }
            MUL_LO => {
                self.y_v.next = self.prod.val();
            }
            MUL_HI => {
                self.y_v.next = self.prod.val();
            }
            MUL24_LO => {
                self.y_v.next = self.prod.val();
            }
            MUL24_HI => {
                self.y_v.next = self.prod.val();
            }
            MAD_LO => {
                self.y_v.next = self.mad.val();
            }
            MAD_HI => {
                self.y_v.next = self.mad.val();
            }
            MAD24_LO => {
                self.y_v.next = self.mad.val();
            }
            MAD24_HI => {
                self.y_v.next = self.mad.val();
            }
            MIN => {
                self.y_v.next = self.b.val();
                if self.lt.val() {
                    self.y_v.next = self.a.val();
                }
            }
            MAX => {
                self.y_v.next = self.a.val();
                if self.lt.val() {
                    self.y_v.next = self.b.val();
                }
            }
            ABS => {
                self.y_v.next = self.a.val();
                if self.a_msb.val() {
                    self.y_v.next = self.neg.val();
                }
            }
            NEG => {
                self.y_v.next = self.neg.val();
            }
            AND => {
                self.y_v.next = self.a.val() & self.b.val();
            }
            OR => {
                self.y_v.next = self.a.val() | self.b.val();
            }
            XOR => {
                self.y_v.next = self.a.val() ^ self.b.val();
            }
            NOT => {
                self.y_v.next = !self.a.val();
            }
            CNOT => {
                if !self.a.val().any() {
                    self.y_v.next = 1.into();
                }
            }
            SHL => {
                self.y_v.next = self.shl_v.val();
            }
            SHR => {
                self.y_v.next = self.shr_v.val();
            }
            SETP => {
                self.p_v.next = self.cmp_res.val();
                if self.cmp_res.val() {
                    self.y_v.next = self.k_ones.val();
                }
            }
            SELP => {
                self.y_v.next = self.b.val();
                if self.p_in.val() {
                    self.y_v.next = self.a.val();
                }
            }
            _ => {}
        }
        self.mul.a.next = self.mul_a_v.val();
        self.mul.b.next = self.mul_b_v.val();
        self.p.next = self.p_v.val();
        self.y.next = self.y_v.val();
    }
}

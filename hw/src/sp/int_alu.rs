//! Integer ALU of the SP (combinational): the 32-bit integer operations of
//! docs/sp-numerics.md "Integer ALU", with one 32x32 multiplier ([`Mul32`]) shared by
//! mul, mul24, mad and mad24.
//!
//! Ports:
//! - `a`, `b`, `c`  in  32  operands (`c`: addend of mad/mad24)
//! - `op`           in   5  operation, see the table below
//! - `is_signed`    in   1  .s32 (1) or .u32 (0) for mul/mad hi, mul24/mad24, min/max,
//!                          shr (arithmetic/logical) and setp
//! - `cmp`          in   3  setp comparison: eq=0 ne=1 lt=2 le=3 gt=4 ge=5 (6, 7: false)
//! - `p_in`         in   1  selp's predicate
//! - `y`            out 32  result
//! - `p`            out  1  setp's predicate (0 for every other op)
//!
//! op: ADD=0 SUB=1 ADD_SAT=2 SUB_SAT=3 MUL_LO=4 MUL_HI=5 MUL24_LO=6 MUL24_HI=7 MAD_LO=8
//! MAD_HI=9 MAD24_LO=10 MAD24_HI=11 MIN=12 MAX=13 ABS=14 NEG=15 AND=16 OR=17 XOR=18 NOT=19
//! CNOT=20 SHL=21 SHR=22 SETP=23 (y = p ? 0xFFFFFFFF : 0) SELP=24; 25..31: y = 0, p = 0.
//! add.sat/sub.sat, abs and neg are always .s32 (`is_signed` is ignored); shl/shr take the
//! full 32-bit `b` as the shift amount (b >= 32: 0, or all sign bits for shr.s32).
//! Semantics: docs/sp-numerics.md "Integer ALU".
use crate::prim::mul32::Mul32;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
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
    k_sign: Constant<Bits<32>>, // 0x80000000: the s32 minimum, and the sign-flip mask
    k_smax: Constant<Bits<32>>, // 0x7fffffff: the s32 maximum
    k_ones: Constant<Bits<32>>, // 0xffffffff
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
            k_sign: Constant::new(0x8000_0000u64.into()),
            k_smax: Constant::new((i32::MAX as u64).into()),
            k_ones: Constant::new(0xffff_ffffu64.into()),
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
            5 => {
                self.sel_hi.next = true;
            }
            6 => {
                self.is24.next = true;
            }
            7 => {
                self.is24.next = true;
                self.sel_mid.next = true;
            }
            9 => {
                self.sel_hi.next = true;
            }
            10 => {
                self.is24.next = true;
            }
            11 => {
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
            0 => {
                self.cmp_res.next = self.eq.val();
            }
            1 => {
                self.cmp_res.next = !self.eq.val();
            }
            2 => {
                self.cmp_res.next = self.lt.val();
            }
            3 => {
                self.cmp_res.next = self.lt.val() | self.eq.val();
            }
            4 => {
                self.cmp_res.next = !(self.lt.val() | self.eq.val());
            }
            5 => {
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
            0 => {
                self.y_v.next = self.sum.val();
            }
            1 => {
                self.y_v.next = self.diff.val();
            }
            2 => {
                self.y_v.next = self.sum.val();
                if self.add_ovf.val() {
                    self.y_v.next = self.sat_val.val();
                }
            }
            3 => {
                self.y_v.next = self.diff.val();
                if self.sub_ovf.val() {
                    self.y_v.next = self.sat_val.val();
                }
            }
            4 => {
                self.y_v.next = self.prod.val();
            }
            5 => {
                self.y_v.next = self.prod.val();
            }
            6 => {
                self.y_v.next = self.prod.val();
            }
            7 => {
                self.y_v.next = self.prod.val();
            }
            8 => {
                self.y_v.next = self.mad.val();
            }
            9 => {
                self.y_v.next = self.mad.val();
            }
            10 => {
                self.y_v.next = self.mad.val();
            }
            11 => {
                self.y_v.next = self.mad.val();
            }
            12 => {
                self.y_v.next = self.b.val();
                if self.lt.val() {
                    self.y_v.next = self.a.val();
                }
            }
            13 => {
                self.y_v.next = self.a.val();
                if self.lt.val() {
                    self.y_v.next = self.b.val();
                }
            }
            14 => {
                self.y_v.next = self.a.val();
                if self.a_msb.val() {
                    self.y_v.next = self.neg.val();
                }
            }
            15 => {
                self.y_v.next = self.neg.val();
            }
            16 => {
                self.y_v.next = self.a.val() & self.b.val();
            }
            17 => {
                self.y_v.next = self.a.val() | self.b.val();
            }
            18 => {
                self.y_v.next = self.a.val() ^ self.b.val();
            }
            19 => {
                self.y_v.next = !self.a.val();
            }
            20 => {
                if !self.a.val().any() {
                    self.y_v.next = 1.into();
                }
            }
            21 => {
                self.y_v.next = self.shl_v.val();
            }
            22 => {
                self.y_v.next = self.shr_v.val();
            }
            23 => {
                self.p_v.next = self.cmp_res.val();
                if self.cmp_res.val() {
                    self.y_v.next = self.k_ones.val();
                }
            }
            24 => {
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

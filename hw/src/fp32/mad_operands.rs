//! The middle of G80 `mad.f32` (combinational): truncates the exact significand product of
//! [`Fp32Product`](crate::fp32::product::Fp32Product) toward zero to 24 significant bits
//! with an unbounded exponent, classifies c, and gives the adder core its two operands
//! (the product and c) and the special result (NaN, infinity) that overrides the sum.
//! [`Fp32Mad`](crate::fp32::mad::Fp32Mad) wires product, operands and adder core together;
//! the SP datapath registers after this block and between the adder's parts.
//!
//! Ports:
//! - `hi`                in  24  bits 47..24 of the significand product of a and b
//! - `lo23`              in   1  its bit 23 (the bits below are truncated)
//! - `p_sign`            in   1  the product's sign
//! - `esum`              in  10  the sum of a's and b's biased exponent fields
//! - `p_zero`, `p_inf`, `p_nan`  in  1  the product's classes (`Fp32Product`)
//! - `c`                 in  32  the addend (source modifiers already applied)
//! - `x_sign`, `y_sign`  out  1  the adder's operand signs (x the product, y is c)
//! - `x_exp`, `y_exp`    out 10  their exponents as E + 128; 0 for a zero
//! - `x_sig`, `y_sig`    out 24  their significands; 0 for a zero
//! - `special`           out  1  the result is `special_y`, not the sum (a NaN or
//!                               infinite operand or product)
//! - `special_y`         out 32  that result: canonical NaN or a signed infinity
use crate::fp32::bits;
use crate::fp32::classify::Fp32Classify;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32MadOperands {
    pub hi: Signal<In, Bits<24>>,
    pub lo23: Signal<In, Bit>,
    pub p_sign: Signal<In, Bit>,
    pub esum: Signal<In, Bits<10>>,
    pub p_zero: Signal<In, Bit>,
    pub p_inf: Signal<In, Bit>,
    pub p_nan: Signal<In, Bit>,
    pub c: Signal<In, Bits<32>>,
    pub x_sign: Signal<Out, Bit>,
    pub x_exp: Signal<Out, Bits<10>>,
    pub x_sig: Signal<Out, Bits<24>>,
    pub y_sign: Signal<Out, Bit>,
    pub y_exp: Signal<Out, Bits<10>>,
    pub y_sig: Signal<Out, Bits<24>>,
    pub special: Signal<Out, Bit>,
    pub special_y: Signal<Out, Bits<32>>,
    cc: Fp32Classify,
    top: Signal<Local, Bit>,
    hi_sh: Signal<Local, Bits<24>>,
    p_sig: Signal<Local, Bits<24>>,
    p_exp: Signal<Local, Bits<10>>,
    ec: Signal<Local, Bits<10>>,
    nan: Signal<Local, Bit>,
    // `x_exp` is assigned once, from this local (see lint::multiple_port_assignments).
    x_exp_v: Signal<Local, Bits<10>>,
    // `x_sig` is assigned once, from this local (see lint::multiple_port_assignments).
    x_sig_v: Signal<Local, Bits<24>>,
    // `y_exp` is assigned once, from this local (see lint::multiple_port_assignments).
    y_exp_v: Signal<Local, Bits<10>>,
    // `special_y` is assigned once, from this local (see lint::multiple_port_assignments).
    y_v: Signal<Local, Bits<32>>,
    one24: Constant<Bits<24>>,
    zero24: Constant<Bits<24>>,
    // Product exponent as E + 128 = Ea + Eb - 150 + k + 128, k = 24 or 23.
    off_hi: Constant<Bits<10>>,
    off_lo: Constant<Bits<10>>,
    bias: Constant<Bits<10>>,
    zero10: Constant<Bits<10>>,
    canon_nan: Constant<Bits<32>>,
    inf: Constant<Bits<32>>,
    sign_bit: Constant<Bits<32>>,
}

impl Default for Fp32MadOperands {
    fn default() -> Self {
        Self {
            hi: Default::default(),
            lo23: Default::default(),
            p_sign: Default::default(),
            esum: Default::default(),
            p_zero: Default::default(),
            p_inf: Default::default(),
            p_nan: Default::default(),
            c: Default::default(),
            x_sign: Default::default(),
            x_exp: Default::default(),
            x_sig: Default::default(),
            y_sign: Default::default(),
            y_exp: Default::default(),
            y_sig: Default::default(),
            special: Default::default(),
            special_y: Default::default(),
            cc: Default::default(),
            top: Default::default(),
            hi_sh: Default::default(),
            p_sig: Default::default(),
            p_exp: Default::default(),
            ec: Default::default(),
            nan: Default::default(),
            x_exp_v: Default::default(),
            x_sig_v: Default::default(),
            y_exp_v: Default::default(),
            y_v: Default::default(),
            one24: Constant::new(1u64.into()),
            zero24: Constant::new(0u64.into()),
            off_hi: Constant::new(2u64.into()),
            off_lo: Constant::new(1u64.into()),
            bias: Constant::new(128u64.into()),
            zero10: Constant::new(0u64.into()),
            canon_nan: Constant::new((bits::CANON_NAN as u64).into()),
            inf: Constant::new((bits::INF as u64).into()),
            sign_bit: Constant::new((bits::SIGN as u64).into()),
        }
    }
}

impl Logic for Fp32MadOperands {
    #[hdl_gen]
    fn update(&mut self) {
        self.cc.a.next = self.c.val();
        self.cc.daz.next = true;

        // Truncated product: the top 24 bits of the 48-bit significand product, nothing
        // below them (no guard, no sticky: truncation toward zero).
        self.top.next = self.hi.val().get_bit(23);
        self.hi_sh.next = self.hi.val() << 1;
        self.p_sig.next = self.hi_sh.val();
        if self.lo23.val() {
            self.p_sig.next = self.hi_sh.val() | self.one24.val();
        }
        self.p_exp.next = self.esum.val() + self.off_lo.val();
        if self.top.val() {
            self.p_sig.next = self.hi.val();
            self.p_exp.next = self.esum.val() + self.off_hi.val();
        }
        self.ec.next = bit_cast::<10, 8>(self.cc.exp_eff.val()) + self.bias.val();

        self.x_sign.next = self.p_sign.val();
        self.x_exp_v.next = self.p_exp.val();
        self.x_sig_v.next = self.p_sig.val();
        if self.p_zero.val() {
            self.x_exp_v.next = self.zero10.val();
            self.x_sig_v.next = self.zero24.val();
        }
        self.y_sign.next = self.cc.sign.val();
        self.y_exp_v.next = self.ec.val();
        if self.cc.is_zero.val() {
            self.y_exp_v.next = self.zero10.val();
        }
        self.y_sig.next = self.cc.sig.val();

        self.nan.next = self.p_nan.val()
            | self.cc.is_nan.val()
            | (self.p_inf.val() & self.cc.is_inf.val() & (self.p_sign.val() != self.cc.sign.val()));
        self.y_v.next = self.canon_nan.val();
        if self.cc.is_inf.val() {
            self.y_v.next = self.inf.val();
            if self.cc.sign.val() {
                self.y_v.next = self.inf.val() | self.sign_bit.val();
            }
        }
        if self.p_inf.val() {
            self.y_v.next = self.inf.val();
            if self.p_sign.val() {
                self.y_v.next = self.inf.val() | self.sign_bit.val();
            }
        }
        if self.nan.val() {
            self.y_v.next = self.canon_nan.val();
        }
        self.special.next = self.nan.val() | self.p_inf.val() | self.cc.is_inf.val();
        self.x_exp.next = self.x_exp_v.val();
        self.x_sig.next = self.x_sig_v.val();
        self.y_exp.next = self.y_exp_v.val();
        self.special_y.next = self.y_v.val();
    }
}

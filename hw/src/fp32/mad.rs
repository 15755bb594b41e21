//! G80 `mad.f32` (combinational), not fused: the exact product a*b is truncated toward zero
//! to 24 significant bits with an unbounded exponent (not rounded up, overflowed or
//! flushed), then added to c with one nearest-even rounding and the G80 range rules
//! (docs/sp-numerics.md). Flushed inputs, canonical NaN.
//!
//! The SP's one FP adder (issue 21: the G80's MAD unit does both): `add.f32` / `sub.f32`
//! run here as `a * 1.0 + (+-b)` with `rz` from their rounding mode. The product of a
//! normal `a` and 1.0 is `a` exactly, a zero or infinite `a` gives a zero or infinite
//! product of `a`'s sign, and the specials that follow are the adder's, so the result is
//! `fp32_add`'s bit for bit (tested on the adder's vectors by
//! `heddle_sim::runners::fp32_arith::fp32_mad`).
//!
//! Ports:
//! - `a`, `b`, `c`  in  32  f32 operands (source modifiers already applied)
//! - `rz`           in   1  round the sum toward zero (else nearest-even); 0 for `mad.f32`
//! - `y`            out 32  f32 result
use crate::fp32::add_core::Fp32AddCore;
use crate::fp32::classify::Fp32Classify;
use crate::prim::mul24::Mul24;
use crate::fp32::bits;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32Mad {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub c: Signal<In, Bits<32>>,
    pub rz: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    ca: Fp32Classify,
    cb: Fp32Classify,
    cc: Fp32Classify,
    mul: Mul24,
    core: Fp32AddCore,
    sp: Signal<Local, Bit>,
    p_zero: Signal<Local, Bit>,
    p_inf: Signal<Local, Bit>,
    top: Signal<Local, Bit>,
    hi_sh: Signal<Local, Bits<24>>,
    p_sig: Signal<Local, Bits<24>>,
    ea: Signal<Local, Bits<10>>,
    eb: Signal<Local, Bits<10>>,
    esum: Signal<Local, Bits<10>>,
    p_exp: Signal<Local, Bits<10>>,
    ec: Signal<Local, Bits<10>>,
    nan: Signal<Local, Bit>,
    // `core.x_exp` is assigned once, from this local (see lint::multiple_port_assignments).
    x_exp_v: Signal<Local, Bits<10>>,
    // `core.x_sig` is assigned once, from this local (see lint::multiple_port_assignments).
    x_sig_v: Signal<Local, Bits<24>>,
    // `core.y_exp` is assigned once, from this local (see lint::multiple_port_assignments).
    y_exp_v: Signal<Local, Bits<10>>,
    // `y` is assigned once, from this local (see lint::multiple_port_assignments).
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

impl Default for Fp32Mad {
    fn default() -> Self {
        Self {
            y_v: Default::default(),
            y_exp_v: Default::default(),
            x_sig_v: Default::default(),
            x_exp_v: Default::default(),
            a: Default::default(),
            b: Default::default(),
            c: Default::default(),
            rz: Default::default(),
            y: Default::default(),
            ca: Default::default(),
            cb: Default::default(),
            cc: Default::default(),
            mul: Default::default(),
            core: Default::default(),
            sp: Default::default(),
            p_zero: Default::default(),
            p_inf: Default::default(),
            top: Default::default(),
            hi_sh: Default::default(),
            p_sig: Default::default(),
            ea: Default::default(),
            eb: Default::default(),
            esum: Default::default(),
            p_exp: Default::default(),
            ec: Default::default(),
            nan: Default::default(),
            one24: Constant::new(1u64.into()),
            zero24: Constant::new(0u64.into()),
            off_hi: Constant::new(2u64.into()),
            off_lo: Constant::new(1u64.into()),
            bias: Constant::new(128u64.into()),
            zero10: Constant::new(0u64.into()),
            canon_nan: Constant::new((super::bits::CANON_NAN as u64).into()),
            inf: Constant::new((bits::INF as u64).into()),
            sign_bit: Constant::new((bits::SIGN as u64).into()),
        }
    }
}

impl Logic for Fp32Mad {
    #[hdl_gen]
    fn update(&mut self) {
        self.ca.a.next = self.a.val();
        self.ca.daz.next = true;
        self.cb.a.next = self.b.val();
        self.cb.daz.next = true;
        self.cc.a.next = self.c.val();
        self.cc.daz.next = true;
        self.sp.next = self.ca.sign.val() ^ self.cb.sign.val();
        self.p_zero.next = self.ca.is_zero.val() | self.cb.is_zero.val();
        self.p_inf.next = self.ca.is_inf.val() | self.cb.is_inf.val();
        self.mul.a.next = self.ca.sig.val();
        self.mul.b.next = self.cb.sig.val();

        // Truncated product: the top 24 bits of the 48-bit significand product, nothing
        // below them (no guard, no sticky: truncation toward zero).
        self.top.next = self.mul.hi.val().get_bit(23);
        self.hi_sh.next = self.mul.hi.val() << 1;
        self.ea.next = bit_cast::<10, 8>(self.ca.exp.val());
        self.eb.next = bit_cast::<10, 8>(self.cb.exp.val());
        self.esum.next = self.ea.val() + self.eb.val();
        self.p_sig.next = self.hi_sh.val();
        if self.mul.lo.val().get_bit(23) {
            self.p_sig.next = self.hi_sh.val() | self.one24.val();
        }
        self.p_exp.next = self.esum.val() + self.off_lo.val();
        if self.top.val() {
            self.p_sig.next = self.mul.hi.val();
            self.p_exp.next = self.esum.val() + self.off_hi.val();
        }
        self.ec.next = bit_cast::<10, 8>(self.cc.exp_eff.val()) + self.bias.val();

        self.core.x_sign.next = self.sp.val();
        self.x_exp_v.next = self.p_exp.val();
        self.x_sig_v.next = self.p_sig.val();
        if self.p_zero.val() {
            self.x_exp_v.next = self.zero10.val();
            self.x_sig_v.next = self.zero24.val();
        }
        self.core.y_sign.next = self.cc.sign.val();
        self.y_exp_v.next = self.ec.val();
        if self.cc.is_zero.val() {
            self.y_exp_v.next = self.zero10.val();
        }
        self.core.y_sig.next = self.cc.sig.val();
        self.core.rz.next = self.rz.val();

        self.nan.next = self.ca.is_nan.val()
            | self.cb.is_nan.val()
            | self.cc.is_nan.val()
            | (self.ca.is_inf.val() & self.cb.is_zero.val())
            | (self.ca.is_zero.val() & self.cb.is_inf.val())
            | (self.p_inf.val() & self.cc.is_inf.val() & (self.sp.val() != self.cc.sign.val()));
        self.y_v.next = self.core.y.val();
        if self.cc.is_inf.val() {
            self.y_v.next = self.inf.val();
            if self.cc.sign.val() {
                self.y_v.next = self.inf.val() | self.sign_bit.val();
            }
        }
        if self.p_inf.val() {
            self.y_v.next = self.inf.val();
            if self.sp.val() {
                self.y_v.next = self.inf.val() | self.sign_bit.val();
            }
        }
        if self.nan.val() {
            self.y_v.next = self.canon_nan.val();
        }
        self.core.x_exp.next = self.x_exp_v.val();
        self.core.x_sig.next = self.x_sig_v.val();
        self.core.y_exp.next = self.y_exp_v.val();
        self.y.next = self.y_v.val();
    }
}

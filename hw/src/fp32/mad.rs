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
//! Three blocks: the significand product ([`Fp32Product`], shared with `mul.f32` in the SP
//! datapath), its truncation and the specials ([`Fp32MadOperands`]) and the adder core
//! ([`Fp32AddCore`]); the special result overrides the sum. The SP datapath uses the same
//! blocks with registers between them.
//!
//! Ports:
//! - `a`, `b`, `c`  in  32  f32 operands (source modifiers already applied)
//! - `rz`           in   1  round the sum toward zero (else nearest-even); 0 for `mad.f32`
//! - `y`            out 32  f32 result
use crate::fp32::add_core::Fp32AddCore;
use crate::fp32::mad_operands::Fp32MadOperands;
use crate::fp32::product::Fp32Product;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Fp32Mad {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub c: Signal<In, Bits<32>>,
    pub rz: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    product: Fp32Product,
    operands: Fp32MadOperands,
    core: Fp32AddCore,
    // `y` is assigned once, from this local (see lint::multiple_port_assignments).
    y_v: Signal<Local, Bits<32>>,
}

impl Logic for Fp32Mad {
    #[hdl_gen]
    fn update(&mut self) {
        self.product.a.next = self.a.val();
        self.product.b.next = self.b.val();
        self.operands.hi.next = self.product.hi.val();
        self.operands.lo23.next = self.product.lo.val().get_bit(23);
        self.operands.p_sign.next = self.product.sign.val();
        self.operands.esum.next = self.product.esum.val();
        self.operands.p_zero.next = self.product.zero.val();
        self.operands.p_inf.next = self.product.inf.val();
        self.operands.p_nan.next = self.product.nan.val();
        self.operands.c.next = self.c.val();
        self.core.x_sign.next = self.operands.x_sign.val();
        self.core.x_exp.next = self.operands.x_exp.val();
        self.core.x_sig.next = self.operands.x_sig.val();
        self.core.y_sign.next = self.operands.y_sign.val();
        self.core.y_exp.next = self.operands.y_exp.val();
        self.core.y_sig.next = self.operands.y_sig.val();
        self.core.rz.next = self.rz.val();
        self.y_v.next = self.core.y.val();
        if self.operands.special.val() {
            self.y_v.next = self.operands.special_y.val();
        }
        self.y.next = self.y_v.val();
    }
}

//! G80 `mul.f32` (combinational): flushed inputs, one rounding (rn or rz) of the exact
//! 48-bit significand product with an unbounded exponent, flushed result, canonical NaN.
//!
//! Two blocks: the significand product ([`Fp32Product`], shared with `mad.f32` in the SP
//! datapath) and its rounding ([`Fp32MulRound`]).
//!
//! Ports:
//! - `a`, `b`  in  32  f32 operands (source modifiers already applied)
//! - `rz`      in   1  round toward zero (else nearest-even)
//! - `y`       out 32  f32 result
use crate::fp32::mul_round::Fp32MulRound;
use crate::fp32::product::Fp32Product;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Fp32Mul {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub rz: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    product: Fp32Product,
    round: Fp32MulRound,
}

impl Logic for Fp32Mul {
    #[hdl_gen]
    fn update(&mut self) {
        self.product.a.next = self.a.val();
        self.product.b.next = self.b.val();
        self.round.hi.next = self.product.hi.val();
        self.round.lo.next = self.product.lo.val();
        self.round.sign.next = self.product.sign.val();
        self.round.esum.next = self.product.esum.val();
        self.round.zero.next = self.product.zero.val();
        self.round.inf.next = self.product.inf.val();
        self.round.nan.next = self.product.nan.val();
        self.round.rz.next = self.rz.val();
        self.y.next = self.round.y.val();
    }
}

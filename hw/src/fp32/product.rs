//! The significand product of the SP's one multiplier (combinational), shared by `mul.f32`
//! ([`Fp32MulRound`](crate::fp32::mul_round::Fp32MulRound)) and `mad.f32`
//! ([`Fp32MadOperands`](crate::fp32::mad_operands::Fp32MadOperands)), as in the G80's MAD
//! unit: classifies both operands (flushed inputs) and multiplies their 24-bit
//! significands on four MULT18X18D ([`Mul24`]).
//!
//! Ports:
//! - `a`, `b`  in  32  f32 operands (source modifiers already applied)
//! - `hi`, `lo` out 24  the exact 48-bit product of the significands (hi: bits 47..24)
//! - `sign`    out  1  the product's sign
//! - `esum`    out 10  the sum of the two biased exponent fields
//! - `zero`    out  1  an operand is zero (or flushed)
//! - `inf`     out  1  an operand is infinite
//! - `nan`     out  1  an operand is NaN, or infinity times zero
use crate::fp32::classify::Fp32Classify;
use crate::prim::mul24::Mul24;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Fp32Product {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub hi: Signal<Out, Bits<24>>,
    pub lo: Signal<Out, Bits<24>>,
    pub sign: Signal<Out, Bit>,
    pub esum: Signal<Out, Bits<10>>,
    pub zero: Signal<Out, Bit>,
    pub inf: Signal<Out, Bit>,
    pub nan: Signal<Out, Bit>,
    ca: Fp32Classify,
    cb: Fp32Classify,
    mul: Mul24,
    ea: Signal<Local, Bits<10>>,
    eb: Signal<Local, Bits<10>>,
}

impl Logic for Fp32Product {
    #[hdl_gen]
    fn update(&mut self) {
        self.ca.a.next = self.a.val();
        self.ca.daz.next = true;
        self.cb.a.next = self.b.val();
        self.cb.daz.next = true;
        self.mul.a.next = self.ca.sig.val();
        self.mul.b.next = self.cb.sig.val();
        self.hi.next = self.mul.hi.val();
        self.lo.next = self.mul.lo.val();
        self.sign.next = self.ca.sign.val() ^ self.cb.sign.val();
        self.ea.next = bit_cast::<10, 8>(self.ca.exp.val());
        self.eb.next = bit_cast::<10, 8>(self.cb.exp.val());
        self.esum.next = self.ea.val() + self.eb.val();
        self.zero.next = self.ca.is_zero.val() | self.cb.is_zero.val();
        self.inf.next = self.ca.is_inf.val() | self.cb.is_inf.val();
        self.nan.next = self.ca.is_nan.val()
            | self.cb.is_nan.val()
            | (self.ca.is_inf.val() & self.cb.is_zero.val())
            | (self.ca.is_zero.val() & self.cb.is_inf.val());
    }
}

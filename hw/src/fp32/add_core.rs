//! G80 FP32 adder core (combinational): adds two finite unpacked operands with one rounding
//! and the G80 range rules. Operands may lie outside the f32 exponent range (the MAD's
//! truncated product does), so exponents are 10 bits wide. Specials (NaN, infinity) are the
//! caller's: `fp32_add` and `fp32_mad` wrap this core.
//!
//! Classic three-extra-bit adder in three parts, each its own block: [`Fp32AddAlign`]
//! (order, align with guard, round and sticky bits, add), [`Fp32AddNorm`] (normalize) and
//! [`Fp32AddRound`] (round, pack). The SP datapath registers between them.
//!
//! Ports:
//! - `x_sign`, `y_sign`  in   1  operand signs
//! - `x_exp`, `y_exp`    in  10  exponent as E + 128 (value = sig * 2^(E - 150)); 0 for a zero
//! - `x_sig`, `y_sig`    in  24  significand, bit 23 set; 0 for a zero
//! - `rz`                in   1  round toward zero (else nearest-even)
//! - `y`                 out 32  packed f32 sum
use crate::fp32::add_align::Fp32AddAlign;
use crate::fp32::add_norm::Fp32AddNorm;
use crate::fp32::add_round::Fp32AddRound;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Fp32AddCore {
    pub x_sign: Signal<In, Bit>,
    pub x_exp: Signal<In, Bits<10>>,
    pub x_sig: Signal<In, Bits<24>>,
    pub y_sign: Signal<In, Bit>,
    pub y_exp: Signal<In, Bits<10>>,
    pub y_sig: Signal<In, Bits<24>>,
    pub rz: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    align: Fp32AddAlign,
    norm: Fp32AddNorm,
    round: Fp32AddRound,
}

impl Logic for Fp32AddCore {
    #[hdl_gen]
    fn update(&mut self) {
        self.align.x_sign.next = self.x_sign.val();
        self.align.x_exp.next = self.x_exp.val();
        self.align.x_sig.next = self.x_sig.val();
        self.align.y_sign.next = self.y_sign.val();
        self.align.y_exp.next = self.y_exp.val();
        self.align.y_sig.next = self.y_sig.val();
        self.norm.sum.next = self.align.sum.val();
        self.norm.exp.next = self.align.exp.val();
        self.round.sign.next = self.align.sign.val();
        self.round.both_neg.next = self.align.both_neg.val();
        self.round.zero.next = self.norm.zero.val();
        self.round.n_exp.next = self.norm.n_exp.val();
        self.round.frac.next = self.norm.frac.val();
        self.round.g.next = self.norm.g.val();
        self.round.rs.next = self.norm.rs.val();
        self.round.rz.next = self.rz.val();
        self.y.next = self.round.y.val();
    }
}

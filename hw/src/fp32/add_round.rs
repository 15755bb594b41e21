//! Last part of the G80 FP32 adder core (combinational): rounds the normalized sum of
//! [`Fp32AddNorm`](crate::fp32::add_norm::Fp32AddNorm) with the G80 range rules
//! ([`Fp32RoundPack`]) and packs it; an exact zero is +0 unless both operands were negative
//! (rn and rz).
//!
//! Ports:
//! - `sign`      in   1  the sum's sign
//! - `both_neg`  in   1  both operands were negative
//! - `zero`      in   1  the sum is exactly zero
//! - `n_exp`     in  11  the normalized exponent as E + 192
//! - `frac`      in  23  the 23 bits below the leading one
//! - `g`, `rs`   in   1  guard bit, OR of the bits below it
//! - `rz`        in   1  round toward zero (else nearest-even)
//! - `y`         out 32  packed f32 sum
use crate::fp32::bits;
use crate::fp32::round_pack::Fp32RoundPack;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32AddRound {
    pub sign: Signal<In, Bit>,
    pub both_neg: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub n_exp: Signal<In, Bits<11>>,
    pub frac: Signal<In, Bits<23>>,
    pub g: Signal<In, Bit>,
    pub rs: Signal<In, Bit>,
    pub rz: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    round: Fp32RoundPack,
    // `y` is assigned once, from this local (see lint::multiple_port_assignments).
    y_v: Signal<Local, Bits<32>>,
    sign_bit: Constant<Bits<32>>,
    zero32: Constant<Bits<32>>,
}

impl Default for Fp32AddRound {
    fn default() -> Self {
        Self {
            sign: Default::default(),
            both_neg: Default::default(),
            zero: Default::default(),
            n_exp: Default::default(),
            frac: Default::default(),
            g: Default::default(),
            rs: Default::default(),
            rz: Default::default(),
            y: Default::default(),
            round: Default::default(),
            y_v: Default::default(),
            sign_bit: Constant::new((bits::SIGN as u64).into()),
            zero32: Constant::new(0u64.into()),
        }
    }
}

impl Logic for Fp32AddRound {
    #[hdl_gen]
    fn update(&mut self) {
        self.round.sign.next = self.sign.val();
        self.round.exp.next = self.n_exp.val();
        self.round.frac.next = self.frac.val();
        self.round.g.next = self.g.val();
        self.round.rs.next = self.rs.val();
        self.round.rz.next = self.rz.val();
        self.y_v.next = self.round.y.val();
        if self.zero.val() {
            self.y_v.next = self.zero32.val();
            if self.both_neg.val() {
                self.y_v.next = self.sign_bit.val();
            }
        }
        self.y.next = self.y_v.val();
    }
}

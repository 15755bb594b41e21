//! First part of the G80 FP32 adder core (combinational): orders two finite unpacked
//! operands by magnitude, aligns the smaller with guard, round and sticky bits and adds or
//! subtracts. [`Fp32AddNorm`](crate::fp32::add_norm::Fp32AddNorm) normalizes the sum and
//! [`Fp32AddRound`](crate::fp32::add_round::Fp32AddRound) rounds it;
//! [`Fp32AddCore`](crate::fp32::add_core::Fp32AddCore) wires the three parts together, and
//! the SP datapath registers between them (docs/sp-numerics.md).
//!
//! Ports:
//! - `x_sign`, `y_sign`  in   1  operand signs
//! - `x_exp`, `y_exp`    in  10  exponent as E + 128 (value = sig * 2^(E - 150)); 0 for a zero
//! - `x_sig`, `y_sig`    in  24  significand, bit 23 set; 0 for a zero
//! - `sum`               out 28  |l| +- |s| in units of 2^(E_l - 153): bit 27 a carry, bits
//!                               2..0 guard, round and sticky
//! - `sign`              out  1  the sign of the larger operand (the sum's sign)
//! - `both_neg`          out  1  both operands negative (the sign of an exact zero)
//! - `exp`               out 10  the larger operand's exponent
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32AddAlign {
    pub x_sign: Signal<In, Bit>,
    pub x_exp: Signal<In, Bits<10>>,
    pub x_sig: Signal<In, Bits<24>>,
    pub y_sign: Signal<In, Bit>,
    pub y_exp: Signal<In, Bits<10>>,
    pub y_sig: Signal<In, Bits<24>>,
    pub sum: Signal<Out, Bits<28>>,
    pub sign: Signal<Out, Bit>,
    pub both_neg: Signal<Out, Bit>,
    pub exp: Signal<Out, Bits<10>>,
    // Order the operands by magnitude: l (larger), s (smaller).
    x_big: Signal<Local, Bit>,
    l_sign: Signal<Local, Bit>,
    l_exp: Signal<Local, Bits<10>>,
    l_sig: Signal<Local, Bits<24>>,
    s_sign: Signal<Local, Bit>,
    s_exp: Signal<Local, Bits<10>>,
    s_sig: Signal<Local, Bits<24>>,
    // Alignment with guard, round and sticky bits.
    d: Signal<Local, Bits<10>>,
    l27: Signal<Local, Bits<27>>,
    s27: Signal<Local, Bits<27>>,
    s_sh: Signal<Local, Bits<27>>,
    lost_mask: Signal<Local, Bits<27>>,
    lost: Signal<Local, Bits<27>>,
    s_al: Signal<Local, Bits<27>>,
    l28: Signal<Local, Bits<28>>,
    s28: Signal<Local, Bits<28>>,
    // `sum` is assigned once, from this local (see lint::multiple_port_assignments).
    sum_v: Signal<Local, Bits<28>>,
    ones27: Constant<Bits<27>>,
    one27: Constant<Bits<27>>,
}

impl Default for Fp32AddAlign {
    fn default() -> Self {
        Self {
            x_sign: Default::default(),
            x_exp: Default::default(),
            x_sig: Default::default(),
            y_sign: Default::default(),
            y_exp: Default::default(),
            y_sig: Default::default(),
            sum: Default::default(),
            sign: Default::default(),
            both_neg: Default::default(),
            exp: Default::default(),
            x_big: Default::default(),
            l_sign: Default::default(),
            l_exp: Default::default(),
            l_sig: Default::default(),
            s_sign: Default::default(),
            s_exp: Default::default(),
            s_sig: Default::default(),
            d: Default::default(),
            l27: Default::default(),
            s27: Default::default(),
            s_sh: Default::default(),
            lost_mask: Default::default(),
            lost: Default::default(),
            s_al: Default::default(),
            l28: Default::default(),
            s28: Default::default(),
            sum_v: Default::default(),
            ones27: Constant::new(((1u64 << 27) - 1).into()),
            one27: Constant::new(1u64.into()),
        }
    }
}

impl Logic for Fp32AddAlign {
    #[hdl_gen]
    fn update(&mut self) {
        self.x_big.next = (self.x_exp.val() > self.y_exp.val())
            | ((self.x_exp.val() == self.y_exp.val()) & (self.x_sig.val() >= self.y_sig.val()));
        self.l_sign.next = self.y_sign.val();
        self.l_exp.next = self.y_exp.val();
        self.l_sig.next = self.y_sig.val();
        self.s_sign.next = self.x_sign.val();
        self.s_exp.next = self.x_exp.val();
        self.s_sig.next = self.x_sig.val();
        if self.x_big.val() {
            self.l_sign.next = self.x_sign.val();
            self.l_exp.next = self.x_exp.val();
            self.l_sig.next = self.x_sig.val();
            self.s_sign.next = self.y_sign.val();
            self.s_exp.next = self.y_exp.val();
            self.s_sig.next = self.y_sig.val();
        }

        // Align: shifts of 27 or more leave only the sticky bit (both sides give 0 there).
        self.d.next = self.l_exp.val() - self.s_exp.val();
        self.l27.next = bit_cast::<27, 24>(self.l_sig.val()) << 3;
        self.s27.next = bit_cast::<27, 24>(self.s_sig.val()) << 3;
        self.s_sh.next = self.s27.val() >> self.d.val();
        self.lost_mask.next = !(self.ones27.val() << self.d.val());
        self.lost.next = self.s27.val() & self.lost_mask.val();
        self.s_al.next = self.s_sh.val();
        if self.lost.val().any() {
            self.s_al.next = self.s_sh.val() | self.one27.val();
        }

        self.l28.next = bit_cast::<28, 27>(self.l27.val());
        self.s28.next = bit_cast::<28, 27>(self.s_al.val());
        self.sum_v.next = self.l28.val() + self.s28.val();
        if self.l_sign.val() != self.s_sign.val() {
            // |l| >= |s|, so this never borrows.
            self.sum_v.next = self.l28.val() - self.s28.val();
        }
        self.sum.next = self.sum_v.val();
        self.sign.next = self.l_sign.val();
        self.both_neg.next = self.l_sign.val() & self.s_sign.val();
        self.exp.next = self.l_exp.val();
    }
}

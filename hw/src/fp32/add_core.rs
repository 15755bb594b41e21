//! G80 FP32 adder core (combinational): adds two finite unpacked operands with one rounding
//! and the G80 range rules. Operands may lie outside the f32 exponent range (the MAD's
//! truncated product does), so exponents are 10 bits wide. Specials (NaN, infinity) are the
//! caller's: `fp32_add` and `fp32_mad` wrap this core.
//!
//! Classic three-extra-bit adder: the smaller operand is aligned with guard, round and
//! sticky bits; a cancelling subtraction needs a long normalizing shift only when the
//! exponents differ by at most one, when those bits are still exact.
//!
//! Ports:
//! - `x_sign`, `y_sign`  in   1  operand signs
//! - `x_exp`, `y_exp`    in  10  exponent as E + 128 (value = sig * 2^(E - 150)); 0 for a zero
//! - `x_sig`, `y_sig`    in  24  significand, bit 23 set; 0 for a zero
//! - `rz`                in   1  round toward zero (else nearest-even)
//! - `y`                 out 32  packed f32 sum
use crate::fp32::round_pack::Fp32RoundPack;
use crate::fp32::bits;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32AddCore {
    pub x_sign: Signal<In, Bit>,
    pub x_exp: Signal<In, Bits<10>>,
    pub x_sig: Signal<In, Bits<24>>,
    pub y_sign: Signal<In, Bit>,
    pub y_exp: Signal<In, Bits<10>>,
    pub y_sig: Signal<In, Bits<24>>,
    pub rz: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    round: Fp32RoundPack,
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
    sum: Signal<Local, Bits<28>>,
    carry: Signal<Local, Bit>,
    exact_zero: Signal<Local, Bit>,
    // Carry: shift right by one (bit 27 is the leading one), keeping the lost bit as sticky.
    nc: Signal<Local, Bits<26>>,
    // No carry: normalize by a shift tree.
    x0: Signal<Local, Bits<27>>,
    x1: Signal<Local, Bits<27>>,
    x2: Signal<Local, Bits<27>>,
    x3: Signal<Local, Bits<27>>,
    x4: Signal<Local, Bits<27>>,
    x5: Signal<Local, Bits<26>>,
    e0: Signal<Local, Bits<11>>,
    e1: Signal<Local, Bits<11>>,
    e2: Signal<Local, Bits<11>>,
    e3: Signal<Local, Bits<11>>,
    e4: Signal<Local, Bits<11>>,
    e5: Signal<Local, Bits<11>>,
    l_exp11: Signal<Local, Bits<11>>,
    x4_lo: Signal<Local, Bits<26>>,
    n26: Signal<Local, Bits<26>>,
    e_n: Signal<Local, Bits<11>>,
    zero_sign: Signal<Local, Bit>,
    // `y` is assigned once, from this local (see lint::multiple_port_assignments).
    y_v: Signal<Local, Bits<32>>,
    ones27: Constant<Bits<27>>,
    one27: Constant<Bits<27>>,
    one26: Constant<Bits<26>>,
    c16: Constant<Bits<11>>,
    c8: Constant<Bits<11>>,
    c4: Constant<Bits<11>>,
    c2: Constant<Bits<11>>,
    c1: Constant<Bits<11>>,
    // E + 192 = (E + 128) + 64; the carry path adds one more.
    off: Constant<Bits<11>>,
    off_carry: Constant<Bits<11>>,
    sign_bit: Constant<Bits<32>>,
    zero32: Constant<Bits<32>>,
}

impl Default for Fp32AddCore {
    fn default() -> Self {
        Self {
            y_v: Default::default(),
            x_sign: Default::default(),
            x_exp: Default::default(),
            x_sig: Default::default(),
            y_sign: Default::default(),
            y_exp: Default::default(),
            y_sig: Default::default(),
            rz: Default::default(),
            y: Default::default(),
            round: Default::default(),
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
            sum: Default::default(),
            carry: Default::default(),
            exact_zero: Default::default(),
            nc: Default::default(),
            x0: Default::default(),
            x1: Default::default(),
            x2: Default::default(),
            x3: Default::default(),
            x4: Default::default(),
            x5: Default::default(),
            e0: Default::default(),
            e1: Default::default(),
            e2: Default::default(),
            e3: Default::default(),
            e4: Default::default(),
            e5: Default::default(),
            l_exp11: Default::default(),
            x4_lo: Default::default(),
            n26: Default::default(),
            e_n: Default::default(),
            zero_sign: Default::default(),
            ones27: Constant::new(((1u64 << 27) - 1).into()),
            one27: Constant::new(1u64.into()),
            one26: Constant::new(1u64.into()),
            c16: Constant::new(16u64.into()),
            c8: Constant::new(8u64.into()),
            c4: Constant::new(4u64.into()),
            c2: Constant::new(2u64.into()),
            c1: Constant::new(1u64.into()),
            off: Constant::new(64u64.into()),
            off_carry: Constant::new(65u64.into()),
            sign_bit: Constant::new((bits::SIGN as u64).into()),
            zero32: Constant::new(0u64.into()),
        }
    }
}

impl Logic for Fp32AddCore {
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
        self.sum.next = self.l28.val() + self.s28.val();
        if self.l_sign.val() != self.s_sign.val() {
            // |l| >= |s|, so this never borrows.
            self.sum.next = self.l28.val() - self.s28.val();
        }
        self.carry.next = self.sum.val().get_bit(27);
        self.exact_zero.next = !self.sum.val().any();

        self.nc.next = self.sum.val().get_bits::<26>(1);
        if self.sum.val().get_bit(0) {
            self.nc.next = self.sum.val().get_bits::<26>(1) | self.one26.val();
        }

        self.l_exp11.next = bit_cast::<11, 10>(self.l_exp.val());
        self.e0.next = self.l_exp11.val() + self.off.val();
        // Leading-zero normalization of the 27 low bits (a 16/8/4/2/1 tree: any width up
        // to 32 works, the total shift is the leading-zero count).
        self.x0.next = self.sum.val().get_bits::<27>(0);
        self.x1.next = self.x0.val();
        self.e1.next = self.e0.val();
        if !self.x0.val().get_bits::<16>(11).any() {
            self.x1.next = self.x0.val() << 16;
            self.e1.next = self.e0.val() - self.c16.val();
        }
        self.x2.next = self.x1.val();
        self.e2.next = self.e1.val();
        if !self.x1.val().get_bits::<8>(19).any() {
            self.x2.next = self.x1.val() << 8;
            self.e2.next = self.e1.val() - self.c8.val();
        }
        self.x3.next = self.x2.val();
        self.e3.next = self.e2.val();
        if !self.x2.val().get_bits::<4>(23).any() {
            self.x3.next = self.x2.val() << 4;
            self.e3.next = self.e2.val() - self.c4.val();
        }
        self.x4.next = self.x3.val();
        self.e4.next = self.e3.val();
        if !self.x3.val().get_bits::<2>(25).any() {
            self.x4.next = self.x3.val() << 2;
            self.e4.next = self.e3.val() - self.c2.val();
        }
        // The leading one (bit 26) is implicit from here on.
        self.x4_lo.next = self.x4.val().get_bits::<26>(0);
        self.x5.next = self.x4_lo.val();
        self.e5.next = self.e4.val();
        if !self.x4.val().get_bit(26) {
            self.x5.next = self.x4_lo.val() << 1;
            self.e5.next = self.e4.val() - self.c1.val();
        }

        // n26: the 26 bits below the leading one: 23 fraction bits, guard, round, sticky.
        self.n26.next = self.x5.val();
        self.e_n.next = self.e5.val();
        if self.carry.val() {
            self.n26.next = self.nc.val();
            self.e_n.next = self.l_exp11.val() + self.off_carry.val();
        }

        self.round.sign.next = self.l_sign.val();
        self.round.exp.next = self.e_n.val();
        self.round.frac.next = self.n26.val().get_bits::<23>(3);
        self.round.g.next = self.n26.val().get_bit(2);
        self.round.rs.next = self.n26.val().get_bit(1) | self.n26.val().get_bit(0);
        self.round.rz.next = self.rz.val();

        // An exact zero is +0 unless both operands are negative (rn and rz).
        self.zero_sign.next = self.l_sign.val() & self.s_sign.val();
        self.y_v.next = self.round.y.val();
        if self.exact_zero.val() {
            self.y_v.next = self.zero32.val();
            if self.zero_sign.val() {
                self.y_v.next = self.sign_bit.val();
            }
        }
        self.y.next = self.y_v.val();
    }
}

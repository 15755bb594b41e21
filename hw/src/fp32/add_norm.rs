//! Second part of the G80 FP32 adder core (combinational): normalizes the sum of
//! [`Fp32AddAlign`](crate::fp32::add_align::Fp32AddAlign) by its leading one;
//! [`Fp32AddRound`](crate::fp32::add_round::Fp32AddRound) rounds and packs it. A
//! cancelling subtraction needs a long normalizing shift only when the exponents differed
//! by at most one, when the low bits are still exact.
//!
//! Ports:
//! - `sum`       in  28  the aligned sum (bit 27 a carry, bits 2..0 guard, round, sticky)
//! - `exp`       in  10  the larger operand's exponent, as E + 128
//! - `zero`      out  1  the sum is exactly zero
//! - `n_exp`     out 11  the normalized exponent as E + 192 (`Fp32RoundPack`'s `exp`)
//! - `frac`      out 23  the 23 bits below the leading one
//! - `g`         out  1  the guard bit
//! - `rs`        out  1  the OR of the bits below the guard bit
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32AddNorm {
    pub sum: Signal<In, Bits<28>>,
    pub exp: Signal<In, Bits<10>>,
    pub zero: Signal<Out, Bit>,
    pub n_exp: Signal<Out, Bits<11>>,
    pub frac: Signal<Out, Bits<23>>,
    pub g: Signal<Out, Bit>,
    pub rs: Signal<Out, Bit>,
    carry: Signal<Local, Bit>,
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
    one26: Constant<Bits<26>>,
    c16: Constant<Bits<11>>,
    c8: Constant<Bits<11>>,
    c4: Constant<Bits<11>>,
    c2: Constant<Bits<11>>,
    c1: Constant<Bits<11>>,
    // E + 192 = (E + 128) + 64; the carry path adds one more.
    off: Constant<Bits<11>>,
    off_carry: Constant<Bits<11>>,
}

impl Default for Fp32AddNorm {
    fn default() -> Self {
        Self {
            sum: Default::default(),
            exp: Default::default(),
            zero: Default::default(),
            n_exp: Default::default(),
            frac: Default::default(),
            g: Default::default(),
            rs: Default::default(),
            carry: Default::default(),
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
            one26: Constant::new(1u64.into()),
            c16: Constant::new(16u64.into()),
            c8: Constant::new(8u64.into()),
            c4: Constant::new(4u64.into()),
            c2: Constant::new(2u64.into()),
            c1: Constant::new(1u64.into()),
            off: Constant::new(64u64.into()),
            off_carry: Constant::new(65u64.into()),
        }
    }
}

impl Logic for Fp32AddNorm {
    #[hdl_gen]
    fn update(&mut self) {
        self.carry.next = self.sum.val().get_bit(27);
        self.zero.next = !self.sum.val().any();

        self.nc.next = self.sum.val().get_bits::<26>(1);
        if self.sum.val().get_bit(0) {
            self.nc.next = self.sum.val().get_bits::<26>(1) | self.one26.val();
        }

        self.l_exp11.next = bit_cast::<11, 10>(self.exp.val());
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

        self.n_exp.next = self.e_n.val();
        self.frac.next = self.n26.val().get_bits::<23>(3);
        self.g.next = self.n26.val().get_bit(2);
        self.rs.next = self.n26.val().get_bit(1) | self.n26.val().get_bit(0);
    }
}

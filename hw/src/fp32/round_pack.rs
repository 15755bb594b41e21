//! G80 FP32 round-and-pack (combinational): rounds a normalized 24-bit significand with its
//! guard and sticky bits to nearest-even or toward zero, then applies the G80 range rules
//! on the unbounded exponent: below 2^-126 a signed zero, above the largest finite infinity
//! (rn) or the largest finite (rz). Shared by the adder core and the multiplier.
//!
//! Ports:
//! - `sign`  in   1  result sign
//! - `exp`   in  11  exponent as E + 192, where the value is 1.frac * 2^(E - 127) (E is the
//!                   biased f32 exponent if it is in range; may be far outside it)
//! - `frac`  in  23  significand below its leading 1 (the value is 1.frac * 2^(E - 127))
//! - `g`     in   1  guard bit (first bit below `frac`)
//! - `rs`    in   1  OR of every bit below the guard bit
//! - `rz`    in   1  round toward zero (else nearest-even)
//! - `y`     out 32  packed f32 result
use crate::fp32::bits;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32RoundPack {
    pub sign: Signal<In, Bit>,
    pub exp: Signal<In, Bits<11>>,
    pub frac: Signal<In, Bits<23>>,
    pub g: Signal<In, Bit>,
    pub rs: Signal<In, Bit>,
    pub rz: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    up: Signal<Local, Bit>,
    frac24: Signal<Local, Bits<24>>,
    rounded: Signal<Local, Bits<24>>,
    rcarry: Signal<Local, Bit>,
    exp_f: Signal<Local, Bits<11>>,
    exp_lo: Signal<Local, Bits<8>>,
    exp8: Signal<Local, Bits<8>>,
    frac_r: Signal<Local, Bits<23>>,
    exp32: Signal<Local, Bits<32>>,
    frac32: Signal<Local, Bits<32>>,
    mag: Signal<Local, Bits<32>>,
    tiny: Signal<Local, Bit>,
    huge: Signal<Local, Bit>,
    // `y` is assigned once, from this local (see lint::multiple_port_assignments).
    y_v: Signal<Local, Bits<32>>,
    one24: Constant<Bits<24>>,
    one11: Constant<Bits<11>>,
    bias: Constant<Bits<8>>,
    min_exp: Constant<Bits<11>>,
    max_exp: Constant<Bits<11>>,
    sign_bit: Constant<Bits<32>>,
    inf: Constant<Bits<32>>,
    max_finite: Constant<Bits<32>>,
    zero32: Constant<Bits<32>>,
}

impl Default for Fp32RoundPack {
    fn default() -> Self {
        Self {
            y_v: Default::default(),
            sign: Default::default(),
            exp: Default::default(),
            frac: Default::default(),
            g: Default::default(),
            rs: Default::default(),
            rz: Default::default(),
            y: Default::default(),
            up: Default::default(),
            frac24: Default::default(),
            rounded: Default::default(),
            rcarry: Default::default(),
            exp_f: Default::default(),
            exp_lo: Default::default(),
            exp8: Default::default(),
            frac_r: Default::default(),
            exp32: Default::default(),
            frac32: Default::default(),
            mag: Default::default(),
            tiny: Default::default(),
            huge: Default::default(),
            one24: Constant::new(1u64.into()),
            one11: Constant::new(1u64.into()),
            bias: Constant::new(192u64.into()),
            // E >= 1  <=>  exp >= 193;  E <= 254  <=>  exp <= 446.
            min_exp: Constant::new(193u64.into()),
            max_exp: Constant::new(446u64.into()),
            sign_bit: Constant::new((bits::SIGN as u64).into()),
            inf: Constant::new((bits::INF as u64).into()),
            max_finite: Constant::new((bits::MAX_FINITE as u64).into()),
            zero32: Constant::new(0u64.into()),
        }
    }
}

impl Logic for Fp32RoundPack {
    #[hdl_gen]
    fn update(&mut self) {
        // Round: nearest-even looks at guard, sticky and the LSB; toward-zero truncates.
        self.up.next = (!self.rz.val()) & self.g.val() & (self.rs.val() | self.frac.val().get_bit(0));
        self.frac24.next = bit_cast::<24, 23>(self.frac.val());
        self.rounded.next = self.frac24.val();
        if self.up.val() {
            self.rounded.next = self.frac24.val() + self.one24.val();
        }
        // 1.11..1 + ulp carries out: the fraction wraps to 0 (1.0) and the exponent grows.
        self.rcarry.next = self.rounded.val().get_bit(23);
        self.frac_r.next = self.rounded.val().get_bits::<23>(0);
        self.exp_f.next = self.exp.val();
        if self.rcarry.val() {
            self.exp_f.next = self.exp.val() + self.one11.val();
        }
        self.tiny.next = self.exp_f.val() < self.min_exp.val();
        self.huge.next = self.exp_f.val() > self.max_exp.val();
        // In range, E = exp - 192 fits 8 bits, and so does (exp mod 256) - 192 mod 256.
        self.exp_lo.next = self.exp_f.val().get_bits::<8>(0);
        self.exp8.next = self.exp_lo.val() - self.bias.val();
        self.exp32.next = bit_cast::<32, 8>(self.exp8.val()) << 23;
        self.frac32.next = bit_cast::<32, 23>(self.frac_r.val());

        self.mag.next = self.exp32.val() | self.frac32.val();
        if self.tiny.val() {
            self.mag.next = self.zero32.val();
        }
        if self.huge.val() {
            self.mag.next = self.inf.val();
            if self.rz.val() {
                self.mag.next = self.max_finite.val();
            }
        }
        self.y_v.next = self.mag.val();
        if self.sign.val() {
            self.y_v.next = self.mag.val() | self.sign_bit.val();
        }
        self.y.next = self.y_v.val();
    }
}

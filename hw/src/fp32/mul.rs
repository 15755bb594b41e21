//! G80 `mul.f32` (combinational): flushed inputs, one rounding (rn or rz) of the exact
//! 48-bit significand product with an unbounded exponent, flushed result, canonical NaN.
//!
//! Ports:
//! - `a`, `b`  in  32  f32 operands (source modifiers already applied)
//! - `rz`      in   1  round toward zero (else nearest-even)
//! - `y`       out 32  f32 result
use crate::fp32::classify::Fp32Classify;
use crate::fp32::round_pack::Fp32RoundPack;
use crate::prim::mul24::Mul24;
use crate::fp32::bits;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32Mul {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub rz: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    ca: Fp32Classify,
    cb: Fp32Classify,
    mul: Mul24,
    round: Fp32RoundPack,
    sign: Signal<Local, Bit>,
    top: Signal<Local, Bit>,
    hi_lo: Signal<Local, Bits<23>>,
    hi_sh: Signal<Local, Bits<23>>,
    frac: Signal<Local, Bits<23>>,
    ea: Signal<Local, Bits<11>>,
    eb: Signal<Local, Bits<11>>,
    esum: Signal<Local, Bits<11>>,
    nan: Signal<Local, Bit>,
    // `round.exp` is assigned once, from this local (see lint::multiple_port_assignments).
    r_exp: Signal<Local, Bits<11>>,
    // `round.g` is assigned once, from this local (see lint::multiple_port_assignments).
    r_g: Signal<Local, Bit>,
    // `round.rs` is assigned once, from this local (see lint::multiple_port_assignments).
    r_rs: Signal<Local, Bit>,
    // `y` is assigned once, from this local (see lint::multiple_port_assignments).
    y_v: Signal<Local, Bits<32>>,
    one23: Constant<Bits<23>>,
    // E + 192 = Ea + Eb - 150 + k + 192, k = 24 (product bit 47 set) or 23.
    off_hi: Constant<Bits<11>>,
    off_lo: Constant<Bits<11>>,
    canon_nan: Constant<Bits<32>>,
    inf: Constant<Bits<32>>,
    sign_bit: Constant<Bits<32>>,
    zero32: Constant<Bits<32>>,
}

impl Default for Fp32Mul {
    fn default() -> Self {
        Self {
            y_v: Default::default(),
            r_rs: Default::default(),
            r_g: Default::default(),
            r_exp: Default::default(),
            a: Default::default(),
            b: Default::default(),
            rz: Default::default(),
            y: Default::default(),
            ca: Default::default(),
            cb: Default::default(),
            mul: Default::default(),
            round: Default::default(),
            sign: Default::default(),
            top: Default::default(),
            hi_lo: Default::default(),
            hi_sh: Default::default(),
            frac: Default::default(),
            ea: Default::default(),
            eb: Default::default(),
            esum: Default::default(),
            nan: Default::default(),
            one23: Constant::new(1u64.into()),
            off_hi: Constant::new(66u64.into()),
            off_lo: Constant::new(65u64.into()),
            canon_nan: Constant::new((super::bits::CANON_NAN as u64).into()),
            inf: Constant::new((bits::INF as u64).into()),
            sign_bit: Constant::new((bits::SIGN as u64).into()),
            zero32: Constant::new(0u64.into()),
        }
    }
}

impl Logic for Fp32Mul {
    #[hdl_gen]
    fn update(&mut self) {
        self.ca.a.next = self.a.val();
        self.ca.daz.next = true;
        self.cb.a.next = self.b.val();
        self.cb.daz.next = true;
        self.sign.next = self.ca.sign.val() ^ self.cb.sign.val();
        self.mul.a.next = self.ca.sig.val();
        self.mul.b.next = self.cb.sig.val();

        // Normalize the 48-bit product: its top bit is 47 or 46.
        self.top.next = self.mul.hi.val().get_bit(23);
        // Without the top bit, bit 46 leads: the fraction is product bits 45..23.
        self.hi_lo.next = self.mul.hi.val().get_bits::<23>(0);
        self.hi_sh.next = self.hi_lo.val() << 1;
        self.ea.next = bit_cast::<11, 8>(self.ca.exp.val());
        self.eb.next = bit_cast::<11, 8>(self.cb.exp.val());
        self.esum.next = self.ea.val() + self.eb.val();
        self.frac.next = self.hi_sh.val();
        if self.mul.lo.val().get_bit(23) {
            self.frac.next = self.hi_sh.val() | self.one23.val();
        }
        self.r_exp.next = self.esum.val() + self.off_lo.val();
        self.r_g.next = self.mul.lo.val().get_bit(22);
        self.r_rs.next = self.mul.lo.val().get_bits::<22>(0).any();
        if self.top.val() {
            self.frac.next = self.hi_lo.val();
            self.r_exp.next = self.esum.val() + self.off_hi.val();
            self.r_g.next = self.mul.lo.val().get_bit(23);
            self.r_rs.next = self.mul.lo.val().get_bits::<23>(0).any();
        }
        self.round.frac.next = self.frac.val();
        self.round.sign.next = self.sign.val();
        self.round.rz.next = self.rz.val();

        self.nan.next = self.ca.is_nan.val()
            | self.cb.is_nan.val()
            | (self.ca.is_inf.val() & self.cb.is_zero.val())
            | (self.ca.is_zero.val() & self.cb.is_inf.val());
        self.y_v.next = self.round.y.val();
        if self.ca.is_zero.val() | self.cb.is_zero.val() {
            self.y_v.next = self.zero32.val();
            if self.sign.val() {
                self.y_v.next = self.sign_bit.val();
            }
        }
        if self.ca.is_inf.val() | self.cb.is_inf.val() {
            self.y_v.next = self.inf.val();
            if self.sign.val() {
                self.y_v.next = self.inf.val() | self.sign_bit.val();
            }
        }
        if self.nan.val() {
            self.y_v.next = self.canon_nan.val();
        }
        self.round.exp.next = self.r_exp.val();
        self.round.g.next = self.r_g.val();
        self.round.rs.next = self.r_rs.val();
        self.y.next = self.y_v.val();
    }
}

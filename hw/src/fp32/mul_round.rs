//! Second half of G80 `mul.f32` (combinational): normalizes the exact 48-bit significand
//! product of [`Fp32Product`](crate::fp32::product::Fp32Product), rounds it once (rn or
//! rz) with an unbounded exponent, flushes the result, and gives the specials (signed zero,
//! signed infinity, canonical NaN). [`Fp32Mul`](crate::fp32::mul::Fp32Mul) wires the two
//! halves together; the SP datapath registers between them.
//!
//! Ports:
//! - `hi`, `lo`  in  24  the significand product (hi: bits 47..24)
//! - `sign`      in   1  the product's sign
//! - `esum`      in  10  the sum of the operands' biased exponent fields
//! - `zero`, `inf`, `nan`  in  1  the product's classes (`Fp32Product`)
//! - `rz`        in   1  round toward zero (else nearest-even)
//! - `y`         out 32  f32 result
use crate::fp32::bits;
use crate::fp32::round_pack::Fp32RoundPack;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32MulRound {
    pub hi: Signal<In, Bits<24>>,
    pub lo: Signal<In, Bits<24>>,
    pub sign: Signal<In, Bit>,
    pub esum: Signal<In, Bits<10>>,
    pub zero: Signal<In, Bit>,
    pub inf: Signal<In, Bit>,
    pub nan: Signal<In, Bit>,
    pub rz: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    round: Fp32RoundPack,
    top: Signal<Local, Bit>,
    hi_lo: Signal<Local, Bits<23>>,
    hi_sh: Signal<Local, Bits<23>>,
    frac: Signal<Local, Bits<23>>,
    esum11: Signal<Local, Bits<11>>,
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
    inf_c: Constant<Bits<32>>,
    sign_bit: Constant<Bits<32>>,
    zero32: Constant<Bits<32>>,
}

impl Default for Fp32MulRound {
    fn default() -> Self {
        Self {
            hi: Default::default(),
            lo: Default::default(),
            sign: Default::default(),
            esum: Default::default(),
            zero: Default::default(),
            inf: Default::default(),
            nan: Default::default(),
            rz: Default::default(),
            y: Default::default(),
            round: Default::default(),
            top: Default::default(),
            hi_lo: Default::default(),
            hi_sh: Default::default(),
            frac: Default::default(),
            esum11: Default::default(),
            r_exp: Default::default(),
            r_g: Default::default(),
            r_rs: Default::default(),
            y_v: Default::default(),
            one23: Constant::new(1u64.into()),
            off_hi: Constant::new(66u64.into()),
            off_lo: Constant::new(65u64.into()),
            canon_nan: Constant::new((bits::CANON_NAN as u64).into()),
            inf_c: Constant::new((bits::INF as u64).into()),
            sign_bit: Constant::new((bits::SIGN as u64).into()),
            zero32: Constant::new(0u64.into()),
        }
    }
}

impl Logic for Fp32MulRound {
    #[hdl_gen]
    fn update(&mut self) {
        // Normalize the 48-bit product: its top bit is 47 or 46.
        self.top.next = self.hi.val().get_bit(23);
        // Without the top bit, bit 46 leads: the fraction is product bits 45..23.
        self.hi_lo.next = self.hi.val().get_bits::<23>(0);
        self.hi_sh.next = self.hi_lo.val() << 1;
        self.esum11.next = bit_cast::<11, 10>(self.esum.val());
        self.frac.next = self.hi_sh.val();
        if self.lo.val().get_bit(23) {
            self.frac.next = self.hi_sh.val() | self.one23.val();
        }
        self.r_exp.next = self.esum11.val() + self.off_lo.val();
        self.r_g.next = self.lo.val().get_bit(22);
        self.r_rs.next = self.lo.val().get_bits::<22>(0).any();
        if self.top.val() {
            self.frac.next = self.hi_lo.val();
            self.r_exp.next = self.esum11.val() + self.off_hi.val();
            self.r_g.next = self.lo.val().get_bit(23);
            self.r_rs.next = self.lo.val().get_bits::<23>(0).any();
        }
        self.round.frac.next = self.frac.val();
        self.round.sign.next = self.sign.val();
        self.round.rz.next = self.rz.val();

        self.y_v.next = self.round.y.val();
        if self.zero.val() {
            self.y_v.next = self.zero32.val();
            if self.sign.val() {
                self.y_v.next = self.sign_bit.val();
            }
        }
        if self.inf.val() {
            self.y_v.next = self.inf_c.val();
            if self.sign.val() {
                self.y_v.next = self.inf_c.val() | self.sign_bit.val();
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

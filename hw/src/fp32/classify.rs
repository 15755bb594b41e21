//! FP32 unpack/classify (combinational).
//!
//! Splits an IEEE 754 binary32 operand into fields and classes, the first stage every FP
//! unit of heddle reuses. With `daz` set, a subnormal input is treated as a zero of the
//! same sign (the G80's SP flushes subnormal inputs); the raw class stays visible on
//! `is_subnormal` so a unit can still tell a flushed input from a true zero.
//!
//! Ports:
//! - `a`        in   32  the operand, IEEE 754 binary32 bits
//! - `daz`      in    1  denormals-are-zero: flush a subnormal `a` to a signed zero
//! - `sign`     out   1  bit 31 of `a`
//! - `exp`      out   8  biased exponent field, bits 30..23
//! - `frac`     out  23  fraction field, bits 22..0
//! - `exp_eff`  out   8  effective biased exponent: `exp` for normals, 1 for subnormals
//!                       (value = sig * 2^(exp_eff - 150)), 0 for zeros and flushed inputs
//! - `sig`      out  24  significand with the hidden bit: `1.frac` for normals, `0.frac`
//!                       for subnormals, 0 for zeros and flushed subnormals; for inf/NaN
//!                       the raw `1.frac`
//! - `is_zero`  out   1  +-0, or a subnormal flushed by `daz`
//! - `is_subnormal` out 1  exponent 0 and fraction non-zero (regardless of `daz`)
//! - `is_normal` out  1  exponent 1..254
//! - `is_inf`   out   1  +-infinity
//! - `is_nan`   out   1  any NaN
//! - `is_snan`  out   1  signalling NaN (fraction MSB clear)
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32Classify {
    pub a: Signal<In, Bits<32>>,
    pub daz: Signal<In, Bit>,
    pub sign: Signal<Out, Bit>,
    pub exp: Signal<Out, Bits<8>>,
    pub frac: Signal<Out, Bits<23>>,
    pub exp_eff: Signal<Out, Bits<8>>,
    pub sig: Signal<Out, Bits<24>>,
    pub is_zero: Signal<Out, Bit>,
    pub is_subnormal: Signal<Out, Bit>,
    pub is_normal: Signal<Out, Bit>,
    pub is_inf: Signal<Out, Bit>,
    pub is_nan: Signal<Out, Bit>,
    pub is_snan: Signal<Out, Bit>,
    // Field decode, staged at exact widths (see docs/rust-hdl.md).
    exp_f: Signal<Local, Bits<8>>,
    frac_f: Signal<Local, Bits<23>>,
    exp_zero: Signal<Local, Bit>,
    exp_ones: Signal<Local, Bit>,
    frac_nz: Signal<Local, Bit>,
    sub: Signal<Local, Bit>,
    flushed: Signal<Local, Bit>,
    sig_raw: Signal<Local, Bits<24>>,
    // The hidden bit as its own 1-bit signal: `replace_bit(23, !x)` would export as
    // `(~x) << 23`, where Verilog widens x to 32 bits before inverting it.
    hidden: Signal<Local, Bit>,
    // `sig` is assigned once, from this local (see lint::multiple_port_assignments).
    sig_v: Signal<Local, Bits<24>>,
    // `exp_eff` is assigned once, from this local (see lint::multiple_port_assignments).
    exp_eff_v: Signal<Local, Bits<8>>,
    hidden_one: Constant<Bits<24>>,
}

impl Default for Fp32Classify {
    fn default() -> Self {
        Self {
            exp_eff_v: Default::default(),
            sig_v: Default::default(),
            a: Default::default(),
            daz: Default::default(),
            sign: Default::default(),
            exp: Default::default(),
            frac: Default::default(),
            exp_eff: Default::default(),
            sig: Default::default(),
            is_zero: Default::default(),
            is_subnormal: Default::default(),
            is_normal: Default::default(),
            is_inf: Default::default(),
            is_nan: Default::default(),
            is_snan: Default::default(),
            exp_f: Default::default(),
            frac_f: Default::default(),
            exp_zero: Default::default(),
            exp_ones: Default::default(),
            frac_nz: Default::default(),
            sub: Default::default(),
            flushed: Default::default(),
            sig_raw: Default::default(),
            hidden: Default::default(),
            hidden_one: Constant::new((1u64 << 23).into()),
        }
    }
}

impl Logic for Fp32Classify {
    #[hdl_gen]
    fn update(&mut self) {
        self.exp_f.next = self.a.val().get_bits::<8>(23);
        self.frac_f.next = self.a.val().get_bits::<23>(0);
        self.exp_zero.next = !self.exp_f.val().any();
        self.exp_ones.next = self.exp_f.val().all();
        self.frac_nz.next = self.frac_f.val().any();
        self.sub.next = self.exp_zero.val() & self.frac_nz.val();
        self.flushed.next = self.sub.val() & self.daz.val();

        self.sign.next = self.a.val().get_bit(31);
        self.exp.next = self.exp_f.val();
        self.frac.next = self.frac_f.val();
        self.is_subnormal.next = self.sub.val();
        self.is_zero.next = self.exp_zero.val() & (!self.frac_nz.val() | self.daz.val());
        self.is_normal.next = !self.exp_zero.val() & !self.exp_ones.val();
        self.is_inf.next = self.exp_ones.val() & !self.frac_nz.val();
        self.is_nan.next = self.exp_ones.val() & self.frac_nz.val();
        self.is_snan.next = (self.exp_ones.val() & self.frac_nz.val()) & !self.frac_f.val().get_bit(22);

        // sig = {hidden, frac}; hidden is set for every non-zero exponent.
        self.sig_raw.next = bit_cast::<24, 23>(self.frac_f.val());
        self.hidden.next = !self.exp_zero.val();
        self.sig_v.next = self.sig_raw.val();
        if self.hidden.val() {
            self.sig_v.next = self.sig_raw.val() | self.hidden_one.val();
        }
        self.exp_eff_v.next = self.exp_f.val();
        if self.sub.val() {
            self.exp_eff_v.next = 1.into();
        }
        if self.flushed.val() {
            self.sig_v.next = 0.into();
            self.exp_eff_v.next = 0.into();
        }
        self.sig.next = self.sig_v.val();
        self.exp_eff.next = self.exp_eff_v.val();
    }
}

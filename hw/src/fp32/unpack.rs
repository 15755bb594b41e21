//! FP32 unpack stage (registered): `Fp32Classify` followed by one pipeline register, with
//! a valid bit. This is the first stage of the FP pipelines; its outputs are the classify
//! outputs of the operand presented one clock earlier.
//!
//! Ports:
//! - `clock`     in   1  rising-edge clock
//! - `in_valid`  in   1  an operand is presented this cycle
//! - `a`, `daz`  in      as in `Fp32Classify`
//! - `out_valid` out  1  `in_valid` one cycle later
//! - `sign` `exp` `frac` `exp_eff` `sig` `is_zero` `is_subnormal` `is_normal` `is_inf`
//!   `is_nan` `is_snan`  out  the `Fp32Classify` outputs, registered

/// Clocks from an operand to its unpacked fields.
pub const UNPACK_LATENCY: usize = 1;
use crate::fp32::classify::Fp32Classify;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Fp32Unpack {
    pub clock: Signal<In, Clock>,
    pub in_valid: Signal<In, Bit>,
    pub a: Signal<In, Bits<32>>,
    pub daz: Signal<In, Bit>,
    pub out_valid: Signal<Out, Bit>,
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
    classify: Fp32Classify,
    r_valid: DFF<Bit>,
    r_sign: DFF<Bit>,
    r_exp: DFF<Bits<8>>,
    r_frac: DFF<Bits<23>>,
    r_exp_eff: DFF<Bits<8>>,
    r_sig: DFF<Bits<24>>,
    r_is_zero: DFF<Bit>,
    r_is_subnormal: DFF<Bit>,
    r_is_normal: DFF<Bit>,
    r_is_inf: DFF<Bit>,
    r_is_nan: DFF<Bit>,
    r_is_snan: DFF<Bit>,
}

impl Logic for Fp32Unpack {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, r_valid, r_sign, r_exp, r_frac, r_exp_eff, r_sig, r_is_zero,
            r_is_subnormal, r_is_normal, r_is_inf, r_is_nan, r_is_snan
        );
        self.classify.a.next = self.a.val();
        self.classify.daz.next = self.daz.val();

        self.r_valid.d.next = self.in_valid.val();
        self.r_sign.d.next = self.classify.sign.val();
        self.r_exp.d.next = self.classify.exp.val();
        self.r_frac.d.next = self.classify.frac.val();
        self.r_exp_eff.d.next = self.classify.exp_eff.val();
        self.r_sig.d.next = self.classify.sig.val();
        self.r_is_zero.d.next = self.classify.is_zero.val();
        self.r_is_subnormal.d.next = self.classify.is_subnormal.val();
        self.r_is_normal.d.next = self.classify.is_normal.val();
        self.r_is_inf.d.next = self.classify.is_inf.val();
        self.r_is_nan.d.next = self.classify.is_nan.val();
        self.r_is_snan.d.next = self.classify.is_snan.val();

        self.out_valid.next = self.r_valid.q.val();
        self.sign.next = self.r_sign.q.val();
        self.exp.next = self.r_exp.q.val();
        self.frac.next = self.r_frac.q.val();
        self.exp_eff.next = self.r_exp_eff.q.val();
        self.sig.next = self.r_sig.q.val();
        self.is_zero.next = self.r_is_zero.q.val();
        self.is_subnormal.next = self.r_is_subnormal.q.val();
        self.is_normal.next = self.r_is_normal.q.val();
        self.is_inf.next = self.r_is_inf.q.val();
        self.is_nan.next = self.r_is_nan.q.val();
        self.is_snan.next = self.r_is_snan.q.val();
    }
}

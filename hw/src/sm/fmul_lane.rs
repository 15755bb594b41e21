//! One multiplier of the SFUs' `mul.f32` path ([`crate::sm::fmul::SmFmul`] has eight):
//! `fmul` exactly as the SP datapath computes it (docs/sp-numerics.md): the source
//! modifiers (abs first, then neg), [`Fp32Mul`] (rn, or rz), then `.sat` (NaN and negative
//! results, -0 included, to +0; above 1.0 to 1.0). Combinational.
//!
//! Ports:
//! - `a`, `b`            in  32  the operands as read
//! - `mod_a`, `mod_b`    in   2  source modifiers: bit 0 abs, bit 1 neg
//! - `rz`                in   1  round toward zero (else to nearest-even)
//! - `sat`               in   1  `.sat`
//! - `y`                 out 32  the result
use crate::fp32::bits::{ABS_MASK, ONE, SIGN};
use crate::fp32::mul::Fp32Mul;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct FmulLane {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub mod_a: Signal<In, Bits<2>>,
    pub mod_b: Signal<In, Bits<2>>,
    pub rz: Signal<In, Bit>,
    pub sat: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    mul: Fp32Mul,
    a_abs: Signal<Local, Bits<32>>,
    b_abs: Signal<Local, Bits<32>>,
    fa: Signal<Local, Bits<32>>,
    fb: Signal<Local, Bits<32>>,
    p: Signal<Local, Bits<32>>,
    p_nan: Signal<Local, Bit>,
    y_v: Signal<Local, Bits<32>>,
    k_abs: Constant<Bits<32>>,
    k_sign: Constant<Bits<32>>,
    k_one: Constant<Bits<32>>,
    k_exp: Constant<Bits<32>>,
    k_man: Constant<Bits<32>>,
}

impl Default for FmulLane {
    fn default() -> Self {
        let k = |v: u32| Constant::new((v as u64).into());
        Self {
            a: Default::default(),
            b: Default::default(),
            mod_a: Default::default(),
            mod_b: Default::default(),
            rz: Default::default(),
            sat: Default::default(),
            y: Default::default(),
            mul: Default::default(),
            a_abs: Default::default(),
            b_abs: Default::default(),
            fa: Default::default(),
            fb: Default::default(),
            p: Default::default(),
            p_nan: Default::default(),
            y_v: Default::default(),
            k_abs: k(ABS_MASK),
            k_sign: k(SIGN),
            k_one: k(ONE),
            k_exp: k(0x7F80_0000),
            k_man: k(0x007F_FFFF),
        }
    }
}

impl Logic for FmulLane {
    #[hdl_gen]
    fn update(&mut self) {
        self.a_abs.next = self.a.val();
        if self.mod_a.val().get_bit(0) {
            self.a_abs.next = self.a.val() & self.k_abs.val();
        }
        self.fa.next = self.a_abs.val();
        if self.mod_a.val().get_bit(1) {
            self.fa.next = self.a_abs.val() ^ self.k_sign.val();
        }
        self.b_abs.next = self.b.val();
        if self.mod_b.val().get_bit(0) {
            self.b_abs.next = self.b.val() & self.k_abs.val();
        }
        self.fb.next = self.b_abs.val();
        if self.mod_b.val().get_bit(1) {
            self.fb.next = self.b_abs.val() ^ self.k_sign.val();
        }
        self.mul.a.next = self.fa.val();
        self.mul.b.next = self.fb.val();
        self.mul.rz.next = self.rz.val();
        self.p.next = self.mul.y.val();
        self.p_nan.next = ((self.p.val() & self.k_exp.val()) == self.k_exp.val()) & (self.p.val() & self.k_man.val()).any();
        self.y_v.next = self.p.val();
        if self.sat.val() {
            if self.p.val() > self.k_one.val() {
                self.y_v.next = self.k_one.val();
            }
            if self.p_nan.val() | self.p.val().get_bit(31) {
                self.y_v.next = 0.into();
            }
        }
        self.y.next = self.y_v.val();
    }
}

//! G80 `add.f32` / `sub.f32` (combinational): flushed inputs, one rounding (rn or rz) with
//! an unbounded exponent, flushed result, canonical NaN (docs/sp-numerics.md).
//!
//! Ports:
//! - `a`, `b`  in  32  f32 operands (source modifiers already applied)
//! - `sub`     in   1  compute a - b
//! - `rz`      in   1  round toward zero (else nearest-even)
//! - `y`       out 32  f32 result
use crate::fp32::add_core::Fp32AddCore;
use crate::fp32::classify::Fp32Classify;
use crate::fp32::bits;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32Add {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub sub: Signal<In, Bit>,
    pub rz: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    ca: Fp32Classify,
    cb: Fp32Classify,
    core: Fp32AddCore,
    sb: Signal<Local, Bit>,
    ea: Signal<Local, Bits<10>>,
    eb: Signal<Local, Bits<10>>,
    nan: Signal<Local, Bit>,
    // `y` is assigned once, from this local (see lint::multiple_port_assignments).
    y_v: Signal<Local, Bits<32>>,
    bias: Constant<Bits<10>>,
    zero10: Constant<Bits<10>>,
    canon_nan: Constant<Bits<32>>,
    pos_inf: Constant<Bits<32>>,
    neg_inf: Constant<Bits<32>>,
}

impl Default for Fp32Add {
    fn default() -> Self {
        Self {
            y_v: Default::default(),
            a: Default::default(),
            b: Default::default(),
            sub: Default::default(),
            rz: Default::default(),
            y: Default::default(),
            ca: Default::default(),
            cb: Default::default(),
            core: Default::default(),
            sb: Default::default(),
            ea: Default::default(),
            eb: Default::default(),
            nan: Default::default(),
            bias: Constant::new(128u64.into()),
            zero10: Constant::new(0u64.into()),
            canon_nan: Constant::new((super::bits::CANON_NAN as u64).into()),
            pos_inf: Constant::new((bits::INF as u64).into()),
            neg_inf: Constant::new((bits::NEG_INF as u64).into()),
        }
    }
}

impl Logic for Fp32Add {
    #[hdl_gen]
    fn update(&mut self) {
        self.ca.a.next = self.a.val();
        self.ca.daz.next = true;
        self.cb.a.next = self.b.val();
        self.cb.daz.next = true;
        self.sb.next = self.cb.sign.val() ^ self.sub.val();

        // Unpacked operands for the core; zeros get exponent 0 so they order below all.
        self.ea.next = bit_cast::<10, 8>(self.ca.exp_eff.val()) + self.bias.val();
        if self.ca.is_zero.val() {
            self.ea.next = self.zero10.val();
        }
        self.eb.next = bit_cast::<10, 8>(self.cb.exp_eff.val()) + self.bias.val();
        if self.cb.is_zero.val() {
            self.eb.next = self.zero10.val();
        }
        self.core.x_sign.next = self.ca.sign.val();
        self.core.x_exp.next = self.ea.val();
        self.core.x_sig.next = self.ca.sig.val();
        self.core.y_sign.next = self.sb.val();
        self.core.y_exp.next = self.eb.val();
        self.core.y_sig.next = self.cb.sig.val();
        self.core.rz.next = self.rz.val();

        self.nan.next = self.ca.is_nan.val()
            | self.cb.is_nan.val()
            | (self.ca.is_inf.val() & self.cb.is_inf.val() & (self.ca.sign.val() != self.sb.val()));
        self.y_v.next = self.core.y.val();
        if self.cb.is_inf.val() {
            self.y_v.next = self.pos_inf.val();
            if self.sb.val() {
                self.y_v.next = self.neg_inf.val();
            }
        }
        if self.ca.is_inf.val() {
            self.y_v.next = self.pos_inf.val();
            if self.ca.sign.val() {
                self.y_v.next = self.neg_inf.val();
            }
        }
        if self.nan.val() {
            self.y_v.next = self.canon_nan.val();
        }
        self.y.next = self.y_v.val();
    }
}

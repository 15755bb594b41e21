//! G80 FP32 compare unit (combinational): `min.f32`, `max.f32` and the `setp` comparison of
//! every PTX condition, on flushed inputs with -0 == +0 (docs/sp-numerics.md).
//!
//! Ports:
//! - `a`, `b`  in  32  f32 operands (source modifiers already applied)
//! - `cmp`     in   4  condition: eq ne lt le gt ge equ neu ltu leu gtu geu num nan
//!                     (0..13; 14, 15 are false)
//! - `max`     in   1  `y` is max(a, b) (else min(a, b))
//! - `y`       out 32  min or max: one NaN gives the other operand, both NaN the
//!                     canonical NaN; min(-0, +0) = -0, max(-0, +0) = +0
//! - `p`       out  1  the comparison `a cmp b`
use crate::fp32::classify::Fp32Classify;
use crate::fp32::bits;
use crate::isa::cmp;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Fp32Cmp {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub cmp: Signal<In, Bits<4>>,
    pub max: Signal<In, Bit>,
    pub y: Signal<Out, Bits<32>>,
    pub p: Signal<Out, Bit>,
    ca: Fp32Classify,
    cb: Fp32Classify,
    fa: Signal<Local, Bits<32>>,
    fb: Signal<Local, Bits<32>>,
    ma: Signal<Local, Bits<31>>,
    mb: Signal<Local, Bits<31>>,
    both_zero: Signal<Local, Bit>,
    unordered: Signal<Local, Bit>,
    eq: Signal<Local, Bit>,
    lt: Signal<Local, Bit>,
    cmp_lo: Signal<Local, Bits<3>>,
    // `p` is assigned once, from this local (see lint::multiple_port_assignments).
    p_v: Signal<Local, Bit>,
    // `y` is assigned once, from this local (see lint::multiple_port_assignments).
    y_v: Signal<Local, Bits<32>>,
    k_six: Constant<Bits<3>>,
    cond: Signal<Local, Bits<3>>,
    ord: Signal<Local, Bit>,
    pick_a: Signal<Local, Bit>,
    sign_bit: Constant<Bits<32>>,
    canon_nan: Constant<Bits<32>>,
    k_lt: Constant<Bits<3>>,
    k_le: Constant<Bits<3>>,
    k_gt: Constant<Bits<3>>,
    k_ge: Constant<Bits<3>>,
    k_ne: Constant<Bits<3>>,
    k_equ: Constant<Bits<4>>,
    k_num: Constant<Bits<4>>,
    k_nan: Constant<Bits<4>>,
}

impl Default for Fp32Cmp {
    fn default() -> Self {
        Self {
            y_v: Default::default(),
            p_v: Default::default(),
            a: Default::default(),
            b: Default::default(),
            cmp: Default::default(),
            max: Default::default(),
            y: Default::default(),
            p: Default::default(),
            ca: Default::default(),
            cb: Default::default(),
            fa: Default::default(),
            fb: Default::default(),
            ma: Default::default(),
            mb: Default::default(),
            both_zero: Default::default(),
            unordered: Default::default(),
            eq: Default::default(),
            lt: Default::default(),
            cmp_lo: Default::default(),
            k_six: Constant::new((cmp::UNORDERED as u64).into()),
            cond: Default::default(),
            ord: Default::default(),
            pick_a: Default::default(),
            sign_bit: Constant::new((bits::SIGN as u64).into()),
            canon_nan: Constant::new((super::bits::CANON_NAN as u64).into()),
            k_ne: Constant::new((cmp::NE as u64).into()),
            k_lt: Constant::new((cmp::LT as u64).into()),
            k_le: Constant::new((cmp::LE as u64).into()),
            k_gt: Constant::new((cmp::GT as u64).into()),
            k_ge: Constant::new((cmp::GE as u64).into()),
            k_equ: Constant::new((cmp::EQU as u64).into()),
            k_num: Constant::new((cmp::NUM as u64).into()),
            k_nan: Constant::new((cmp::NAN as u64).into()),
        }
    }
}

impl Logic for Fp32Cmp {
    #[hdl_gen]
    fn update(&mut self) {
        self.ca.a.next = self.a.val();
        self.ca.daz.next = true;
        self.cb.a.next = self.b.val();
        self.cb.daz.next = true;
        // Flushed operands: a subnormal keeps only its sign.
        self.fa.next = self.a.val();
        if self.ca.is_subnormal.val() {
            self.fa.next = self.a.val() & self.sign_bit.val();
        }
        self.fb.next = self.b.val();
        if self.cb.is_subnormal.val() {
            self.fb.next = self.b.val() & self.sign_bit.val();
        }
        self.ma.next = self.fa.val().get_bits::<31>(0);
        self.mb.next = self.fb.val().get_bits::<31>(0);
        self.both_zero.next = self.ca.is_zero.val() & self.cb.is_zero.val();
        self.unordered.next = self.ca.is_nan.val() | self.cb.is_nan.val();

        // Ordered relations of non-NaN values (sign-magnitude order, -0 == +0).
        self.eq.next = (self.fa.val() == self.fb.val()) | self.both_zero.val();
        self.lt.next = self.ma.val() < self.mb.val();
        if self.ca.sign.val() {
            self.lt.next = self.ma.val() > self.mb.val();
        }
        if self.ca.sign.val() != self.cb.sign.val() {
            self.lt.next = self.ca.sign.val() & !self.both_zero.val();
        }

        // cmp 0..5 are eq..ge, 6..11 the same relations unordered (cmp - 6).
        // (cmp - 6) mod 8 only needs the low three bits of cmp.
        self.cmp_lo.next = self.cmp.val().get_bits::<3>(0);
        self.cond.next = self.cmp_lo.val();
        if self.cmp.val() >= self.k_equ.val() {
            self.cond.next = self.cmp_lo.val() - self.k_six.val();
        }
        self.ord.next = self.eq.val();
        if self.cond.val() == self.k_ne.val() {
            self.ord.next = !self.eq.val();
        }
        if self.cond.val() == self.k_lt.val() {
            self.ord.next = self.lt.val();
        }
        if self.cond.val() == self.k_le.val() {
            self.ord.next = self.lt.val() | self.eq.val();
        }
        if self.cond.val() == self.k_gt.val() {
            self.ord.next = !(self.lt.val() | self.eq.val());
        }
        if self.cond.val() == self.k_ge.val() {
            self.ord.next = !self.lt.val();
        }
        self.p_v.next = self.ord.val() & !self.unordered.val();
        if self.cmp.val() >= self.k_equ.val() {
            self.p_v.next = self.ord.val() | self.unordered.val();
        }
        if self.cmp.val() == self.k_num.val() {
            self.p_v.next = !self.unordered.val();
        }
        if self.cmp.val() == self.k_nan.val() {
            self.p_v.next = self.unordered.val();
        }
        if self.cmp.val() > self.k_nan.val() {
            self.p_v.next = false;
        }

        // min/max: equal values differ only for zeros of opposite signs.
        self.pick_a.next = self.lt.val() != self.max.val();
        self.y_v.next = self.fb.val();
        if self.pick_a.val() {
            self.y_v.next = self.fa.val();
        }
        if self.eq.val() {
            self.y_v.next = self.fa.val() | self.fb.val();
            if self.max.val() {
                self.y_v.next = self.fa.val() & self.fb.val();
            }
        }
        if self.cb.is_nan.val() {
            self.y_v.next = self.fa.val();
        }
        if self.ca.is_nan.val() {
            self.y_v.next = self.fb.val();
        }
        if self.ca.is_nan.val() & self.cb.is_nan.val() {
            self.y_v.next = self.canon_nan.val();
        }
        self.p.next = self.p_v.val();
        self.y.next = self.y_v.val();
    }
}

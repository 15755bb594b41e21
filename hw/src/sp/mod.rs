//! The SP datapath: one streaming-processor core of the SM (the SM instantiates 8). One
//! operation per clock, fixed latency of 2 clocks: operands are registered on the first
//! rising edge, every unit (FP32 mul, mad, compare, conversions, integer ALU) works on
//! them in parallel, and the selected result is registered on the second edge. `add.f32`
//! and `sub.f32` run on the MAD unit's adder (`a * 1.0 + (+-b)`, [`Fp32Mad`]): one FP adder
//! per SP, as in the G80.
//! Semantics of every operation: docs/sp-numerics.md.
//!
//! Ports:
//! - `clock`      in   1  rising-edge clock
//! - `in_valid`   in   1  an operation is presented this cycle
//! - `op`         in   6  operation: 0..31 integer ALU op (the `IntAlu` codes: ADD=0 ...
//!                        SELP=24); 32 FADD, 33 FSUB, 34 FMUL, 35 FMAD, 36 FMIN, 37 FMAX,
//!                        38 FSETP (p; y = p ? ~0 : 0), 39 FSET_U32 (y = p ? ~0 : 0),
//!                        40 FSET_F32 (y = p ? 1.0 : 0.0), 41 CVT, 42 MOV (y = a);
//!                        other codes give y = 0, p = 0
//! - `rnd`        in   2  rn=0 rz=1 rm=2 rp=3: FADD/FSUB/FMUL round toward zero only for
//!                        rz (1), otherwise to nearest-even; CVT uses all four
//! - `cmp`        in   4  FSETP/FSET condition (eq..nan, 0..13); integer SETP uses bits 2..0
//! - `cvt_kind`   in   3  CVT conversion (the `Fp32Cvt` kinds)
//! - `is_signed`  in   1  integer ops: .s32 (else .u32)
//! - `sat`        in   1  FADD/FSUB/FMUL/FMAD: clamp the result to [+0, 1.0] (NaN -> +0)
//! - `mod_a`, `mod_b`, `mod_c`  in  2  FP source modifiers of ops 32..40: bit 0 abs, bit 1
//!                        neg (abs first, then neg)
//! - `a`, `b`, `c`  in   32  operands
//! - `p_in`       in   1  predicate operand (integer SELP)
//! - `tag`        in  16  side-band carried with the operation (warp, destination...)
//! - `out_valid`  out  1  `in_valid` two cycles later
//! - `y`          out 32  result of the operation presented two cycles earlier
//! - `p`          out  1  predicate result (SETP) of that operation
//! - `out_tag`    out 16  its `tag`

/// Clocks from an operation to its result (the registry and the SM take it from here).
pub const SP_LATENCY: usize = 2;

pub mod int_alu;
use crate::fp32::bits;
use crate::fp32::cmp::Fp32Cmp;
use crate::fp32::cvt::Fp32Cvt;
use crate::fp32::mad::Fp32Mad;
use crate::fp32::mul::Fp32Mul;
use crate::isa::{sp_op, Rnd};
use crate::sp::int_alu::IntAlu;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct SpDatapath {
    pub clock: Signal<In, Clock>,
    pub in_valid: Signal<In, Bit>,
    pub op: Signal<In, Bits<6>>,
    pub rnd: Signal<In, Bits<2>>,
    pub cmp: Signal<In, Bits<4>>,
    pub cvt_kind: Signal<In, Bits<3>>,
    pub is_signed: Signal<In, Bit>,
    pub sat: Signal<In, Bit>,
    pub mod_a: Signal<In, Bits<2>>,
    pub mod_b: Signal<In, Bits<2>>,
    pub mod_c: Signal<In, Bits<2>>,
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub c: Signal<In, Bits<32>>,
    pub p_in: Signal<In, Bit>,
    pub tag: Signal<In, Bits<16>>,
    pub out_valid: Signal<Out, Bit>,
    pub y: Signal<Out, Bits<32>>,
    pub p: Signal<Out, Bit>,
    pub out_tag: Signal<Out, Bits<16>>,
    // Stage 1: operand registers.
    r_valid: DFF<Bit>,
    r_op: DFF<Bits<6>>,
    r_rnd: DFF<Bits<2>>,
    r_cmp: DFF<Bits<4>>,
    r_kind: DFF<Bits<3>>,
    r_signed: DFF<Bit>,
    r_sat: DFF<Bit>,
    r_mod_a: DFF<Bits<2>>,
    r_mod_b: DFF<Bits<2>>,
    r_mod_c: DFF<Bits<2>>,
    r_a: DFF<Bits<32>>,
    r_b: DFF<Bits<32>>,
    r_c: DFF<Bits<32>>,
    r_p_in: DFF<Bit>,
    r_tag: DFF<Bits<16>>,
    // The units.
    fmul: Fp32Mul,
    fmad: Fp32Mad,
    fcmp: Fp32Cmp,
    cvt: Fp32Cvt,
    alu: IntAlu,
    // Stage 2: result registers.
    o_valid: DFF<Bit>,
    o_y: DFF<Bits<32>>,
    o_p: DFF<Bit>,
    o_tag: DFF<Bits<16>>,
    // Source modifiers.
    fa: Signal<Local, Bits<32>>,
    fb: Signal<Local, Bits<32>>,
    fc: Signal<Local, Bits<32>>,
    fa_abs: Signal<Local, Bits<32>>,
    fb_abs: Signal<Local, Bits<32>>,
    fc_abs: Signal<Local, Bits<32>>,
    is_mad: Signal<Local, Bit>,
    mad_b: Signal<Local, Bits<32>>,
    mad_c: Signal<Local, Bits<32>>,
    is_int: Signal<Local, Bit>,
    int_op: Signal<Local, Bits<5>>,
    arith: Signal<Local, Bits<32>>,
    is_arith: Signal<Local, Bit>,
    sat_nan: Signal<Local, Bit>,
    sat_v: Signal<Local, Bits<32>>,
    res: Signal<Local, Bits<32>>,
    res_p: Signal<Local, Bit>,
    k_fadd: Constant<Bits<6>>,
    k_fsub: Constant<Bits<6>>,
    k_fmul: Constant<Bits<6>>,
    k_fmad: Constant<Bits<6>>,
    k_fmin: Constant<Bits<6>>,
    k_fmax: Constant<Bits<6>>,
    k_fsetp: Constant<Bits<6>>,
    k_fset_u32: Constant<Bits<6>>,
    k_fset_f32: Constant<Bits<6>>,
    k_cvt: Constant<Bits<6>>,
    k_mov: Constant<Bits<6>>,
    k_rz: Constant<Bits<2>>,
    abs_mask: Constant<Bits<32>>,
    sign_bit: Constant<Bits<32>>,
    exp_mask: Constant<Bits<32>>,
    frac_mask: Constant<Bits<32>>,
    one_f32: Constant<Bits<32>>,
    ones32: Constant<Bits<32>>,
    zero32: Constant<Bits<32>>,
}

impl Default for SpDatapath {
    fn default() -> Self {
        let op = |v: u32| Constant::<Bits<6>>::new((v as u64).into());
        let w = |v: u32| Constant::<Bits<32>>::new((v as u64).into());
        Self {
            clock: Default::default(),
            in_valid: Default::default(),
            op: Default::default(),
            rnd: Default::default(),
            cmp: Default::default(),
            cvt_kind: Default::default(),
            is_signed: Default::default(),
            sat: Default::default(),
            mod_a: Default::default(),
            mod_b: Default::default(),
            mod_c: Default::default(),
            a: Default::default(),
            b: Default::default(),
            c: Default::default(),
            p_in: Default::default(),
            tag: Default::default(),
            out_valid: Default::default(),
            y: Default::default(),
            p: Default::default(),
            out_tag: Default::default(),
            r_valid: Default::default(),
            r_op: Default::default(),
            r_rnd: Default::default(),
            r_cmp: Default::default(),
            r_kind: Default::default(),
            r_signed: Default::default(),
            r_sat: Default::default(),
            r_mod_a: Default::default(),
            r_mod_b: Default::default(),
            r_mod_c: Default::default(),
            r_a: Default::default(),
            r_b: Default::default(),
            r_c: Default::default(),
            r_p_in: Default::default(),
            r_tag: Default::default(),
            fmul: Default::default(),
            fmad: Default::default(),
            fcmp: Default::default(),
            cvt: Default::default(),
            alu: Default::default(),
            o_valid: Default::default(),
            o_y: Default::default(),
            o_p: Default::default(),
            o_tag: Default::default(),
            fa: Default::default(),
            fb: Default::default(),
            fc: Default::default(),
            fa_abs: Default::default(),
            fb_abs: Default::default(),
            fc_abs: Default::default(),
            is_mad: Default::default(),
            mad_b: Default::default(),
            mad_c: Default::default(),
            is_int: Default::default(),
            int_op: Default::default(),
            arith: Default::default(),
            is_arith: Default::default(),
            sat_nan: Default::default(),
            sat_v: Default::default(),
            res: Default::default(),
            res_p: Default::default(),
            k_fadd: op(sp_op::FADD),
            k_fsub: op(sp_op::FSUB),
            k_fmul: op(sp_op::FMUL),
            k_fmad: op(sp_op::FMAD),
            k_fmin: op(sp_op::FMIN),
            k_fmax: op(sp_op::FMAX),
            k_fsetp: op(sp_op::FSETP),
            k_fset_u32: op(sp_op::FSET_U32),
            k_fset_f32: op(sp_op::FSET_F32),
            k_cvt: op(sp_op::CVT),
            k_mov: op(sp_op::MOV),
            k_rz: Constant::new((Rnd::Rz as u64).into()),
            abs_mask: w(bits::ABS_MASK),
            sign_bit: w(bits::SIGN),
            exp_mask: w(bits::INF),
            frac_mask: w(bits::FRAC_MASK),
            one_f32: w(bits::ONE),
            ones32: w(u32::MAX),
            zero32: w(0),
        }
    }
}

impl Logic for SpDatapath {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, r_valid, r_op, r_rnd, r_cmp, r_kind, r_signed, r_sat, r_mod_a, r_mod_b, r_mod_c, r_a,
            r_b, r_c, r_p_in, r_tag, o_valid, o_y, o_p, o_tag
        );
        // Stage 1.
        self.r_valid.d.next = self.in_valid.val();
        self.r_op.d.next = self.op.val();
        self.r_rnd.d.next = self.rnd.val();
        self.r_cmp.d.next = self.cmp.val();
        self.r_kind.d.next = self.cvt_kind.val();
        self.r_signed.d.next = self.is_signed.val();
        self.r_sat.d.next = self.sat.val();
        self.r_mod_a.d.next = self.mod_a.val();
        self.r_mod_b.d.next = self.mod_b.val();
        self.r_mod_c.d.next = self.mod_c.val();
        self.r_a.d.next = self.a.val();
        self.r_b.d.next = self.b.val();
        self.r_c.d.next = self.c.val();
        self.r_p_in.d.next = self.p_in.val();
        self.r_tag.d.next = self.tag.val();

        // FP source modifiers: abs clears the sign, then neg flips it.
        self.fa_abs.next = self.r_a.q.val();
        if self.r_mod_a.q.val().get_bit(0) {
            self.fa_abs.next = self.r_a.q.val() & self.abs_mask.val();
        }
        self.fa.next = self.fa_abs.val();
        if self.r_mod_a.q.val().get_bit(1) {
            self.fa.next = self.fa_abs.val() ^ self.sign_bit.val();
        }
        self.fb_abs.next = self.r_b.q.val();
        if self.r_mod_b.q.val().get_bit(0) {
            self.fb_abs.next = self.r_b.q.val() & self.abs_mask.val();
        }
        self.fb.next = self.fb_abs.val();
        if self.r_mod_b.q.val().get_bit(1) {
            self.fb.next = self.fb_abs.val() ^ self.sign_bit.val();
        }
        self.fc_abs.next = self.r_c.q.val();
        if self.r_mod_c.q.val().get_bit(0) {
            self.fc_abs.next = self.r_c.q.val() & self.abs_mask.val();
        }
        self.fc.next = self.fc_abs.val();
        if self.r_mod_c.q.val().get_bit(1) {
            self.fc.next = self.fc_abs.val() ^ self.sign_bit.val();
        }

        // Every unit sees its operands every cycle; the result mux picks one.
        self.fmul.a.next = self.fa.val();
        self.fmul.b.next = self.fb.val();
        self.fmul.rz.next = self.r_rnd.q.val() == self.k_rz.val();
        // The MAD unit: a * b + c for FMAD (nearest-even), a * 1.0 + (+-b) for FADD / FSUB.
        self.is_mad.next = self.r_op.q.val() == self.k_fmad.val();
        self.mad_b.next = self.one_f32.val();
        self.mad_c.next = self.fb.val();
        if self.r_op.q.val() == self.k_fsub.val() {
            self.mad_c.next = self.fb.val() ^ self.sign_bit.val();
        }
        if self.is_mad.val() {
            self.mad_b.next = self.fb.val();
            self.mad_c.next = self.fc.val();
        }
        self.fmad.a.next = self.fa.val();
        self.fmad.b.next = self.mad_b.val();
        self.fmad.c.next = self.mad_c.val();
        self.fmad.rz.next = (!self.is_mad.val()) & (self.r_rnd.q.val() == self.k_rz.val());
        self.fcmp.a.next = self.fa.val();
        self.fcmp.b.next = self.fb.val();
        self.fcmp.cmp.next = self.r_cmp.q.val();
        self.fcmp.max.next = self.r_op.q.val() == self.k_fmax.val();
        self.cvt.a.next = self.r_a.q.val();
        self.cvt.kind.next = self.r_kind.q.val();
        self.cvt.rnd.next = self.r_rnd.q.val();
        self.is_int.next = !self.r_op.q.val().get_bit(5);
        self.int_op.next = self.r_op.q.val().get_bits::<5>(0);
        self.alu.a.next = self.r_a.q.val();
        self.alu.b.next = self.r_b.q.val();
        self.alu.c.next = self.r_c.q.val();
        self.alu.op.next = self.int_op.val();
        self.alu.is_signed.next = self.r_signed.q.val();
        self.alu.cmp.next = self.r_cmp.q.val().get_bits::<3>(0);
        self.alu.p_in.next = self.r_p_in.q.val();

        // FP arithmetic result, with .sat: NaN and negatives (-0 too) to +0, above 1 to 1.
        self.arith.next = self.fmad.y.val();
        if self.r_op.q.val() == self.k_fmul.val() {
            self.arith.next = self.fmul.y.val();
        }
        self.is_arith.next = (self.r_op.q.val() == self.k_fadd.val())
            | (self.r_op.q.val() == self.k_fsub.val())
            | (self.r_op.q.val() == self.k_fmul.val())
            | (self.r_op.q.val() == self.k_fmad.val());
        self.sat_nan.next = ((self.arith.val() & self.exp_mask.val()) == self.exp_mask.val())
            & ((self.arith.val() & self.frac_mask.val()) != self.zero32.val());
        self.sat_v.next = self.arith.val();
        if self.arith.val() > self.one_f32.val() {
            self.sat_v.next = self.one_f32.val();
        }
        if self.sat_nan.val() | self.arith.val().get_bit(31) {
            self.sat_v.next = self.zero32.val();
        }

        self.res.next = self.zero32.val();
        self.res_p.next = false;
        if self.is_arith.val() {
            self.res.next = self.arith.val();
            if self.r_sat.q.val() {
                self.res.next = self.sat_v.val();
            }
        }
        if (self.r_op.q.val() == self.k_fmin.val()) | (self.r_op.q.val() == self.k_fmax.val()) {
            self.res.next = self.fcmp.y.val();
        }
        if (self.r_op.q.val() == self.k_fsetp.val()) | (self.r_op.q.val() == self.k_fset_u32.val()) {
            self.res_p.next = self.fcmp.p.val();
            if self.fcmp.p.val() {
                self.res.next = self.ones32.val();
            }
        }
        if self.r_op.q.val() == self.k_fset_f32.val() {
            self.res_p.next = self.fcmp.p.val();
            if self.fcmp.p.val() {
                self.res.next = self.one_f32.val();
            }
        }
        if self.r_op.q.val() == self.k_cvt.val() {
            self.res.next = self.cvt.y.val();
        }
        if self.r_op.q.val() == self.k_mov.val() {
            self.res.next = self.r_a.q.val();
        }
        if self.is_int.val() {
            self.res.next = self.alu.y.val();
            self.res_p.next = self.alu.p.val();
        }

        // Stage 2.
        self.o_valid.d.next = self.r_valid.q.val();
        self.o_y.d.next = self.res.val();
        self.o_p.d.next = self.res_p.val();
        self.o_tag.d.next = self.r_tag.q.val();
        self.out_valid.next = self.o_valid.q.val();
        self.y.next = self.o_y.q.val();
        self.p.next = self.o_p.q.val();
        self.out_tag.next = self.o_tag.q.val();
    }
}

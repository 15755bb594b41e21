//! The SP datapath: one streaming-processor core of the SM (the SM instantiates 8). One
//! operation per clock, fixed latency of [`SP_LATENCY`] = 5 clocks, in five named stages
//! with a register at the end of each:
//! 1. operands (`r_*`): the operation as presented.
//! 2. product (`m_*`): the source modifiers; the one FP multiplier ([`Fp32Product`]:
//!    classify and the 24 x 24 significand product, for FMUL and the MAD unit alike); the
//!    MAD unit's truncation ([`Fp32MadOperands`]: the adder's two operands and the special
//!    result); the conversions' decode and shift ([`Fp32CvtShift`]); the compare, the
//!    integer ALU and the choice among their results.
//! 3. sum (`s_*`): the MAD adder's order, align and add ([`Fp32AddAlign`]); FMUL's
//!    rounding ([`Fp32MulRound`]), the conversions' normalize and round ([`Fp32CvtNorm`]),
//!    or the other result.
//! 4. normalize (`n_*`): the MAD adder's leading-one shift ([`Fp32AddNorm`]).
//! 5. result (`o_*`): the MAD adder's rounding ([`Fp32AddRound`]), the special result,
//!    MAD or other, `.sat`.
//!
//! `add.f32` and `sub.f32` run on the MAD unit's adder (`a * 1.0 + (+-b)`, as
//! [`Fp32Mad`](crate::fp32::mad::Fp32Mad) does): one FP adder per SP, as in the G80.
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
//! - `out_valid`  out  1  `in_valid` `SP_LATENCY` cycles later
//! - `y`          out 32  result of the operation presented `SP_LATENCY` cycles earlier
//! - `p`          out  1  predicate result (SETP) of that operation
//! - `out_tag`    out 16  its `tag`

/// Clocks from an operation to its result (the registry and the SM take it from here).
pub const SP_LATENCY: usize = 5;

pub mod int_alu;
use crate::fp32::add_align::Fp32AddAlign;
use crate::fp32::add_norm::Fp32AddNorm;
use crate::fp32::add_round::Fp32AddRound;
use crate::fp32::bits;
use crate::fp32::cmp::Fp32Cmp;
use crate::fp32::cvt_norm::Fp32CvtNorm;
use crate::fp32::cvt_shift::Fp32CvtShift;
use crate::fp32::mad_operands::Fp32MadOperands;
use crate::fp32::mul_round::Fp32MulRound;
use crate::fp32::product::Fp32Product;
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
    // Stage 2, product: the units.
    fprod: Fp32Product,
    mad_ops: Fp32MadOperands,
    fcmp: Fp32Cmp,
    cvt_shift: Fp32CvtShift,
    alu: IntAlu,
    // Stage 2 registers: the adder's operands, the special result, the other units' result.
    m_valid: DFF<Bit>,
    m_tag: DFF<Bits<16>>,
    m_x_sign: DFF<Bit>,
    m_x_exp: DFF<Bits<10>>,
    m_x_sig: DFF<Bits<24>>,
    m_y_sign: DFF<Bit>,
    m_y_exp: DFF<Bits<10>>,
    m_y_sig: DFF<Bits<24>>,
    // FADD, FSUB, FMUL: round toward zero (the adder in stage 5, FMUL in stage 3)
    m_rz: DFF<Bit>,
    m_special: DFF<Bit>,
    m_special_y: DFF<Bits<32>>,
    m_mad: DFF<Bit>,
    m_sat: DFF<Bit>,
    m_other: DFF<Bits<32>>,
    m_other_p: DFF<Bit>,
    m_fmul: DFF<Bit>,
    m_p_hi: DFF<Bits<24>>,
    m_p_lo: DFF<Bits<24>>,
    m_p_sign: DFF<Bit>,
    m_p_esum: DFF<Bits<10>>,
    m_p_zero: DFF<Bit>,
    m_p_inf: DFF<Bit>,
    m_p_nan: DFF<Bit>,
    m_cvt: DFF<Bit>,
    m_cvt_rnd: DFF<Bits<2>>,
    m_cvt_done: DFF<Bit>,
    m_cvt_early: DFF<Bits<32>>,
    m_cvt_nm: DFF<Bits<32>>,
    m_cvt_ns: DFF<Bit>,
    m_cvt_nbase: DFF<Bits<8>>,
    // Stage 3, sum.
    align: Fp32AddAlign,
    mul_round: Fp32MulRound,
    cvt_norm: Fp32CvtNorm,
    s_valid: DFF<Bit>,
    s_tag: DFF<Bits<16>>,
    s_sum: DFF<Bits<28>>,
    s_sign: DFF<Bit>,
    s_both_neg: DFF<Bit>,
    s_exp: DFF<Bits<10>>,
    s_rz: DFF<Bit>,
    s_special: DFF<Bit>,
    s_special_y: DFF<Bits<32>>,
    s_mad: DFF<Bit>,
    s_sat: DFF<Bit>,
    s_other: DFF<Bits<32>>,
    s_other_p: DFF<Bit>,
    // Stage 4, normalize.
    norm: Fp32AddNorm,
    n_valid: DFF<Bit>,
    n_tag: DFF<Bits<16>>,
    n_sign: DFF<Bit>,
    n_both_neg: DFF<Bit>,
    n_zero: DFF<Bit>,
    n_exp: DFF<Bits<11>>,
    n_frac: DFF<Bits<23>>,
    n_g: DFF<Bit>,
    n_rs: DFF<Bit>,
    n_rz: DFF<Bit>,
    n_special: DFF<Bit>,
    n_special_y: DFF<Bits<32>>,
    n_mad: DFF<Bit>,
    n_sat: DFF<Bit>,
    n_other: DFF<Bits<32>>,
    n_other_p: DFF<Bit>,
    // Stage 5, result.
    round: Fp32AddRound,
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
    mad_y: Signal<Local, Bits<32>>,
    is_arith: Signal<Local, Bit>,
    other: Signal<Local, Bits<32>>,
    other_p: Signal<Local, Bit>,
    res: Signal<Local, Bits<32>>,
    sat_nan: Signal<Local, Bit>,
    sat_v: Signal<Local, Bits<32>>,
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
            fprod: Default::default(),
            mad_ops: Default::default(),
            fcmp: Default::default(),
            cvt_shift: Default::default(),
            alu: Default::default(),
            m_valid: Default::default(),
            m_tag: Default::default(),
            m_x_sign: Default::default(),
            m_x_exp: Default::default(),
            m_x_sig: Default::default(),
            m_y_sign: Default::default(),
            m_y_exp: Default::default(),
            m_y_sig: Default::default(),
            m_rz: Default::default(),
            m_special: Default::default(),
            m_special_y: Default::default(),
            m_mad: Default::default(),
            m_sat: Default::default(),
            m_other: Default::default(),
            m_other_p: Default::default(),
            m_fmul: Default::default(),
            m_p_hi: Default::default(),
            m_p_lo: Default::default(),
            m_p_sign: Default::default(),
            m_p_esum: Default::default(),
            m_p_zero: Default::default(),
            m_p_inf: Default::default(),
            m_p_nan: Default::default(),
            m_cvt: Default::default(),
            m_cvt_rnd: Default::default(),
            m_cvt_done: Default::default(),
            m_cvt_early: Default::default(),
            m_cvt_nm: Default::default(),
            m_cvt_ns: Default::default(),
            m_cvt_nbase: Default::default(),
            align: Default::default(),
            mul_round: Default::default(),
            cvt_norm: Default::default(),
            s_valid: Default::default(),
            s_tag: Default::default(),
            s_sum: Default::default(),
            s_sign: Default::default(),
            s_both_neg: Default::default(),
            s_exp: Default::default(),
            s_rz: Default::default(),
            s_special: Default::default(),
            s_special_y: Default::default(),
            s_mad: Default::default(),
            s_sat: Default::default(),
            s_other: Default::default(),
            s_other_p: Default::default(),
            norm: Default::default(),
            n_valid: Default::default(),
            n_tag: Default::default(),
            n_sign: Default::default(),
            n_both_neg: Default::default(),
            n_zero: Default::default(),
            n_exp: Default::default(),
            n_frac: Default::default(),
            n_g: Default::default(),
            n_rs: Default::default(),
            n_rz: Default::default(),
            n_special: Default::default(),
            n_special_y: Default::default(),
            n_mad: Default::default(),
            n_sat: Default::default(),
            n_other: Default::default(),
            n_other_p: Default::default(),
            round: Default::default(),
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
            mad_y: Default::default(),
            is_arith: Default::default(),
            other: Default::default(),
            other_p: Default::default(),
            res: Default::default(),
            sat_nan: Default::default(),
            sat_v: Default::default(),
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
            self, clock, r_valid, r_op, r_rnd, r_cmp, r_kind, r_signed, r_sat, r_mod_a, r_mod_b,
            r_mod_c, r_a, r_b, r_c, r_p_in, r_tag, m_valid, m_tag, m_x_sign, m_x_exp, m_x_sig,
            m_y_sign, m_y_exp, m_y_sig, m_rz, m_special, m_special_y, m_mad, m_sat, m_other,
            m_other_p, m_fmul, m_p_hi, m_p_lo, m_p_sign, m_p_esum, m_p_zero, m_p_inf,
            m_p_nan, m_cvt, m_cvt_rnd, m_cvt_done, m_cvt_early, m_cvt_nm, m_cvt_ns, m_cvt_nbase,
            s_valid, s_tag, s_sum, s_sign, s_both_neg, s_exp, s_rz, s_special, s_special_y, s_mad,
            s_sat, s_other, s_other_p, n_valid, n_tag, n_sign, n_both_neg, n_zero, n_exp, n_frac,
            n_g, n_rs, n_rz, n_special, n_special_y, n_mad, n_sat, n_other, n_other_p, o_valid, o_y,
            o_p, o_tag
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

        // Every unit sees its operands every cycle; the result mux picks one. The one
        // multiplier: a * b for FMUL and FMAD, a * 1.0 for FADD / FSUB; the MAD unit adds
        // c (FMAD, nearest-even) or +-b (FADD / FSUB).
        self.is_mad.next = self.r_op.q.val() == self.k_fmad.val();
        self.mad_b.next = self.fb.val();
        self.mad_c.next = self.fb.val();
        if (self.r_op.q.val() == self.k_fadd.val()) | (self.r_op.q.val() == self.k_fsub.val()) {
            self.mad_b.next = self.one_f32.val();
        }
        if self.r_op.q.val() == self.k_fsub.val() {
            self.mad_c.next = self.fb.val() ^ self.sign_bit.val();
        }
        if self.is_mad.val() {
            self.mad_c.next = self.fc.val();
        }
        self.fprod.a.next = self.fa.val();
        self.fprod.b.next = self.mad_b.val();
        self.mad_ops.hi.next = self.fprod.hi.val();
        self.mad_ops.lo23.next = self.fprod.lo.val().get_bit(23);
        self.mad_ops.p_sign.next = self.fprod.sign.val();
        self.mad_ops.esum.next = self.fprod.esum.val();
        self.mad_ops.p_zero.next = self.fprod.zero.val();
        self.mad_ops.p_inf.next = self.fprod.inf.val();
        self.mad_ops.p_nan.next = self.fprod.nan.val();
        self.mad_ops.c.next = self.mad_c.val();
        self.fcmp.a.next = self.fa.val();
        self.fcmp.b.next = self.fb.val();
        self.fcmp.cmp.next = self.r_cmp.q.val();
        self.fcmp.max.next = self.r_op.q.val() == self.k_fmax.val();
        self.cvt_shift.a.next = self.r_a.q.val();
        self.cvt_shift.kind.next = self.r_kind.q.val();
        self.cvt_shift.rnd.next = self.r_rnd.q.val();
        self.is_int.next = !self.r_op.q.val().get_bit(5);
        self.int_op.next = self.r_op.q.val().get_bits::<5>(0);
        self.alu.a.next = self.r_a.q.val();
        self.alu.b.next = self.r_b.q.val();
        self.alu.c.next = self.r_c.q.val();
        self.alu.op.next = self.int_op.val();
        self.alu.is_signed.next = self.r_signed.q.val();
        self.alu.cmp.next = self.r_cmp.q.val().get_bits::<3>(0);
        self.alu.p_in.next = self.r_p_in.q.val();

        // The result of every op but the MAD unit's, FMUL and CVT.
        self.other.next = self.zero32.val();
        self.other_p.next = false;
        if (self.r_op.q.val() == self.k_fmin.val()) | (self.r_op.q.val() == self.k_fmax.val()) {
            self.other.next = self.fcmp.y.val();
        }
        if (self.r_op.q.val() == self.k_fsetp.val()) | (self.r_op.q.val() == self.k_fset_u32.val()) {
            self.other_p.next = self.fcmp.p.val();
            if self.fcmp.p.val() {
                self.other.next = self.ones32.val();
            }
        }
        if self.r_op.q.val() == self.k_fset_f32.val() {
            self.other_p.next = self.fcmp.p.val();
            if self.fcmp.p.val() {
                self.other.next = self.one_f32.val();
            }
        }
        if self.r_op.q.val() == self.k_mov.val() {
            self.other.next = self.r_a.q.val();
        }
        if self.is_int.val() {
            self.other.next = self.alu.y.val();
            self.other_p.next = self.alu.p.val();
        }
        self.is_arith.next = (self.r_op.q.val() == self.k_fadd.val())
            | (self.r_op.q.val() == self.k_fsub.val())
            | (self.r_op.q.val() == self.k_fmul.val())
            | (self.r_op.q.val() == self.k_fmad.val());

        // Stage 2 registers.
        self.m_valid.d.next = self.r_valid.q.val();
        self.m_tag.d.next = self.r_tag.q.val();
        self.m_x_sign.d.next = self.mad_ops.x_sign.val();
        self.m_x_exp.d.next = self.mad_ops.x_exp.val();
        self.m_x_sig.d.next = self.mad_ops.x_sig.val();
        self.m_y_sign.d.next = self.mad_ops.y_sign.val();
        self.m_y_exp.d.next = self.mad_ops.y_exp.val();
        self.m_y_sig.d.next = self.mad_ops.y_sig.val();
        self.m_rz.d.next = (!self.is_mad.val()) & (self.r_rnd.q.val() == self.k_rz.val());
        self.m_special.d.next = self.mad_ops.special.val();
        self.m_special_y.d.next = self.mad_ops.special_y.val();
        self.m_mad.d.next = (self.r_op.q.val() == self.k_fadd.val())
            | (self.r_op.q.val() == self.k_fsub.val())
            | self.is_mad.val();
        self.m_sat.d.next = self.r_sat.q.val() & self.is_arith.val();
        self.m_other.d.next = self.other.val();
        self.m_other_p.d.next = self.other_p.val();
        self.m_fmul.d.next = self.r_op.q.val() == self.k_fmul.val();
        self.m_p_hi.d.next = self.fprod.hi.val();
        self.m_p_lo.d.next = self.fprod.lo.val();
        self.m_p_sign.d.next = self.fprod.sign.val();
        self.m_p_esum.d.next = self.fprod.esum.val();
        self.m_p_zero.d.next = self.fprod.zero.val();
        self.m_p_inf.d.next = self.fprod.inf.val();
        self.m_p_nan.d.next = self.fprod.nan.val();
        self.m_cvt.d.next = self.r_op.q.val() == self.k_cvt.val();
        self.m_cvt_rnd.d.next = self.r_rnd.q.val();
        self.m_cvt_done.d.next = self.cvt_shift.done.val();
        self.m_cvt_early.d.next = self.cvt_shift.early.val();
        self.m_cvt_nm.d.next = self.cvt_shift.nm.val();
        self.m_cvt_ns.d.next = self.cvt_shift.ns.val();
        self.m_cvt_nbase.d.next = self.cvt_shift.nbase.val();

        // Stage 3: the MAD adder's align and add.
        self.align.x_sign.next = self.m_x_sign.q.val();
        self.align.x_exp.next = self.m_x_exp.q.val();
        self.align.x_sig.next = self.m_x_sig.q.val();
        self.align.y_sign.next = self.m_y_sign.q.val();
        self.align.y_exp.next = self.m_y_exp.q.val();
        self.align.y_sig.next = self.m_y_sig.q.val();
        self.s_valid.d.next = self.m_valid.q.val();
        self.s_tag.d.next = self.m_tag.q.val();
        self.s_sum.d.next = self.align.sum.val();
        self.s_sign.d.next = self.align.sign.val();
        self.s_both_neg.d.next = self.align.both_neg.val();
        self.s_exp.d.next = self.align.exp.val();
        self.s_rz.d.next = self.m_rz.q.val();
        self.s_special.d.next = self.m_special.q.val();
        self.s_special_y.d.next = self.m_special_y.q.val();
        self.s_mad.d.next = self.m_mad.q.val();
        self.s_sat.d.next = self.m_sat.q.val();
        self.cvt_norm.rnd.next = self.m_cvt_rnd.q.val();
        self.cvt_norm.done.next = self.m_cvt_done.q.val();
        self.cvt_norm.early.next = self.m_cvt_early.q.val();
        self.cvt_norm.nm.next = self.m_cvt_nm.q.val();
        self.cvt_norm.ns.next = self.m_cvt_ns.q.val();
        self.cvt_norm.nbase.next = self.m_cvt_nbase.q.val();
        self.mul_round.hi.next = self.m_p_hi.q.val();
        self.mul_round.lo.next = self.m_p_lo.q.val();
        self.mul_round.sign.next = self.m_p_sign.q.val();
        self.mul_round.esum.next = self.m_p_esum.q.val();
        self.mul_round.zero.next = self.m_p_zero.q.val();
        self.mul_round.inf.next = self.m_p_inf.q.val();
        self.mul_round.nan.next = self.m_p_nan.q.val();
        self.mul_round.rz.next = self.m_rz.q.val();
        self.s_other.d.next = self.m_other.q.val();
        if self.m_fmul.q.val() {
            self.s_other.d.next = self.mul_round.y.val();
        }
        if self.m_cvt.q.val() {
            self.s_other.d.next = self.cvt_norm.y.val();
        }
        self.s_other_p.d.next = self.m_other_p.q.val();

        // Stage 4: the leading-one shift.
        self.norm.sum.next = self.s_sum.q.val();
        self.norm.exp.next = self.s_exp.q.val();
        self.n_valid.d.next = self.s_valid.q.val();
        self.n_tag.d.next = self.s_tag.q.val();
        self.n_sign.d.next = self.s_sign.q.val();
        self.n_both_neg.d.next = self.s_both_neg.q.val();
        self.n_zero.d.next = self.norm.zero.val();
        self.n_exp.d.next = self.norm.n_exp.val();
        self.n_frac.d.next = self.norm.frac.val();
        self.n_g.d.next = self.norm.g.val();
        self.n_rs.d.next = self.norm.rs.val();
        self.n_rz.d.next = self.s_rz.q.val();
        self.n_special.d.next = self.s_special.q.val();
        self.n_special_y.d.next = self.s_special_y.q.val();
        self.n_mad.d.next = self.s_mad.q.val();
        self.n_sat.d.next = self.s_sat.q.val();
        self.n_other.d.next = self.s_other.q.val();
        self.n_other_p.d.next = self.s_other_p.q.val();

        // Stage 5: round, the special result, then `.sat` (NaN and negatives, -0 too, to
        // +0, above 1 to 1).
        self.round.sign.next = self.n_sign.q.val();
        self.round.both_neg.next = self.n_both_neg.q.val();
        self.round.zero.next = self.n_zero.q.val();
        self.round.n_exp.next = self.n_exp.q.val();
        self.round.frac.next = self.n_frac.q.val();
        self.round.g.next = self.n_g.q.val();
        self.round.rs.next = self.n_rs.q.val();
        self.round.rz.next = self.n_rz.q.val();
        self.mad_y.next = self.round.y.val();
        if self.n_special.q.val() {
            self.mad_y.next = self.n_special_y.q.val();
        }
        self.res.next = self.n_other.q.val();
        if self.n_mad.q.val() {
            self.res.next = self.mad_y.val();
        }
        self.sat_nan.next = ((self.res.val() & self.exp_mask.val()) == self.exp_mask.val())
            & ((self.res.val() & self.frac_mask.val()) != self.zero32.val());
        self.sat_v.next = self.res.val();
        if self.res.val() > self.one_f32.val() {
            self.sat_v.next = self.one_f32.val();
        }
        if self.sat_nan.val() | self.res.val().get_bit(31) {
            self.sat_v.next = self.zero32.val();
        }

        self.o_valid.d.next = self.n_valid.q.val();
        self.o_y.d.next = self.res.val();
        if self.n_sat.q.val() {
            self.o_y.d.next = self.sat_v.val();
        }
        self.o_p.d.next = self.n_other_p.q.val();
        self.o_tag.d.next = self.n_tag.q.val();
        self.out_valid.next = self.o_valid.q.val();
        self.y.next = self.o_y.q.val();
        self.p.next = self.o_p.q.val();
        self.out_tag.next = self.o_tag.q.val();
    }
}

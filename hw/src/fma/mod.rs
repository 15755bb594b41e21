//! The FMA unit (Figure C.6.2): IEEE 754-2008 fused multiply-add for binary64 and
//! binary32 with one rounding, full subnormal support, rounding modes rn rz rm rp and
//! ties-away, flags, optional binary32 flush-to-zero; the same datapath does add, sub,
//! mul and the conversions binary32 <-> binary64 and integer -> float; float -> integer
//! has its own shifter and rounder beside it ([`FmaF2iShift`], [`FmaF2iRound`]).
//! Numeric contract: docs/fma-numerics.md.
//!
//! Pipeline: one operation per clock, latency [`FMA_LATENCY`] clocks, one per stage below
//! (an operation presented before a rising edge is on `y`/`flags`/`out_valid`
//! `FMA_LATENCY` rising edges later). Stages, named by role (the numbers of those that
//! feed a delay line are the constants below):
//! 1. unpack (inputs -> r1): unpack and select operands, the multiplier operands' leading
//!    zeros, special values ([`FmaUnpack`]); beside it the float-to-integer conversion's
//!    shift to a fixed binary point ([`FmaF2iShift`]).
//! 2. scale (r1 -> r2): normalise subnormal multiplier operands, exponent datapath
//!    (alignment shift, window exponent) ([`FmaScale`]); beside it the float-to-integer
//!    conversion's rounding and saturation ([`FmaF2iRound`]), whose result takes the
//!    special path.
//! 3. product (r2 -> r3): 53x53 product in carry-save form from nine 18x18 digit products
//!    ([`FmaMul`]); addend inverted and aligned into the 161-bit window ([`FmaAlign`]); 3:2
//!    carry-save adder ([`FmaCsa`]).
//! 4. sum (r3 -> r4): carry-propagate adder ([`FmaCpa`]).
//! 5. magnitude (r4 -> r5): recomplement ([`FmaRecomp`]).
//! 6. count (r5 -> r6): leading- and trailing-zero counts ([`FmaLzc`]); beside them the
//!    normalisation limit ([`FmaLimit`]).
//! 7. normalize (r6 -> r7): shift, significand, guard and sticky (from the counts),
//!    exponent ([`FmaNorm`]).
//! 8. round (r7 -> outputs): round, pack, flags, special results ([`FmaRound`]).
//!
//! The side band (signs, mode, special result, window exponent, the addend's sticky bit)
//! waits in delay lines from the stage that makes it to the stage that reads it.
//!
//! Wide values cross the stages as limbs of at most 64 bits; the wide blocks are
//! hand-written Verilog with native Rust models (rust-hdl has no multiplier above 16x16
//! and simulates wide values bit by bit).
//!
//! Ports:
//! - `clock`      in   1  rising-edge clock
//! - `in_valid`   in   1  an operation is presented
//! - `op`         in   3  0 fma a*b+c, 1 add a+b, 2 sub a-b, 3 mul a*b, 4 (and 7) cvt: a in
//!                        the other format converted to `fmt`; 5 cvt: a, an integer of
//!                        type `ity`, converted to `fmt`; 6 cvt: a, in `fmt`, converted
//!                        to an integer of type `ity` (saturating)
//! - `ity`        in   2  integer type of ops 5 and 6: 0 u32, 1 s32, 2 u64, 3 s64 (32-bit
//!                        integers in the low 32 bits; result high bits 0)
//! - `fmt`        in   1  1 binary64, 0 binary32 (operands and result in the low 32 bits)
//! - `rnd`        in   3  0 rn, 1 rz, 2 rm, 3 rp, 4 rna (ties away; 5..7 also rna)
//! - `ftz`        in   1  binary32 fma: flush subnormal inputs and results to signed zero
//! - `a`, `b`, `c` in 64  operands
//! - `out_valid`  out  1  `in_valid`, `FMA_LATENCY` clocks later
//! - `y`          out 64  result (binary32: high 32 bits zero)
//! - `flags`      out  4  bit 0 inexact, 1 underflow, 2 overflow, 3 invalid

pub mod align;
pub mod cpa;
pub mod csa;
pub mod f2i_round;
pub mod f2i_shift;
pub mod limit;
pub mod lzc;
pub mod mul;
pub mod norm;
pub mod recomp;
pub mod round;
pub mod scale;
pub mod unpack;
pub mod wide;
use crate::fma::align::FmaAlign;
use crate::fma::cpa::FmaCpa;
use crate::fma::csa::FmaCsa;
use crate::fma::f2i_round::FmaF2iRound;
use crate::fma::f2i_shift::FmaF2iShift;
use crate::fma::limit::FmaLimit;
use crate::fma::lzc::FmaLzc;
use crate::fma::mul::FmaMul;
use crate::fma::norm::FmaNorm;
use crate::fma::recomp::FmaRecomp;
use crate::fma::round::FmaRound;
use crate::fma::scale::FmaScale;
use crate::fma::unpack::FmaUnpack;
use crate::prim::delay::Delay;
use rust_hdl::prelude::*;

// The stages, numbered as in the list above (sum 4 and magnitude 5 feed no delay line):
// a stage's outputs are registered at the end of its clock, so a value made in stage `a`
// and read in stage `b` waits `b - a` clocks.
const UNPACK: usize = 1;
const SCALE: usize = 2;
const PRODUCT: usize = 3;
const COUNT: usize = 6;
const NORMALIZE: usize = 7;
const ROUND: usize = 8;

/// Pipeline latency in clocks: the round stage is the last.
pub const FMA_LATENCY: usize = ROUND;

#[derive(LogicBlock, Default)]
pub struct Fma {
    pub clock: Signal<In, Clock>,
    pub in_valid: Signal<In, Bit>,
    pub op: Signal<In, Bits<3>>,
    pub ity: Signal<In, Bits<2>>,
    pub fmt: Signal<In, Bit>,
    pub rnd: Signal<In, Bits<3>>,
    pub ftz: Signal<In, Bit>,
    pub a: Signal<In, Bits<64>>,
    pub b: Signal<In, Bits<64>>,
    pub c: Signal<In, Bits<64>>,
    pub out_valid: Signal<Out, Bit>,
    pub y: Signal<Out, Bits<64>>,
    pub flags: Signal<Out, Bits<4>>,
    unpack: FmaUnpack,
    scale: FmaScale,
    mul: FmaMul,
    align: FmaAlign,
    csa: FmaCsa,
    cpa: FmaCpa,
    recomp: FmaRecomp,
    lzc: FmaLzc,
    limit: FmaLimit,
    norm: FmaNorm,
    round: FmaRound,
    f2i_shift: FmaF2iShift,
    f2i_round: FmaF2iRound,
    // Datapath registers, named by the stage they end: r1 unpack, r2 scale, r3 product,
    // r4 sum, r5 magnitude, r6 count, r7 normalize, o round.
    r1_xm: DFF<Bits<53>>,
    r1_ym: DFF<Bits<53>>,
    r1_xlz: DFF<Bits<6>>,
    r1_ylz: DFF<Bits<6>>,
    r1_xe: DFF<Bits<14>>,
    r1_ye: DFF<Bits<14>>,
    r1_ze: DFF<Bits<14>>,
    r1_pzero: DFF<Bit>,
    r1_mc: DFF<Bits<53>>,
    r1_sub: DFF<Bit>,
    r1_spec: DFF<Bit>,
    r1_spec_y: DFF<Bits<64>>,
    r1_spec_nv: DFF<Bit>,
    r1_f2i: DFF<Bit>,
    r1_fx_s: DFF<Bit>,
    r1_fx_ip: DFF<Bits<64>>,
    r1_fx_g: DFF<Bit>,
    r1_fx_st: DFF<Bit>,
    r1_fx_huge: DFF<Bit>,
    r1_fx_nan: DFF<Bit>,
    r1_fx_inf: DFF<Bit>,
    r1_ity: DFF<Bits<2>>,
    r1_rnd: DFF<Bits<3>>,
    r2_ma: DFF<Bits<53>>,
    r2_mb: DFF<Bits<53>>,
    r2_mc: DFF<Bits<53>>,
    r2_shr: DFF<Bits<8>>,
    r2_sub: DFF<Bit>,
    r3_s0: DFF<Bits<64>>,
    r3_s1: DFF<Bits<64>>,
    r3_s2: DFF<Bits<34>>,
    r3_c0: DFF<Bits<64>>,
    r3_c1: DFF<Bits<64>>,
    r3_c2: DFF<Bits<34>>,
    r3_cin: DFF<Bit>,
    r4_t0: DFF<Bits<64>>,
    r4_t1: DFF<Bits<64>>,
    r4_t2: DFF<Bits<34>>,
    r5_m0: DFF<Bits<64>>,
    r5_m1: DFF<Bits<64>>,
    r5_m2: DFF<Bits<33>>,
    r5_neg: DFF<Bit>,
    r6_m0: DFF<Bits<64>>,
    r6_m1: DFF<Bits<64>>,
    r6_m2: DFF<Bits<33>>,
    r6_lz: DFF<Bits<8>>,
    r6_tz: DFF<Bits<8>>,
    r6_lim: DFF<Bits<14>>,
    r6_fmt: DFF<Bit>,
    r6_neg: DFF<Bit>,
    r7_q: DFF<Bits<53>>,
    r7_g: DFF<Bit>,
    r7_st: DFF<Bit>,
    r7_eb1: DFF<Bits<14>>,
    r7_tiny: DFF<Bit>,
    r7_ezero: DFF<Bit>,
    r7_neg: DFF<Bit>,
    o_y: DFF<Bits<64>>,
    o_flags: DFF<Bits<4>>,
    // Side band, from the stage that makes it to the stage that reads it.
    valid_d: Delay<Bit, FMA_LATENCY>,
    sticky_d: Delay<Bit, { NORMALIZE - PRODUCT }>,
    ew_d: Delay<Bits<14>, { COUNT - SCALE }>,
    nfmt_d: Delay<Bit, { COUNT - UNPACK }>,
    sp_d: Delay<Bit, { ROUND - UNPACK }>,
    zsign_d: Delay<Bit, { ROUND - UNPACK }>,
    fmt_d: Delay<Bit, { ROUND - UNPACK }>,
    rnd_d: Delay<Bits<3>, { ROUND - UNPACK }>,
    ftz_d: Delay<Bit, { ROUND - UNPACK }>,
    spec_d: Delay<Bit, { ROUND - SCALE }>,
    spec_y_d: Delay<Bits<64>, { ROUND - SCALE }>,
    spec_nv_d: Delay<Bit, { ROUND - SCALE }>,
    spec_nx_d: Delay<Bit, { ROUND - SCALE }>,
}

impl Logic for Fma {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, r1_xm, r1_ym, r1_xlz, r1_ylz, r1_xe, r1_ye, r1_ze, r1_pzero, r1_mc,
            r1_sub, r1_spec, r1_spec_y, r1_spec_nv, r1_f2i, r1_fx_s, r1_fx_ip, r1_fx_g,
            r1_fx_st, r1_fx_huge, r1_fx_nan, r1_fx_inf, r1_ity, r1_rnd, r2_ma, r2_mb, r2_mc,
            r2_shr, r2_sub, r3_s0, r3_s1, r3_s2, r3_c0, r3_c1, r3_c2, r3_cin, r4_t0, r4_t1,
            r4_t2, r5_m0, r5_m1, r5_m2, r5_neg, r6_m0, r6_m1, r6_m2, r6_lz, r6_tz, r6_lim,
            r6_fmt, r6_neg, r7_q, r7_g, r7_st, r7_eb1, r7_tiny, r7_ezero, r7_neg, o_y, o_flags
        );
        // The delay lines' inputs are set once below (a default here would be a second
        // assignment of a sub-block input, which the export check refuses).
        self.valid_d.clock.next = self.clock.val();
        self.sticky_d.clock.next = self.clock.val();
        self.ew_d.clock.next = self.clock.val();
        self.nfmt_d.clock.next = self.clock.val();
        self.sp_d.clock.next = self.clock.val();
        self.zsign_d.clock.next = self.clock.val();
        self.fmt_d.clock.next = self.clock.val();
        self.rnd_d.clock.next = self.clock.val();
        self.ftz_d.clock.next = self.clock.val();
        self.spec_d.clock.next = self.clock.val();
        self.spec_y_d.clock.next = self.clock.val();
        self.spec_nv_d.clock.next = self.clock.val();
        self.spec_nx_d.clock.next = self.clock.val();

        // Stage 1, unpack.
        self.unpack.a.next = self.a.val();
        self.unpack.b.next = self.b.val();
        self.unpack.c.next = self.c.val();
        self.unpack.fmt.next = self.fmt.val();
        self.unpack.op.next = self.op.val();
        self.unpack.ity.next = self.ity.val();
        self.unpack.rnd.next = self.rnd.val();
        self.unpack.ftz.next = self.ftz.val();
        self.f2i_shift.a.next = self.a.val();
        self.f2i_shift.fmt.next = self.fmt.val();
        self.r1_xm.d.next = self.unpack.xm.val();
        self.r1_ym.d.next = self.unpack.ym.val();
        self.r1_xlz.d.next = self.unpack.xlz.val();
        self.r1_ylz.d.next = self.unpack.ylz.val();
        self.r1_xe.d.next = self.unpack.xe.val();
        self.r1_ye.d.next = self.unpack.ye.val();
        self.r1_ze.d.next = self.unpack.ze.val();
        self.r1_pzero.d.next = self.unpack.pzero.val();
        self.r1_mc.d.next = self.unpack.mc.val();
        self.r1_sub.d.next = self.unpack.sub.val();
        self.valid_d.d.next = self.in_valid.val();
        self.sp_d.d.next = self.unpack.sp.val();
        self.zsign_d.d.next = self.unpack.zsign.val();
        self.nfmt_d.d.next = self.fmt.val();
        self.fmt_d.d.next = self.fmt.val();
        self.rnd_d.d.next = self.rnd.val();
        self.ftz_d.d.next = self.unpack.ftz_act.val();
        self.r1_spec.d.next = self.unpack.spec.val();
        self.r1_spec_y.d.next = self.unpack.spec_y.val();
        self.r1_spec_nv.d.next = self.unpack.spec_nv.val();
        self.r1_f2i.d.next = self.unpack.f2i.val();
        self.r1_fx_s.d.next = self.f2i_shift.s.val();
        self.r1_fx_ip.d.next = self.f2i_shift.ip.val();
        self.r1_fx_g.d.next = self.f2i_shift.g.val();
        self.r1_fx_st.d.next = self.f2i_shift.st.val();
        self.r1_fx_huge.d.next = self.f2i_shift.huge.val();
        self.r1_fx_nan.d.next = self.f2i_shift.nan.val();
        self.r1_fx_inf.d.next = self.f2i_shift.inf.val();
        self.r1_ity.d.next = self.ity.val();
        self.r1_rnd.d.next = self.rnd.val();

        // Stage 2, scale.
        self.scale.xm.next = self.r1_xm.q.val();
        self.scale.ym.next = self.r1_ym.q.val();
        self.scale.xlz.next = self.r1_xlz.q.val();
        self.scale.ylz.next = self.r1_ylz.q.val();
        self.scale.xe.next = self.r1_xe.q.val();
        self.scale.ye.next = self.r1_ye.q.val();
        self.scale.ze.next = self.r1_ze.q.val();
        self.scale.pzero.next = self.r1_pzero.q.val();
        self.r2_ma.d.next = self.scale.ma.val();
        self.r2_mb.d.next = self.scale.mb.val();
        self.r2_mc.d.next = self.r1_mc.q.val();
        self.r2_shr.d.next = self.scale.shr.val();
        self.r2_sub.d.next = self.r1_sub.q.val();
        self.ew_d.d.next = self.scale.ew.val();
        self.f2i_round.s.next = self.r1_fx_s.q.val();
        self.f2i_round.ip.next = self.r1_fx_ip.q.val();
        self.f2i_round.g.next = self.r1_fx_g.q.val();
        self.f2i_round.st.next = self.r1_fx_st.q.val();
        self.f2i_round.huge.next = self.r1_fx_huge.q.val();
        self.f2i_round.nan.next = self.r1_fx_nan.q.val();
        self.f2i_round.inf.next = self.r1_fx_inf.q.val();
        self.f2i_round.ity.next = self.r1_ity.q.val();
        self.f2i_round.rnd.next = self.r1_rnd.q.val();
        // A float-to-integer conversion leaves through the special path.
        self.spec_d.d.next = self.r1_spec.q.val() | self.r1_f2i.q.val();
        if self.r1_f2i.q.val() {
            self.spec_y_d.d.next = self.f2i_round.y.val();
            self.spec_nv_d.d.next = self.f2i_round.nv.val();
            self.spec_nx_d.d.next = self.f2i_round.nx.val();
        } else {
            self.spec_y_d.d.next = self.r1_spec_y.q.val();
            self.spec_nv_d.d.next = self.r1_spec_nv.q.val();
            self.spec_nx_d.d.next = false;
        }

        // Stage 3, product.
        self.mul.ma.next = self.r2_ma.q.val();
        self.mul.mb.next = self.r2_mb.q.val();
        self.align.mc.next = self.r2_mc.q.val();
        self.align.shr.next = self.r2_shr.q.val();
        self.align.sub.next = self.r2_sub.q.val();
        self.csa.ps_lo.next = self.mul.ps_lo.val();
        self.csa.ps_hi.next = self.mul.ps_hi.val();
        self.csa.pc_lo.next = self.mul.pc_lo.val();
        self.csa.pc_hi.next = self.mul.pc_hi.val();
        self.csa.al0.next = self.align.al0.val();
        self.csa.al1.next = self.align.al1.val();
        self.csa.al2.next = self.align.al2.val();
        self.r3_s0.d.next = self.csa.s0.val();
        self.r3_s1.d.next = self.csa.s1.val();
        self.r3_s2.d.next = self.csa.s2.val();
        self.r3_c0.d.next = self.csa.c0.val();
        self.r3_c1.d.next = self.csa.c1.val();
        self.r3_c2.d.next = self.csa.c2.val();
        self.r3_cin.d.next = self.align.cin.val();
        self.sticky_d.d.next = self.align.sticky.val();

        // Stage 4, sum.
        self.cpa.s0.next = self.r3_s0.q.val();
        self.cpa.s1.next = self.r3_s1.q.val();
        self.cpa.s2.next = self.r3_s2.q.val();
        self.cpa.c0.next = self.r3_c0.q.val();
        self.cpa.c1.next = self.r3_c1.q.val();
        self.cpa.c2.next = self.r3_c2.q.val();
        self.cpa.cin.next = self.r3_cin.q.val();
        self.r4_t0.d.next = self.cpa.t0.val();
        self.r4_t1.d.next = self.cpa.t1.val();
        self.r4_t2.d.next = self.cpa.t2.val();

        // Stage 5, magnitude.
        self.recomp.t0.next = self.r4_t0.q.val();
        self.recomp.t1.next = self.r4_t1.q.val();
        self.recomp.t2.next = self.r4_t2.q.val();
        self.r5_m0.d.next = self.recomp.m0.val();
        self.r5_m1.d.next = self.recomp.m1.val();
        self.r5_m2.d.next = self.recomp.m2.val();
        self.r5_neg.d.next = self.recomp.neg.val();

        // Stage 6, count.
        self.lzc.m0.next = self.r5_m0.q.val();
        self.lzc.m1.next = self.r5_m1.q.val();
        self.lzc.m2.next = self.r5_m2.q.val();
        self.r6_m0.d.next = self.r5_m0.q.val();
        self.r6_m1.d.next = self.r5_m1.q.val();
        self.r6_m2.d.next = self.r5_m2.q.val();
        self.r6_lz.d.next = self.lzc.lz.val();
        self.r6_tz.d.next = self.lzc.tz.val();
        self.limit.ew.next = self.ew_d.q.val();
        self.limit.fmt.next = self.nfmt_d.q.val();
        self.r6_lim.d.next = self.limit.lim.val();
        self.r6_fmt.d.next = self.nfmt_d.q.val();
        self.r6_neg.d.next = self.r5_neg.q.val();

        // Stage 7, normalize.
        self.norm.m0.next = self.r6_m0.q.val();
        self.norm.m1.next = self.r6_m1.q.val();
        self.norm.m2.next = self.r6_m2.q.val();
        self.norm.lz.next = self.r6_lz.q.val();
        self.norm.tz.next = self.r6_tz.q.val();
        self.norm.lim.next = self.r6_lim.q.val();
        self.norm.sticky.next = self.sticky_d.q.val();
        self.norm.fmt.next = self.r6_fmt.q.val();
        self.r7_q.d.next = self.norm.q.val();
        self.r7_g.d.next = self.norm.g.val();
        self.r7_st.d.next = self.norm.st.val();
        self.r7_eb1.d.next = self.norm.eb1.val();
        self.r7_tiny.d.next = self.norm.tiny.val();
        self.r7_ezero.d.next = self.norm.ezero.val();
        self.r7_neg.d.next = self.r6_neg.q.val();

        // Stage 8, round.
        self.round.q.next = self.r7_q.q.val();
        self.round.g.next = self.r7_g.q.val();
        self.round.st.next = self.r7_st.q.val();
        self.round.eb1.next = self.r7_eb1.q.val();
        self.round.tiny.next = self.r7_tiny.q.val();
        self.round.ezero.next = self.r7_ezero.q.val();
        self.round.sp.next = self.sp_d.q.val();
        self.round.neg.next = self.r7_neg.q.val();
        self.round.zsign.next = self.zsign_d.q.val();
        self.round.fmt.next = self.fmt_d.q.val();
        self.round.rnd.next = self.rnd_d.q.val();
        self.round.ftz_act.next = self.ftz_d.q.val();
        self.round.spec.next = self.spec_d.q.val();
        self.round.spec_y.next = self.spec_y_d.q.val();
        self.round.spec_nv.next = self.spec_nv_d.q.val();
        self.round.spec_nx.next = self.spec_nx_d.q.val();
        self.o_y.d.next = self.round.y.val();
        self.o_flags.d.next = self.round.flags.val();
        self.out_valid.next = self.valid_d.q.val();
        self.y.next = self.o_y.q.val();
        self.flags.next = self.o_flags.q.val();
    }
}

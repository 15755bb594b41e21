//! The FMA unit (Figure C.6.2): IEEE 754-2008 fused multiply-add for binary64 and
//! binary32 with one rounding, full subnormal support, rounding modes rn rz rm rp and
//! ties-away, flags, optional binary32 flush-to-zero; the same datapath does add, sub,
//! mul and the conversions binary32 <-> binary64 and integer -> float; float -> integer
//! has its own rounder beside it ([`FmaF2i`]). Numeric contract: docs/fma-numerics.md.
//!
//! Pipeline: one operation per clock, latency 3 clocks (an operation presented before a
//! rising edge is on `y`/`flags`/`out_valid` after the third rising edge from then).
//! - stage 1 (inputs -> r1): unpack and select operands, normalise subnormal multiplier
//!   operands, exponent datapath ([`FmaUnpack`]); 53x53 product in carry-save form from
//!   nine 18x18 digit products ([`FmaMul`]); addend inverted and aligned into the 161-bit
//!   window ([`FmaAlign`]); 3:2 carry-save adder ([`FmaCsa`]); beside them the
//!   float-to-integer conversion ([`FmaF2i`]), whose result takes the special path.
//! - stage 2 (r1 -> r2): carry-propagate adder and recomplement ([`FmaCpa`]), leading-zero
//!   count ([`FmaLzc`]).
//! - stage 3 (r2 -> outputs): normalise, round, pack, flags, special results ([`FmaRound`]).
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
//! - `out_valid`  out  1  `in_valid`, 3 clocks later
//! - `y`          out 64  result (binary32: high 32 bits zero)
//! - `flags`      out  4  bit 0 inexact, 1 underflow, 2 overflow, 3 invalid

pub mod align;
pub mod cpa;
pub mod csa;
pub mod f2i;
pub mod lzc;
pub mod mul;
pub mod round;
pub mod unpack;
pub mod wide;
use crate::fma::align::FmaAlign;
use crate::fma::cpa::FmaCpa;
use crate::fma::csa::FmaCsa;
use crate::fma::f2i::FmaF2i;
use crate::fma::lzc::FmaLzc;
use crate::fma::mul::FmaMul;
use crate::fma::round::FmaRound;
use crate::fma::unpack::FmaUnpack;
use crate::prim::delay::Delay;
use rust_hdl::prelude::*;

/// Pipeline latency in clocks.
pub const FMA_LATENCY: usize = 3;

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
    mul: FmaMul,
    align: FmaAlign,
    csa: FmaCsa,
    cpa: FmaCpa,
    lzc: FmaLzc,
    round: FmaRound,
    f2i: FmaF2i,
    // Datapath registers, named by the stage they end.
    r1_s0: DFF<Bits<64>>,
    r1_s1: DFF<Bits<64>>,
    r1_s2: DFF<Bits<34>>,
    r1_c0: DFF<Bits<64>>,
    r1_c1: DFF<Bits<64>>,
    r1_c2: DFF<Bits<34>>,
    r1_cin: DFF<Bit>,
    r2_m0: DFF<Bits<64>>,
    r2_m1: DFF<Bits<64>>,
    r2_m2: DFF<Bits<33>>,
    r2_lz: DFF<Bits<8>>,
    r2_neg: DFF<Bit>,
    o_y: DFF<Bits<64>>,
    o_flags: DFF<Bits<4>>,
    // Side-band, from stage 1 to the rounding in stage 3.
    valid_d: Delay<Bit, FMA_LATENCY>,
    sticky_d: Delay<Bit, 2>,
    ew_d: Delay<Bits<14>, 2>,
    sp_d: Delay<Bit, 2>,
    zsign_d: Delay<Bit, 2>,
    fmt_d: Delay<Bit, 2>,
    rnd_d: Delay<Bits<3>, 2>,
    ftz_d: Delay<Bit, 2>,
    spec_d: Delay<Bit, 2>,
    spec_y_d: Delay<Bits<64>, 2>,
    spec_nv_d: Delay<Bit, 2>,
    spec_nx_d: Delay<Bit, 2>,
}

impl Logic for Fma {
    #[hdl_gen]
    fn update(&mut self) {
        self.r1_s0.clock.next = self.clock.val();
        self.r1_s1.clock.next = self.clock.val();
        self.r1_s2.clock.next = self.clock.val();
        self.r1_c0.clock.next = self.clock.val();
        self.r1_c1.clock.next = self.clock.val();
        self.r1_c2.clock.next = self.clock.val();
        self.r1_cin.clock.next = self.clock.val();
        self.r2_m0.clock.next = self.clock.val();
        self.r2_m1.clock.next = self.clock.val();
        self.r2_m2.clock.next = self.clock.val();
        self.r2_lz.clock.next = self.clock.val();
        self.r2_neg.clock.next = self.clock.val();
        self.o_y.clock.next = self.clock.val();
        self.o_flags.clock.next = self.clock.val();
        self.valid_d.clock.next = self.clock.val();
        self.sticky_d.clock.next = self.clock.val();
        self.ew_d.clock.next = self.clock.val();
        self.sp_d.clock.next = self.clock.val();
        self.zsign_d.clock.next = self.clock.val();
        self.fmt_d.clock.next = self.clock.val();
        self.rnd_d.clock.next = self.clock.val();
        self.ftz_d.clock.next = self.clock.val();
        self.spec_d.clock.next = self.clock.val();
        self.spec_y_d.clock.next = self.clock.val();
        self.spec_nv_d.clock.next = self.clock.val();
        self.spec_nx_d.clock.next = self.clock.val();

        // Stage 1.
        self.unpack.a.next = self.a.val();
        self.unpack.b.next = self.b.val();
        self.unpack.c.next = self.c.val();
        self.unpack.fmt.next = self.fmt.val();
        self.unpack.op.next = self.op.val();
        self.unpack.ity.next = self.ity.val();
        self.f2i.a.next = self.a.val();
        self.f2i.fmt.next = self.fmt.val();
        self.f2i.ity.next = self.ity.val();
        self.f2i.rnd.next = self.rnd.val();
        self.unpack.rnd.next = self.rnd.val();
        self.unpack.ftz.next = self.ftz.val();
        self.mul.ma.next = self.unpack.ma.val();
        self.mul.mb.next = self.unpack.mb.val();
        self.align.mc.next = self.unpack.mc.val();
        self.align.shr.next = self.unpack.shr.val();
        self.align.sub.next = self.unpack.sub.val();
        self.csa.ps_lo.next = self.mul.ps_lo.val();
        self.csa.ps_hi.next = self.mul.ps_hi.val();
        self.csa.pc_lo.next = self.mul.pc_lo.val();
        self.csa.pc_hi.next = self.mul.pc_hi.val();
        self.csa.al0.next = self.align.al0.val();
        self.csa.al1.next = self.align.al1.val();
        self.csa.al2.next = self.align.al2.val();
        self.valid_d.d.next = self.in_valid.val();
        self.r1_s0.d.next = self.csa.s0.val();
        self.r1_s1.d.next = self.csa.s1.val();
        self.r1_s2.d.next = self.csa.s2.val();
        self.r1_c0.d.next = self.csa.c0.val();
        self.r1_c1.d.next = self.csa.c1.val();
        self.r1_c2.d.next = self.csa.c2.val();
        self.r1_cin.d.next = self.align.cin.val();
        self.sticky_d.d.next = self.align.sticky.val();
        self.ew_d.d.next = self.unpack.ew.val();
        self.sp_d.d.next = self.unpack.sp.val();
        self.zsign_d.d.next = self.unpack.zsign.val();
        self.fmt_d.d.next = self.fmt.val();
        self.rnd_d.d.next = self.rnd.val();
        self.ftz_d.d.next = self.unpack.ftz_act.val();
        // A float-to-integer conversion leaves through the special path.
        self.spec_d.d.next = self.unpack.spec.val() | self.unpack.f2i.val();
        if self.unpack.f2i.val() {
            self.spec_y_d.d.next = self.f2i.y.val();
            self.spec_nv_d.d.next = self.f2i.nv.val();
            self.spec_nx_d.d.next = self.f2i.nx.val();
        } else {
            self.spec_y_d.d.next = self.unpack.spec_y.val();
            self.spec_nv_d.d.next = self.unpack.spec_nv.val();
            self.spec_nx_d.d.next = false;
        }

        // Stage 2.
        self.cpa.s0.next = self.r1_s0.q.val();
        self.cpa.s1.next = self.r1_s1.q.val();
        self.cpa.s2.next = self.r1_s2.q.val();
        self.cpa.c0.next = self.r1_c0.q.val();
        self.cpa.c1.next = self.r1_c1.q.val();
        self.cpa.c2.next = self.r1_c2.q.val();
        self.cpa.cin.next = self.r1_cin.q.val();
        self.lzc.m0.next = self.cpa.m0.val();
        self.lzc.m1.next = self.cpa.m1.val();
        self.lzc.m2.next = self.cpa.m2.val();
        self.r2_m0.d.next = self.cpa.m0.val();
        self.r2_m1.d.next = self.cpa.m1.val();
        self.r2_m2.d.next = self.cpa.m2.val();
        self.r2_lz.d.next = self.lzc.lz.val();
        self.r2_neg.d.next = self.cpa.neg.val();

        // Stage 3.
        self.round.m0.next = self.r2_m0.q.val();
        self.round.m1.next = self.r2_m1.q.val();
        self.round.m2.next = self.r2_m2.q.val();
        self.round.lz.next = self.r2_lz.q.val();
        self.round.ew.next = self.ew_d.q.val();
        self.round.sp.next = self.sp_d.q.val();
        self.round.neg.next = self.r2_neg.q.val();
        self.round.sticky.next = self.sticky_d.q.val();
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

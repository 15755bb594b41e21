//! The SM's SP issue pipeline: takes the warp scheduler's issued warp-instruction, gives it
//! its guard values, runs its four lane groups through the eight SP lanes ([`SmLane`]) and
//! writes them back, and retires every warp-instruction on the retire port.
//!
//! Stages, in clocks after T0, the scheduler's phase-0 clock that shows the instruction on
//! `iss_*` (docs/sm.md, "Timing"):
//! - T0, guard: the warp's buffered guard (recorded per warp when its instruction was
//!   fetched) is read from the predicate file for the 32 lanes (`res_guard`); the issue
//!   read of the instruction memory is at `iss_pc`. E registers warp, PC, mask, exec.
//! - T0+1, decode: the word arrives (`word`, `xu` from the decoder on it). An instruction
//!   for the lanes (SP datapath, s2r, movi, plop) is registered in D and its lane groups
//!   start; control instructions only retire. A warp vote reads its source predicate for
//!   the 32 lanes on the guard port (free in this phase) and enters D as what its lanes
//!   then do: `vote` a `plop` mov of pt (negated when the vote is false), `ballot` a
//!   `movi` of the executing lanes' predicate bits.
//! - T0+2+g, read (G): lane group g's three registers of bank set g mod 2 at
//!   `base + (g div 2) R + r`, its predicates and thread indices.
//!   (`s2r %clock`: the counter less g, one value for the warp-instruction.)
//! - T0+3+g, execute (X): the lanes' operation and operands.
//! - T0+3+g+SP_LATENCY, write (W): the group's result to the register file (lanes in exec)
//!   or to the predicate file; reported on `rw_*`.
//! - With S = 4 or 2 SPs (2 or 4 passes, [`crate::config::SmConfig::sp_passes`]), the groups
//!   run once per pass: the first pass (T0+2+g read, T0+3+g execute, write) as above for
//!   lanes 0..S-1 of each group, pass p ([`PASS_CLOCKS`] x p later: no register read,
//!   `x_pass` = p, so each datapath takes the operands its lane pS+k read in the first pass)
//!   for lanes pS..pS+S-1. The write enables (`w_exec`) name each pass's lanes of the group
//!   (docs/sm.md, "Two-pass SP lanes").
//! - T0+1+[`retire_delay`] (the last group's write clock): retired on `rt_*`. Every instruction
//!   retires this many clocks after its issue, so a warp's instructions retire in order
//!   (a memory instruction retires in the load/store unit instead, an SFU or FMA instruction
//!   in the SFU and FMA unit, a `mul.f32` for the SFUs' multipliers in their unit).
//!
//! Ports (out: registered unless said otherwise):
//! - `clock`, `clear`                          in   synchronous reset
//! - `phase`                                   in   1   the scheduler's phase
//! - `fetch_valid`, `fetch_warp`, `f_guard`,   in   1, 5, 3, 1  a fetched instruction and its
//!   `f_gneg`                                           guard (the decoder on the fetch read)
//! - `iss_valid`, `iss_warp`, `iss_class`,     in   the scheduler's issue record
//!   `iss_pc`, `iss_mask`
//! - `iss_tag`                                in   2   the issue's scoreboard tag
//! - `iss_cta`, `iss_wid`                      in   32, 5  the issued warp's CTA and number
//! - `res_guard`                               out  32  combinational: the guard values
//! - `g_warp`, `g_idx` / `g_val`               out 5, 3 / in 32  guard read (predicate file)
//! - `w_op`, `word`, `xu`                      in   7, 53, 3  the instruction memory's issue
//!                                                        read (op code, bits 52..0) and its
//!                                                        decoded path
//! - `regs`                                    in   8   registers per thread (0 counts as 1)
//! - `b_warp` / `b_base`                       out 5 / in AW  the D warp's register base
//! - `s_warp`, `s_idx` / `s_val`               out 5, 4 / in 32  special register lookup
//! - `rd`, `rset`, `ra`, `rb`, `rc`            out  register read of the G group
//! - `pr_warp`, `pr_grp`, `pr_ia`, `pr_ib`     out  predicate read of the G group
//! - `t_raddr`                                 out  7   thread-index read of the G group
//! - `x_*`                                     out  the X group's operation (the SP datapaths'
//!                                                        controls, and [`SmLane`]'s)
//! - `x_pass`                                  out  2   the X group's pass (0 to passes - 1)
//! - `w_reg`, `w_exec`, `w_set`, `w_addr`,     out  1, 8, 1, AW, 5, 2  the W group's write:
//!   `w_warp`, `w_grp`                                  register write, its lanes, set, address
//! - `pw_v`, `pw_idx`                          out  1, 3  predicate write of the W group
//! - `rw_valid`, `rw_reg`                      out  1, 8  a W group write (register r as r,
//!                                                        predicate p as 0x80 | p)
//! - `rt_valid`, `rt_warp`, `rt_pc`,           out  a retired warp-instruction: warp slot,
//!   `rt_mask`, `rt_cta`, `rt_wid`                      PC, active mask (before the guard),
//!                                                        linear CTA number, warp in the CTA
//! - `m_v`, `e_*_o`                            out  at T0+1: a memory instruction for the
//!                                                        load/store unit, and the E stage
//!                                                        (valid: every issued instruction;
//!                                                        warp, PC, mask, exec, CTA, warp in
//!                                                        CTA, scoreboard tag); it retires there
//! - `f_v`                                     out  at T0+1: an SFU or FMA instruction for
//!                                                        the SFU and FMA unit (with `e_*_o`;
//!                                                        it retires there)
//! - `u_v`                                     out  at T0+1: a `mul.f32` for the SFUs'
//!                                                        multipliers (with `e_*_o`; it
//!                                                        retires there)
//! - `f_t0`                                    out  combinational, at T0: an SFU, FMA or
//!                                                        SFU `mul.f32` instruction is on
//!                                                        `iss_*`
//! - `m_t0`                                    out  combinational, at T0: a memory
//!                                                        instruction is on `iss_*`
//!
//! [`SmLane`]: crate::sm::lane::SmLane
use crate::isa::{field, issue_class, op, sreg, vote_mode, PT};
use crate::prim::delay::Delay;
use crate::sm::decode::xu;
use crate::sm::lane::alt;
use crate::sp::SP_LATENCY;
use array_init::array_init;
use rust_hdl::prelude::*;

/// Clocks from the E stage (T0+1) to the last lane group's write with 8 SPs: D, then four
/// groups of read, execute (`SP_LATENCY`) and write.
pub const RETIRE_DELAY: usize = 5 + SP_LATENCY;

/// What an `s2r` of `%clock` reads, less the clock the issue port shows it at (clocks after
/// the launch, as the lock-step runner counts them): every lane group reads the SM's
/// counter less its group number, so the warp-instruction reads one value, the counter at
/// lane group 0's read (T0+2); measured against the issue port with the lock-step test
/// `clock_in_lock_step`.
pub const CLOCK_READ: u32 = 3;

/// Clocks from a lane group's first pass to its second (4 SPs): the four groups' first pass.
pub const PASS_CLOCKS: usize = 4;

/// Clocks from the E stage to the last group's write, for `passes` passes (1, 2 or 4).
pub const fn retire_delay(passes: usize) -> usize {
    RETIRE_DELAY + (passes - 1) * PASS_CLOCKS
}

/// Clocks from a unit's taking an instruction (its T0+1) to its earliest retire
/// ([`crate::sm::min_age::MinAge`]), for `passes` passes: an instruction issued one slot
/// after an SP instruction of its warp (T0 + 2) must not retire before it (at T0 + 1 +
/// `retire_delay`; in the same clock the SP retire port is read first). (With
/// `SP_LATENCY` 2, before stop 52, the units' own clocks kept that order with one pass.)
pub const fn unit_min_age(passes: usize) -> usize {
    retire_delay(passes) - crate::config::CLOCKS_PER_SLOT
}

/// Issue slots from an SP-class instruction's issue to a dependent one (the scheduler's
/// `lat`): the dependent's guard is read at its T0, which must follow the last group's
/// predicate write at T0 + 1 + `retire_delay(passes)`.
pub const fn sp_slot_latency(passes: usize) -> u8 {
    (retire_delay(passes) + 2).div_ceil(crate::config::CLOCKS_PER_SLOT) as u8
}

// The word's fields are read at fixed offsets below (rust-hdl exports literals only); they
// are the instruction set's layout.
const _: () = assert!(
    field::OP.0 == 57
        && field::D.0 == 46
        && field::A.0 == 39
        && field::B.0 == 32
        && field::C.0 == 25
        && field::CMP.0 == 21
        && field::RND.0 == 19
        && field::KIND.0 == 16
        && field::SIGNED.0 == 15
        && field::SAT.0 == 14
        && field::MOD_A.0 == 12
        && field::MOD_B.0 == 10
        && field::MOD_C.0 == 8
        && field::PSRC.0 == 5
        && field::SUB.0 == 1
        && field::IMM.0 == 0
);

#[derive(LogicBlock)]
pub struct SmPipe<const N: usize, const AW: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub phase: Signal<In, Bit>,
    pub fetch_valid: Signal<In, Bit>,
    pub fetch_warp: Signal<In, Bits<5>>,
    pub f_guard: Signal<In, Bits<3>>,
    pub f_gneg: Signal<In, Bit>,
    pub iss_valid: Signal<In, Bit>,
    pub iss_warp: Signal<In, Bits<5>>,
    pub iss_class: Signal<In, Bits<4>>,
    pub iss_pc: Signal<In, Bits<24>>,
    pub iss_mask: Signal<In, Bits<32>>,
    pub iss_tag: Signal<In, Bits<2>>,
    pub iss_cta: Signal<In, Bits<32>>,
    pub iss_wid: Signal<In, Bits<5>>,
    pub res_guard: Signal<Out, Bits<32>>,
    pub g_warp: Signal<Out, Bits<5>>,
    pub g_idx: Signal<Out, Bits<3>>,
    pub g_val: Signal<In, Bits<32>>,
    pub w_op: Signal<In, Bits<7>>,
    pub word: Signal<In, Bits<53>>,
    pub xu: Signal<In, Bits<3>>,
    pub regs: Signal<In, Bits<8>>,
    pub b_warp: Signal<Out, Bits<5>>,
    pub b_base: Signal<In, Bits<AW>>,
    pub s_warp: Signal<Out, Bits<5>>,
    pub s_idx: Signal<Out, Bits<4>>,
    pub s_val: Signal<In, Bits<32>>,
    pub rd: Signal<Out, Bit>,
    pub rset: Signal<Out, Bit>,
    pub ra: Signal<Out, Bits<AW>>,
    pub rb: Signal<Out, Bits<AW>>,
    pub rc: Signal<Out, Bits<AW>>,
    pub pr_warp: Signal<Out, Bits<5>>,
    pub pr_grp: Signal<Out, Bits<2>>,
    pub pr_ia: Signal<Out, Bits<3>>,
    pub pr_ib: Signal<Out, Bits<3>>,
    pub t_raddr: Signal<Out, Bits<7>>,
    pub x_valid: Signal<Out, Bit>,
    pub x_op: Signal<Out, Bits<6>>,
    pub x_rnd: Signal<Out, Bits<2>>,
    pub x_cmp: Signal<Out, Bits<4>>,
    pub x_kind: Signal<Out, Bits<3>>,
    pub x_signed: Signal<Out, Bit>,
    pub x_sat: Signal<Out, Bit>,
    pub x_mod_a: Signal<Out, Bits<2>>,
    pub x_mod_b: Signal<Out, Bits<2>>,
    pub x_mod_c: Signal<Out, Bits<2>>,
    pub x_alt: Signal<Out, Bits<3>>,
    pub x_val: Signal<Out, Bits<32>>,
    pub x_plop: Signal<Out, Bits<4>>,
    pub x_pass: Signal<Out, Bits<2>>,
    pub w_reg: Signal<Out, Bit>,
    pub w_exec: Signal<Out, Bits<8>>,
    pub w_set: Signal<Out, Bit>,
    pub w_addr: Signal<Out, Bits<AW>>,
    pub w_warp: Signal<Out, Bits<5>>,
    pub w_grp: Signal<Out, Bits<2>>,
    pub pw_v: Signal<Out, Bit>,
    pub pw_idx: Signal<Out, Bits<3>>,
    pub rw_valid: Signal<Out, Bit>,
    pub rw_reg: Signal<Out, Bits<8>>,
    pub rt_valid: Signal<Out, Bit>,
    pub rt_warp: Signal<Out, Bits<5>>,
    pub rt_pc: Signal<Out, Bits<24>>,
    pub rt_mask: Signal<Out, Bits<32>>,
    pub rt_cta: Signal<Out, Bits<32>>,
    pub rt_wid: Signal<Out, Bits<5>>,
    pub m_v: Signal<Out, Bit>,
    pub f_v: Signal<Out, Bit>,
    pub u_v: Signal<Out, Bit>,
    pub f_t0: Signal<Out, Bit>,
    pub m_t0: Signal<Out, Bit>,
    pub e_v_o: Signal<Out, Bit>,
    pub e_warp_o: Signal<Out, Bits<5>>,
    pub e_pc_o: Signal<Out, Bits<24>>,
    pub e_mask_o: Signal<Out, Bits<32>>,
    pub e_exec_o: Signal<Out, Bits<32>>,
    pub e_cta_o: Signal<Out, Bits<32>>,
    pub e_wid_o: Signal<Out, Bits<5>>,
    pub e_tag_o: Signal<Out, Bits<2>>,
    // Each warp's buffered guard: predicate (3) and negation (bit 3).
    gq: [DFF<Bits<4>>; N],
    // E.
    e_v: DFF<Bit>,
    e_warp: DFF<Bits<5>>,
    e_pc: DFF<Bits<24>>,
    e_mask: DFF<Bits<32>>,
    e_exec: DFF<Bits<32>>,
    e_cta: DFF<Bits<32>>,
    e_wid: DFF<Bits<5>>,
    e_tag: DFF<Bits<2>>,
    e_mem: DFF<Bit>,
    e_fpu: DFF<Bit>,
    e_mul: DFF<Bit>,
    // D: the lane instruction's fields, and the group sequencer.
    d_xu: DFF<Bits<3>>,
    d_warp: DFF<Bits<5>>,
    d_exec: DFF<Bits<32>>,
    d_op: DFF<Bits<7>>,
    d_d: DFF<Bits<7>>,
    d_a: DFF<Bits<7>>,
    d_b: DFF<Bits<7>>,
    d_c: DFF<Bits<7>>,
    d_cmp: DFF<Bits<4>>,
    d_rnd: DFF<Bits<2>>,
    d_kind: DFF<Bits<3>>,
    d_signed: DFF<Bit>,
    d_sat: DFF<Bit>,
    d_mod_a: DFF<Bits<2>>,
    d_mod_b: DFF<Bits<2>>,
    d_mod_c: DFF<Bits<2>>,
    d_psrc: DFF<Bits<3>>,
    d_sub: DFF<Bits<4>>,
    d_imm: DFF<Bits<32>>,
    g_act: DFF<Bit>,
    gc: DFF<Bits<2>>,
    /// The pass of the G group (2 or 4 passes).
    gp: DFF<Bits<2>>,
    // X.
    xv: DFF<Bit>,
    xop: DFF<Bits<6>>,
    xrnd: DFF<Bits<2>>,
    xcmp: DFF<Bits<4>>,
    xkind: DFF<Bits<3>>,
    xsigned: DFF<Bit>,
    xsat: DFF<Bit>,
    xmod_a: DFF<Bits<2>>,
    xmod_b: DFF<Bits<2>>,
    xmod_c: DFF<Bits<2>>,
    xalt: DFF<Bits<3>>,
    xval: DFF<Bits<32>>,
    xplop: DFF<Bits<4>>,
    xwr: DFF<Bit>,
    xwp: DFF<Bit>,
    xaddr: DFF<Bits<AW>>,
    xgrp: DFF<Bits<2>>,
    xexec: DFF<Bits<8>>,
    xwarp: DFF<Bits<5>>,
    xdidx: DFF<Bits<8>>,
    xpass: DFF<Bits<2>>,
    // X to W.
    dl_wr: Delay<Bit, SP_LATENCY>,
    dl_wp: Delay<Bit, SP_LATENCY>,
    dl_addr: Delay<Bits<AW>, SP_LATENCY>,
    dl_grp: Delay<Bits<2>, SP_LATENCY>,
    dl_exec: Delay<Bits<8>, SP_LATENCY>,
    dl_warp: Delay<Bits<5>, SP_LATENCY>,
    dl_didx: Delay<Bits<8>, SP_LATENCY>,
    // E to retire.
    rl_v: Delay<Bit, RETIRE_DELAY>,
    rl_warp: Delay<Bits<5>, RETIRE_DELAY>,
    rl_pc: Delay<Bits<24>, RETIRE_DELAY>,
    rl_mask: Delay<Bits<32>, RETIRE_DELAY>,
    rl_cta: Delay<Bits<32>, RETIRE_DELAY>,
    rl_wid: Delay<Bits<5>, RETIRE_DELAY>,
    // The second pass's clocks more (2 or 4 passes).
    rl2_v: Delay<Bit, PASS_CLOCKS>,
    rl2_warp: Delay<Bits<5>, PASS_CLOCKS>,
    rl2_pc: Delay<Bits<24>, PASS_CLOCKS>,
    rl2_mask: Delay<Bits<32>, PASS_CLOCKS>,
    rl2_cta: Delay<Bits<32>, PASS_CLOCKS>,
    rl2_wid: Delay<Bits<5>, PASS_CLOCKS>,
    // The third and fourth passes' clocks more (4 passes).
    rl4_v: Delay<Bit, { 2 * PASS_CLOCKS }>,
    rl4_warp: Delay<Bits<5>, { 2 * PASS_CLOCKS }>,
    rl4_pc: Delay<Bits<24>, { 2 * PASS_CLOCKS }>,
    rl4_mask: Delay<Bits<32>, { 2 * PASS_CLOCKS }>,
    rl4_cta: Delay<Bits<32>, { 2 * PASS_CLOCKS }>,
    rl4_wid: Delay<Bits<5>, { 2 * PASS_CLOCKS }>,
    // Locals.
    gq_v: Signal<Local, Bits<4>>,
    gq_w: Signal<Local, Bits<4>>,
    gv: Signal<Local, Bits<32>>,
    res: Signal<Local, Bits<32>>,
    lane_op: Signal<Local, Bit>,
    is_sp: Signal<Local, Bit>,
    is_plop: Signal<Local, Bit>,
    is_s2r: Signal<Local, Bit>,
    is_movi: Signal<Local, Bit>,
    is_setp: Signal<Local, Bit>,
    r1: Signal<Local, Bits<AW>>,
    rbase: Signal<Local, Bits<AW>>,
    alt_v: Signal<Local, Bits<3>>,
    val_v: Signal<Local, Bits<32>>,
    wr_v: Signal<Local, Bit>,
    wp_v: Signal<Local, Bit>,
    pd: Signal<Local, Bits<3>>,
    exec8: Signal<Local, Bits<8>>,
    exec_h: Signal<Local, Bits<8>>,
    sreg_lo: Signal<Local, Bits<3>>,
    plop_v: Signal<Local, Bits<4>>,
    plop_op: Signal<Local, Bits<2>>,
    w_vote: Signal<Local, Bit>,
    w_ballot: Signal<Local, Bit>,
    v_idx: Signal<Local, Bits<3>>,
    v_src: Signal<Local, Bits<32>>,
    v_bits: Signal<Local, Bits<32>>,
    v_all: Signal<Local, Bit>,
    v_any: Signal<Local, Bit>,
    v_res: Signal<Local, Bit>,
    v_mode: Signal<Local, Bits<4>>,
    k_vote: Constant<Bits<7>>,
    k_ballot: Constant<Bits<7>>,
    k_op_plop: Constant<Bits<7>>,
    k_op_movi: Constant<Bits<7>>,
    k_vote_any: Constant<Bits<4>>,
    k_vote_all: Constant<Bits<4>>,
    k_pt7: Constant<Bits<7>>,
    k_pt3: Constant<Bits<3>>,
    k_sub_mov: Constant<Bits<4>>,
    k_mod_neg: Constant<Bits<2>>,
    k_sp: Constant<Bits<3>>,
    k_plop: Constant<Bits<3>>,
    k_s2r: Constant<Bits<3>>,
    k_movi: Constant<Bits<3>>,
    k_isetp: Constant<Bits<7>>,
    k_fsetp: Constant<Bits<7>>,
    k_mem: Constant<Bits<4>>,
    k_sfu: Constant<Bits<4>>,
    k_sfumul: Constant<Bits<4>>,
    k_fma: Constant<Bits<4>>,
    k_alt_value: Constant<Bits<3>>,
    k_alt_tid_x: Constant<Bits<3>>,
    k_alt_laneid: Constant<Bits<3>>,
    k_alt_plop: Constant<Bits<3>>,
    widx: [Constant<Bits<5>>; N],
    one2: Constant<Bits<2>>,
    k_neg: Constant<Bits<4>>,
    k_nega: Constant<Bits<4>>,
    k_negb: Constant<Bits<4>>,
    k_pred: Constant<Bits<8>>,
    k_sreg_ntid: Constant<Bits<7>>,
    k_sreg_laneid: Constant<Bits<7>>,
    k_sreg_clock: Constant<Bits<7>>,
    ones32: Constant<Bits<32>>,
    /// Two passes (4 SPs), four passes (2 SPs), the last pass's number, and each pass's
    /// lanes of a group.
    two: Constant<Bit>,
    four: Constant<Bit>,
    last_pass: Constant<Bits<2>>,
    pass_lanes0: Constant<Bits<8>>,
    pass_lanes1: Constant<Bits<8>>,
    pass_lanes2: Constant<Bits<8>>,
    pass_lanes3: Constant<Bits<8>>,
}

impl<const N: usize, const AW: usize> Default for SmPipe<N, AW> {
    fn default() -> Self {
        Self::new(1)
    }
}

impl<const N: usize, const AW: usize> SmPipe<N, AW> {
    /// The pipeline for `passes` (1: 8 SPs, 2: 4 SPs, 4: 2 SPs) passes of each lane group.
    pub fn new(passes: usize) -> Self {
        assert!(passes == 1 || passes == 2 || passes == 4, "SmPipe: one, two or four passes");
        // Pass p serves lanes p * sps .. (p + 1) * sps - 1 of every group.
        let sps = crate::config::RF_LANES / passes;
        let lanes_of = |p: usize| -> Constant<Bits<8>> {
            Constant::new((if p < passes { ((1u64 << sps) - 1) << (p * sps) } else { 0 }).into())
        };
        assert!((1..=32).contains(&N), "SmPipe: 1..=32 warps");
        assert!(AW >= 7, "SmPipe: a bank set holds at least 128 registers per lane");
        let k3 = |v: u8| Constant::new((v as u64).into());
        Self {
            clock: Default::default(),
            clear: Default::default(),
            phase: Default::default(),
            fetch_valid: Default::default(),
            fetch_warp: Default::default(),
            f_guard: Default::default(),
            f_gneg: Default::default(),
            iss_valid: Default::default(),
            iss_warp: Default::default(),
            iss_class: Default::default(),
            iss_pc: Default::default(),
            iss_mask: Default::default(),
            iss_tag: Default::default(),
            iss_cta: Default::default(),
            iss_wid: Default::default(),
            res_guard: Default::default(),
            g_warp: Default::default(),
            g_idx: Default::default(),
            g_val: Default::default(),
            w_op: Default::default(),
            word: Default::default(),
            xu: Default::default(),
            regs: Default::default(),
            b_warp: Default::default(),
            b_base: Default::default(),
            s_warp: Default::default(),
            s_idx: Default::default(),
            s_val: Default::default(),
            rd: Default::default(),
            rset: Default::default(),
            ra: Default::default(),
            rb: Default::default(),
            rc: Default::default(),
            pr_warp: Default::default(),
            pr_grp: Default::default(),
            pr_ia: Default::default(),
            pr_ib: Default::default(),
            t_raddr: Default::default(),
            x_valid: Default::default(),
            x_op: Default::default(),
            x_rnd: Default::default(),
            x_cmp: Default::default(),
            x_kind: Default::default(),
            x_signed: Default::default(),
            x_sat: Default::default(),
            x_mod_a: Default::default(),
            x_mod_b: Default::default(),
            x_mod_c: Default::default(),
            x_alt: Default::default(),
            x_val: Default::default(),
            x_plop: Default::default(),
            x_pass: Default::default(),
            w_reg: Default::default(),
            w_exec: Default::default(),
            w_set: Default::default(),
            w_addr: Default::default(),
            w_warp: Default::default(),
            w_grp: Default::default(),
            pw_v: Default::default(),
            pw_idx: Default::default(),
            rw_valid: Default::default(),
            rw_reg: Default::default(),
            rt_valid: Default::default(),
            rt_warp: Default::default(),
            rt_pc: Default::default(),
            rt_mask: Default::default(),
            rt_cta: Default::default(),
            rt_wid: Default::default(),
            m_v: Default::default(),
            f_v: Default::default(),
            u_v: Default::default(),
            f_t0: Default::default(),
            m_t0: Default::default(),
            e_v_o: Default::default(),
            e_warp_o: Default::default(),
            e_pc_o: Default::default(),
            e_mask_o: Default::default(),
            e_exec_o: Default::default(),
            e_cta_o: Default::default(),
            e_wid_o: Default::default(),
            e_tag_o: Default::default(),
            gq: array_init(|_| Default::default()),
            e_v: Default::default(),
            e_warp: Default::default(),
            e_pc: Default::default(),
            e_mask: Default::default(),
            e_exec: Default::default(),
            e_cta: Default::default(),
            e_wid: Default::default(),
            e_tag: Default::default(),
            e_mem: Default::default(),
            e_fpu: Default::default(),
            e_mul: Default::default(),
            d_xu: Default::default(),
            d_warp: Default::default(),
            d_exec: Default::default(),
            d_op: Default::default(),
            d_d: Default::default(),
            d_a: Default::default(),
            d_b: Default::default(),
            d_c: Default::default(),
            d_cmp: Default::default(),
            d_rnd: Default::default(),
            d_kind: Default::default(),
            d_signed: Default::default(),
            d_sat: Default::default(),
            d_mod_a: Default::default(),
            d_mod_b: Default::default(),
            d_mod_c: Default::default(),
            d_psrc: Default::default(),
            d_sub: Default::default(),
            d_imm: Default::default(),
            g_act: Default::default(),
            gc: Default::default(),
            gp: Default::default(),
            xv: Default::default(),
            xop: Default::default(),
            xrnd: Default::default(),
            xcmp: Default::default(),
            xkind: Default::default(),
            xsigned: Default::default(),
            xsat: Default::default(),
            xmod_a: Default::default(),
            xmod_b: Default::default(),
            xmod_c: Default::default(),
            xalt: Default::default(),
            xval: Default::default(),
            xplop: Default::default(),
            xwr: Default::default(),
            xwp: Default::default(),
            xaddr: Default::default(),
            xgrp: Default::default(),
            xexec: Default::default(),
            xwarp: Default::default(),
            xdidx: Default::default(),
            xpass: Default::default(),
            dl_wr: Default::default(),
            dl_wp: Default::default(),
            dl_addr: Default::default(),
            dl_grp: Default::default(),
            dl_exec: Default::default(),
            dl_warp: Default::default(),
            dl_didx: Default::default(),
            rl_v: Default::default(),
            rl_warp: Default::default(),
            rl_pc: Default::default(),
            rl_mask: Default::default(),
            rl_cta: Default::default(),
            rl_wid: Default::default(),
            rl2_v: Default::default(),
            rl2_warp: Default::default(),
            rl2_pc: Default::default(),
            rl2_mask: Default::default(),
            rl2_cta: Default::default(),
            rl2_wid: Default::default(),
            rl4_v: Default::default(),
            rl4_warp: Default::default(),
            rl4_pc: Default::default(),
            rl4_mask: Default::default(),
            rl4_cta: Default::default(),
            rl4_wid: Default::default(),
            gq_v: Default::default(),
            gq_w: Default::default(),
            gv: Default::default(),
            res: Default::default(),
            lane_op: Default::default(),
            is_sp: Default::default(),
            is_plop: Default::default(),
            is_s2r: Default::default(),
            is_movi: Default::default(),
            is_setp: Default::default(),
            r1: Default::default(),
            rbase: Default::default(),
            alt_v: Default::default(),
            val_v: Default::default(),
            wr_v: Default::default(),
            wp_v: Default::default(),
            pd: Default::default(),
            exec8: Default::default(),
            exec_h: Default::default(),
            sreg_lo: Default::default(),
            plop_v: Default::default(),
            plop_op: Default::default(),
            w_vote: Default::default(),
            w_ballot: Default::default(),
            v_idx: Default::default(),
            v_src: Default::default(),
            v_bits: Default::default(),
            v_all: Default::default(),
            v_any: Default::default(),
            v_res: Default::default(),
            v_mode: Default::default(),
            k_vote: Constant::new((op::VOTE as u64).into()),
            k_ballot: Constant::new((op::BALLOT as u64).into()),
            k_op_plop: Constant::new((op::PLOP as u64).into()),
            k_op_movi: Constant::new((op::MOVI as u64).into()),
            k_vote_any: Constant::new((vote_mode::ANY as u64).into()),
            k_vote_all: Constant::new((vote_mode::ALL as u64).into()),
            k_pt7: Constant::new((PT as u64).into()),
            k_pt3: Constant::new((PT as u64).into()),
            k_sub_mov: Constant::new(3u64.into()),
            k_mod_neg: Constant::new(2u64.into()),
            k_sp: k3(xu::SP),
            k_plop: k3(xu::PLOP),
            k_s2r: k3(xu::S2R),
            k_movi: k3(xu::MOVI),
            k_isetp: Constant::new((op::ISETP as u64).into()),
            k_fsetp: Constant::new((op::FSETP as u64).into()),
            k_mem: Constant::new((issue_class::MEM as u64).into()),
            k_sfu: Constant::new((issue_class::SFU as u64).into()),
            k_sfumul: Constant::new((issue_class::SFUMUL as u64).into()),
            k_fma: Constant::new((issue_class::FMA as u64).into()),
            k_alt_value: k3(alt::VALUE),
            k_alt_tid_x: k3(alt::TID_X),
            k_alt_laneid: k3(alt::LANEID),
            k_alt_plop: k3(alt::PLOP),
            widx: array_init(|w| Constant::new((w as u64).into())),
            one2: Constant::new(1u64.into()),
            k_neg: Constant::new(8u64.into()),
            k_nega: Constant::new(4u64.into()),
            k_negb: Constant::new(8u64.into()),
            k_pred: Constant::new(0x80u64.into()),
            k_sreg_ntid: Constant::new((sreg::NTID_X as u64).into()),
            k_sreg_laneid: Constant::new((sreg::LANEID as u64).into()),
            k_sreg_clock: Constant::new((sreg::CLOCK as u64).into()),
            ones32: Constant::new(0xFFFF_FFFFu64.into()),
            two: Constant::new(passes == 2),
            four: Constant::new(passes == 4),
            last_pass: Constant::new(((passes - 1) as u64).into()),
            pass_lanes0: lanes_of(0),
            pass_lanes1: lanes_of(1),
            pass_lanes2: lanes_of(2),
            pass_lanes3: lanes_of(3),
        }
    }
}

impl<const N: usize, const AW: usize> Logic for SmPipe<N, AW> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, e_v, e_warp, e_pc, e_mask, e_exec, e_cta, e_wid, e_tag, e_mem, e_fpu, e_mul, d_xu, d_warp, d_exec, d_op, d_d, d_a, d_b, d_c,
            d_cmp, d_rnd, d_kind, d_signed, d_sat, d_mod_a, d_mod_b, d_mod_c, d_psrc, d_sub, d_imm, g_act, gc, gp, xv, xop,
            xrnd, xcmp, xkind, xsigned, xsat, xmod_a, xmod_b, xmod_c, xalt, xval, xplop, xwr, xwp, xaddr, xgrp, xexec,
            xwarp, xdidx, xpass
        );
        for w in 0..N {
            self.gq[w].clock.next = self.clock.val();
        }
        self.dl_wr.clock.next = self.clock.val();
        self.dl_wp.clock.next = self.clock.val();
        self.dl_addr.clock.next = self.clock.val();
        self.dl_grp.clock.next = self.clock.val();
        self.dl_exec.clock.next = self.clock.val();
        self.dl_warp.clock.next = self.clock.val();
        self.dl_didx.clock.next = self.clock.val();
        self.rl_v.clock.next = self.clock.val();
        self.rl_warp.clock.next = self.clock.val();
        self.rl_pc.clock.next = self.clock.val();
        self.rl_mask.clock.next = self.clock.val();
        self.rl_cta.clock.next = self.clock.val();
        self.rl_wid.clock.next = self.clock.val();
        self.rl2_v.clock.next = self.clock.val();
        self.rl2_warp.clock.next = self.clock.val();
        self.rl2_pc.clock.next = self.clock.val();
        self.rl2_mask.clock.next = self.clock.val();
        self.rl2_cta.clock.next = self.clock.val();
        self.rl2_wid.clock.next = self.clock.val();
        self.rl4_v.clock.next = self.clock.val();
        self.rl4_warp.clock.next = self.clock.val();
        self.rl4_pc.clock.next = self.clock.val();
        self.rl4_mask.clock.next = self.clock.val();
        self.rl4_cta.clock.next = self.clock.val();
        self.rl4_wid.clock.next = self.clock.val();

        // Guard buffer: written at each fetch.
        self.gq_w.next = bit_cast::<4, 3>(self.f_guard.val());
        if self.f_gneg.val() {
            self.gq_w.next = bit_cast::<4, 3>(self.f_guard.val()) | self.k_neg.val();
        }
        for w in 0..N {
            self.gq[w].d.next = self.gq[w].q.val();
            if self.fetch_valid.val() & (self.fetch_warp.val() == self.widx[w].val()) {
                self.gq[w].d.next = self.gq_w.val();
            }
        }
        // T0: the guard values of the issued instruction.
        self.gq_v.next = 0.into();
        for w in 0..N {
            if self.iss_warp.val() == self.widx[w].val() {
                self.gq_v.next = self.gq[w].q.val();
            }
        }
        self.g_warp.next = self.iss_warp.val();
        self.g_idx.next = self.gq_v.val().get_bits::<3>(0);
        // T0+1 (no issue in this phase): a warp vote reads its source predicate of the 32
        // lanes on the guard port; its result is the same for every lane
        self.w_vote.next = self.e_v.q.val() & (self.w_op.val() == self.k_vote.val());
        self.w_ballot.next = self.e_v.q.val() & (self.w_op.val() == self.k_ballot.val());
        self.v_idx.next = self.word.val().get_bits::<3>(5);
        if self.w_vote.val() | self.w_ballot.val() {
            self.g_warp.next = self.e_warp.q.val();
            self.g_idx.next = self.v_idx.val();
        }
        self.v_src.next = self.g_val.val();
        if self.v_idx.val() == self.k_pt3.val() {
            self.v_src.next = self.ones32.val();
        }
        self.v_bits.next = self.v_src.val() & self.e_exec.q.val();
        self.v_all.next = self.v_bits.val() == self.e_exec.q.val();
        self.v_any.next = self.v_bits.val().any();
        self.v_mode.next = self.word.val().get_bits::<4>(1);
        self.v_res.next = self.v_all.val() | !self.v_any.val();
        if self.v_mode.val() == self.k_vote_all.val() {
            self.v_res.next = self.v_all.val();
        }
        if self.v_mode.val() == self.k_vote_any.val() {
            self.v_res.next = self.v_any.val();
        }
        self.gv.next = self.g_val.val();
        if self.gq_v.val().get_bits::<3>(0).all() {
            self.gv.next = self.ones32.val();
        }
        self.res.next = self.gv.val();
        if self.gq_v.val().get_bit(3) {
            self.res.next = !self.gv.val();
        }
        self.res_guard.next = self.res.val();
        // SFU and FMA instructions go to their unit, `mul.f32` on the SFUs to its multipliers.
        self.f_t0.next = (self.iss_valid.val() & !self.phase.val())
            & (((self.iss_class.val() == self.k_sfu.val()) | (self.iss_class.val() == self.k_fma.val()))
                | (self.iss_class.val() == self.k_sfumul.val()));
        self.m_t0.next = (self.iss_valid.val() & !self.phase.val()) & (self.iss_class.val() == self.k_mem.val());
        // E.
        self.e_v.d.next = self.iss_valid.val() & !self.phase.val();
        self.e_warp.d.next = self.iss_warp.val();
        self.e_pc.d.next = self.iss_pc.val();
        self.e_mask.d.next = self.iss_mask.val();
        self.e_exec.d.next = self.iss_mask.val() & self.res.val();
        self.e_cta.d.next = self.iss_cta.val();
        self.e_wid.d.next = self.iss_wid.val();
        self.e_tag.d.next = self.iss_tag.val();
        self.e_mem.d.next = self.iss_class.val() == self.k_mem.val();
        self.e_fpu.d.next = (self.iss_class.val() == self.k_sfu.val()) | (self.iss_class.val() == self.k_fma.val());
        self.e_mul.d.next = self.iss_class.val() == self.k_sfumul.val();
        // T0+1: the word; lane instructions enter D and start their groups.
        self.lane_op.next = (((self.xu.val() == self.k_sp.val()) | (self.xu.val() == self.k_plop.val()))
            | (self.xu.val() == self.k_s2r.val()))
            | (self.xu.val() == self.k_movi.val());
        if self.g_act.q.val() {
            self.gc.d.next = self.gc.q.val() + self.one2.val();
            if self.gc.q.val().all() {
                if self.gp.q.val() != self.last_pass.val() {
                    self.gp.d.next = self.gp.q.val() + self.one2.val();
                } else {
                    self.g_act.d.next = false;
                }
            }
        }
        if self.e_v.q.val() & self.lane_op.val() {
            self.g_act.d.next = true;
            self.gc.d.next = 0.into();
            self.gp.d.next = 0.into();
            self.d_xu.d.next = self.xu.val();
            self.d_warp.d.next = self.e_warp.q.val();
            self.d_exec.d.next = self.e_exec.q.val();
            self.d_op.d.next = self.w_op.val();
            self.d_d.d.next = self.word.val().get_bits::<7>(46);
            self.d_a.d.next = self.word.val().get_bits::<7>(39);
            self.d_b.d.next = self.word.val().get_bits::<7>(32);
            self.d_c.d.next = self.word.val().get_bits::<7>(25);
            self.d_cmp.d.next = self.word.val().get_bits::<4>(21);
            self.d_rnd.d.next = self.word.val().get_bits::<2>(19);
            self.d_kind.d.next = self.word.val().get_bits::<3>(16);
            self.d_signed.d.next = self.word.val().get_bit(15);
            self.d_sat.d.next = self.word.val().get_bit(14);
            self.d_mod_a.d.next = self.word.val().get_bits::<2>(12);
            self.d_mod_b.d.next = self.word.val().get_bits::<2>(10);
            self.d_mod_c.d.next = self.word.val().get_bits::<2>(8);
            self.d_psrc.d.next = self.word.val().get_bits::<3>(5);
            self.d_sub.d.next = self.word.val().get_bits::<4>(1);
            self.d_imm.d.next = self.word.val().get_bits::<32>(0);
            // a vote becomes a plop mov of pt (negated when false), a ballot a movi
            if self.w_vote.val() {
                self.d_xu.d.next = self.k_plop.val();
                self.d_op.d.next = self.k_op_plop.val();
                self.d_a.d.next = self.k_pt7.val();
                self.d_b.d.next = self.k_pt7.val();
                self.d_sub.d.next = self.k_sub_mov.val();
                self.d_mod_a.d.next = 0.into();
                self.d_mod_b.d.next = 0.into();
                if !self.v_res.val() {
                    self.d_mod_a.d.next = self.k_mod_neg.val();
                }
            }
            if self.w_ballot.val() {
                self.d_xu.d.next = self.k_movi.val();
                self.d_op.d.next = self.k_op_movi.val();
                self.d_imm.d.next = self.v_bits.val();
            }
        }
        // G: lane group gc of the D instruction.
        self.is_sp.next = self.d_xu.q.val() == self.k_sp.val();
        self.is_plop.next = self.d_xu.q.val() == self.k_plop.val();
        self.is_s2r.next = self.d_xu.q.val() == self.k_s2r.val();
        self.is_movi.next = self.d_xu.q.val() == self.k_movi.val();
        self.is_setp.next = (self.d_op.q.val() == self.k_isetp.val()) | (self.d_op.q.val() == self.k_fsetp.val());
        self.sreg_lo.next = self.d_a.q.val().get_bits::<3>(0);
        self.b_warp.next = self.d_warp.q.val();
        self.r1.next = bit_cast::<AW, 8>(self.regs.val());
        if !self.regs.val().any() {
            self.r1.next = 1.into();
        }
        self.rbase.next = self.b_base.val();
        if self.gc.q.val().get_bit(1) {
            self.rbase.next = self.b_base.val() + self.r1.val();
        }
        self.rd.next = (self.g_act.q.val() & self.is_sp.val()) & !self.gp.q.val().any();
        self.rset.next = self.gc.q.val().get_bit(0);
        self.ra.next = self.rbase.val() + bit_cast::<AW, 7>(self.d_a.q.val());
        self.rb.next = self.rbase.val() + bit_cast::<AW, 7>(self.d_b.q.val());
        self.rc.next = self.rbase.val() + bit_cast::<AW, 7>(self.d_c.q.val());
        self.pr_warp.next = self.d_warp.q.val();
        self.pr_grp.next = self.gc.q.val();
        self.pr_ia.next = self.d_psrc.q.val();
        if self.is_plop.val() {
            self.pr_ia.next = self.d_a.q.val().get_bits::<3>(0);
        }
        self.pr_ib.next = self.d_b.q.val().get_bits::<3>(0);
        self.t_raddr.next = (bit_cast::<7, 5>(self.d_warp.q.val()) << 2) | bit_cast::<7, 2>(self.gc.q.val());
        self.s_warp.next = self.d_warp.q.val();
        self.s_idx.next = self.d_a.q.val().get_bits::<4>(0);
        // The result kind and the common value.
        self.alt_v.next = 0.into();
        self.val_v.next = 0.into();
        if self.is_movi.val() {
            self.alt_v.next = self.k_alt_value.val();
            self.val_v.next = self.d_imm.q.val();
        }
        if self.is_plop.val() {
            self.alt_v.next = self.k_alt_plop.val();
        }
        if self.is_s2r.val() {
            self.alt_v.next = self.k_alt_value.val();
            self.val_v.next = self.s_val.val();
            if self.d_a.q.val() < self.k_sreg_ntid.val() {
                self.alt_v.next = self.k_alt_tid_x.val() + self.sreg_lo.val();
            }
            if self.d_a.q.val() == self.k_sreg_laneid.val() {
                self.alt_v.next = self.k_alt_laneid.val();
                self.val_v.next = bit_cast::<32, 2>(self.gc.q.val()) << 3;
            }
            // %clock: one value for the warp-instruction, the counter at group 0's read
            // (the groups are read in consecutive clocks).
            if self.d_a.q.val() == self.k_sreg_clock.val() {
                self.val_v.next = self.s_val.val() - bit_cast::<32, 2>(self.gc.q.val());
            }
        }
        self.wr_v.next = ((self.is_sp.val() & !self.is_setp.val()) | self.is_s2r.val()) | self.is_movi.val();
        self.pd.next = self.d_d.q.val().get_bits::<3>(0);
        self.wp_v.next = ((self.is_sp.val() & self.is_setp.val()) | self.is_plop.val()) & !self.pd.val().all();
        match self.gc.q.val().index() {
            0 => {
                self.exec8.next = self.d_exec.q.val().get_bits::<8>(0);
            }
            1 => {
                self.exec8.next = self.d_exec.q.val().get_bits::<8>(8);
            }
            2 => {
                self.exec8.next = self.d_exec.q.val().get_bits::<8>(16);
            }
            _ => {
                self.exec8.next = self.d_exec.q.val().get_bits::<8>(24);
            }
        }
        match self.gp.q.val().index() {
            0 => {
                self.exec_h.next = self.exec8.val() & self.pass_lanes0.val();
            }
            1 => {
                self.exec_h.next = self.exec8.val() & self.pass_lanes1.val();
            }
            2 => {
                self.exec_h.next = self.exec8.val() & self.pass_lanes2.val();
            }
            _ => {
                self.exec_h.next = self.exec8.val() & self.pass_lanes3.val();
            }
        }
        self.plop_op.next = self.d_sub.q.val().get_bits::<2>(0);
        if self.d_sub.q.val().get_bits::<2>(2).any() {
            self.plop_op.next = 3.into();
        }
        self.plop_v.next = bit_cast::<4, 2>(self.plop_op.val());
        if self.d_mod_a.q.val().get_bit(1) {
            self.plop_v.next = bit_cast::<4, 2>(self.plop_op.val()) | self.k_nega.val();
        }
        if self.d_mod_b.q.val().get_bit(1) {
            self.plop_v.next = self.plop_v.val() | self.k_negb.val();
        }
        // X.
        self.xv.d.next = self.g_act.q.val();
        self.xop.d.next = self.d_op.q.val().get_bits::<6>(0);
        self.xrnd.d.next = self.d_rnd.q.val();
        self.xcmp.d.next = self.d_cmp.q.val();
        self.xkind.d.next = self.d_kind.q.val();
        self.xsigned.d.next = self.d_signed.q.val();
        self.xsat.d.next = self.d_sat.q.val();
        self.xmod_a.d.next = self.d_mod_a.q.val();
        self.xmod_b.d.next = self.d_mod_b.q.val();
        self.xmod_c.d.next = self.d_mod_c.q.val();
        self.xalt.d.next = self.alt_v.val();
        self.xval.d.next = self.val_v.val();
        self.xplop.d.next = self.plop_v.val();
        self.xwr.d.next = self.g_act.q.val() & self.wr_v.val();
        self.xwp.d.next = self.g_act.q.val() & self.wp_v.val();
        self.xaddr.d.next = self.rbase.val() + bit_cast::<AW, 7>(self.d_d.q.val());
        self.xgrp.d.next = self.gc.q.val();
        self.xexec.d.next = self.exec_h.val();
        self.xpass.d.next = self.gp.q.val();
        self.xwarp.d.next = self.d_warp.q.val();
        self.xdidx.d.next = bit_cast::<8, 7>(self.d_d.q.val());
        if self.wp_v.val() {
            self.xdidx.d.next = bit_cast::<8, 3>(self.pd.val()) | self.k_pred.val();
        }
        self.x_valid.next = self.xv.q.val();
        self.x_op.next = self.xop.q.val();
        self.x_rnd.next = self.xrnd.q.val();
        self.x_cmp.next = self.xcmp.q.val();
        self.x_kind.next = self.xkind.q.val();
        self.x_signed.next = self.xsigned.q.val();
        self.x_sat.next = self.xsat.q.val();
        self.x_mod_a.next = self.xmod_a.q.val();
        self.x_mod_b.next = self.xmod_b.q.val();
        self.x_mod_c.next = self.xmod_c.q.val();
        self.x_alt.next = self.xalt.q.val();
        self.x_val.next = self.xval.q.val();
        self.x_plop.next = self.xplop.q.val();
        self.x_pass.next = self.xpass.q.val();
        // W.
        self.dl_wr.d.next = self.xwr.q.val();
        self.dl_wp.d.next = self.xwp.q.val();
        self.dl_addr.d.next = self.xaddr.q.val();
        self.dl_grp.d.next = self.xgrp.q.val();
        self.dl_exec.d.next = self.xexec.q.val();
        self.dl_warp.d.next = self.xwarp.q.val();
        self.dl_didx.d.next = self.xdidx.q.val();
        self.w_reg.next = self.dl_wr.q.val();
        self.w_exec.next = self.dl_exec.q.val();
        self.w_set.next = self.dl_grp.q.val().get_bit(0);
        self.w_addr.next = self.dl_addr.q.val();
        self.w_warp.next = self.dl_warp.q.val();
        self.w_grp.next = self.dl_grp.q.val();
        self.pw_v.next = self.dl_wp.q.val();
        self.pw_idx.next = self.dl_didx.q.val().get_bits::<3>(0);
        self.rw_valid.next = self.dl_wr.q.val() | self.dl_wp.q.val();
        self.rw_reg.next = self.dl_didx.q.val();
        // Retire.
        self.rl_v.d.next = self.e_v.q.val() & !((self.e_mem.q.val() | self.e_fpu.q.val()) | self.e_mul.q.val());
        self.m_v.next = self.e_v.q.val() & self.e_mem.q.val();
        self.f_v.next = self.e_v.q.val() & self.e_fpu.q.val();
        self.u_v.next = self.e_v.q.val() & self.e_mul.q.val();
        self.e_v_o.next = self.e_v.q.val();
        self.e_warp_o.next = self.e_warp.q.val();
        self.e_pc_o.next = self.e_pc.q.val();
        self.e_mask_o.next = self.e_mask.q.val();
        self.e_exec_o.next = self.e_exec.q.val();
        self.e_cta_o.next = self.e_cta.q.val();
        self.e_wid_o.next = self.e_wid.q.val();
        self.e_tag_o.next = self.e_tag.q.val();
        self.rl_warp.d.next = self.e_warp.q.val();
        self.rl_pc.d.next = self.e_pc.q.val();
        self.rl_mask.d.next = self.e_mask.q.val();
        self.rl_cta.d.next = self.e_cta.q.val();
        self.rl_wid.d.next = self.e_wid.q.val();
        self.rl2_v.d.next = self.rl_v.q.val();
        self.rl2_warp.d.next = self.rl_warp.q.val();
        self.rl2_pc.d.next = self.rl_pc.q.val();
        self.rl2_mask.d.next = self.rl_mask.q.val();
        self.rl2_cta.d.next = self.rl_cta.q.val();
        self.rl2_wid.d.next = self.rl_wid.q.val();
        self.rl4_v.d.next = self.rl2_v.q.val();
        self.rl4_warp.d.next = self.rl2_warp.q.val();
        self.rl4_pc.d.next = self.rl2_pc.q.val();
        self.rl4_mask.d.next = self.rl2_mask.q.val();
        self.rl4_cta.d.next = self.rl2_cta.q.val();
        self.rl4_wid.d.next = self.rl2_wid.q.val();
        self.rt_valid.next = self.rl_v.q.val();
        self.rt_warp.next = self.rl_warp.q.val();
        self.rt_pc.next = self.rl_pc.q.val();
        self.rt_mask.next = self.rl_mask.q.val();
        self.rt_cta.next = self.rl_cta.q.val();
        self.rt_wid.next = self.rl_wid.q.val();
        if self.two.val() {
            self.rt_valid.next = self.rl2_v.q.val();
            self.rt_warp.next = self.rl2_warp.q.val();
            self.rt_pc.next = self.rl2_pc.q.val();
            self.rt_mask.next = self.rl2_mask.q.val();
            self.rt_cta.next = self.rl2_cta.q.val();
            self.rt_wid.next = self.rl2_wid.q.val();
        }
        if self.four.val() {
            self.rt_valid.next = self.rl4_v.q.val();
            self.rt_warp.next = self.rl4_warp.q.val();
            self.rt_pc.next = self.rl4_pc.q.val();
            self.rt_mask.next = self.rl4_mask.q.val();
            self.rt_cta.next = self.rl4_cta.q.val();
            self.rt_wid.next = self.rl4_wid.q.val();
        }
        if self.clear.val() {
            self.e_v.d.next = false;
            self.g_act.d.next = false;
            self.gp.d.next = 0.into();
            self.xv.d.next = false;
            self.xwr.d.next = false;
            self.xwp.d.next = false;
        }
    }
}

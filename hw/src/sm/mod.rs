//! The streaming multiprocessor (issue 19): the SM top and its own blocks; the units it joins
//! stay in their own folders. The design, its timing and its status: docs/sm.md.
//!
//! - [`decode::SmDecode`]: a microcode word to the warp scheduler's scheduling fields and
//!   the unit controls.
//! - [`imem::Imem`]: the instruction memory, a host write port and two read ports (fetch
//!   and issue).
//! - [`rf_bank::RfBank`], [`rf_lane::RfLane`]: the register file, a bank of one write and
//!   three read ports, and one SP lane's slice of two bank sets shared by the SP lane and
//!   the other units (the SP wins a set).
//! - [`preds::PredFile`]: the predicate registers.
//! - [`lane::SmLane`]: one SP lane: its register-file slice, SP datapath, thread indices.
//! - [`pipe::SmPipe`]: the SP issue pipeline: guards, lane groups, write-back, retire.
//! - [`dispatch::CtaDispatch`]: the CTA dispatcher: launch checks, grid walk, warp slots.
//! - [`lsu::SmLsu`]: the load/store unit: global, param and constant memory through the
//!   memory port, shared memory through [`crate::smem::SharedMem`], atomics on both
//!   ([`atom_alu::AtomAlu`]: an atomic's new word).
//! - [`fpu::SmFpu`]: the SFU and FMA unit: the special functions on two SFUs, `ffma` on the
//!   FMA unit.
//! - [`fmul::SmFmul`]: `mul.f32` on the SFUs' eight multipliers ([`fmul_lane::FmulLane`]),
//!   issued between the SPs' instructions (dual issue, class SFUMUL).
//! - [`host::SmHost`]: the host interface, one register map on a word bus.
//! - [`counters::SmCounters`]: the performance counters (issue slots by stall reason,
//!   retires, shared-memory requests and steps, memory-port requests).
//!
//! [`Sm`] wires them with the warp scheduler ([`crate::sched::WarpSched`]). It runs the
//! SP-class and control instructions, `mul.f32` on the SFUs' multipliers, the SFU's special
//! functions, `ffma`, loads and stores of every space (global, param, constant, shared,
//! local, generic addresses) and atomics; an instruction of a unit not joined yet (binary64
//! FMA ops, 64-bit accesses) stops the SM with the fault `not-supported` (docs/sm.md,
//! "Status").
//!
//! Ports of [`Sm`]:
//! - `clock`, `clear`                               in   synchronous reset (memories kept),
//!                                                          registered: the SM is reset at
//!                                                          the clock after `clear`
//! - `h_we`, `h_re`, `h_addr`, `h_wdata`            in   1, 1, 16, 32  the host interface's
//!   / `h_rvalid`, `h_rdata` out 1, 32                      bus: the register map of
//!                                                          [`host::SmHost`] (program,
//!                                                          launch registers, status, first
//!                                                          fault, performance counters;
//!                                                          docs/sm.md "Host interface")
//! - `busy`, `done`                                 out  1   running / finished (every CTA
//!                                                           done, every instruction
//!                                                           retired, the load/store unit
//!                                                           idle)
//! - `fault`                                        out  1   a fault stopped the launch (its
//!                                                           kind, warp, PC, lane and
//!                                                           address in the register map)
//! - `rt_valid`, `rt_warp`, `rt_pc`, `rt_mask`,     out  the retire port: one warp-
//!   `rt_cta`, `rt_wid`                                     instruction (warp slot, PC,
//!                                                          active mask before the guard,
//!                                                          linear CTA number, warp in CTA)
//! - `rw_valid`, `rw_warp`, `rw_grp`, `rw_reg`,     out  a lane group's writes, before the
//!   `rw_mask`, `rw_d0` .. `rw_d7`, `rw_p`                  retire of their instruction
//!                                                          (register r or predicate
//!                                                          0x80 | p; lanes 8 grp + j with
//!                                                          `rw_mask` bit j: value `rw_dj`,
//!                                                          predicate value `rw_p` bit j)
//! - `m_req_valid`, `m_req_addr`, `m_req_space`,    out  the memory port's request (the
//!   `m_req_we`, `m_req_be`, `m_req_wdata`                  load/store unit's; docs/sm.md)
//!   / `m_req_ready` in
//! - `m_resp_valid`, `m_resp_data`, `m_resp_err`    in   its response (registered: the
//!                                                          load/store unit sees it a clock
//!                                                          later, [`mem_port::MemPort`])
//! - `lt_valid`, `lt_warp`, `lt_pc`, `lt_mask`,     out  the load/store unit's retire port
//!   `lt_cta`, `lt_wid`                                     (as `rt_*`)
//! - `lw_valid`, `lw_grp`, `lw_reg`, `lw_mask`,     out  a load's lane-group write (of warp
//!   `lw_d0` .. `lw_d7`                                     `lt_warp`), before its retire
//! - `st_valid`, `st_lane`, `st_addr`, `st_data`,   out  a store done (lane, byte address,
//!   `st_bytes`                                             register value, bytes), before
//!                                                          its retire
//! - `ss_valid`, `ss_grp`, `ss_mask`, `ss_a0` ..    out  a shared store's lane group (lanes
//!   `ss_a7`, `ss_d0` .. `ss_d7`                             8 grp + j with `ss_mask` bit j:
//!                                                          address in the CTA's region
//!                                                          `ss_aj`, register value `ss_dj`;
//!                                                          bytes `st_bytes`), before its
//!                                                          retire
//! - `is_valid`, `is_warp`, `is_pc`, `is_cta`,     out  the issue port: every issued warp-
//!   `is_wid`                                               instruction, in issue order, at
//!                                                          T0+1 (warp slot, PC, linear CTA
//!                                                          number, warp in CTA): the order
//!                                                          the golden SM steps in for
//!                                                          lock step (memory
//!                                                          instructions, atomics included,
//!                                                          execute in it)
//! - `ft_valid`, `ft_warp`, `ft_pc`, `ft_mask`,     out  the SFU and FMA unit's retire port
//!   `ft_cta`, `ft_wid`                                     (as `rt_*`)
//! - `fw_valid`, `fw_grp`, `fw_reg`, `fw_mask`,     out  its lane-group write (of warp
//!   `fw_d0` .. `fw_d7`                                     `ft_warp`), before its retire
//! - `mt_valid`, `mt_warp`, `mt_pc`, `mt_mask`,     out  the retire port of `mul.f32` on the
//!   `mt_cta`, `mt_wid`                                     SFUs' multipliers (as `rt_*`)
//! - `mw_valid`, `mw_grp`, `mw_reg`, `mw_mask`,     out  its lane-group write (of the warp
//!   `mw_d0` .. `mw_d7`                                     `mt_*` retires next; the last
//!                                                          group's in the clock of its
//!                                                          retire)
pub mod atom_alu;
pub mod counters;
pub mod decode;
pub mod dispatch;
pub mod fmul;
pub mod fmul_lane;
pub mod fpu;
pub mod host;
pub mod imem;
pub mod lane;
pub mod lsu;
pub mod mem_port;
pub mod min_age;
pub mod pipe;
pub mod preds;
pub mod rf_bank;
pub mod rf_lane;

use crate::config::SmConfig;
use crate::isa::{self, sm_fault};
use crate::prim::delay::Delay;
use crate::sched::issue_select::IssueTiming;
use crate::sched::WarpSched;
use crate::sm::decode::{xu, SlotLats, SmDecode};
use crate::sm::dispatch::CtaDispatch;
use crate::sm::fmul::SmFmul;
use crate::sm::counters::SmCounters;
use crate::sm::fpu::SmFpu;
use crate::sm::host::SmHost;
use crate::sm::imem::Imem;
use crate::sm::lane::SmLane;
use crate::sm::lsu::SmLsu;
use crate::sm::pipe::{sp_slot_latency, unit_min_age, SmPipe, PASS_CLOCKS, RETIRE_DELAY};
use crate::sm::preds::PredFile;
use crate::sp::SpDatapath;
use array_init::array_init;
use rust_hdl::prelude::*;

/// Register-file lanes (the register file's layout and the lane groups assume 8).
pub const SM_LANES: usize = crate::config::RF_LANES;

/// The scoreboard latencies of the SM's pipelines: the SP path's from its stages
/// ([`sp_slot_latency`]); SFU, FMA and `fmul` instructions (`fmul` on the SFUs' multipliers,
/// [`fmul::SmFmul`], when the SM has them; else on the SPs) are released by their unit (0),
/// as loads.
pub const fn sm_lats(cfg: &SmConfig) -> SlotLats {
    SlotLats {
        sp: sp_slot_latency(cfg.sp_passes()),
        sfu: 0,
        fma: 0,
        sfumul: if cfg.sfu_multipliers > 0 { Some(0) } else { None },
    }
}

/// Clocks from the dispatcher's `done` to the SM's: every retire in flight has left (with
/// two passes, [`PASS_CLOCKS`] more).
pub const DONE_DELAY: usize = RETIRE_DELAY + 2;

/// The SM for an [`SmConfig`]: `sm_sized!(G80)` is the type of the G80 SM.
#[macro_export]
macro_rules! sm_sized {
    ($cfg:expr) => {
        $crate::sm::Sm<
            { $cfg.warps },
            { $cfg.lanes },
            { $cfg.stack_log2 },
            { $cfg.stack_pointer_bits() },
            { $cfg.stack_addr_bits() },
            { $cfg.scoreboard_entries },
            { $cfg.cta_slots },
            { $cfg.rf_bank_addr_bits() },
            { $cfg.imem_log2 },
            { $cfg.smem_row_bits() },
            { $cfg.sps },
        >
    };
}

#[derive(LogicBlock)]
pub struct Sm<
    const N: usize,
    const L: usize,
    const SA: usize,
    const SPW: usize,
    const AW: usize,
    const E: usize,
    const C: usize,
    const RA: usize,
    const IW: usize,
    const SW: usize,
    const S: usize,
> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub h_we: Signal<In, Bit>,
    pub h_re: Signal<In, Bit>,
    pub h_addr: Signal<In, Bits<16>>,
    pub h_wdata: Signal<In, Bits<32>>,
    pub h_rvalid: Signal<Out, Bit>,
    pub h_rdata: Signal<Out, Bits<32>>,
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub fault: Signal<Out, Bit>,
    pub rt_valid: Signal<Out, Bit>,
    pub rt_warp: Signal<Out, Bits<5>>,
    pub rt_pc: Signal<Out, Bits<24>>,
    pub rt_mask: Signal<Out, Bits<32>>,
    pub rt_cta: Signal<Out, Bits<32>>,
    pub rt_wid: Signal<Out, Bits<5>>,
    pub is_valid: Signal<Out, Bit>,
    pub is_warp: Signal<Out, Bits<5>>,
    pub is_pc: Signal<Out, Bits<24>>,
    pub is_cta: Signal<Out, Bits<32>>,
    pub is_wid: Signal<Out, Bits<5>>,
    pub rw_valid: Signal<Out, Bit>,
    pub rw_warp: Signal<Out, Bits<5>>,
    pub rw_grp: Signal<Out, Bits<2>>,
    pub rw_reg: Signal<Out, Bits<8>>,
    pub rw_mask: Signal<Out, Bits<8>>,
    pub rw_d0: Signal<Out, Bits<32>>,
    pub rw_d1: Signal<Out, Bits<32>>,
    pub rw_d2: Signal<Out, Bits<32>>,
    pub rw_d3: Signal<Out, Bits<32>>,
    pub rw_d4: Signal<Out, Bits<32>>,
    pub rw_d5: Signal<Out, Bits<32>>,
    pub rw_d6: Signal<Out, Bits<32>>,
    pub rw_d7: Signal<Out, Bits<32>>,
    pub rw_p: Signal<Out, Bits<8>>,
    pub m_req_valid: Signal<Out, Bit>,
    pub m_req_addr: Signal<Out, Bits<32>>,
    pub m_req_space: Signal<Out, Bits<3>>,
    pub m_req_we: Signal<Out, Bit>,
    pub m_req_be: Signal<Out, Bits<4>>,
    pub m_req_wdata: Signal<Out, Bits<32>>,
    pub m_req_ready: Signal<In, Bit>,
    pub m_resp_valid: Signal<In, Bit>,
    pub m_resp_data: Signal<In, Bits<32>>,
    pub m_resp_err: Signal<In, Bit>,
    pub lt_valid: Signal<Out, Bit>,
    pub lt_warp: Signal<Out, Bits<5>>,
    pub lt_pc: Signal<Out, Bits<24>>,
    pub lt_mask: Signal<Out, Bits<32>>,
    pub lt_cta: Signal<Out, Bits<32>>,
    pub lt_wid: Signal<Out, Bits<5>>,
    pub lw_valid: Signal<Out, Bit>,
    pub lw_grp: Signal<Out, Bits<2>>,
    pub lw_reg: Signal<Out, Bits<8>>,
    pub lw_mask: Signal<Out, Bits<8>>,
    pub lw_d0: Signal<Out, Bits<32>>,
    pub lw_d1: Signal<Out, Bits<32>>,
    pub lw_d2: Signal<Out, Bits<32>>,
    pub lw_d3: Signal<Out, Bits<32>>,
    pub lw_d4: Signal<Out, Bits<32>>,
    pub lw_d5: Signal<Out, Bits<32>>,
    pub lw_d6: Signal<Out, Bits<32>>,
    pub lw_d7: Signal<Out, Bits<32>>,
    pub st_valid: Signal<Out, Bit>,
    pub st_lane: Signal<Out, Bits<5>>,
    pub st_addr: Signal<Out, Bits<32>>,
    pub st_data: Signal<Out, Bits<32>>,
    pub st_bytes: Signal<Out, Bits<3>>,
    pub ss_valid: Signal<Out, Bit>,
    pub ss_grp: Signal<Out, Bits<2>>,
    pub ss_mask: Signal<Out, Bits<8>>,
    pub ss_a0: Signal<Out, Bits<32>>,
    pub ss_a1: Signal<Out, Bits<32>>,
    pub ss_a2: Signal<Out, Bits<32>>,
    pub ss_a3: Signal<Out, Bits<32>>,
    pub ss_a4: Signal<Out, Bits<32>>,
    pub ss_a5: Signal<Out, Bits<32>>,
    pub ss_a6: Signal<Out, Bits<32>>,
    pub ss_a7: Signal<Out, Bits<32>>,
    pub ss_d0: Signal<Out, Bits<32>>,
    pub ss_d1: Signal<Out, Bits<32>>,
    pub ss_d2: Signal<Out, Bits<32>>,
    pub ss_d3: Signal<Out, Bits<32>>,
    pub ss_d4: Signal<Out, Bits<32>>,
    pub ss_d5: Signal<Out, Bits<32>>,
    pub ss_d6: Signal<Out, Bits<32>>,
    pub ss_d7: Signal<Out, Bits<32>>,
    pub ft_valid: Signal<Out, Bit>,
    pub ft_warp: Signal<Out, Bits<5>>,
    pub ft_pc: Signal<Out, Bits<24>>,
    pub ft_mask: Signal<Out, Bits<32>>,
    pub ft_cta: Signal<Out, Bits<32>>,
    pub ft_wid: Signal<Out, Bits<5>>,
    pub fw_valid: Signal<Out, Bit>,
    pub fw_grp: Signal<Out, Bits<2>>,
    pub fw_reg: Signal<Out, Bits<8>>,
    pub fw_mask: Signal<Out, Bits<8>>,
    pub fw_d0: Signal<Out, Bits<32>>,
    pub fw_d1: Signal<Out, Bits<32>>,
    pub fw_d2: Signal<Out, Bits<32>>,
    pub fw_d3: Signal<Out, Bits<32>>,
    pub fw_d4: Signal<Out, Bits<32>>,
    pub fw_d5: Signal<Out, Bits<32>>,
    pub fw_d6: Signal<Out, Bits<32>>,
    pub fw_d7: Signal<Out, Bits<32>>,
    pub mt_valid: Signal<Out, Bit>,
    pub mt_warp: Signal<Out, Bits<5>>,
    pub mt_pc: Signal<Out, Bits<24>>,
    pub mt_mask: Signal<Out, Bits<32>>,
    pub mt_cta: Signal<Out, Bits<32>>,
    pub mt_wid: Signal<Out, Bits<5>>,
    pub mw_valid: Signal<Out, Bit>,
    pub mw_grp: Signal<Out, Bits<2>>,
    pub mw_reg: Signal<Out, Bits<8>>,
    pub mw_mask: Signal<Out, Bits<8>>,
    pub mw_d0: Signal<Out, Bits<32>>,
    pub mw_d1: Signal<Out, Bits<32>>,
    pub mw_d2: Signal<Out, Bits<32>>,
    pub mw_d3: Signal<Out, Bits<32>>,
    pub mw_d4: Signal<Out, Bits<32>>,
    pub mw_d5: Signal<Out, Bits<32>>,
    pub mw_d6: Signal<Out, Bits<32>>,
    pub mw_d7: Signal<Out, Bits<32>>,
    // The units and the SM's blocks.
    sched: WarpSched<N, L, SA, SPW, AW, E, C>,
    imem: Imem<IW>,
    fdec: SmDecode,
    idec: SmDecode,
    preds: PredFile<N>,
    disp: CtaDispatch<N, C, RA>,
    pipe: SmPipe<N, RA>,
    lsu: SmLsu<RA, SW>,
    fpu: SmFpu<RA>,
    fmul: SmFmul<RA>,
    lanes: [SmLane<RA>; SM_LANES],
    /// The SP datapaths: datapath k serves lane k, and with S = 4 or 2 SPs lane pS + k in
    /// pass p (docs/sm.md, "Two-pass SP lanes").
    dps: [SpDatapath; S],
    /// Each datapath's operands (its lane's, or in pass p its lane pS + k's).
    op_a: [Signal<Local, Bits<32>>; S],
    op_b: [Signal<Local, Bits<32>>; S],
    op_c: [Signal<Local, Bits<32>>; S],
    op_p: [Signal<Local, Bit>; S],
    done_dl: Delay<Bit, DONE_DELAY>,
    done_dl2: Delay<Bit, PASS_CLOCKS>,
    done_dl4: Delay<Bit, { 2 * PASS_CLOCKS }>,
    done_q: Signal<Local, Bit>,
    two: Constant<Bit>,
    four: Constant<Bit>,
    host: SmHost<IW>,
    ctrs: SmCounters<N>,
    // Status.
    /// `clear`, registered: the SM's synchronous reset (docs/sm.md, "Simulation speed").
    clr: DFF<Bit>,
    cyc: DFF<Bits<32>>,
    flt_v: DFF<Bit>,
    flt_kind: DFF<Bits<4>>,
    flt_warp: DFF<Bits<5>>,
    flt_pc: DFF<Bits<24>>,
    flt_lane: DFF<Bits<5>>,
    flt_addr: DFF<Bits<32>>,
    // Locals.
    u_ok: Signal<Local, Bit>,
    u_rok: Signal<Local, Bit>,
    ur_rd: Signal<Local, Bit>,
    ur_set: Signal<Local, Bit>,
    ur_a: Signal<Local, Bits<RA>>,
    ur_b: Signal<Local, Bits<RA>>,
    ur_c: Signal<Local, Bits<RA>>,
    fd_keep: Signal<Local, Bits<32>>,
    md_keep: Signal<Local, Bits<32>>,
    rs_warp: Signal<Local, Bits<5>>,
    rs_tag: Signal<Local, Bits<2>>,
    uw_mask: Signal<Local, Bits<8>>,
    uw_set: Signal<Local, Bit>,
    uw_addr: Signal<Local, Bits<RA>>,
    wd_keep: Signal<Local, Bits<32>>,
    pvals: Signal<Local, Bits<8>>,
    bad_pc: Signal<Local, Bit>,
    busy_v: Signal<Local, Bit>,
    done_v: Signal<Local, Bit>,
    onehot8: [Constant<Bits<8>>; SM_LANES],
    k_not_supported: Constant<Bits<4>>,
    k_bad_pc: Constant<Bits<4>>,
    k_resources: Constant<Bits<4>>,
    k_watchdog: Constant<Bits<4>>,
    k_compute: Constant<Bits<2>>,
    k_xu_sfu: Constant<Bits<3>>,
    k_global: Constant<Bits<3>>,
    one32: Constant<Bits<32>>,
    ones8: Constant<Bits<8>>,
    ones32: Constant<Bits<32>>,
}

impl<
        const N: usize,
        const L: usize,
        const SA: usize,
        const SPW: usize,
        const AW: usize,
        const E: usize,
        const C: usize,
        const RA: usize,
        const IW: usize,
        const SW: usize,
        const S: usize,
    > Sm<N, L, SA, SPW, AW, E, C, RA, IW, SW, S>
{
    /// The SM of configuration `cfg` (its sizes must be the type's: `sm_sized!(cfg)`).
    pub fn new(cfg: &SmConfig) -> Self {
        assert!(
            cfg.warps == N && cfg.lanes == L && cfg.lanes == 32 && cfg.sps == S && cfg.cta_slots == C,
            "Sm: the type's sizes are not configuration {}'s (sm_sized!), or it is not 32 lanes",
            cfg.name
        );
        assert!(
            cfg.rf_bank_addr_bits() == RA && cfg.imem_log2 == IW && cfg.smem_row_bits() == SW,
            "Sm: sizes differ from configuration {}",
            cfg.name
        );
        assert!(
            cfg.sp_passes() == 1 || cfg.sfu_multipliers == 0,
            "Sm: configuration {}: with two or four passes of the SPs, mul.f32 runs on them (no SFU multipliers)",
            cfg.name
        );
        assert!(
            cfg.sfu_multipliers == 0 || cfg.sfus * cfg.sfu_multipliers == 8,
            "Sm: configuration {}: the SFU multipliers' unit has eight multipliers",
            cfg.name
        );
        let passes = cfg.sp_passes();
        let k4 = |v: u8| Constant::new((v as u64).into());
        Self {
            clock: Default::default(),
            clear: Default::default(),
            h_we: Default::default(),
            h_re: Default::default(),
            h_addr: Default::default(),
            h_wdata: Default::default(),
            h_rvalid: Default::default(),
            h_rdata: Default::default(),
            busy: Default::default(),
            done: Default::default(),
            fault: Default::default(),
            rt_valid: Default::default(),
            rt_warp: Default::default(),
            rt_pc: Default::default(),
            rt_mask: Default::default(),
            rt_cta: Default::default(),
            rt_wid: Default::default(),
            is_valid: Default::default(),
            is_warp: Default::default(),
            is_pc: Default::default(),
            is_cta: Default::default(),
            is_wid: Default::default(),
            rw_valid: Default::default(),
            rw_warp: Default::default(),
            rw_grp: Default::default(),
            rw_reg: Default::default(),
            rw_mask: Default::default(),
            rw_d0: Default::default(),
            rw_d1: Default::default(),
            rw_d2: Default::default(),
            rw_d3: Default::default(),
            rw_d4: Default::default(),
            rw_d5: Default::default(),
            rw_d6: Default::default(),
            rw_d7: Default::default(),
            rw_p: Default::default(),
            m_req_valid: Default::default(),
            m_req_addr: Default::default(),
            m_req_space: Default::default(),
            m_req_we: Default::default(),
            m_req_be: Default::default(),
            m_req_wdata: Default::default(),
            m_req_ready: Default::default(),
            m_resp_valid: Default::default(),
            m_resp_data: Default::default(),
            m_resp_err: Default::default(),
            lt_valid: Default::default(),
            lt_warp: Default::default(),
            lt_pc: Default::default(),
            lt_mask: Default::default(),
            lt_cta: Default::default(),
            lt_wid: Default::default(),
            lw_valid: Default::default(),
            lw_grp: Default::default(),
            lw_reg: Default::default(),
            lw_mask: Default::default(),
            lw_d0: Default::default(),
            lw_d1: Default::default(),
            lw_d2: Default::default(),
            lw_d3: Default::default(),
            lw_d4: Default::default(),
            lw_d5: Default::default(),
            lw_d6: Default::default(),
            lw_d7: Default::default(),
            st_valid: Default::default(),
            st_lane: Default::default(),
            st_addr: Default::default(),
            st_data: Default::default(),
            st_bytes: Default::default(),
            ss_valid: Default::default(),
            ss_grp: Default::default(),
            ss_mask: Default::default(),
            ss_a0: Default::default(),
            ss_a1: Default::default(),
            ss_a2: Default::default(),
            ss_a3: Default::default(),
            ss_a4: Default::default(),
            ss_a5: Default::default(),
            ss_a6: Default::default(),
            ss_a7: Default::default(),
            ss_d0: Default::default(),
            ss_d1: Default::default(),
            ss_d2: Default::default(),
            ss_d3: Default::default(),
            ss_d4: Default::default(),
            ss_d5: Default::default(),
            ss_d6: Default::default(),
            ss_d7: Default::default(),
            ft_valid: Default::default(),
            ft_warp: Default::default(),
            ft_pc: Default::default(),
            ft_mask: Default::default(),
            ft_cta: Default::default(),
            ft_wid: Default::default(),
            fw_valid: Default::default(),
            fw_grp: Default::default(),
            fw_reg: Default::default(),
            fw_mask: Default::default(),
            fw_d0: Default::default(),
            fw_d1: Default::default(),
            fw_d2: Default::default(),
            fw_d3: Default::default(),
            fw_d4: Default::default(),
            fw_d5: Default::default(),
            fw_d6: Default::default(),
            fw_d7: Default::default(),
            mt_valid: Default::default(),
            mt_warp: Default::default(),
            mt_pc: Default::default(),
            mt_mask: Default::default(),
            mt_cta: Default::default(),
            mt_wid: Default::default(),
            mw_valid: Default::default(),
            mw_grp: Default::default(),
            mw_reg: Default::default(),
            mw_mask: Default::default(),
            mw_d0: Default::default(),
            mw_d1: Default::default(),
            mw_d2: Default::default(),
            mw_d3: Default::default(),
            mw_d4: Default::default(),
            mw_d5: Default::default(),
            mw_d6: Default::default(),
            mw_d7: Default::default(),
            sched: WarpSched::new(IssueTiming::of(cfg)),
            imem: Default::default(),
            fdec: SmDecode::new(sm_lats(cfg)),
            idec: SmDecode::new(sm_lats(cfg)),
            preds: Default::default(),
            disp: CtaDispatch::new(cfg.max_threads_per_cta, cfg.shared_bytes),
            pipe: SmPipe::new(passes),
            lsu: SmLsu::new(unit_min_age(passes), cfg.smem_lanes),
            fpu: SmFpu::new(unit_min_age(passes), cfg.sfus, cfg.fp64),
            fmul: SmFmul::new(cfg.sfu_multipliers > 0, unit_min_age(passes)),
            lanes: array_init(|j| SmLane::new(j, j / S)),
            dps: array_init(|_| Default::default()),
            op_a: array_init(|_| Default::default()),
            op_b: array_init(|_| Default::default()),
            op_c: array_init(|_| Default::default()),
            op_p: array_init(|_| Default::default()),
            done_dl: Default::default(),
            done_dl2: Default::default(),
            done_dl4: Default::default(),
            done_q: Default::default(),
            two: Constant::new(passes == 2),
            four: Constant::new(passes == 4),
            host: SmHost::new(host::config_word(cfg)),
            ctrs: Default::default(),
            clr: Default::default(),
            cyc: Default::default(),
            flt_v: Default::default(),
            flt_kind: Default::default(),
            flt_warp: Default::default(),
            flt_pc: Default::default(),
            flt_lane: Default::default(),
            flt_addr: Default::default(),
            u_ok: Default::default(),
            u_rok: Default::default(),
            ur_rd: Default::default(),
            ur_set: Default::default(),
            ur_a: Default::default(),
            ur_b: Default::default(),
            ur_c: Default::default(),
            fd_keep: Default::default(),
            md_keep: Default::default(),
            rs_warp: Default::default(),
            rs_tag: Default::default(),
            uw_mask: Default::default(),
            uw_set: Default::default(),
            uw_addr: Default::default(),
            wd_keep: Default::default(),
            pvals: Default::default(),
            bad_pc: Default::default(),
            busy_v: Default::default(),
            done_v: Default::default(),
            onehot8: array_init(|j| Constant::new((1u64 << j).into())),
            k_not_supported: k4(sm_fault::NOT_SUPPORTED),
            k_bad_pc: k4(sm_fault::BAD_PC),
            k_resources: k4(sm_fault::RESOURCES),
            k_watchdog: k4(sm_fault::WATCHDOG),
            k_compute: Constant::new(3u64.into()),
            k_xu_sfu: Constant::new((xu::SFU as u64).into()),
            k_global: Constant::new((isa::space::GLOBAL as u64).into()),
            one32: Constant::new(1u64.into()),
            ones8: Constant::new(0xFFu64.into()),
            ones32: Constant::new(0xFFFF_FFFFu64.into()),
        }
    }
}

impl<
        const N: usize,
        const L: usize,
        const SA: usize,
        const SPW: usize,
        const AW: usize,
        const E: usize,
        const C: usize,
        const RA: usize,
        const IW: usize,
        const SW: usize,
        const S: usize,
    > Logic for Sm<N, L, SA, SPW, AW, E, C, RA, IW, SW, S>
{
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, clr, cyc, flt_v, flt_kind, flt_warp, flt_pc, flt_lane, flt_addr);
        self.sched.clock.next = self.clock.val();
        self.imem.clock.next = self.clock.val();
        self.preds.clock.next = self.clock.val();
        self.disp.clock.next = self.clock.val();
        self.pipe.clock.next = self.clock.val();
        self.lsu.clock.next = self.clock.val();
        self.fpu.clock.next = self.clock.val();
        self.fmul.clock.next = self.clock.val();
        self.done_dl.clock.next = self.clock.val();
        self.done_dl2.clock.next = self.clock.val();
        self.done_dl4.clock.next = self.clock.val();
        self.host.clock.next = self.clock.val();
        self.ctrs.clock.next = self.clock.val();
        for j in 0..8 {
            self.lanes[j].clock.next = self.clock.val();
            self.lanes[j].x_pass.next = self.pipe.x_pass.val();
        }
        for k in 0..S {
            self.dps[k].clock.next = self.clock.val();
        }

        // Instruction memory: host writes; fetch at the scheduler's next request; issue
        // read at the issued PC.
        self.imem.w_en.next = self.host.prog_we.val();
        self.imem.w_addr.next = self.host.prog_addr.val();
        self.imem.w_data.next = self.host.prog_data.val();
        self.imem.f_addr.next = self.sched.fetch_next_pc.val().get_bits::<IW>(0);
        self.imem.i_addr.next = self.sched.iss_pc.val().get_bits::<IW>(0);
        self.fdec.word.next = self.imem.f_data.val();
        self.idec.word.next = self.imem.i_data.val();

        // Warp scheduler.
        self.clr.d.next = self.clear.val();
        self.sched.clear.next = self.clr.q.val();
        self.sched.res_guard.next = bit_cast::<L, 32>(self.pipe.res_guard.val());
        self.sched.inst_class.next = self.fdec.cls.val();
        self.sched.inst_dst_v.next = self.fdec.dst_v.val();
        self.sched.inst_dst.next = self.fdec.dst.val();
        self.sched.inst_dst_w.next = self.fdec.dst_w.val();
        self.sched.inst_s0_v.next = self.fdec.s0_v.val();
        self.sched.inst_s0.next = self.fdec.s0.val();
        self.sched.inst_s0_w.next = self.fdec.s0_w.val();
        self.sched.inst_s1_v.next = self.fdec.s1_v.val();
        self.sched.inst_s1.next = self.fdec.s1.val();
        self.sched.inst_s1_w.next = self.fdec.s1_w.val();
        self.sched.inst_s2_v.next = self.fdec.s2_v.val();
        self.sched.inst_s2.next = self.fdec.s2.val();
        self.sched.inst_s2_w.next = self.fdec.s2_w.val();
        self.sched.inst_guard.next = self.fdec.guard.val();
        self.sched.inst_lat.next = self.fdec.lat.val();
        self.sched.inst_target.next = self.fdec.target.val();
        self.sched.inst_brpc.next = self.fdec.brpc.val();
        self.sched.inst_uni.next = self.fdec.uni.val();
        self.sched.mem_ready.next = self.lsu.mem_ready.val();
        // The SFU and FMA unit and the SFUs' multipliers (one issue gate for the SFU, SFU
        // mul.f32 and FMA classes) are not ready in the clock their next instruction is issued,
        // nor while a memory instruction is issued or has registers to read: a `mul.f32`
        // writes its result within 7 clocks of its issue, before such an older instruction of
        // its warp might read them (sm/fmul.rs).
        self.sched.fpu_ready.next = (((self.fpu.ready.val() & self.fmul.ready.val()) & !self.pipe.f_t0.val())
            & !self.pipe.m_t0.val())
            & !self.lsu.rd_busy.val();
        // Releases: the SFUs' multipliers' first (their reads must not wait: sm/fmul.rs),
        // then the load/store unit's, then the SFU and FMA unit's.
        self.sched.rel_valid.next = (self.lsu.rel_valid.val() | self.fpu.rel_valid.val()) | self.fmul.rel_valid.val();
        self.rs_warp.next = self.fpu.rel_warp.val();
        self.rs_tag.next = self.fpu.rel_tag.val();
        if self.lsu.rel_valid.val() {
            self.rs_warp.next = self.lsu.rel_warp.val();
            self.rs_tag.next = self.lsu.rel_tag.val();
        }
        if self.fmul.rel_valid.val() {
            self.rs_warp.next = self.fmul.rel_warp.val();
            self.rs_tag.next = self.fmul.rel_tag.val();
        }
        self.sched.rel_warp.next = self.rs_warp.val();
        self.sched.rel_tag.next = self.rs_tag.val();
        self.lsu.rel_ok.next = !self.fmul.rel_valid.val();
        self.fpu.rel_ok.next = !self.lsu.rel_valid.val() & !self.fmul.rel_valid.val();
        self.sched.launch_valid.next = self.disp.launch_valid.val();
        self.sched.launch_warp.next = self.disp.launch_warp.val();
        self.sched.launch_cta.next = self.disp.launch_cta.val();
        self.sched.launch_type.next = self.k_compute.val();
        self.sched.launch_pc.next = 0.into();
        self.sched.launch_mask.next = bit_cast::<L, 32>(self.disp.launch_mask.val());
        self.sched.cta_valid.next = self.disp.cta_valid.val();
        self.sched.cta_id.next = self.disp.cta_id.val();
        self.sched.cta_nwarps.next = self.disp.cta_nwarps.val();
        self.sched.prio_class.next = 0.into();
        self.sched.prio_type.next = 0.into();
        self.sched.dbg_warp.next = 0.into();

        // CTA dispatcher.
        self.disp.clear.next = self.clr.q.val();
        self.disp.phase.next = self.sched.phase.val();
        self.disp.launch.next = self.host.launch.val();
        self.disp.grid_x.next = self.host.grid_x.val();
        self.disp.grid_y.next = self.host.grid_y.val();
        self.disp.grid_z.next = self.host.grid_z.val();
        self.disp.block_x.next = self.host.block_x.val();
        self.disp.block_y.next = self.host.block_y.val();
        self.disp.block_z.next = self.host.block_z.val();
        self.disp.regs.next = self.host.regs.val();
        self.disp.sbytes.next = self.host.shared_bytes.val();
        self.disp.z_ok.next = self.lsu.z_ok.val();
        self.disp.cta_done_valid.next = self.sched.cta_done_valid.val();
        self.disp.cta_done_id.next = self.sched.cta_done_id.val();
        self.disp.cycles.next = self.cyc.q.val();
        self.disp.b_warp.next = self.pipe.b_warp.val();
        self.disp.s_warp.next = self.pipe.s_warp.val();
        self.disp.s_idx.next = self.pipe.s_idx.val();
        self.disp.q_warp.next = self.sched.iss_warp.val();
        self.disp.c_warp.next = self.lsu.b_warp.val();
        self.disp.x_warp.next = self.fpu.b_warp.val();
        self.disp.y_warp.next = self.fmul.b_warp.val();

        // SP issue pipeline.
        self.pipe.clear.next = self.clr.q.val();
        self.pipe.phase.next = self.sched.phase.val();
        self.pipe.fetch_valid.next = self.sched.fetch_valid.val();
        self.pipe.fetch_warp.next = self.sched.fetch_warp.val();
        self.pipe.f_guard.next = self.fdec.guard.val();
        self.pipe.f_gneg.next = self.fdec.guard_neg.val();
        self.pipe.iss_valid.next = self.sched.iss_valid.val();
        self.pipe.iss_warp.next = self.sched.iss_warp.val();
        self.pipe.iss_class.next = self.sched.iss_class.val();
        self.pipe.iss_pc.next = self.sched.iss_pc.val();
        self.pipe.iss_mask.next = bit_cast::<32, L>(self.sched.iss_mask.val());
        self.pipe.iss_tag.next = self.sched.iss_tag.val();
        self.pipe.iss_cta.next = self.disp.q_cta.val();
        self.pipe.iss_wid.next = self.disp.q_wid.val();
        self.pipe.g_val.next = self.preds.g_val.val();
        self.pipe.w_op.next = self.imem.i_data.val().get_bits::<7>(57);
        self.pipe.word.next = self.imem.i_data.val().get_bits::<53>(0);
        self.pipe.xu.next = self.idec.xu.val();
        self.pipe.regs.next = self.host.regs.val();
        self.pipe.b_base.next = self.disp.b_base.val();
        self.pipe.s_val.next = self.disp.s_val.val();

        // Predicate file.
        self.preds.clear.next = self.clr.q.val();
        self.preds.clr_v.next = self.disp.clr_v.val();
        self.preds.clr_warp.next = self.disp.clr_warp.val();
        self.preds.g_warp.next = self.pipe.g_warp.val();
        self.preds.g_idx.next = self.pipe.g_idx.val();
        self.preds.r_warp.next = self.pipe.pr_warp.val();
        self.preds.r_grp.next = self.pipe.pr_grp.val();
        self.preds.r_ia.next = self.pipe.pr_ia.val();
        self.preds.r_ib.next = self.pipe.pr_ib.val();
        self.preds.w_v.next = self.pipe.pw_v.val();
        self.preds.w_warp.next = self.pipe.w_warp.val();
        self.preds.w_grp.next = self.pipe.w_grp.val();
        self.preds.w_idx.next = self.pipe.pw_idx.val();
        self.preds.w_mask.next = self.pipe.w_exec.val();

        // Load/store unit.
        self.lsu.clear.next = self.clr.q.val();
        self.lsu.phase.next = self.sched.phase.val();
        self.lsu.a_v.next = self.pipe.m_v.val();
        self.lsu.a_warp.next = self.pipe.e_warp_o.val();
        self.lsu.a_pc.next = self.pipe.e_pc_o.val();
        self.lsu.a_mask.next = self.pipe.e_mask_o.val();
        self.lsu.a_exec.next = self.pipe.e_exec_o.val();
        self.lsu.a_cta.next = self.pipe.e_cta_o.val();
        self.lsu.a_wid.next = self.pipe.e_wid_o.val();
        self.lsu.a_tag.next = self.pipe.e_tag_o.val();
        self.lsu.a_space.next = self.idec.mem_space.val();
        self.lsu.a_size.next = self.idec.mem_size.val();
        self.lsu.a_store.next = self.idec.mem_store.val();
        self.lsu.a_atom.next = self.idec.mem_atom.val();
        self.lsu.a_ra.next = self.imem.i_data.val().get_bits::<7>(39);
        self.lsu.a_rd.next = self.imem.i_data.val().get_bits::<7>(46);
        self.lsu.a_rb.next = self.imem.i_data.val().get_bits::<7>(32);
        self.lsu.a_rc.next = self.imem.i_data.val().get_bits::<7>(25);
        self.lsu.a_sub.next = self.imem.i_data.val().get_bits::<4>(1);
        self.lsu.a_imm.next = self.imem.i_data.val().get_bits::<32>(0);
        self.lsu.regs.next = self.host.regs.val();
        self.lsu.b_base.next = self.disp.c_base.val();
        self.lsu.s_bytes.next = self.host.shared_bytes.val();
        self.lsu.l_bytes.next = self.host.local_bytes.val();
        self.lsu.l_shift.next = self.host.local_shift.val();
        self.lsu.s_base.next = self.disp.c_sbase.val();
        self.lsu.z_v.next = self.disp.z_v.val();
        self.lsu.z_addr.next = self.disp.z_addr.val();
        self.lsu.m_req_ready.next = self.m_req_ready.val();
        self.lsu.m_resp_valid.next = self.m_resp_valid.val();
        self.lsu.m_resp_data.next = self.m_resp_data.val();
        self.lsu.m_resp_err.next = self.m_resp_err.val();
        self.lsu.ua0.next = self.lanes[0].u_a.val();
        self.lsu.ub0.next = self.lanes[0].u_b.val();
        self.lsu.uc0.next = self.lanes[0].u_c.val();
        self.lsu.ua1.next = self.lanes[1].u_a.val();
        self.lsu.ub1.next = self.lanes[1].u_b.val();
        self.lsu.uc1.next = self.lanes[1].u_c.val();
        self.lsu.ua2.next = self.lanes[2].u_a.val();
        self.lsu.ub2.next = self.lanes[2].u_b.val();
        self.lsu.uc2.next = self.lanes[2].u_c.val();
        self.lsu.ua3.next = self.lanes[3].u_a.val();
        self.lsu.ub3.next = self.lanes[3].u_b.val();
        self.lsu.uc3.next = self.lanes[3].u_c.val();
        self.lsu.ua4.next = self.lanes[4].u_a.val();
        self.lsu.ub4.next = self.lanes[4].u_b.val();
        self.lsu.uc4.next = self.lanes[4].u_c.val();
        self.lsu.ua5.next = self.lanes[5].u_a.val();
        self.lsu.ub5.next = self.lanes[5].u_b.val();
        self.lsu.uc5.next = self.lanes[5].u_c.val();
        self.lsu.ua6.next = self.lanes[6].u_a.val();
        self.lsu.ub6.next = self.lanes[6].u_b.val();
        self.lsu.uc6.next = self.lanes[6].u_c.val();
        self.lsu.ua7.next = self.lanes[7].u_a.val();
        self.lsu.ub7.next = self.lanes[7].u_b.val();
        self.lsu.uc7.next = self.lanes[7].u_c.val();

        // SFU and FMA unit.
        self.fpu.clear.next = self.clr.q.val();
        self.fpu.phase.next = self.sched.phase.val();
        self.fpu.a_v.next = self.pipe.f_v.val();
        self.fpu.a_warp.next = self.pipe.e_warp_o.val();
        self.fpu.a_pc.next = self.pipe.e_pc_o.val();
        self.fpu.a_mask.next = self.pipe.e_mask_o.val();
        self.fpu.a_exec.next = self.pipe.e_exec_o.val();
        self.fpu.a_cta.next = self.pipe.e_cta_o.val();
        self.fpu.a_wid.next = self.pipe.e_wid_o.val();
        self.fpu.a_tag.next = self.pipe.e_tag_o.val();
        self.fpu.a_sfu.next = self.idec.xu.val() == self.k_xu_sfu.val();
        self.fpu.a_fn.next = self.idec.sfu_fn.val();
        self.fpu.a_f64.next = self.idec.fma_f64.val();
        self.fpu.a_op.next = self.idec.fma_op.val();
        self.fpu.a_kind.next = self.imem.i_data.val().get_bits::<3>(16);
        self.fpu.a_signed.next = self.imem.i_data.val().get_bits::<1>(15);
        self.fpu.a_rd.next = self.imem.i_data.val().get_bits::<7>(46);
        self.fpu.a_ra.next = self.imem.i_data.val().get_bits::<7>(39);
        self.fpu.a_rb.next = self.imem.i_data.val().get_bits::<7>(32);
        self.fpu.a_rc.next = self.imem.i_data.val().get_bits::<7>(25);
        self.fpu.a_rnd.next = self.imem.i_data.val().get_bits::<2>(19);
        self.fpu.a_sat.next = self.imem.i_data.val().get_bit(14);
        self.fpu.a_mod_a.next = self.imem.i_data.val().get_bits::<2>(12);
        self.fpu.a_mod_b.next = self.imem.i_data.val().get_bits::<2>(10);
        self.fpu.a_mod_c.next = self.imem.i_data.val().get_bits::<2>(8);
        self.fpu.regs.next = self.host.regs.val();
        self.fpu.b_base.next = self.disp.x_base.val();
        self.fpu.ua0.next = self.lanes[0].u_a.val();
        self.fpu.ub0.next = self.lanes[0].u_b.val();
        self.fpu.uc0.next = self.lanes[0].u_c.val();
        self.fpu.ua1.next = self.lanes[1].u_a.val();
        self.fpu.ub1.next = self.lanes[1].u_b.val();
        self.fpu.uc1.next = self.lanes[1].u_c.val();
        self.fpu.ua2.next = self.lanes[2].u_a.val();
        self.fpu.ub2.next = self.lanes[2].u_b.val();
        self.fpu.uc2.next = self.lanes[2].u_c.val();
        self.fpu.ua3.next = self.lanes[3].u_a.val();
        self.fpu.ub3.next = self.lanes[3].u_b.val();
        self.fpu.uc3.next = self.lanes[3].u_c.val();
        self.fpu.ua4.next = self.lanes[4].u_a.val();
        self.fpu.ub4.next = self.lanes[4].u_b.val();
        self.fpu.uc4.next = self.lanes[4].u_c.val();
        self.fpu.ua5.next = self.lanes[5].u_a.val();
        self.fpu.ub5.next = self.lanes[5].u_b.val();
        self.fpu.uc5.next = self.lanes[5].u_c.val();
        self.fpu.ua6.next = self.lanes[6].u_a.val();
        self.fpu.ub6.next = self.lanes[6].u_b.val();
        self.fpu.uc6.next = self.lanes[6].u_c.val();
        self.fpu.ua7.next = self.lanes[7].u_a.val();
        self.fpu.ub7.next = self.lanes[7].u_b.val();
        self.fpu.uc7.next = self.lanes[7].u_c.val();

        // mul.f32 on the SFUs' multipliers.
        self.fmul.clear.next = self.clr.q.val();
        self.fmul.phase.next = self.sched.phase.val();
        self.fmul.a_v.next = self.pipe.u_v.val();
        self.fmul.a_warp.next = self.pipe.e_warp_o.val();
        self.fmul.a_pc.next = self.pipe.e_pc_o.val();
        self.fmul.a_mask.next = self.pipe.e_mask_o.val();
        self.fmul.a_exec.next = self.pipe.e_exec_o.val();
        self.fmul.a_cta.next = self.pipe.e_cta_o.val();
        self.fmul.a_wid.next = self.pipe.e_wid_o.val();
        self.fmul.a_tag.next = self.pipe.e_tag_o.val();
        self.fmul.a_rd.next = self.imem.i_data.val().get_bits::<7>(46);
        self.fmul.a_ra.next = self.imem.i_data.val().get_bits::<7>(39);
        self.fmul.a_rb.next = self.imem.i_data.val().get_bits::<7>(32);
        self.fmul.a_rnd.next = self.imem.i_data.val().get_bits::<2>(19);
        self.fmul.a_sat.next = self.imem.i_data.val().get_bit(14);
        self.fmul.a_mod_a.next = self.imem.i_data.val().get_bits::<2>(12);
        self.fmul.a_mod_b.next = self.imem.i_data.val().get_bits::<2>(10);
        self.fmul.regs.next = self.host.regs.val();
        self.fmul.b_base.next = self.disp.y_base.val();
        self.fmul.ua0.next = self.lanes[0].u_a.val();
        self.fmul.ub0.next = self.lanes[0].u_b.val();
        self.fmul.ua1.next = self.lanes[1].u_a.val();
        self.fmul.ub1.next = self.lanes[1].u_b.val();
        self.fmul.ua2.next = self.lanes[2].u_a.val();
        self.fmul.ub2.next = self.lanes[2].u_b.val();
        self.fmul.ua3.next = self.lanes[3].u_a.val();
        self.fmul.ub3.next = self.lanes[3].u_b.val();
        self.fmul.ua4.next = self.lanes[4].u_a.val();
        self.fmul.ub4.next = self.lanes[4].u_b.val();
        self.fmul.ua5.next = self.lanes[5].u_a.val();
        self.fmul.ub5.next = self.lanes[5].u_b.val();
        self.fmul.ua6.next = self.lanes[6].u_a.val();
        self.fmul.ub6.next = self.lanes[6].u_b.val();
        self.fmul.ua7.next = self.lanes[7].u_a.val();
        self.fmul.ub7.next = self.lanes[7].u_b.val();

        // The eight SP lanes. The other units' client: the SFUs' multipliers' reads first (they
        // must not wait: sm/fmul.rs), then the load/store unit's, then the SFU and FMA
        // unit's; the writes in the same order, then the dispatcher's register clearing.
        self.ur_rd.next = (self.lsu.u_rd.val() | self.fpu.u_rd.val()) | self.fmul.u_rd.val();
        self.ur_set.next = self.fpu.u_rset.val();
        self.ur_a.next = self.fpu.u_ra.val();
        self.ur_b.next = self.fpu.u_rb.val();
        self.ur_c.next = self.fpu.u_rc.val();
        if self.lsu.u_rd.val() {
            self.ur_set.next = self.lsu.u_rset.val();
            self.ur_a.next = self.lsu.u_ra.val();
            self.ur_b.next = self.lsu.u_rb.val();
            self.ur_c.next = self.lsu.u_rc.val();
        }
        if self.fmul.u_rd.val() {
            self.ur_set.next = self.fmul.u_rset.val();
            self.ur_a.next = self.fmul.u_ra.val();
            self.ur_b.next = self.fmul.u_rb.val();
            self.ur_c.next = self.fmul.u_rb.val();
        }
        self.u_rok.next = true;
        self.uw_mask.next = 0.into();
        if self.disp.u_wr.val() {
            self.uw_mask.next = self.ones8.val();
        }
        self.uw_set.next = self.disp.u_wset.val();
        self.uw_addr.next = self.disp.u_waddr.val();
        if self.fpu.u_wr.val() {
            self.uw_mask.next = self.fpu.u_wmask.val();
            self.uw_set.next = self.fpu.u_wset.val();
            self.uw_addr.next = self.fpu.u_waddr.val();
        }
        if self.lsu.u_wr.val() {
            self.uw_mask.next = self.lsu.u_wmask.val();
            self.uw_set.next = self.lsu.u_wset.val();
            self.uw_addr.next = self.lsu.u_waddr.val();
        }
        if self.fmul.u_wr.val() {
            self.uw_mask.next = self.fmul.u_wmask.val();
            self.uw_set.next = self.fmul.u_wset.val();
            self.uw_addr.next = self.fmul.u_waddr.val();
        }
        self.u_ok.next = true;
        self.pvals.next = 0.into();
        for j in 0..8 {
            self.lanes[j].rd.next = self.pipe.rd.val();
            self.lanes[j].rset.next = self.pipe.rset.val();
            self.lanes[j].ra.next = self.pipe.ra.val();
            self.lanes[j].rb.next = self.pipe.rb.val();
            self.lanes[j].rc.next = self.pipe.rc.val();
            self.lanes[j].wr.next = self.pipe.w_reg.val() & self.pipe.w_exec.val().get_bit(j);
            self.lanes[j].wset.next = self.pipe.w_set.val();
            self.lanes[j].waddr.next = self.pipe.w_addr.val();
            self.lanes[j].u_rd.next = self.ur_rd.val();
            self.lanes[j].u_rset.next = self.ur_set.val();
            self.lanes[j].u_ra.next = self.ur_a.val();
            self.lanes[j].u_rb.next = self.ur_b.val();
            self.lanes[j].u_rc.next = self.ur_c.val();
            self.lanes[j].u_wr.next = self.uw_mask.val().get_bit(j);
            self.lanes[j].u_wset.next = self.uw_set.val();
            self.lanes[j].u_waddr.next = self.uw_addr.val();
            self.u_rok.next = self.u_rok.val() & self.lanes[j].u_rd_ok.val();
            self.lanes[j].t_we.next = self.disp.t_we.val();
            self.lanes[j].t_lane.next = self.disp.t_lane.val();
            self.lanes[j].t_waddr.next = self.disp.t_waddr.val();
            self.lanes[j].t_wdata.next = self.disp.t_wdata.val();
            self.lanes[j].t_raddr.next = self.pipe.t_raddr.val();
            self.lanes[j].x_alt.next = self.pipe.x_alt.val();
            self.lanes[j].x_val.next = self.pipe.x_val.val();
            self.lanes[j].x_pa.next = self.preds.r_a.val().get_bit(j);
            self.lanes[j].x_pb.next = self.preds.r_b.val().get_bit(j);
            self.lanes[j].x_plop.next = self.pipe.x_plop.val();
            self.u_ok.next = self.u_ok.val() & self.lanes[j].u_wr_ok.val();
            if self.lanes[j].p.val() {
                self.pvals.next = self.pvals.val() | self.onehot8[j].val();
            }
        }
        // The SP datapaths: the pipeline's operation; datapath k's operands and result are
        // lane k's, and in pass p lane pS + k's (S = 4 or 2 SPs).
        for k in 0..S {
            self.dps[k].in_valid.next = self.pipe.x_valid.val();
            self.dps[k].op.next = self.pipe.x_op.val();
            self.dps[k].rnd.next = self.pipe.x_rnd.val();
            self.dps[k].cmp.next = self.pipe.x_cmp.val();
            self.dps[k].cvt_kind.next = self.pipe.x_kind.val();
            self.dps[k].is_signed.next = self.pipe.x_signed.val();
            self.dps[k].sat.next = self.pipe.x_sat.val();
            self.dps[k].mod_a.next = self.pipe.x_mod_a.val();
            self.dps[k].mod_b.next = self.pipe.x_mod_b.val();
            self.dps[k].mod_c.next = self.pipe.x_mod_c.val();
            self.dps[k].tag.next = 0.into();
            self.op_a[k].next = self.lanes[k].s_a.val();
            self.op_b[k].next = self.lanes[k].s_b.val();
            self.op_c[k].next = self.lanes[k].s_c.val();
            self.op_p[k].next = self.lanes[k].s_pa.val();
            self.lanes[k].dp_y.next = self.dps[k].y.val();
            self.lanes[k].dp_p.next = self.dps[k].p.val();
        }
        // (The exporter evaluates an index from loop variables and literals only, so each
        // count of SPs has its own loop, empty for the others.)
        for k in 0..(4 * ((S == 4) as usize)) {
            if self.lanes[k + 4].on.val() {
                self.op_a[k].next = self.lanes[k + 4].s_a.val();
                self.op_b[k].next = self.lanes[k + 4].s_b.val();
                self.op_c[k].next = self.lanes[k + 4].s_c.val();
                self.op_p[k].next = self.lanes[k + 4].s_pa.val();
            }
            self.lanes[k + 4].dp_y.next = self.dps[k].y.val();
            self.lanes[k + 4].dp_p.next = self.dps[k].p.val();
        }
        for k in 0..(2 * ((S == 2) as usize)) {
            if self.lanes[k + 2].on.val() {
                self.op_a[k].next = self.lanes[k + 2].s_a.val();
                self.op_b[k].next = self.lanes[k + 2].s_b.val();
                self.op_c[k].next = self.lanes[k + 2].s_c.val();
                self.op_p[k].next = self.lanes[k + 2].s_pa.val();
            }
            if self.lanes[k + 4].on.val() {
                self.op_a[k].next = self.lanes[k + 4].s_a.val();
                self.op_b[k].next = self.lanes[k + 4].s_b.val();
                self.op_c[k].next = self.lanes[k + 4].s_c.val();
                self.op_p[k].next = self.lanes[k + 4].s_pa.val();
            }
            if self.lanes[k + 6].on.val() {
                self.op_a[k].next = self.lanes[k + 6].s_a.val();
                self.op_b[k].next = self.lanes[k + 6].s_b.val();
                self.op_c[k].next = self.lanes[k + 6].s_c.val();
                self.op_p[k].next = self.lanes[k + 6].s_pa.val();
            }
            self.lanes[k + 2].dp_y.next = self.dps[k].y.val();
            self.lanes[k + 2].dp_p.next = self.dps[k].p.val();
            self.lanes[k + 4].dp_y.next = self.dps[k].y.val();
            self.lanes[k + 4].dp_p.next = self.dps[k].p.val();
            self.lanes[k + 6].dp_y.next = self.dps[k].y.val();
            self.lanes[k + 6].dp_p.next = self.dps[k].p.val();
        }
        for k in 0..S {
            self.dps[k].a.next = self.op_a[k].val();
            self.dps[k].b.next = self.op_b[k].val();
            self.dps[k].c.next = self.op_c[k].val();
            self.dps[k].p_in.next = self.op_p[k].val();
        }
        // The dispatcher's register clearing writes zeros; the units their results.
        self.wd_keep.next = 0.into();
        self.fd_keep.next = 0.into();
        self.md_keep.next = 0.into();
        if self.fmul.u_wr.val() {
            self.md_keep.next = self.ones32.val();
        } else if self.lsu.u_wr.val() {
            self.wd_keep.next = self.ones32.val();
        } else if self.fpu.u_wr.val() {
            self.fd_keep.next = self.ones32.val();
        }
        self.lanes[0].u_wdata.next = ((self.lsu.wd0.val() & self.wd_keep.val()) | (self.fpu.wd0.val() & self.fd_keep.val()))
            | (self.fmul.wd0.val() & self.md_keep.val());
        self.lanes[1].u_wdata.next = ((self.lsu.wd1.val() & self.wd_keep.val()) | (self.fpu.wd1.val() & self.fd_keep.val()))
            | (self.fmul.wd1.val() & self.md_keep.val());
        self.lanes[2].u_wdata.next = ((self.lsu.wd2.val() & self.wd_keep.val()) | (self.fpu.wd2.val() & self.fd_keep.val()))
            | (self.fmul.wd2.val() & self.md_keep.val());
        self.lanes[3].u_wdata.next = ((self.lsu.wd3.val() & self.wd_keep.val()) | (self.fpu.wd3.val() & self.fd_keep.val()))
            | (self.fmul.wd3.val() & self.md_keep.val());
        self.lanes[4].u_wdata.next = ((self.lsu.wd4.val() & self.wd_keep.val()) | (self.fpu.wd4.val() & self.fd_keep.val()))
            | (self.fmul.wd4.val() & self.md_keep.val());
        self.lanes[5].u_wdata.next = ((self.lsu.wd5.val() & self.wd_keep.val()) | (self.fpu.wd5.val() & self.fd_keep.val()))
            | (self.fmul.wd5.val() & self.md_keep.val());
        self.lanes[6].u_wdata.next = ((self.lsu.wd6.val() & self.wd_keep.val()) | (self.fpu.wd6.val() & self.fd_keep.val()))
            | (self.fmul.wd6.val() & self.md_keep.val());
        self.lanes[7].u_wdata.next = ((self.lsu.wd7.val() & self.wd_keep.val()) | (self.fpu.wd7.val() & self.fd_keep.val()))
            | (self.fmul.wd7.val() & self.md_keep.val());
        self.disp.p_busy.next = self.preds.clr_busy.val();
        self.disp.u_ok.next = ((self.u_ok.val() & !self.lsu.u_wr.val()) & !self.fpu.u_wr.val()) & !self.fmul.u_wr.val();
        self.fmul.u_wr_ok.next = self.u_ok.val();
        self.fmul.u_rd_ok.next = self.u_rok.val();
        self.lsu.u_wr_ok.next = self.u_ok.val() & !self.fmul.u_wr.val();
        self.lsu.u_rd_ok.next = self.u_rok.val() & !self.fmul.u_rd.val();
        self.fpu.u_wr_ok.next = (self.u_ok.val() & !self.fmul.u_wr.val()) & !self.lsu.u_wr.val();
        self.fpu.u_rd_ok.next = (self.u_rok.val() & !self.fmul.u_rd.val()) & !self.lsu.u_rd.val();
        self.preds.w_val.next = self.pvals.val();

        // Status: cycles, the watchdog, the first fault.
        self.cyc.d.next = self.cyc.q.val() + self.one32.val();
        self.bad_pc.next = self.sched.fetch_valid.val() & (self.sched.fetch_pc.val() >= self.host.prog_len.val());
        if !self.flt_v.q.val() {
            if self.sched.fault.val() {
                self.flt_v.d.next = true;
                self.flt_kind.d.next = bit_cast::<4, 3>(self.sched.fault_kind.val());
                self.flt_warp.d.next = self.sched.fault_warp.val();
                self.flt_pc.d.next = self.sched.fault_pc.val();
            }
            if self.bad_pc.val() {
                self.flt_v.d.next = true;
                self.flt_kind.d.next = self.k_bad_pc.val();
                self.flt_warp.d.next = self.sched.fetch_warp.val();
                self.flt_pc.d.next = self.sched.fetch_pc.val();
            }
            if self.fpu.flt_v.val() {
                self.flt_v.d.next = true;
                self.flt_kind.d.next = self.k_not_supported.val();
                self.flt_warp.d.next = self.fpu.flt_warp.val();
                self.flt_pc.d.next = self.fpu.flt_pc.val();
                self.flt_lane.d.next = self.fpu.flt_lane.val();
                self.flt_addr.d.next = 0.into();
            }
            if self.lsu.flt_v.val() {
                self.flt_v.d.next = true;
                self.flt_kind.d.next = self.lsu.flt_kind.val();
                self.flt_warp.d.next = self.lsu.flt_warp.val();
                self.flt_pc.d.next = self.lsu.flt_pc.val();
                self.flt_lane.d.next = self.lsu.flt_lane.val();
                self.flt_addr.d.next = self.lsu.flt_addr.val();
            }
            if self.disp.fault.val() {
                self.flt_v.d.next = true;
                self.flt_kind.d.next = self.k_resources.val();
                self.flt_warp.d.next = 0.into();
                self.flt_pc.d.next = 0.into();
            }
            if (self.host.watchdog.val().any() & (self.cyc.q.val() >= self.host.watchdog.val())) & self.disp.busy.val() {
                self.flt_v.d.next = true;
                self.flt_kind.d.next = self.k_watchdog.val();
                self.flt_warp.d.next = 0.into();
                self.flt_pc.d.next = 0.into();
            }
        }
        if self.clr.q.val() | self.host.launch.val() {
            self.cyc.d.next = 0.into();
            self.flt_v.d.next = false;
            self.flt_kind.d.next = 0.into();
            self.flt_warp.d.next = 0.into();
            self.flt_pc.d.next = 0.into();
            self.flt_lane.d.next = 0.into();
            self.flt_addr.d.next = 0.into();
        }
        self.done_dl.d.next = self.disp.done.val();
        self.done_dl2.d.next = self.done_dl.q.val();
        self.done_q.next = self.done_dl.q.val();
        self.done_dl4.d.next = self.done_dl2.q.val();
        if self.two.val() {
            self.done_q.next = self.done_dl2.q.val();
        }
        if self.four.val() {
            self.done_q.next = self.done_dl4.q.val();
        }
        // Busy from the launch to done (the units empty after the last CTA) or a fault.
        self.done_v.next = ((((self.disp.done.val() & self.done_q.val()) & self.lsu.mem_ready.val()) & self.fpu.ready.val()) & self.fmul.idle.val())
            & !self.flt_v.q.val();
        self.busy_v.next = (self.disp.busy.val() | (self.disp.done.val() & !self.done_v.val())) & !self.flt_v.q.val();
        self.busy.next = self.busy_v.val();
        self.done.next = self.done_v.val();
        self.fault.next = self.flt_v.q.val();
        // Host interface: the register map (program, launch registers, status, first
        // fault, counters).
        self.host.clear.next = self.clr.q.val();
        self.host.h_we.next = self.h_we.val();
        self.host.h_re.next = self.h_re.val();
        self.host.h_addr.next = self.h_addr.val();
        self.host.h_wdata.next = self.h_wdata.val();
        self.h_rvalid.next = self.host.h_rvalid.val();
        self.h_rdata.next = self.host.h_rdata.val();
        self.host.busy.next = self.busy_v.val();
        self.host.done.next = self.done_v.val();
        self.host.fault.next = self.flt_v.q.val();
        self.host.fault_kind.next = self.flt_kind.q.val();
        self.host.fault_warp.next = self.flt_warp.q.val();
        self.host.fault_pc.next = self.flt_pc.q.val();
        self.host.fault_lane.next = self.flt_lane.q.val();
        self.host.fault_addr.next = self.flt_addr.q.val();
        self.host.cycles.next = self.cyc.q.val();
        self.host.c_val.next = self.ctrs.val.val();
        // Performance counters.
        self.ctrs.clear.next = self.clr.q.val();
        self.ctrs.start.next = self.host.launch.val();
        self.ctrs.run.next = self.busy_v.val();
        self.ctrs.phase.next = self.sched.phase.val();
        self.ctrs.elig.next = self.sched.elig.val();
        self.ctrs.sbwait.next = self.sched.sbwait.val();
        self.ctrs.ubwait.next = self.sched.ubwait.val();
        self.ctrs.memwait.next = self.sched.memwait.val();
        self.ctrs.barwait.next = self.sched.barwait.val();
        self.ctrs.ret0.next = self.pipe.rt_valid.val();
        self.ctrs.ret1.next = self.lsu.lt_valid.val();
        self.ctrs.ret2.next = self.fpu.ft_valid.val();
        self.ctrs.ret3.next = self.fmul.mt_valid.val();
        self.ctrs.sh_req.next = self.lsu.sh_req.val();
        self.ctrs.sh_step.next = self.lsu.sh_step.val();
        // A request taken in the last clock: its space is still on the port (the response
        // reaches the unit a clock after the memory gives it, at the earliest two clocks on).
        self.ctrs.m_req.next = self.lsu.m_taken.val();
        self.ctrs.m_glob.next = self.lsu.m_req_space.val() == self.k_global.val();
        self.ctrs.gt_v.next = self.lsu.gt_v.val();
        self.ctrs.gt_n.next = self.lsu.gt_n.val();
        self.ctrs.sel.next = self.host.c_sel.val();
        // Memory port.
        self.m_req_valid.next = self.lsu.m_req_valid.val();
        self.m_req_addr.next = self.lsu.m_req_addr.val();
        self.m_req_space.next = self.lsu.m_req_space.val();
        self.m_req_we.next = self.lsu.m_req_we.val();
        self.m_req_be.next = self.lsu.m_req_be.val();
        self.m_req_wdata.next = self.lsu.m_req_wdata.val();
        // The load/store unit's retire port.
        self.lt_valid.next = self.lsu.lt_valid.val();
        self.lt_warp.next = self.lsu.lt_warp.val();
        self.lt_pc.next = self.lsu.lt_pc.val();
        self.lt_mask.next = self.lsu.lt_mask.val();
        self.lt_cta.next = self.lsu.lt_cta.val();
        self.lt_wid.next = self.lsu.lt_wid.val();
        self.lw_valid.next = self.lsu.lw_valid.val();
        self.lw_grp.next = self.lsu.lw_grp.val();
        self.lw_reg.next = self.lsu.lw_reg.val();
        self.lw_mask.next = self.lsu.u_wmask.val();
        self.lw_d0.next = self.lsu.wd0.val();
        self.lw_d1.next = self.lsu.wd1.val();
        self.lw_d2.next = self.lsu.wd2.val();
        self.lw_d3.next = self.lsu.wd3.val();
        self.lw_d4.next = self.lsu.wd4.val();
        self.lw_d5.next = self.lsu.wd5.val();
        self.lw_d6.next = self.lsu.wd6.val();
        self.lw_d7.next = self.lsu.wd7.val();
        self.st_valid.next = self.lsu.st_valid.val();
        self.st_lane.next = self.lsu.st_lane.val();
        self.st_addr.next = self.lsu.st_addr.val();
        self.st_data.next = self.lsu.st_data.val();
        self.st_bytes.next = self.lsu.st_bytes.val();
        self.ss_valid.next = self.lsu.ss_valid.val();
        self.ss_grp.next = self.lsu.ss_grp.val();
        self.ss_mask.next = self.lsu.ss_mask.val();
        self.ss_a0.next = self.lsu.ss_a0.val();
        self.ss_a1.next = self.lsu.ss_a1.val();
        self.ss_a2.next = self.lsu.ss_a2.val();
        self.ss_a3.next = self.lsu.ss_a3.val();
        self.ss_a4.next = self.lsu.ss_a4.val();
        self.ss_a5.next = self.lsu.ss_a5.val();
        self.ss_a6.next = self.lsu.ss_a6.val();
        self.ss_a7.next = self.lsu.ss_a7.val();
        self.ss_d0.next = self.lsu.ss_d0.val();
        self.ss_d1.next = self.lsu.ss_d1.val();
        self.ss_d2.next = self.lsu.ss_d2.val();
        self.ss_d3.next = self.lsu.ss_d3.val();
        self.ss_d4.next = self.lsu.ss_d4.val();
        self.ss_d5.next = self.lsu.ss_d5.val();
        self.ss_d6.next = self.lsu.ss_d6.val();
        self.ss_d7.next = self.lsu.ss_d7.val();
        // The SFU and FMA unit's retire port.
        self.ft_valid.next = self.fpu.ft_valid.val();
        self.ft_warp.next = self.fpu.ft_warp.val();
        self.ft_pc.next = self.fpu.ft_pc.val();
        self.ft_mask.next = self.fpu.ft_mask.val();
        self.ft_cta.next = self.fpu.ft_cta.val();
        self.ft_wid.next = self.fpu.ft_wid.val();
        self.fw_valid.next = self.fpu.fw_valid.val();
        self.fw_grp.next = self.fpu.fw_grp.val();
        self.fw_reg.next = self.fpu.fw_reg.val();
        self.fw_mask.next = self.fpu.u_wmask.val();
        self.fw_d0.next = self.fpu.wd0.val();
        self.fw_d1.next = self.fpu.wd1.val();
        self.fw_d2.next = self.fpu.wd2.val();
        self.fw_d3.next = self.fpu.wd3.val();
        self.fw_d4.next = self.fpu.wd4.val();
        self.fw_d5.next = self.fpu.wd5.val();
        self.fw_d6.next = self.fpu.wd6.val();
        self.fw_d7.next = self.fpu.wd7.val();
        self.mt_valid.next = self.fmul.mt_valid.val();
        self.mt_warp.next = self.fmul.mt_warp.val();
        self.mt_pc.next = self.fmul.mt_pc.val();
        self.mt_mask.next = self.fmul.mt_mask.val();
        self.mt_cta.next = self.fmul.mt_cta.val();
        self.mt_wid.next = self.fmul.mt_wid.val();
        self.mw_valid.next = self.fmul.mw_valid.val();
        self.mw_grp.next = self.fmul.mw_grp.val();
        self.mw_reg.next = self.fmul.mw_reg.val();
        self.mw_mask.next = self.fmul.u_wmask.val();
        self.mw_d0.next = self.fmul.wd0.val();
        self.mw_d1.next = self.fmul.wd1.val();
        self.mw_d2.next = self.fmul.wd2.val();
        self.mw_d3.next = self.fmul.wd3.val();
        self.mw_d4.next = self.fmul.wd4.val();
        self.mw_d5.next = self.fmul.wd5.val();
        self.mw_d6.next = self.fmul.wd6.val();
        self.mw_d7.next = self.fmul.wd7.val();

        // Retire port.
        self.rt_valid.next = self.pipe.rt_valid.val();
        self.rt_warp.next = self.pipe.rt_warp.val();
        self.rt_pc.next = self.pipe.rt_pc.val();
        self.rt_mask.next = self.pipe.rt_mask.val();
        self.rt_cta.next = self.pipe.rt_cta.val();
        self.rt_wid.next = self.pipe.rt_wid.val();
        self.is_valid.next = self.pipe.e_v_o.val();
        self.is_warp.next = self.pipe.e_warp_o.val();
        self.is_pc.next = self.pipe.e_pc_o.val();
        self.is_cta.next = self.pipe.e_cta_o.val();
        self.is_wid.next = self.pipe.e_wid_o.val();
        self.rw_valid.next = self.pipe.rw_valid.val();
        self.rw_warp.next = self.pipe.w_warp.val();
        self.rw_grp.next = self.pipe.w_grp.val();
        self.rw_reg.next = self.pipe.rw_reg.val();
        self.rw_mask.next = self.pipe.w_exec.val();
        self.rw_d0.next = self.lanes[0].y.val();
        self.rw_d1.next = self.lanes[1].y.val();
        self.rw_d2.next = self.lanes[2].y.val();
        self.rw_d3.next = self.lanes[3].y.val();
        self.rw_d4.next = self.lanes[4].y.val();
        self.rw_d5.next = self.lanes[5].y.val();
        self.rw_d6.next = self.lanes[6].y.val();
        self.rw_d7.next = self.lanes[7].y.val();
        self.rw_p.next = self.pvals.val();
    }
}

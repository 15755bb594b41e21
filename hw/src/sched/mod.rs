//! The warp scheduler and SIMT control of the SM (issue 7): warp table, instruction buffer
//! and scoreboard, issue selection, SIMT branch-synchronization stack and barrier unit,
//! around an issue slot of two SP clocks. N warps (<= 32) of L threads (<= 32), stack depth
//! 2^(SA+1) (SPW = SA + 1, AW = 5 + SA), E scoreboard entries per warp (<= 4), C CTA slots
//! (<= 8). The timing model, the ports' phases and the policy are in docs/scheduler.md; the
//! golden model is `heddle_sim::golden::warp_sched` (cycle-exact).
//!
//! Slot s = SP clocks 2s (phase 0) and 2s+1 (phase 1); `phase` shows which.
//! - Phase 0: the warps are qualified for the slot (scoreboard, unit free, priorities,
//!   ages); the instruction issued in the previous slot is resolved with `res_guard`
//!   (next PC, branch divergence and pushes, exit, barrier arrival and release, faults) and
//!   its next instruction is requested on the fetch port for phase 1; the stack engine
//!   picks a warp (a pop reads the stack RAM).
//! - Phase 1: one eligible warp is selected and issued (shown on `iss_*` during the next
//!   slot); the engine completes (new top of stack, or a fetch request for the next phase
//!   0); the pushes are written; scoreboard entries count down and releases apply; a warp
//!   launch and a CTA start are taken.
//! The fetch port serves one warp per clock: `fetch_*` (registered) asks for the
//! instruction at `fetch_pc` of warp `fetch_warp`; it must be on `inst_*` in the same
//! clock and enters the warp's buffer at its end.
//!
//! Ports (in: sampled at the end of the clock of the phase given; out: registered unless
//! said otherwise):
//! - `clock`, `clear` (any phase: synchronous reset; the stack RAM keeps its contents)
//! - `res_guard` (L, phase 0): per-thread guard values (negation applied) of the
//!   instruction on `iss_*`; ignored if it has no guard
//! - `inst_class` (4), `inst_dst_v`, `inst_dst` (8), `inst_dst_w` (2), `inst_s0_v`,
//!   `inst_s0`, `inst_s0_w`, `inst_s1_*`, `inst_s2_*`, `inst_guard` (3, 7 = none),
//!   `inst_lat` (6), `inst_target`, `inst_brpc` (24), `inst_uni` (both phases, when
//!   `fetch_valid`): the fetched instruction's scheduling fields (docs/scheduler.md)
//! - `mem_ready` (phase 0): the memory pipeline accepts an instruction in this slot
//! - `fpu_ready` (phase 0): the SFU and FMA units accept an instruction in this slot (an SM
//!   whose units are always ready ties it high)
//! - `rel_valid`, `rel_warp` (5), `rel_tag` (2) (phase 1): the memory pipeline releases the
//!   destination of the `lat` 0 instruction issued with `iss_tag` = `rel_tag`
//! - `launch_valid`, `launch_warp` (5), `launch_cta` (3), `launch_type` (2), `launch_pc`
//!   (24), `launch_mask` (L) (phase 1): start a warp in a free warp slot
//! - `cta_valid`, `cta_id` (3), `cta_nwarps` (6) (phase 1): start a CTA slot with its
//!   number of warps (before launching them, at least one slot earlier)
//! - `prio_class` (18), `prio_type` (8) (phase 0): 2-bit priority per class / warp type
//! - `dbg_warp` (5): the warp shown on `dbg_*` (combinational outputs)
//! - `phase` out: the current clock is phase 1
//! - `iss_valid`, `iss_warp` (5), `iss_class` (4), `iss_pc` (24), `iss_mask` (L),
//!   `iss_tag` (2): the warp-instruction issued in the previous slot (held for the slot)
//! - `fetch_valid`, `fetch_warp` (5), `fetch_pc` (24): fetch request of this clock
//! - `fetch_next_valid`, `fetch_next_warp`, `fetch_next_pc` (combinational): the fetch
//!   request of the next clock (the registers' inputs), for a synchronous instruction memory
//!   whose read address register they feed
//! - `elig` (N), `sbwait` (N): eligible warps / warps waiting on the scoreboard in this
//!   slot (registered at the end of phase 0)
//! - `ubwait` (N), `memwait` (N), `barwait` (N): warps whose instruction is ready but
//!   whose unit is busy / of them, those whose unit is the memory pipeline / warps at a
//!   barrier, in this slot (registered at the end of phase 0; the SM's stall counters)
//! - `fault`, `fault_kind` (3), `fault_warp` (5), `fault_pc` (24): the first fault since
//!   reset (kinds: 1 stack overflow, 2 divergent barrier, 3 uniform branch diverged,
//!   4 stack underflow, 5 bad launch, 6 bad CTA start; warp = CTA id for 6)
//! - `cta_done_valid`, `cta_done_id` (3), `bar_rel_valid`, `bar_rel_id` (3): a CTA
//!   completed / a barrier released in phase 0 (shown during phase 1)
//! - `dbg_state` (3), `dbg_pc`, `dbg_rpc` (24), `dbg_mask`, `dbg_live` (L), `dbg_sp` (SPW),
//!   `dbg_cta` (3): warp `dbg_warp` (combinational)

/// Clocks from an input to the registered outputs it causes.
pub const SCHED_LATENCY: usize = 1;

pub mod barrier_unit;
pub mod issue_select;
pub mod scoreboard;
pub mod simt_stack;
pub mod warp_table;
use crate::sched::barrier_unit::BarrierUnit;
use crate::sched::issue_select::{IssueSelect, IssueTiming};
use crate::sched::scoreboard::Scoreboard;
use crate::sched::simt_stack::SimtStack;
use crate::sched::warp_table::WarpTable;
use array_init::array_init;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct WarpSched<
    const N: usize,
    const L: usize,
    const SA: usize,
    const SPW: usize,
    const AW: usize,
    const E: usize,
    const C: usize,
> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub res_guard: Signal<In, Bits<L>>,
    pub inst_class: Signal<In, Bits<4>>,
    pub inst_dst_v: Signal<In, Bit>,
    pub inst_dst: Signal<In, Bits<8>>,
    pub inst_dst_w: Signal<In, Bits<2>>,
    pub inst_s0_v: Signal<In, Bit>,
    pub inst_s0: Signal<In, Bits<8>>,
    pub inst_s0_w: Signal<In, Bits<2>>,
    pub inst_s1_v: Signal<In, Bit>,
    pub inst_s1: Signal<In, Bits<8>>,
    pub inst_s1_w: Signal<In, Bits<2>>,
    pub inst_s2_v: Signal<In, Bit>,
    pub inst_s2: Signal<In, Bits<8>>,
    pub inst_s2_w: Signal<In, Bits<2>>,
    pub inst_guard: Signal<In, Bits<3>>,
    pub inst_lat: Signal<In, Bits<6>>,
    pub inst_target: Signal<In, Bits<24>>,
    pub inst_brpc: Signal<In, Bits<24>>,
    pub inst_uni: Signal<In, Bit>,
    pub mem_ready: Signal<In, Bit>,
    pub fpu_ready: Signal<In, Bit>,
    pub rel_valid: Signal<In, Bit>,
    pub rel_warp: Signal<In, Bits<5>>,
    pub rel_tag: Signal<In, Bits<2>>,
    pub launch_valid: Signal<In, Bit>,
    pub launch_warp: Signal<In, Bits<5>>,
    pub launch_cta: Signal<In, Bits<3>>,
    pub launch_type: Signal<In, Bits<2>>,
    pub launch_pc: Signal<In, Bits<24>>,
    pub launch_mask: Signal<In, Bits<L>>,
    pub cta_valid: Signal<In, Bit>,
    pub cta_id: Signal<In, Bits<3>>,
    pub cta_nwarps: Signal<In, Bits<6>>,
    pub prio_class: Signal<In, Bits<18>>,
    pub prio_type: Signal<In, Bits<8>>,
    pub dbg_warp: Signal<In, Bits<5>>,
    pub phase: Signal<Out, Bit>,
    pub iss_valid: Signal<Out, Bit>,
    pub iss_warp: Signal<Out, Bits<5>>,
    pub iss_class: Signal<Out, Bits<4>>,
    pub iss_pc: Signal<Out, Bits<24>>,
    pub iss_mask: Signal<Out, Bits<L>>,
    pub iss_tag: Signal<Out, Bits<2>>,
    pub fetch_valid: Signal<Out, Bit>,
    pub fetch_warp: Signal<Out, Bits<5>>,
    pub fetch_pc: Signal<Out, Bits<24>>,
    pub fetch_next_valid: Signal<Out, Bit>,
    pub fetch_next_warp: Signal<Out, Bits<5>>,
    pub fetch_next_pc: Signal<Out, Bits<24>>,
    pub elig: Signal<Out, Bits<N>>,
    pub sbwait: Signal<Out, Bits<N>>,
    pub ubwait: Signal<Out, Bits<N>>,
    pub memwait: Signal<Out, Bits<N>>,
    pub barwait: Signal<Out, Bits<N>>,
    pub fault: Signal<Out, Bit>,
    pub fault_kind: Signal<Out, Bits<3>>,
    pub fault_warp: Signal<Out, Bits<5>>,
    pub fault_pc: Signal<Out, Bits<24>>,
    pub cta_done_valid: Signal<Out, Bit>,
    pub cta_done_id: Signal<Out, Bits<3>>,
    pub bar_rel_valid: Signal<Out, Bit>,
    pub bar_rel_id: Signal<Out, Bits<3>>,
    pub dbg_state: Signal<Out, Bits<3>>,
    pub dbg_pc: Signal<Out, Bits<24>>,
    pub dbg_rpc: Signal<Out, Bits<24>>,
    pub dbg_mask: Signal<Out, Bits<L>>,
    pub dbg_live: Signal<Out, Bits<L>>,
    pub dbg_sp: Signal<Out, Bits<SPW>>,
    pub dbg_cta: Signal<Out, Bits<3>>,
    // Blocks.
    wt: WarpTable<N, L>,
    sb: Scoreboard<N, E>,
    isel: IssueSelect<N>,
    stk: SimtStack<N, L, SA, SPW, AW>,
    bu: BarrierUnit<C, N>,
    // Phase, issue record, fetch request, fault, events.
    ph: DFF<Bit>,
    ir_v: DFF<Bit>,
    ir_sel: DFF<Bits<N>>,
    ir_widx: DFF<Bits<5>>,
    ir_class: DFF<Bits<4>>,
    ir_pc: DFF<Bits<24>>,
    ir_rpc: DFF<Bits<24>>,
    ir_mask: DFF<Bits<L>>,
    ir_live: DFF<Bits<L>>,
    ir_cta: DFF<Bits<3>>,
    ir_tag: DFF<Bits<2>>,
    ir_gnone: DFF<Bit>,
    ir_target: DFF<Bits<24>>,
    ir_brpc: DFF<Bits<24>>,
    ir_uni: DFF<Bit>,
    f_v: DFF<Bit>,
    f_sel: DFF<Bits<N>>,
    f_widx: DFF<Bits<5>>,
    f_pc: DFF<Bits<24>>,
    flt_v: DFF<Bit>,
    flt_kind: DFF<Bits<3>>,
    flt_warp: DFF<Bits<5>>,
    flt_pc: DFF<Bits<24>>,
    done_v: DFF<Bit>,
    done_id: DFF<Bits<3>>,
    rel_v: DFF<Bit>,
    rel_id: DFF<Bits<3>>,
    sbwait_r: DFF<Bits<N>>,
    cand_r: DFF<Bits<N>>,
    barw_r: DFF<Bits<N>>,
    memc_r: DFF<Bits<N>>,
    // Combinational.
    p1: Signal<Local, Bit>,
    dbg_sel: Signal<Local, Bits<N>>,
    rel_sel: Signal<Local, Bits<N>>,
    l_sel: Signal<Local, Bits<N>>,
    l_ok: Signal<Local, Bit>,
    l_go: Signal<Local, Bits<N>>,
    fsel_now: Signal<Local, Bits<N>>,
    r_en: Signal<Local, Bit>,
    nst: Signal<Local, Bits<3>>,
    a_sel_v: Signal<Local, Bits<N>>,
    a_tos_v: Signal<Local, Bit>,
    a_live_v: Signal<Local, Bit>,
    a_st_wr: Signal<Local, Bit>,
    a_st_v: Signal<Local, Bits<3>>,
    a_mq_v: Signal<Local, Bit>,
    a_need_v: Signal<Local, Bit>,
    a_pc_v: Signal<Local, Bits<24>>,
    a_rpc_v: Signal<Local, Bits<24>>,
    a_mask_v: Signal<Local, Bits<L>>,
    ev: Signal<Local, Bit>,
    fv_n: Signal<Local, Bit>,
    fx_v: Signal<Local, Bit>,
    fx_sel: Signal<Local, Bits<N>>,
    fx_widx: Signal<Local, Bits<5>>,
    fx_pc: Signal<Local, Bits<24>>,
    eng_widx: Signal<Local, Bits<5>>,
    isel_v: Signal<Local, Bits<N>>,
    cand_v: Signal<Local, Bits<N>>,
    zero_n: Constant<Bits<N>>,
    ones_l: Constant<Bits<L>>,
    widx: [Constant<Bits<5>>; N],
    onehot: [Constant<Bits<N>>; N],
}

impl<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize, const E: usize, const C: usize>
    WarpSched<N, L, SA, SPW, AW, E, C>
{
    pub fn new(t: IssueTiming) -> Self {
        let ones_l: u64 = if L == 32 { 0xFFFF_FFFF } else { (1u64 << L) - 1 };
        Self {
            clock: Default::default(),
            clear: Default::default(),
            res_guard: Default::default(),
            inst_class: Default::default(),
            inst_dst_v: Default::default(),
            inst_dst: Default::default(),
            inst_dst_w: Default::default(),
            inst_s0_v: Default::default(),
            inst_s0: Default::default(),
            inst_s0_w: Default::default(),
            inst_s1_v: Default::default(),
            inst_s1: Default::default(),
            inst_s1_w: Default::default(),
            inst_s2_v: Default::default(),
            inst_s2: Default::default(),
            inst_s2_w: Default::default(),
            inst_guard: Default::default(),
            inst_lat: Default::default(),
            inst_target: Default::default(),
            inst_brpc: Default::default(),
            inst_uni: Default::default(),
            mem_ready: Default::default(),
            fpu_ready: Default::default(),
            rel_valid: Default::default(),
            rel_warp: Default::default(),
            rel_tag: Default::default(),
            launch_valid: Default::default(),
            launch_warp: Default::default(),
            launch_cta: Default::default(),
            launch_type: Default::default(),
            launch_pc: Default::default(),
            launch_mask: Default::default(),
            cta_valid: Default::default(),
            cta_id: Default::default(),
            cta_nwarps: Default::default(),
            prio_class: Default::default(),
            prio_type: Default::default(),
            dbg_warp: Default::default(),
            phase: Default::default(),
            iss_valid: Default::default(),
            iss_warp: Default::default(),
            iss_class: Default::default(),
            iss_pc: Default::default(),
            iss_mask: Default::default(),
            iss_tag: Default::default(),
            fetch_valid: Default::default(),
            fetch_warp: Default::default(),
            fetch_pc: Default::default(),
            fetch_next_valid: Default::default(),
            fetch_next_warp: Default::default(),
            fetch_next_pc: Default::default(),
            elig: Default::default(),
            sbwait: Default::default(),
            ubwait: Default::default(),
            memwait: Default::default(),
            barwait: Default::default(),
            fault: Default::default(),
            fault_kind: Default::default(),
            fault_warp: Default::default(),
            fault_pc: Default::default(),
            cta_done_valid: Default::default(),
            cta_done_id: Default::default(),
            bar_rel_valid: Default::default(),
            bar_rel_id: Default::default(),
            dbg_state: Default::default(),
            dbg_pc: Default::default(),
            dbg_rpc: Default::default(),
            dbg_mask: Default::default(),
            dbg_live: Default::default(),
            dbg_sp: Default::default(),
            dbg_cta: Default::default(),
            wt: Default::default(),
            sb: Default::default(),
            isel: IssueSelect::new(t),
            stk: Default::default(),
            bu: Default::default(),
            ph: Default::default(),
            ir_v: Default::default(),
            ir_sel: Default::default(),
            ir_widx: Default::default(),
            ir_class: Default::default(),
            ir_pc: Default::default(),
            ir_rpc: Default::default(),
            ir_mask: Default::default(),
            ir_live: Default::default(),
            ir_cta: Default::default(),
            ir_tag: Default::default(),
            ir_gnone: Default::default(),
            ir_target: Default::default(),
            ir_brpc: Default::default(),
            ir_uni: Default::default(),
            f_v: Default::default(),
            f_sel: Default::default(),
            f_widx: Default::default(),
            f_pc: Default::default(),
            flt_v: Default::default(),
            flt_kind: Default::default(),
            flt_warp: Default::default(),
            flt_pc: Default::default(),
            done_v: Default::default(),
            done_id: Default::default(),
            rel_v: Default::default(),
            rel_id: Default::default(),
            sbwait_r: Default::default(),
            cand_r: Default::default(),
            barw_r: Default::default(),
            memc_r: Default::default(),
            p1: Default::default(),
            dbg_sel: Default::default(),
            rel_sel: Default::default(),
            l_sel: Default::default(),
            l_ok: Default::default(),
            l_go: Default::default(),
            fsel_now: Default::default(),
            r_en: Default::default(),
            nst: Default::default(),
            a_sel_v: Default::default(),
            a_tos_v: Default::default(),
            a_live_v: Default::default(),
            a_st_wr: Default::default(),
            a_st_v: Default::default(),
            a_mq_v: Default::default(),
            a_need_v: Default::default(),
            a_pc_v: Default::default(),
            a_rpc_v: Default::default(),
            a_mask_v: Default::default(),
            ev: Default::default(),
            fv_n: Default::default(),
            fx_v: Default::default(),
            fx_sel: Default::default(),
            fx_widx: Default::default(),
            fx_pc: Default::default(),
            eng_widx: Default::default(),
            isel_v: Default::default(),
            cand_v: Default::default(),
            zero_n: Constant::new(0u64.into()),
            ones_l: Constant::new(ones_l.into()),
            widx: array_init(|w| Constant::new((w as u64).into())),
            onehot: array_init(|w| Constant::new((1u64 << w).into())),
        }
    }
}

impl<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize, const E: usize, const C: usize> Default
    for WarpSched<N, L, SA, SPW, AW, E, C>
{
    fn default() -> Self {
        Self::new(IssueTiming::default())
    }
}

impl<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize, const E: usize, const C: usize> Logic
    for WarpSched<N, L, SA, SPW, AW, E, C>
{
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, ph, ir_v, ir_sel, ir_widx, ir_class, ir_pc, ir_rpc, ir_mask, ir_live, ir_cta, ir_tag, ir_gnone,
            ir_target, ir_brpc, ir_uni, f_v, f_sel, f_widx, f_pc, flt_v, flt_kind, flt_warp, flt_pc, done_v, done_id, rel_v,
            rel_id, sbwait_r, cand_r, barw_r, memc_r
        );
        self.wt.clock.next = self.clock.val();
        self.sb.clock.next = self.clock.val();
        self.isel.clock.next = self.clock.val();
        self.stk.clock.next = self.clock.val();
        self.bu.clock.next = self.clock.val();
        self.wt.clear.next = self.clear.val();
        self.sb.clear.next = self.clear.val();
        self.isel.clear.next = self.clear.val();
        self.stk.clear.next = self.clear.val();
        self.bu.clear.next = self.clear.val();
        self.p1.next = self.ph.q.val();
        self.isel.p1.next = self.p1.val();
        self.stk.p1.next = self.p1.val();

        // Warp indices to one-hot.
        self.dbg_sel.next = self.zero_n.val();
        self.rel_sel.next = self.zero_n.val();
        self.l_sel.next = self.zero_n.val();
        for w in 0..N {
            if self.dbg_warp.val() == self.widx[w].val() {
                self.dbg_sel.next = self.onehot[w].val();
            }
            if self.rel_warp.val() == self.widx[w].val() {
                self.rel_sel.next = self.onehot[w].val();
            }
            if self.launch_warp.val() == self.widx[w].val() {
                self.l_sel.next = self.onehot[w].val();
            }
        }

        // --- Scoreboard and instruction buffer. ---
        self.fsel_now.next = self.zero_n.val();
        if self.f_v.q.val() {
            self.fsel_now.next = self.f_sel.q.val();
        }
        self.sb.f_sel.next = self.fsel_now.val();
        self.sb.f_class.next = self.inst_class.val();
        self.sb.f_dst_v.next = self.inst_dst_v.val();
        self.sb.f_dst.next = self.inst_dst.val();
        self.sb.f_dst_w.next = self.inst_dst_w.val();
        self.sb.f_s0_v.next = self.inst_s0_v.val();
        self.sb.f_s0.next = self.inst_s0.val();
        self.sb.f_s0_w.next = self.inst_s0_w.val();
        self.sb.f_s1_v.next = self.inst_s1_v.val();
        self.sb.f_s1.next = self.inst_s1.val();
        self.sb.f_s1_w.next = self.inst_s1_w.val();
        self.sb.f_s2_v.next = self.inst_s2_v.val();
        self.sb.f_s2.next = self.inst_s2.val();
        self.sb.f_s2_w.next = self.inst_s2_w.val();
        self.sb.f_guard.next = self.inst_guard.val();
        self.sb.f_lat.next = self.inst_lat.val();
        self.sb.f_target.next = self.inst_target.val();
        self.sb.f_brpc.next = self.inst_brpc.val();
        self.sb.f_uni.next = self.inst_uni.val();
        self.sb.tick.next = self.p1.val();
        self.isel_v.next = self.zero_n.val();
        if self.p1.val() {
            self.isel_v.next = self.isel.win.val();
        }
        self.sb.i_sel.next = self.isel_v.val();
        self.sb.r_en.next = self.p1.val() & self.rel_valid.val();
        self.sb.r_sel.next = self.rel_sel.val();
        self.sb.r_tag.next = self.rel_tag.val();

        // --- Issue selection. ---
        self.cand_v.next = ((self.wt.v_active.val() & self.sb.v_bufv.val()) & self.sb.v_ready.val()) & !self.wt.v_mq.val();
        self.isel.cand.next = self.cand_v.val();
        self.isel.c0.next = self.sb.v_c0.val();
        self.isel.c1.next = self.sb.v_c1.val();
        self.isel.c2.next = self.sb.v_c2.val();
        self.isel.c3.next = self.sb.v_c3.val();
        self.isel.tp1.next = self.wt.v_tp1.val();
        self.isel.tp0.next = self.wt.v_tp0.val();
        self.isel.prio_class.next = self.prio_class.val();
        self.isel.mem_ready.next = self.mem_ready.val();
        self.isel.fpu_ready.next = self.fpu_ready.val();
        self.wt.prio_type.next = self.prio_type.val();

        // --- Launch and CTA start (phase 1). ---
        self.bu.l_cta.next = self.launch_cta.val();
        self.l_ok.next = ((self.launch_valid.val() & (self.l_sel.val() & self.wt.v_free.val()).any()) & self.bu.l_ok.val())
            & (self.launch_mask.val() & self.ones_l.val()).any();
        self.l_go.next = self.zero_n.val();
        if self.p1.val() & self.l_ok.val() {
            self.l_go.next = self.l_sel.val();
        }
        self.bu.l_commit.next = self.p1.val() & self.l_ok.val();
        self.isel.l_sel.next = self.l_go.val();
        self.wt.b_sel.next = self.l_go.val();
        self.stk.l_sel.next = self.l_go.val();
        self.wt.b_pc.next = self.launch_pc.val();
        self.wt.b_mask.next = self.launch_mask.val();
        self.wt.b_cta.next = self.launch_cta.val();
        self.wt.b_type.next = self.launch_type.val();
        self.bu.s_en.next = self.p1.val() & self.cta_valid.val();
        self.bu.s_cta.next = self.cta_id.val();
        self.bu.s_n.next = self.cta_nwarps.val();

        // --- Resolve (phase 0) and stack engine. ---
        self.r_en.next = self.ir_v.q.val() & !self.p1.val();
        self.stk.r_en.next = self.r_en.val();
        self.stk.r_sel.next = self.ir_sel.q.val();
        self.stk.r_class.next = self.ir_class.q.val();
        self.stk.r_pc.next = self.ir_pc.q.val();
        self.stk.r_rpc.next = self.ir_rpc.q.val();
        self.stk.r_mask.next = self.ir_mask.q.val();
        self.stk.r_live.next = self.ir_live.q.val();
        self.stk.r_gnone.next = self.ir_gnone.q.val();
        self.stk.r_target.next = self.ir_target.q.val();
        self.stk.r_brpc.next = self.ir_brpc.q.val();
        self.stk.r_uni.next = self.ir_uni.q.val();
        self.stk.guard.next = self.res_guard.val();
        self.stk.e_req.next = self.wt.v_mq.val() & self.wt.v_on.val();
        self.wt.e_sel.next = self.stk.e_sel.val();
        self.stk.e_pc.next = self.wt.e_pc.val();
        self.stk.e_need.next = self.wt.v_need.val();
        self.stk.e_live.next = self.wt.e_live.val();
        self.stk.d_sel.next = self.dbg_sel.val();
        // Barrier unit events.
        self.ev.next = self.r_en.val() & (self.stk.n_arrive.val() | self.stk.n_exit.val());
        self.bu.ev_en.next = self.ev.val();
        self.bu.ev_cta.next = self.ir_cta.q.val();
        self.bu.ev_arrive.next = self.stk.n_arrive.val();
        self.bu.ev_exit.next = self.stk.n_exit.val();
        self.wt.rel_en.next = self.bu.rel.val();
        self.wt.rel_cta.next = self.ir_cta.q.val();
        self.wt.done_en.next = self.bu.done.val();
        self.wt.done_cta.next = self.ir_cta.q.val();
        // The resolved warp's new state.
        self.nst.next = 1.into();
        if self.stk.n_arrive.val() & !self.bu.rel.val() {
            self.nst.next = 2.into();
        }
        if self.stk.n_exit.val() {
            self.nst.next = 3.into();
        }
        if self.stk.n_fault.val() {
            self.nst.next = 4.into();
        }
        // Warp table port A: the resolve in phase 0, the engine in phase 1.
        // (`p_sel` is one-hot or empty: the index is an OR over the warps.)
        self.eng_widx.next = 0.into();
        for w in 0..N {
            if self.stk.p_sel.val().get_bit(w) {
                self.eng_widx.next = self.eng_widx.val() | self.widx[w].val();
            }
        }
        if self.p1.val() {
            self.a_sel_v.next = self.zero_n.val();
            if self.stk.p_valid.val() {
                self.a_sel_v.next = self.stk.p_sel.val();
            }
            self.a_tos_v.next = self.stk.p_pop.val() & !self.stk.p_fault.val();
            self.a_live_v.next = false;
            self.a_st_wr.next = self.stk.p_fault.val();
            self.a_st_v.next = 4.into();
            self.a_mq_v.next = self.stk.p_mq.val();
            // (a popped top is written only with `p_pop`, when `p_mq` is its pop test)
            self.a_need_v.next = self.stk.p_mq.val();
            self.a_pc_v.next = self.stk.p_pc.val();
            self.a_rpc_v.next = self.stk.p_rpc.val();
            self.a_mask_v.next = self.stk.p_mask.val();
        } else {
            self.a_sel_v.next = self.zero_n.val();
            if self.r_en.val() {
                self.a_sel_v.next = self.ir_sel.q.val();
            }
            self.a_tos_v.next = !self.stk.n_fault.val();
            self.a_live_v.next = !self.stk.n_fault.val();
            self.a_st_wr.next = true;
            self.a_st_v.next = self.nst.val();
            self.a_mq_v.next = (!self.stk.n_fault.val() & !self.stk.n_exit.val()) & self.stk.n_pop.val();
            self.a_need_v.next = self.stk.n_pop.val();
            self.a_pc_v.next = self.stk.n_pc.val();
            self.a_rpc_v.next = self.stk.n_rpc.val();
            self.a_mask_v.next = self.stk.n_mask.val();
        }
        self.wt.a_sel.next = self.a_sel_v.val();
        self.wt.a_wr_tos.next = self.a_tos_v.val();
        self.wt.a_wr_live.next = self.a_live_v.val();
        self.wt.a_wr_st.next = self.a_st_wr.val();
        self.wt.a_wr_mq.next = true;
        self.wt.a_st.next = self.a_st_v.val();
        self.wt.a_mq.next = self.a_mq_v.val();
        self.wt.a_need.next = self.a_need_v.val();
        self.wt.a_pc.next = self.a_pc_v.val();
        self.wt.a_rpc.next = self.a_rpc_v.val();
        self.wt.a_mask.next = self.a_mask_v.val();
        self.wt.a_live.next = self.stk.n_live.val();
        self.wt.r_sel.next = self.isel_v.val();
        self.wt.d_sel.next = self.dbg_sel.val();

        // --- Registers. ---
        self.ph.d.next = !self.ph.q.val();
        // Issue record (end of phase 1).
        if self.p1.val() {
            self.ir_v.d.next = self.isel.win_any.val();
            self.ir_sel.d.next = self.isel.win.val();
            self.ir_widx.d.next = self.isel.win_idx.val();
            self.ir_class.d.next = self.sb.s_class.val();
            self.ir_pc.d.next = self.wt.r_pc.val();
            self.ir_rpc.d.next = self.wt.r_rpc.val();
            self.ir_mask.d.next = self.wt.r_mask.val();
            self.ir_live.d.next = self.wt.r_live.val();
            self.ir_cta.d.next = self.wt.r_cta.val();
            self.ir_tag.d.next = 0.into();
            if self.sb.s_needs.val() {
                self.ir_tag.d.next = self.sb.s_tag.val();
            }
            self.ir_gnone.d.next = self.sb.s_gnone.val();
            self.ir_target.d.next = self.sb.s_target.val();
            self.ir_brpc.d.next = self.sb.s_brpc.val();
            self.ir_uni.d.next = self.sb.s_uni.val();
        }
        // Fetch request: the resolve's at the end of phase 0, the engine's at the end of
        // phase 1.
        if self.p1.val() {
            self.fv_n.next = self.stk.p_valid.val() & self.stk.p_fetch.val();
        } else {
            self.fv_n.next = ((self.r_en.val() & !self.stk.n_fault.val()) & !self.stk.n_exit.val()) & !self.stk.n_pop.val();
        }
        self.fx_v.next = self.fv_n.val() & !self.clear.val();
        self.fx_sel.next = self.zero_n.val();
        self.fx_widx.next = 0.into();
        self.fx_pc.next = 0.into();
        if self.fx_v.val() {
            if self.p1.val() {
                self.fx_sel.next = self.stk.p_sel.val();
                self.fx_widx.next = self.eng_widx.val();
                self.fx_pc.next = self.stk.p_fetch_pc.val();
            } else {
                self.fx_sel.next = self.ir_sel.q.val();
                self.fx_widx.next = self.ir_widx.q.val();
                self.fx_pc.next = self.stk.n_pc.val();
            }
        }
        self.f_v.d.next = self.fx_v.val();
        self.f_sel.d.next = self.fx_sel.val();
        self.f_widx.d.next = self.fx_widx.val();
        self.f_pc.d.next = self.fx_pc.val();
        // Events (set in phase 0, shown in phase 1).
        if self.p1.val() {
            self.done_v.d.next = false;
            self.done_id.d.next = 0.into();
            self.rel_v.d.next = false;
            self.rel_id.d.next = 0.into();
            self.cand_r.d.next = self.cand_r.q.val();
            self.barw_r.d.next = self.barw_r.q.val();
            self.memc_r.d.next = self.memc_r.q.val();
        } else {
            self.done_v.d.next = self.bu.done.val();
            self.done_id.d.next = 0.into();
            if self.bu.done.val() {
                self.done_id.d.next = self.ir_cta.q.val();
            }
            self.rel_v.d.next = self.bu.rel.val();
            self.rel_id.d.next = 0.into();
            if self.bu.rel.val() {
                self.rel_id.d.next = self.ir_cta.q.val();
            }
            self.sbwait_r.d.next = ((self.wt.v_active.val() & self.sb.v_bufv.val()) & !self.sb.v_ready.val()) & !self.wt.v_mq.val();
            self.cand_r.d.next = self.cand_v.val();
            self.memc_r.d.next = self.cand_v.val()
                & (((!self.sb.v_c3.val() & self.sb.v_c2.val()) & !self.sb.v_c1.val()) & !self.sb.v_c0.val());
            self.barw_r.d.next = self.wt.v_on.val() & !self.wt.v_active.val();
        }
        // The first fault (phase 0: resolve; phase 1: engine, then launch, then CTA start).
        if !self.flt_v.q.val() {
            if self.p1.val() {
                if self.cta_valid.val() & !self.bu.s_ok.val() {
                    self.flt_v.d.next = true;
                    self.flt_kind.d.next = 6.into();
                    self.flt_warp.d.next = bit_cast::<5, 3>(self.cta_id.val());
                    self.flt_pc.d.next = 0.into();
                }
                if self.launch_valid.val() & !self.l_ok.val() {
                    self.flt_v.d.next = true;
                    self.flt_kind.d.next = 5.into();
                    self.flt_warp.d.next = self.launch_warp.val();
                    self.flt_pc.d.next = self.launch_pc.val();
                }
                if self.stk.p_valid.val() & self.stk.p_fault.val() {
                    self.flt_v.d.next = true;
                    self.flt_kind.d.next = 4.into();
                    self.flt_warp.d.next = self.eng_widx.val();
                    self.flt_pc.d.next = self.stk.p_fetch_pc.val();
                }
            } else if self.r_en.val() & self.stk.n_fault.val() {
                self.flt_v.d.next = true;
                self.flt_kind.d.next = self.stk.n_fkind.val();
                self.flt_warp.d.next = self.ir_widx.q.val();
                self.flt_pc.d.next = self.ir_pc.q.val();
            }
        }
        if self.clear.val() {
            self.ph.d.next = false;
            self.ir_v.d.next = false;
            self.ir_sel.d.next = self.zero_n.val();
            self.ir_widx.d.next = 0.into();
            self.ir_class.d.next = 0.into();
            self.ir_pc.d.next = 0.into();
            self.ir_rpc.d.next = 0.into();
            self.ir_mask.d.next = 0.into();
            self.ir_live.d.next = 0.into();
            self.ir_cta.d.next = 0.into();
            self.ir_tag.d.next = 0.into();
            self.ir_gnone.d.next = false;
            self.ir_target.d.next = 0.into();
            self.ir_brpc.d.next = 0.into();
            self.ir_uni.d.next = false;
            self.flt_v.d.next = false;
            self.flt_kind.d.next = 0.into();
            self.flt_warp.d.next = 0.into();
            self.flt_pc.d.next = 0.into();
            self.done_v.d.next = false;
            self.done_id.d.next = 0.into();
            self.rel_v.d.next = false;
            self.rel_id.d.next = 0.into();
            self.sbwait_r.d.next = self.zero_n.val();
            self.cand_r.d.next = self.zero_n.val();
            self.barw_r.d.next = self.zero_n.val();
            self.memc_r.d.next = self.zero_n.val();
        }

        // --- Outputs. ---
        self.phase.next = self.ph.q.val();
        self.iss_valid.next = self.ir_v.q.val();
        self.iss_warp.next = self.ir_widx.q.val();
        self.iss_class.next = self.ir_class.q.val();
        self.iss_pc.next = self.ir_pc.q.val();
        self.iss_mask.next = self.ir_mask.q.val();
        self.iss_tag.next = self.ir_tag.q.val();
        self.fetch_valid.next = self.f_v.q.val();
        self.fetch_warp.next = self.f_widx.q.val();
        self.fetch_pc.next = self.f_pc.q.val();
        self.fetch_next_valid.next = self.fx_v.val();
        self.fetch_next_warp.next = self.fx_widx.val();
        self.fetch_next_pc.next = self.fx_pc.val();
        self.elig.next = self.isel.elig.val();
        self.sbwait.next = self.sbwait_r.q.val();
        self.ubwait.next = self.cand_r.q.val() & !self.isel.elig.val();
        self.memwait.next = self.memc_r.q.val() & !self.isel.elig.val();
        self.barwait.next = self.barw_r.q.val();
        self.fault.next = self.flt_v.q.val();
        self.fault_kind.next = self.flt_kind.q.val();
        self.fault_warp.next = self.flt_warp.q.val();
        self.fault_pc.next = self.flt_pc.q.val();
        self.cta_done_valid.next = self.done_v.q.val();
        self.cta_done_id.next = self.done_id.q.val();
        self.bar_rel_valid.next = self.rel_v.q.val();
        self.bar_rel_id.next = self.rel_id.q.val();
        self.dbg_state.next = self.wt.d_st.val();
        self.dbg_pc.next = self.wt.d_pc.val();
        self.dbg_rpc.next = self.wt.d_rpc.val();
        self.dbg_mask.next = self.wt.d_mask.val();
        self.dbg_live.next = self.wt.d_live.val();
        self.dbg_sp.next = self.stk.d_sp.val();
        self.dbg_cta.next = self.wt.d_cta.val();
    }
}

//! The SM's performance counters: 32-bit event counts of the current launch, read by the
//! host interface ([`crate::sm::host::SmHost`], docs/sm.md "Host interface"). Every counter
//! is zeroed by `start` (the launch) and `clear`, and counts while `run` is high (the
//! launch is running: not done, not faulted).
//!
//! Issue slots. The warp scheduler issues at most one warp-instruction per slot of two
//! clocks; in the slot's phase 1 it shows the warps that are eligible (`elig`: one of them
//! issues at the end of that clock), wait on the scoreboard (`sbwait`), are ready but find
//! their unit busy (`ubwait`; those of the memory pipeline also in `memwait`) or wait at a
//! barrier (`barwait`). Each slot of a run is counted in exactly one of the counters
//! [`ISSUE`] .. [`NO_READY`], the first that applies in this order: a warp issues; a ready
//! warp waits for the memory pipeline; a ready warp waits for another unit (SP, SFU,
//! FMA); a warp waits on the scoreboard; a warp waits at a barrier; no warp has an
//! instruction ready (fetch, branch resolution, warps exited or not launched). So the six
//! add up to [`SLOTS`].
//!
//! Ports:
//! - `clock`, `clear`               in   1   synchronous reset (every counter 0)
//! - `start`                        in   1   a launch: every counter 0
//! - `run`                          in   1   the launch is running: count
//! - `phase`                        in   1   the scheduler's phase (1: the slot's phase 1)
//! - `elig`, `sbwait`, `ubwait`,    in   N   the scheduler's warp sets of this slot
//!   `memwait`, `barwait`
//! - `ret0` .. `ret3`               in   1   a warp-instruction retires on one of the SM's
//!                                           four retire ports
//! - `sh_req`, `sh_step`            in   1   the load/store unit's half-warp shared-memory
//!                                           request is taken / is in one of its steps
//!                                           (atomics and the clearing of a CTA's region
//!                                           not counted)
//! - `m_req`, `m_glob`              in   1   a memory-port request is taken / its space is
//!                                           global
//! - `gt_v`, `gt_n`                 in   1, 6  an `ld.global` / `st.global` retires with
//!                                           `gt_n` transactions by the compute capability
//!                                           1.x coalescing rule
//! - `sel` / `val`                  in 4 / out 32  the value of counter `sel`
//!                                           (combinational; 0 beyond [`COUNT`])
use array_init::array_init;
use rust_hdl::prelude::*;

/// Counters by number (the host interface's counter registers in this order).
pub const CYCLES: usize = 0;
pub const SLOTS: usize = 1;
pub const ISSUE: usize = 2;
pub const MEM_BUSY: usize = 3;
pub const UNIT_BUSY: usize = 4;
pub const SCOREBOARD: usize = 5;
pub const BARRIER: usize = 6;
pub const NO_READY: usize = 7;
pub const RETIRED: usize = 8;
pub const SHARED_REQUESTS: usize = 9;
pub const SHARED_STEPS: usize = 10;
pub const MEM_REQUESTS: usize = 11;
pub const GLOBAL_REQUESTS: usize = 12;
pub const GLOBAL_TRANSACTIONS: usize = 13;
/// Number of counters.
pub const COUNT: usize = 14;

/// Each counter's key (reports, JSON) and meaning, by number.
pub const NAMES: [(&str, &str); COUNT] = [
    ("cycles", "clocks of the launch"),
    ("slots", "issue slots of the launch"),
    ("issue", "slots in which a warp-instruction issued"),
    ("stall_memory", "slots without issue: a ready warp waited for the memory pipeline"),
    ("stall_unit", "slots without issue: a ready warp waited for the SPs, SFUs or FMA unit"),
    ("stall_scoreboard", "slots without issue: warps waited on the scoreboard"),
    ("stall_barrier", "slots without issue: warps waited at a barrier"),
    ("stall_no_instruction", "slots without issue: no warp had an instruction (fetch, branch, exited)"),
    ("retired", "warp-instructions retired"),
    ("shared_requests", "half-warp shared-memory requests"),
    ("shared_steps", "shared-memory steps (requests + bank-conflict steps)"),
    ("memory_requests", "memory-port requests (one per word a warp-instruction touches)"),
    ("global_requests", "memory-port requests to global memory"),
    ("global_transactions", "global-memory transactions of ld.global and st.global by the compute capability 1.x coalescing rule"),
];

#[derive(LogicBlock)]
pub struct SmCounters<const N: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub start: Signal<In, Bit>,
    pub run: Signal<In, Bit>,
    pub phase: Signal<In, Bit>,
    pub elig: Signal<In, Bits<N>>,
    pub sbwait: Signal<In, Bits<N>>,
    pub ubwait: Signal<In, Bits<N>>,
    pub memwait: Signal<In, Bits<N>>,
    pub barwait: Signal<In, Bits<N>>,
    pub ret0: Signal<In, Bit>,
    pub ret1: Signal<In, Bit>,
    pub ret2: Signal<In, Bit>,
    pub ret3: Signal<In, Bit>,
    pub sh_req: Signal<In, Bit>,
    pub sh_step: Signal<In, Bit>,
    pub m_req: Signal<In, Bit>,
    pub m_glob: Signal<In, Bit>,
    pub gt_v: Signal<In, Bit>,
    pub gt_n: Signal<In, Bits<6>>,
    pub sel: Signal<In, Bits<4>>,
    pub val: Signal<Out, Bits<32>>,
    ctr: [DFF<Bits<32>>; COUNT],
    inc: [Signal<Local, Bit>; COUNT],
    slot: Signal<Local, Bit>,
    e_any: Signal<Local, Bit>,
    sb_any: Signal<Local, Bit>,
    ub_any: Signal<Local, Bit>,
    mem_any: Signal<Local, Bit>,
    bar_any: Signal<Local, Bit>,
    r01: Signal<Local, Bits<2>>,
    r23: Signal<Local, Bits<2>>,
    nret: Signal<Local, Bits<32>>,
    ngt: Signal<Local, Bits<32>>,
    v: Signal<Local, Bits<32>>,
    k_sel: [Constant<Bits<4>>; COUNT],
    k1: Constant<Bits<2>>,
    k2: Constant<Bits<2>>,
    one32: Constant<Bits<32>>,
}

impl<const N: usize> Default for SmCounters<N> {
    fn default() -> Self {
        SmCounters {
            clock: Default::default(),
            clear: Default::default(),
            start: Default::default(),
            run: Default::default(),
            phase: Default::default(),
            elig: Default::default(),
            sbwait: Default::default(),
            ubwait: Default::default(),
            memwait: Default::default(),
            barwait: Default::default(),
            ret0: Default::default(),
            ret1: Default::default(),
            ret2: Default::default(),
            ret3: Default::default(),
            sh_req: Default::default(),
            sh_step: Default::default(),
            m_req: Default::default(),
            m_glob: Default::default(),
            gt_v: Default::default(),
            gt_n: Default::default(),
            sel: Default::default(),
            val: Default::default(),
            ctr: array_init(|_| Default::default()),
            inc: array_init(|_| Default::default()),
            slot: Default::default(),
            e_any: Default::default(),
            sb_any: Default::default(),
            ub_any: Default::default(),
            mem_any: Default::default(),
            bar_any: Default::default(),
            r01: Default::default(),
            r23: Default::default(),
            nret: Default::default(),
            ngt: Default::default(),
            v: Default::default(),
            k_sel: array_init(|i| Constant::new((i as u64).into())),
            k1: Constant::new(1u64.into()),
            k2: Constant::new(2u64.into()),
            one32: Constant::new(1u64.into()),
        }
    }
}

impl<const N: usize> Logic for SmCounters<N> {
    #[hdl_gen]
    fn update(&mut self) {
        for i in 0..COUNT {
            self.ctr[i].clock.next = self.clock.val();
        }
        self.slot.next = self.run.val() & self.phase.val();
        self.e_any.next = self.elig.val().any();
        self.sb_any.next = self.sbwait.val().any();
        self.ub_any.next = self.ubwait.val().any();
        self.mem_any.next = self.memwait.val().any();
        self.bar_any.next = self.barwait.val().any();
        self.inc[0].next = self.run.val();
        self.inc[1].next = self.slot.val();
        self.inc[2].next = self.slot.val() & self.e_any.val();
        self.inc[3].next = (self.slot.val() & !self.e_any.val()) & self.mem_any.val();
        self.inc[4].next = ((self.slot.val() & !self.e_any.val()) & !self.mem_any.val()) & self.ub_any.val();
        self.inc[5].next = ((self.slot.val() & !self.e_any.val()) & !self.ub_any.val()) & self.sb_any.val();
        self.inc[6].next = (((self.slot.val() & !self.e_any.val()) & !self.ub_any.val()) & !self.sb_any.val()) & self.bar_any.val();
        self.inc[7].next = (((self.slot.val() & !self.e_any.val()) & !self.ub_any.val()) & !self.sb_any.val()) & !self.bar_any.val();
        self.inc[8].next = false; // by the number of retires, below
        self.inc[9].next = self.run.val() & self.sh_req.val();
        self.inc[10].next = self.run.val() & self.sh_step.val();
        self.inc[11].next = self.run.val() & self.m_req.val();
        self.inc[12].next = (self.run.val() & self.m_req.val()) & self.m_glob.val();
        self.inc[13].next = false; // by the transactions, below
        self.ngt.next = 0.into();
        if self.run.val() & self.gt_v.val() {
            self.ngt.next = bit_cast::<32, 6>(self.gt_n.val());
        }
        // Retires of this clock: 0 to 4 (the retire ports can fire together).
        self.r01.next = 0.into();
        if self.ret0.val() | self.ret1.val() {
            self.r01.next = self.k1.val();
        }
        if self.ret0.val() & self.ret1.val() {
            self.r01.next = self.k2.val();
        }
        self.r23.next = 0.into();
        if self.ret2.val() | self.ret3.val() {
            self.r23.next = self.k1.val();
        }
        if self.ret2.val() & self.ret3.val() {
            self.r23.next = self.k2.val();
        }
        self.nret.next = bit_cast::<32, 2>(self.r01.val()) + bit_cast::<32, 2>(self.r23.val());
        for i in 0..COUNT {
            self.ctr[i].d.next = self.ctr[i].q.val();
            if self.inc[i].val() {
                self.ctr[i].d.next = self.ctr[i].q.val() + self.one32.val();
            }
        }
        // Retires count by the ports, not by one.
        self.ctr[8].d.next = self.ctr[8].q.val() + self.nret.val();
        self.ctr[13].d.next = self.ctr[13].q.val() + self.ngt.val();
        for i in 0..COUNT {
            if self.clear.val() | self.start.val() {
                self.ctr[i].d.next = 0.into();
            }
        }
        self.v.next = 0.into();
        for i in 0..COUNT {
            if self.sel.val() == self.k_sel[i].val() {
                self.v.next = self.ctr[i].q.val();
            }
        }
        self.val.next = self.v.val();
    }
}

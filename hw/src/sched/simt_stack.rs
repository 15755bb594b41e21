//! SIMT branch-synchronization stack of the warp scheduler: per warp, the entries below its
//! top of stack (the top itself, PC / reconvergence PC / active mask, lives in the warp
//! table), the branch, exit and barrier semantics of heddle's instruction set
//! (docs/isa.md, "Control flow and reconvergence"; the golden functional SM in
//! `heddle_sim::gsm`), and the stack engine that pops reconverged or emptied entries.
//! N warps (<= 32) of L threads; depth 2^(SA+1) entries per warp, the top included
//! (SPW = SA + 1 bits of stack pointer; AW = 5 + SA bits of RAM address). Part of
//! `WarpSched` (docs/scheduler.md); golden model `heddle_sim::golden::warp_sched`.
//!
//! Resolve (phase 0, combinational; state written at the end of phase 0): the instruction
//! issued in the previous slot, with `guard` the per-thread guard values (ignored when the
//! instruction has none). exec = mask & guard.
//! - branch: taken = exec, not-taken = mask & ~exec. One of them empty: jump or fall
//!   through, nothing pushed. Both non-empty (divergent): a `.uni` branch faults; a stack
//!   of sp + 1 entries with sp + 3 > depth faults (overflow: nothing is pushed, nothing
//!   changes); otherwise the top becomes the reconvergence entry (PC = the branch's
//!   reconvergence PC) unless it already reconverges there (then it is replaced), then the
//!   not-taken path (PC + 1) and the taken path (target) are pushed, each unless it starts
//!   at the reconvergence PC; the taken path runs first.
//! - exit: the executing threads leave the mask and the live set; no live thread left:
//!   the warp has exited. - barrier: exec must equal the live threads, else fault.
//! - everything else: PC + 1.
//! A top whose PC reached its reconvergence PC, or whose mask is empty, must be popped.
//!
//! Engine (phase 0 pick, phase 1 completion): among warps requesting (round robin) one is
//! served per slot; if its top must be popped, the entry below is read from the RAM in
//! phase 0 and becomes the top at the end of phase 1 (mask ANDed with the live threads),
//! else (or if the new top needs no further pop) its fetch is requested. A pop with an
//! empty stack faults (the PC reached the bottom entry's reconvergence point).
//!
//! Ports:
//! - `clock`, `clear`, `p1`  in 1  clock; synchronous reset; the current clock is phase 1
//! - `r_en`, `r_sel` (N)  in  an instruction to resolve (phase 0), its warp (one-hot)
//! - `r_class` (4), `r_pc`, `r_rpc` (24), `r_mask`, `r_live` (L), `r_gnone`, `r_target`,
//!   `r_brpc` (24), `r_uni`, `guard` (L)  in  its fields, the warp's top of stack and live
//!   threads, and the guard values
//! - `n_pc`, `n_rpc` (24), `n_mask`, `n_live` (L)  out  the new top of stack and live set
//! - `n_fault`, `n_fkind` (3)  out  a fault (1 overflow, 2 divergent barrier, 3 uniform
//!   branch diverged): nothing is to be written but the warp's state
//! - `n_exit`, `n_arrive`, `n_pop`  out  all threads exited; barrier arrival; pop needed
//! - `e_req` (N)  in  warps requesting the engine (request flag, active or at a barrier)
//! - `e_sel` (N)  out  the engine's pick (phase 0; drives the warp table's read port E)
//! - `e_pc` (24), `e_live` (L)  in  that warp's top-of-stack PC and live set (phase 0;
//!   registered for phase 1)
//! - `e_need` (N)  in  per warp: its top must be popped (the warp table's `v_need`)
//! - `p_sel` (N)  out  the engine's warp in phase 1 (registered)
//! - `p_valid`, `p_pop`, `p_fault`, `p_mq`, `p_fetch`  out (phase 1)  the engine finishes
//!   with warp `p_sel`: it popped (write `p_pc`, `p_rpc`, `p_mask` as its top), it faulted
//!   (stack underflow; `p_fetch_pc` is then its top's PC), its new request flag, a fetch of
//!   `p_fetch_pc` is due
//! - `p_pc`, `p_rpc`, `p_fetch_pc` (24), `p_mask` (L)  out
//! - `l_sel` (N)  in  a warp launched at the end of this phase 1: its stack empties
//! - `d_sel` (N) in -> `d_sp` (SPW) out  stack pointer of a warp (debug)
use crate::isa::issue_class;
use crate::prim::stack_ram::StackRam;
use array_init::array_init;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct SimtStack<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub p1: Signal<In, Bit>,
    pub r_en: Signal<In, Bit>,
    pub r_sel: Signal<In, Bits<N>>,
    pub r_class: Signal<In, Bits<4>>,
    pub r_pc: Signal<In, Bits<24>>,
    pub r_rpc: Signal<In, Bits<24>>,
    pub r_mask: Signal<In, Bits<L>>,
    pub r_live: Signal<In, Bits<L>>,
    pub r_gnone: Signal<In, Bit>,
    pub r_target: Signal<In, Bits<24>>,
    pub r_brpc: Signal<In, Bits<24>>,
    pub r_uni: Signal<In, Bit>,
    pub guard: Signal<In, Bits<L>>,
    pub n_pc: Signal<Out, Bits<24>>,
    pub n_rpc: Signal<Out, Bits<24>>,
    pub n_mask: Signal<Out, Bits<L>>,
    pub n_live: Signal<Out, Bits<L>>,
    pub n_fault: Signal<Out, Bit>,
    pub n_fkind: Signal<Out, Bits<3>>,
    pub n_exit: Signal<Out, Bit>,
    pub n_arrive: Signal<Out, Bit>,
    pub n_pop: Signal<Out, Bit>,
    pub e_req: Signal<In, Bits<N>>,
    pub e_sel: Signal<Out, Bits<N>>,
    pub e_pc: Signal<In, Bits<24>>,
    pub e_need: Signal<In, Bits<N>>,
    pub e_live: Signal<In, Bits<L>>,
    pub p_sel: Signal<Out, Bits<N>>,
    pub p_valid: Signal<Out, Bit>,
    pub p_pop: Signal<Out, Bit>,
    pub p_fault: Signal<Out, Bit>,
    pub p_mq: Signal<Out, Bit>,
    pub p_fetch: Signal<Out, Bit>,
    pub p_pc: Signal<Out, Bits<24>>,
    pub p_rpc: Signal<Out, Bits<24>>,
    pub p_fetch_pc: Signal<Out, Bits<24>>,
    pub p_mask: Signal<Out, Bits<L>>,
    pub l_sel: Signal<In, Bits<N>>,
    pub d_sel: Signal<In, Bits<N>>,
    pub d_sp: Signal<Out, Bits<SPW>>,
    // Stack pointers and RAM banks (even / odd entries).
    sp: [DFF<Bits<SPW>>; N],
    ram_pc: [StackRam<AW, 24>; 2],
    ram_rpc: [StackRam<AW, 24>; 2],
    ram_mask: [StackRam<AW, L>; 2],
    // Pushes registered in phase 0, written in phase 1.
    pw_en: [DFF<Bit>; 2],
    pw_idx: [DFF<Bits<SPW>>; 2],
    pw_pc: [DFF<Bits<24>>; 2],
    pw_rpc: [DFF<Bits<24>>; 2],
    pw_mask: [DFF<Bits<L>>; 2],
    pw_widx: DFF<Bits<5>>,
    // Engine.
    done_mask: DFF<Bits<N>>,
    eng_v: DFF<Bit>,
    eng_sel: DFF<Bits<N>>,
    eng_pop: DFF<Bit>,
    eng_uf: DFF<Bit>,
    eng_bank: DFF<Bit>,
    // The picked warp's top-of-stack PC and live threads, read in phase 0 for phase 1 (no
    // write at the end of phase 0 changes them: the resolved warp is never the engine's),
    // so that no path runs from the pick through the warp table into phase 1's logic.
    eng_pc: DFF<Bits<24>>,
    eng_live: DFF<Bits<L>>,
    // Resolve.
    r_widx: Signal<Local, Bits<5>>,
    r_sp: Signal<Local, Bits<SPW>>,
    g_eff: Signal<Local, Bits<L>>,
    exec: Signal<Local, Bits<L>>,
    taken: Signal<Local, Bits<L>>,
    nt: Signal<Local, Bits<L>>,
    pc1: Signal<Local, Bits<24>>,
    is_bra: Signal<Local, Bit>,
    is_bar: Signal<Local, Bit>,
    is_exit: Signal<Local, Bit>,
    div: Signal<Local, Bit>,
    hb: Signal<Local, Bit>,
    hn: Signal<Local, Bit>,
    ht: Signal<Local, Bit>,
    cnt: Signal<Local, Bits<2>>,
    fk: Signal<Local, Bits<3>>,
    np: Signal<Local, Bits<24>>,
    nr: Signal<Local, Bits<24>>,
    nm: Signal<Local, Bits<L>>,
    nl: Signal<Local, Bits<L>>,
    nsp: Signal<Local, Bits<SPW>>,
    e0_pc: Signal<Local, Bits<24>>,
    e0_rpc: Signal<Local, Bits<24>>,
    e0_mask: Signal<Local, Bits<L>>,
    e0_en: Signal<Local, Bit>,
    e1_en: Signal<Local, Bit>,
    sp_ok: Signal<Local, Bit>,
    // Engine, combinational.
    hi: Signal<Local, Bits<N>>,
    pv: Signal<Local, Bits<N>>,
    pick: Signal<Local, Bits<N>>,
    p_widx: Signal<Local, Bits<5>>,
    p_sp: Signal<Local, Bits<SPW>>,
    p_idx: Signal<Local, Bits<SPW>>,
    p_need: Signal<Local, Bit>,
    ent_pc: Signal<Local, Bits<24>>,
    ent_rpc: Signal<Local, Bits<24>>,
    ent_mask: Signal<Local, Bits<L>>,
    more: Signal<Local, Bit>,
    d_sp_v: Signal<Local, Bits<SPW>>,
    row_p: Signal<Local, Bits<SA>>,
    row_0: Signal<Local, Bits<SA>>,
    row_1: Signal<Local, Bits<SA>>,
    // RAM port values.
    ra: [Signal<Local, Bits<AW>>; 2],
    rwe: [Signal<Local, Bit>; 2],
    rpcv: [Signal<Local, Bits<24>>; 2],
    rrpcv: [Signal<Local, Bits<24>>; 2],
    rmaskv: [Signal<Local, Bits<L>>; 2],
    ones_l: Constant<Bits<L>>,
    one24: Constant<Bits<24>>,
    one_n: Constant<Bits<N>>,
    one_sp: Constant<Bits<SPW>>,
    dm2: Constant<Bits<SPW>>,
    widx: [Constant<Bits<5>>; N],
    k_bra: Constant<Bits<4>>,
    k_bar: Constant<Bits<4>>,
    k_exit: Constant<Bits<4>>,
}

impl<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize> Default
    for SimtStack<N, L, SA, SPW, AW>
{
    fn default() -> Self {
        assert!((1..=32).contains(&N) && (1..=32).contains(&L), "SimtStack: 1..=32 warps of 1..=32 threads");
        assert!((1..=6).contains(&SA) && SPW == SA + 1 && AW == 5 + SA, "SimtStack: SPW = SA + 1, AW = 5 + SA");
        let ones_l: u64 = if L == 32 { 0xFFFF_FFFF } else { (1u64 << L) - 1 };
        Self {
            clock: Default::default(),
            clear: Default::default(),
            p1: Default::default(),
            r_en: Default::default(),
            r_sel: Default::default(),
            r_class: Default::default(),
            r_pc: Default::default(),
            r_rpc: Default::default(),
            r_mask: Default::default(),
            r_live: Default::default(),
            r_gnone: Default::default(),
            r_target: Default::default(),
            r_brpc: Default::default(),
            r_uni: Default::default(),
            guard: Default::default(),
            n_pc: Default::default(),
            n_rpc: Default::default(),
            n_mask: Default::default(),
            n_live: Default::default(),
            n_fault: Default::default(),
            n_fkind: Default::default(),
            n_exit: Default::default(),
            n_arrive: Default::default(),
            n_pop: Default::default(),
            e_req: Default::default(),
            e_sel: Default::default(),
            e_pc: Default::default(),
            e_need: Default::default(),
            e_live: Default::default(),
            p_sel: Default::default(),
            p_valid: Default::default(),
            p_pop: Default::default(),
            p_fault: Default::default(),
            p_mq: Default::default(),
            p_fetch: Default::default(),
            p_pc: Default::default(),
            p_rpc: Default::default(),
            p_fetch_pc: Default::default(),
            p_mask: Default::default(),
            l_sel: Default::default(),
            d_sel: Default::default(),
            d_sp: Default::default(),
            sp: array_init(|_| Default::default()),
            ram_pc: array_init(|_| Default::default()),
            ram_rpc: array_init(|_| Default::default()),
            ram_mask: array_init(|_| Default::default()),
            pw_en: array_init(|_| Default::default()),
            pw_idx: array_init(|_| Default::default()),
            pw_pc: array_init(|_| Default::default()),
            pw_rpc: array_init(|_| Default::default()),
            pw_mask: array_init(|_| Default::default()),
            pw_widx: Default::default(),
            done_mask: Default::default(),
            eng_v: Default::default(),
            eng_sel: Default::default(),
            eng_pop: Default::default(),
            eng_uf: Default::default(),
            eng_bank: Default::default(),
            eng_pc: Default::default(),
            eng_live: Default::default(),
            r_widx: Default::default(),
            r_sp: Default::default(),
            g_eff: Default::default(),
            exec: Default::default(),
            taken: Default::default(),
            nt: Default::default(),
            pc1: Default::default(),
            is_bra: Default::default(),
            is_bar: Default::default(),
            is_exit: Default::default(),
            div: Default::default(),
            hb: Default::default(),
            hn: Default::default(),
            ht: Default::default(),
            cnt: Default::default(),
            fk: Default::default(),
            np: Default::default(),
            nr: Default::default(),
            nm: Default::default(),
            nl: Default::default(),
            nsp: Default::default(),
            e0_pc: Default::default(),
            e0_rpc: Default::default(),
            e0_mask: Default::default(),
            e0_en: Default::default(),
            e1_en: Default::default(),
            sp_ok: Default::default(),
            hi: Default::default(),
            pv: Default::default(),
            pick: Default::default(),
            p_widx: Default::default(),
            p_sp: Default::default(),
            p_idx: Default::default(),
            p_need: Default::default(),
            ent_pc: Default::default(),
            ent_rpc: Default::default(),
            ent_mask: Default::default(),
            more: Default::default(),
            d_sp_v: Default::default(),
            row_p: Default::default(),
            row_0: Default::default(),
            row_1: Default::default(),
            ra: array_init(|_| Default::default()),
            rwe: array_init(|_| Default::default()),
            rpcv: array_init(|_| Default::default()),
            rrpcv: array_init(|_| Default::default()),
            rmaskv: array_init(|_| Default::default()),
            ones_l: Constant::new(ones_l.into()),
            one24: Constant::new(1u64.into()),
            one_n: Constant::new(1u64.into()),
            one_sp: Constant::new(1u64.into()),
            dm2: Constant::new(((1u64 << SPW) - 2).into()),
            widx: array_init(|w| Constant::new((w as u64).into())),
            k_bra: Constant::new((issue_class::BRA as u64).into()),
            k_bar: Constant::new((issue_class::BAR as u64).into()),
            k_exit: Constant::new((issue_class::EXIT as u64).into()),
        }
    }
}

impl<const N: usize, const L: usize, const SA: usize, const SPW: usize, const AW: usize> Logic
    for SimtStack<N, L, SA, SPW, AW>
{
    #[hdl_gen]
    fn update(&mut self) {
        for w in 0..N {
            self.sp[w].clock.next = self.clock.val();
        }
        for b in 0..2 {
            self.ram_pc[b].clock.next = self.clock.val();
            self.ram_rpc[b].clock.next = self.clock.val();
            self.ram_mask[b].clock.next = self.clock.val();
            self.pw_en[b].clock.next = self.clock.val();
            self.pw_idx[b].clock.next = self.clock.val();
            self.pw_pc[b].clock.next = self.clock.val();
            self.pw_rpc[b].clock.next = self.clock.val();
            self.pw_mask[b].clock.next = self.clock.val();
        }
        self.pw_widx.clock.next = self.clock.val();
        self.done_mask.clock.next = self.clock.val();
        self.eng_v.clock.next = self.clock.val();
        self.eng_sel.clock.next = self.clock.val();
        self.eng_pc.clock.next = self.clock.val();
        self.eng_live.clock.next = self.clock.val();
        self.eng_pop.clock.next = self.clock.val();
        self.eng_uf.clock.next = self.clock.val();
        self.eng_bank.clock.next = self.clock.val();

        // --- Resolve. ---
        self.r_widx.next = 0.into();
        self.r_sp.next = 0.into();
        self.p_widx.next = 0.into();
        self.p_sp.next = 0.into();
        self.d_sp_v.next = 0.into();
        // `r_sel` and the engine's pick are one-hot (or empty), so their warp's index and
        // stack pointer are ORs over the warps, each warp's term its own select alone (no
        // priority chain over the N warps on the resolve's path).
        for w in 0..N {
            if self.r_sel.val().get_bit(w) {
                self.r_widx.next = self.r_widx.val() | self.widx[w].val();
                self.r_sp.next = self.r_sp.val() | self.sp[w].q.val();
            }
            if self.d_sel.val().get_bit(w) {
                self.d_sp_v.next = self.sp[w].q.val();
            }
        }
        self.g_eff.next = self.guard.val();
        if self.r_gnone.val() {
            self.g_eff.next = self.ones_l.val();
        }
        self.exec.next = self.r_mask.val() & self.g_eff.val();
        self.taken.next = self.exec.val();
        self.nt.next = self.r_mask.val() & !self.exec.val();
        self.pc1.next = self.r_pc.val() + self.one24.val();
        self.is_bra.next = self.r_class.val() == self.k_bra.val();
        self.is_bar.next = self.r_class.val() == self.k_bar.val();
        self.is_exit.next = self.r_class.val() == self.k_exit.val();
        self.div.next = (self.is_bra.val() & self.taken.val().any()) & self.nt.val().any();
        self.sp_ok.next = self.r_sp.val() < self.dm2.val();
        self.hb.next = self.r_rpc.val() != self.r_brpc.val();
        self.hn.next = self.pc1.val() != self.r_brpc.val();
        self.ht.next = self.r_target.val() != self.r_brpc.val();
        // Entries of the divergent branch: [base if hb] [not-taken if hn] [taken if ht].
        self.cnt.next = (bit_cast::<2, 1>(self.hb.val().into()) + bit_cast::<2, 1>(self.hn.val().into()))
            + bit_cast::<2, 1>(self.ht.val().into());
        self.fk.next = 0.into();
        if self.div.val() & !self.r_uni.val() & !self.sp_ok.val() {
            self.fk.next = 1.into();
        }
        if self.div.val() & self.r_uni.val() {
            self.fk.next = 3.into();
        }
        if self.is_bar.val() & (self.exec.val() != self.r_live.val()) {
            self.fk.next = 2.into();
        }
        // New top of stack.
        self.np.next = self.pc1.val();
        self.nr.next = self.r_rpc.val();
        self.nm.next = self.r_mask.val();
        self.nl.next = self.r_live.val();
        self.nsp.next = self.r_sp.val();
        self.e0_en.next = false;
        self.e1_en.next = false;
        self.e0_pc.next = self.r_brpc.val();
        self.e0_rpc.next = self.r_rpc.val();
        self.e0_mask.next = self.r_mask.val();
        if self.is_bra.val() & !self.nt.val().any() {
            self.np.next = self.r_target.val();
        }
        if self.div.val() {
            if self.ht.val() {
                self.np.next = self.r_target.val();
                self.nr.next = self.r_brpc.val();
                self.nm.next = self.taken.val();
            } else if self.hn.val() {
                self.np.next = self.pc1.val();
                self.nr.next = self.r_brpc.val();
                self.nm.next = self.nt.val();
            } else if self.hb.val() {
                self.np.next = self.r_brpc.val();
                self.nr.next = self.r_rpc.val();
                self.nm.next = self.r_mask.val();
            } else {
                // Nothing left on top: the engine pops the entry below.
                self.np.next = self.r_brpc.val();
                self.nr.next = self.r_brpc.val();
                self.nm.next = 0.into();
            }
            // The first pushed entry (at sp) is the base, else the not-taken path; the
            // second (at sp + 1, three entries only) is the not-taken path.
            if !self.hb.val() {
                self.e0_pc.next = self.pc1.val();
                self.e0_rpc.next = self.r_brpc.val();
                self.e0_mask.next = self.nt.val();
            }
            self.e0_en.next = self.cnt.val().get_bit(1);
            self.e1_en.next = self.cnt.val().all();
            if self.cnt.val().any() {
                self.nsp.next = (self.r_sp.val() + bit_cast::<SPW, 2>(self.cnt.val())) - self.one_sp.val();
            }
        }
        if self.is_exit.val() {
            self.nm.next = self.r_mask.val() & !self.exec.val();
            self.nl.next = self.r_live.val() & !self.exec.val();
        }
        self.n_pc.next = self.np.val();
        self.n_rpc.next = self.nr.val();
        self.n_mask.next = self.nm.val();
        self.n_live.next = self.nl.val();
        self.n_fault.next = self.fk.val().any();
        self.n_fkind.next = self.fk.val();
        self.n_exit.next = self.is_exit.val() & !self.nl.val().any();
        // A barrier is never a branch, so its only fault is divergence (kind 2): the arrival
        // is that test alone, not `!fk.any()`, which would put the stack pointer's overflow
        // test on the path into the barrier unit's release.
        self.n_arrive.next = self.is_bar.val() & (self.exec.val() == self.r_live.val());
        self.n_pop.next = (self.np.val() == self.nr.val()) | !self.nm.val().any();
        // Phase-0 edge: stack pointer and pushes of the resolved warp.
        for w in 0..N {
            self.sp[w].d.next = self.sp[w].q.val();
            if (self.r_en.val() & !self.p1.val()) & (self.r_sel.val().get_bit(w) & !self.fk.val().any()) {
                self.sp[w].d.next = self.nsp.val();
            }
            if (self.eng_v.q.val() & self.eng_pop.q.val()) & (self.p1.val() & self.eng_sel.q.val().get_bit(w)) {
                self.sp[w].d.next = self.sp[w].q.val() - self.one_sp.val();
            }
            if self.clear.val() | (self.p1.val() & self.l_sel.val().get_bit(w)) {
                self.sp[w].d.next = 0.into();
            }
        }
        self.pw_en[0].d.next = ((self.r_en.val() & !self.p1.val()) & self.e0_en.val()) & !self.fk.val().any();
        self.pw_en[1].d.next = ((self.r_en.val() & !self.p1.val()) & self.e1_en.val()) & !self.fk.val().any();
        self.pw_idx[0].d.next = self.r_sp.val();
        self.pw_idx[1].d.next = self.r_sp.val() + self.one_sp.val();
        self.pw_pc[0].d.next = self.e0_pc.val();
        self.pw_rpc[0].d.next = self.e0_rpc.val();
        self.pw_mask[0].d.next = self.e0_mask.val();
        self.pw_pc[1].d.next = self.pc1.val();
        self.pw_rpc[1].d.next = self.r_brpc.val();
        self.pw_mask[1].d.next = self.nt.val();
        self.pw_widx.d.next = self.r_widx.val();
        if self.p1.val() | self.clear.val() {
            self.pw_en[0].d.next = false;
            self.pw_en[1].d.next = false;
            self.pw_idx[0].d.next = self.pw_idx[0].q.val();
            self.pw_idx[1].d.next = self.pw_idx[1].q.val();
            self.pw_pc[0].d.next = self.pw_pc[0].q.val();
            self.pw_rpc[0].d.next = self.pw_rpc[0].q.val();
            self.pw_mask[0].d.next = self.pw_mask[0].q.val();
            self.pw_pc[1].d.next = self.pw_pc[1].q.val();
            self.pw_rpc[1].d.next = self.pw_rpc[1].q.val();
            self.pw_mask[1].d.next = self.pw_mask[1].q.val();
            self.pw_widx.d.next = self.pw_widx.q.val();
        }

        // --- Engine: round-robin pick in phase 0. ---
        self.hi.next = self.e_req.val() & !self.done_mask.q.val();
        self.pv.next = self.e_req.val();
        if self.hi.val().any() {
            self.pv.next = self.hi.val();
        }
        self.pick.next = self.pv.val() & (!self.pv.val() + self.one_n.val());
        for w in 0..N {
            if self.pick.val().get_bit(w) {
                self.p_widx.next = self.p_widx.val() | self.widx[w].val();
                self.p_sp.next = self.p_sp.val() | self.sp[w].q.val();
            }
        }
        self.e_sel.next = self.pick.val();
        self.p_sel.next = self.eng_sel.q.val();
        self.p_need.next = (self.pick.val() & self.e_need.val()).any();
        self.p_idx.next = self.p_sp.val() - self.one_sp.val();
        self.done_mask.d.next = self.done_mask.q.val();
        self.eng_v.d.next = false;
        self.eng_sel.d.next = self.eng_sel.q.val();
        self.eng_pop.d.next = false;
        self.eng_uf.d.next = false;
        self.eng_bank.d.next = self.eng_bank.q.val();
        self.eng_pc.d.next = self.eng_pc.q.val();
        self.eng_live.d.next = self.eng_live.q.val();
        if !self.p1.val() & self.e_req.val().any() {
            self.eng_pc.d.next = self.e_pc.val();
            self.eng_live.d.next = self.e_live.val();
            self.done_mask.d.next = self.pick.val() | (self.pick.val() - self.one_n.val());
            self.eng_v.d.next = true;
            self.eng_sel.d.next = self.pick.val();
            self.eng_pop.d.next = self.p_need.val() & self.p_sp.val().any();
            self.eng_uf.d.next = self.p_need.val() & !self.p_sp.val().any();
            self.eng_bank.d.next = self.p_idx.val().get_bit(0);
        }
        if self.clear.val() {
            self.done_mask.d.next = 0.into();
            self.eng_v.d.next = false;
            self.eng_sel.d.next = 0.into();
            self.eng_pop.d.next = false;
            self.eng_uf.d.next = false;
            self.eng_bank.d.next = false;
            self.eng_pc.d.next = 0.into();
            self.eng_live.d.next = 0.into();
        }
        // --- Engine completion in phase 1. ---
        self.ent_pc.next = self.ram_pc[0].rdata.val();
        self.ent_rpc.next = self.ram_rpc[0].rdata.val();
        self.ent_mask.next = self.ram_mask[0].rdata.val() & self.eng_live.q.val();
        if self.eng_bank.q.val() {
            self.ent_pc.next = self.ram_pc[1].rdata.val();
            self.ent_rpc.next = self.ram_rpc[1].rdata.val();
            self.ent_mask.next = self.ram_mask[1].rdata.val() & self.eng_live.q.val();
        }
        self.more.next = (self.ent_pc.val() == self.ent_rpc.val()) | !self.ent_mask.val().any();
        self.p_valid.next = self.p1.val() & self.eng_v.q.val();
        self.p_pop.next = self.eng_pop.q.val();
        self.p_fault.next = self.eng_uf.q.val();
        self.p_mq.next = self.eng_pop.q.val() & self.more.val();
        self.p_fetch.next = !self.eng_uf.q.val() & !(self.eng_pop.q.val() & self.more.val());
        self.p_pc.next = self.ent_pc.val();
        self.p_rpc.next = self.ent_rpc.val();
        self.p_mask.next = self.ent_mask.val();
        if self.eng_pop.q.val() {
            self.p_fetch_pc.next = self.ent_pc.val();
        } else {
            self.p_fetch_pc.next = self.eng_pc.q.val();
        }
        self.d_sp.next = self.d_sp_v.val();

        // --- RAM ports: phase 0 reads the engine's entry, phase 1 writes the pushes. ---
        self.row_p.next = self.p_idx.val().get_bits::<SA>(1);
        self.row_0.next = self.pw_idx[0].q.val().get_bits::<SA>(1);
        self.row_1.next = self.pw_idx[1].q.val().get_bits::<SA>(1);
        for b in 0..2 {
            self.ra[b].next = (bit_cast::<AW, SA>(self.row_p.val()) << 5) | bit_cast::<AW, 5>(self.p_widx.val());
            self.rwe[b].next = false;
            self.rpcv[b].next = self.pw_pc[0].q.val();
            self.rrpcv[b].next = self.pw_rpc[0].q.val();
            self.rmaskv[b].next = self.pw_mask[0].q.val();
        }
        if self.p1.val() {
            if self.pw_en[0].q.val() {
                if self.pw_idx[0].q.val().get_bit(0) {
                    self.ra[1].next = (bit_cast::<AW, SA>(self.row_0.val()) << 5)
                        | bit_cast::<AW, 5>(self.pw_widx.q.val());
                    self.rwe[1].next = true;
                } else {
                    self.ra[0].next = (bit_cast::<AW, SA>(self.row_0.val()) << 5)
                        | bit_cast::<AW, 5>(self.pw_widx.q.val());
                    self.rwe[0].next = true;
                }
            }
            if self.pw_en[1].q.val() {
                if self.pw_idx[1].q.val().get_bit(0) {
                    self.ra[1].next = (bit_cast::<AW, SA>(self.row_1.val()) << 5)
                        | bit_cast::<AW, 5>(self.pw_widx.q.val());
                    self.rwe[1].next = true;
                    self.rpcv[1].next = self.pw_pc[1].q.val();
                    self.rrpcv[1].next = self.pw_rpc[1].q.val();
                    self.rmaskv[1].next = self.pw_mask[1].q.val();
                } else {
                    self.ra[0].next = (bit_cast::<AW, SA>(self.row_1.val()) << 5)
                        | bit_cast::<AW, 5>(self.pw_widx.q.val());
                    self.rwe[0].next = true;
                    self.rpcv[0].next = self.pw_pc[1].q.val();
                    self.rrpcv[0].next = self.pw_rpc[1].q.val();
                    self.rmaskv[0].next = self.pw_mask[1].q.val();
                }
            }
        }
        for b in 0..2 {
            self.ram_pc[b].addr.next = self.ra[b].val();
            self.ram_rpc[b].addr.next = self.ra[b].val();
            self.ram_mask[b].addr.next = self.ra[b].val();
            self.ram_pc[b].we.next = self.rwe[b].val();
            self.ram_rpc[b].we.next = self.rwe[b].val();
            self.ram_mask[b].we.next = self.rwe[b].val();
            self.ram_pc[b].wdata.next = self.rpcv[b].val();
            self.ram_rpc[b].wdata.next = self.rrpcv[b].val();
            self.ram_mask[b].wdata.next = self.rmaskv[b].val();
        }
    }
}

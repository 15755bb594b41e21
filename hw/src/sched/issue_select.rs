//! Issue selection of the warp scheduler: one warp-instruction per issue slot among N
//! warps (<= 32). Part of `WarpSched` (docs/scheduler.md); golden model
//! `heddle_sim::golden::warp_sched`.
//!
//! Phase 0 of a slot (`p1` = 0) qualifies: a candidate warp (its scoreboard check passed)
//! is eligible when its instruction's unit can accept it (SP, SFU for special functions and
//! `mul.f32`, FMA, memory pipeline with `mem_ready`; control instructions need no unit).
//! Each warp's key is (urgent, class priority, type priority); urgent warps ignore the
//! priorities. The eligible set and, for every warp w, the set of warps that beat w (higher
//! key, or equal key and older) are registered. Phase 1 (`p1` = 1) selects the eligible
//! warp that no eligible warp beats (exactly one when any is eligible: keys then age are a
//! total order) and, at its end, sets the issued unit's busy counter to its occupancy - 1,
//! makes the issued warp (then a launched one) the youngest, and counts one denial for
//! every other eligible warp; `urgent_after` denials make a warp urgent. A warp eligible in
//! a slot is therefore denied at most `urgent_after + N - 1` times before it issues.
//!
//! Classes (4 bits): 0 SP, 1 SFU, 2 SFU mul.f32, 3 FMA, 4 memory, 5 branch, 6 barrier,
//! 7 exit, 8 nop (9..15 behave as nop).
//!
//! Ports:
//! - `clock`, `clear`, `p1`  in 1  clock; synchronous reset; the current clock is phase 1
//! - `cand`       in N  warps whose buffered instruction passed the scoreboard (phase 0)
//! - `c0`..`c3`   in N  bits of each warp's buffered instruction class
//! - `tp1`, `tp0` in N  each warp's type priority
//! - `prio_class` in 18 2-bit priority of each class (class k: bits 2k+1..2k)
//! - `mem_ready`  in 1  the memory pipeline accepts an instruction in this slot (phase 0)
//! - `fpu_ready`   in 1  the SFU and FMA units accept an instruction in this slot (phase 0)
//! - `l_sel`      in N  one-hot warp launched at the end of this phase 1 (becomes youngest)
//! - `elig`       out N eligible warps of this slot (registered at the end of phase 0)
//! - `win`        out N one-hot selected warp (phase 1; 0: none)
//! - `win_any`    out 1 a warp is selected
//! - `win_idx`    out 5 its index
use crate::config::{SmConfig, G80};
use array_init::array_init;
use rust_hdl::prelude::*;

/// Unit occupancies (issue slots, 1..=31) and the urgency threshold (0..=15).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IssueTiming {
    pub occ_sp: u8,
    pub occ_sfu: u8,
    pub occ_sfumul: u8,
    pub occ_fma: u8,
    pub occ_mem: u8,
    pub urgent_after: u8,
}

impl IssueTiming {
    /// The timing of an SM configuration ([`SmConfig::occupancies`]).
    pub const fn of(c: &SmConfig) -> Self {
        let o = c.occupancies();
        IssueTiming { occ_sp: o[0], occ_sfu: o[1], occ_sfumul: o[2], occ_fma: o[3], occ_mem: o[4], urgent_after: c.urgent_after }
    }
}

impl Default for IssueTiming {
    /// The G80: an SP warp-instruction occupies the 8 SPs for 4 clocks (2 slots), a special
    /// function the 2 SFUs for 16 clocks (8 slots), `mul.f32` the SFUs' 8 multipliers for
    /// 4 clocks; one FMA unit takes 32 clocks per warp (16 slots); the memory pipeline
    /// accepts a warp-instruction every 2 slots.
    fn default() -> Self {
        IssueTiming::of(&G80)
    }
}

#[derive(LogicBlock)]
pub struct IssueSelect<const N: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub p1: Signal<In, Bit>,
    pub cand: Signal<In, Bits<N>>,
    pub c0: Signal<In, Bits<N>>,
    pub c1: Signal<In, Bits<N>>,
    pub c2: Signal<In, Bits<N>>,
    pub c3: Signal<In, Bits<N>>,
    pub tp1: Signal<In, Bits<N>>,
    pub tp0: Signal<In, Bits<N>>,
    pub prio_class: Signal<In, Bits<18>>,
    pub mem_ready: Signal<In, Bit>,
    pub fpu_ready: Signal<In, Bit>,
    pub l_sel: Signal<In, Bits<N>>,
    pub elig: Signal<Out, Bits<N>>,
    pub win: Signal<Out, Bits<N>>,
    pub win_any: Signal<Out, Bit>,
    pub win_idx: Signal<Out, Bits<5>>,
    // State.
    busy: [DFF<Bits<5>>; 4],
    urg: [DFF<Bits<N>>; 4],
    age: [DFF<Bits<N>>; N],
    elig_r: DFF<Bits<N>>,
    bb: [DFF<Bits<N>>; N],
    // Phase 0.
    nc: [Signal<Local, Bits<N>>; 4],
    is: [Signal<Local, Bits<N>>; 9],
    ctl: Signal<Local, Bits<N>>,
    bcf: [Signal<Local, Bits<N>>; 4],
    unit_ok: Signal<Local, Bits<N>>,
    el: Signal<Local, Bits<N>>,
    bcp: [Signal<Local, Bits<N>>; 18],
    urgent: Signal<Local, Bits<N>>,
    k: [Signal<Local, Bits<N>>; 5],
    kw0: [Signal<Local, Bits<N>>; N],
    kw1: [Signal<Local, Bits<N>>; N],
    kw2: [Signal<Local, Bits<N>>; N],
    kw3: [Signal<Local, Bits<N>>; N],
    kw4: [Signal<Local, Bits<N>>; N],
    eq0: [Signal<Local, Bits<N>>; N],
    eq1: [Signal<Local, Bits<N>>; N],
    eq2: [Signal<Local, Bits<N>>; N],
    eq3: [Signal<Local, Bits<N>>; N],
    eq4: [Signal<Local, Bits<N>>; N],
    gt: [Signal<Local, Bits<N>>; N],
    beat: [Signal<Local, Bits<N>>; N],
    // Phase 1.
    win_v: Signal<Local, Bits<N>>,
    idx_v: Signal<Local, Bits<5>>,
    wcls: [Signal<Local, Bit>; 9],
    inc: Signal<Local, Bits<N>>,
    rst: Signal<Local, Bits<N>>,
    clr_mask: Signal<Local, Bits<N>>,
    ones: Constant<Bits<N>>,
    zero: Constant<Bits<N>>,
    onehot: [Constant<Bits<N>>; N],
    age_init: [Constant<Bits<N>>; N],
    idx: [Constant<Bits<5>>; N],
    ub: [Constant<Bits<N>>; 4],
    occ_m1: [Constant<Bits<5>>; 5],
    one5: Constant<Bits<5>>,
}

impl<const N: usize> IssueSelect<N> {
    pub fn new(t: IssueTiming) -> Self {
        assert!((1..=32).contains(&N), "IssueSelect: 1..=32 warps");
        for o in [t.occ_sp, t.occ_sfu, t.occ_sfumul, t.occ_fma, t.occ_mem] {
            assert!((1..=31).contains(&o), "IssueSelect: occupancies are 1..=31 slots");
        }
        assert!(t.urgent_after <= 15, "IssueSelect: urgent_after is 0..=15");
        let ones: u64 = if N == 32 { 0xFFFF_FFFF } else { (1u64 << N) - 1 };
        let occ = [t.occ_sp, t.occ_sfu, t.occ_sfumul, t.occ_fma, t.occ_mem];
        Self {
            clock: Default::default(),
            clear: Default::default(),
            p1: Default::default(),
            cand: Default::default(),
            c0: Default::default(),
            c1: Default::default(),
            c2: Default::default(),
            c3: Default::default(),
            tp1: Default::default(),
            tp0: Default::default(),
            prio_class: Default::default(),
            mem_ready: Default::default(),
            fpu_ready: Default::default(),
            l_sel: Default::default(),
            elig: Default::default(),
            win: Default::default(),
            win_any: Default::default(),
            win_idx: Default::default(),
            busy: array_init(|_| Default::default()),
            urg: array_init(|_| Default::default()),
            age: array_init(|_| Default::default()),
            elig_r: Default::default(),
            bb: array_init(|_| Default::default()),
            nc: array_init(|_| Default::default()),
            is: array_init(|_| Default::default()),
            ctl: Default::default(),
            bcf: array_init(|_| Default::default()),
            unit_ok: Default::default(),
            el: Default::default(),
            bcp: array_init(|_| Default::default()),
            urgent: Default::default(),
            k: array_init(|_| Default::default()),
            kw0: array_init(|_| Default::default()),
            kw1: array_init(|_| Default::default()),
            kw2: array_init(|_| Default::default()),
            kw3: array_init(|_| Default::default()),
            kw4: array_init(|_| Default::default()),
            eq0: array_init(|_| Default::default()),
            eq1: array_init(|_| Default::default()),
            eq2: array_init(|_| Default::default()),
            eq3: array_init(|_| Default::default()),
            eq4: array_init(|_| Default::default()),
            gt: array_init(|_| Default::default()),
            beat: array_init(|_| Default::default()),
            win_v: Default::default(),
            idx_v: Default::default(),
            wcls: array_init(|_| Default::default()),
            inc: Default::default(),
            rst: Default::default(),
            clr_mask: Default::default(),
            ones: Constant::new(ones.into()),
            zero: Constant::new(0u64.into()),
            onehot: array_init(|w| Constant::new((1u64 << w).into())),
            age_init: array_init(|w| Constant::new(((1u64 << w) - 1).into())),
            idx: array_init(|w| Constant::new((w as u64).into())),
            ub: array_init(|b| Constant::new((if t.urgent_after >> b & 1 == 1 { ones } else { 0 }).into())),
            occ_m1: array_init(|i| Constant::new(((occ[i] - 1) as u64).into())),
            one5: Constant::new(1u64.into()),
        }
    }
}

impl<const N: usize> Default for IssueSelect<N> {
    fn default() -> Self {
        Self::new(IssueTiming::default())
    }
}

impl<const N: usize> Logic for IssueSelect<N> {
    #[hdl_gen]
    fn update(&mut self) {
        self.elig_r.clock.next = self.clock.val();
        for u in 0..4 {
            self.busy[u].clock.next = self.clock.val();
            self.urg[u].clock.next = self.clock.val();
        }
        for w in 0..N {
            self.age[w].clock.next = self.clock.val();
            self.bb[w].clock.next = self.clock.val();
        }
        // --- Phase 0: eligibility and the "beats" relation. ---
        self.nc[0].next = !self.c0.val();
        self.nc[1].next = !self.c1.val();
        self.nc[2].next = !self.c2.val();
        self.nc[3].next = !self.c3.val();
        self.is[0].next = ((self.nc[3].val() & self.nc[2].val()) & self.nc[1].val()) & self.nc[0].val();
        self.is[1].next = ((self.nc[3].val() & self.nc[2].val()) & self.nc[1].val()) & self.c0.val();
        self.is[2].next = ((self.nc[3].val() & self.nc[2].val()) & self.c1.val()) & self.nc[0].val();
        self.is[3].next = ((self.nc[3].val() & self.nc[2].val()) & self.c1.val()) & self.c0.val();
        self.is[4].next = ((self.nc[3].val() & self.c2.val()) & self.nc[1].val()) & self.nc[0].val();
        self.is[5].next = ((self.nc[3].val() & self.c2.val()) & self.nc[1].val()) & self.c0.val();
        self.is[6].next = ((self.nc[3].val() & self.c2.val()) & self.c1.val()) & self.nc[0].val();
        self.is[7].next = ((self.nc[3].val() & self.c2.val()) & self.c1.val()) & self.c0.val();
        self.is[8].next = self.c3.val();
        self.ctl.next = self.c3.val() | (self.c2.val() & (self.c1.val() | self.c0.val()));
        // Units free in this slot: SP, SFU and FMA (with fpu_ready), memory (with mem_ready).
        for u in 0..4 {
            self.bcf[u].next = self.zero.val();
        }
        if !self.busy[0].q.val().any() {
            self.bcf[0].next = self.ones.val();
        }
        if !self.busy[1].q.val().any() & self.fpu_ready.val() {
            self.bcf[1].next = self.ones.val();
        }
        if !self.busy[2].q.val().any() & self.fpu_ready.val() {
            self.bcf[2].next = self.ones.val();
        }
        if !self.busy[3].q.val().any() & self.mem_ready.val() {
            self.bcf[3].next = self.ones.val();
        }
        self.unit_ok.next = ((((self.is[0].val() & self.bcf[0].val())
            | ((self.is[1].val() | self.is[2].val()) & self.bcf[1].val()))
            | (self.is[3].val() & self.bcf[2].val()))
            | (self.is[4].val() & self.bcf[3].val()))
            | self.ctl.val();
        self.el.next = self.cand.val() & self.unit_ok.val();
        // Keys: urgent, class priority (2 bits), type priority (2 bits).
        for b in 0..18 {
            self.bcp[b].next = self.zero.val();
            if self.prio_class.val().get_bit(b) {
                self.bcp[b].next = self.ones.val();
            }
        }
        self.urgent.next = ((!(self.urg[0].q.val() ^ self.ub[0].val()) & !(self.urg[1].q.val() ^ self.ub[1].val()))
            & !(self.urg[2].q.val() ^ self.ub[2].val()))
            & !(self.urg[3].q.val() ^ self.ub[3].val());
        self.k[4].next = self.urgent.val();
        self.k[3].next = !self.urgent.val()
            & ((((((((((self.is[0].val() & self.bcp[1].val()) | (self.is[1].val() & self.bcp[3].val()))
                | (self.is[2].val() & self.bcp[5].val()))
                | (self.is[3].val() & self.bcp[7].val()))
                | (self.is[4].val() & self.bcp[9].val()))
                | (self.is[5].val() & self.bcp[11].val()))
                | (self.is[6].val() & self.bcp[13].val()))
                | (self.is[7].val() & self.bcp[15].val()))
                | (self.is[8].val() & self.bcp[17].val())));
        self.k[2].next = !self.urgent.val()
            & ((((((((((self.is[0].val() & self.bcp[0].val()) | (self.is[1].val() & self.bcp[2].val()))
                | (self.is[2].val() & self.bcp[4].val()))
                | (self.is[3].val() & self.bcp[6].val()))
                | (self.is[4].val() & self.bcp[8].val()))
                | (self.is[5].val() & self.bcp[10].val()))
                | (self.is[6].val() & self.bcp[12].val()))
                | (self.is[7].val() & self.bcp[14].val()))
                | (self.is[8].val() & self.bcp[16].val())));
        self.k[1].next = !self.urgent.val() & self.tp1.val();
        self.k[0].next = !self.urgent.val() & self.tp0.val();
        // beat[w] bit x: warp x's key is higher than w's, or equal and x is older.
        for w in 0..N {
            self.kw0[w].next = self.zero.val();
            if self.k[0].val().get_bit(w) {
                self.kw0[w].next = self.ones.val();
            }
            self.eq0[w].next = !(self.k[0].val() ^ self.kw0[w].val());
            self.kw1[w].next = self.zero.val();
            if self.k[1].val().get_bit(w) {
                self.kw1[w].next = self.ones.val();
            }
            self.eq1[w].next = !(self.k[1].val() ^ self.kw1[w].val());
            self.kw2[w].next = self.zero.val();
            if self.k[2].val().get_bit(w) {
                self.kw2[w].next = self.ones.val();
            }
            self.eq2[w].next = !(self.k[2].val() ^ self.kw2[w].val());
            self.kw3[w].next = self.zero.val();
            if self.k[3].val().get_bit(w) {
                self.kw3[w].next = self.ones.val();
            }
            self.eq3[w].next = !(self.k[3].val() ^ self.kw3[w].val());
            self.kw4[w].next = self.zero.val();
            if self.k[4].val().get_bit(w) {
                self.kw4[w].next = self.ones.val();
            }
            self.eq4[w].next = !(self.k[4].val() ^ self.kw4[w].val());
            self.gt[w].next = (self.k[4].val() & !self.kw4[w].val())
                | (self.eq4[w].val()
                    & ((self.k[3].val() & !self.kw3[w].val())
                        | (self.eq3[w].val()
                            & ((self.k[2].val() & !self.kw2[w].val())
                                | (self.eq2[w].val()
                                    & ((self.k[1].val() & !self.kw1[w].val())
                                        | (self.eq1[w].val() & (self.k[0].val() & !self.kw0[w].val()))))))));
            self.beat[w].next = (self.gt[w].val()
                | (((((self.eq4[w].val() & self.eq3[w].val()) & self.eq2[w].val()) & self.eq1[w].val())
                    & self.eq0[w].val())
                    & (self.age[w].q.val() ^ self.age_init[w].val())))
                & !self.onehot[w].val();
        }
        // Registered at the end of phase 0.
        if self.p1.val() {
            self.elig_r.d.next = self.elig_r.q.val() & self.ones.val();
        } else {
            self.elig_r.d.next = self.el.val();
        }
        for w in 0..N {
            if self.p1.val() {
                self.bb[w].d.next = self.bb[w].q.val();
            } else {
                self.bb[w].d.next = self.beat[w].val();
            }
            if self.clear.val() {
                self.bb[w].d.next = self.zero.val();
            }
        }
        if self.clear.val() {
            self.elig_r.d.next = self.zero.val();
        }

        // --- Phase 1: selection. ---
        // At most one warp wins (keys then age are a total order), so the winner and its
        // index are ORs over the warps: each bit of `win_v` is one warp's test alone, with
        // no priority chain across the warps.
        self.win_v.next = self.zero.val();
        self.idx_v.next = 0.into();
        for w in 0..N {
            if self.elig_r.q.val().get_bit(w) & !(self.bb[w].q.val() & self.elig_r.q.val()).any() {
                self.win_v.next = self.win_v.val() | self.onehot[w].val();
                self.idx_v.next = self.idx_v.val() | self.idx[w].val();
            }
        }
        self.elig.next = self.elig_r.q.val();
        self.win.next = self.win_v.val();
        self.win_any.next = self.win_v.val().any();
        self.win_idx.next = self.idx_v.val();
        // The winner's class (one of the 9 groups).
        for c in 0..9 {
            self.wcls[c].next = (self.is[c].val() & self.win_v.val()).any();
        }
        // Unit busy counters: count down at the end of every slot; the issued unit takes
        // its occupancy - 1.
        for u in 0..4 {
            self.busy[u].d.next = self.busy[u].q.val();
            if self.p1.val() & self.busy[u].q.val().any() {
                self.busy[u].d.next = self.busy[u].q.val() - self.one5.val();
            }
        }
        if self.p1.val() & self.wcls[0].val() {
            self.busy[0].d.next = self.occ_m1[0].val();
        }
        if self.p1.val() & self.wcls[1].val() {
            self.busy[1].d.next = self.occ_m1[1].val();
        }
        if self.p1.val() & self.wcls[2].val() {
            self.busy[1].d.next = self.occ_m1[2].val();
        }
        if self.p1.val() & self.wcls[3].val() {
            self.busy[2].d.next = self.occ_m1[3].val();
        }
        if self.p1.val() & self.wcls[4].val() {
            self.busy[3].d.next = self.occ_m1[4].val();
        }
        for u in 0..4 {
            if self.clear.val() {
                self.busy[u].d.next = 0.into();
            }
        }
        // Urgency: every eligible warp not selected counts one denial, up to the threshold.
        self.inc.next = self.zero.val();
        self.rst.next = self.zero.val();
        if self.p1.val() {
            self.inc.next = (self.elig_r.q.val() & !self.win_v.val()) & !self.urgent.val();
            self.rst.next = self.win_v.val() | self.l_sel.val();
        }
        if self.clear.val() {
            self.rst.next = self.ones.val();
        }
        self.urg[0].d.next = (self.urg[0].q.val() ^ self.inc.val()) & !self.rst.val();
        self.urg[1].d.next = (self.urg[1].q.val() ^ (self.inc.val() & self.urg[0].q.val())) & !self.rst.val();
        self.urg[2].d.next =
            (self.urg[2].q.val() ^ ((self.inc.val() & self.urg[0].q.val()) & self.urg[1].q.val())) & !self.rst.val();
        self.urg[3].d.next = (self.urg[3].q.val()
            ^ (((self.inc.val() & self.urg[0].q.val()) & self.urg[1].q.val()) & self.urg[2].q.val()))
            & !self.rst.val();
        // Ages: the issued warp, then a launched warp, become the youngest. Stored as
        // age ^ age_init so that the reset state (zero) is "lower index is older".
        self.clr_mask.next = self.ones.val();
        if self.p1.val() {
            self.clr_mask.next = !(self.win_v.val() | self.l_sel.val());
        }
        for w in 0..N {
            self.age[w].d.next = ((self.age[w].q.val() ^ self.age_init[w].val()) & self.clr_mask.val()) ^ self.age_init[w].val();
            if self.p1.val() & self.win_v.val().get_bit(w) {
                self.age[w].d.next = (self.ones.val() & !(self.onehot[w].val() | self.l_sel.val())) ^ self.age_init[w].val();
            }
            if self.p1.val() & self.l_sel.val().get_bit(w) {
                self.age[w].d.next = (self.ones.val() & !self.onehot[w].val()) ^ self.age_init[w].val();
            }
            if self.clear.val() {
                self.age[w].d.next = self.zero.val();
            }
        }
    }
}

//! Scoreboard of the warp scheduler, with the per-warp instruction buffer it qualifies:
//! for each of N warps (<= 32), the decoded scheduling fields of its next instruction and
//! up to E (<= 4) pending destinations (registers or predicates) of its instructions in
//! flight in the SP, SFU, FMA and memory pipelines. A warp's instruction is ready when none
//! of its operands (destination, three sources, guard predicate) overlaps a pending
//! destination, a free entry exists if it needs one, and, for `exit`, nothing is pending.
//! Part of `WarpSched` (docs/scheduler.md); golden model `heddle_sim::golden::warp_sched`.
//!
//! Operands are 8-bit ids (bit 7: predicate, bits 6..0: register or predicate number) with a
//! width code (0: 1 register, 1: aligned pair, 2: aligned quad, 3: 8 registers); two
//! operands overlap when they are of the same kind and agree on the id bits above both
//! widths. An entry counts down once per `tick` and frees itself `lat` issue slots after
//! its issue (it is created with `lat - 2`); with `lat` = 0 it waits for the release port.
//! Instructions with `lat` 1 or 2 need no entry (their warp cannot issue again sooner).
//!
//! Everything a per-warp condition reads is stored bit-sliced (one N-bit vector per bit,
//! bit w = warp w), so the N readiness checks are vector operations; fields read only for
//! the issued warp are per-warp registers. Storage exists for 4 entries; entries >= E are
//! never allocated (and synthesize to nothing).
//!
//! Ports (writes at the rising edge):
//! - `clock`, `clear`  in 1  clock; synchronous reset (empty buffers and scoreboard)
//! - `f_sel`  in N  fetch: one-hot warp whose buffer takes the instruction below (0: none)
//! - `f_class` (4), `f_dst_v`, `f_dst` (8), `f_dst_w` (2), `f_s0_v`, `f_s0`, `f_s0_w`, ...
//!   `f_s2_w`, `f_guard` (3; 7 = none), `f_lat` (6), `f_target` (24), `f_brpc` (24),
//!   `f_uni`  in  the instruction's scheduling fields
//! - `tick`   in 1  end of an issue slot: entries count down, releases and the issue apply
//! - `i_sel`  in N  one-hot warp issued at this tick (0: none): its buffer empties and its
//!                  destination takes entry `s_tag` if it needs one
//! - `r_en`, `r_sel` (N), `r_tag` (2)  in  release of entry `r_tag` of warp `r_sel` at this
//!                  tick (ignored unless that entry is valid and waits for a release)
//! - `v_bufv`  out N  buffer holds an instruction
//! - `v_ready` out N  its scoreboard check passes
//! - `v_c0`..`v_c3` out N  bits of its class
//! - `s_class` (4), `s_lat` (6), `s_target`, `s_brpc` (24), `s_uni`, `s_gnone` (guard is
//!   `pt`), `s_needs` (its destination takes an entry), `s_tag` (2: the entry it would
//!   take)  out  fields of warp `i_sel`
use array_init::array_init;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Scoreboard<const N: usize, const E: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub f_sel: Signal<In, Bits<N>>,
    pub f_class: Signal<In, Bits<4>>,
    pub f_dst_v: Signal<In, Bit>,
    pub f_dst: Signal<In, Bits<8>>,
    pub f_dst_w: Signal<In, Bits<2>>,
    pub f_s0_v: Signal<In, Bit>,
    pub f_s0: Signal<In, Bits<8>>,
    pub f_s0_w: Signal<In, Bits<2>>,
    pub f_s1_v: Signal<In, Bit>,
    pub f_s1: Signal<In, Bits<8>>,
    pub f_s1_w: Signal<In, Bits<2>>,
    pub f_s2_v: Signal<In, Bit>,
    pub f_s2: Signal<In, Bits<8>>,
    pub f_s2_w: Signal<In, Bits<2>>,
    pub f_guard: Signal<In, Bits<3>>,
    pub f_lat: Signal<In, Bits<6>>,
    pub f_target: Signal<In, Bits<24>>,
    pub f_brpc: Signal<In, Bits<24>>,
    pub f_uni: Signal<In, Bit>,
    pub tick: Signal<In, Bit>,
    pub i_sel: Signal<In, Bits<N>>,
    pub r_en: Signal<In, Bit>,
    pub r_sel: Signal<In, Bits<N>>,
    pub r_tag: Signal<In, Bits<2>>,
    pub v_bufv: Signal<Out, Bits<N>>,
    pub v_ready: Signal<Out, Bits<N>>,
    pub v_c0: Signal<Out, Bits<N>>,
    pub v_c1: Signal<Out, Bits<N>>,
    pub v_c2: Signal<Out, Bits<N>>,
    pub v_c3: Signal<Out, Bits<N>>,
    pub s_class: Signal<Out, Bits<4>>,
    pub s_lat: Signal<Out, Bits<6>>,
    pub s_target: Signal<Out, Bits<24>>,
    pub s_brpc: Signal<Out, Bits<24>>,
    pub s_uni: Signal<Out, Bit>,
    pub s_gnone: Signal<Out, Bit>,
    pub s_tag: Signal<Out, Bits<2>>,
    pub s_needs: Signal<Out, Bit>,
    // Buffer, bit-sliced: valid, class, needs-an-entry, operands (k = 0 dst, 1..3 sources:
    // valid ov[k], id bits ob[8k+b], width bits oww[2k+b]), guard.
    bufv: DFF<Bits<N>>,
    cl: [DFF<Bits<N>>; 4],
    nd: DFF<Bits<N>>,
    ov: [DFF<Bits<N>>; 4],
    ob: [DFF<Bits<N>>; 32],
    oww: [DFF<Bits<N>>; 8],
    g: [DFF<Bits<N>>; 3],
    // Buffer, per warp (read for the issued warp).
    b_cls: [DFF<Bits<4>>; N],
    b_dst: [DFF<Bits<8>>; N],
    b_dstw: [DFF<Bits<2>>; N],
    b_lat: [DFF<Bits<6>>; N],
    b_tgt: [DFF<Bits<24>>; N],
    b_brpc: [DFF<Bits<24>>; N],
    b_uni: DFF<Bits<N>>,
    // Entries e = 0..3, bit-sliced: valid, release mode, id ei[8e+b], width ew[2e+b],
    // count ec[6e+b].
    ev: [DFF<Bits<N>>; 4],
    er: [DFF<Bits<N>>; 4],
    ei: [DFF<Bits<N>>; 32],
    ew: [DFF<Bits<N>>; 8],
    ec: [DFF<Bits<N>>; 24],
    // Combinational.
    part: [Signal<Local, Bits<N>>; 24],
    hit: [Signal<Local, Bits<N>>; 20],
    pending: Signal<Local, Bits<N>>,
    full: Signal<Local, Bits<N>>,
    empty: Signal<Local, Bits<N>>,
    is_exit: Signal<Local, Bits<N>>,
    gv: Signal<Local, Bits<N>>,
    f_needs: Signal<Local, Bit>,
    issue: Signal<Local, Bits<N>>,
    czero: [Signal<Local, Bits<N>>; 4],
    expire: [Signal<Local, Bits<N>>; 4],
    dec: [Signal<Local, Bits<N>>; 4],
    relhit: [Signal<Local, Bits<N>>; 4],
    alloc: [Signal<Local, Bits<N>>; 4],
    borrow: [Signal<Local, Bits<N>>; 24],
    free: [Signal<Local, Bit>; 4],
    tag_v: Signal<Local, Bits<2>>,
    sel_needs: Signal<Local, Bit>,
    sel_dst: Signal<Local, Bits<8>>,
    sel_dstw: Signal<Local, Bits<2>>,
    sel_lat: Signal<Local, Bits<6>>,
    sel_cls: Signal<Local, Bits<4>>,
    sel_tgt: Signal<Local, Bits<24>>,
    sel_brpc: Signal<Local, Bits<24>>,
    cnt0: Signal<Local, Bits<6>>,
    keep: Signal<Local, Bits<N>>,
    ones: Constant<Bits<N>>,
    zero: Constant<Bits<N>>,
    exists: [Constant<Bits<N>>; 4],
    entry_idx: [Constant<Bits<2>>; 4],
    two6: Constant<Bits<6>>,
}

impl<const N: usize, const E: usize> Default for Scoreboard<N, E> {
    fn default() -> Self {
        assert!((1..=32).contains(&N) && (1..=4).contains(&E), "Scoreboard: 1..=32 warps, 1..=4 entries");
        let ones: u64 = if N == 32 { 0xFFFF_FFFF } else { (1u64 << N) - 1 };
        Self {
            clock: Default::default(),
            clear: Default::default(),
            f_sel: Default::default(),
            f_class: Default::default(),
            f_dst_v: Default::default(),
            f_dst: Default::default(),
            f_dst_w: Default::default(),
            f_s0_v: Default::default(),
            f_s0: Default::default(),
            f_s0_w: Default::default(),
            f_s1_v: Default::default(),
            f_s1: Default::default(),
            f_s1_w: Default::default(),
            f_s2_v: Default::default(),
            f_s2: Default::default(),
            f_s2_w: Default::default(),
            f_guard: Default::default(),
            f_lat: Default::default(),
            f_target: Default::default(),
            f_brpc: Default::default(),
            f_uni: Default::default(),
            tick: Default::default(),
            i_sel: Default::default(),
            r_en: Default::default(),
            r_sel: Default::default(),
            r_tag: Default::default(),
            v_bufv: Default::default(),
            v_ready: Default::default(),
            v_c0: Default::default(),
            v_c1: Default::default(),
            v_c2: Default::default(),
            v_c3: Default::default(),
            s_class: Default::default(),
            s_lat: Default::default(),
            s_target: Default::default(),
            s_brpc: Default::default(),
            s_uni: Default::default(),
            s_gnone: Default::default(),
            s_tag: Default::default(),
            s_needs: Default::default(),
            bufv: Default::default(),
            cl: array_init(|_| Default::default()),
            nd: Default::default(),
            ov: array_init(|_| Default::default()),
            ob: array_init(|_| Default::default()),
            oww: array_init(|_| Default::default()),
            g: array_init(|_| Default::default()),
            b_cls: array_init(|_| Default::default()),
            b_dst: array_init(|_| Default::default()),
            b_dstw: array_init(|_| Default::default()),
            b_lat: array_init(|_| Default::default()),
            b_tgt: array_init(|_| Default::default()),
            b_brpc: array_init(|_| Default::default()),
            b_uni: Default::default(),
            ev: array_init(|_| Default::default()),
            er: array_init(|_| Default::default()),
            ei: array_init(|_| Default::default()),
            ew: array_init(|_| Default::default()),
            ec: array_init(|_| Default::default()),
            part: array_init(|_| Default::default()),
            hit: array_init(|_| Default::default()),
            pending: Default::default(),
            full: Default::default(),
            empty: Default::default(),
            is_exit: Default::default(),
            gv: Default::default(),
            f_needs: Default::default(),
            issue: Default::default(),
            czero: array_init(|_| Default::default()),
            expire: array_init(|_| Default::default()),
            dec: array_init(|_| Default::default()),
            relhit: array_init(|_| Default::default()),
            alloc: array_init(|_| Default::default()),
            borrow: array_init(|_| Default::default()),
            free: array_init(|_| Default::default()),
            tag_v: Default::default(),
            sel_needs: Default::default(),
            sel_dst: Default::default(),
            sel_dstw: Default::default(),
            sel_lat: Default::default(),
            sel_cls: Default::default(),
            sel_tgt: Default::default(),
            sel_brpc: Default::default(),
            cnt0: Default::default(),
            keep: Default::default(),
            ones: Constant::new(ones.into()),
            zero: Constant::new(0u64.into()),
            exists: array_init(|e| Constant::new((if e < E { ones } else { 0 }).into())),
            entry_idx: array_init(|e| Constant::new((e as u64).into())),
            two6: Constant::new(2u64.into()),
        }
    }
}

impl<const N: usize, const E: usize> Logic for Scoreboard<N, E> {
    #[hdl_gen]
    fn update(&mut self) {
        self.bufv.clock.next = self.clock.val();
        self.nd.clock.next = self.clock.val();
        self.b_uni.clock.next = self.clock.val();
        for k in 0..4 {
            self.cl[k].clock.next = self.clock.val();
            self.ov[k].clock.next = self.clock.val();
            self.ev[k].clock.next = self.clock.val();
            self.er[k].clock.next = self.clock.val();
        }
        for k in 0..32 {
            self.ob[k].clock.next = self.clock.val();
            self.ei[k].clock.next = self.clock.val();
        }
        for k in 0..8 {
            self.oww[k].clock.next = self.clock.val();
            self.ew[k].clock.next = self.clock.val();
        }
        for k in 0..24 {
            self.ec[k].clock.next = self.clock.val();
        }
        for k in 0..3 {
            self.g[k].clock.next = self.clock.val();
        }
        for w in 0..N {
            self.b_cls[w].clock.next = self.clock.val();
            self.b_dst[w].clock.next = self.clock.val();
            self.b_dstw[w].clock.next = self.clock.val();
            self.b_lat[w].clock.next = self.clock.val();
            self.b_tgt[w].clock.next = self.clock.val();
            self.b_brpc[w].clock.next = self.clock.val();
        }
        self.keep.next = self.ones.val();
        if self.clear.val() {
            self.keep.next = self.zero.val();
        }

        // --- Readiness of every warp (vector operations). ---
        // Width participation of id bits 0, 1, 2: part[3k+j] for operand k (0..3 the
        // buffer's, 4..7 entry k-4): bit j of the id counts when the width code is <= j.
        for k in 0..4 {
            self.part[3 * k].next = !self.oww[2 * k + 1].q.val() & !self.oww[2 * k].q.val();
            self.part[3 * k + 1].next = !self.oww[2 * k + 1].q.val();
            self.part[3 * k + 2].next = !(self.oww[2 * k + 1].q.val() & self.oww[2 * k].q.val());
        }
        for e in 0..4 {
            self.part[12 + 3 * e].next = !self.ew[2 * e + 1].q.val() & !self.ew[2 * e].q.val();
            self.part[12 + 3 * e + 1].next = !self.ew[2 * e + 1].q.val();
            self.part[12 + 3 * e + 2].next = !(self.ew[2 * e + 1].q.val() & self.ew[2 * e].q.val());
        }
        // hit[4k+e]: operand k of each warp's buffered instruction overlaps its entry e.
        for k in 0..4 {
            for e in 0..4 {
                self.hit[4 * k + e].next = ((self.ov[k].q.val() & self.ev[e].q.val())
                    & !(self.ob[8 * k + 7].q.val() ^ self.ei[8 * e + 7].q.val()))
                    & !((((((((self.ob[8 * k].q.val() ^ self.ei[8 * e].q.val())
                        & (self.part[3 * k].val() & self.part[12 + 3 * e].val()))
                        | ((self.ob[8 * k + 1].q.val() ^ self.ei[8 * e + 1].q.val())
                            & (self.part[3 * k + 1].val() & self.part[12 + 3 * e + 1].val())))
                        | ((self.ob[8 * k + 2].q.val() ^ self.ei[8 * e + 2].q.val())
                            & (self.part[3 * k + 2].val() & self.part[12 + 3 * e + 2].val())))
                        | (self.ob[8 * k + 3].q.val() ^ self.ei[8 * e + 3].q.val()))
                        | (self.ob[8 * k + 4].q.val() ^ self.ei[8 * e + 4].q.val()))
                        | (self.ob[8 * k + 5].q.val() ^ self.ei[8 * e + 5].q.val()))
                        | (self.ob[8 * k + 6].q.val() ^ self.ei[8 * e + 6].q.val()));
            }
        }
        // The guard (operand 4): predicate 0x80 | g, width 1, valid unless g = 7.
        self.gv.next = !((self.g[0].q.val() & self.g[1].q.val()) & self.g[2].q.val());
        for e in 0..4 {
            self.hit[16 + e].next = ((self.gv.val() & self.ev[e].q.val()) & self.ei[8 * e + 7].q.val())
                & !((((((((self.g[0].q.val() ^ self.ei[8 * e].q.val()) & self.part[12 + 3 * e].val())
                    | ((self.g[1].q.val() ^ self.ei[8 * e + 1].q.val()) & self.part[12 + 3 * e + 1].val()))
                    | ((self.g[2].q.val() ^ self.ei[8 * e + 2].q.val()) & self.part[12 + 3 * e + 2].val()))
                    | self.ei[8 * e + 3].q.val())
                    | self.ei[8 * e + 4].q.val())
                    | self.ei[8 * e + 5].q.val())
                    | self.ei[8 * e + 6].q.val());
        }
        self.pending.next = ((((((((((((((((((self.hit[0].val() | self.hit[1].val()) | self.hit[2].val())
            | self.hit[3].val())
            | self.hit[4].val())
            | self.hit[5].val())
            | self.hit[6].val())
            | self.hit[7].val())
            | self.hit[8].val())
            | self.hit[9].val())
            | self.hit[10].val())
            | self.hit[11].val())
            | self.hit[12].val())
            | self.hit[13].val())
            | self.hit[14].val())
            | self.hit[15].val())
            | self.hit[16].val())
            | self.hit[17].val())
            | self.hit[18].val())
            | self.hit[19].val();
        self.full.next = (((self.ev[0].q.val() | !self.exists[0].val()) & (self.ev[1].q.val() | !self.exists[1].val()))
            & (self.ev[2].q.val() | !self.exists[2].val()))
            & (self.ev[3].q.val() | !self.exists[3].val());
        self.empty.next = !(((self.ev[0].q.val() | self.ev[1].q.val()) | self.ev[2].q.val()) | self.ev[3].q.val());
        self.is_exit.next = ((!self.cl[3].q.val() & self.cl[2].q.val()) & self.cl[1].q.val()) & self.cl[0].q.val();
        self.v_ready.next = (!self.pending.val() & (!self.nd.q.val() | !self.full.val()))
            & (!self.is_exit.val() | self.empty.val());
        self.v_bufv.next = self.bufv.q.val();
        self.v_c0.next = self.cl[0].q.val();
        self.v_c1.next = self.cl[1].q.val();
        self.v_c2.next = self.cl[2].q.val();
        self.v_c3.next = self.cl[3].q.val();

        // --- The issued warp's fields. ---
        self.sel_cls.next = 0.into();
        self.sel_dst.next = 0.into();
        self.sel_dstw.next = 0.into();
        self.sel_lat.next = 0.into();
        self.sel_tgt.next = 0.into();
        self.sel_brpc.next = 0.into();
        for w in 0..N {
            if self.i_sel.val().get_bit(w) {
                self.sel_cls.next = self.b_cls[w].q.val();
                self.sel_dst.next = self.b_dst[w].q.val();
                self.sel_dstw.next = self.b_dstw[w].q.val();
                self.sel_lat.next = self.b_lat[w].q.val();
                self.sel_tgt.next = self.b_tgt[w].q.val();
                self.sel_brpc.next = self.b_brpc[w].q.val();
            }
        }
        self.sel_needs.next = (self.nd.q.val() & self.i_sel.val()).any();
        for e in 0..4 {
            self.free[e].next = (self.exists[e].val() & self.i_sel.val()).any() & !(self.ev[e].q.val() & self.i_sel.val()).any();
        }
        // The lowest free entry (the last assignment wins).
        self.tag_v.next = 0.into();
        if self.free[3].val() {
            self.tag_v.next = self.entry_idx[3].val();
        }
        if self.free[2].val() {
            self.tag_v.next = self.entry_idx[2].val();
        }
        if self.free[1].val() {
            self.tag_v.next = self.entry_idx[1].val();
        }
        if self.free[0].val() {
            self.tag_v.next = self.entry_idx[0].val();
        }
        self.s_class.next = self.sel_cls.val();
        self.s_lat.next = self.sel_lat.val();
        self.s_target.next = self.sel_tgt.val();
        self.s_brpc.next = self.sel_brpc.val();
        self.s_uni.next = (self.b_uni.q.val() & self.i_sel.val()).any();
        self.s_gnone.next = !(self.gv.val() & self.i_sel.val()).any();
        self.s_tag.next = self.tag_v.val();
        self.s_needs.next = self.sel_needs.val();

        // --- Entries: countdown, release, allocation at a tick. ---
        self.cnt0.next = self.sel_lat.val() - self.two6.val();
        if !self.sel_lat.val().any() {
            self.cnt0.next = 0.into();
        }
        self.issue.next = self.zero.val();
        if self.tick.val() {
            self.issue.next = self.i_sel.val();
        }
        for e in 0..4 {
            self.czero[e].next = !(((((self.ec[6 * e].q.val() | self.ec[6 * e + 1].q.val()) | self.ec[6 * e + 2].q.val())
                | self.ec[6 * e + 3].q.val())
                | self.ec[6 * e + 4].q.val())
                | self.ec[6 * e + 5].q.val());
            self.expire[e].next = self.zero.val();
            self.dec[e].next = self.zero.val();
            self.relhit[e].next = self.zero.val();
            self.alloc[e].next = self.zero.val();
            if self.tick.val() {
                self.expire[e].next = (self.ev[e].q.val() & !self.er[e].q.val()) & self.czero[e].val();
                self.dec[e].next = (self.ev[e].q.val() & !self.er[e].q.val()) & !self.czero[e].val();
                if self.r_en.val() & (self.r_tag.val() == self.entry_idx[e].val()) {
                    self.relhit[e].next = (self.r_sel.val() & self.ev[e].q.val()) & self.er[e].q.val();
                }
                if self.sel_needs.val() & (self.tag_v.val() == self.entry_idx[e].val()) {
                    self.alloc[e].next = self.i_sel.val() & self.exists[e].val();
                }
            }
            self.borrow[6 * e].next = self.dec[e].val();
            self.borrow[6 * e + 1].next = self.dec[e].val() & !self.ec[6 * e].q.val();
            self.borrow[6 * e + 2].next = (self.dec[e].val() & !self.ec[6 * e].q.val()) & !self.ec[6 * e + 1].q.val();
            self.borrow[6 * e + 3].next = ((self.dec[e].val() & !self.ec[6 * e].q.val()) & !self.ec[6 * e + 1].q.val())
                & !self.ec[6 * e + 2].q.val();
            self.borrow[6 * e + 4].next = (((self.dec[e].val() & !self.ec[6 * e].q.val()) & !self.ec[6 * e + 1].q.val())
                & !self.ec[6 * e + 2].q.val())
                & !self.ec[6 * e + 3].q.val();
            self.borrow[6 * e + 5].next = ((((self.dec[e].val() & !self.ec[6 * e].q.val())
                & !self.ec[6 * e + 1].q.val())
                & !self.ec[6 * e + 2].q.val())
                & !self.ec[6 * e + 3].q.val())
                & !self.ec[6 * e + 4].q.val();
            self.ev[e].d.next =
                (((self.ev[e].q.val() & !self.expire[e].val()) & !self.relhit[e].val()) | self.alloc[e].val()) & self.keep.val();
            if self.sel_lat.val().any() {
                self.er[e].d.next = (self.er[e].q.val() & !self.alloc[e].val()) & self.keep.val();
            } else {
                self.er[e].d.next = (self.er[e].q.val() | self.alloc[e].val()) & self.keep.val();
            }
            for b in 0..8 {
                if self.sel_dst.val().get_bit(b) {
                    self.ei[8 * e + b].d.next = (self.ei[8 * e + b].q.val() | self.alloc[e].val()) & self.keep.val();
                } else {
                    self.ei[8 * e + b].d.next = (self.ei[8 * e + b].q.val() & !self.alloc[e].val()) & self.keep.val();
                }
            }
            for b in 0..2 {
                if self.sel_dstw.val().get_bit(b) {
                    self.ew[2 * e + b].d.next = (self.ew[2 * e + b].q.val() | self.alloc[e].val()) & self.keep.val();
                } else {
                    self.ew[2 * e + b].d.next = (self.ew[2 * e + b].q.val() & !self.alloc[e].val()) & self.keep.val();
                }
            }
            for b in 0..6 {
                if self.cnt0.val().get_bit(b) {
                    self.ec[6 * e + b].d.next =
                        ((self.ec[6 * e + b].q.val() ^ self.borrow[6 * e + b].val()) | self.alloc[e].val()) & self.keep.val();
                } else {
                    self.ec[6 * e + b].d.next =
                        ((self.ec[6 * e + b].q.val() ^ self.borrow[6 * e + b].val()) & !self.alloc[e].val()) & self.keep.val();
                }
            }
        }

        // --- Buffer: the fetch writes warp f_sel; the issue empties warp i_sel. ---
        self.f_needs.next = self.f_dst_v.val() & (!self.f_lat.val().any() | (self.f_lat.val() > self.two6.val()));
        self.bufv.d.next = ((self.bufv.q.val() & !self.issue.val()) | self.f_sel.val()) & self.keep.val();
        for b in 0..4 {
            if self.f_class.val().get_bit(b) {
                self.cl[b].d.next = (self.cl[b].q.val() | self.f_sel.val()) & self.keep.val();
            } else {
                self.cl[b].d.next = (self.cl[b].q.val() & !self.f_sel.val()) & self.keep.val();
            }
        }
        if self.f_needs.val() {
            self.nd.d.next = (self.nd.q.val() | self.f_sel.val()) & self.keep.val();
        } else {
            self.nd.d.next = (self.nd.q.val() & !self.f_sel.val()) & self.keep.val();
        }
        if self.f_uni.val() {
            self.b_uni.d.next = (self.b_uni.q.val() | self.f_sel.val()) & self.keep.val();
        } else {
            self.b_uni.d.next = (self.b_uni.q.val() & !self.f_sel.val()) & self.keep.val();
        }
        for b in 0..3 {
            if self.f_guard.val().get_bit(b) {
                self.g[b].d.next = (self.g[b].q.val() | self.f_sel.val()) & self.keep.val();
            } else {
                self.g[b].d.next = (self.g[b].q.val() & !self.f_sel.val()) & self.keep.val();
            }
        }
        // Operand 0 is the destination, 1..3 the sources.
        if self.f_dst_v.val() {
            self.ov[0].d.next = (self.ov[0].q.val() | self.f_sel.val()) & self.keep.val();
        } else {
            self.ov[0].d.next = (self.ov[0].q.val() & !self.f_sel.val()) & self.keep.val();
        }
        if self.f_s0_v.val() {
            self.ov[1].d.next = (self.ov[1].q.val() | self.f_sel.val()) & self.keep.val();
        } else {
            self.ov[1].d.next = (self.ov[1].q.val() & !self.f_sel.val()) & self.keep.val();
        }
        if self.f_s1_v.val() {
            self.ov[2].d.next = (self.ov[2].q.val() | self.f_sel.val()) & self.keep.val();
        } else {
            self.ov[2].d.next = (self.ov[2].q.val() & !self.f_sel.val()) & self.keep.val();
        }
        if self.f_s2_v.val() {
            self.ov[3].d.next = (self.ov[3].q.val() | self.f_sel.val()) & self.keep.val();
        } else {
            self.ov[3].d.next = (self.ov[3].q.val() & !self.f_sel.val()) & self.keep.val();
        }
        for b in 0..8 {
            if self.f_dst.val().get_bit(b) {
                self.ob[b].d.next = (self.ob[b].q.val() | self.f_sel.val()) & self.keep.val();
            } else {
                self.ob[b].d.next = (self.ob[b].q.val() & !self.f_sel.val()) & self.keep.val();
            }
            if self.f_s0.val().get_bit(b) {
                self.ob[8 + b].d.next = (self.ob[8 + b].q.val() | self.f_sel.val()) & self.keep.val();
            } else {
                self.ob[8 + b].d.next = (self.ob[8 + b].q.val() & !self.f_sel.val()) & self.keep.val();
            }
            if self.f_s1.val().get_bit(b) {
                self.ob[16 + b].d.next = (self.ob[16 + b].q.val() | self.f_sel.val()) & self.keep.val();
            } else {
                self.ob[16 + b].d.next = (self.ob[16 + b].q.val() & !self.f_sel.val()) & self.keep.val();
            }
            if self.f_s2.val().get_bit(b) {
                self.ob[24 + b].d.next = (self.ob[24 + b].q.val() | self.f_sel.val()) & self.keep.val();
            } else {
                self.ob[24 + b].d.next = (self.ob[24 + b].q.val() & !self.f_sel.val()) & self.keep.val();
            }
        }
        for b in 0..2 {
            if self.f_dst_w.val().get_bit(b) {
                self.oww[b].d.next = (self.oww[b].q.val() | self.f_sel.val()) & self.keep.val();
            } else {
                self.oww[b].d.next = (self.oww[b].q.val() & !self.f_sel.val()) & self.keep.val();
            }
            if self.f_s0_w.val().get_bit(b) {
                self.oww[2 + b].d.next = (self.oww[2 + b].q.val() | self.f_sel.val()) & self.keep.val();
            } else {
                self.oww[2 + b].d.next = (self.oww[2 + b].q.val() & !self.f_sel.val()) & self.keep.val();
            }
            if self.f_s1_w.val().get_bit(b) {
                self.oww[4 + b].d.next = (self.oww[4 + b].q.val() | self.f_sel.val()) & self.keep.val();
            } else {
                self.oww[4 + b].d.next = (self.oww[4 + b].q.val() & !self.f_sel.val()) & self.keep.val();
            }
            if self.f_s2_w.val().get_bit(b) {
                self.oww[6 + b].d.next = (self.oww[6 + b].q.val() | self.f_sel.val()) & self.keep.val();
            } else {
                self.oww[6 + b].d.next = (self.oww[6 + b].q.val() & !self.f_sel.val()) & self.keep.val();
            }
        }
        for w in 0..N {
            self.b_cls[w].d.next = self.b_cls[w].q.val();
            self.b_dst[w].d.next = self.b_dst[w].q.val();
            self.b_dstw[w].d.next = self.b_dstw[w].q.val();
            self.b_lat[w].d.next = self.b_lat[w].q.val();
            self.b_tgt[w].d.next = self.b_tgt[w].q.val();
            self.b_brpc[w].d.next = self.b_brpc[w].q.val();
            if self.f_sel.val().get_bit(w) {
                self.b_cls[w].d.next = self.f_class.val();
                self.b_dst[w].d.next = self.f_dst.val();
                self.b_dstw[w].d.next = self.f_dst_w.val();
                self.b_lat[w].d.next = self.f_lat.val();
                self.b_tgt[w].d.next = self.f_target.val();
                self.b_brpc[w].d.next = self.f_brpc.val();
            }
            if self.clear.val() {
                self.b_cls[w].d.next = 0.into();
                self.b_dst[w].d.next = 0.into();
                self.b_dstw[w].d.next = 0.into();
                self.b_lat[w].d.next = 0.into();
                self.b_tgt[w].d.next = 0.into();
                self.b_brpc[w].d.next = 0.into();
            }
        }
    }
}

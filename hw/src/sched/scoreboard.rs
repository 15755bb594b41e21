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
//! The overlap of a buffered instruction's operands with its warp's entries is computed
//! once, when the instruction enters the buffer (the entries' ids as they are before that
//! clock's edge, their valid bits as they are after it: the fetched warp is not the one
//! issued at that edge, so none of its entries is allocated there), and kept as one bit per
//! entry: while an instruction waits in its warp's buffer that warp issues nothing, so its
//! entries are never allocated, only freed, and a kept bit is cleared with its entry. (Until stop 38 the operands were stored and compared
//! with the entries in every clock, for every warp.)
//!
//! Everything a per-warp condition reads is stored bit-sliced (one N-bit vector per bit,
//! bit w = warp w), so the N readiness checks are vector operations; fields read only for
//! the issued warp (class, destination, latency, target, branch PC) are in distributed RAM
//! ([`LutRam`]) written at the fetched warp and read at the issued one; a warp is issued
//! only while its buffer holds an instruction, so what the RAM holds from before a `clear`
//! is never read. (Until stop 38 they were N registers read through one-hot multiplexers.)
//! Storage exists for 4 entries; entries >= E are never allocated (and synthesize to
//! nothing).
//!
//! Allocation stage. The issued warp's destination is written into its entry one clock
//! after the tick that issues it (the `al_*` registers; in `WarpSched`, at the edge that
//! ends phase 0 of the next slot), so the issue selection and the read of the issued
//! warp's fields end at these registers instead of fanning out into every warp's entry
//! bits (`warp_sched`'s critical path until stop 56: `isel.elig_r` -> `sb.ec`). Nothing
//! sees the difference: no tick lies between the two edges (the count is not decremented
//! in between), the warp's buffer is empty until its next fetch lands, at least two edges
//! after the tick, so no readiness reads its entries before, and that fetch's overlap
//! reads the entries' ids as they are after the allocation.
//!
//! Ports (writes at the rising edge):
//! - `clock`, `clear`  in 1  clock; synchronous reset (empty buffers and scoreboard)
//! - `f_sel`  in N  fetch: one-hot warp whose buffer takes the instruction below (0: none);
//!                  never the warp issued at the same edge (`WarpSched` fetches the warp
//!                  issued in the previous slot, whose buffer is empty, or in phase 0, when
//!                  nothing issues)
//! - `f_class` (4), `f_dst_v`, `f_dst` (8), `f_dst_w` (2), `f_s0_v`, `f_s0`, `f_s0_w`, ...
//!   `f_s2_w`, `f_guard` (3; 7 = none), `f_lat` (6), `f_target` (24), `f_brpc` (24),
//!   `f_uni`  in  the instruction's scheduling fields
//! - `tick`   in 1  end of an issue slot: entries count down, releases and the issue apply
//! - `i_sel`  in N  one-hot warp issued at this tick (0: none): its buffer empties and its
//!                  destination takes entry `s_tag` if it needs one (written at the next
//!                  edge; `f_sel` is never this warp at that edge either)
//! - `r_en`, `r_sel` (N), `r_tag` (2)  in  release of entry `r_tag` of warp `r_sel` at this
//!                  tick (ignored unless that entry is valid and waits for a release)
//! - `v_bufv`  out N  buffer holds an instruction
//! - `v_ready` out N  its scoreboard check passes
//! - `v_c0`..`v_c3` out N  bits of its class
//! - `s_class` (4), `s_lat` (6), `s_target`, `s_brpc` (24), `s_uni`, `s_gnone` (guard is
//!   `pt`), `s_needs` (its destination takes an entry), `s_tag` (2: the entry it would
//!   take)  out  fields of warp `i_sel` (with `i_sel` 0: `s_gnone` 1, the others 0)
use crate::prim::lutram::LutRam;
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
    // Buffer, bit-sliced: valid, class, needs-an-entry, has a guard, overlaps entry e
    // (he[e]: some operand overlaps it and it is still valid).
    bufv: DFF<Bits<N>>,
    cl: [DFF<Bits<N>>; 4],
    nd: DFF<Bits<N>>,
    gvd: DFF<Bits<N>>,
    he: [DFF<Bits<N>>; 4],
    // Buffer, per warp (read for the issued warp): class in bits 3..0, destination 11..4,
    // its width 13..12, latency 19..14; target 23..0 and branch PC 47..24.
    b_fld: LutRam<5, 20>,
    b_pcs: LutRam<5, 48>,
    b_uni: DFF<Bits<N>>,
    f_idx: Signal<Local, Bits<5>>,
    i_idx: Signal<Local, Bits<5>>,
    i_any: Signal<Local, Bit>,
    widx: [Constant<Bits<5>>; N],
    // Entries e = 0..3, bit-sliced: valid, release mode, id ei[8e+b], width ew[2e+b],
    // count ec[6e+b].
    ev: [DFF<Bits<N>>; 4],
    er: [DFF<Bits<N>>; 4],
    ei: [DFF<Bits<N>>; 32],
    ew: [DFF<Bits<N>>; 8],
    ec: [DFF<Bits<N>>; 24],
    // The allocation decided at a tick, applied at the next edge (see "Allocation stage"):
    // the entry e of each warp that takes it (one-hot across warps and entries), the
    // destination, its width code, the first count, waits for a release.
    al_sel: [DFF<Bits<N>>; 4],
    al_dst: DFF<Bits<8>>,
    al_dstw: DFF<Bits<2>>,
    al_cnt: DFF<Bits<6>>,
    al_rel: DFF<Bit>,
    // Combinational. The fetched instruction's operands k (0 destination, 1..3 sources,
    // 4 the guard: id, width code, id bits that count, valid) and the fetched warp's entries
    // e (id, width code, id bits that count); fx[4k+e]: the bits where they differ.
    fo_id: [Signal<Local, Bits<8>>; 5],
    fo_w: [Signal<Local, Bits<2>>; 5],
    fo_m: [Signal<Local, Bits<8>>; 5],
    fo_v: [Signal<Local, Bit>; 5],
    fe_id: [Signal<Local, Bits<8>>; 4],
    fe_w: [Signal<Local, Bits<2>>; 4],
    fe_m: [Signal<Local, Bits<8>>; 4],
    fx: [Signal<Local, Bits<8>>; 20],
    fhe: [Signal<Local, Bit>; 4],
    ev_n: [Signal<Local, Bits<N>>; 4],
    pending: Signal<Local, Bits<N>>,
    full: Signal<Local, Bits<N>>,
    empty: Signal<Local, Bits<N>>,
    is_exit: Signal<Local, Bits<N>>,
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
    // Id bits that count for width code c; bit b alone; the predicate kind; guard `pt`.
    wmask: [Constant<Bits<8>>; 4],
    bit8: [Constant<Bits<8>>; 8],
    bit2: [Constant<Bits<2>>; 2],
    pkind: Constant<Bits<8>>,
    gnone: Constant<Bits<3>>,
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
            gvd: Default::default(),
            he: array_init(|_| Default::default()),
            b_fld: LutRam::new(N),
            b_pcs: LutRam::new(N),
            b_uni: Default::default(),
            f_idx: Default::default(),
            i_idx: Default::default(),
            i_any: Default::default(),
            widx: array_init(|w| Constant::new((w as u64).into())),
            ev: array_init(|_| Default::default()),
            er: array_init(|_| Default::default()),
            ei: array_init(|_| Default::default()),
            ew: array_init(|_| Default::default()),
            ec: array_init(|_| Default::default()),
            al_sel: array_init(|_| Default::default()),
            al_dst: Default::default(),
            al_dstw: Default::default(),
            al_cnt: Default::default(),
            al_rel: Default::default(),
            fo_id: array_init(|_| Default::default()),
            fo_w: array_init(|_| Default::default()),
            fo_m: array_init(|_| Default::default()),
            fo_v: array_init(|_| Default::default()),
            fe_id: array_init(|_| Default::default()),
            fe_w: array_init(|_| Default::default()),
            fe_m: array_init(|_| Default::default()),
            fx: array_init(|_| Default::default()),
            fhe: array_init(|_| Default::default()),
            ev_n: array_init(|_| Default::default()),
            pending: Default::default(),
            full: Default::default(),
            empty: Default::default(),
            is_exit: Default::default(),
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
            wmask: array_init(|c| Constant::new(([0xFFu64, 0xFE, 0xFC, 0xF8][c]).into())),
            bit8: array_init(|b| Constant::new((1u64 << b).into())),
            bit2: array_init(|b| Constant::new((1u64 << b).into())),
            pkind: Constant::new(0x80u64.into()),
            gnone: Constant::new(7u64.into()),
        }
    }
}

impl<const N: usize, const E: usize> Logic for Scoreboard<N, E> {
    #[hdl_gen]
    fn update(&mut self) {
        self.bufv.clock.next = self.clock.val();
        self.nd.clock.next = self.clock.val();
        self.gvd.clock.next = self.clock.val();
        self.b_uni.clock.next = self.clock.val();
        for k in 0..4 {
            self.cl[k].clock.next = self.clock.val();
            self.he[k].clock.next = self.clock.val();
            self.ev[k].clock.next = self.clock.val();
            self.er[k].clock.next = self.clock.val();
        }
        for k in 0..32 {
            self.ei[k].clock.next = self.clock.val();
        }
        for k in 0..8 {
            self.ew[k].clock.next = self.clock.val();
        }
        for k in 0..24 {
            self.ec[k].clock.next = self.clock.val();
        }
        for k in 0..4 {
            self.al_sel[k].clock.next = self.clock.val();
        }
        self.al_dst.clock.next = self.clock.val();
        self.al_dstw.clock.next = self.clock.val();
        self.al_cnt.clock.next = self.clock.val();
        self.al_rel.clock.next = self.clock.val();
        self.b_fld.clock.next = self.clock.val();
        self.b_pcs.clock.next = self.clock.val();
        self.keep.next = self.ones.val();
        if self.clear.val() {
            self.keep.next = self.zero.val();
        }

        // --- Readiness of every warp (vector operations). ---
        self.pending.next = ((self.he[0].q.val() | self.he[1].q.val()) | self.he[2].q.val()) | self.he[3].q.val();
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
        self.i_idx.next = 0.into();
        for w in 0..N {
            if self.i_sel.val().get_bit(w) {
                self.i_idx.next = self.i_idx.val() | self.widx[w].val();
            }
        }
        self.i_any.next = self.i_sel.val().any();
        self.b_fld.raddr.next = self.i_idx.val();
        self.b_pcs.raddr.next = self.i_idx.val();
        self.sel_cls.next = 0.into();
        self.sel_dst.next = 0.into();
        self.sel_dstw.next = 0.into();
        self.sel_lat.next = 0.into();
        self.sel_tgt.next = 0.into();
        self.sel_brpc.next = 0.into();
        if self.i_any.val() {
            self.sel_cls.next = self.b_fld.rdata.val().get_bits::<4>(0);
            self.sel_dst.next = self.b_fld.rdata.val().get_bits::<8>(4);
            self.sel_dstw.next = self.b_fld.rdata.val().get_bits::<2>(12);
            self.sel_lat.next = self.b_fld.rdata.val().get_bits::<6>(14);
            self.sel_tgt.next = self.b_pcs.rdata.val().get_bits::<24>(0);
            self.sel_brpc.next = self.b_pcs.rdata.val().get_bits::<24>(24);
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
        self.s_gnone.next = !(self.gvd.q.val() & self.i_sel.val()).any();
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
        self.al_dst.d.next = self.sel_dst.val();
        self.al_dstw.d.next = self.sel_dstw.val();
        self.al_cnt.d.next = self.cnt0.val();
        self.al_rel.d.next = !self.sel_lat.val().any();
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
            self.al_sel[e].d.next = self.alloc[e].val() & self.keep.val();
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
            self.ev_n[e].next =
                (((self.ev[e].q.val() & !self.expire[e].val()) & !self.relhit[e].val()) | self.al_sel[e].q.val()) & self.keep.val();
            self.ev[e].d.next = self.ev_n[e].val();
            if !self.al_rel.q.val() {
                self.er[e].d.next = (self.er[e].q.val() & !self.al_sel[e].q.val()) & self.keep.val();
            } else {
                self.er[e].d.next = (self.er[e].q.val() | self.al_sel[e].q.val()) & self.keep.val();
            }
            for b in 0..8 {
                if self.al_dst.q.val().get_bit(b) {
                    self.ei[8 * e + b].d.next = (self.ei[8 * e + b].q.val() | self.al_sel[e].q.val()) & self.keep.val();
                } else {
                    self.ei[8 * e + b].d.next = (self.ei[8 * e + b].q.val() & !self.al_sel[e].q.val()) & self.keep.val();
                }
            }
            for b in 0..2 {
                if self.al_dstw.q.val().get_bit(b) {
                    self.ew[2 * e + b].d.next = (self.ew[2 * e + b].q.val() | self.al_sel[e].q.val()) & self.keep.val();
                } else {
                    self.ew[2 * e + b].d.next = (self.ew[2 * e + b].q.val() & !self.al_sel[e].q.val()) & self.keep.val();
                }
            }
            for b in 0..6 {
                if self.al_cnt.q.val().get_bit(b) {
                    self.ec[6 * e + b].d.next =
                        ((self.ec[6 * e + b].q.val() ^ self.borrow[6 * e + b].val()) | self.al_sel[e].q.val()) & self.keep.val();
                } else {
                    self.ec[6 * e + b].d.next =
                        ((self.ec[6 * e + b].q.val() ^ self.borrow[6 * e + b].val()) & !self.al_sel[e].q.val()) & self.keep.val();
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
        if self.f_guard.val() == self.gnone.val() {
            self.gvd.d.next = (self.gvd.q.val() & !self.f_sel.val()) & self.keep.val();
        } else {
            self.gvd.d.next = (self.gvd.q.val() | self.f_sel.val()) & self.keep.val();
        }
        // The fetched instruction's overlaps with its warp's entries (the fetched warp is
        // not issued at this edge: its buffer is empty).
        self.fo_id[0].next = self.f_dst.val();
        self.fo_w[0].next = self.f_dst_w.val();
        self.fo_v[0].next = self.f_dst_v.val();
        self.fo_id[1].next = self.f_s0.val();
        self.fo_w[1].next = self.f_s0_w.val();
        self.fo_v[1].next = self.f_s0_v.val();
        self.fo_id[2].next = self.f_s1.val();
        self.fo_w[2].next = self.f_s1_w.val();
        self.fo_v[2].next = self.f_s1_v.val();
        self.fo_id[3].next = self.f_s2.val();
        self.fo_w[3].next = self.f_s2_w.val();
        self.fo_v[3].next = self.f_s2_v.val();
        self.fo_id[4].next = self.pkind.val() | bit_cast::<8, 3>(self.f_guard.val());
        self.fo_w[4].next = 0.into();
        self.fo_v[4].next = self.f_guard.val() != self.gnone.val();
        for e in 0..4 {
            self.fe_id[e].next = 0.into();
            for b in 0..8 {
                if (self.ei[8 * e + b].q.val() & self.f_sel.val()).any() {
                    self.fe_id[e].next = self.fe_id[e].val() | self.bit8[b].val();
                }
            }
            self.fe_w[e].next = 0.into();
            for b in 0..2 {
                if (self.ew[2 * e + b].q.val() & self.f_sel.val()).any() {
                    self.fe_w[e].next = self.fe_w[e].val() | self.bit2[b].val();
                }
            }
        }
        for k in 0..5 {
            self.fo_m[k].next = self.wmask[0].val();
            for c in 1..4 {
                if self.fo_w[k].val() == self.entry_idx[c].val() {
                    self.fo_m[k].next = self.wmask[c].val();
                }
            }
        }
        for e in 0..4 {
            self.fe_m[e].next = self.wmask[0].val();
            for c in 1..4 {
                if self.fe_w[e].val() == self.entry_idx[c].val() {
                    self.fe_m[e].next = self.wmask[c].val();
                }
            }
        }
        for k in 0..5 {
            for e in 0..4 {
                self.fx[4 * k + e].next = ((self.fo_id[k].val() ^ self.fe_id[e].val()) & self.fo_m[k].val()) & self.fe_m[e].val();
            }
        }
        for e in 0..4 {
            self.fhe[e].next = ((((self.fo_v[0].val() & !self.fx[e].val().any()) | (self.fo_v[1].val() & !self.fx[4 + e].val().any()))
                | (self.fo_v[2].val() & !self.fx[8 + e].val().any()))
                | (self.fo_v[3].val() & !self.fx[12 + e].val().any()))
                | (self.fo_v[4].val() & !self.fx[16 + e].val().any());
            if self.fhe[e].val() {
                self.he[e].d.next = (self.he[e].q.val() | self.f_sel.val()) & self.ev_n[e].val();
            } else {
                self.he[e].d.next = (self.he[e].q.val() & !self.f_sel.val()) & self.ev_n[e].val();
            }
        }
        self.f_idx.next = 0.into();
        for w in 0..N {
            if self.f_sel.val().get_bit(w) {
                self.f_idx.next = self.f_idx.val() | self.widx[w].val();
            }
        }
        self.b_fld.we.next = self.f_sel.val().any();
        self.b_fld.waddr.next = self.f_idx.val();
        self.b_fld.wdata.next = ((bit_cast::<20, 4>(self.f_class.val()) | (bit_cast::<20, 8>(self.f_dst.val()) << 4))
            | (bit_cast::<20, 2>(self.f_dst_w.val()) << 12))
            | (bit_cast::<20, 6>(self.f_lat.val()) << 14);
        self.b_pcs.we.next = self.f_sel.val().any();
        self.b_pcs.waddr.next = self.f_idx.val();
        self.b_pcs.wdata.next = bit_cast::<48, 24>(self.f_target.val()) | (bit_cast::<48, 24>(self.f_brpc.val()) << 24);
    }
}

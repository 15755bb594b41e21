//! Warp table of the warp scheduler: per warp its state, its top-of-stack entry (PC,
//! reconvergence PC, active mask), its live (not exited) threads, its CTA, its warp type and
//! the stack-engine request flag. N warps (<= 32) of L threads (<= 32). Part of
//! `WarpSched` (docs/scheduler.md); golden model: `heddle_sim::golden::warp_sched`.
//!
//! States (3 bits): 0 free, 1 active, 2 at barrier, 3 exited, 4 faulted. State, CTA, type
//! and the request flag are stored bit-sliced (one N-bit vector per bit, bit w = warp w)
//! so that every per-warp condition is a vector operation. Write priority per warp, highest
//! first: CTA done, port A, launch (port B), barrier release.
//!
//! PC, reconvergence PC, mask and live threads are in distributed RAM ([`LutRam`], one
//! copy per read port, addressed by the port's warp), with one write port each: port A
//! writes the top of stack and the live threads; a launch writes its PC and mask into a
//! RAM of its own and sets the warp's launch flags (top of stack, live threads), which
//! port A's writes clear (port A wins in the same clock, as before); `clear` sets the
//! warp's zero flags, which every write clears. A read gives the launch RAM's word (and
//! the reconvergence PC 2^24-1) where the flag is set, 0 where the zero flag is set. The
//! selects `a_sel`, `b_sel` and the read selects are one-hot or zero (the scheduler's
//! ports are; a zero read select reads 0). (Until stop 37: N registers of 112 bits read
//! through one-hot multiplexers, about 7,000 LUT4 more at 16 warps, estimated.)
//!
//! Ports (all writes take effect at the rising edge):
//! - `clock`, `clear`  in  1  clock; synchronous reset of every warp to free with zero
//!                   words (the launch flags are kept: the zero flags `clear` sets hide them)
//! - `a_sel`      in  N  port A: one-hot warp (0: no write)
//! - `a_wr_tos`   in  1  write `a_pc`, `a_rpc`, `a_mask` (24, 24, L)
//! - `a_wr_live`  in  1  write `a_live` (L)
//! - `a_wr_st`    in  1  write `a_st` (3)
//! - `a_wr_mq`    in  1  write `a_mq` (1)
//! - `b_sel`      in  N  port B, warp launch: one-hot warp; state active, PC `b_pc`,
//!                       reconvergence PC 2^24-1, mask and live `b_mask`, CTA `b_cta` (3),
//!                       type `b_type` (2), request flag set
//! - `rel_en`, `rel_cta`   in 1, 3  barrier release: warps at the barrier in CTA `rel_cta`
//!                                  become active
//! - `done_en`, `done_cta` in 1, 3  CTA done: its warps become free, request flags cleared
//! - `prio_type`  in  8  2-bit priority of each warp type (type t: bits 2t+1..2t)
//! - `r_sel` in N -> `r_pc`, `r_rpc` (24), `r_mask`, `r_live` (L), `r_cta` (3): read port R
//! - `e_sel` in N -> `e_pc` (24), `e_live` (L): read port E
//! - `a_need`     in  1  with `a_wr_tos`: the written top must be popped (its PC is its
//!                       reconvergence PC, or its mask is empty)
//! - `v_need`     out N  per warp: the top a read gives must be popped (kept beside the
//!                       words at every write, so that the stack engine's pick needs no
//!                       read and compare of the picked warp's top)
//! - `d_sel` in N -> `d_st` (3), `d_pc`, `d_rpc` (24), `d_mask`, `d_live` (L), `d_cta` (3):
//!                   read port D (debug)
//! - `v_active`, `v_on`, `v_free`, `v_mq`  out N  per warp: active; active or at a barrier;
//!                   free; request flag
//! - `v_tp1`, `v_tp0`  out N  per warp: its type's priority, bits 1 and 0
use crate::prim::lutram::LutRam;
use array_init::array_init;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct WarpTable<const N: usize, const L: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub a_sel: Signal<In, Bits<N>>,
    pub a_wr_tos: Signal<In, Bit>,
    pub a_wr_live: Signal<In, Bit>,
    pub a_wr_st: Signal<In, Bit>,
    pub a_wr_mq: Signal<In, Bit>,
    pub a_pc: Signal<In, Bits<24>>,
    pub a_rpc: Signal<In, Bits<24>>,
    pub a_mask: Signal<In, Bits<L>>,
    pub a_live: Signal<In, Bits<L>>,
    pub a_st: Signal<In, Bits<3>>,
    pub a_mq: Signal<In, Bit>,
    pub a_need: Signal<In, Bit>,
    pub b_sel: Signal<In, Bits<N>>,
    pub b_pc: Signal<In, Bits<24>>,
    pub b_mask: Signal<In, Bits<L>>,
    pub b_cta: Signal<In, Bits<3>>,
    pub b_type: Signal<In, Bits<2>>,
    pub rel_en: Signal<In, Bit>,
    pub rel_cta: Signal<In, Bits<3>>,
    pub done_en: Signal<In, Bit>,
    pub done_cta: Signal<In, Bits<3>>,
    pub prio_type: Signal<In, Bits<8>>,
    pub r_sel: Signal<In, Bits<N>>,
    pub r_pc: Signal<Out, Bits<24>>,
    pub r_rpc: Signal<Out, Bits<24>>,
    pub r_mask: Signal<Out, Bits<L>>,
    pub r_live: Signal<Out, Bits<L>>,
    pub r_cta: Signal<Out, Bits<3>>,
    pub e_sel: Signal<In, Bits<N>>,
    pub e_pc: Signal<Out, Bits<24>>,
    pub e_live: Signal<Out, Bits<L>>,
    pub d_sel: Signal<In, Bits<N>>,
    pub d_st: Signal<Out, Bits<3>>,
    pub d_pc: Signal<Out, Bits<24>>,
    pub d_rpc: Signal<Out, Bits<24>>,
    pub d_mask: Signal<Out, Bits<L>>,
    pub d_live: Signal<Out, Bits<L>>,
    pub d_cta: Signal<Out, Bits<3>>,
    pub v_active: Signal<Out, Bits<N>>,
    pub v_on: Signal<Out, Bits<N>>,
    pub v_free: Signal<Out, Bits<N>>,
    pub v_mq: Signal<Out, Bits<N>>,
    pub v_need: Signal<Out, Bits<N>>,
    pub v_tp1: Signal<Out, Bits<N>>,
    pub v_tp0: Signal<Out, Bits<N>>,
    // Bit-sliced state, CTA, type; request flags.
    st: [DFF<Bits<N>>; 3],
    ct: [DFF<Bits<N>>; 3],
    ty: [DFF<Bits<N>>; 2],
    mq: DFF<Bits<N>>,
    // Per warp: its top must be popped (port `v_need`); the launch's and port A's writes.
    nd: DFF<Bits<N>>,
    b_need: Signal<Local, Bit>,
    nd_b: Signal<Local, Bits<N>>,
    nd_a: Signal<Local, Bits<N>>,
    // Per warp, one copy per read port (0: R, 1: E, 2: D): the top of stack written by
    // port A (PC in bits 23..0, reconvergence PC in 47..24; the mask), the live threads
    // written by port A, the launch's PC and mask (PC in bits 23..0, mask above).
    tos: [LutRam<5, 48>; 3],
    tmask: [LutRam<5, L>; 3],
    tlive: [LutRam<5, L>; 3],
    lau: [LutRam<5, 64>; 3],
    // Per warp: the top of stack / live threads are the launch's; are zero (cleared).
    ft: DFF<Bits<N>>,
    fl: DFF<Bits<N>>,
    zt: DFF<Bits<N>>,
    zl: DFF<Bits<N>>,
    // The warps of ports A, B and the read ports, binary.
    a_idx: Signal<Local, Bits<5>>,
    b_idx: Signal<Local, Bits<5>>,
    p_sel: [Signal<Local, Bits<N>>; 3],
    p_idx: [Signal<Local, Bits<5>>; 3],
    p_any: [Signal<Local, Bit>; 3],
    p_ft: [Signal<Local, Bit>; 3],
    p_fl: [Signal<Local, Bit>; 3],
    p_zt: [Signal<Local, Bit>; 3],
    p_zl: [Signal<Local, Bit>; 3],
    p_pc: [Signal<Local, Bits<24>>; 3],
    p_rpc: [Signal<Local, Bits<24>>; 3],
    p_mask: [Signal<Local, Bits<L>>; 3],
    p_live: [Signal<Local, Bits<L>>; 3],
    p_cta: [Signal<Local, Bits<3>>; 3],
    aw_tos: Signal<Local, Bits<N>>,
    aw_live: Signal<Local, Bits<N>>,
    widx: [Constant<Bits<5>>; N],
    // Broadcasts of scalar inputs to N-bit vectors.
    bc_ast: [Signal<Local, Bits<N>>; 3],
    bc_bc: [Signal<Local, Bits<N>>; 3],
    bc_bt: [Signal<Local, Bits<N>>; 2],
    bc_rc: [Signal<Local, Bits<N>>; 3],
    bc_dc: [Signal<Local, Bits<N>>; 3],
    bc_pt: [Signal<Local, Bits<N>>; 8],
    aw_st: Signal<Local, Bits<N>>,
    aw_mq: Signal<Local, Bits<N>>,
    is_bar: Signal<Local, Bits<N>>,
    rel_hit: Signal<Local, Bits<N>>,
    done_hit: Signal<Local, Bits<N>>,
    keep: Signal<Local, Bits<N>>,
    st_new: [Signal<Local, Bits<N>>; 3],
    t0n: Signal<Local, Bits<N>>,
    t1n: Signal<Local, Bits<N>>,
    // Read ports: the selected warp's state bits.
    d_s: [Signal<Local, Bits<3>>; 3],
    ones: Constant<Bits<N>>,
    zero: Constant<Bits<N>>,
    max_pc: Constant<Bits<24>>,
    k_c1: Constant<Bits<3>>,
    k_c2: Constant<Bits<3>>,
    k_c4: Constant<Bits<3>>,
}

impl<const N: usize, const L: usize> Default for WarpTable<N, L> {
    fn default() -> Self {
        assert!((1..=32).contains(&N) && (1..=32).contains(&L), "WarpTable: 1..=32 warps of 1..=32 threads");
        let ones: u64 = if N == 32 { 0xFFFF_FFFF } else { (1u64 << N) - 1 };
        Self {
            clock: Default::default(),
            clear: Default::default(),
            a_sel: Default::default(),
            a_wr_tos: Default::default(),
            a_wr_live: Default::default(),
            a_wr_st: Default::default(),
            a_wr_mq: Default::default(),
            a_pc: Default::default(),
            a_rpc: Default::default(),
            a_mask: Default::default(),
            a_live: Default::default(),
            a_st: Default::default(),
            a_mq: Default::default(),
            a_need: Default::default(),
            b_sel: Default::default(),
            b_pc: Default::default(),
            b_mask: Default::default(),
            b_cta: Default::default(),
            b_type: Default::default(),
            rel_en: Default::default(),
            rel_cta: Default::default(),
            done_en: Default::default(),
            done_cta: Default::default(),
            prio_type: Default::default(),
            r_sel: Default::default(),
            r_pc: Default::default(),
            r_rpc: Default::default(),
            r_mask: Default::default(),
            r_live: Default::default(),
            r_cta: Default::default(),
            e_sel: Default::default(),
            e_pc: Default::default(),
            e_live: Default::default(),
            d_sel: Default::default(),
            d_st: Default::default(),
            d_pc: Default::default(),
            d_rpc: Default::default(),
            d_mask: Default::default(),
            d_live: Default::default(),
            d_cta: Default::default(),
            v_active: Default::default(),
            v_on: Default::default(),
            v_free: Default::default(),
            v_mq: Default::default(),
            v_need: Default::default(),
            v_tp1: Default::default(),
            v_tp0: Default::default(),
            st: array_init(|_| Default::default()),
            ct: array_init(|_| Default::default()),
            ty: array_init(|_| Default::default()),
            mq: Default::default(),
            nd: Default::default(),
            b_need: Default::default(),
            nd_b: Default::default(),
            nd_a: Default::default(),
            tos: array_init(|_| LutRam::new(N)),
            tmask: array_init(|_| LutRam::new(N)),
            tlive: array_init(|_| LutRam::new(N)),
            lau: array_init(|_| LutRam::new(N)),
            ft: Default::default(),
            fl: Default::default(),
            zt: Default::default(),
            zl: Default::default(),
            a_idx: Default::default(),
            b_idx: Default::default(),
            p_sel: array_init(|_| Default::default()),
            p_idx: array_init(|_| Default::default()),
            p_any: array_init(|_| Default::default()),
            p_ft: array_init(|_| Default::default()),
            p_fl: array_init(|_| Default::default()),
            p_zt: array_init(|_| Default::default()),
            p_zl: array_init(|_| Default::default()),
            p_pc: array_init(|_| Default::default()),
            p_rpc: array_init(|_| Default::default()),
            p_mask: array_init(|_| Default::default()),
            p_live: array_init(|_| Default::default()),
            p_cta: array_init(|_| Default::default()),
            aw_tos: Default::default(),
            aw_live: Default::default(),
            widx: array_init(|w| Constant::new((w as u64).into())),
            bc_ast: array_init(|_| Default::default()),
            bc_bc: array_init(|_| Default::default()),
            bc_bt: array_init(|_| Default::default()),
            bc_rc: array_init(|_| Default::default()),
            bc_dc: array_init(|_| Default::default()),
            bc_pt: array_init(|_| Default::default()),
            aw_st: Default::default(),
            aw_mq: Default::default(),
            is_bar: Default::default(),
            rel_hit: Default::default(),
            done_hit: Default::default(),
            keep: Default::default(),
            st_new: array_init(|_| Default::default()),
            t0n: Default::default(),
            t1n: Default::default(),
            d_s: array_init(|_| Default::default()),
            ones: Constant::new(ones.into()),
            zero: Constant::new(0u64.into()),
            max_pc: Constant::new((crate::isa::MAX_PC as u64).into()),
            k_c1: Constant::new(1u64.into()),
            k_c2: Constant::new(2u64.into()),
            k_c4: Constant::new(4u64.into()),
        }
    }
}

impl<const N: usize, const L: usize> Logic for WarpTable<N, L> {
    #[hdl_gen]
    fn update(&mut self) {
        self.mq.clock.next = self.clock.val();
        self.nd.clock.next = self.clock.val();
        for k in 0..3 {
            self.st[k].clock.next = self.clock.val();
            self.ct[k].clock.next = self.clock.val();
        }
        for k in 0..2 {
            self.ty[k].clock.next = self.clock.val();
        }
        self.ft.clock.next = self.clock.val();
        self.fl.clock.next = self.clock.val();
        self.zt.clock.next = self.clock.val();
        self.zl.clock.next = self.clock.val();
        // Broadcasts.
        for k in 0..3 {
            self.bc_ast[k].next = self.zero.val();
            if self.a_st.val().get_bit(k) {
                self.bc_ast[k].next = self.ones.val();
            }
            self.bc_bc[k].next = self.zero.val();
            if self.b_cta.val().get_bit(k) {
                self.bc_bc[k].next = self.ones.val();
            }
            self.bc_rc[k].next = self.zero.val();
            if self.rel_cta.val().get_bit(k) {
                self.bc_rc[k].next = self.ones.val();
            }
            self.bc_dc[k].next = self.zero.val();
            if self.done_cta.val().get_bit(k) {
                self.bc_dc[k].next = self.ones.val();
            }
        }
        for k in 0..2 {
            self.bc_bt[k].next = self.zero.val();
            if self.b_type.val().get_bit(k) {
                self.bc_bt[k].next = self.ones.val();
            }
        }
        for k in 0..8 {
            self.bc_pt[k].next = self.zero.val();
            if self.prio_type.val().get_bit(k) {
                self.bc_pt[k].next = self.ones.val();
            }
        }
        // Per-warp conditions as vectors.
        self.is_bar.next = (!self.st[2].q.val() & self.st[1].q.val()) & !self.st[0].q.val();
        self.rel_hit.next = self.zero.val();
        if self.rel_en.val() {
            self.rel_hit.next = self.is_bar.val()
                & ((!(self.ct[0].q.val() ^ self.bc_rc[0].val()) & !(self.ct[1].q.val() ^ self.bc_rc[1].val()))
                    & !(self.ct[2].q.val() ^ self.bc_rc[2].val()));
        }
        self.done_hit.next = self.zero.val();
        if self.done_en.val() {
            self.done_hit.next = (!(self.ct[0].q.val() ^ self.bc_dc[0].val()) & !(self.ct[1].q.val() ^ self.bc_dc[1].val()))
                & !(self.ct[2].q.val() ^ self.bc_dc[2].val());
        }
        self.aw_st.next = self.zero.val();
        if self.a_wr_st.val() {
            self.aw_st.next = self.a_sel.val();
        }
        self.aw_mq.next = self.zero.val();
        if self.a_wr_mq.val() {
            self.aw_mq.next = self.a_sel.val();
        }
        // State: release -> active (1), launch -> active, port A -> a_st, done -> free.
        // Slice 0 of "active" is 1, slices 1 and 2 are 0.
        self.st_new[0].next = ((((self.st[0].q.val() | self.rel_hit.val()) & !self.b_sel.val()) | self.b_sel.val())
            & !self.aw_st.val())
            | (self.aw_st.val() & self.bc_ast[0].val());
        self.st_new[1].next = (((self.st[1].q.val() & !self.rel_hit.val()) & !self.b_sel.val()) & !self.aw_st.val())
            | (self.aw_st.val() & self.bc_ast[1].val());
        self.st_new[2].next = (((self.st[2].q.val() & !self.rel_hit.val()) & !self.b_sel.val()) & !self.aw_st.val())
            | (self.aw_st.val() & self.bc_ast[2].val());
        self.keep.next = self.ones.val();
        if self.clear.val() {
            self.keep.next = self.zero.val();
        }
        for k in 0..3 {
            self.st[k].d.next = (self.st_new[k].val() & !self.done_hit.val()) & self.keep.val();
            self.ct[k].d.next = ((self.ct[k].q.val() & !self.b_sel.val()) | (self.b_sel.val() & self.bc_bc[k].val()))
                & self.keep.val();
        }
        for k in 0..2 {
            self.ty[k].d.next = ((self.ty[k].q.val() & !self.b_sel.val()) | (self.b_sel.val() & self.bc_bt[k].val()))
                & self.keep.val();
        }
        if self.a_mq.val() {
            self.mq.d.next = ((((self.mq.q.val() & !self.aw_mq.val()) | self.aw_mq.val()) | self.b_sel.val())
                & !self.done_hit.val())
                & self.keep.val();
        } else {
            self.mq.d.next =
                (((self.mq.q.val() & !self.aw_mq.val()) | self.b_sel.val()) & !self.done_hit.val()) & self.keep.val();
        }
        // Per-warp words: the writes (ports A and B at their warps), the flags.
        self.a_idx.next = 0.into();
        self.b_idx.next = 0.into();
        for w in 0..N {
            if self.a_sel.val().get_bit(w) {
                self.a_idx.next = self.a_idx.val() | self.widx[w].val();
            }
            if self.b_sel.val().get_bit(w) {
                self.b_idx.next = self.b_idx.val() | self.widx[w].val();
            }
        }
        self.aw_tos.next = self.zero.val();
        if self.a_wr_tos.val() {
            self.aw_tos.next = self.a_sel.val();
        }
        self.aw_live.next = self.zero.val();
        if self.a_wr_live.val() {
            self.aw_live.next = self.a_sel.val();
        }
        for p in 0..3 {
            self.tos[p].clock.next = self.clock.val();
            self.tmask[p].clock.next = self.clock.val();
            self.tlive[p].clock.next = self.clock.val();
            self.lau[p].clock.next = self.clock.val();
            self.tos[p].we.next = self.aw_tos.val().any();
            self.tmask[p].we.next = self.aw_tos.val().any();
            self.tlive[p].we.next = self.aw_live.val().any();
            self.lau[p].we.next = self.b_sel.val().any();
            self.tos[p].waddr.next = self.a_idx.val();
            self.tmask[p].waddr.next = self.a_idx.val();
            self.tlive[p].waddr.next = self.a_idx.val();
            self.lau[p].waddr.next = self.b_idx.val();
            self.tos[p].wdata.next = (bit_cast::<48, 24>(self.a_rpc.val()) << 24) | bit_cast::<48, 24>(self.a_pc.val());
            self.tmask[p].wdata.next = self.a_mask.val();
            self.tlive[p].wdata.next = self.a_live.val();
            self.lau[p].wdata.next = (bit_cast::<64, L>(self.b_mask.val()) << 24) | bit_cast::<64, 24>(self.b_pc.val());
        }
        self.ft.d.next = (self.ft.q.val() | self.b_sel.val()) & !self.aw_tos.val();
        self.fl.d.next = (self.fl.q.val() | self.b_sel.val()) & !self.aw_live.val();
        self.zt.d.next = (self.zt.q.val() & !self.b_sel.val()) & !self.aw_tos.val();
        self.zl.d.next = (self.zl.q.val() & !self.b_sel.val()) & !self.aw_live.val();
        if self.clear.val() {
            self.zt.d.next = self.ones.val();
            self.zl.d.next = self.ones.val();
        }
        // Pop needed, written with the words a read gives: port A's top (`a_need`) over a
        // launch's (reconvergence PC 2^24-1), over the old value; after `clear` the read
        // gives zeros, whose PC equals their reconvergence PC.
        self.b_need.next = (self.b_pc.val() == self.max_pc.val()) | !self.b_mask.val().any();
        self.nd_b.next = self.zero.val();
        if self.b_need.val() {
            self.nd_b.next = self.b_sel.val();
        }
        self.nd_a.next = self.zero.val();
        if self.a_need.val() {
            self.nd_a.next = self.aw_tos.val();
        }
        self.nd.d.next = (((self.nd.q.val() & !self.b_sel.val()) | self.nd_b.val()) & !self.aw_tos.val()) | self.nd_a.val();
        if self.clear.val() {
            self.nd.d.next = self.ones.val();
        }
        // Read ports R, E, D (one-hot or zero selects): the warp's words, its flags, its CTA
        // (from the bit slices).
        self.p_sel[0].next = self.r_sel.val();
        self.p_sel[1].next = self.e_sel.val();
        self.p_sel[2].next = self.d_sel.val();
        for p in 0..3 {
            self.p_idx[p].next = 0.into();
            for w in 0..N {
                if self.p_sel[p].val().get_bit(w) {
                    self.p_idx[p].next = self.p_idx[p].val() | self.widx[w].val();
                }
            }
            self.tos[p].raddr.next = self.p_idx[p].val();
            self.tmask[p].raddr.next = self.p_idx[p].val();
            self.tlive[p].raddr.next = self.p_idx[p].val();
            self.lau[p].raddr.next = self.p_idx[p].val();
            self.p_any[p].next = self.p_sel[p].val().any();
            self.p_ft[p].next = (self.ft.q.val() & self.p_sel[p].val()).any();
            self.p_fl[p].next = (self.fl.q.val() & self.p_sel[p].val()).any();
            self.p_zt[p].next = (self.zt.q.val() & self.p_sel[p].val()).any() | !self.p_any[p].val();
            self.p_zl[p].next = (self.zl.q.val() & self.p_sel[p].val()).any() | !self.p_any[p].val();
            self.p_pc[p].next = self.tos[p].rdata.val().get_bits::<24>(0);
            self.p_rpc[p].next = self.tos[p].rdata.val().get_bits::<24>(24);
            self.p_mask[p].next = self.tmask[p].rdata.val();
            self.p_live[p].next = self.tlive[p].rdata.val();
            if self.p_ft[p].val() {
                self.p_pc[p].next = self.lau[p].rdata.val().get_bits::<24>(0);
                self.p_rpc[p].next = self.max_pc.val();
                self.p_mask[p].next = self.lau[p].rdata.val().get_bits::<L>(24);
            }
            if self.p_fl[p].val() {
                self.p_live[p].next = self.lau[p].rdata.val().get_bits::<L>(24);
            }
            if self.p_zt[p].val() {
                self.p_pc[p].next = 0.into();
                self.p_rpc[p].next = 0.into();
                self.p_mask[p].next = 0.into();
            }
            if self.p_zl[p].val() {
                self.p_live[p].next = 0.into();
            }
            self.p_cta[p].next = 0.into();
            if (self.ct[0].q.val() & self.p_sel[p].val()).any() {
                self.p_cta[p].next = self.p_cta[p].val() | self.k_c1.val();
            }
            if (self.ct[1].q.val() & self.p_sel[p].val()).any() {
                self.p_cta[p].next = self.p_cta[p].val() | self.k_c2.val();
            }
            if (self.ct[2].q.val() & self.p_sel[p].val()).any() {
                self.p_cta[p].next = self.p_cta[p].val() | self.k_c4.val();
            }
        }
        // The selected warp's state bits, packed.
        for k in 0..3 {
            self.d_s[k].next = 0.into();
        }
        if (self.st[0].q.val() & self.d_sel.val()).any() {
            self.d_s[0].next = 1.into();
        }
        if (self.st[1].q.val() & self.d_sel.val()).any() {
            self.d_s[1].next = 2.into();
        }
        if (self.st[2].q.val() & self.d_sel.val()).any() {
            self.d_s[2].next = 4.into();
        }
        self.r_pc.next = self.p_pc[0].val();
        self.r_rpc.next = self.p_rpc[0].val();
        self.r_mask.next = self.p_mask[0].val();
        self.r_live.next = self.p_live[0].val();
        self.r_cta.next = self.p_cta[0].val();
        self.e_pc.next = self.p_pc[1].val();
        self.e_live.next = self.p_live[1].val();
        self.d_pc.next = self.p_pc[2].val();
        self.d_rpc.next = self.p_rpc[2].val();
        self.d_mask.next = self.p_mask[2].val();
        self.d_live.next = self.p_live[2].val();
        self.d_cta.next = self.p_cta[2].val();
        self.d_st.next = (self.d_s[0].val() | self.d_s[1].val()) | self.d_s[2].val();
        // Vectors.
        self.v_active.next = (!self.st[2].q.val() & !self.st[1].q.val()) & self.st[0].q.val();
        self.v_on.next = !self.st[2].q.val() & (self.st[1].q.val() ^ self.st[0].q.val());
        self.v_free.next = (!self.st[2].q.val() & !self.st[1].q.val()) & !self.st[0].q.val();
        self.v_mq.next = self.mq.q.val();
        self.v_need.next = self.nd.q.val();
        // Type priority: prio_type bits (2t+1, 2t) of each warp's type t.
        self.t0n.next = !self.ty[0].q.val();
        self.t1n.next = !self.ty[1].q.val();
        self.v_tp1.next = ((((self.t1n.val() & self.t0n.val()) & self.bc_pt[1].val())
            | ((self.t1n.val() & self.ty[0].q.val()) & self.bc_pt[3].val()))
            | ((self.ty[1].q.val() & self.t0n.val()) & self.bc_pt[5].val()))
            | ((self.ty[1].q.val() & self.ty[0].q.val()) & self.bc_pt[7].val());
        self.v_tp0.next = ((((self.t1n.val() & self.t0n.val()) & self.bc_pt[0].val())
            | ((self.t1n.val() & self.ty[0].q.val()) & self.bc_pt[2].val()))
            | ((self.ty[1].q.val() & self.t0n.val()) & self.bc_pt[4].val()))
            | ((self.ty[1].q.val() & self.ty[0].q.val()) & self.bc_pt[6].val());
    }
}

//! The SM's predicate registers: p0..p6 of every thread of `N` warp slots, in distributed
//! RAM ([`LutRam`]). Index 7 is `pt`: it reads as all ones and is never written. A warp's
//! predicates are cleared when it is launched (the golden SM starts every thread with
//! p0..p6 false).
//!
//! Storage: every predicate is kept as four 8-lane words, one per lane group g (lanes
//! 8 g .. 8 g + 7, bit j: lane 8 g + j), in copies that all take every write:
//! - `gram[g]`, g = 0..3: lane group g's words at `8 warp + p` (the guard port reads the
//!   four together);
//! - `ram_a`, `ram_b`, `ram_o`: every group's words at `32 warp + 4 p + g` (the two
//!   lane-group read ports, and the old word a masked write keeps: a write is a
//!   read-modify-write of one 8-lane word, through `ram_o`'s asynchronous read).
//! 7 N words of 32 bits in all; on the ECP5, 7 x 16 N words of 4 bits (TRELLIS_DPR16X4)
//! and their read multiplexers, instead of 224 N flip-flops behind 32-lane multiplexers.
//!
//! Clearing a warp writes zeros over its 32 words (p 0..7, four groups), one a clock, in
//! the clocks without a write (the pipeline's writes go first): at least 32 clocks;
//! `clr_busy` is high until it is done.
//!
//! Ports:
//! - `clock`, `clear`                          in   1   synchronous reset (stops a clearing;
//!                                                     the memories are kept)
//! - `clr_v`, `clr_warp`                       in   1, 5  start clearing warp `clr_warp`'s
//!                                                     predicates (not while `clr_busy`)
//! - `clr_busy`                                out  1   a clearing is under way (registered)
//! - `g_warp`, `g_idx` / `g_val`               in 5, 3 / out 32  guard read, combinational:
//!                                                     predicate `g_idx` of the warp's 32
//!                                                     lanes (bit l: lane l)
//! - `r_warp`, `r_grp`, `r_ia`, `r_ib`         in   5, 2, 3, 3  lane-group read: lanes
//!                                                     8 r_grp .. 8 r_grp + 7
//! - `r_a`, `r_b`                              out  8, 8  after the edge: predicates `r_ia`
//!                                                     and `r_ib` of those lanes (latency 1,
//!                                                     as the register file)
//! - `w_v`, `w_warp`, `w_grp`, `w_idx`,        in   1, 5, 2, 3, 8, 8  lane-group write:
//!   `w_mask`, `w_val`                                 predicate `w_idx` of the lanes of
//!                                                     group `w_grp` whose `w_mask` bit is set
//!                                                     (`w_idx` 7: nothing)
//!
//! A read in the clock of a write returns the value before it.
use crate::prim::lutram::LutRam;
use array_init::array_init;
use rust_hdl::prelude::*;

/// Writable predicates per thread (p0..p6).
pub const PREDS: usize = 7;

/// Clocks from the lane-group read's address to `r_a`, `r_b`.
pub const READ_LATENCY: usize = 1;

/// Clocks a warp's clearing takes at least (its 32 words, one a clock).
pub const CLEAR_CLOCKS: usize = 32;

#[derive(LogicBlock)]
pub struct PredFile<const N: usize> {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub clr_v: Signal<In, Bit>,
    pub clr_warp: Signal<In, Bits<5>>,
    pub clr_busy: Signal<Out, Bit>,
    pub g_warp: Signal<In, Bits<5>>,
    pub g_idx: Signal<In, Bits<3>>,
    pub g_val: Signal<Out, Bits<32>>,
    pub r_warp: Signal<In, Bits<5>>,
    pub r_grp: Signal<In, Bits<2>>,
    pub r_ia: Signal<In, Bits<3>>,
    pub r_ib: Signal<In, Bits<3>>,
    pub r_a: Signal<Out, Bits<8>>,
    pub r_b: Signal<Out, Bits<8>>,
    pub w_v: Signal<In, Bit>,
    pub w_warp: Signal<In, Bits<5>>,
    pub w_grp: Signal<In, Bits<2>>,
    pub w_idx: Signal<In, Bits<3>>,
    pub w_mask: Signal<In, Bits<8>>,
    pub w_val: Signal<In, Bits<8>>,
    gram: [LutRam<8, 8>; 4],
    ram_a: LutRam<10, 8>,
    ram_b: LutRam<10, 8>,
    ram_o: LutRam<10, 8>,
    ra_q: DFF<Bits<8>>,
    rb_q: DFF<Bits<8>>,
    // The clearing: under way, its warp, its next word (p in bits 4..2, group in 1..0).
    cb: DFF<Bit>,
    cw: DFF<Bits<5>>,
    cc: DFF<Bits<5>>,
    // Read addresses.
    ga: Signal<Local, Bits<8>>,
    gv: Signal<Local, Bits<32>>,
    aa: Signal<Local, Bits<10>>,
    ab: Signal<Local, Bits<10>>,
    // The write: the pipeline's (merged into the old word) or the clearing's.
    pw: Signal<Local, Bit>,
    cwr: Signal<Local, Bit>,
    we: Signal<Local, Bit>,
    wa: Signal<Local, Bits<10>>,
    wga: Signal<Local, Bits<8>>,
    wa_w: Signal<Local, Bits<5>>,
    wa_p: Signal<Local, Bits<3>>,
    wgrp: Signal<Local, Bits<2>>,
    wd: Signal<Local, Bits<8>>,
    pa: Signal<Local, Bits<10>>,
    ca: Signal<Local, Bits<10>>,
    merged: Signal<Local, Bits<8>>,
    grp: [Constant<Bits<2>>; 4],
    pt: Constant<Bits<3>>,
    ones8: Constant<Bits<8>>,
    ones32: Constant<Bits<32>>,
    last: Constant<Bits<5>>,
    one5: Constant<Bits<5>>,
}

impl<const N: usize> Default for PredFile<N> {
    fn default() -> Self {
        assert!((1..=32).contains(&N), "PredFile: 1..=32 warps");
        Self {
            clock: Default::default(),
            clear: Default::default(),
            clr_v: Default::default(),
            clr_warp: Default::default(),
            clr_busy: Default::default(),
            g_warp: Default::default(),
            g_idx: Default::default(),
            g_val: Default::default(),
            r_warp: Default::default(),
            r_grp: Default::default(),
            r_ia: Default::default(),
            r_ib: Default::default(),
            r_a: Default::default(),
            r_b: Default::default(),
            w_v: Default::default(),
            w_warp: Default::default(),
            w_grp: Default::default(),
            w_idx: Default::default(),
            w_mask: Default::default(),
            w_val: Default::default(),
            gram: array_init(|_| LutRam::new(8 * N)),
            ram_a: LutRam::new(32 * N),
            ram_b: LutRam::new(32 * N),
            ram_o: LutRam::new(32 * N),
            ra_q: Default::default(),
            rb_q: Default::default(),
            cb: Default::default(),
            cw: Default::default(),
            cc: Default::default(),
            ga: Default::default(),
            gv: Default::default(),
            aa: Default::default(),
            ab: Default::default(),
            pw: Default::default(),
            cwr: Default::default(),
            we: Default::default(),
            wa: Default::default(),
            wga: Default::default(),
            wa_w: Default::default(),
            wa_p: Default::default(),
            wgrp: Default::default(),
            wd: Default::default(),
            pa: Default::default(),
            ca: Default::default(),
            merged: Default::default(),
            grp: array_init(|g| Constant::new((g as u64).into())),
            pt: Constant::new(7u64.into()),
            ones8: Constant::new(0xFFu64.into()),
            ones32: Constant::new(0xFFFF_FFFFu64.into()),
            last: Constant::new(((CLEAR_CLOCKS - 1) as u64).into()),
            one5: Constant::new(1u64.into()),
        }
    }
}

impl<const N: usize> Logic for PredFile<N> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ra_q, rb_q, cb, cw, cc);
        for g in 0..4 {
            self.gram[g].clock.next = self.clock.val();
        }
        self.ram_a.clock.next = self.clock.val();
        self.ram_b.clock.next = self.clock.val();
        self.ram_o.clock.next = self.clock.val();
        // Guard read: the four groups' words of (warp, p).
        self.ga.next = (bit_cast::<8, 5>(self.g_warp.val()) << 3) | bit_cast::<8, 3>(self.g_idx.val());
        for g in 0..4 {
            self.gram[g].raddr.next = self.ga.val();
        }
        self.gv.next = (((bit_cast::<32, 8>(self.gram[3].rdata.val()) << 24) | (bit_cast::<32, 8>(self.gram[2].rdata.val()) << 16))
            | (bit_cast::<32, 8>(self.gram[1].rdata.val()) << 8))
            | bit_cast::<32, 8>(self.gram[0].rdata.val());
        if self.g_idx.val() == self.pt.val() {
            self.gv.next = self.ones32.val();
        }
        self.g_val.next = self.gv.val();
        // Lane-group reads, registered.
        self.aa.next = ((bit_cast::<10, 5>(self.r_warp.val()) << 5) | (bit_cast::<10, 3>(self.r_ia.val()) << 2)) | bit_cast::<10, 2>(self.r_grp.val());
        self.ab.next = ((bit_cast::<10, 5>(self.r_warp.val()) << 5) | (bit_cast::<10, 3>(self.r_ib.val()) << 2)) | bit_cast::<10, 2>(self.r_grp.val());
        self.ram_a.raddr.next = self.aa.val();
        self.ram_b.raddr.next = self.ab.val();
        self.ra_q.d.next = self.ram_a.rdata.val();
        if self.r_ia.val() == self.pt.val() {
            self.ra_q.d.next = self.ones8.val();
        }
        self.rb_q.d.next = self.ram_b.rdata.val();
        if self.r_ib.val() == self.pt.val() {
            self.rb_q.d.next = self.ones8.val();
        }
        self.r_a.next = self.ra_q.q.val();
        self.r_b.next = self.rb_q.q.val();
        // The pipeline's write: the old word's lanes outside the mask are kept.
        self.pa.next = ((bit_cast::<10, 5>(self.w_warp.val()) << 5) | (bit_cast::<10, 3>(self.w_idx.val()) << 2)) | bit_cast::<10, 2>(self.w_grp.val());
        self.ram_o.raddr.next = self.pa.val();
        self.merged.next = (self.ram_o.rdata.val() & !self.w_mask.val()) | (self.w_val.val() & self.w_mask.val());
        self.pw.next = self.w_v.val() & (self.w_idx.val() != self.pt.val());
        // The clearing's write, in a clock without the pipeline's.
        self.ca.next = (bit_cast::<10, 5>(self.cw.q.val()) << 5) | bit_cast::<10, 5>(self.cc.q.val());
        self.cwr.next = self.cb.q.val() & !self.pw.val();
        self.we.next = self.pw.val() | self.cwr.val();
        self.wa.next = self.pa.val();
        self.wgrp.next = self.w_grp.val();
        self.wd.next = self.merged.val();
        if !self.pw.val() {
            self.wa.next = self.ca.val();
            self.wgrp.next = self.cc.q.val().get_bits::<2>(0);
            self.wd.next = 0.into();
        }
        self.wa_w.next = self.wa.val().get_bits::<5>(5);
        self.wa_p.next = self.wa.val().get_bits::<3>(2);
        self.wga.next = (bit_cast::<8, 5>(self.wa_w.val()) << 3) | bit_cast::<8, 3>(self.wa_p.val());
        for g in 0..4 {
            self.gram[g].we.next = self.we.val() & (self.wgrp.val() == self.grp[g].val());
            self.gram[g].waddr.next = self.wga.val();
            self.gram[g].wdata.next = self.wd.val();
        }
        self.ram_a.we.next = self.we.val();
        self.ram_a.waddr.next = self.wa.val();
        self.ram_a.wdata.next = self.wd.val();
        self.ram_b.we.next = self.we.val();
        self.ram_b.waddr.next = self.wa.val();
        self.ram_b.wdata.next = self.wd.val();
        self.ram_o.we.next = self.we.val();
        self.ram_o.waddr.next = self.wa.val();
        self.ram_o.wdata.next = self.wd.val();
        // The clearing's sequence.
        if self.cwr.val() {
            self.cc.d.next = self.cc.q.val() + self.one5.val();
            if self.cc.q.val() == self.last.val() {
                self.cb.d.next = false;
            }
        }
        if self.clr_v.val() {
            self.cb.d.next = true;
            self.cw.d.next = self.clr_warp.val();
            self.cc.d.next = 0.into();
        }
        if self.clear.val() {
            self.cb.d.next = false;
        }
        self.clr_busy.next = self.cb.q.val();
    }
}

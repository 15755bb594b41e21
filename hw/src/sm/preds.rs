//! The SM's predicate registers: p0..p6 of every thread of `N` warp slots, in flip-flops
//! (`NP` = 7 N words of 32 bits, word `7 w + p` holding predicate p of warp w's 32 lanes).
//! Index 7 is `pt`: it reads as all ones and is never written. A warp's predicates are
//! cleared when it is launched (the golden SM starts every thread with p0..p6 false).
//!
//! Ports:
//! - `clock`                                   in   1   rising-edge clock
//! - `clr_v`, `clr_warp`                       in   1, 5  clear warp `clr_warp`'s predicates
//!                                                     on this edge (wins over a write)
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
use array_init::array_init;
use rust_hdl::prelude::*;

/// Writable predicates per thread (p0..p6).
pub const PREDS: usize = 7;

#[derive(LogicBlock)]
pub struct PredFile<const N: usize, const NP: usize> {
    pub clock: Signal<In, Clock>,
    pub clr_v: Signal<In, Bit>,
    pub clr_warp: Signal<In, Bits<5>>,
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
    pr: [DFF<Bits<32>>; NP],
    ra_q: DFF<Bits<8>>,
    rb_q: DFF<Bits<8>>,
    // One-hot decodes of the warp and predicate indices.
    g_v: Signal<Local, Bits<32>>,
    ra_w: Signal<Local, Bits<32>>,
    rb_w: Signal<Local, Bits<32>>,
    w_sh: Signal<Local, Bits<5>>,
    wvm: Signal<Local, Bits<8>>,
    w_m32: Signal<Local, Bits<32>>,
    w_v32: Signal<Local, Bits<32>>,
    widx: [Constant<Bits<5>>; N],
    pidx: [Constant<Bits<3>>; 7],
    ones32: Constant<Bits<32>>,
}

impl<const N: usize, const NP: usize> Default for PredFile<N, NP> {
    fn default() -> Self {
        assert!((1..=32).contains(&N) && NP == PREDS * N, "PredFile: 1..=32 warps, NP = 7 N");
        Self {
            clock: Default::default(),
            clr_v: Default::default(),
            clr_warp: Default::default(),
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
            pr: array_init(|_| Default::default()),
            ra_q: Default::default(),
            rb_q: Default::default(),
            g_v: Default::default(),
            ra_w: Default::default(),
            rb_w: Default::default(),
            w_sh: Default::default(),
            wvm: Default::default(),
            w_m32: Default::default(),
            w_v32: Default::default(),
            widx: array_init(|w| Constant::new((w as u64).into())),
            pidx: array_init(|p| Constant::new((p as u64).into())),
            ones32: Constant::new(0xFFFF_FFFFu64.into()),
        }
    }
}

impl<const N: usize, const NP: usize> Logic for PredFile<N, NP> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ra_q, rb_q);
        for k in 0..NP {
            self.pr[k].clock.next = self.clock.val();
        }
        // Reads: pt (index 7) matches no word and reads as ones.
        self.g_v.next = self.ones32.val();
        self.ra_w.next = self.ones32.val();
        self.rb_w.next = self.ones32.val();
        for w in 0..N {
            for p in 0..7 {
                if (self.g_warp.val() == self.widx[w].val()) & (self.g_idx.val() == self.pidx[p].val()) {
                    self.g_v.next = self.pr[w * 7 + p].q.val();
                }
                if (self.r_warp.val() == self.widx[w].val()) & (self.r_ia.val() == self.pidx[p].val()) {
                    self.ra_w.next = self.pr[w * 7 + p].q.val();
                }
                if (self.r_warp.val() == self.widx[w].val()) & (self.r_ib.val() == self.pidx[p].val()) {
                    self.rb_w.next = self.pr[w * 7 + p].q.val();
                }
            }
        }
        self.g_val.next = self.g_v.val();
        match self.r_grp.val().index() {
            0 => {
                self.ra_q.d.next = self.ra_w.val().get_bits::<8>(0);
                self.rb_q.d.next = self.rb_w.val().get_bits::<8>(0);
            }
            1 => {
                self.ra_q.d.next = self.ra_w.val().get_bits::<8>(8);
                self.rb_q.d.next = self.rb_w.val().get_bits::<8>(8);
            }
            2 => {
                self.ra_q.d.next = self.ra_w.val().get_bits::<8>(16);
                self.rb_q.d.next = self.rb_w.val().get_bits::<8>(16);
            }
            _ => {
                self.ra_q.d.next = self.ra_w.val().get_bits::<8>(24);
                self.rb_q.d.next = self.rb_w.val().get_bits::<8>(24);
            }
        }
        self.r_a.next = self.ra_q.q.val();
        self.r_b.next = self.rb_q.q.val();
        // Writes.
        self.w_sh.next = bit_cast::<5, 2>(self.w_grp.val()) << 3;
        self.wvm.next = self.w_val.val() & self.w_mask.val();
        self.w_m32.next = bit_cast::<32, 8>(self.w_mask.val()) << self.w_sh.val();
        self.w_v32.next = bit_cast::<32, 8>(self.wvm.val()) << self.w_sh.val();
        for w in 0..N {
            for p in 0..7 {
                self.pr[w * 7 + p].d.next = self.pr[w * 7 + p].q.val();
                if (self.w_v.val() & (self.w_warp.val() == self.widx[w].val())) & (self.w_idx.val() == self.pidx[p].val()) {
                    self.pr[w * 7 + p].d.next = (self.pr[w * 7 + p].q.val() & !self.w_m32.val()) | self.w_v32.val();
                }
                if self.clr_v.val() & (self.clr_warp.val() == self.widx[w].val()) {
                    self.pr[w * 7 + p].d.next = 0.into();
                }
            }
        }
    }
}

//! Planar attribute interpolation, stages "sort", "align" and "add" ([`crate::sfu::attr`]),
//! one pixel: the exact sum of its three normalized terms in a fixed-point window, so that
//! one rounding later gives the correctly rounded result. The terms are sorted by exponent
//! (t1 >= t2 >= t3); the window (146 bits) is anchored at t1's leading bit (bit 142; bits
//! 145..143 sign and carries). t2 enters exactly when it is at most 40 places below t1
//! (d2 <= 40), t3 when d3 <= d2 + 64. A term further down lies entirely below every exact
//! bit and at least two places below the rounding bit of any possible result (after the
//! worst cancellation of t1 and t2, |t1 + t2| is at least t2's lsb), so it only contributes
//! its sign at bit 0 (the sticky). When t1 + t2 cancel exactly, the window is anchored at
//! t3 instead (the sum is t3).
//!
//! Stages: [`SfuAttrSort`] -> register -> [`SfuAttrAlign`] -> register -> [`SfuAttrAdd`]
//! (combinational; the caller registers the sum). The outputs are the sum of the terms
//! presented [`SUM_LATENCY`] clocks earlier.
//!
//! Ports:
//! - `clock`                     in   1  rising-edge clock
//! - `p_z`, `p_s`, `p_e`, `p_m`  in      the pixel's A x term (zero, sign, exponent, 38-bit
//!                                       significand); `q_*` the B y term; `r_*` the C term
//! - `s_hi`, `s_lo`              out 82, 64  the window sum (146 bits, two's complement;
//!                                           bit 142 has weight 2^ea), high and low part
//! - `ea`                        out 10  anchor exponent (two's complement)
use crate::sfu::attr::add::SfuAttrAdd;
use crate::sfu::attr::align::SfuAttrAlign;
use crate::sfu::attr::sort::SfuAttrSort;
use rust_hdl::prelude::*;

/// Clocks from [`SfuAttrSum`]'s inputs to its outputs: the sort and align registers.
pub const SUM_LATENCY: usize = 2;

#[derive(LogicBlock, Default)]
pub struct SfuAttrSum {
    pub clock: Signal<In, Clock>,
    pub p_z: Signal<In, Bit>,
    pub p_s: Signal<In, Bit>,
    pub p_e: Signal<In, Bits<10>>,
    pub p_m: Signal<In, Bits<38>>,
    pub q_z: Signal<In, Bit>,
    pub q_s: Signal<In, Bit>,
    pub q_e: Signal<In, Bits<10>>,
    pub q_m: Signal<In, Bits<38>>,
    pub r_z: Signal<In, Bit>,
    pub r_s: Signal<In, Bit>,
    pub r_e: Signal<In, Bits<10>>,
    pub r_m: Signal<In, Bits<38>>,
    pub s_hi: Signal<Out, Bits<82>>,
    pub s_lo: Signal<Out, Bits<64>>,
    pub ea: Signal<Out, Bits<10>>,
    sort: SfuAttrSort,
    align: SfuAttrAlign,
    add: SfuAttrAdd,
    // The sort stage's register: the sorted terms and what enters the window.
    sorted_t1_z: DFF<Bit>,
    sorted_t1_s: DFF<Bit>,
    sorted_t1_e: DFF<Bits<10>>,
    sorted_t1_m: DFF<Bits<38>>,
    sorted_t2_z: DFF<Bit>,
    sorted_t2_s: DFF<Bit>,
    sorted_t2_e: DFF<Bits<10>>,
    sorted_t2_m: DFF<Bits<38>>,
    sorted_t3_z: DFF<Bit>,
    sorted_t3_s: DFF<Bit>,
    sorted_t3_e: DFF<Bits<10>>,
    sorted_t3_m: DFF<Bits<38>>,
    sorted_d2: DFF<Bits<6>>,
    sorted_d3: DFF<Bits<7>>,
    sorted_x2: DFF<Bit>,
    sorted_x3: DFF<Bit>,
    sorted_cx: DFF<Bit>,
    // The align stage's register: the addends in carry-save form and the anchor exponent.
    aligned_p_hi: DFF<Bits<82>>,
    aligned_p_lo: DFF<Bits<64>>,
    aligned_q_hi: DFF<Bits<82>>,
    aligned_q_lo: DFF<Bits<64>>,
    aligned_k: DFF<Bits<4>>,
    aligned_ea: DFF<Bits<10>>,
}

impl Logic for SfuAttrSum {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, sorted_t1_z, sorted_t1_s, sorted_t1_e, sorted_t1_m, sorted_t2_z,
            sorted_t2_s, sorted_t2_e, sorted_t2_m, sorted_t3_z, sorted_t3_s, sorted_t3_e,
            sorted_t3_m, sorted_d2, sorted_d3, sorted_x2, sorted_x3, sorted_cx, aligned_p_hi, aligned_p_lo,
            aligned_q_hi, aligned_q_lo, aligned_k, aligned_ea
        );
        // sort
        self.sort.p_z.next = self.p_z.val();
        self.sort.p_s.next = self.p_s.val();
        self.sort.p_e.next = self.p_e.val();
        self.sort.p_m.next = self.p_m.val();
        self.sort.q_z.next = self.q_z.val();
        self.sort.q_s.next = self.q_s.val();
        self.sort.q_e.next = self.q_e.val();
        self.sort.q_m.next = self.q_m.val();
        self.sort.r_z.next = self.r_z.val();
        self.sort.r_s.next = self.r_s.val();
        self.sort.r_e.next = self.r_e.val();
        self.sort.r_m.next = self.r_m.val();
        self.sorted_t1_z.d.next = self.sort.t1_z.val();
        self.sorted_t1_s.d.next = self.sort.t1_s.val();
        self.sorted_t1_e.d.next = self.sort.t1_e.val();
        self.sorted_t1_m.d.next = self.sort.t1_m.val();
        self.sorted_t2_z.d.next = self.sort.t2_z.val();
        self.sorted_t2_s.d.next = self.sort.t2_s.val();
        self.sorted_t2_e.d.next = self.sort.t2_e.val();
        self.sorted_t2_m.d.next = self.sort.t2_m.val();
        self.sorted_t3_z.d.next = self.sort.t3_z.val();
        self.sorted_t3_s.d.next = self.sort.t3_s.val();
        self.sorted_t3_e.d.next = self.sort.t3_e.val();
        self.sorted_t3_m.d.next = self.sort.t3_m.val();
        self.sorted_d2.d.next = self.sort.d2.val();
        self.sorted_d3.d.next = self.sort.d3.val();
        self.sorted_x2.d.next = self.sort.x2.val();
        self.sorted_x3.d.next = self.sort.x3.val();
        self.sorted_cx.d.next = self.sort.cx.val();
        // align
        self.align.t1_z.next = self.sorted_t1_z.q.val();
        self.align.t1_s.next = self.sorted_t1_s.q.val();
        self.align.t1_e.next = self.sorted_t1_e.q.val();
        self.align.t1_m.next = self.sorted_t1_m.q.val();
        self.align.t2_z.next = self.sorted_t2_z.q.val();
        self.align.t2_s.next = self.sorted_t2_s.q.val();
        self.align.t2_e.next = self.sorted_t2_e.q.val();
        self.align.t2_m.next = self.sorted_t2_m.q.val();
        self.align.t3_z.next = self.sorted_t3_z.q.val();
        self.align.t3_s.next = self.sorted_t3_s.q.val();
        self.align.t3_e.next = self.sorted_t3_e.q.val();
        self.align.t3_m.next = self.sorted_t3_m.q.val();
        self.align.d2.next = self.sorted_d2.q.val();
        self.align.d3.next = self.sorted_d3.q.val();
        self.align.x2.next = self.sorted_x2.q.val();
        self.align.x3.next = self.sorted_x3.q.val();
        self.align.cx.next = self.sorted_cx.q.val();
        self.aligned_p_hi.d.next = self.align.p_hi.val();
        self.aligned_p_lo.d.next = self.align.p_lo.val();
        self.aligned_q_hi.d.next = self.align.q_hi.val();
        self.aligned_q_lo.d.next = self.align.q_lo.val();
        self.aligned_k.d.next = self.align.k.val();
        self.aligned_ea.d.next = self.align.ea.val();
        // add
        self.add.p_hi.next = self.aligned_p_hi.q.val();
        self.add.p_lo.next = self.aligned_p_lo.q.val();
        self.add.q_hi.next = self.aligned_q_hi.q.val();
        self.add.q_lo.next = self.aligned_q_lo.q.val();
        self.add.k.next = self.aligned_k.q.val();
        self.s_hi.next = self.add.s_hi.val();
        self.s_lo.next = self.add.s_lo.val();
        self.ea.next = self.aligned_ea.q.val();
    }
}

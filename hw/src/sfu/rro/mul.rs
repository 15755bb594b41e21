//! The pipelined 24x64 product of the standalone RRO ([`crate::sfu::rro::SfuRro`]): bits
//! 63..33 of `sig * wnd`, [`RRO_MUL_LATENCY`] clocks after the operands, one product per
//! clock.
//!
//! Stages (each ends in a register):
//! 1. operands: the operands registered at the multipliers' inputs (the window comes out
//!    of a block RAM, whose clock-to-output delay leaves no time for a multiply after it).
//! 2. products: [`SfuRroProducts`], seven MULT18X18D products in four 64-bit terms.
//! 3. pairs: two 64-bit carry-propagate adds, `ta + tb` and `tc + td`.
//! 4. sum: [`SfuRroSum`], the last 64-bit add, bits 63..33 kept.
//!
//! Ports:
//! - `clock`  in   1  rising-edge clock
//! - `sig`    in  24  unsigned multiplicand
//! - `wnd`    in  64  unsigned multiplier
//! - `pr`     out 31  bits 63..33 of `sig * wnd` presented `RRO_MUL_LATENCY` clocks earlier
use crate::sfu::rro::products::SfuRroProducts;
use crate::sfu::rro::sum::SfuRroSum;
use rust_hdl::prelude::*;

/// Latency of [`SfuRroMul`] in clocks: operands, products, pairs, sum.
pub const RRO_MUL_LATENCY: usize = 4;

#[derive(LogicBlock, Default)]
pub struct SfuRroMul {
    pub clock: Signal<In, Clock>,
    pub sig: Signal<In, Bits<24>>,
    pub wnd: Signal<In, Bits<64>>,
    pub pr: Signal<Out, Bits<31>>,
    operands_sig: DFF<Bits<24>>,
    operands_wnd: DFF<Bits<64>>,
    products: SfuRroProducts,
    products_a: DFF<Bits<64>>,
    products_b: DFF<Bits<64>>,
    products_c: DFF<Bits<64>>,
    products_d: DFF<Bits<64>>,
    pairs_ab: DFF<Bits<64>>,
    pairs_cd: DFF<Bits<64>>,
    sum: SfuRroSum,
    sum_pr: DFF<Bits<31>>,
}

impl Logic for SfuRroMul {
    #[hdl_gen]
    fn update(&mut self) {
        self.operands_sig.clock.next = self.clock.val();
        self.operands_wnd.clock.next = self.clock.val();
        self.products_a.clock.next = self.clock.val();
        self.products_b.clock.next = self.clock.val();
        self.products_c.clock.next = self.clock.val();
        self.products_d.clock.next = self.clock.val();
        self.pairs_ab.clock.next = self.clock.val();
        self.pairs_cd.clock.next = self.clock.val();
        self.sum_pr.clock.next = self.clock.val();
        // operands
        self.operands_sig.d.next = self.sig.val();
        self.operands_wnd.d.next = self.wnd.val();
        // products
        self.products.sig.next = self.operands_sig.q.val();
        self.products.wnd.next = self.operands_wnd.q.val();
        self.products_a.d.next = self.products.ta.val();
        self.products_b.d.next = self.products.tb.val();
        self.products_c.d.next = self.products.tc.val();
        self.products_d.d.next = self.products.td.val();
        // pairs
        self.pairs_ab.d.next = self.products_a.q.val() + self.products_b.q.val();
        self.pairs_cd.d.next = self.products_c.q.val() + self.products_d.q.val();
        // sum
        self.sum.ab.next = self.pairs_ab.q.val();
        self.sum.cd.next = self.pairs_cd.q.val();
        self.sum_pr.d.next = self.sum.pr.val();
        self.pr.next = self.sum_pr.q.val();
    }
}

//! The SM's instruction memory: `2^AW` 64-bit microcode words, written by the host
//! interface, read by the warp scheduler's fetch port and by the issue stage (which reads
//! the issued instruction's word again for its unit controls). Two block-RAM copies
//! ([`Ram1W1R`]), each written with every host write.
//!
//! Ports:
//! - `clock`                      in   1   rising-edge clock
//! - `w_en`, `w_addr`, `w_data`   in   1, AW, 64  host write
//! - `f_addr` / `f_data`          in AW / out 64  fetch read: after each rising edge, the
//!                                                word at `f_addr` before the edge
//! - `i_addr` / `i_data`          in AW / out 64  issue read, the same
//!
//! Latency 1 (read). Every word starts at zero.
use crate::prim::ram::Ram1W1R;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Imem<const AW: usize> {
    pub clock: Signal<In, Clock>,
    pub w_en: Signal<In, Bit>,
    pub w_addr: Signal<In, Bits<AW>>,
    pub w_data: Signal<In, Bits<64>>,
    pub f_addr: Signal<In, Bits<AW>>,
    pub f_data: Signal<Out, Bits<64>>,
    pub i_addr: Signal<In, Bits<AW>>,
    pub i_data: Signal<Out, Bits<64>>,
    fetch: Ram1W1R<AW, 64>,
    issue: Ram1W1R<AW, 64>,
}

impl<const AW: usize> Logic for Imem<AW> {
    #[hdl_gen]
    fn update(&mut self) {
        self.fetch.clock.next = self.clock.val();
        self.fetch.we.next = self.w_en.val();
        self.fetch.waddr.next = self.w_addr.val();
        self.fetch.wdata.next = self.w_data.val();
        self.fetch.raddr.next = self.f_addr.val();
        self.f_data.next = self.fetch.rdata.val();
        self.issue.clock.next = self.clock.val();
        self.issue.we.next = self.w_en.val();
        self.issue.waddr.next = self.w_addr.val();
        self.issue.wdata.next = self.w_data.val();
        self.issue.raddr.next = self.i_addr.val();
        self.i_data.next = self.issue.rdata.val();
    }
}

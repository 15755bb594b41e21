//! One register-file bank of the SM (docs/sm.md, "Register file"): `2^AW` words of 32 bits
//! with one write port and three read ports, built from three simple dual-port block RAMs
//! ([`Ram1W1R`]), each written with every write and read by one read port.
//!
//! Ports:
//! - `clock`                        in   1   rising-edge clock
//! - `w_en`, `w_addr`, `w_data`     in   1, AW, 32  write `w_data` at `w_addr` on this edge
//! - `r0_addr` .. `r2_addr`         in   AW  read addresses
//! - `r0_data` .. `r2_data`         out  32  after each rising edge: the word at the read
//!                                           address before the edge (a word written on
//!                                           the same edge is read on the next)
//!
//! Latency 1 (read). Every word starts at zero.
use crate::prim::ram::Ram1W1R;
use array_init::array_init;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct RfBank<const AW: usize> {
    pub clock: Signal<In, Clock>,
    pub w_en: Signal<In, Bit>,
    pub w_addr: Signal<In, Bits<AW>>,
    pub w_data: Signal<In, Bits<32>>,
    pub r0_addr: Signal<In, Bits<AW>>,
    pub r1_addr: Signal<In, Bits<AW>>,
    pub r2_addr: Signal<In, Bits<AW>>,
    pub r0_data: Signal<Out, Bits<32>>,
    pub r1_data: Signal<Out, Bits<32>>,
    pub r2_data: Signal<Out, Bits<32>>,
    // Copy r serves read port r.
    m: [Ram1W1R<AW, 32>; 3],
}

impl<const AW: usize> Default for RfBank<AW> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            w_en: Default::default(),
            w_addr: Default::default(),
            w_data: Default::default(),
            r0_addr: Default::default(),
            r1_addr: Default::default(),
            r2_addr: Default::default(),
            r0_data: Default::default(),
            r1_data: Default::default(),
            r2_data: Default::default(),
            m: array_init(|_| Default::default()),
        }
    }
}

impl<const AW: usize> Logic for RfBank<AW> {
    #[hdl_gen]
    fn update(&mut self) {
        for r in 0..3 {
            self.m[r].clock.next = self.clock.val();
            self.m[r].we.next = self.w_en.val();
            self.m[r].waddr.next = self.w_addr.val();
            self.m[r].wdata.next = self.w_data.val();
        }
        self.m[0].raddr.next = self.r0_addr.val();
        self.m[1].raddr.next = self.r1_addr.val();
        self.m[2].raddr.next = self.r2_addr.val();
        self.r0_data.next = self.m[0].rdata.val();
        self.r1_data.next = self.m[1].rdata.val();
        self.r2_data.next = self.m[2].rdata.val();
    }
}

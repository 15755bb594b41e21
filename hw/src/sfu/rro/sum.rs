//! The last add of the RRO's product ([`crate::sfu::rro::mul::SfuRroMul`], stage "sum"):
//! the two pair sums added, bits 63..33 kept; the bits below (below 2^-29 of x*2/pi) only
//! carry into them. Combinational, hand-written Verilog (so that the unused low bits are
//! named for the lint gate) with a native Rust model.
//!
//! Ports:
//! - `ab`, `cd`  in  64  the pair sums
//! - `pr`        out 31  bits 63..33 of `ab + cd` (modulo 2^64)
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuRroSum {
    pub ab: Signal<In, Bits<64>>,
    pub cd: Signal<In, Bits<64>>,
    pub pr: Signal<Out, Bits<31>>,
}

/// Bits 63..33 of `ab + cd` modulo 2^64.
pub fn rro_sum(ab: u64, cd: u64) -> u32 {
    (ab.wrapping_add(cd) >> 33) as u32
}

impl Logic for SfuRroSum {
    fn update(&mut self) {
        self.pr.next = (rro_sum(self.ab.val().to_u64(), self.cd.val().to_u64()) as u64).into();
    }
    fn connect(&mut self) {
        self.pr.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [63:0] total = ab + cd;
wire unused_total_lo = ^total[32:0];
always @(*) begin
   pr = total[63:33];
end"
            .into(),
        )
    }
}

//! FMA stage 6 (count), beside the counts: the normalisation limit of stage 7
//! ([`crate::fma::norm`]), `lim = ew + 160 - emin`, the largest left shift of the
//! magnitude that keeps its top bit's exponent at or above emin (negative when even the
//! unshifted magnitude's top bit is below emin). As `-emin` is the exponent bias, `lim`
//! minus the shift is also the biased exponent of the top bit, minus one. Computed a
//! stage early so that normalize starts from a register. Combinational, hand-written
//! Verilog with a native Rust model.
//!
//! Ports:
//! - `ew`   in  14  exponent of magnitude bit 0 (two's complement; [`crate::fma::scale`])
//! - `fmt`  in   1  1 binary64, 0 binary32
//! - `lim`  out 14  `ew + 160 - emin` (two's complement)
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaLimit {
    pub ew: Signal<In, Bits<14>>,
    pub fmt: Signal<In, Bit>,
    pub lim: Signal<Out, Bits<14>>,
}

/// `ew + 160 - emin` as 14-bit two's complement.
pub fn model(ew: u64, f64_: bool) -> u64 {
    let emin: u64 = if f64_ { (-1022i64) as u64 } else { (-126i64) as u64 };
    (ew.wrapping_add(160).wrapping_sub(emin)) & 0x3FFF
}

impl Logic for FmaLimit {
    fn update(&mut self) {
        self.lim.next = model(self.ew.val().to_u64(), self.fmt.val()).into();
    }

    fn connect(&mut self) {
        self.lim.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
always @(*) lim = ew + (fmt ? 14'd1182 : 14'd286);
"
            .into(),
        )
    }
}

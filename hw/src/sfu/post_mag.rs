//! SFU stage 6, "magnitude" ([`crate::sfu::post`]): the interpolator's sum as a sign and a
//! magnitude. Negative sums are clamped to zero; log2 adds the integer part (`lgi`) in
//! fixed point, and the sign and magnitude of the total follow; the other functions take
//! their sign from `neg`. Combinational, hand-written Verilog with a native Rust model;
//! [`crate::sfu::post_norm`] normalizes the magnitude in the next stage.
//!
//! Ports:
//! - `acc`     in  34  the interpolator's sum (2^-30 lsb, two's complement)
//! - `lg2`     in   1  log2: add `lgi`
//! - `lgi`     in   8  integer part (two's complement)
//! - `neg`     in   1  sign of the result (not log2)
//! - `sgn`     out  1  sign of the result
//! - `mag`     out 40  its magnitude (2^-30 lsb)
use crate::sfu::sext;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuPostMag {
    pub acc: Signal<In, Bits<34>>,
    pub lg2: Signal<In, Bit>,
    pub lgi: Signal<In, Bits<8>>,
    pub neg: Signal<In, Bit>,
    pub sgn: Signal<Out, Bit>,
    pub mag: Signal<Out, Bits<40>>,
}

/// The sign and magnitude on native integers.
pub fn post_mag(acc: u64, lg2: bool, lgi: u64, neg: bool) -> (bool, u64) {
    let a = sext(acc, 34).max(0);
    let v = if lg2 { (sext(lgi, 8) << 30) + a } else { a };
    (if lg2 { v < 0 } else { neg }, v.unsigned_abs())
}

impl Logic for SfuPostMag {
    fn update(&mut self) {
        let (s, m) = post_mag(self.acc.val().to_u64(), self.lg2.val(), self.lgi.val().to_u64(), self.neg.val());
        self.sgn.next = s;
        self.mag.next = m.into();
    }
    fn connect(&mut self) {
        self.sgn.connect();
        self.mag.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [33:0] accp = acc[33] ? 34'd0 : acc;
wire [39:0] lgv = {{2{lgi[7]}}, lgi, 30'd0};
wire [39:0] v = lg2 ? (lgv + {6'd0, accp}) : {6'd0, accp};
wire vneg = lg2 & v[39];
always @(*) begin
   sgn = lg2 ? vneg : neg;
   mag = vneg ? (40'd0 - v) : v;
end"
            .into(),
        )
    }
}

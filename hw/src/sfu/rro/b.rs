//! Stage B of the SFU's range reduction ([`crate::sfu::rro`]), the pack stage of the
//! standalone [`crate::sfu::rro::SfuRro`]: rounds x*2/pi mod 4 to 28 fraction bits and
//! packs the rro.sincos word. Combinational, hand-written Verilog with a native Rust model.
use rust_hdl::prelude::*;

/// Stage B of the RRO (combinational): rounds the reduced argument and packs the word.
///
/// Ports:
/// - `direct`, `dy`, `neg`, `pr`  in  the window stage's results and the product, registered
/// - `y`                          out 32  the RRO word
#[derive(LogicBlock, Default)]
pub struct SfuRroB {
    pub direct: Signal<In, Bit>,
    pub dy: Signal<In, Bits<32>>,
    pub neg: Signal<In, Bit>,
    pub pr: Signal<In, Bits<31>>,
    pub y: Signal<Out, Bits<32>>,
}

/// Stage B on native integers.
pub fn rro_b(direct: bool, dy: u32, neg: bool, pr: u32) -> u32 {
    if direct {
        dy
    } else {
        // bits 63..34 of the product plus the rounding bit 33, modulo 4 (30 bits)
        let r = ((pr >> 1) + (pr & 1)) & 0x3FFF_FFFF;
        ((neg as u32) << 31) | 1 << 30 | r
    }
}

impl Logic for SfuRroB {
    fn update(&mut self) {
        let y = rro_b(self.direct.val(), self.dy.val().to_u64() as u32, self.neg.val(), self.pr.val().to_u64() as u32);
        self.y.next = (y as u64).into();
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [29:0] r = pr[30:1] + {29'd0, pr[0]};
always @(*) begin
   y = direct ? dy : {neg, 1'b1, r};
end"
            .into(),
        )
    }
}


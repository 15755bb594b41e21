//! The partial products of the RRO's 24x64 multiply ([`crate::sfu::rro::mul::SfuRroMul`]),
//! each at most 18x18 bits so that it is one ECP5 MULT18X18D, laid out in four 64-bit
//! terms whose sum is `sig * wnd` modulo 2^64. Combinational, hand-written Verilog with a
//! native Rust model.
//!
//! With `sig = mh 2^18 + ml` (6 and 18 bits) and `wnd = w3 2^54 + w2 2^36 + w1 2^18 + w0`
//! (10, 18, 18, 18 bits), the eight products `ml wj` and `mh wj` sit at 18 (j + [h]) bits;
//! no two in the same term overlap, so each term is a concatenation, not a sum:
//! - `ta` = ml w0 at 0, ml w2 at 36
//! - `tb` = ml w1 at 18, ml w3 at 54
//! - `tc` = mh w0 at 18, mh w2 at 54
//! - `td` = mh w1 at 36 (mh w3 at 72 is above the 64 bits kept)
//!
//! Ports:
//! - `sig`                in  24  unsigned multiplicand
//! - `wnd`                in  64  unsigned multiplier
//! - `ta` `tb` `tc` `td`  out 64  the four terms
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuRroProducts {
    pub sig: Signal<In, Bits<24>>,
    pub wnd: Signal<In, Bits<64>>,
    pub ta: Signal<Out, Bits<64>>,
    pub tb: Signal<Out, Bits<64>>,
    pub tc: Signal<Out, Bits<64>>,
    pub td: Signal<Out, Bits<64>>,
}

/// The four terms on native integers, in the order `ta`, `tb`, `tc`, `td`.
pub fn rro_products(sig: u32, wnd: u64) -> [u64; 4] {
    let (ml, mh) = ((sig & 0x3_FFFF) as u64, (sig >> 18) as u64 & 0x3F);
    let w = |j: u32| (wnd >> (18 * j)) & 0x3_FFFF;
    let at = |p: u64, shift: u32| if shift >= 64 { 0 } else { p << shift };
    [
        at(ml * w(0), 0) | at(ml * w(2), 36),
        at(ml * w(1), 18) | at(ml * w(3), 54),
        at(mh * w(0), 18) | at(mh * w(2), 54),
        at(mh * w(1), 36),
    ]
}

impl Logic for SfuRroProducts {
    fn update(&mut self) {
        let t = rro_products(self.sig.val().to_u64() as u32, self.wnd.val().to_u64());
        self.ta.next = t[0].into();
        self.tb.next = t[1].into();
        self.tc.next = t[2].into();
        self.td.next = t[3].into();
    }
    fn connect(&mut self) {
        self.ta.connect();
        self.tb.connect();
        self.tc.connect();
        self.td.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [17:0] ml = sig[17:0];
wire [5:0] mh = sig[23:18];
wire [17:0] w0 = wnd[17:0];
wire [17:0] w1 = wnd[35:18];
wire [17:0] w2 = wnd[53:36];
wire [9:0] w3 = wnd[63:54];
// only the bits below 2^64 of each product placed in its term are kept
wire [35:0] l0 = ml * w0;
wire [35:0] l1 = ml * w1;
wire [27:0] l2 = ml * w2;
wire [9:0] l3 = ml[9:0] * w3;
wire [23:0] h0 = mh * w0;
wire [9:0] h2 = mh * w2[9:0];
wire [23:0] h1 = mh * w1;
always @(*) begin
   ta = {l2, l0};
   tb = {l3, l1, 18'd0};
   tc = {h2, 12'd0, h0, 18'd0};
   td = {4'd0, h1, 36'd0};
end"
            .into(),
        )
    }
}

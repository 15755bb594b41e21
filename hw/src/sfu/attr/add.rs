//! Planar attribute interpolation, stage "add" ([`crate::sfu::attr::sum`]), one pixel: the
//! window's signed addends summed to the 146-bit two's complement window sum. Each negative
//! addend enters as its one's complement and its +1 joins the sticky in one small constant
//! (-1..4), so the four operands reduce in carry-save form to a single carry-propagate
//! add. Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `a_m`, `a_s`, `b_hi`, `b_lo`, `b_s`, `c_hi`, `c_lo`, `c_s`, `st`  in  the addends
//!   ([`crate::sfu::attr::align::SfuAttrAlign`]'s outputs of the same names)
//! - `s_hi`, `s_lo`  out 82, 64  the window sum (bit 142 has weight 2^ea)
use crate::sfu::attr::align::{Aligned, SH1};
use crate::sfu::attr::wide::{join, split, Wide};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuAttrAdd {
    pub a_m: Signal<In, Bits<38>>,
    pub a_s: Signal<In, Bit>,
    pub b_hi: Signal<In, Bits<82>>,
    pub b_lo: Signal<In, Bits<64>>,
    pub b_s: Signal<In, Bit>,
    pub c_hi: Signal<In, Bits<82>>,
    pub c_lo: Signal<In, Bits<64>>,
    pub c_s: Signal<In, Bit>,
    pub st: Signal<In, Bits<2>>,
    pub s_hi: Signal<Out, Bits<82>>,
    pub s_lo: Signal<Out, Bits<64>>,
}

/// The window sum (146-bit two's complement) of the addends.
pub fn add(a: &Aligned) -> Wide {
    let signed = |s: bool, v: Wide| if s { v.neg() } else { v };
    let acc = signed(a.a_s, Wide::shl(a.a_m, SH1)).add(signed(a.b_s, a.b)).add(signed(a.c_s, a.c));
    match a.st {
        1 => acc.add(Wide([1, 0, 0])),
        -1 => acc.add(Wide::minus_one()),
        _ => acc,
    }
}

impl Logic for SfuAttrAdd {
    fn update(&mut self) {
        let st = self.st.val().to_u64();
        let s = add(&Aligned {
            a_m: self.a_m.val().to_u64(),
            a_s: self.a_s.val(),
            b: join(self.b_hi.val(), self.b_lo.val()),
            b_s: self.b_s.val(),
            c: join(self.c_hi.val(), self.c_lo.val()),
            c_s: self.c_s.val(),
            st: if st & 1 == 0 { 0 } else if st & 2 == 0 { 1 } else { -1 },
            ea: 0,
        });
        (self.s_hi.next, self.s_lo.next) = split(s);
    }
    fn connect(&mut self) {
        self.s_hi.connect();
        self.s_lo.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [145:0] xa = {3'd0, a_m, 105'd0} ^ {146{a_s}};
wire [145:0] xb = {b_hi, b_lo} ^ {146{b_s}};
wire [145:0] xc = {c_hi, c_lo} ^ {146{c_s}};
// the negations' +1s and the sticky (+1 or -1): -1..4
wire [3:0] k = {3'd0, a_s} + {3'd0, b_s} + {3'd0, c_s} + {st[1], st[1], st[1], st[0]};
wire [145:0] tot = xa + xb + xc + {{142{k[3]}}, k};
always @(*) begin
   s_hi = tot[145:64];
   s_lo = tot[63:0];
end"
            .into(),
        )
    }
}

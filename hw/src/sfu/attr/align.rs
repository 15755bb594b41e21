//! Planar attribute interpolation, stage "align" ([`crate::sfu::attr::sum`]), one pixel:
//! the sorted terms placed in the 146-bit window (t1's leading bit at the anchor, bit 142;
//! t2 and t3 d2 and d3 places below it, or left out), the sign of the terms below the
//! window's exact bits (the sticky, +1 or -1 at bit 0), and the anchor exponent. When t1
//! and t2 cancel exactly the window holds t3 alone, anchored at t3; when t1 is zero, it
//! holds nothing. Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `t1_*`, `t2_*`, `t3_*`, `d2`, `d3`, `x2`, `x3`  in  the sorted terms
//!   ([`crate::sfu::attr::sort::SfuAttrSort`]'s outputs of the same names)
//! - `a_m`, `a_s`        out 38, 1   the anchored term's significand (its leading bit at
//!                                   the anchor) and sign
//! - `b_hi`, `b_lo`      out 82, 64  t2 in the window (unsigned), `b_s` its sign
//! - `c_hi`, `c_lo`      out 82, 64  t3 in the window (unsigned), `c_s` its sign
//! - `st`                out  2      the sticky: 0 none, 1 +1, 3 -1
//! - `ea`                out 10      anchor exponent (two's complement)
use crate::sfu::attr::sort::Sorted;
use crate::sfu::attr::terms::e10;
use crate::sfu::attr::wide::{split, Wide};
use rust_hdl::prelude::*;

/// Left shift that puts a term's leading bit (bit 37) at the anchor, bit 142.
pub const SH1: u32 = 105;

/// The window's addends: value (-1)^a_s a_m 2^SH1 + (-1)^b_s b + (-1)^c_s c + st.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Aligned {
    pub a_m: u64,
    pub a_s: bool,
    pub b: Wide,
    pub b_s: bool,
    pub c: Wide,
    pub c_s: bool,
    pub st: i32,
    pub ea: i32,
}

pub fn align(o: &Sorted) -> Aligned {
    let [t1, t2, t3] = o.t;
    if t1.z {
        return Aligned::default();
    }
    if !t2.z && t1.e == t2.e && t1.m == t2.m && t1.s != t2.s {
        // t1 + t2 = 0 exactly: the sum is t3
        return Aligned { a_m: t3.m, a_s: t3.s, ea: t3.e, ..Default::default() };
    }
    // the sticky: the sign of the terms below the window's exact bits
    let st = if !t2.z && !o.x2 {
        // t2 and t3 both below: the sign of t2 + t3
        if t3.z || t2.e != t3.e || t2.m > t3.m || t2.s == t3.s {
            if t2.s { -1 } else { 1 }
        } else if t2.m < t3.m {
            if t3.s { -1 } else { 1 }
        } else {
            0
        }
    } else if !t3.z && !o.x3 {
        if t3.s { -1 } else { 1 }
    } else {
        0
    };
    let placed = |x: bool, m: u64, d: u32| if x { Wide::shl(m, SH1 - d) } else { Wide::zero() };
    Aligned {
        a_m: t1.m,
        a_s: t1.s,
        b: placed(o.x2, t2.m, o.d2),
        b_s: o.x2 && t2.s,
        c: placed(o.x3, t3.m, o.d3),
        c_s: o.x3 && t3.s,
        st,
        ea: t1.e,
    }
}

#[derive(LogicBlock, Default)]
pub struct SfuAttrAlign {
    pub t1_z: Signal<In, Bit>,
    pub t1_s: Signal<In, Bit>,
    pub t1_e: Signal<In, Bits<10>>,
    pub t1_m: Signal<In, Bits<38>>,
    pub t2_z: Signal<In, Bit>,
    pub t2_s: Signal<In, Bit>,
    pub t2_e: Signal<In, Bits<10>>,
    pub t2_m: Signal<In, Bits<38>>,
    pub t3_z: Signal<In, Bit>,
    pub t3_s: Signal<In, Bit>,
    pub t3_e: Signal<In, Bits<10>>,
    pub t3_m: Signal<In, Bits<38>>,
    pub d2: Signal<In, Bits<6>>,
    pub d3: Signal<In, Bits<7>>,
    pub x2: Signal<In, Bit>,
    pub x3: Signal<In, Bit>,
    pub a_m: Signal<Out, Bits<38>>,
    pub a_s: Signal<Out, Bit>,
    pub b_hi: Signal<Out, Bits<82>>,
    pub b_lo: Signal<Out, Bits<64>>,
    pub b_s: Signal<Out, Bit>,
    pub c_hi: Signal<Out, Bits<82>>,
    pub c_lo: Signal<Out, Bits<64>>,
    pub c_s: Signal<Out, Bit>,
    pub st: Signal<Out, Bits<2>>,
    pub ea: Signal<Out, Bits<10>>,
}

impl Logic for SfuAttrAlign {
    fn update(&mut self) {
        use crate::sfu::attr::sort::term_in;
        let o = align(&Sorted {
            t: [
                term_in(self.t1_z.val(), self.t1_s.val(), self.t1_e.val(), self.t1_m.val()),
                term_in(self.t2_z.val(), self.t2_s.val(), self.t2_e.val(), self.t2_m.val()),
                term_in(self.t3_z.val(), self.t3_s.val(), self.t3_e.val(), self.t3_m.val()),
            ],
            d2: self.d2.val().to_u64() as u32,
            d3: self.d3.val().to_u64() as u32,
            x2: self.x2.val(),
            x3: self.x3.val(),
        });
        self.a_m.next = o.a_m.into();
        self.a_s.next = o.a_s;
        (self.b_hi.next, self.b_lo.next) = split(o.b);
        self.b_s.next = o.b_s;
        (self.c_hi.next, self.c_lo.next) = split(o.c);
        self.c_s.next = o.c_s;
        self.st.next = ((o.st as u64) & 3).into();
        self.ea.next = e10(o.ea);
    }
    fn connect(&mut self) {
        self.a_m.connect();
        self.a_s.connect();
        self.b_hi.connect();
        self.b_lo.connect();
        self.b_s.connect();
        self.c_hi.connect();
        self.c_lo.connect();
        self.c_s.connect();
        self.st.connect();
        self.ea.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire cancel = ~t2_z & (t1_e == t2_e) & (t1_m == t2_m) & (t1_s != t2_s);
// t2 and t3 placed d2 and d3 places below the anchor (d2 <= 40, d3 <= 104 when they enter)
wire [145:0] v2 = {3'd0, t2_m, 105'd0} >> d2;
wire [145:0] v3 = {3'd0, t3_m, 105'd0} >> d3;
// the sticky's sign: t2 and t3 both below the window (the sign of t2 + t3), or t3 alone
reg [1:0] sv; // 0: none, 1: +1, 3: -1
always @(*) begin
   if (~t2_z & ~x2) begin
      if (t3_z | (t2_e != t3_e) | (t2_m > t3_m) | (t2_s == t3_s)) sv = t2_s ? 2'd3 : 2'd1;
      else if (t2_m < t3_m) sv = t3_s ? 2'd3 : 2'd1;
      else sv = 2'd0;
   end else if (~t3_z & ~x3) sv = t3_s ? 2'd3 : 2'd1;
   else sv = 2'd0;
end
// t1 zero: an empty window; t1 and t2 cancelling: t3 alone at the anchor; else all three
wire both = ~t1_z & ~cancel;
wire [145:0] bv = (both & x2) ? v2 : 146'd0;
wire [145:0] cv = (both & x3) ? v3 : 146'd0;
always @(*) begin
   a_m = t1_z ? 38'd0 : (cancel ? t3_m : t1_m);
   a_s = t1_z ? 1'b0 : (cancel ? t3_s : t1_s);
   b_hi = bv[145:64];
   b_lo = bv[63:0];
   b_s = both & x2 & t2_s;
   c_hi = cv[145:64];
   c_lo = cv[63:0];
   c_s = both & x3 & t3_s;
   st = both ? sv : 2'd0;
   ea = t1_z ? 10'd0 : (cancel ? t3_e : t1_e);
end"
            .into(),
        )
    }
}

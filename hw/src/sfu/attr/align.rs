//! Planar attribute interpolation, stage "align" ([`crate::sfu::attr::sum`]), one pixel:
//! the sorted terms placed in the 146-bit window (t1's leading bit at the anchor, bit 142;
//! t2 and t3 d2 and d3 places below it, or left out), the sign of the terms below the
//! window's exact bits (the sticky, +1 or -1 at bit 0), and the anchor exponent. When t1
//! and t2 cancel exactly the window holds t3 alone, anchored at t3; when t1 is zero, it
//! holds nothing. The three placed terms leave in carry-save form: a negative one enters
//! as its one's complement, its +1 joins the sticky in one small constant `k` (-1..4), and
//! one level of full adders reduces the three to a partial sum `p` and carries `q`, so
//! that stage "add" ([`crate::sfu::attr::add`]) starts from two operands and a constant.
//! Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `t1_*`, `t2_*`, `t3_*`, `d2`, `d3`, `x2`, `x3`, `cx`  in  the sorted terms
//!   ([`crate::sfu::attr::sort::SfuAttrSort`]'s outputs of the same names)
//! - `p_hi`, `p_lo`      out 82, 64  partial sum (146 bits)
//! - `q_hi`, `q_lo`      out 82, 64  carries (146 bits; bit 0 is 0)
//! - `k`                 out  4      the negations' +1s and the sticky (two's complement,
//!                                   -1..4); the window sum is p + q + k mod 2^146
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
    if o.cx {
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

/// The window's addends in carry-save form: p + q + k is the window sum (mod 2^W).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CarrySave {
    pub p: Wide,
    pub q: Wide,
    pub k: i64,
}

/// `k`'s port value (4-bit two's complement) and back.
pub fn k_bits(k: i64) -> Bits<4> {
    ((k as u64) & 15).into()
}
pub fn k_of(b: Bits<4>) -> i64 {
    let k = b.to_u64() as i64;
    if k >= 8 { k - 16 } else { k }
}

/// The addends reduced to carry-save form: each negative addend as its one's complement
/// (its +1 in k, with the sticky), then one level of full adders.
pub fn carry_save(a: &Aligned) -> CarrySave {
    let ones = |s: bool, v: Wide| if s { v.not() } else { v };
    let xa = ones(a.a_s, Wide::shl(a.a_m, SH1));
    let xb = ones(a.b_s, a.b);
    let xc = ones(a.c_s, a.c);
    let majority = xa.and(xb).or(xa.and(xc)).or(xb.and(xc));
    CarrySave {
        p: xa.xor(xb).xor(xc),
        q: majority.shl1(),
        k: a.a_s as i64 + a.b_s as i64 + a.c_s as i64 + a.st as i64,
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
    pub cx: Signal<In, Bit>,
    pub p_hi: Signal<Out, Bits<82>>,
    pub p_lo: Signal<Out, Bits<64>>,
    pub q_hi: Signal<Out, Bits<82>>,
    pub q_lo: Signal<Out, Bits<64>>,
    pub k: Signal<Out, Bits<4>>,
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
            cx: self.cx.val(),
        });
        let cs = carry_save(&o);
        (self.p_hi.next, self.p_lo.next) = split(cs.p);
        (self.q_hi.next, self.q_lo.next) = split(cs.q);
        self.k.next = k_bits(cs.k);
        self.ea.next = e10(o.ea);
    }
    fn connect(&mut self) {
        self.p_hi.connect();
        self.p_lo.connect();
        self.q_hi.connect();
        self.q_lo.connect();
        self.k.connect();
        self.ea.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
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
wire both = ~t1_z & ~cx;
wire a_s = t1_z ? 1'b0 : (cx ? t3_s : t1_s);
wire [37:0] a_m = t1_z ? 38'd0 : (cx ? t3_m : t1_m);
wire b_s = both & x2 & t2_s;
wire c_s = both & x3 & t3_s;
wire [1:0] st = both ? sv : 2'd0;
// the addends, a negative one as its one's complement
wire [145:0] xa = {3'd0, a_m, 105'd0} ^ {146{a_s}};
wire [145:0] xb = ((both & x2) ? v2 : 146'd0) ^ {146{b_s}};
wire [145:0] xc = ((both & x3) ? v3 : 146'd0) ^ {146{c_s}};
// one level of full adders: xa + xb + xc = ps + {mj, 0}
wire [145:0] ps = xa ^ xb ^ xc;
wire [144:0] mj = (xa[144:0] & xb[144:0]) | (xa[144:0] & xc[144:0]) | (xb[144:0] & xc[144:0]);
always @(*) begin
   p_hi = ps[145:64];
   p_lo = ps[63:0];
   q_hi = mj[144:63];
   q_lo = {mj[62:0], 1'b0};
   // the negations' +1s and the sticky (+1 or -1): -1..4
   k = {3'd0, a_s} + {3'd0, b_s} + {3'd0, c_s} + {st[1], st[1], st[1], st[0]};
   ea = t1_z ? 10'd0 : (cx ? t3_e : t1_e);
end"
            .into(),
        )
    }
}

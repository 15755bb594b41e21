//! Planar attribute interpolation, stage "products" ([`crate::sfu::attr`]): unpack
//! A, B, C (G80 flush), the pixel-centre coordinates 2x = 2 qx + 2i + 1 and
//! 2y = 2 qy + 2j + 1, and the products A 2x and B 2y for both columns and rows of the quad
//! from two multipliers (mA (2qx + 3) = mA (2qx + 1) + 2 mA). Special results (NaN,
//! infinities) are the same for the whole quad. Combinational, hand-written Verilog with a
//! native Rust model.
//!
//! Ports:
//! - `a`, `b`, `c`       in  32  plane coefficients (binary32)
//! - `qx`, `qy`          in  12  quad origin (pixel centres at qx + i + 1/2, qy + j + 1/2)
//! - `pa0`, `pa1`        out 38  mA 2x for i = 0, 1 (value pa 2^(ea_lsb)); `pb0`, `pb1` the
//!                               same for B and y; mA and mB with their leading one even
//!                               when `za`, `zb` (the terms stage drops those products)
//! - `pc`                out 38  mC 2^14 (value pc 2^(ec - 37))
//! - `ea_lsb`, `eb_lsb`  out 10  exponent of the products' bit 0 (two's complement)
//! - `ec`                out 10  exponent of C's leading bit (two's complement)
//! - `sa`, `sb`, `sc`    out  1  signs of A, B, C
//! - `za`, `zb`, `zc`    out  1  A, B, C are zero (or flushed, or not finite)
//! - `spec`              out  1  the result of every pixel is `spec_y` (NaN or infinity)
//! - `spec_y`            out 32  that result
//! - `zneg`              out  1  every term is a negative zero (an exact zero sum is -0)
use crate::fp32::bits::{CANON_NAN, FRAC_MASK, INF, NEG_INF};
use crate::sfu::attr::terms::e10;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuAttrProducts {
    pub a: Signal<In, Bits<32>>,
    pub b: Signal<In, Bits<32>>,
    pub c: Signal<In, Bits<32>>,
    pub qx: Signal<In, Bits<12>>,
    pub qy: Signal<In, Bits<12>>,
    pub pa0: Signal<Out, Bits<38>>,
    pub pa1: Signal<Out, Bits<38>>,
    pub pb0: Signal<Out, Bits<38>>,
    pub pb1: Signal<Out, Bits<38>>,
    pub pc: Signal<Out, Bits<38>>,
    pub ea_lsb: Signal<Out, Bits<10>>,
    pub eb_lsb: Signal<Out, Bits<10>>,
    pub ec: Signal<Out, Bits<10>>,
    pub sa: Signal<Out, Bit>,
    pub sb: Signal<Out, Bit>,
    pub sc: Signal<Out, Bit>,
    pub za: Signal<Out, Bit>,
    pub zb: Signal<Out, Bit>,
    pub zc: Signal<Out, Bit>,
    pub spec: Signal<Out, Bit>,
    pub spec_y: Signal<Out, Bits<32>>,
    pub zneg: Signal<Out, Bit>,
}

/// The products stage's outputs on native integers (exponents as signed values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Products {
    pub pa: [u64; 2],
    pub pb: [u64; 2],
    pub pc: u64,
    pub ea_lsb: i32,
    pub eb_lsb: i32,
    pub ec: i32,
    pub sa: bool,
    pub sb: bool,
    pub sc: bool,
    pub za: bool,
    pub zb: bool,
    pub zc: bool,
    pub spec: bool,
    pub spec_y: u32,
    pub zneg: bool,
}

pub fn products(a: u32, b: u32, c: u32, qx: u32, qy: u32) -> Products {
    // (sign, biased exponent, significand with its leading one, zero (or flushed, or not
    // finite), infinity, NaN)
    let un = |x: u32| {
        let be = (x >> 23) & 0xFF;
        let fr = x & FRAC_MASK;
        (x >> 31 == 1, be as i32, (fr | 1 << 23) as u64, be == 0 || be == 255, be == 255 && fr == 0, be == 255 && fr != 0)
    };
    let (sa, bea, ma, za, ia, na) = un(a);
    let (sb, beb, mb, zb, ib, nb) = un(b);
    let (sc, bec, mc, zc, ic, nc) = un(c);
    // A's and B's products are taken whatever the exponent (a zero term's is dropped later)
    let mc = if zc { 0 } else { mc };
    let x0 = (2 * (qx & 0xFFF) + 1) as u64;
    let y0 = (2 * (qy & 0xFFF) + 1) as u64;
    let pa0 = ma * x0;
    let pb0 = mb * y0;
    let spec_y = if na || nb || nc {
        CANON_NAN
    } else {
        let infs = [(ia, sa), (ib, sb), (ic, sc)];
        let pos = infs.iter().any(|&(i, s)| i && !s);
        let neg = infs.iter().any(|&(i, s)| i && s);
        if pos && neg {
            CANON_NAN
        } else if neg {
            NEG_INF
        } else if pos {
            INF
        } else {
            0
        }
    };
    Products {
        pa: [pa0, pa0 + 2 * ma],
        pb: [pb0, pb0 + 2 * mb],
        pc: mc << 14,
        ea_lsb: bea - 151,
        eb_lsb: beb - 151,
        ec: bec - 127,
        sa,
        sb,
        sc,
        za,
        zb,
        zc,
        spec: na || nb || nc || ia || ib || ic,
        spec_y,
        zneg: za && zb && zc && sa && sb && sc,
    }
}

impl Logic for SfuAttrProducts {
    fn update(&mut self) {
        let p = products(
            self.a.val().to_u64() as u32,
            self.b.val().to_u64() as u32,
            self.c.val().to_u64() as u32,
            self.qx.val().to_u64() as u32,
            self.qy.val().to_u64() as u32,
        );
        self.pa0.next = p.pa[0].into();
        self.pa1.next = p.pa[1].into();
        self.pb0.next = p.pb[0].into();
        self.pb1.next = p.pb[1].into();
        self.pc.next = p.pc.into();
        self.ea_lsb.next = e10(p.ea_lsb);
        self.eb_lsb.next = e10(p.eb_lsb);
        self.ec.next = e10(p.ec);
        self.sa.next = p.sa;
        self.sb.next = p.sb;
        self.sc.next = p.sc;
        self.za.next = p.za;
        self.zb.next = p.zb;
        self.zc.next = p.zc;
        self.spec.next = p.spec;
        self.spec_y.next = (p.spec_y as u64).into();
        self.zneg.next = p.zneg;
    }
    fn connect(&mut self) {
        self.pa0.connect();
        self.pa1.connect();
        self.pb0.connect();
        self.pb1.connect();
        self.pc.connect();
        self.ea_lsb.connect();
        self.eb_lsb.connect();
        self.ec.connect();
        self.sa.connect();
        self.sb.connect();
        self.sc.connect();
        self.za.connect();
        self.zb.connect();
        self.zc.connect();
        self.spec.connect();
        self.spec_y.connect();
        self.zneg.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [7:0] bea = a[30:23];
wire [7:0] beb = b[30:23];
wire [7:0] bec = c[30:23];
wire na = (bea == 8'd255) & (a[22:0] != 23'd0);
wire nb = (beb == 8'd255) & (b[22:0] != 23'd0);
wire nc = (bec == 8'd255) & (c[22:0] != 23'd0);
wire ia = (bea == 8'd255) & (a[22:0] == 23'd0);
wire ib = (beb == 8'd255) & (b[22:0] == 23'd0);
wire ic = (bec == 8'd255) & (c[22:0] == 23'd0);
wire zea = (bea == 8'd0) | (bea == 8'd255);
wire zeb = (beb == 8'd0) | (beb == 8'd255);
wire zec = (bec == 8'd0) | (bec == 8'd255);
// the multipliers take the significands with their leading one whatever the exponent
// (the terms stage drops a zero term's product), so they start at the inputs
wire [23:0] ma = {1'b1, a[22:0]};
wire [23:0] mb = {1'b1, b[22:0]};
wire [23:0] mc = zec ? 24'd0 : {1'b1, c[22:0]};
wire [13:0] x0 = {1'b0, qx, 1'b1};
wire [13:0] y0 = {1'b0, qy, 1'b1};
// two multipliers for the quad; the second column and row add 2 mA, 2 mB
wire [37:0] qa0 = {14'd0, ma} * {24'd0, x0};
wire [37:0] qb0 = {14'd0, mb} * {24'd0, y0};
wire pos = (ia & ~a[31]) | (ib & ~b[31]) | (ic & ~c[31]);
wire ngi = (ia & a[31]) | (ib & b[31]) | (ic & c[31]);
reg [31:0] sy;
always @(*) begin
   if (na | nb | nc) sy = 32'h7fffffff;
   else if (pos & ngi) sy = 32'h7fffffff;
   else if (ngi) sy = 32'hff800000;
   else if (pos) sy = 32'h7f800000;
   else sy = 32'd0;
end
always @(*) begin
   pa0 = qa0;
   pa1 = qa0 + {13'd0, ma, 1'b0};
   pb0 = qb0;
   pb1 = qb0 + {13'd0, mb, 1'b0};
   pc = {mc, 14'd0};
   ea_lsb = {2'd0, bea} - 10'd151;
   eb_lsb = {2'd0, beb} - 10'd151;
   ec = {2'd0, bec} - 10'd127;
   sa = a[31];
   sb = b[31];
   sc = c[31];
   za = zea;
   zb = zeb;
   zc = zec;
   spec = na | nb | nc | ia | ib | ic;
   spec_y = sy;
   zneg = zea & zeb & zec & a[31] & b[31] & c[31];
end"
            .into(),
        )
    }
}

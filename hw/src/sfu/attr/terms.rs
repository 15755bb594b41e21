//! Planar attribute interpolation, stage 1 ([`crate::sfu::attr`]): unpack A, B, C (G80
//! flush), the pixel-centre coordinates 2x = 2 qx + 2i + 1 and 2y = 2 qy + 2j + 1, the
//! products A 2x and B 2y for both columns and rows of the quad from two multipliers
//! (mA (2qx + 3) = mA (2qx + 1) + 2 mA), and every term normalized: sign, exponent of its
//! leading bit, and a 38-bit significand with the leading one at bit 37. Special results
//! (NaN, infinities) are the same for the whole quad. Combinational, hand-written Verilog
//! with a native Rust model.
//!
//! Ports:
//! - `a`, `b`, `c`   in  32  plane coefficients (binary32)
//! - `qx`, `qy`      in  12  quad origin (pixel centres at qx + i + 1/2, qy + j + 1/2)
//! - `a0_*`, `a1_*`  out     the term A x for i = 0, 1; `b0_*`, `b1_*` B y for j = 0, 1;
//!                           `c_*` the term C: `_z` 1 zero, `_s` 1 sign, `_e` 10 exponent
//!                           of the leading bit (two's complement), `_m` 38 significand
//! - `spec`          out  1  the result of every pixel is `spec_y` (NaN or infinity)
//! - `spec_y`        out 32  that result
//! - `zneg`          out  1  every term is a negative zero (an exact zero sum is -0)
use crate::fp32::bits::{CANON_NAN, FRAC_MASK, INF, NEG_INF};
use rust_hdl::prelude::*;

/// A normalized term: value (-1)^s m 2^(e - 37), m in [2^37, 2^38); zero when z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Term {
    pub z: bool,
    pub s: bool,
    pub e: i32,
    pub m: u64,
}

/// Stage 1 outputs on native integers: terms [a0, a1, b0, b1, c], spec, spec_y, zneg.
pub fn terms(a: u32, b: u32, c: u32, qx: u32, qy: u32) -> ([Term; 5], bool, u32, bool) {
    let un = |x: u32| {
        let be = (x >> 23) & 0xFF;
        let fr = x & FRAC_MASK;
        let m = if be == 0 || be == 255 { 0 } else { (fr | 1 << 23) as u64 };
        (x >> 31 == 1, be as i32, m, be == 255 && fr == 0, be == 255 && fr != 0)
    };
    let (sa, bea, ma, ia, na) = un(a);
    let (sb, beb, mb, ib, nb) = un(b);
    let (sc, bec, mc, ic, nc) = un(c);
    let norm = |s: bool, p: u64, e_lsb: i32| -> Term {
        if p == 0 {
            return Term { z: true, s, e: 0, m: 0 };
        }
        let l = 63 - p.leading_zeros() as i32;
        Term { z: false, s, e: l + e_lsb, m: p << (37 - l) }
    };
    let x0 = (2 * (qx & 0xFFF) + 1) as u64;
    let y0 = (2 * (qy & 0xFFF) + 1) as u64;
    let pa0 = ma * x0;
    let pb0 = mb * y0;
    let t = [
        norm(sa, pa0, bea - 151),
        norm(sa, pa0 + 2 * ma, bea - 151),
        norm(sb, pb0, beb - 151),
        norm(sb, pb0 + 2 * mb, beb - 151),
        norm(sc, mc, bec - 150),
    ];
    let spec = na || nb || nc || ia || ib || ic;
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
    let zneg = ma == 0 && mb == 0 && mc == 0 && sa && sb && sc;
    (t, spec, spec_y, zneg)
}

macro_rules! term_ports {
    ($($z:ident, $s:ident, $e:ident, $m:ident);*) => {
        #[derive(LogicBlock, Default)]
        pub struct SfuAttrTerms {
            pub a: Signal<In, Bits<32>>,
            pub b: Signal<In, Bits<32>>,
            pub c: Signal<In, Bits<32>>,
            pub qx: Signal<In, Bits<12>>,
            pub qy: Signal<In, Bits<12>>,
            $(pub $z: Signal<Out, Bit>, pub $s: Signal<Out, Bit>, pub $e: Signal<Out, Bits<10>>, pub $m: Signal<Out, Bits<38>>,)*
            pub spec: Signal<Out, Bit>,
            pub spec_y: Signal<Out, Bits<32>>,
            pub zneg: Signal<Out, Bit>,
        }

        impl Logic for SfuAttrTerms {
            fn update(&mut self) {
                let (t, spec, spec_y, zneg) = terms(
                    self.a.val().to_u64() as u32,
                    self.b.val().to_u64() as u32,
                    self.c.val().to_u64() as u32,
                    self.qx.val().to_u64() as u32,
                    self.qy.val().to_u64() as u32,
                );
                let mut k = 0;
                $(
                    self.$z.next = t[k].z;
                    self.$s.next = t[k].s;
                    self.$e.next = ((t[k].e as u32 & 0x3FF) as u64).into();
                    self.$m.next = t[k].m.into();
                    k += 1;
                )*
                let _ = k;
                self.spec.next = spec;
                self.spec_y.next = (spec_y as u64).into();
                self.zneg.next = zneg;
            }
            fn connect(&mut self) {
                $(self.$z.connect(); self.$s.connect(); self.$e.connect(); self.$m.connect();)*
                self.spec.connect();
                self.spec_y.connect();
                self.zneg.connect();
            }
            fn hdl(&self) -> Verilog {
                Verilog::Custom(HDL.into())
            }
        }
    };
}

term_ports!(a0_z, a0_s, a0_e, a0_m; a1_z, a1_s, a1_e, a1_m; b0_z, b0_s, b0_e, b0_m; b1_z, b1_s, b1_e, b1_m; c_z, c_s, c_e, c_m);

const HDL: &str = "\
wire [7:0] bea = a[30:23];
wire [7:0] beb = b[30:23];
wire [7:0] bec = c[30:23];
wire na = (bea == 8'd255) & (a[22:0] != 23'd0);
wire nb = (beb == 8'd255) & (b[22:0] != 23'd0);
wire nc = (bec == 8'd255) & (c[22:0] != 23'd0);
wire ia = (bea == 8'd255) & (a[22:0] == 23'd0);
wire ib = (beb == 8'd255) & (b[22:0] == 23'd0);
wire ic = (bec == 8'd255) & (c[22:0] == 23'd0);
wire [23:0] ma = ((bea == 8'd0) | (bea == 8'd255)) ? 24'd0 : {1'b1, a[22:0]};
wire [23:0] mb = ((beb == 8'd0) | (beb == 8'd255)) ? 24'd0 : {1'b1, b[22:0]};
wire [23:0] mc = ((bec == 8'd0) | (bec == 8'd255)) ? 24'd0 : {1'b1, c[22:0]};
wire [13:0] x0 = {1'b0, qx, 1'b1};
wire [13:0] y0 = {1'b0, qy, 1'b1};
// two multipliers for the quad; the second column and row add 2 mA, 2 mB
wire [37:0] pa0 = {14'd0, ma} * {24'd0, x0};
wire [37:0] pb0 = {14'd0, mb} * {24'd0, y0};
wire [37:0] pa1 = pa0 + {13'd0, ma, 1'b0};
wire [37:0] pb1 = pb0 + {13'd0, mb, 1'b0};
wire [37:0] pc = {mc, 14'd0};
// leading-one positions
function [5:0] lead;
   input [37:0] p;
   integer k;
   begin
      lead = 6'd0;
      for (k = 0; k < 38; k = k + 1)
         if (p[k]) lead = k[5:0];
   end
endfunction
wire [5:0] la0 = lead(pa0);
wire [5:0] la1 = lead(pa1);
wire [5:0] lb0 = lead(pb0);
wire [5:0] lb1 = lead(pb1);
wire [9:0] ea_lsb = {2'd0, bea} - 10'd151;
wire [9:0] eb_lsb = {2'd0, beb} - 10'd151;
wire [5:0] sa0 = 6'd37 - la0;
wire [5:0] sa1 = 6'd37 - la1;
wire [5:0] sb0 = 6'd37 - lb0;
wire [5:0] sb1 = 6'd37 - lb1;
wire spec_l = na | nb | nc | ia | ib | ic;
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
   a0_z = (ma == 24'd0);
   a0_s = a[31];
   a0_e = (ma == 24'd0) ? 10'd0 : (ea_lsb + {4'd0, la0});
   a0_m = pa0 << sa0;
   a1_z = (ma == 24'd0);
   a1_s = a[31];
   a1_e = (ma == 24'd0) ? 10'd0 : (ea_lsb + {4'd0, la1});
   a1_m = pa1 << sa1;
   b0_z = (mb == 24'd0);
   b0_s = b[31];
   b0_e = (mb == 24'd0) ? 10'd0 : (eb_lsb + {4'd0, lb0});
   b0_m = pb0 << sb0;
   b1_z = (mb == 24'd0);
   b1_s = b[31];
   b1_e = (mb == 24'd0) ? 10'd0 : (eb_lsb + {4'd0, lb1});
   b1_m = pb1 << sb1;
   c_z = (mc == 24'd0);
   c_s = c[31];
   c_e = (mc == 24'd0) ? 10'd0 : ({2'd0, bec} - 10'd127);
   c_m = pc;
   spec = spec_l;
   spec_y = sy;
   zneg = (ma == 24'd0) & (mb == 24'd0) & (mc == 24'd0) & a[31] & b[31] & c[31];
end";

//! SFU stage 1b: the table index and the `Xl` field of the interpolator operand for the
//! selected table (segmentation from the generated tables, `sfu_table.rs`): the top bits of
//! `u` pick a region, the next bits the segment in it (`Xu`), the rest is `Xl`.
//! Combinational, hand-written Verilog (generated from the table constants) with a native
//! Rust model.
//!
//! Ports:
//! - `tf`      in   3  table (0 rcp, 1 rsqrt, 2 log2, 3 exp2, 4 sin; 5..7 give zeros)
//! - `u`       in  32  table operand
//! - `addr`    out  8  entry within the table
//! - `xl`      out 24  Xl: t = u - Xu with lsb 2^-(m_min + 24)
//! - `region`  out  4  region of `u`
use crate::sfu::table::{SfuTable, XL_BITS};
use crate::sfu::tables::{EX2, LG2, RCP, RSQ, SIN};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuIndex {
    pub tf: Signal<In, Bits<3>>,
    pub u: Signal<In, Bits<32>>,
    pub addr: Signal<Out, Bits<8>>,
    pub xl: Signal<Out, Bits<24>>,
    pub region: Signal<Out, Bits<4>>,
}

/// The tables in `tf` order.
pub const TABLES: [&SfuTable; 5] = [&RCP, &RSQ, &LG2, &EX2, &SIN];

/// (addr, xl, region) on native integers.
pub fn index(tf: u32, u: u32) -> (u32, u32, u32) {
    let Some(t) = TABLES.get(tf as usize) else { return (0, 0, 0) };
    let k = t.region_bits;
    let r = if k == 0 { 0 } else { u >> (32 - k) };
    let m = t.m[r as usize];
    let within = if m == k { 0 } else { (u >> (32 - m)) & ((1 << (m - k)) - 1) };
    let xl = ((((u as u64) << t.m_min) as u32) >> (32 - XL_BITS)) & ((1u32 << (XL_BITS - (m - t.m_min))) - 1);
    (t.base[r as usize] + within, xl, r)
}

/// Verilog for `u[hi:lo]` with zeros below bit 0 when `lo` is negative.
fn slice(hi: i32, lo: i32) -> String {
    if lo >= 0 {
        format!("u[{hi}:{lo}]")
    } else {
        format!("{{u[{hi}:0], {}'d0}}", -lo)
    }
}

impl Logic for SfuIndex {
    fn update(&mut self) {
        let (a, x, r) = index(self.tf.val().to_u64() as u32, self.u.val().to_u64() as u32);
        self.addr.next = (a as u64).into();
        self.xl.next = (x as u64).into();
        self.region.next = (r as u64).into();
    }
    fn connect(&mut self) {
        self.addr.connect();
        self.xl.connect();
        self.region.connect();
    }
    fn hdl(&self) -> Verilog {
        let mut v = String::from(
            "reg [7:0] a_l;\nreg [23:0] x_l;\nreg [3:0] r_l;\nalways @(*) begin\n   a_l = 8'd0;\n   x_l = 24'd0;\n   r_l = 4'd0;\n   case (tf)\n",
        );
        for (i, t) in TABLES.iter().enumerate() {
            let k = t.region_bits as i32;
            v.push_str(&format!("      3'd{i}: begin // {}\n", t.name));
            let body = |r: usize| -> String {
                let m = t.m[r] as i32;
                let mm = t.m_min as i32;
                let within = if m == k {
                    "8'd0".to_string()
                } else {
                    format!("{{{}'d0, u[{}:{}]}}", 8 - (m - k), 31 - k, 32 - m)
                };
                let hi = 31 - m;
                let lo = 8 - mm;
                let width = hi - lo + 1;
                let xl = if m == mm { slice(hi, lo) } else { format!("{{{}'d0, {}}}", 24 - width, slice(hi, lo)) };
                format!("a_l = 8'd{} + {within}; x_l = {xl}; r_l = 4'd{r};", t.base[r])
            };
            if k == 0 {
                v.push_str(&format!("         {}\n", body(0)));
            } else {
                v.push_str(&format!("         case (u[31:{}])\n", 32 - k));
                for r in 0..(1usize << k) {
                    v.push_str(&format!("            {k}'d{r}: begin {} end\n", body(r)));
                }
                v.push_str("            default: begin end\n         endcase\n");
            }
            v.push_str("      end\n");
        }
        v.push_str("      default: begin end\n   endcase\nend\n");
        // bits of u below every table's Xl are unused
        let lo_min = TABLES.iter().map(|t| 8 - t.m_min as i32).min().unwrap();
        if lo_min > 0 {
            v.push_str(&format!("wire unused_u = ^u[{}:0];\n", lo_min - 1));
        }
        v.push_str("always @(*) begin\n   addr = a_l;\n   xl = x_l;\n   region = r_l;\nend");
        Verilog::Custom(v)
    }
}

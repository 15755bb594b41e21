//! SFU stage 5: the sum C0 + (+-C1 Xl) + (+-C2 Xl^2) + bias of the interpolator, aligned to
//! the accumulator (2^-30 lsb): the products are truncated to the accumulator (per table and
//! region shifts), a negative term enters as its one's complement with the +1 folded into
//! the table's constant (bias + C0 offset + negations), two 3:2 carry-save adders reduce
//! the four terms to two, and one carry-propagate adder gives the accumulator.
//! Combinational, hand-written Verilog (shifts and constants generated from the tables)
//! with a native Rust model.
//!
//! Ports:
//! - `tf`      in   3  table
//! - `region`  in   4  region of the operand
//! - `c0`      in  27  C0 (stored value, without its offset)
//! - `p1`      in  40  |C1| Xl
//! - `p2`      in  30  |C2| Xl^2
//! - `acc`     out 34  the sum in units of 2^-30, two's complement
use crate::sfu::index::TABLES;
use crate::sfu::table::ACC_FRAC;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuSum {
    pub tf: Signal<In, Bits<3>>,
    pub region: Signal<In, Bits<4>>,
    pub c0: Signal<In, Bits<27>>,
    pub p1: Signal<In, Bits<40>>,
    pub p2: Signal<In, Bits<30>>,
    pub acc: Signal<Out, Bits<34>>,
}

const M34: u64 = (1 << 34) - 1;

/// The accumulator (34-bit two's complement) on native integers.
pub fn sum(tf: u32, region: u32, c0: u32, p1: u64, p2: u64) -> u64 {
    let Some(t) = TABLES.get(tf as usize) else { return 0 };
    let r = region as usize;
    let t0 = (c0 as i64 + t.off0 as i64) << (ACC_FRAC - t.f0);
    let t1 = (p1 >> t.shift1(r)) as i64;
    let t2 = (p2 >> t.shift2(r)) as i64;
    let a = t0 + if t.neg1 { -t1 } else { t1 } + if t.neg2 { -t2 } else { t2 } + t.bias as i64;
    a as u64 & M34
}

/// `{pad, p[hi:lo]}` as 34 bits, for a `w`-bit input `p` shifted right by `sh`.
fn aligned(p: &str, w: u32, sh: u32) -> String {
    let hi = (w - 1).min(sh + 33);
    let n = hi - sh + 1;
    if n == 34 {
        format!("{p}[{hi}:{sh}]")
    } else {
        format!("{{{}'d0, {p}[{hi}:{sh}]}}", 34 - n)
    }
}

impl Logic for SfuSum {
    fn update(&mut self) {
        let a = sum(
            self.tf.val().to_u64() as u32,
            self.region.val().to_u64() as u32,
            self.c0.val().to_u64() as u32,
            self.p1.val().to_u64(),
            self.p2.val().to_u64(),
        );
        self.acc.next = a.into();
    }
    fn connect(&mut self) {
        self.acc.connect();
    }
    fn hdl(&self) -> Verilog {
        let mut v = String::from(
            "reg [33:0] t0;\nreg [33:0] t1;\nreg [33:0] t2;\nreg [33:0] kc;\nreg n1;\nreg n2;\nalways @(*) begin\n   t0 = 34'd0;\n   t1 = 34'd0;\n   t2 = 34'd0;\n   kc = 34'd0;\n   n1 = 1'b0;\n   n2 = 1'b0;\n   case (tf)\n",
        );
        let (mut min1, mut min2) = (40u32, 30u32);
        for (i, t) in TABLES.iter().enumerate() {
            let sh0 = ACC_FRAC - t.f0;
            let k = ((t.bias as i64 + ((t.off0 as i64) << sh0) + t.neg1 as i64 + t.neg2 as i64) as u64) & M34;
            v.push_str(&format!(
                "      3'd{i}: begin // {}\n         t0 = {{7'd0, c0}} << {sh0};\n         kc = 34'h{k:x};\n         n1 = 1'b{};\n         n2 = 1'b{};\n         case (region)\n",
                t.name, t.neg1 as u8, t.neg2 as u8
            ));
            for r in 0..(1usize << t.region_bits) {
                let (s1, s2) = (t.shift1(r), t.shift2(r));
                min1 = min1.min(s1);
                min2 = min2.min(s2);
                v.push_str(&format!("            4'd{r}: begin t1 = {}; t2 = {}; end\n", aligned("p1", 40, s1), aligned("p2", 30, s2)));
            }
            v.push_str("            default: begin end\n         endcase\n      end\n");
        }
        v.push_str("      default: begin end\n   endcase\nend\n");
        if min1 > 0 {
            v.push_str(&format!("wire unused_p1 = ^p1[{}:0];\n", min1 - 1));
        }
        if min2 > 0 {
            v.push_str(&format!("wire unused_p2 = ^p2[{}:0];\n", min2 - 1));
        }
        v.push_str(
            "\
// 3:2 carry-save adders: (t0, +-t1, +-t2) -> (s1, c1); (s1, c1, kc) -> (s2, c2)
wire [33:0] b = n1 ? ~t1 : t1;
wire [33:0] c = n2 ? ~t2 : t2;
wire [33:0] s1 = t0 ^ b ^ c;
wire [33:0] c1 = {(t0[32:0] & b[32:0]) | (t0[32:0] & c[32:0]) | (b[32:0] & c[32:0]), 1'b0};
wire [33:0] s2 = s1 ^ c1 ^ kc;
wire [33:0] c2 = {(s1[32:0] & c1[32:0]) | (s1[32:0] & kc[32:0]) | (c1[32:0] & kc[32:0]), 1'b0};
// the one carry-propagate adder
wire [33:0] total = s2 + c2;
always @(*) begin
   acc = total;
end",
        );
        Verilog::Custom(v)
    }
}

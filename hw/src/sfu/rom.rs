//! SFU stage 2a: the coefficient ROMs, one per table function, each word {c0, c1, c2}
//! with the function's own widths (the generated `sfu_tables.rs`; 23,208 bits in all).
//! Synchronous read (registered outputs) and `rom_style = "block"`, so Yosys maps all five
//! to block RAM (10 DP16KD on ECP5: each word is wider than 36 bits).
//! An address beyond a table's entries reads entry 0 (only the selected table matters).
//! The table select after the read is combinational; the SFU registers its output (stage
//! 3, "read": [`crate::sfu`]). Hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `clock`  in   1  rising-edge clock
//! - `tf`     in   3  table (0 rcp, 1 rsqrt, 2 log2, 3 exp2, 4 sin)
//! - `addr`   in   8  entry
//! - `c0`     out 27  C0 of the entry read at the last rising edge (zero-extended)
//! - `c1`     out 16  |C1|
//! - `c2`     out 12  |C2|
use crate::sfu::index::TABLES;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuRom {
    pub clock: Signal<In, Clock>,
    pub tf: Signal<In, Bits<3>>,
    pub addr: Signal<In, Bits<8>>,
    pub c0: Signal<Out, Bits<27>>,
    pub c1: Signal<Out, Bits<16>>,
    pub c2: Signal<Out, Bits<12>>,
}

/// Output widths (the largest of the tables' widths).
pub const C0_BITS: u32 = 27;
pub const C1_BITS: u32 = 16;
pub const C2_BITS: u32 = 12;

/// The entry (c0, c1, c2) that a read of `addr` in table `tf` returns.
pub fn read(tf: u32, addr: u32) -> (u32, u32, u32) {
    match TABLES.get(tf as usize) {
        Some(t) => {
            let a = if (addr as usize) < t.entries() { addr as usize } else { 0 };
            (t.c0[a], t.c1[a], t.c2[a])
        }
        None => (0, 0, 0),
    }
}

fn abits(n: usize) -> u32 {
    (usize::BITS - (n - 1).leading_zeros()).max(1)
}

impl Logic for SfuRom {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            let (a, b, c) = read(self.tf.val().to_u64() as u32, self.addr.val().to_u64() as u32);
            self.c0.next = (a as u64).into();
            self.c1.next = (b as u64).into();
            self.c2.next = (c as u64).into();
        }
    }
    fn connect(&mut self) {
        self.c0.connect();
        self.c1.connect();
        self.c2.connect();
    }
    fn hdl(&self) -> Verilog {
        assert!(TABLES.iter().all(|t| t.w0 <= C0_BITS && t.w1 <= C1_BITS && t.w2 <= C2_BITS));
        let mut v = String::new();
        for t in TABLES {
            let w = t.w0 + t.w1 + t.w2;
            let n = t.entries();
            // small ROMs would go to LUTs by Yosys's cost model: ask for block RAM
            v.push_str(&format!("(* rom_style = \"block\" *) reg [{}:0] rom_{} [0:{}];\n", w - 1, t.name, n - 1));
        }
        v.push_str("initial begin\n");
        for t in TABLES {
            let w = t.w0 + t.w1 + t.w2;
            for i in 0..t.entries() {
                let word = ((t.c0[i] as u64) << (t.w1 + t.w2)) | ((t.c1[i] as u64) << t.w2) | t.c2[i] as u64;
                v.push_str(&format!("   rom_{}[{i}] = {w}'h{word:x};\n", t.name));
            }
        }
        v.push_str("end\n");
        for t in TABLES {
            let w = t.w0 + t.w1 + t.w2;
            let n = t.entries();
            let ab = abits(n);
            let sel = if ab == 8 { "addr".to_string() } else { format!("addr[{}:0]", ab - 1) };
            v.push_str(&format!(
                "wire [{}:0] a_{nm} = (addr < 8'd{n}) ? {sel} : {ab}'d0;\nreg [{}:0] q_{nm};\n",
                ab - 1,
                w - 1,
                nm = t.name
            ));
        }
        // read registers start at zero, like the Rust model's outputs
        v.push_str("reg [2:0] tfq;\ninitial begin\n   tfq = 3'd0;\n");
        for t in TABLES {
            v.push_str(&format!("   q_{} = {}'d0;\n", t.name, t.w0 + t.w1 + t.w2));
        }
        v.push_str("end\nalways @(posedge clock) begin\n");
        for t in TABLES {
            v.push_str(&format!("   q_{0} <= rom_{0}[a_{0}];\n", t.name));
        }
        v.push_str("   tfq <= tf;\nend\nreg [26:0] c0_l;\nreg [15:0] c1_l;\nreg [11:0] c2_l;\nalways @(*) begin\n   case (tfq)\n");
        let ext = |bits: u32, w: u32, expr: String| if bits == w { expr } else { format!("{{{}'d0, {expr}}}", bits - w) };
        for (i, t) in TABLES.iter().enumerate() {
            let (w0, w1, w2) = (t.w0, t.w1, t.w2);
            let q = format!("q_{}", t.name);
            v.push_str(&format!(
                "      3'd{i}: begin c0_l = {}; c1_l = {}; c2_l = {}; end\n",
                ext(C0_BITS, w0, format!("{q}[{}:{}]", w0 + w1 + w2 - 1, w1 + w2)),
                ext(C1_BITS, w1, format!("{q}[{}:{}]", w1 + w2 - 1, w2)),
                ext(C2_BITS, w2, format!("{q}[{}:0]", w2 - 1)),
            ));
        }
        v.push_str(
            "      default: begin c0_l = 27'd0; c1_l = 16'd0; c2_l = 12'd0; end\n   endcase\nend\nalways @(*) begin\n   c0 = c0_l;\n   c1 = c1_l;\n   c2 = c2_l;\nend",
        );
        Verilog::Custom(v)
    }
}

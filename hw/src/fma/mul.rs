//! FMA stage 3 (product): the 53x53 significand product in carry-save form (Figure C.6.2).
//! Each operand is split into 18-bit digits (18 + 18 + 17 bits); the nine digit products
//! are 18x18 multiplies (one ECP5 MULT18X18D each) and a tree of 3:2 carry-save adders
//! reduces them (9 -> 6 -> 4 -> 3 -> 2) to two 106-bit vectors whose sum is the product.
//! All vectors are non-negative and sum to less than 2^106, so 106 bits hold them exactly.
//! Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `ma`, `mb`        in   53  significands
//! - `ps_lo`, `ps_hi`  out  64, 42  sum vector (bits 63..0, 105..64)
//! - `pc_lo`, `pc_hi`  out  64, 42  carry vector
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaMul {
    pub ma: Signal<In, Bits<53>>,
    pub mb: Signal<In, Bits<53>>,
    pub ps_lo: Signal<Out, Bits<64>>,
    pub ps_hi: Signal<Out, Bits<42>>,
    pub pc_lo: Signal<Out, Bits<64>>,
    pub pc_hi: Signal<Out, Bits<42>>,
}

const M106: u128 = (1 << 106) - 1;

/// 3:2 carry-save adder on 106-bit vectors: (sum, carry) with sum + carry = x + y + z
/// (mod 2^106).
pub fn csa106(x: u128, y: u128, z: u128) -> (u128, u128) {
    (x ^ y ^ z, (((x & y) | (x & z) | (y & z)) << 1) & M106)
}

/// The carry-save product (sum, carry) of two 53-bit significands.
pub fn model(ma: u64, mb: u64) -> (u128, u128) {
    let d = |m: u64| [m & 0x3FFFF, (m >> 18) & 0x3FFFF, (m >> 36) & 0x1FFFF];
    let (a, b) = (d(ma), d(mb));
    let pp = |i: usize, j: usize| ((a[i] * b[j]) as u128) << (18 * (i + j));
    let (a_s, a_c) = csa106(pp(0, 0), pp(0, 1), pp(1, 0));
    let (b_s, b_c) = csa106(pp(0, 2), pp(2, 0), pp(1, 1));
    let (c_s, c_c) = csa106(pp(1, 2), pp(2, 1), pp(2, 2));
    let (d_s, d_c) = csa106(a_s, a_c, b_s);
    let (e_s, e_c) = csa106(b_c, c_s, c_c);
    let (f_s, f_c) = csa106(d_s, d_c, e_s);
    csa106(f_s, f_c, e_c)
}

/// Verilog of a 3:2 CSA `n` of three `w`-bit vectors: `n_s`, `n_c`.
pub fn csa_verilog(n: &str, x: &str, y: &str, z: &str, w: u32) -> String {
    let t = w - 2;
    format!(
        "wire [{h}:0] {n}_s = {x} ^ {y} ^ {z};\n\
         wire [{t}:0] {n}_m = ({x}[{t}:0] & {y}[{t}:0]) | ({x}[{t}:0] & {z}[{t}:0]) | ({y}[{t}:0] & {z}[{t}:0]);\n\
         wire [{h}:0] {n}_c = {{{n}_m, 1'b0}};\n",
        h = w - 1
    )
}

impl Logic for FmaMul {
    fn update(&mut self) {
        let (s, c) = model(self.ma.val().to_u64(), self.mb.val().to_u64());
        self.ps_lo.next = (s as u64).into();
        self.ps_hi.next = ((s >> 64) as u64).into();
        self.pc_lo.next = (c as u64).into();
        self.pc_hi.next = ((c >> 64) as u64).into();
    }

    fn connect(&mut self) {
        self.ps_lo.connect();
        self.ps_hi.connect();
        self.pc_lo.connect();
        self.pc_hi.connect();
    }

    fn hdl(&self) -> Verilog {
        let mut v = String::from(
            "\
// 18-bit digits; nine 18x18 digit products (MULT18X18D), placed at 18*(i+j).
wire [17:0] a0 = ma[17:0];
wire [17:0] a1 = ma[35:18];
wire [16:0] a2 = ma[52:36];
wire [17:0] b0 = mb[17:0];
wire [17:0] b1 = mb[35:18];
wire [16:0] b2 = mb[52:36];
wire [35:0] p00 = {18'd0, a0} * {18'd0, b0};
wire [35:0] p01 = {18'd0, a0} * {18'd0, b1};
wire [35:0] p10 = {18'd0, a1} * {18'd0, b0};
wire [35:0] p11 = {18'd0, a1} * {18'd0, b1};
wire [34:0] p02 = {17'd0, a0} * {18'd0, b2};
wire [34:0] p20 = {18'd0, a2} * {17'd0, b0};
wire [34:0] p12 = {17'd0, a1} * {18'd0, b2};
wire [34:0] p21 = {18'd0, a2} * {17'd0, b1};
wire [33:0] p22 = {17'd0, a2} * {17'd0, b2};
wire [105:0] v00 = {70'd0, p00};
wire [105:0] v01 = {52'd0, p01, 18'd0};
wire [105:0] v10 = {52'd0, p10, 18'd0};
wire [105:0] v02 = {35'd0, p02, 36'd0};
wire [105:0] v20 = {35'd0, p20, 36'd0};
wire [105:0] v11 = {34'd0, p11, 36'd0};
wire [105:0] v12 = {17'd0, p12, 54'd0};
wire [105:0] v21 = {17'd0, p21, 54'd0};
wire [105:0] v22 = {p22, 72'd0};
// Carry-save tree: 9 -> 6 -> 4 -> 3 -> 2.
",
        );
        for (n, x, y, z) in [
            ("ta", "v00", "v01", "v10"),
            ("tb", "v02", "v20", "v11"),
            ("tc", "v12", "v21", "v22"),
            ("td", "ta_s", "ta_c", "tb_s"),
            ("te", "tb_c", "tc_s", "tc_c"),
            ("tf", "td_s", "td_c", "te_s"),
            ("tg", "tf_s", "tf_c", "te_c"),
        ] {
            v.push_str(&csa_verilog(n, x, y, z, 106));
        }
        v.push_str(
            "\
always @(*) begin
   ps_lo = tg_s[63:0];
   ps_hi = tg_s[105:64];
   pc_lo = tg_c[63:0];
   pc_hi = tg_c[105:64];
end
",
        );
        Verilog::Custom(v)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn carry_save_sum_is_the_product() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (a, b) = (x & ((1 << 53) - 1), (x >> 11) | 1 << 52);
            let (s, c) = super::model(a, b);
            assert_eq!(s + c, a as u128 * b as u128);
        }
        let m = (1u64 << 53) - 1;
        let (s, c) = super::model(m, m);
        assert_eq!(s + c, m as u128 * m as u128);
    }
}

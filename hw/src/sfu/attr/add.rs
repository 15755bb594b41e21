//! Planar attribute interpolation, stage "add" ([`crate::sfu::attr::sum`]), one pixel: the
//! window's addends, in carry-save form from stage "align" (partial sum `p`, carries `q`,
//! a constant `k` of -1..4), summed to the 146-bit two's complement window sum. A second
//! level of full adders takes in `k` (sign-extended), then one carry-propagate add, a carry
//! select: the low word (64 bits) beside the high part (82 bits) added with a carry in of 0
//! and of 1, the low word's carry out picking one, so the longest carry chain is 82 bits,
//! not 146. Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `p_hi`, `p_lo`, `q_hi`, `q_lo`, `k`  in  the addends
//!   ([`crate::sfu::attr::align::SfuAttrAlign`]'s outputs of the same names)
//! - `s_hi`, `s_lo`  out 82, 64  the window sum (bit 142 has weight 2^ea)
use crate::sfu::attr::align::{k_of, CarrySave};
use crate::sfu::attr::wide::{join, split, Wide};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuAttrAdd {
    pub p_hi: Signal<In, Bits<82>>,
    pub p_lo: Signal<In, Bits<64>>,
    pub q_hi: Signal<In, Bits<82>>,
    pub q_lo: Signal<In, Bits<64>>,
    pub k: Signal<In, Bits<4>>,
    pub s_hi: Signal<Out, Bits<82>>,
    pub s_lo: Signal<Out, Bits<64>>,
}

/// The window sum (146-bit two's complement) of the addends.
pub fn add(c: &CarrySave) -> Wide {
    c.p.add(c.q).add(Wide::from_i64(c.k))
}

impl Logic for SfuAttrAdd {
    fn update(&mut self) {
        let s = add(&CarrySave {
            p: join(self.p_hi.val(), self.p_lo.val()),
            q: join(self.q_hi.val(), self.q_lo.val()),
            k: k_of(self.k.val()),
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
wire [145:0] s1 = {p_hi, p_lo};
wire [145:0] c1 = {q_hi, q_lo};
wire [145:0] xk = {{142{k[3]}}, k};
// the second level of full adders: s1 + c1 + xk = s2 + c2
wire [145:0] s2 = s1 ^ c1 ^ xk;
wire [144:0] m2 = (s1[144:0] & c1[144:0]) | (s1[144:0] & xk[144:0]) | (c1[144:0] & xk[144:0]);
wire [145:0] c2 = {m2, 1'b0};
// carry select: the low word's add beside both high words (carry in 0 and 1)
wire [64:0] lo = {1'b0, s2[63:0]} + {1'b0, c2[63:0]};
wire [81:0] hi0 = s2[145:64] + c2[145:64];
wire [81:0] hi1 = s2[145:64] + c2[145:64] + 82'd1;
always @(*) begin
   s_hi = lo[64] ? hi1 : hi0;
   s_lo = lo[63:0];
end"
            .into(),
        )
    }
}

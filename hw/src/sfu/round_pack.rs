//! SFU rounding and packing, shared by the function path ([`crate::sfu::post`]) and the
//! attribute interpolator ([`crate::sfu::attr::round`]): a normalized 24-bit significand
//! is rounded to nearest even with its round and sticky bits, a carry out of the
//! significand bumps the exponent, and the result is packed with the G80 rule (the
//! exponent is unbounded until the end: above 127 is infinity, below -126 a signed zero).
//! A zero magnitude is a signed zero; a special result replaces the value. Combinational,
//! hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `sgn`     in   1  sign of the result (also of a zero)
//! - `zero`    in   1  the magnitude is zero
//! - `sig`     in  24  significand, leading one at bit 23 (ignored when `zero`)
//! - `rb`      in   1  round bit: the first bit below `sig`
//! - `st`      in   1  sticky: any bit below `rb`
//! - `e`       in  11  unbiased exponent of `sig`'s leading one (two's complement)
//! - `spec`    in   1  the result is `spec_y`
//! - `spec_y`  in  32  special result
//! - `y`       out 32  the binary32 result
use crate::fp32::bits;
use crate::sfu::sext;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuRoundPack {
    pub sgn: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub sig: Signal<In, Bits<24>>,
    pub rb: Signal<In, Bit>,
    pub st: Signal<In, Bit>,
    pub e: Signal<In, Bits<11>>,
    pub spec: Signal<In, Bit>,
    pub spec_y: Signal<In, Bits<32>>,
    pub y: Signal<Out, Bits<32>>,
}

/// A normalized value before rounding: what the normalization stages hand to
/// [`round_pack`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Normalized {
    pub sgn: bool,
    pub zero: bool,
    pub sig: u32,
    pub rb: bool,
    pub st: bool,
    pub e: i32,
}

/// A normalization leaf's six outputs (`sgn`, `zero`, `sig`, `rb`, `st`, `e`):
/// `normalized_outputs!(drive self, n)` sets them from a [`Normalized`] `n`,
/// `normalized_outputs!(connect self)` connects them.
macro_rules! normalized_outputs {
    (drive $s:ident, $n:expr) => {{
        let n: $crate::sfu::round_pack::Normalized = $n;
        $s.sgn.next = n.sgn;
        $s.zero.next = n.zero;
        $s.sig.next = (n.sig as u64).into();
        $s.rb.next = n.rb;
        $s.st.next = n.st;
        $s.e.next = ((n.e as u32 & 0x7FF) as u64).into();
    }};
    (connect $s:ident) => {{
        $s.sgn.connect();
        $s.zero.connect();
        $s.sig.connect();
        $s.rb.connect();
        $s.st.connect();
        $s.e.connect();
    }};
}
pub(crate) use normalized_outputs;

/// The binary32 result on native integers.
pub fn round_pack(n: Normalized, spec: bool, spec_y: u32) -> u32 {
    if spec {
        return spec_y;
    }
    let s = (n.sgn as u32) << 31;
    if n.zero {
        return s;
    }
    let up = n.rb && (n.st || n.sig & 1 == 1);
    let sig25 = n.sig + up as u32;
    let carry = sig25 >> 24;
    let ex = n.e + carry as i32;
    let mant = if carry == 1 { 0 } else { sig25 & bits::FRAC_MASK };
    if ex > 127 {
        s | bits::INF
    } else if ex < -126 {
        s
    } else {
        s | (((ex + 127) as u32) << 23) | mant
    }
}

impl Logic for SfuRoundPack {
    fn update(&mut self) {
        let n = Normalized {
            sgn: self.sgn.val(),
            zero: self.zero.val(),
            sig: self.sig.val().to_u64() as u32,
            rb: self.rb.val(),
            st: self.st.val(),
            e: sext(self.e.val().to_u64(), 11) as i32,
        };
        let y = round_pack(n, self.spec.val(), self.spec_y.val().to_u64() as u32);
        self.y.next = (y as u64).into();
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire up = rb & (st | sig[0]);
wire [24:0] sig25 = {1'b0, sig} + {24'd0, up};
wire unused_hidden = sig25[23];
// The carry out of the increment is the all-ones test of the significand, and it selects
// between the exponent's tests and biased fields computed beside it for e and e + 1.
wire carry = up & (&sig);
wire unused_carry = sig25[24];
wire [22:0] mant = carry ? 23'd0 : sig25[22:0];
wire ovf = carry ? ($signed(e) > $signed(11'd126)) : ($signed(e) > $signed(11'd127));
wire unf = carry ? ($signed(e) < $signed(-11'sd127)) : ($signed(e) < $signed(-11'sd126));
wire [7:0] bex = carry ? (e[7:0] + 8'd128) : (e[7:0] + 8'd127);
reg [31:0] r;
always @(*) begin
   if (spec) r = spec_y;
   else if (zero) r = {sgn, 31'd0};
   else if (ovf) r = {sgn, 8'hff, 23'd0};
   else if (unf) r = {sgn, 31'd0};
   else r = {sgn, bex, mant};
end
always @(*) begin
   y = r;
end"
            .into(),
        )
    }
}

//! SFU stage 5: normalization and output. Negative sums are clamped to zero; log2 adds the
//! integer part (`lgi`) in fixed point (sign and magnitude follow); a leading-zero count
//! and a left shift normalize, the result is rounded to 24 bits to nearest even, the
//! exponent adjusted (`eadj`), and packed with the G80 rule (rounded with an unbounded
//! exponent, then flushed to a signed zero below 2^-126; overflow to infinity). A special
//! result replaces it. Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `acc`     in  34  the interpolator's sum (2^-30 lsb, two's complement)
//! - `lg2`     in   1  log2: add `lgi`
//! - `lgi`     in   8  integer part (two's complement)
//! - `eadj`    in  10  exponent adjustment (two's complement)
//! - `neg`     in   1  sign of the result (not log2)
//! - `spec`    in   1  the result is `spec_y`
//! - `spec_y`  in  32  special result
//! - `y`       out 32  the result
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct SfuPost {
    pub acc: Signal<In, Bits<34>>,
    pub lg2: Signal<In, Bit>,
    pub lgi: Signal<In, Bits<8>>,
    pub eadj: Signal<In, Bits<10>>,
    pub neg: Signal<In, Bit>,
    pub spec: Signal<In, Bit>,
    pub spec_y: Signal<In, Bits<32>>,
    pub y: Signal<Out, Bits<32>>,
}

fn sext(v: u64, bits: u32) -> i64 {
    ((v << (64 - bits)) as i64) >> (64 - bits)
}

/// The result on native integers.
#[allow(clippy::too_many_arguments)]
pub fn post(acc: u64, lg2: bool, lgi: u64, eadj: u64, neg: bool, spec: bool, spec_y: u32) -> u32 {
    if spec {
        return spec_y;
    }
    let a = sext(acc, 34).max(0);
    let v = if lg2 { (sext(lgi, 8) << 30) + a } else { a };
    let sgn = if lg2 { v < 0 } else { neg };
    let mag = v.unsigned_abs();
    let s = (sgn as u32) << 31;
    if mag == 0 {
        return s;
    }
    let lz = mag.leading_zeros() - 24; // within 40 bits
    let norm = mag << lz;
    let sig = norm >> 16;
    let rest = norm & 0xFFFF;
    let up = rest > 0x8000 || (rest == 0x8000 && sig & 1 == 1);
    let sig25 = sig + up as u64;
    let ex = 9 - lz as i64 + sext(eadj, 10) + (sig25 >> 24) as i64;
    let mant = if sig25 >> 24 == 1 { 0 } else { (sig25 & 0x7F_FFFF) as u32 };
    if ex > 127 {
        s | 0x7F80_0000
    } else if ex < -126 {
        s
    } else {
        s | (((ex + 127) as u32) << 23) | mant
    }
}

impl Logic for SfuPost {
    fn update(&mut self) {
        let y = post(
            self.acc.val().to_u64(),
            self.lg2.val(),
            self.lgi.val().to_u64(),
            self.eadj.val().to_u64(),
            self.neg.val(),
            self.spec.val(),
            self.spec_y.val().to_u64() as u32,
        );
        self.y.next = (y as u64).into();
    }
    fn connect(&mut self) {
        self.y.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [33:0] accp = acc[33] ? 34'd0 : acc;
wire [39:0] lgv = {{2{lgi[7]}}, lgi, 30'd0};
wire [39:0] v = lg2 ? (lgv + {6'd0, accp}) : {6'd0, accp};
wire vneg = lg2 & v[39];
wire [39:0] mag = vneg ? (40'd0 - v) : v;
wire sgn = lg2 ? vneg : neg;
reg [5:0] lz;
integer i;
always @(*) begin
   lz = 6'd40;
   for (i = 0; i < 40; i = i + 1)
      if (mag[i]) lz = 6'd39 - i[5:0];
end
wire [39:0] norm = mag << lz;
wire [23:0] sig = norm[39:16];
wire rb = norm[15];
wire st = |norm[14:0];
wire up = rb & (st | sig[0]);
wire [24:0] sig25 = {1'b0, sig} + {24'd0, up};
wire [10:0] ex = 11'd9 - {5'd0, lz} + {eadj[9], eadj} + {10'd0, sig25[24]};
wire [22:0] mant = sig25[24] ? 23'd0 : sig25[22:0];
wire unused_hidden = sig25[23];
wire ovf = $signed(ex) > $signed(11'd127);
wire unf = $signed(ex) < $signed(-11'sd126);
wire [7:0] bex = ex[7:0] + 8'd127;
reg [31:0] r;
always @(*) begin
   if (spec) r = spec_y;
   else if (mag == 40'd0) r = {sgn, 31'd0};
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

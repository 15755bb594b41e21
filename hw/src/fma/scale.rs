//! FMA stage 2 (scale): subnormal multiplier operands normalised (shifted up by their
//! leading-zero count, E down by as much), so the product of nonzero operands is in
//! [2^104, 2^106), and the addend's alignment.
//!
//! Alignment (Figure C.6.2): the addend's LSB lands at bit k = Ec - (Ea+Eb) + 52 of a
//! 161-bit window whose bit 0 is the product's LSB. When k >= 108 (addend far above the
//! product) or the product is zero, the addend is pinned at k = 108 (its MSB at bit 160)
//! and the window exponent follows the addend: the product, less than a quarter of the
//! addend's ulp, then only acts as a sticky value, which rounds the same. A zero addend
//! has Ec = emin like a subnormal. Combinational, hand-written Verilog with a native Rust
//! model (co-simulated as part of `fma`).
//!
//! Ports:
//! - `xm`, `ym`      in  53  multiplier significands ([`crate::fma::unpack`])
//! - `xlz`, `ylz`    in   6  their leading zeros
//! - `xe`, `ye`, `ze` in 14  exponents of the significands' bit 52 (two's complement)
//! - `pzero`         in   1  the product is zero
//! - `ma`, `mb`      out 53  normalised multiplier significands (0 for a zero)
//! - `shr`           out  8  right shift of the addend from the window top (108 - k),
//!                           saturated at 161 (the whole addend below the window: sticky only)
//! - `ew`            out 14  exponent of window bit 0 (two's complement)
use crate::fma::norm::s14;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaScale {
    pub xm: Signal<In, Bits<53>>,
    pub ym: Signal<In, Bits<53>>,
    pub xlz: Signal<In, Bits<6>>,
    pub ylz: Signal<In, Bits<6>>,
    pub xe: Signal<In, Bits<14>>,
    pub ye: Signal<In, Bits<14>>,
    pub ze: Signal<In, Bits<14>>,
    pub pzero: Signal<In, Bit>,
    pub ma: Signal<Out, Bits<53>>,
    pub mb: Signal<Out, Bits<53>>,
    pub shr: Signal<Out, Bits<8>>,
    pub ew: Signal<Out, Bits<14>>,
}

/// (ma, mb, shr, ew) from the unpacked values (exponents as 14-bit two's complement).
pub fn model(xm: u64, ym: u64, xlz: u64, ylz: u64, xe: u64, ye: u64, ze: u64, pzero: bool) -> (u64, u64, u64, u64) {
    let ma = (xm << xlz) & ((1 << 53) - 1);
    let mb = (ym << ylz) & ((1 << 53) - 1);
    let ep = (s14(xe) - xlz as i64) + (s14(ye) - ylz as i64);
    let k = s14(ze) - ep + 52;
    let clamp = pzero || k >= 108;
    let r_full = 108 - k;
    let shr = if clamp { 0 } else if r_full > 161 { 161 } else { r_full as u64 };
    let ew = if clamp { s14(ze) - 160 } else { ep - 104 };
    (ma, mb, shr, (ew as u64) & 0x3FFF)
}

impl Logic for FmaScale {
    fn update(&mut self) {
        let (ma, mb, shr, ew) = model(
            self.xm.val().to_u64(),
            self.ym.val().to_u64(),
            self.xlz.val().to_u64(),
            self.ylz.val().to_u64(),
            self.xe.val().to_u64(),
            self.ye.val().to_u64(),
            self.ze.val().to_u64(),
            self.pzero.val(),
        );
        self.ma.next = ma.into();
        self.mb.next = mb.into();
        self.shr.next = shr.into();
        self.ew.next = ew.into();
    }

    fn connect(&mut self) {
        self.ma.connect();
        self.mb.connect();
        self.shr.connect();
        self.ew.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [13:0] ep = (xe - {8'd0, xlz}) + (ye - {8'd0, ylz});
wire [13:0] k = (ze - ep) + 14'd52;
wire clamp = pzero | ($signed(k) >= $signed(14'd108));
wire [13:0] r_full = 14'd108 - k;
always @(*) begin
   ma = xm << xlz;
   mb = ym << ylz;
   shr = clamp ? 8'd0 : (($signed(r_full) > $signed(14'd161)) ? 8'd161 : r_full[7:0]);
   ew = clamp ? (ze - 14'd160) : (ep - 14'd104);
end
"
            .into(),
        )
    }
}

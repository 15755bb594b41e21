//! FMA stage 3 (product): the addend, conditionally inverted and aligned into the 161-bit
//! window (Figure C.6.2). The 53-bit significand starts above the window (`{mc, 161'b0}`,
//! 214 bits) and is shifted right by `shr`; the top 161 bits are the window, bits shifted
//! below it are OR-ed into `sticky`. For an effective subtraction the window word (with a
//! sign bit, 162 bits) is inverted; the +1 of the two's complement is the CPA's carry-in
//! `cin`, dropped when sticky bits were shifted out (then -(C + f), 0 < f < 1, is ~C + (1 -
//! f): the integer part is ~C and the fraction stays sticky). Combinational, hand-written
//! Verilog with a native Rust model.
//!
//! Ports:
//! - `mc`             in   53  addend significand
//! - `shr`            in    8  right shift (0: addend MSB at window bit 160)
//! - `sub`            in    1  effective subtraction
//! - `al0`, `al1`     out  64  aligned (inverted) addend, bits 63..0, 127..64
//! - `al2`            out  34  bits 161..128 (bit 161 is the sign)
//! - `sticky`         out   1  addend bits below the window
//! - `cin`            out   1  carry-in for the CPA (sub and not sticky)
use crate::fma::wide::W256;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaAlign {
    pub mc: Signal<In, Bits<53>>,
    pub shr: Signal<In, Bits<8>>,
    pub sub: Signal<In, Bit>,
    pub al0: Signal<Out, Bits<64>>,
    pub al1: Signal<Out, Bits<64>>,
    pub al2: Signal<Out, Bits<34>>,
    pub sticky: Signal<Out, Bit>,
    pub cin: Signal<Out, Bit>,
}

/// (aligned 162-bit word, sticky, cin).
pub fn model(mc: u64, shr: u32, sub: bool) -> (W256, bool, bool) {
    let sh = W256::from_u64_at(mc, 161).shr(shr);
    let win = sh.shr(53).trunc(161);
    let sticky = !sh.trunc(53).is_zero();
    let al = if sub { win.not().trunc(162) } else { win };
    (al, sticky, sub && !sticky)
}

impl Logic for FmaAlign {
    fn update(&mut self) {
        let (al, st, cin) = model(self.mc.val().to_u64(), self.shr.val().to_u64() as u32, self.sub.val());
        self.al0.next = al.field(0, 64).into();
        self.al1.next = al.field(64, 64).into();
        self.al2.next = al.field(128, 34).into();
        self.sticky.next = st;
        self.cin.next = cin;
    }

    fn connect(&mut self) {
        self.al0.connect();
        self.al1.connect();
        self.al2.connect();
        self.sticky.connect();
        self.cin.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [213:0] ext = {mc, 161'd0};
wire [213:0] sh = ext >> shr;
wire [160:0] win = sh[213:53];
wire st = |sh[52:0];
wire [161:0] al = sub ? ~{1'b0, win} : {1'b0, win};
always @(*) begin
   al0 = al[63:0];
   al1 = al[127:64];
   al2 = al[161:128];
   sticky = st;
   cin = sub & ~st;
end
"
            .into(),
        )
    }
}

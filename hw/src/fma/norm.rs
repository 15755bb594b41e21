//! FMA stage 7 (normalize): the normalisation of Figure C.6.2 and the round stage's
//! operands. The magnitude is shifted left by L = min(lz, lim), lim = ew + 160 - emin
//! ([`crate::fma::limit`], a stage earlier): by its leading-zero count, unless that would
//! take the exponent below emin, in which case the result is subnormal (tiny) and stays on
//! the emin grid. The top p bits (53 or 24) are the significand to round, the next bit the
//! guard, the bits below (plus the addend's sticky) the sticky bit. Only the shifted
//! magnitude's top 54 bits are formed: the sticky bit comes from the trailing-zero count
//! (a one bit lands below the guard bit when the count plus L is below the guard's
//! position). Tininess is detected here, before rounding (exact result below 2^emin).
//! Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `m0`, `m1`, `m2`  in  64, 64, 33  magnitude (161 bits)
//! - `lz`, `tz`        in   8  its leading- and trailing-zero counts (161: zero)
//! - `lim`             in  14  ew + 160 - emin (two's complement), ew the exponent of
//!                             magnitude bit 0
//! - `sticky`          in   1  addend bits below the window
//! - `fmt`             in   1  1 binary64, 0 binary32
//! - `q`               out 53  significand, p bits (binary32: the low 24)
//! - `g`, `st`         out  1  guard and sticky bits
//! - `eb1`             out 14  biased exponent of the significand's top bit, minus one
//!                             (two's complement)
//! - `tiny`            out  1  the exact result is below 2^emin (and not zero)
//! - `ezero`           out  1  the exact result is zero (magnitude and sticky zero)
use crate::fma::wide::W256;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct FmaNorm {
    pub m0: Signal<In, Bits<64>>,
    pub m1: Signal<In, Bits<64>>,
    pub m2: Signal<In, Bits<33>>,
    pub lz: Signal<In, Bits<8>>,
    pub tz: Signal<In, Bits<8>>,
    pub lim: Signal<In, Bits<14>>,
    pub sticky: Signal<In, Bit>,
    pub fmt: Signal<In, Bit>,
    pub q: Signal<Out, Bits<53>>,
    pub g: Signal<Out, Bit>,
    pub st: Signal<Out, Bit>,
    pub eb1: Signal<Out, Bits<14>>,
    pub tiny: Signal<Out, Bit>,
    pub ezero: Signal<Out, Bit>,
}

/// Inputs of [`model`], as plain values.
#[derive(Clone, Copy, Debug, Default)]
pub struct NormIn {
    pub mag: W256,
    pub lz: u32,
    pub tz: u32,
    pub lim: u64,
    pub sticky: bool,
    pub f64_: bool,
}

/// Outputs of [`model`], as plain values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NormOut {
    pub q: u64,
    pub g: bool,
    pub st: bool,
    pub eb1: i64,
    pub tiny: bool,
    pub ezero: bool,
}

/// 14-bit two's complement to i64.
pub fn s14(x: u64) -> i64 {
    ((x << 50) as i64) >> 50
}

/// The normalized operands of the round stage, the sticky bit from `tz` as in the
/// Verilog (so that the two agree on any register contents, not only where `tz` is the
/// trailing-zero count of `mag`).
pub fn model(i: &NormIn) -> NormOut {
    let f64_ = i.f64_;
    let lim = s14(i.lim);
    let lz = i.lz as i64;
    let lz_fits = lim >= 0 && lz <= lim;
    let l = if lz_fits { lz } else if lim < 0 { 0 } else { lim };
    let mzero = i.lz == 161;
    let n = i.mag.shl(l as u32).trunc(161);
    let (q, g, guard_at) = if f64_ {
        (n.field(108, 53), n.bit(107), 107)
    } else {
        (n.field(137, 24), n.bit(136), 136)
    };
    let st = (i.tz as i64) + l < guard_at;
    NormOut {
        q,
        g,
        st: st || i.sticky,
        eb1: lim - l,
        tiny: !lz_fits && !mzero,
        ezero: mzero && !i.sticky,
    }
}

impl Logic for FmaNorm {
    fn update(&mut self) {
        let i = NormIn {
            mag: W256::from_limbs(&[(self.m0.val().to_u64(), 64), (self.m1.val().to_u64(), 64), (self.m2.val().to_u64(), 33)]),
            lz: self.lz.val().to_u64() as u32,
            tz: self.tz.val().to_u64() as u32,
            lim: self.lim.val().to_u64(),
            sticky: self.sticky.val(),
            f64_: self.fmt.val(),
        };
        let o = model(&i);
        self.q.next = o.q.into();
        self.g.next = o.g;
        self.st.next = o.st;
        self.eb1.next = ((o.eb1 as u64) & 0x3FFF).into();
        self.tiny.next = o.tiny;
        self.ezero.next = o.ezero;
    }

    fn connect(&mut self) {
        self.q.connect();
        self.g.connect();
        self.st.connect();
        self.eb1.connect();
        self.tiny.connect();
        self.ezero.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
wire [160:0] mag = {m2, m1, m0};
// Normalisation amount: the leading-zero count, limited so the exponent stays >= emin.
wire lz_fits = ~lim[13] & ((|lim[12:8]) | (lz <= lim[7:0]));
wire [7:0] nsh = lz_fits ? lz : (lim[13] ? 8'd0 : lim[7:0]);
wire mzero = (lz == 8'd161);
// The shifted magnitude's bits 160..107 (binary64: significand and guard; binary32: the
// top 25 of them); ext's bit j is the magnitude's bit j - 54.
wire [214:0] ext = {mag, 54'd0};
wire [53:0] top = ext[8'd214 - nsh -: 54];
// The lowest one bit lands at tz + nsh: below the guard bit (107 or 136), it sets the
// sticky bit (a zero magnitude counts 161 and never does).
wire [8:0] low = {1'b0, tz} + {1'b0, nsh};
always @(*) begin
   q = fmt ? top[53:1] : {29'd0, top[53:30]};
   g = fmt ? top[0] : top[29];
   st = (low < (fmt ? 9'd107 : 9'd136)) | sticky;
   eb1 = lim - {6'd0, nsh};
   tiny = ~lz_fits & ~mzero;
   ezero = mzero & ~sticky;
end
"
            .into(),
        )
    }
}

//! FMA stage 7 (normalize): the normalisation of Figure C.6.2 and the round stage's
//! operands. The magnitude is shifted left by L = min(lz, ew + 160 - emin): by its
//! leading-zero count, unless that would take the exponent below emin, in which case the
//! result is subnormal (tiny) and stays on the emin grid. The top p bits (53 or 24) are
//! the significand to round, the next bit the guard, the bits below (plus the addend's
//! sticky) the sticky bit. Tininess is detected here, before rounding (exact result below
//! 2^emin). Combinational, hand-written Verilog with a native Rust model.
//!
//! Ports:
//! - `m0`, `m1`, `m2`  in  64, 64, 33  magnitude (161 bits)
//! - `lz`              in   8  its leading-zero count (161: zero)
//! - `ew`              in  14  exponent of magnitude bit 0 (two's complement)
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
    pub ew: Signal<In, Bits<14>>,
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
    pub ew: u64,
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

pub fn model(i: &NormIn) -> NormOut {
    let f64_ = i.f64_;
    let emin: i64 = if f64_ { -1022 } else { -126 };
    let ew = s14(i.ew);
    let lim = ew + 160 - emin;
    let lz = i.lz as i64;
    let lz_fits = lim >= 0 && lz <= lim;
    let l = if lz_fits { lz } else if lim < 0 { 0 } else { lim };
    let mzero = i.lz == 161;
    let n = i.mag.shl(l as u32).trunc(161);
    let er = ew + 160 - l;
    let (q, g, st) = if f64_ {
        (n.field(108, 53), n.bit(107), !n.trunc(107).is_zero())
    } else {
        (n.field(137, 24), n.bit(136), !n.trunc(136).is_zero())
    };
    NormOut {
        q,
        g,
        st: st || i.sticky,
        eb1: er + if f64_ { 1022 } else { 126 },
        tiny: !lz_fits && !mzero,
        ezero: mzero && !i.sticky,
    }
}

impl Logic for FmaNorm {
    fn update(&mut self) {
        let i = NormIn {
            mag: W256::from_limbs(&[(self.m0.val().to_u64(), 64), (self.m1.val().to_u64(), 64), (self.m2.val().to_u64(), 33)]),
            lz: self.lz.val().to_u64() as u32,
            ew: self.ew.val().to_u64(),
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
wire [13:0] lim = (ew + 14'd160) - (fmt ? 14'h3C02 : 14'h3F82);
wire [13:0] lz14 = {6'd0, lz};
wire lz_fits = ~lim[13] & (lz14 <= lim);
wire [7:0] nsh = lz_fits ? lz : (lim[13] ? 8'd0 : lim[7:0]);
wire mzero = (lz == 8'd161);
wire [160:0] nrm = mag << nsh;
wire [13:0] er = (ew + 14'd160) - {6'd0, nsh};
always @(*) begin
   q = fmt ? nrm[160:108] : {29'd0, nrm[160:137]};
   g = fmt ? nrm[107] : nrm[136];
   st = (fmt ? (|nrm[106:0]) : (|nrm[135:0])) | sticky;
   eb1 = er + (fmt ? 14'd1022 : 14'd126);
   tiny = ~lz_fits & ~mzero;
   ezero = mzero & ~sticky;
end
"
            .into(),
        )
    }
}

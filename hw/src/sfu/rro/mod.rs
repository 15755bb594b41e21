//! The SFU's range reduction (RRO, the G80's separate pre-instruction before sin, cos and
//! ex2): a binary32 `x` to the 32-bit fixed-point word that `sin`/`cos` or `ex2` consume
//! (formats in docs/sfu.md, "RRO formats").
//!
//! - `rro.sincos`: |x| >= 2^-12: sign, 1, then x*2/pi mod 4 as 2 quadrant bits and a
//!   28-bit fraction of a quarter turn, rounded to nearest. The product uses the 64 bits
//!   of 2/pi that matter for x's exponent (Payne-Hanek: bits below contribute less than
//!   2^-38, bits above only multiples of 4), so every finite x is reduced accurately.
//!   |x| < 2^-12 passes unchanged (bit 30 is 0: sin x = x, cos x = 1 after rounding);
//!   NaN and infinities give 0x3FFFFFFF.
//! - `rro.ex2`: sign, L, magnitude: L = 1 for 1 <= |x| < 128 with a 7-bit integer part and
//!   23-bit fraction (exact); L = 0 for |x| < 1 with |x| * 2^30 truncated; |x| >= 128 or
//!   infinite: sign, L = 1, zero integer part and fraction (saturated); NaN 0x407FFFFF.
//! Subnormal inputs are flushed to a signed zero first.
//!
//! Blocks: [`SfuRroA`](crate::sfu::rro::a::SfuRroA) (unpack, window of 2/pi, 24x64 product, the ex2 conversion),
//! [`SfuRroB`](crate::sfu::rro::b::SfuRroB) (rounding and packing), and [`SfuRro`], the exported block: A, a
//! register, B, a register; latency 2, one operation per clock.

pub mod a;
pub mod b;
use crate::sfu::rro::a::SfuRroA;
use crate::sfu::rro::b::SfuRroB;
use rust_hdl::prelude::*;

/// The exported RRO block: latency 2, one operation per clock.
///
/// Ports:
/// - `clock`      in   1  rising-edge clock
/// - `in_valid`   in   1  an operation is presented
/// - `ex2`        in   1  1: rro.ex2, 0: rro.sincos
/// - `x`          in  32  operand
/// - `out_valid`  out  1  `in_valid`, 2 clocks later
/// - `y`          out 32  the RRO word
#[derive(LogicBlock, Default)]
pub struct SfuRro {
    pub clock: Signal<In, Clock>,
    pub in_valid: Signal<In, Bit>,
    pub ex2: Signal<In, Bit>,
    pub x: Signal<In, Bits<32>>,
    pub out_valid: Signal<Out, Bit>,
    pub y: Signal<Out, Bits<32>>,
    a: SfuRroA,
    b: SfuRroB,
    r_valid: DFF<Bit>,
    r_direct: DFF<Bit>,
    r_dy: DFF<Bits<32>>,
    r_neg: DFF<Bit>,
    r_pr: DFF<Bits<31>>,
    o_valid: DFF<Bit>,
    o_y: DFF<Bits<32>>,
}

/// Latency of [`SfuRro`] in clocks.
pub const RRO_LATENCY: usize = 2;

impl Logic for SfuRro {
    #[hdl_gen]
    fn update(&mut self) {
        self.r_valid.clock.next = self.clock.val();
        self.r_direct.clock.next = self.clock.val();
        self.r_dy.clock.next = self.clock.val();
        self.r_neg.clock.next = self.clock.val();
        self.r_pr.clock.next = self.clock.val();
        self.o_valid.clock.next = self.clock.val();
        self.o_y.clock.next = self.clock.val();
        self.a.x.next = self.x.val();
        self.a.ex2.next = self.ex2.val();
        self.r_valid.d.next = self.in_valid.val();
        self.r_direct.d.next = self.a.direct.val();
        self.r_dy.d.next = self.a.dy.val();
        self.r_neg.d.next = self.a.neg.val();
        self.r_pr.d.next = self.a.pr.val();
        self.b.direct.next = self.r_direct.q.val();
        self.b.dy.next = self.r_dy.q.val();
        self.b.neg.next = self.r_neg.q.val();
        self.b.pr.next = self.r_pr.q.val();
        self.o_valid.d.next = self.r_valid.q.val();
        self.o_y.d.next = self.b.y.val();
        self.out_valid.next = self.o_valid.q.val();
        self.y.next = self.o_y.q.val();
    }
}

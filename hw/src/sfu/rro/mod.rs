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
//! Pipeline of the standalone block [`SfuRro`] (each stage ends in a register; latency
//! [`RRO_LATENCY`], one operation per clock):
//! 1. window: [`SfuRroWindow`](crate::sfu::rro::window::SfuRroWindow), unpack, the window
//!    of 2/pi (a ROM over the exponent: Yosys maps it and its register to block RAM), the
//!    rro.ex2 word and the special results.
//! 2. to 5. [`SfuRroMul`](crate::sfu::rro::mul::SfuRroMul): operands, products
//!    (MULT18X18D), pairs, sum (64-bit adds).
//! 6. pack: [`SfuRroB`](crate::sfu::rro::b::SfuRroB), rounding and packing.
//!
//! The direct results, the sign and the valid bit travel beside the product in delay lines.
//! Stages 1 to 6 without the output register are [`SfuRroReduce`](reduce::SfuRroReduce), which
//! the SFU ([`crate::sfu::Sfu`]) runs beside its function path (until stop 53 the SFU did the
//! reduction in two clocks, the window and the 24x64 product in one: 42.5 MHz at most).

pub mod b;
pub mod reduce;
pub mod mul;
pub mod products;
pub mod sum;
pub mod window;
use crate::prim::delay::Delay;
use crate::sfu::rro::reduce::{SfuRroReduce, RRO_REDUCE_LATENCY};
use rust_hdl::prelude::*;

/// Latency of [`SfuRro`] in clocks: window, the product's stages, pack.
pub const RRO_LATENCY: usize = RRO_REDUCE_LATENCY + 1;

/// The exported RRO block.
///
/// Ports:
/// - `clock`      in   1  rising-edge clock
/// - `in_valid`   in   1  an operation is presented
/// - `ex2`        in   1  1: rro.ex2, 0: rro.sincos
/// - `x`          in  32  operand
/// - `out_valid`  out  1  `in_valid`, `RRO_LATENCY` clocks later
/// - `y`          out 32  the RRO word
#[derive(LogicBlock, Default)]
pub struct SfuRro {
    pub clock: Signal<In, Clock>,
    pub in_valid: Signal<In, Bit>,
    pub ex2: Signal<In, Bit>,
    pub x: Signal<In, Bits<32>>,
    pub out_valid: Signal<Out, Bit>,
    pub y: Signal<Out, Bits<32>>,
    rro: SfuRroReduce,
    pack_y: DFF<Bits<32>>,
    valid_d: Delay<Bit, RRO_LATENCY>,
}

impl Logic for SfuRro {
    #[hdl_gen]
    fn update(&mut self) {
        self.rro.clock.next = self.clock.val();
        self.pack_y.clock.next = self.clock.val();
        self.valid_d.clock.next = self.clock.val();
        self.rro.x.next = self.x.val();
        self.rro.ex2.next = self.ex2.val();
        self.pack_y.d.next = self.rro.y.val();
        self.valid_d.d.next = self.in_valid.val();
        self.out_valid.next = self.valid_d.q.val();
        self.y.next = self.pack_y.q.val();
    }
}

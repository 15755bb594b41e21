//! FP32 conversions of the SP (combinational).
//!
//! Implements docs/sp-numerics.md "Conversions" with the "Common FP32 rules": f32 inputs
//! are flushed (a subnormal is a zero of the same sign), NaN results are canonical
//! (f32 `0x7FFFFFFF`, f16 `0x7FFF`), f32 -> integer saturates and maps NaN to 0.
//!
//! Ports:
//! - `a`     in  32  operand (f32 bits, s32/u32, or f16 in bits 15..0)
//! - `kind`  in   3  0: f32.s32  1: f32.u32  2: s32.f32  3: u32.f32  4: f32.f32 (round to
//!                   integral)  5: f16.f32  6: f32.f16  7: y = 0
//! - `rnd`   in   2  rn=0 rz=1 rm=2 rp=3 (rni rzi rmi rpi for integer results)
//! - `y`     out 32  result (f16 results in bits 15..0, upper bits 0)
//!
//! Structure: two shared datapaths, each in its own block: [`Fp32CvtShift`] (the decode,
//! path A, path B's input) and [`Fp32CvtNorm`] (path B, the result); the SP datapath
//! registers between them.
//! - Path A, "shift right and round" (kinds 2, 3, 4, 5): the significand, placed at bits
//!   31..8 of `w` (so `w * 2^(e - 158)` is the value), is shifted right by `rs` and rounded
//!   to an integer by mode and sign: `rs = 158 - e` gives the integer part (kinds 2..4),
//!   `rs = 21` keeps the 11 bits of an f16 significand and `rs = 134 - e` the units of
//!   2^-24 of an f16 subnormal (kind 5). A shift by 32 or more gives 0 in Rust and in
//!   Verilog alike, so `rs` needs no clamping; the round bit is the bit just below the
//!   kept part and the sticky bit the OR of the rest.
//! - Path B, "normalize and round to f32" (kinds 0, 1, 4, 6): an integer magnitude `nm`
//!   with a base exponent is normalized by a leading-zero cascade (16, 8, 4, 2, 1), rounded
//!   to 24 bits and packed as `((exp - 1) << 23) + sig`, so a rounding carry out of the
//!   significand increments the exponent by itself. Kind 4 feeds it path A's integer
//!   (at most 2^24, so exact); kind 6 feeds it the f16 significand with base 133 + max(e5, 1),
//!   which makes f16 subnormals f32 normals without a special case.
//!
//! Every intermediate is staged at its exact width, numeric constants are `Constant` fields
//! of their exact width, and 1-bit values are never inverted inside a wider expression
//! (rust-hdl 0.46 hazards, docs/rust-hdl.md). The f32 operand is decoded in place rather
//! than by an `Fp32Classify` instance: the unit needs few of its outputs, and Verilator
//! reports unread sub-module outputs (UNUSEDSIGNAL).
use crate::fp32::cvt_norm::Fp32CvtNorm;
use crate::fp32::cvt_shift::Fp32CvtShift;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct Fp32Cvt {
    pub a: Signal<In, Bits<32>>,
    pub kind: Signal<In, Bits<3>>,
    pub rnd: Signal<In, Bits<2>>,
    pub y: Signal<Out, Bits<32>>,
    shift: Fp32CvtShift,
    norm: Fp32CvtNorm,
}

impl Logic for Fp32Cvt {
    #[hdl_gen]
    fn update(&mut self) {
        self.shift.a.next = self.a.val();
        self.shift.kind.next = self.kind.val();
        self.shift.rnd.next = self.rnd.val();
        self.norm.rnd.next = self.rnd.val();
        self.norm.done.next = self.shift.done.val();
        self.norm.early.next = self.shift.early.val();
        self.norm.nm.next = self.shift.nm.val();
        self.norm.ns.next = self.shift.ns.val();
        self.norm.nbase.next = self.shift.nbase.val();
        self.y.next = self.norm.y.val();
    }
}

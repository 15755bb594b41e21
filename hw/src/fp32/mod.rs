//! The G80 FP32 units of the SP (docs/sp-numerics.md): unpack/classify, add, mul, mad,
//! compare, conversions, and the round/pack leaf they share.

pub mod add;
pub mod add_align;
pub mod add_core;
pub mod add_norm;
pub mod add_round;
pub mod classify;
pub mod cmp;
pub mod cvt;
pub mod cvt_norm;
pub mod cvt_shift;
pub mod mad;
pub mod mad_operands;
pub mod mul;
pub mod mul_round;
pub mod product;
pub mod round_pack;
pub mod unpack;

/// The binary32 special values and masks of the G80 semantics, in one place for every FP32
/// block (as `Constant` values) and every golden model (sim re-exports them).
pub mod bits {
    /// The sign bit.
    pub const SIGN: u32 = 0x8000_0000;
    /// Everything but the sign: `x & ABS_MASK` is |x|.
    pub const ABS_MASK: u32 = 0x7FFF_FFFF;
    /// The canonical NaN every G80 f32 NaN result becomes.
    pub const CANON_NAN: u32 = 0x7FFF_FFFF;
    /// +infinity (also the exponent mask).
    pub const INF: u32 = 0x7F80_0000;
    /// -infinity.
    pub const NEG_INF: u32 = 0xFF80_0000;
    /// Largest finite value.
    pub const MAX_FINITE: u32 = 0x7F7F_FFFF;
    /// 1.0.
    pub const ONE: u32 = 0x3F80_0000;
    /// The fraction field (the significand without its hidden bit).
    pub const FRAC_MASK: u32 = 0x007F_FFFF;
}

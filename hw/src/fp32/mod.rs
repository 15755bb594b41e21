//! The G80 FP32 units of the SP (docs/sp-numerics.md): unpack/classify, add, mul, mad,
//! compare, conversions, and the round/pack leaf they share.

pub mod add;
pub mod add_core;
pub mod classify;
pub mod cmp;
pub mod cvt;
pub mod mad;
pub mod mul;
pub mod round_pack;
pub mod unpack;

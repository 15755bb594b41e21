//! Golden reference models, written from first principles and independent of hw/.
pub mod fp32_classify;
pub mod valid_pipe;

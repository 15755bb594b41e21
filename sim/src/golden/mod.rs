//! Golden reference models, written from first principles and independent of hw/.
pub mod fma;
pub mod fp32_classify;
pub mod fp32_cvt;
pub mod g80_fp32;
pub mod int_alu;
pub mod shared_mem;
pub mod sp_datapath;
pub mod valid_pipe;
pub mod warp_sched;

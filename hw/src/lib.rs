//! heddle's synthesizable blocks. Nothing here is a model or a test: golden models and
//! tooling live in `heddle-sim`, testbenches in `heddle-testbenches`.
//!
//! [`blocks`] is the registry of every block exported to `verilog-out/` by
//! `heddle verilog`; a block that is not registered is not part of the product.

pub mod fp32_classify;
pub mod fp32_cvt;
pub mod int_alu;
pub mod mul32;
pub mod fp32_unpack;
pub mod valid_pipe;

use rust_hdl::prelude::*;

/// The configuration of `ValidPipe` exported as `valid_pipe`: a 32-bit payload, 3 stages.
pub type ValidPipe32x3 = valid_pipe::ValidPipe<32, 3>;

/// One exported block: its file/module name and how to build its Verilog.
#[derive(Clone, Copy)]
pub struct BlockEntry {
    /// Module and file name (`verilog-out/<name>.v`, top module `<name>`).
    pub name: &'static str,
    /// One line for listings.
    pub about: &'static str,
    /// Verilog as rust-hdl generates it (top module still called `top`).
    pub raw_verilog: fn() -> String,
}

/// Connects a default instance of `B` and returns rust-hdl's Verilog for it.
pub fn raw_verilog_of<B: Block + Default>() -> String {
    let mut uut = B::default();
    uut.connect_all();
    generate_verilog(&uut)
}

/// Every block heddle exports, in a fixed order.
pub fn blocks() -> Vec<BlockEntry> {
    vec![
        BlockEntry {
            name: "fp32_classify",
            about: "FP32 unpack/classify, combinational",
            raw_verilog: raw_verilog_of::<fp32_classify::Fp32Classify>,
        },
        BlockEntry {
            name: "fp32_unpack",
            about: "FP32 unpack/classify + pipeline register, 1 cycle",
            raw_verilog: raw_verilog_of::<fp32_unpack::Fp32Unpack>,
        },
        BlockEntry {
            name: "valid_pipe",
            about: "valid pipeline, 32-bit payload, 3 stages",
            raw_verilog: raw_verilog_of::<ValidPipe32x3>,
        },
    ]
}

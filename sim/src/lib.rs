//! heddle's models and tooling: golden reference models, vector generators, Verilog
//! export, the co-simulation harness (Verilator, Icarus, gate level) and hardware reports.
pub mod corpus;
pub mod cosim;
pub mod export;
pub mod fpga;
pub mod golden;
pub mod gsm;
pub mod isa;
pub mod ptx;
pub mod lint;
pub mod report;
pub mod runners;
pub mod sfu;
pub mod sched;
pub mod tools;
pub mod vectors;

//! The special function unit (issue 5; docs/sfu.md): table generator, bit-exact datapath
//! model, high-precision reference, accuracy sweeps, planar attribute interpolation, and
//! the golden-SM hook [`exec_isa`].
pub mod bigfx;
pub mod hp;
pub mod model;
pub mod report;
pub mod tablegen;
pub mod cli;

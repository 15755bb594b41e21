//! Primitives every unit builds on: the valid pipeline, the hand-written multipliers
//! (rust-hdl exports only 16x16 products) and RAM leaves.

pub mod mul24;
pub mod mul32;
pub mod stack_ram;
pub mod valid_pipe;

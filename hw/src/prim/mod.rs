//! Primitives every unit builds on: the valid pipeline and the side-band delay line, the
//! 4:1 multiplexer, the hand-written multipliers (rust-hdl exports only 16x16 products) and
//! RAM leaves (`stack_ram`: one port; `ram`: one write and one read port; `lutram`: one
//! write port and an asynchronous read port), the delay line in distributed RAM
//! (`ram_delay`) and the zero counts that hand-written blocks include (`zero_count`).

pub mod delay;
pub mod mul24;
pub mod mul32;
pub mod mux4;
pub mod lutram;
pub mod ram;
pub mod ram_delay;
pub mod stack_ram;
pub mod valid_pipe;
pub mod zero_count;

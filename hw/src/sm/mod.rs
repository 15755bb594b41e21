//! The streaming multiprocessor (issue 19): the SM top and its own blocks (instruction
//! memory, decoder, register file, load/store unit, CTA dispatcher, host interface) live
//! here; the units it joins stay in their own folders.
//!
//! - [`decode::SmDecode`]: a microcode word to the warp scheduler's scheduling fields.
//! - [`rf_bank::RfBank`]: a register-file bank, one write and three read ports, from three
//!   block RAMs.
//! - [`rf_lane::RfLane`]: one SP lane's slice of the register file: its two bank sets
//!   shared by the SP lane and the other units (the SP wins a set).
//! - [`imem::Imem`]: the instruction memory, a host write port and two read ports (fetch
//!   and issue).
pub mod decode;
pub mod imem;
pub mod rf_bank;
pub mod rf_lane;

//! heddle's synthesizable blocks. Nothing here is a model or a test: golden models and
//! tooling live in `heddle-sim`, testbenches in `heddle-testbenches`.
//!
//! [`blocks`] is the registry of every block exported to `verilog-out/` by
//! `heddle verilog`; a block that is not registered is not part of the product.

pub mod config;
pub mod fma;
pub mod fp32;
pub mod isa;
pub mod link;
pub mod prim;
pub mod sched;
pub mod sfu;
pub mod sm;
pub mod smem;
pub mod sp;

/// The FPGA boards' tops: their sources live in `fpga/`, beside each board's constraint
/// file, and are built here so that they join the block registry.
#[path = "../../fpga/ulx3s/mod.rs"]
pub mod ulx3s;

use rust_hdl::prelude::*;

/// The configuration of `Ram1W1R` exported as `ram_1w1r`: one copy of a G80
/// register-file bank (8,192 registers over 2 x 8 banks: 512 words of 32 bits).
pub type RfRamG80 = prim::ram::Ram1W1R<{ G80.rf_bank_addr_bits() }, 32>;

/// The configuration of `RfLane` exported as `rf_lane`: one SP lane's two G80 banks.
pub type RfLaneG80 = sm::rf_lane::RfLane<{ G80.rf_bank_addr_bits() }>;

/// The configuration of `Imem` exported as `sm_imem`: the G80 SM's instruction memory.
pub type ImemG80 = sm::imem::Imem<{ G80.imem_log2 }>;

/// The configuration of `RfBank` exported as `rf_bank`: one G80 register-file bank with
/// its three read ports.
pub type RfBankG80 = sm::rf_bank::RfBank<{ G80.rf_bank_addr_bits() }>;

/// The configuration of `PredFile` exported as `sm_preds`: the G80 SM's predicate file.
pub type PredsG80 = sm::preds::PredFile<{ G80.warps }>;

/// Stages of the exported `valid_pipe` (its latency in clocks).
pub const VALID_PIPE_STAGES: usize = 3;

/// The configuration of `ValidPipe` exported as `valid_pipe`: a 32-bit payload, 3 stages.
pub type ValidPipe32x3 = prim::valid_pipe::ValidPipe<32, VALID_PIPE_STAGES>;

use config::{SmConfig, G80, SM_SMALL};

/// The configuration of `SharedMem` exported as `shared_mem`: the G80's 16 KB, 16 banks x
/// 256 words.
pub type SharedMem16K = smem::SharedMem<{ G80.smem_row_bits() }>;

/// A type generic over the scheduler's sizes (`WarpSched`, and its lock-step runner in
/// heddle-sim), instantiated for an SM configuration: `sched_sized!(sched::WarpSched, G80)`.
/// A macro, because const generics cannot take a struct.
#[macro_export]
macro_rules! sched_sized {
    ($($ty:ident)::+, $cfg:expr) => {
        $($ty)::+<
            { $cfg.warps },
            { $cfg.lanes },
            { $cfg.stack_log2 },
            { $cfg.stack_pointer_bits() },
            { $cfg.stack_addr_bits() },
            { $cfg.scoreboard_entries },
            { $cfg.cta_slots },
        >
    };
}

/// The configuration of `WarpSched` exported as `warp_sched`: the G80 SM's scheduler, 24
/// warps of 32 threads, stack depth 32, 4 scoreboard entries per warp, 8 CTA slots.
pub type WarpSched24 = sched_sized!(sched::WarpSched, G80);

/// One exported block: its file/module name and how to build its Verilog.
#[derive(Clone, Copy)]
pub struct BlockEntry {
    /// Module and file name (`verilog-out/<name>.v`, top module `<name>`).
    pub name: &'static str,
    /// One line for listings.
    pub about: &'static str,
    /// Verilog as rust-hdl generates it (top module still called `top`).
    pub raw_verilog: fn() -> String,
    /// Clocks from an input to the output it causes (0: combinational; for a block whose
    /// latency depends on the request, the smallest).
    pub latency: u32,
}

/// The SM of the G80 configuration, exported as `sm`.
pub type SmG80 = sm_sized!(G80);

/// The SM of the FPGA board's configuration, exported as `sm_small`.
pub type SmSmall = sm_sized!(SM_SMALL);

/// The SMs that are built: each configuration with its block name (its Verilog's top
/// module, a registered block). `with_sm!` makes the SM of one of them.
pub const SM_BLOCKS: [(SmConfig, &str); 2] = [(G80, "sm"), (SM_SMALL, "sm_small")];

/// The block an SM configuration is exported as, if it is one of [`SM_BLOCKS`].
pub fn sm_block(cfg: &SmConfig) -> Option<&'static str> {
    SM_BLOCKS.iter().find(|(c, _)| c == cfg).map(|(_, b)| *b)
}

/// Evaluates `$body` with `$uut` bound to a new SM of configuration `$cfg` (one of
/// [`SM_BLOCKS`]: each has its own type); `$none` for any other configuration.
#[macro_export]
macro_rules! with_sm {
    ($cfg:expr, $uut:ident => $body:expr, $none:expr) => {{
        let cfg: &$crate::config::SmConfig = $cfg;
        if *cfg == $crate::config::G80 {
            let $uut = $crate::SmG80::new(cfg);
            $body
        } else if *cfg == $crate::config::SM_SMALL {
            let $uut = $crate::SmSmall::new(cfg);
            $body
        } else {
            $none
        }
    }};
}

/// rust-hdl's Verilog for the SM of configuration `cfg`, one of [`SM_BLOCKS`] (built on a
/// thread with room for the model, which is larger than a test thread's stack).
fn sm_verilog(cfg: SmConfig) -> String {
    on_sm_stack(move || {
        with_sm!(
            &cfg,
            uut => {
                let mut uut = uut;
                uut.connect_all();
                generate_verilog(&uut)
            },
            panic!("no SM type for configuration {}", cfg.name)
        )
    })
    .expect("the SM's export")
}

fn sm_g80_verilog() -> String {
    sm_verilog(G80)
}

fn sm_small_verilog() -> String {
    sm_verilog(SM_SMALL)
}

/// Blocks the `cargo test` synthesis gate leaves to `heddle report` (their generic-gate
/// synthesis takes Yosys over ten minutes; every block inside them is gated on its own).
pub const SYNTH_GATE_EXEMPT: &[&str] = &["sm", "sm_small"];

/// Stack a thread needs to build and simulate an SM model (the rust-hdl model of `sm` is a
/// few megabytes of signals held by value).
pub const SM_STACK_BYTES: usize = 256 << 20;

/// Runs `f` on a thread of [`SM_STACK_BYTES`] and returns its result (`Err` when the thread
/// cannot start or `f` panics): every builder and simulation of an SM model goes through it.
pub fn on_sm_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
    std::thread::Builder::new()
        .stack_size(SM_STACK_BYTES)
        .spawn(f)
        .map_err(|e| format!("a thread for the SM model: {e}"))?
        .join()
        .map_err(|_| "the SM model's thread panicked".to_string())
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
            raw_verilog: raw_verilog_of::<fp32::classify::Fp32Classify>,
            latency: 0,
        },
        BlockEntry {
            name: "fp32_unpack",
            about: "FP32 unpack/classify + pipeline register, 1 cycle",
            raw_verilog: raw_verilog_of::<fp32::unpack::Fp32Unpack>,
            latency: fp32::unpack::UNPACK_LATENCY as u32,
        },
        BlockEntry {
            name: "fp32_add",
            about: "G80 add.f32/sub.f32 (rn, rz), combinational",
            raw_verilog: raw_verilog_of::<fp32::add::Fp32Add>,
            latency: 0,
        },
        BlockEntry {
            name: "fp32_mul",
            about: "G80 mul.f32 (rn, rz), combinational",
            raw_verilog: raw_verilog_of::<fp32::mul::Fp32Mul>,
            latency: 0,
        },
        BlockEntry {
            name: "fp32_mad",
            about: "G80 mad.f32 (truncated product, rn), combinational",
            raw_verilog: raw_verilog_of::<fp32::mad::Fp32Mad>,
            latency: 0,
        },
        BlockEntry {
            name: "fp32_cmp",
            about: "G80 min/max.f32 and setp.f32 (all 14 conditions), combinational",
            raw_verilog: raw_verilog_of::<fp32::cmp::Fp32Cmp>,
            latency: 0,
        },
        BlockEntry {
            name: "mul24",
            about: "24x24 unsigned multiplier, hand-written Verilog",
            raw_verilog: raw_verilog_of::<prim::mul24::Mul24>,
            latency: 0,
        },
        BlockEntry {
            name: "fp32_cvt",
            about: "FP32 conversions: f32<->s32/u32, round to integral, f32<->f16",
            raw_verilog: raw_verilog_of::<fp32::cvt::Fp32Cvt>,
            latency: 0,
        },
        BlockEntry {
            name: "int_alu",
            about: "SP integer ALU (add..selp), combinational",
            raw_verilog: raw_verilog_of::<sp::int_alu::IntAlu>,
            latency: 0,
        },
        BlockEntry {
            name: "mul32",
            about: "32x32 multiplier, signed/unsigned, hand-written Verilog",
            raw_verilog: raw_verilog_of::<prim::mul32::Mul32>,
            latency: 0,
        },
        BlockEntry {
            name: "sp_datapath",
            about: "SP datapath: FP32 + integer units, pipelined, 1 op/clock",
            raw_verilog: raw_verilog_of::<sp::SpDatapath>,
            latency: sp::SP_LATENCY as u32,
        },
        BlockEntry {
            name: "valid_pipe",
            about: "valid pipeline, 32-bit payload, 3 stages",
            raw_verilog: raw_verilog_of::<ValidPipe32x3>,
            latency: VALID_PIPE_STAGES as u32,
        },
        BlockEntry {
            name: "shared_mem",
            about: "shared memory: 16 banks x 256 x 32 bits, crossbar, conflict unit",
            raw_verilog: raw_verilog_of::<SharedMem16K>,
            latency: smem::SMEM_LATENCY as u32,
        },
        BlockEntry {
            name: "sfu",
            about: "SFU: rcp rsq lg2 ex2 sin cos (quadratic interpolation, 23,208 ROM bits), rro; pipelined, 1 op/clock",
            raw_verilog: raw_verilog_of::<sfu::Sfu>,
            latency: sfu::SFU_LATENCY as u32,
        },
        BlockEntry {
            name: "sfu_rro",
            about: "SFU range reduction (rro.sincos Payne-Hanek, rro.ex2), pipelined, 1 op/clock",
            raw_verilog: raw_verilog_of::<sfu::rro::SfuRro>,
            latency: sfu::rro::RRO_LATENCY as u32,
        },
        BlockEntry {
            name: "sfu_attr",
            about: "planar attribute interpolation, 2x2 quad per clock, correctly rounded f32, pipelined",
            raw_verilog: raw_verilog_of::<sfu::attr::SfuAttr>,
            latency: sfu::attr::ATTR_LATENCY as u32,
        },
        BlockEntry {
            name: "warp_sched",
            about: "warp scheduler + SIMT control: 24 warps, scoreboard, SP/SFU issue, stack, barriers",
            raw_verilog: raw_verilog_of::<WarpSched24>,
            latency: sched::SCHED_LATENCY as u32,
        },
        BlockEntry {
            name: "fma",
            about: "FMA unit f64/f32 (fma add sub mul, cvt f32/f64/ints, 5 modes, flags), pipelined, 1 op/clock",
            raw_verilog: raw_verilog_of::<fma::Fma>,
            latency: fma::FMA_LATENCY as u32,
        },
        BlockEntry {
            name: "ram_1w1r",
            about: "simple dual-port block RAM (1 write, 1 registered read), sized as one copy of a G80 register-file bank",
            raw_verilog: raw_verilog_of::<RfRamG80>,
            latency: prim::ram::RAM_READ_LATENCY as u32,
        },
        BlockEntry {
            name: "rf_bank",
            about: "SM register-file bank (G80 size): 1 write and 3 read ports (3 block RAMs)",
            raw_verilog: raw_verilog_of::<RfBankG80>,
            latency: prim::ram::RAM_READ_LATENCY as u32,
        },
        BlockEntry {
            name: "rf_lane",
            about: "SM register file, one SP lane's slice (G80 size): 2 bank sets, SP and other-unit clients, the SP wins a set",
            raw_verilog: raw_verilog_of::<RfLaneG80>,
            latency: prim::ram::RAM_READ_LATENCY as u32,
        },
        BlockEntry {
            name: "sm_imem",
            about: "SM instruction memory (G80 size), 64-bit words: host write, fetch and issue reads (2 block-RAM copies)",
            raw_verilog: raw_verilog_of::<ImemG80>,
            latency: prim::ram::RAM_READ_LATENCY as u32,
        },
        BlockEntry {
            name: "sm_preds",
            about: "SM predicate file (G80 size): p0..p6 of 24 warps in distributed RAM, guard and lane-group reads, masked writes, warp clearing",
            raw_verilog: raw_verilog_of::<PredsG80>,
            latency: sm::preds::READ_LATENCY as u32,
        },
        BlockEntry {
            name: "sm_decode",
            about: "SM decoder: scheduling fields and unit controls of a microcode word (generated from isa::OPS), combinational",
            raw_verilog: raw_verilog_of::<sm::decode::SmDecode>,
            latency: 0,
        },
        BlockEntry {
            name: "sm",
            about: "the streaming multiprocessor (G80 preset): scheduler, 8 SP lanes, register file, predicates, CTA dispatcher, retire port",
            raw_verilog: sm_g80_verilog,
            latency: sm::pipe::retire_delay(G80.sp_passes()) as u32,
        },
        BlockEntry {
            name: "sm_small",
            about: "the streaming multiprocessor (sm_small preset, the FPGA board's): the G80 SM with 16 warps, 2 SPs (four passes), mul.f32 on the SPs, one SFU",
            raw_verilog: sm_small_verilog,
            latency: sm::pipe::retire_delay(SM_SMALL.sp_passes()) as u32,
        },
    ]
}

/// The ULX3S board's logic as committed (`ulx3s::ULX3S`: its memory of 2^15 words).
pub type Ulx3sBoard = ulx3s::board::Board<{ ulx3s::MEM_LOG2 }>;

/// The ULX3S board's top as committed.
pub type Ulx3sTop = ulx3s::top::Ulx3sTop<{ ulx3s::MEM_LOG2 }>;

/// rust-hdl's Verilog for the board design `new` makes of configuration `b` (built on a
/// thread with room for the SM inside it).
fn board_design_verilog<B: Block + 'static>(b: ulx3s::BoardConfig, new: fn(&ulx3s::BoardConfig) -> Result<B, String>) -> Result<String, String> {
    on_sm_stack(move || -> Result<String, String> {
        let mut uut = new(&b)?;
        uut.connect_all();
        Ok(generate_verilog(&uut))
    })?
}

/// rust-hdl's Verilog for the board's logic of configuration `b` (its memory of 2^15
/// words).
pub fn ulx3s_board_verilog(b: ulx3s::BoardConfig) -> Result<String, String> {
    board_design_verilog(b, Ulx3sBoard::new)
}

/// rust-hdl's Verilog for the board's top of configuration `b` (its memory of 2^15 words).
pub fn ulx3s_top_verilog(b: ulx3s::BoardConfig) -> Result<String, String> {
    board_design_verilog(b, Ulx3sTop::new)
}

/// The FPGA boards' designs, exported to `verilog-out/` beside the blocks (`heddle verilog`):
/// synthesized and placed by `heddle fpga build` (docs/fpga.md), not by `heddle report`.
pub fn boards() -> Vec<BlockEntry> {
    vec![
        BlockEntry {
            name: "ulx3s_board",
            about: "the ULX3S board's logic: UART, UARTBone bridge, memory map, its memory (`ulx3s::MEM_LOG2`), sm_small, LEDs (simulated by `heddle fpga run --sim`)",
            raw_verilog: || ulx3s_board_verilog(ulx3s::ULX3S).expect("the committed board"),
            latency: 0,
        },
        BlockEntry {
            name: "ulx3s",
            about: "the ULX3S top: pins, the ECP5 PLL (25 MHz to the SM's clock), power-on reset, the board's logic",
            raw_verilog: || ulx3s_top_verilog(ulx3s::ULX3S).expect("the committed board"),
            latency: 0,
        },
    ]
}

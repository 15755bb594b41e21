//! The ULX3S board (Radiona ULX3S, ECP5 LFE5U-85F or -45F, CABGA381): `sm_small`, the
//! board's memory in block RAM and the host link on the FT231X's UART, behind one memory
//! map that LiteX's UARTBone protocol reads and writes. docs/fpga.md is the user's guide.
//!
//! - [`board::Board`]: everything on the SM's clock (UART, bridge, map, memory, the SM,
//!   LEDs); simulated whole by `heddle fpga run --sim` (block `ulx3s_board`).
//! - [`top::Ulx3sTop`]: the pins: the 25 MHz oscillator into the ECP5 PLL, a power-on
//!   reset, the board (block `ulx3s`); `ulx3s.lpf` places its pins.
//!
//! The memory map (word addresses on the bridge's bus; UARTBone sends byte address / 4):
//!
//! | words | what |
//! |---|---|
//! | [`map::BOARD`] + [`reg`] | the board's registers: ID, version, configuration hash, memory size, clock, baud rate, the SM's memory spaces' windows |
//! | [`map::SM`] + r | the SM's host register r (docs/sm.md "Host interface": launch registers, status, fault, counters, instruction memory) |
//! | [`map::MEM`] + w | word w of the board's memory (global, param, constant and local memory of a launch) |
//!
//! The SM's memory port reaches the board's memory through four windows set by the host
//! (the loader): space s (global, local, constant, param) at byte address a is the board's
//! byte `base(s) + a` when `a < limit(s)`, else the response is an error (the SM faults);
//! writes to param and constant memory are errors.
use crate::config::SmConfig;

pub mod board;
pub mod top;

/// The board's register map and the regions of its bus.
pub mod map {
    /// Word address of the board's registers.
    pub const BOARD: u32 = 0x0000_0000;
    /// Word address of the SM's host registers (16-bit register addresses).
    pub const SM: u32 = 0x0001_0000;
    /// Word address of the board's memory (byte address 0x1000_0000 for LiteX's tools).
    pub const MEM: u32 = 0x0400_0000;
}

/// The board's registers (word offsets from [`map::BOARD`]).
pub mod reg {
    /// Read: [`super::BOARD_ID`].
    pub const ID: u32 = 0x00;
    /// Read: [`super::MAP_VERSION`].
    pub const VERSION: u32 = 0x01;
    /// Read: [`super::config_hash`] of the bitstream's SM and board parameters.
    pub const CONFIG_HASH: u32 = 0x02;
    /// Read: bytes of the board's memory.
    pub const MEM_BYTES: u32 = 0x03;
    /// Read: the SM's clock in Hz and the UART's bits per second.
    pub const CLOCK_HZ: u32 = 0x04;
    pub const BAUD: u32 = 0x05;
    /// Read and write: the byte address in the board's memory where space s begins
    /// (`SPACE_BASE + s`) and the bytes the space has (`SPACE_LIMIT + s`), s in
    /// [`super::SPACES`] order.
    pub const SPACE_BASE: u32 = 0x08;
    pub const SPACE_LIMIT: u32 = 0x0C;
}

/// [`reg::ID`]: "HDLB" (heddle board).
pub const BOARD_ID: u32 = 0x4844_4C42;

/// Version of the board's map, in [`reg::VERSION`] and the configuration hash.
pub const MAP_VERSION: u32 = 1;

/// The SM's memory spaces the board serves, in the order of the window registers.
pub const SPACES: [u8; 4] = [crate::isa::space::GLOBAL, crate::isa::space::LOCAL, crate::isa::space::CONST, crate::isa::space::PARAM];

/// The board's parameters (one bitstream's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardConfig {
    /// The board's SM.
    pub sm: SmConfig,
    /// log2 of the board memory's 32-bit words.
    pub mem_log2: usize,
    /// The SM's clock (the PLL's output).
    pub clock_hz: u64,
    /// The UART's bits per second.
    pub baud: u64,
}

impl BoardConfig {
    pub const fn mem_bytes(&self) -> u32 {
        4 << self.mem_log2
    }
    /// Clocks a UARTBone command may take before the bridge drops it: 100 ms, as LiteX's.
    pub const fn cmd_timeout(&self) -> u32 {
        (self.clock_hz / 10) as u32
    }
    /// Clocks per UART bit.
    pub fn uart_divider(&self) -> Result<u16, String> {
        crate::link::uart_divider(self.clock_hz, self.baud)
    }
}

/// The board's memory in the committed Verilog: 2^13 words (32 KB, 16 DP16KD), room for
/// every example kernel but `matmul_tiled` (192 KB of buffers). Since stop 50; 128 KB (64
/// DP16KD) before, which with the SM took 184 of the 85F's 208 DP16KD and did not route
/// (docs/fpga.md).
pub const MEM_LOG2: usize = 13;

/// The ULX3S's oscillator.
pub const OSC_HZ: u64 = 25_000_000;

/// The committed board: `sm_small` at 10 MHz (below the 11.5 MHz the SM's slowest unit
/// routes at, docs/fpga.md), 1 Mbaud (the FT231X divides its 3 MHz clock by 3 exactly),
/// 32 KB of memory ([`MEM_LOG2`]).
pub const ULX3S: BoardConfig = BoardConfig { sm: crate::config::SM_SMALL, mem_log2: MEM_LOG2, clock_hz: 10_000_000, baud: 1_000_000 };

/// The hash in [`reg::CONFIG_HASH`]: FNV-1a of the map version and every parameter of the
/// board and its SM, so a loader knows the bitstream it talks to is the one it was built for.
pub fn config_hash(b: &BoardConfig) -> u32 {
    let text = format!("heddle ulx3s map {MAP_VERSION}; {:?}", b);
    let mut h: u32 = 0x811C_9DC5;
    for c in text.bytes() {
        h ^= c as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// Parameters of the ECP5 PLL (EHXPLLL, feedback from CLKOP): `fout = fin x clkfb_div /
/// clki_div`, the VCO at `fout x clkop_div` (400 to 800 MHz), the phase detector at
/// `fin / clki_div` (3.125 to 400 MHz), as Lattice's and `ecppll`'s rules have them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pll {
    pub fin_hz: u64,
    pub clki_div: u64,
    pub clkfb_div: u64,
    pub clkop_div: u64,
}

impl Pll {
    /// The parameters whose output is nearest `fout_hz` (of those, the VCO nearest the
    /// middle of its range, 600 MHz); an error when none is within 1 %.
    pub fn for_output(fin_hz: u64, fout_hz: u64) -> Result<Pll, String> {
        let mut best: Option<((u64, u64), Pll)> = None;
        for clki_div in 1..=128u64 {
            let pfd = fin_hz / clki_div;
            if pfd < 3_125_000 {
                break;
            }
            for clkfb_div in 1..=80u64 {
                let f = fin_hz * clkfb_div / clki_div;
                for clkop_div in 1..=128u64 {
                    let vco = f * clkop_div;
                    if !(400_000_000..=800_000_000).contains(&vco) {
                        continue;
                    }
                    let err = (f.abs_diff(fout_hz), vco.abs_diff(600_000_000));
                    if best.map_or(true, |(e, _)| err < e) {
                        best = Some((err, Pll { fin_hz, clki_div, clkfb_div, clkop_div }));
                    }
                }
            }
        }
        match best {
            Some(((err, _), p)) if err * 100 <= fout_hz => Ok(p),
            Some((_, p)) => Err(format!("the ECP5 PLL cannot make {fout_hz} Hz from {fin_hz} Hz (nearest {} Hz)", p.fout_hz())),
            None => Err(format!("the ECP5 PLL cannot make {fout_hz} Hz from {fin_hz} Hz")),
        }
    }
    pub fn fout_hz(&self) -> u64 {
        self.fin_hz * self.clkfb_div / self.clki_div
    }
    /// The frequencies in MHz, for the PLL's attributes.
    pub fn fin_mhz(&self) -> String {
        mhz(self.fin_hz)
    }
    pub fn fout_mhz(&self) -> String {
        mhz(self.fout_hz())
    }
}

fn mhz(hz: u64) -> String {
    let s = format!("{:.6}", hz as f64 / 1e6);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

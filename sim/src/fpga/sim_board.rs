//! The board without the board: the ULX3S board's logic (`ulx3s_board`, everything but the
//! PLL) in Verilator, its serial line simulated bit by bit on both sides, as a
//! [`SerialPort`]. The loader talks to it exactly as to a tty; time is the board's clock
//! (timeouts are in the board's seconds), and a test can unplug the board or garble the
//! bytes it sends.
use super::serial::SerialPort;
use super::LinkError;
use crate::cosim::verilator::{LibSim, VerilatorModel};
use heddle_hw::ulx3s::BoardConfig;
use std::collections::VecDeque;

/// The simulated board and its serial line.
pub struct SimBoard {
    sim: LibSim,
    rec: Vec<u32>,
    at: Offsets,
    cfg: BoardConfig,
    div: u64,
    /// Clocks simulated since the board was made.
    pub clocks: u64,
    // Host to board: the bytes to send, the frame on the line (bits left, clocks left in
    // the bit, the bits LSB first with start and stop).
    queue: VecDeque<u8>,
    frame: Option<(u32, u64, u16)>,
    // Board to host: the decoder (clocks to the next sample, bit index, bits) and the bytes.
    dec: Option<(u64, u32, u16)>,
    got: VecDeque<u8>,
    framing: u32,
    /// Bytes sent to and received from the board.
    pub bytes_to_board: u64,
    pub bytes_from_board: u64,
    /// The board is connected (a test unplugs it: nothing answers).
    pub plugged: bool,
    /// The next this many bytes from the board arrive with a low stop bit (line noise).
    pub garble: u32,
    /// The LEDs after the last clock.
    pub led: u32,
}

#[derive(Debug, Clone, Copy, Default)]
struct Offsets {
    rst: usize,
    uart_rx: usize,
    uart_tx: usize,
    led: usize,
}

impl SimBoard {
    /// Builds (or finds in the cache) the Verilator model of the board of configuration
    /// `cfg` and powers it up (a few clocks of reset). The first build takes minutes.
    pub fn new(cfg: &BoardConfig) -> Result<SimBoard, String> {
        let verilog = crate::export::file_text("ulx3s_board", &heddle_hw::ulx3s_board_verilog(*cfg)?);
        Self::with_verilog(cfg, &verilog)
    }

    /// [`SimBoard::new`] on the Verilog text `verilog` of the board of `cfg` (a planted
    /// bug's, in tests).
    pub fn with_verilog(cfg: &BoardConfig, verilog: &str) -> Result<SimBoard, String> {
        let b = *cfg;
        let div = b.uart_divider()? as u64;
        let ports = crate::cosim::ports_of_verilog(verilog, "ulx3s_board").map_err(|e| e.to_string())?;
        let lib = VerilatorModel::build_lib("ulx3s_board", verilog, &ports, false).map_err(|e| e.to_string())?;
        let mut at = Offsets::default();
        let mut off = 0;
        for p in &ports {
            match p.name.as_str() {
                "rst" => at.rst = off,
                "uart_rx" => at.uart_rx = off,
                "uart_tx" => at.uart_tx = off,
                "led" => at.led = off,
                _ => {}
            }
            off += p.words();
        }
        let sim = LibSim::load(&lib, off, None).map_err(|e| e.to_string())?;
        let mut s = SimBoard {
            sim,
            rec: vec![0; off],
            at,
            cfg: b,
            div,
            clocks: 0,
            queue: VecDeque::new(),
            frame: None,
            dec: None,
            got: VecDeque::new(),
            framing: 0,
            bytes_to_board: 0,
            bytes_from_board: 0,
            plugged: true,
            garble: 0,
            led: 0,
        };
        s.rec[at.uart_rx] = 1;
        s.rec[at.rst] = 1;
        for _ in 0..4 {
            s.clock();
        }
        s.rec[at.rst] = 0;
        Ok(s)
    }

    /// The board's configuration.
    pub fn config(&self) -> &BoardConfig {
        &self.cfg
    }

    /// One clock of the board and its line.
    fn clock(&mut self) {
        if !self.plugged {
            // Nothing on the line answers; the host's bytes go nowhere.
            self.queue.clear();
            self.frame = None;
            self.clocks += 1;
            return;
        }
        // The host drives the board's receive line.
        let mut level = 1;
        if let Some((left, clk, bits)) = self.frame.as_mut() {
            level = (*bits & 1) as u32;
            *clk -= 1;
            if *clk == 0 {
                *bits >>= 1;
                *left -= 1;
                *clk = self.div;
                if *left == 0 {
                    self.frame = None;
                }
            }
        }
        if self.frame.is_none() {
            if let Some(b) = self.queue.pop_front() {
                // start (0), 8 data bits, stop (1): LSB first.
                self.frame = Some((10, self.div, ((b as u16) << 1) | 0x200));
                self.bytes_to_board += 1;
            }
        }
        self.rec[self.at.uart_rx] = level;
        let out = self.sim.cycle(&self.rec);
        let tx = out[self.at.uart_tx] & 1;
        self.led = out[self.at.led];
        self.clocks += 1;
        // The host's receiver samples the board's transmit line in the middle of each bit.
        match self.dec.as_mut() {
            None => {
                if tx == 0 {
                    self.dec = Some((self.div / 2, 0, 0));
                }
            }
            Some((wait, bit, bits)) => {
                *wait -= 1;
                if *wait == 0 {
                    *wait = self.div;
                    let mut v = tx as u16;
                    if *bit == 9 && self.garble > 0 {
                        v = 0;
                    }
                    *bits |= v << *bit;
                    *bit += 1;
                    if *bit == 1 && v != 0 {
                        // a glitch, not a start bit
                        self.dec = None;
                    } else if *bit == 10 {
                        let (frame, stop) = ((*bits >> 1) as u8, *bits >> 9 & 1);
                        if stop == 1 {
                            self.got.push_back(frame);
                        } else {
                            self.framing += 1;
                            self.garble = self.garble.saturating_sub(1);
                        }
                        self.bytes_from_board += 1;
                        self.dec = None;
                    }
                }
            }
        }
    }

    /// Sends `byte` with a low stop bit (a framing error on the board's receiver), then
    /// lets the line idle for a frame.
    pub fn send_bad_frame(&mut self, byte: u8) {
        self.flush();
        self.frame = Some((10, self.div, (byte as u16) << 1));
        self.run(20 * self.div);
    }

    /// Runs the board until the host's bytes are all on the line.
    fn flush(&mut self) {
        while !self.queue.is_empty() || self.frame.is_some() {
            self.clock();
        }
    }

    /// Runs the board for `n` clocks with the line idle (or finishing what it sends).
    pub fn run(&mut self, n: u64) {
        for _ in 0..n {
            self.clock();
        }
    }
}

impl SerialPort for SimBoard {
    fn write(&mut self, bytes: &[u8]) -> Result<(), LinkError> {
        self.queue.extend(bytes);
        self.flush();
        Ok(())
    }
    fn read(&mut self, n: usize, timeout_s: f64, what: &str) -> Result<Vec<u8>, LinkError> {
        let limit = self.clocks + (timeout_s * self.cfg.clock_hz as f64) as u64;
        while self.got.len() < n && self.framing == 0 {
            if self.clocks >= limit {
                return Err(LinkError::Timeout {
                    what: what.to_string(),
                    waited: format!("{timeout_s} s of the board's time on {} ({} of {n} bytes)", self.describe(), self.got.len()),
                });
            }
            self.clock();
        }
        if self.framing > 0 {
            return Err(LinkError::Framing { what: what.to_string() });
        }
        Ok(self.got.drain(..n).collect())
    }
    fn drain(&mut self, quiet_s: f64) {
        self.run((quiet_s * self.cfg.clock_hz as f64) as u64);
        self.got.clear();
        self.framing = 0;
    }
    fn now_s(&self) -> f64 {
        self.clocks as f64 / self.cfg.clock_hz as f64
    }
    fn describe(&self) -> String {
        format!("the simulated ULX3S board's serial line ({} baud, {} clocks a bit)", self.cfg.baud, self.div)
    }
}

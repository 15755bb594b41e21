//! LiteX's UARTBone protocol from the host (what `litex_server --uart` sends; the board's
//! side is `heddle_hw::link::uartbone`): reads and writes of 32-bit words at word
//! addresses, in commands of up to 255 words. A read that times out or arrives garbled is
//! asked again, up to `max_retries` times: after a garbled answer once the rest of it has
//! passed, after a timeout once the bridge has dropped what it may still hold of a command
//! (its timeout: a byte of ours may have been lost). Writes have no answer: the loader reads
//! back the registers it writes, and the outputs' comparison with the golden SM checks the
//! rest.
use super::serial::SerialPort;
use super::LinkError;
use heddle_hw::link::uartbone::cmd;

/// Words in one command (the length byte; 0 would mean 256, which heddle does not send).
pub const MAX_WORDS: usize = 255;

/// A UARTBone link over a serial port.
pub struct Bone<'a> {
    pub port: &'a mut dyn SerialPort,
    /// The line's bits per second.
    pub baud: u64,
    /// Seconds to wait for a read's answer beyond its bytes' time on the line (the board's
    /// seconds when simulated).
    pub timeout_s: f64,
    /// Seconds after which the board's bridge drops an incomplete command.
    pub bridge_timeout_s: f64,
    /// Times a read is asked again after a timeout or a framing error.
    pub max_retries: u32,
    /// Reads asked again so far.
    pub retries: u32,
    /// Bytes written and read.
    pub bytes_out: u64,
    pub bytes_in: u64,
}

impl<'a> Bone<'a> {
    /// A link at `baud` to a bridge that drops an incomplete command after `bridge_timeout_s`.
    pub fn new(port: &'a mut dyn SerialPort, baud: u64, bridge_timeout_s: f64) -> Self {
        Bone { port, baud, timeout_s: 0.02, bridge_timeout_s, max_retries: 3, retries: 0, bytes_out: 0, bytes_in: 0 }
    }

    /// Seconds `bytes` take on the line (10 bits each).
    pub fn line_s(&self, bytes: usize) -> f64 {
        10.0 * bytes as f64 / self.baud as f64
    }

    fn header(command: u8, addr: u32, n: usize) -> Vec<u8> {
        let mut h = vec![command, n as u8];
        h.extend_from_slice(&addr.to_be_bytes());
        h
    }

    /// Writes `words` from word address `addr` on (incrementing).
    pub fn write(&mut self, addr: u32, words: &[u32]) -> Result<(), LinkError> {
        for (i, chunk) in words.chunks(MAX_WORDS).enumerate() {
            let mut b = Self::header(cmd::WRITE_INCR, addr.wrapping_add((i * MAX_WORDS) as u32), chunk.len());
            for w in chunk {
                b.extend_from_slice(&w.to_be_bytes());
            }
            self.port.write(&b)?;
            self.bytes_out += b.len() as u64;
        }
        Ok(())
    }

    /// Reads `n` words from word address `addr` on (incrementing).
    pub fn read(&mut self, addr: u32, n: usize) -> Result<Vec<u32>, LinkError> {
        let mut out = Vec::with_capacity(n);
        let mut a = addr;
        while out.len() < n {
            let k = (n - out.len()).min(MAX_WORDS);
            out.extend(self.read_chunk(a, k)?);
            a = a.wrapping_add(k as u32);
        }
        Ok(out)
    }

    fn read_chunk(&mut self, addr: u32, n: usize) -> Result<Vec<u32>, LinkError> {
        let what = format!("a read of {n} words at word address 0x{addr:08x}");
        let mut tries = 0;
        loop {
            let h = Self::header(cmd::READ_INCR, addr, n);
            self.port.write(&h)?;
            self.bytes_out += h.len() as u64;
            let wait = self.timeout_s + 3.0 * self.line_s(4 * n);
            match self.port.read(4 * n, wait, &what) {
                Ok(b) => {
                    self.bytes_in += b.len() as u64;
                    return Ok(b.chunks_exact(4).map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]])).collect());
                }
                Err(e @ (LinkError::Timeout { .. } | LinkError::Framing { .. })) => {
                    let framing = matches!(e, LinkError::Framing { .. });
                    if tries == self.max_retries {
                        return Err(match e {
                            LinkError::Timeout { what, waited } => {
                                LinkError::Timeout { what, waited: format!("{waited}, asked {} times", tries + 1) }
                            }
                            LinkError::Framing { what } => LinkError::Framing { what: format!("{what}, asked {} times", tries + 1) },
                            other => other,
                        });
                    }
                    tries += 1;
                    self.retries += 1;
                    if framing {
                        // the rest of the garbled answer
                        self.port.drain(self.line_s(4 * n + 8));
                    } else {
                        // what the bridge may hold of a command whose byte was lost
                        self.port.drain(1.5 * self.bridge_timeout_s + self.line_s(4 * n + 8));
                    }
                }
                Err(e) => return Err(e),
            }
        }
    }
}

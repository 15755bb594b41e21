//! The serial line to the board: one trait, two implementations (a tty here, the simulated
//! board in [`super::sim_board`]), so the loader runs byte for byte the same on both.
use super::LinkError;

/// A byte stream to and from the board.
pub trait SerialPort {
    /// Sends `bytes` (returns when they are on their way).
    fn write(&mut self, bytes: &[u8]) -> Result<(), LinkError>;
    /// Receives exactly `n` bytes, or fails: a timeout after `timeout_s` seconds (the
    /// board's time for a simulated board), a framing error. `what` names the request in
    /// the error.
    fn read(&mut self, n: usize, timeout_s: f64, what: &str) -> Result<Vec<u8>, LinkError>;
    /// Discards what arrives for the next `quiet_s` seconds (after an error: the rest of
    /// a garbled answer).
    fn drain(&mut self, quiet_s: f64);
    /// What the port is, for messages (`/dev/ttyUSB0 at 1000000 baud`).
    fn describe(&self) -> String;
    /// Seconds since the port was opened: the host's, or the simulated board's.
    fn now_s(&self) -> f64;
}

/// A serial port of the host (`/dev/ttyUSB0`): raw mode, 8N1, no flow control, framing
/// and parity errors marked by the driver (PARMRK: `0xFF 0x00 b` for a bad byte, `0xFF
/// 0xFF` for a byte 0xFF), so a garbled byte is a [`LinkError::Framing`], not a wrong value.
pub struct TtyPort {
    fd: i32,
    // Bytes read from the driver, still marked.
    raw: std::collections::VecDeque<u8>,
    opened: std::time::Instant,
    name: String,
    baud: u64,
}

fn speed_of(baud: u64) -> Option<libc::speed_t> {
    Some(match baud {
        9600 => libc::B9600,
        19200 => libc::B19200,
        38400 => libc::B38400,
        57600 => libc::B57600,
        115200 => libc::B115200,
        230400 => libc::B230400,
        460800 => libc::B460800,
        500000 => libc::B500000,
        921600 => libc::B921600,
        1000000 => libc::B1000000,
        1500000 => libc::B1500000,
        2000000 => libc::B2000000,
        3000000 => libc::B3000000,
        _ => return None,
    })
}

impl TtyPort {
    /// Opens `path` at `baud` bits/s.
    pub fn open(path: &str, baud: u64) -> Result<TtyPort, LinkError> {
        let speed = speed_of(baud).ok_or_else(|| LinkError::Port(format!("{path}: {baud} baud is not a standard tty speed")))?;
        let c = std::ffi::CString::new(path).map_err(|_| LinkError::Port(format!("{path}: a NUL byte in the path")))?;
        let os = |what: &str| LinkError::Port(format!("{path}: {what}: {}", std::io::Error::last_os_error()));
        // SAFETY: plain POSIX calls on a descriptor this function owns.
        unsafe {
            let fd = libc::open(c.as_ptr(), libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
            if fd < 0 {
                return Err(os("cannot open it (is the board plugged in? is the port another one, or in use?)"));
            }
            let mut t: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(fd, &mut t) != 0 {
                let e = os("not a serial port");
                libc::close(fd);
                return Err(e);
            }
            libc::cfmakeraw(&mut t);
            t.c_iflag |= libc::INPCK | libc::PARMRK;
            t.c_iflag &= !(libc::IGNPAR | libc::ISTRIP);
            t.c_cflag |= libc::CLOCAL | libc::CREAD;
            t.c_cflag &= !(libc::CSTOPB | libc::PARENB | libc::CRTSCTS);
            t.c_cc[libc::VMIN] = 0;
            t.c_cc[libc::VTIME] = 1;
            if libc::cfsetispeed(&mut t, speed) != 0 || libc::cfsetospeed(&mut t, speed) != 0 || libc::tcsetattr(fd, libc::TCSANOW, &t) != 0 {
                let e = os(&format!("cannot set {baud} baud"));
                libc::close(fd);
                return Err(e);
            }
            libc::tcflush(fd, libc::TCIOFLUSH);
            Ok(TtyPort { fd, raw: Default::default(), opened: std::time::Instant::now(), name: path.to_string(), baud })
        }
    }
}

impl SerialPort for TtyPort {
    fn write(&mut self, bytes: &[u8]) -> Result<(), LinkError> {
        let mut done = 0;
        while done < bytes.len() {
            // SAFETY: the slice outlives the call.
            let n = unsafe { libc::write(self.fd, bytes[done..].as_ptr() as *const libc::c_void, bytes.len() - done) };
            if n < 0 {
                return Err(LinkError::Port(format!("{}: write: {}", self.name, std::io::Error::last_os_error())));
            }
            done += n as usize;
        }
        // On the wire before the answer's timeout starts.
        // SAFETY: a drain of this descriptor's output.
        unsafe { libc::tcdrain(self.fd) };
        Ok(())
    }
    fn read(&mut self, n: usize, timeout_s: f64, what: &str) -> Result<Vec<u8>, LinkError> {
        let start = std::time::Instant::now();
        let mut out = Vec::with_capacity(n);
        let mut buf = [0u8; 4096];
        while out.len() < n {
            // Unmark what has arrived: 0xFF 0xFF is 0xFF, 0xFF 0x00 b a garbled byte.
            while out.len() < n {
                match (self.raw.front().copied(), self.raw.get(1).copied(), self.raw.get(2)) {
                    (Some(0xFF), Some(0xFF), _) => {
                        self.raw.drain(..2);
                        out.push(0xFF);
                    }
                    (Some(0xFF), Some(0x00), Some(_)) => {
                        self.raw.drain(..3);
                        return Err(LinkError::Framing { what: what.to_string() });
                    }
                    (Some(0xFF), _, _) => break,
                    (Some(b), _, _) => {
                        self.raw.pop_front();
                        out.push(b);
                    }
                    (None, _, _) => break,
                }
            }
            if out.len() == n {
                break;
            }
            if start.elapsed().as_secs_f64() > timeout_s {
                return Err(LinkError::Timeout {
                    what: what.to_string(),
                    waited: format!("{timeout_s} s on {} ({} of {n} bytes)", self.describe(), out.len()),
                });
            }
            // SAFETY: the buffer outlives the call. VTIME bounds the wait to 0.1 s.
            let r = unsafe { libc::read(self.fd, buf.as_mut_ptr() as *mut libc::c_void, buf.len()) };
            if r < 0 {
                return Err(LinkError::Port(format!("{}: read: {}", self.name, std::io::Error::last_os_error())));
            }
            self.raw.extend(&buf[..r as usize]);
        }
        Ok(out)
    }
    fn drain(&mut self, quiet_s: f64) {
        std::thread::sleep(std::time::Duration::from_secs_f64(quiet_s));
        self.raw.clear();
        // SAFETY: a flush of this descriptor's input.
        unsafe { libc::tcflush(self.fd, libc::TCIFLUSH) };
    }
    fn describe(&self) -> String {
        format!("{} at {} baud", self.name, self.baud)
    }
    fn now_s(&self) -> f64 {
        self.opened.elapsed().as_secs_f64()
    }
}

impl Drop for TtyPort {
    fn drop(&mut self) {
        // SAFETY: the descriptor is this port's.
        unsafe { libc::close(self.fd) };
    }
}

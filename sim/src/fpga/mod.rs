//! The FPGA board from the host: the serial line ([`serial::SerialPort`]: a real tty, or
//! [`sim_board::SimBoard`], the board's Verilog in Verilator with its serial line simulated
//! bit by bit), LiteX's UARTBone protocol over it ([`bone::Bone`]), and the loader that runs
//! a launch file on the board and checks it against the golden SM ([`loader`]). docs/fpga.md.
pub mod bone;
pub mod build;
pub mod loader;
pub mod route_watch;
pub mod serial;
pub mod sim_board;

/// What can go wrong on the link, each with what a user needs to act on it.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkError {
    /// No answer in time: `what` was asked, `waited` describes the wait.
    Timeout { what: String, waited: String },
    /// A byte from the board ended with a low stop bit (line noise, a wrong baud rate).
    Framing { what: String },
    /// The port itself (open, configure, read, write).
    Port(String),
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::Timeout { what, waited } => write!(f, "no answer to {what} within {waited}"),
            LinkError::Framing { what } => write!(f, "UART framing error in the answer to {what} (a byte's stop bit was low: line noise or another baud rate)"),
            LinkError::Port(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for LinkError {}

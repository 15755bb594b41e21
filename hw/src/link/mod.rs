//! The host link: a UART (8 data bits, no parity, 1 stop bit) and a bridge that speaks
//! LiteX's UARTBone protocol onto a 32-bit word bus. The FPGA board's top
//! (`fpga/ulx3s/`) joins them to the SM's host interface and the board's memory; they
//! know nothing of the SM.
pub mod uart_rx;
pub mod uart_tx;
pub mod uartbone;

/// Clocks per UART bit for a clock of `clock_hz` and `baud` bits/s (rounded), or an error
/// when the divider is under 4 clocks or the rounding puts the bit rate off by more than
/// 2 % (a UART frame of 10 bits tolerates about 4 % between both ends).
pub fn uart_divider(clock_hz: u64, baud: u64) -> Result<u16, String> {
    if baud == 0 {
        return Err("a baud rate of 0".into());
    }
    let div = (clock_hz + baud / 2) / baud;
    if div < 4 || div > 0xFFFF {
        return Err(format!("{clock_hz} Hz / {baud} baud = {div} clocks per bit: the UART needs 4 to 65,535"));
    }
    let err = (clock_hz as f64 / div as f64 - baud as f64).abs() / baud as f64;
    if err > 0.02 {
        return Err(format!(
            "{clock_hz} Hz / {baud} baud: {div} clocks per bit give {:.0} baud ({:.1} % off, more than 2 %)",
            clock_hz as f64 / div as f64,
            100.0 * err
        ));
    }
    Ok(div as u16)
}

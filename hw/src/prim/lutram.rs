//! Distributed RAM: `depth` words of `DW` bits (depth <= 2^AW, DW <= 64), one write port
//! on the clock and one asynchronous read port, hand-written Verilog that Yosys maps to
//! ECP5 distributed RAM (TRELLIS_DPR16X4, 16 words x 4 bits each) with the read
//! multiplexer in LUT4s. The SM's predicate file is built from it. The Rust model is a
//! native array.
//!
//! Ports:
//! - `clock`  in   1   rising-edge clock
//! - `we`     in   1   write `wdata` at `waddr` on this rising edge (an address at or beyond
//!                      `depth` writes nothing)
//! - `waddr`  in   AW  write address
//! - `wdata`  in   DW  write data
//! - `raddr`  in   AW  read address
//! - `rdata`  out  DW  combinational: the word at `raddr` (0 at or beyond `depth`); a write
//!                      shows after its edge
//!
//! Every word starts at zero (an `initial` loop in Verilog, the init values of the RAM).
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct LutRam<const AW: usize, const DW: usize> {
    pub clock: Signal<In, Clock>,
    pub we: Signal<In, Bit>,
    pub waddr: Signal<In, Bits<AW>>,
    pub wdata: Signal<In, Bits<DW>>,
    pub raddr: Signal<In, Bits<AW>>,
    pub rdata: Signal<Out, Bits<DW>>,
    _mem: Box<Vec<u64>>,
}

impl<const AW: usize, const DW: usize> LutRam<AW, DW> {
    /// A RAM of `depth` words.
    pub fn new(depth: usize) -> Self {
        assert!(DW <= 64 && AW <= 12 && (1..=(1usize << AW)).contains(&depth), "LutRam: at most 64 bits x 4K words, depth <= 2^AW");
        Self {
            clock: Default::default(),
            we: Default::default(),
            waddr: Default::default(),
            wdata: Default::default(),
            raddr: Default::default(),
            rdata: Default::default(),
            _mem: Box::new(vec![0; depth]),
        }
    }
}

impl<const AW: usize, const DW: usize> Default for LutRam<AW, DW> {
    fn default() -> Self {
        Self::new(1 << AW)
    }
}

impl<const AW: usize, const DW: usize> Logic for LutRam<AW, DW> {
    fn update(&mut self) {
        if self.clock.pos_edge() && self.we.val() {
            if let Some(w) = self._mem.get_mut(self.waddr.val().index()) {
                *w = self.wdata.val().to_u64();
            }
        }
        self.rdata.next = self._mem.get(self.raddr.val().index()).copied().unwrap_or(0).into();
    }
    fn connect(&mut self) {
        self.rdata.connect();
    }
    fn hdl(&self) -> Verilog {
        let depth = self._mem.len();
        // Index bits of `depth` words; addresses at or beyond it are tested, not wrapped.
        let k = (usize::BITS - (depth - 1).leading_zeros()).max(1) as usize;
        let idx = |a: &str| if k < AW { format!("{a}[{}:0]", k - 1) } else { a.to_string() };
        let (write, read) = if depth == 1 << AW {
            ("we".to_string(), "mem[raddr]".to_string())
        } else {
            (format!("we && (waddr < {AW}'d{depth})"), format!("(raddr < {AW}'d{depth}) ? mem[{}] : {DW}'h0", idx("raddr")))
        };
        Verilog::Custom(format!(
            "\
reg [{hi}:0] mem [0:{last}];
integer i;
initial begin
   for (i = 0; i <= {last}; i = i + 1) mem[i] = {DW}'h0;
end
always @(posedge clock) begin
   if ({write}) mem[{waddr}] <= wdata;
end
always @(*) rdata = {read};",
            hi = DW - 1,
            last = depth - 1,
            waddr = idx("waddr")
        ))
    }
}

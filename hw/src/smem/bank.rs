//! One shared-memory bank: `2^WA` words of 32 bits with byte write enables, one port,
//! hand-written Verilog (rust-hdl's `RAM` has no byte enables). Maps to one ECP5 DP16KD for
//! WA <= 9 (checked by `heddle report shared_mem`). The Rust model is a native array.
//!
//! Ports:
//! - `clock`  in   1   rising-edge clock
//! - `addr`   in   WA  word address (read and write)
//! - `wdata`  in   32  write data (byte k in bits 8k+7..8k)
//! - `be`     in   4   byte write enables; bit k writes byte k of word `addr`
//! - `rdata`  out  32  on a rising edge with `be` = 0: the word at `addr`; with any write
//!                      enable set, `rdata` keeps its value (no read-during-write)
//!
//! Every word starts at zero (an `initial` loop in Verilog, the init values of the BRAM).
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct SharedMemBank<const WA: usize> {
    pub clock: Signal<In, Clock>,
    pub addr: Signal<In, Bits<WA>>,
    pub wdata: Signal<In, Bits<32>>,
    pub be: Signal<In, Bits<4>>,
    pub rdata: Signal<Out, Bits<32>>,
    _mem: Box<Vec<u32>>,
}

impl<const WA: usize> Default for SharedMemBank<WA> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            addr: Default::default(),
            wdata: Default::default(),
            be: Default::default(),
            rdata: Default::default(),
            _mem: Box::new(vec![0; 1 << WA]),
        }
    }
}

impl<const WA: usize> Logic for SharedMemBank<WA> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            let a = self.addr.val().to_u64() as usize;
            let be = self.be.val().to_u64() as u32;
            if be == 0 {
                self.rdata.next = (self._mem[a] as u64).into();
            } else {
                let mut m = 0u32;
                for k in 0..4 {
                    if be >> k & 1 == 1 {
                        m |= 0xff << (8 * k);
                    }
                }
                let w = self.wdata.val().to_u64() as u32;
                self._mem[a] = (self._mem[a] & !m) | (w & m);
            }
        }
    }
    fn connect(&mut self) {
        self.rdata.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "\
reg [31:0] mem [0:{last}];
integer i;
initial begin
   for (i = 0; i <= {last}; i = i + 1) mem[i] = 32'h0;
end
always @(posedge clock) begin
   if (be[0]) mem[addr][7:0] <= wdata[7:0];
   if (be[1]) mem[addr][15:8] <= wdata[15:8];
   if (be[2]) mem[addr][23:16] <= wdata[23:16];
   if (be[3]) mem[addr][31:24] <= wdata[31:24];
   if (be == 4'h0) rdata <= mem[addr];
end",
            last = (1usize << WA) - 1
        ))
    }
}

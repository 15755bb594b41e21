//! The load/store unit's side of the SM's memory port: holds a request until the memory
//! takes it and registers the memory's response, so that nothing in the load/store unit
//! depends combinationally on the port's inputs. (Verilator evaluates every block whose
//! logic reads a top-level input on each `eval`, twice a clock: with the unit's logic
//! reading `m_req_ready` and `m_resp_*` directly, the whole unit and the shared memory
//! behind it were evaluated there; docs/sm.md, "Simulation speed".)
//!
//! Ports:
//! - `clock`, `clear`                          in   synchronous reset (drops a held request)
//! - `start`                                   in   1   the unit presents a request this
//!                                                      clock (one clock per request; its
//!                                                      address, space and data stay on the
//!                                                      port's outputs until the response)
//! - `m_req_ready`                             in   1   the memory takes the request
//! - `m_req_valid`                             out  1   combinational: `start`, or a request
//!                                                      presented earlier and not yet taken
//! - `taken`                                   out  1   registered: a request was taken in
//!                                                      the last clock (the counters)
//! - `m_resp_valid`, `m_resp_data`, `m_resp_err` in  1, 32, 1  the memory's response
//! - `r_valid`, `r_data`, `r_err`              out  1, 32, 1  registered: the response, one
//!                                                      clock after the memory gave it
//!
//! Latency: a response reaches the unit one clock after the memory presents it. The port
//! allows one request outstanding: the memory answers a request after it took it, so the
//! unit (waiting for `r_valid` from its `start`) never starts another before.
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct MemPort {
    pub clock: Signal<In, Clock>,
    pub clear: Signal<In, Bit>,
    pub start: Signal<In, Bit>,
    pub m_req_ready: Signal<In, Bit>,
    pub m_req_valid: Signal<Out, Bit>,
    pub taken: Signal<Out, Bit>,
    pub m_resp_valid: Signal<In, Bit>,
    pub m_resp_data: Signal<In, Bits<32>>,
    pub m_resp_err: Signal<In, Bit>,
    pub r_valid: Signal<Out, Bit>,
    pub r_data: Signal<Out, Bits<32>>,
    pub r_err: Signal<Out, Bit>,
    /// A request presented and not yet taken.
    held: DFF<Bit>,
    tk: DFF<Bit>,
    rv: DFF<Bit>,
    rd: DFF<Bits<32>>,
    re: DFF<Bit>,
    req: Signal<Local, Bit>,
}

impl Logic for MemPort {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, held, tk, rv, rd, re);
        self.req.next = self.start.val() | self.held.q.val();
        self.m_req_valid.next = self.req.val();
        self.held.d.next = self.req.val() & !self.m_req_ready.val();
        self.tk.d.next = self.req.val() & self.m_req_ready.val();
        self.rv.d.next = self.m_resp_valid.val();
        self.rd.d.next = self.m_resp_data.val();
        self.re.d.next = self.m_resp_valid.val() & self.m_resp_err.val();
        if self.clear.val() {
            self.held.d.next = false;
            self.tk.d.next = false;
            self.rv.d.next = false;
            self.re.d.next = false;
        }
        self.taken.next = self.tk.q.val();
        self.r_valid.next = self.rv.q.val();
        self.r_data.next = self.rd.q.val();
        self.r_err.next = self.re.q.val();
    }
}

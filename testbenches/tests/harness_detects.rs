//! The co-simulation harness must not pass vacuously: blocks whose exported Verilog
//! disagrees with rust-hdl's own simulation (the hazards in docs/rust-hdl.md) must be
//! reported as mismatches, by every back end, with the right port and values.
use heddle_sim::cosim::{Bench, CosimError, Mismatch};
use heddle_sim::export::file_text;
use rust_hdl::prelude::*;

/// `a & b == c`: Rust reads `(a & b) == c`, Verilog reads `a & (b == c)`.
#[derive(LogicBlock, Default)]
struct PlantedPrecedence {
    pub a: Signal<In, Bits<8>>,
    pub b: Signal<In, Bits<8>>,
    pub c: Signal<In, Bits<8>>,
    pub y: Signal<Out, Bit>,
}

impl Logic for PlantedPrecedence {
    #[hdl_gen]
    fn update(&mut self) {
        self.y.next = self.a.val() & self.b.val() == self.c.val();
    }
}

/// `(a + b + 1) >> 1`: Rust wraps at 8 bits, Verilog keeps the carry in a 32-bit context.
#[derive(LogicBlock, Default)]
struct PlantedWidth {
    pub clock: Signal<In, Clock>,
    pub a: Signal<In, Bits<8>>,
    pub b: Signal<In, Bits<8>>,
    pub y: Signal<Out, Bits<8>>,
    r: DFF<Bits<8>>,
}

impl Logic for PlantedWidth {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, r);
        self.r.d.next = (self.a.val() + self.b.val() + 1) >> 1;
        self.y.next = self.r.q.val();
    }
}

fn verilog_of<B: Block + Default>(name: &str) -> String {
    let mut u = B::default();
    u.connect_all();
    file_text(name, &generate_verilog(&u))
}

fn expect_mismatch(r: Result<heddle_sim::cosim::CosimReport, CosimError>) -> Mismatch {
    match r {
        Err(CosimError::Mismatch(m)) => *m,
        Err(e) => panic!("expected a mismatch, got another error: {e}"),
        Ok(rep) => panic!("the harness passed a block whose Verilog disagrees: {rep}"),
    }
}

/// Vectors for the precedence block; the last one disagrees:
/// a=0xf0 b=0x0f c=0x00: Rust (a&b)==c is 1; Verilog a & (b==c) is 0xf0 & 0 = 0.
fn precedence_bench() -> Bench<PlantedPrecedence> {
    let v = verilog_of::<PlantedPrecedence>("planted_precedence");
    assert!(v.contains("a & b == c"), "the exporter no longer prints the hazard:\n{v}");
    let mut b = Bench::combinational("planted_precedence", &v, PlantedPrecedence::default()).unwrap();
    // Three steps on which both readings agree, then the disagreeing one at step 3.
    for (a, bb, c) in [(0xffu64, 0x01u64, 0x01u64), (0x01, 0x02, 0x03), (0x80, 0x80, 0x00), (0xf0, 0x0f, 0x00)] {
        b.step(|u| {
            u.a.next = a.into();
            u.b.next = bb.into();
            u.c.next = c.into();
        })
        .unwrap();
    }
    b
}

#[test]
fn precedence_hazard_is_caught_by_verilator_with_vcds() {
    let mut b = precedence_bench();
    let m = expect_mismatch(b.trace.verilator());
    assert_eq!((m.step, m.port.as_str(), m.expected.as_str(), m.actual.as_str()), (3, "y", "0x1", "0x0"), "{m:?}");
    assert_eq!(m.inputs, "a=0xf0 b=0x0f c=0x00");
    assert!(m.cycle.is_none());
    for v in [m.rust_vcd.as_ref().unwrap(), m.hdl_vcd.as_ref().unwrap()] {
        let text = std::fs::read_to_string(v).unwrap();
        assert!(text.contains("$enddefinitions") && text.contains(" y "), "{}", v.display());
    }
    let msg = CosimError::Mismatch(Box::new(m)).to_string();
    assert!(msg.contains("step 3") && msg.contains("port `y`") && msg.contains("VCD"), "{msg}");
}

#[test]
fn precedence_hazard_is_caught_by_icarus_and_gate_level() {
    let mut b = precedence_bench();
    let m = expect_mismatch(b.trace.icarus(100));
    assert_eq!((m.step, m.port.as_str()), (3, "y"), "{m:?}");
    assert!(m.hdl_vcd.is_some());
    let m = expect_mismatch(b.trace.gate_level());
    assert_eq!((m.step, m.port.as_str()), (3, "y"), "{m:?}");
    let m = expect_mismatch(b.trace.icarus_gate_level(100));
    assert_eq!((m.step, m.port.as_str()), (3, "y"), "{m:?}");
}

#[test]
fn width_hazard_is_caught_in_a_clocked_block_with_its_cycle() {
    let v = verilog_of::<PlantedWidth>("planted_width");
    let mut b = Bench::clocked("planted_width", &v, PlantedWidth::default(), |u, c| u.clock.next = c.into()).unwrap();
    // No carry out of 8 bits for 5 cycles (both sides agree), then 0xff + 0x01 + 1 = 0x101:
    // Rust wraps to 0x01 >> 1 = 0x00, Verilog keeps 0x101 >> 1 = 0x80.
    for (a, bb) in [(1u64, 2u64), (3, 4), (0x10, 0x20), (0x7f, 0x7f), (0, 0), (0xff, 0x01), (0, 0)] {
        b.cycle(|u| {
            u.a.next = a.into();
            u.b.next = bb.into();
        })
        .unwrap();
    }
    for (name, r) in [("verilator", b.trace.verilator()), ("icarus", b.trace.icarus(1000))] {
        let m = expect_mismatch(r);
        // The register loads on the rising edge of cycle 6 (step 11).
        assert_eq!((m.step, m.cycle, m.port.as_str()), (11, Some(6), "y"), "{name}: {m:?}");
        assert_eq!((m.expected.as_str(), m.actual.as_str()), ("0x00", "0x80"), "{name}: {m:?}");
    }
}

/// The control case: the same harness passes a block whose Verilog agrees.
#[test]
fn agreeing_block_passes() {
    let v = verilog_of::<PlantedWidth>("planted_width");
    let mut b = Bench::clocked("planted_width", &v, PlantedWidth::default(), |u, c| u.clock.next = c.into()).unwrap();
    for (a, bb) in [(1u64, 2u64), (3, 4), (0x10, 0x20), (0x7f, 0x7f)] {
        b.cycle(|u| {
            u.a.next = a.into();
            u.b.next = bb.into();
        })
        .unwrap();
    }
    let r = b.trace.verilator().unwrap();
    assert_eq!(r.steps, 8);
}

/// Every port type of Verilator's C++ model: 1..8 (CData), 9..16 (SData), 17..32 (IData),
/// 33..64 (QData) and wider (VlWide words), combinational and registered.
#[derive(LogicBlock, Default)]
struct WidePorts {
    pub clock: Signal<In, Clock>,
    pub a: Signal<In, Bits<100>>,
    pub b: Signal<In, Bits<100>>,
    pub n7: Signal<In, Bits<7>>,
    pub n13: Signal<In, Bits<13>>,
    pub n33: Signal<In, Bits<33>>,
    pub n64: Signal<In, Bits<64>>,
    pub y_xor: Signal<Out, Bits<100>>,
    pub y_sum: Signal<Out, Bits<100>>,
    pub y7: Signal<Out, Bits<7>>,
    pub y13: Signal<Out, Bits<13>>,
    pub y33: Signal<Out, Bits<33>>,
    pub y64: Signal<Out, Bits<64>>,
    r: DFF<Bits<100>>,
}

impl Logic for WidePorts {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, r);
        self.y_xor.next = self.a.val() ^ self.b.val();
        self.r.d.next = self.a.val() + self.b.val();
        self.y_sum.next = self.r.q.val();
        self.y7.next = !self.n7.val();
        self.y13.next = self.n13.val() ^ self.n13.val().get_bits::<13>(0);
        self.y33.next = !self.n33.val();
        self.y64.next = self.n64.val() + self.n64.val();
    }
}

fn big<const N: usize>(words: [u64; 2]) -> Bits<N> {
    let v = (num_bigint::BigUint::from(words[1]) << 64u32) | num_bigint::BigUint::from(words[0]);
    let mask = (num_bigint::BigUint::from(1u8) << N) - 1u8;
    (v & mask).into()
}

fn wide_bench(verilog: &str) -> Bench<WidePorts> {
    let mut b = Bench::clocked("wide_ports", verilog, WidePorts::default(), |u, c| u.clock.next = c.into()).unwrap();
    let mut rng = heddle_sim::vectors::Rng::new(9);
    for _ in 0..500 {
        let (a, bb) = ([rng.next_u64(), rng.next_u64()], [rng.next_u64(), rng.next_u64()]);
        let (n7, n13, n33, n64) = (rng.below(1 << 7), rng.below(1 << 13), rng.below(1 << 33), rng.next_u64());
        b.cycle(|u| {
            u.a.next = big::<100>(a);
            u.b.next = big::<100>(bb);
            u.n7.next = n7.into();
            u.n13.next = n13.into();
            u.n33.next = n33.into();
            u.n64.next = n64.into();
        })
        .unwrap();
    }
    b
}

#[test]
fn wide_and_odd_width_ports_agree_on_every_back_end() {
    let v = verilog_of::<WidePorts>("wide_ports");
    let mut b = wide_bench(&v);
    for r in [b.trace.verilator(), b.trace.icarus(10_000), b.trace.gate_level(), b.trace.icarus_gate_level(10_000)] {
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.steps, 1000, "{r}");
    }
}

/// A disagreement in the top word of a 100-bit port is found and printed at full width.
#[test]
fn wide_port_mismatch_is_reported_at_full_width() {
    let v = verilog_of::<WidePorts>("wide_ports");
    let planted = v.replace("y_xor = a ^ b;", "y_xor = a ^ b ^ (100'h1 << 90);");
    assert_ne!(planted, v, "the planted edit did not apply:\n{v}");
    let mut b = wide_bench(&planted);
    for r in [b.trace.verilator(), b.trace.icarus(10_000)] {
        let m = expect_mismatch(r);
        assert_eq!((m.step, m.cycle, m.port.as_str()), (0, Some(0), "y_xor"), "{m:?}");
        let e = u128::from_str_radix(m.expected.trim_start_matches("0x"), 16).unwrap();
        let a = u128::from_str_radix(m.actual.trim_start_matches("0x"), 16).unwrap();
        assert_eq!(e ^ a, 1u128 << 90, "{m:?}");
        assert_eq!(m.expected.len(), 2 + 25, "100 bits print as 25 hex digits: {m:?}");
    }
}

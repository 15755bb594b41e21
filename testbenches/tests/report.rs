//! `heddle report`: ECP5 cell counts (snapshotted: a change in area shows in review) and
//! the nextpnr-ecp5 flow producing an Fmax.
use heddle_sim::report::{block_report, parse_ports, table, wrapper, BlockReport};

#[test]
fn cell_counts_snapshot() {
    let reps: Vec<BlockReport> =
        heddle_hw::blocks().iter().map(|b| block_report(b.name, false).unwrap_or_else(|e| panic!("{e}"))).collect();
    insta::assert_snapshot!("ecp5_cells", table(&reps));
}

#[test]
fn place_and_route_gives_fmax_and_json() {
    for b in ["fp32_unpack", "valid_pipe"] {
        let r = block_report(b, true).unwrap_or_else(|e| panic!("{e}"));
        let f = r.fmax_mhz.expect("P&R ran");
        assert!(f > 20.0 && f < 2000.0, "{b}: implausible Fmax {f}");
        assert!(r.registered);
        let back: BlockReport = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back, r);
    }
}

#[test]
fn wrapper_connects_every_port() {
    let v = heddle_sim::export::block_verilog("fp32_unpack").unwrap();
    let ports = parse_ports(&v, "fp32_unpack").unwrap();
    assert_eq!(ports.len(), 16);
    assert_eq!(ports.iter().filter(|p| p.input).map(|p| p.width).sum::<usize>(), 1 + 1 + 32 + 1);
    let w = wrapper("fp32_unpack", &ports);
    for p in &ports {
        assert!(w.contains(&format!(".{}(", p.name)), "{} not connected:\n{w}", p.name);
    }
    // 34 data input bits (clock excluded), 71 output bits.
    assert!(w.contains("reg [33:0] isr") && w.contains("reg [70:0] osr"), "{w}");
}

/// The out-of-context flow (used for registered blocks with more than OOC_IO_BITS I/O bits,
/// such as the shared memory) places a small registered block without its wrapper and
/// finds an Fmax.
#[test]
fn out_of_context_place_and_route_gives_fmax() {
    let v = heddle_sim::export::block_verilog("fp32_unpack").unwrap();
    let dir = std::env::temp_dir().join(format!("heddle-ooc-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (f, how) = heddle_sim::report::ecp5_fmax_placed("fp32_unpack", &v, &dir, true).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(how, "out of context");
    assert!(f > 20.0 && f < 2000.0, "implausible Fmax {f}");
    assert!(!dir.join("wrap.v").exists(), "no wrapper out of context");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The registry's latencies (printed by `heddle report`) agree with the blocks: 0 exactly
/// for the blocks without a clock, the units' own constants where they export one.
#[test]
fn registry_latencies_agree_with_the_blocks() {
    for b in heddle_hw::blocks() {
        let v = heddle_sim::export::block_verilog(b.name).unwrap();
        let clocked = parse_ports(&v, b.name).unwrap().iter().any(|p| p.input && p.name == "clock");
        assert_eq!(b.latency == 0, !clocked, "{}: latency {} but clocked = {clocked}", b.name, b.latency);
        if b.name == "fma" {
            assert_eq!(b.latency as usize, heddle_hw::fma::FMA_LATENCY);
        }
    }
}

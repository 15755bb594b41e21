//! `heddle report`: ECP5 cell counts (snapshotted: a change in area shows in review) and
//! the nextpnr-ecp5 flow producing an Fmax.
use heddle_sim::report::{block_report, parse_ports, table, wrapper, BlockReport, Placed};

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
/// such as the shared memory) places a small registered block inside its ring of port
/// registers and finds an Fmax (without the ring there would be no path to time).
#[test]
fn out_of_context_place_and_route_gives_fmax() {
    let v = heddle_sim::export::block_verilog("fp32_unpack").unwrap();
    let dir = std::env::temp_dir().join(format!("heddle-ooc-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let limit = std::time::Duration::from_secs(600);
    let placed = heddle_sim::report::ecp5_fmax_placed("fp32_unpack", &v, &dir, true, limit).unwrap_or_else(|e| panic!("{e}"));
    let Placed::Fmax(f, how) = placed else { panic!("{placed:?}") };
    assert_eq!(how, "out of context");
    assert!(f > 20.0 && f < 2000.0, "implausible Fmax {f}");
    let w = std::fs::read_to_string(dir.join("wrap.v")).unwrap();
    assert!(w.contains("input wire [31:0] p_a") && w.contains("r_a <= p_a;") && w.contains("fp32_unpack dut("), "{w}");
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
        let declared = match b.name {
            "fma" => heddle_hw::fma::FMA_LATENCY,
            "sfu" => heddle_hw::sfu::SFU_LATENCY,
            "sfu_rro" => heddle_hw::sfu_rro::RRO_LATENCY,
            "sfu_attr" => heddle_hw::sfu_attr::ATTR_LATENCY,
            "shared_mem" => heddle_hw::shared_mem::SMEM_LATENCY,
            _ => b.latency as usize,
        };
        assert_eq!(b.latency as usize, declared, "{}: registry latency vs the block's constant", b.name);
    }
}

/// nextpnr is stopped at the time limit instead of running for hours on a congested block:
/// the outcome says so with nextpnr's last log line, and the table marks the block unrouted.
#[test]
fn place_and_route_stops_at_the_time_limit() {
    let v = heddle_sim::export::block_verilog("fp32_unpack").unwrap();
    let dir = std::env::temp_dir().join(format!("heddle-pnr-limit-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let placed = heddle_sim::report::ecp5_fmax_placed("fp32_unpack", &v, &dir, false, std::time::Duration::ZERO).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(placed, Placed::TimedOut { seconds: 0, .. }), "{placed:?}");
    let _ = std::fs::remove_dir_all(&dir);
    let r = BlockReport {
        block: "x".into(),
        cells: Default::default(),
        other_cells: 0,
        registered: true,
        latency: 1,
        fmax_mhz: None,
        fmax_method: Some("not routed within 60 min (nextpnr stopped at: Info: ...)".into()),
        device: String::new(),
        tools: String::new(),
    };
    let t = table(&[r]);
    assert!(t.contains("unrouted") && t.contains("x: not routed within 60 min"), "{t}");
}

/// The blocks routed with router2 are registered blocks (a misspelt name would silently
/// fall back to router1), and every other block keeps router1.
#[test]
fn router2_blocks_are_registered() {
    use heddle_sim::report::{router_for, ROUTER2_BLOCKS};
    let names: Vec<&str> = heddle_hw::blocks().iter().map(|b| b.name).collect();
    for b in ROUTER2_BLOCKS {
        assert!(names.contains(&b), "{b} is not a registered block");
        assert_eq!(router_for(b), "router2");
    }
    assert_eq!(router_for("warp_sched"), "router2");
    for b in names.iter().filter(|b| !ROUTER2_BLOCKS.contains(b)) {
        assert_eq!(router_for(b), "router1", "{b}");
    }
    // The table names the router of a routed router2 block, and not of an unrouted one.
    let report = |fmax_mhz: Option<f64>, why: &str| BlockReport {
        block: "warp_sched".into(),
        cells: Default::default(),
        other_cells: 0,
        registered: true,
        latency: 1,
        fmax_mhz,
        fmax_method: Some(why.into()),
        device: String::new(),
        tools: String::new(),
    };
    let t = table(&[report(Some(26.8), "serial-io wrapper")]);
    assert!(t.contains("warp_sched: routed with nextpnr's router2"), "{t}");
    let t = table(&[report(None, "not routed within 60 min (nextpnr stopped at: x)")]);
    assert!(!t.contains("routed with nextpnr's") && t.contains("unrouted"), "{t}");
}

//! `heddle report`: the committed record of every block's ECP5 cells and Fmax
//! (docs/ecp5-report.json) checked against verilog-out/ without synthesizing the big blocks,
//! the small blocks' cells reproduced by Yosys, and the nextpnr-ecp5 flow on a small block.
//! Synthesis and P&R of the real blocks run in `heddle report` (docs/testing.md).
use heddle_sim::report::{
    block_report, merge_record, parse_ports, read_record, record_markdown, record_paths, record_staleness, table, verilog_hash,
    wrapper, BlockReport, Placed,
};

/// Every registered block with its committed Verilog and registry latency.
fn current() -> Vec<(&'static str, String, u32)> {
    let dir = heddle_sim::export::default_out_dir();
    heddle_hw::blocks()
        .iter()
        .map(|b| (b.name, std::fs::read_to_string(dir.join(format!("{}.v", b.name))).unwrap_or_default(), b.latency))
        .collect()
}

/// The record covers every block, made from exactly the committed Verilog (which
/// `heddle verilog --check` ties to the blocks) with the registry's latency, and its table
/// is the committed one. Cheap: hashes only.
#[test]
fn recorded_report_matches_the_committed_verilog() {
    let record = read_record().unwrap_or_else(|e| panic!("{e}"));
    let stale = record_staleness(&record, &current());
    assert!(stale.is_empty(), "docs/ecp5-report.json is stale:\n{}", stale.join("\n"));
    let (_, md) = record_paths();
    let committed = std::fs::read_to_string(&md).unwrap_or_default();
    assert!(committed == record_markdown(&record), "{} differs from the JSON record: run `cargo run --release -- report --no-pnr --record`", md.display());
}

/// The staleness check fails on a changed block, a missing one, a wrong latency and a
/// block that is no longer registered, naming each and the command that fixes it.
#[test]
fn record_staleness_flags_planted_changes() {
    let record = read_record().unwrap();
    let mut now = current();
    assert!(record_staleness(&record, &now).is_empty());
    now[0].1.push_str("// edited\n");
    now[1].2 += 1;
    let gone = now.remove(2).0;
    now.push(("new_block", "module new_block; endmodule\n".into(), 0));
    let stale = record_staleness(&record, &now);
    assert_eq!(stale.len(), 4, "{stale:#?}");
    assert!(stale[0].starts_with(&format!("{}: recorded from Verilog", now[0].0)) && stale[0].contains("--record"), "{}", stale[0]);
    assert!(stale[1].starts_with(&format!("{}: recorded latency", now[1].0)), "{}", stale[1]);
    assert!(stale[2].starts_with("new_block: not in the record"), "{}", stale[2]);
    assert!(stale[3].starts_with(&format!("{gone}: recorded but not a registered block")), "{}", stale[3]);
}

/// Yosys reproduces the recorded cells of the small blocks (the big ones are synthesized by
/// `heddle report`; their record is tied to their Verilog by the hash above).
#[test]
fn small_blocks_synthesize_to_the_recorded_cells() {
    let record = read_record().unwrap();
    for b in ["fp32_classify", "fp32_unpack", "valid_pipe", "mul24", "fp32_cmp"] {
        let r = block_report(b, false).unwrap_or_else(|e| panic!("{e}"));
        let rec = record.iter().find(|x| x.block == b).unwrap_or_else(|| panic!("{b} not recorded"));
        assert_eq!((&r.cells, r.other_cells, r.verilog_fnv64.as_str()), (&rec.cells, rec.other_cells, rec.verilog_fnv64.as_str()), "{b}");
        assert_eq!(r.verilog_fnv64, verilog_hash(&heddle_sim::export::block_verilog(b).unwrap()));
    }
}

/// Merging keeps a recorded Fmax only for unchanged Verilog, the same synthesis options and
/// a run without P&R, keeps blocks not in the new run, drops blocks no longer registered,
/// and follows the registry.
#[test]
fn merge_keeps_fmax_only_for_unchanged_verilog() {
    let rep = |block: &str, hash: &str, fmax: Option<f64>, tools: &str| BlockReport {
        block: block.into(),
        cells: [("LUT4".to_string(), 7)].into(),
        other_cells: 0,
        registered: true,
        latency: 1,
        fmax_mhz: fmax,
        fmax_method: fmax.map(|_| "serial-io wrapper".into()),
        device: String::new(),
        tools: tools.into(),
        verilog_fnv64: hash.into(),
        synth: heddle_sim::report::SYNTH_OPTIONS.into(),
        critical_path: None,
    };
    let old = vec![rep("a", "1", Some(50.0), "yosys 1; nextpnr-ecp5 v9 (router1)"), rep("b", "2", Some(60.0), "y; nextpnr-ecp5 v9"), rep("gone", "3", None, "")];
    let new = vec![rep("a", "1", None, "yosys 2; nextpnr-ecp5 not run"), rep("b", "22", None, "y; nextpnr-ecp5 not run")];
    let m = merge_record(&old, &new, &["b", "a", "c"]);
    assert_eq!(m.len(), 2);
    assert_eq!((m[0].block.as_str(), m[0].fmax_mhz), ("b", None), "changed Verilog drops the Fmax");
    assert_eq!((m[1].block.as_str(), m[1].fmax_mhz), ("a", Some(50.0)));
    assert_eq!(m[1].tools, "yosys 2; nextpnr-ecp5 v9 (router1)");
    let mut other_flow = rep("a", "1", None, "yosys 2; nextpnr-ecp5 not run");
    other_flow.synth = String::new();
    assert_eq!(merge_record(&old, &[other_flow], &["a"])[0].fmax_mhz, None, "another synthesis flow drops the Fmax");
    let fresh = vec![rep("a", "1", Some(70.0), "t")];
    assert_eq!(merge_record(&old, &fresh, &["a", "b"]).iter().map(|r| r.fmax_mhz).collect::<Vec<_>>(), vec![Some(70.0), Some(60.0)]);
}

#[test]
fn place_and_route_gives_fmax_and_json() {
    for b in ["fp32_unpack", "valid_pipe"] {
        let r = block_report(b, true).unwrap_or_else(|e| panic!("{e}"));
        let f = r.fmax_mhz.expect("P&R ran");
        assert!(f > 20.0 && f < 2000.0, "{b}: implausible Fmax {f}");
        let p = r.critical_path.clone().expect("P&R gives the critical path");
        assert!(p.logic_ns + p.routing_ns <= 1000.0 / f + 0.01, "{b}: the path {p} is longer than the clock period at {f} MHz");
        assert!(p.logic_ns > 0.0 && !p.from.is_empty() && !p.to.is_empty(), "{b}: {p}");
        assert!(table(&[r.clone()]).contains(&format!("{b}: {f:.1} MHz, critical path {p}")));
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
    let Placed::Fmax(f, how, path) = placed else { panic!("{placed:?}") };
    let path = path.expect("a register-to-register path");
    assert!(!path.from.is_empty() && !path.to.is_empty() && path.logic_ns > 0.0, "{path}");
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
            "sfu_rro" => heddle_hw::sfu::rro::RRO_LATENCY,
            "sfu_attr" => heddle_hw::sfu::attr::ATTR_LATENCY,
            "shared_mem" => heddle_hw::smem::SMEM_LATENCY,
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
        verilog_fnv64: String::new(),
        synth: heddle_sim::report::SYNTH_OPTIONS.into(),
        critical_path: None,
    };
    let t = table(&[r.clone()]);
    assert!(t.contains("unrouted") && t.contains("x: not routed within 60 min"), "{t}");
    assert!(!t.contains("default flow"), "{t}");
    // An entry made with synth_ecp5's default flow is marked until it is re-run.
    let t = table(&[BlockReport { synth: String::new(), ..r }]);
    assert!(t.contains("  0d ") && t.contains("d: synthesized with synth_ecp5's default flow"), "{t}");
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
        verilog_fnv64: String::new(),
        synth: heddle_sim::report::SYNTH_OPTIONS.into(),
        critical_path: None,
    };
    let t = table(&[report(Some(26.8), "serial-io wrapper")]);
    assert!(t.contains("warp_sched: routed with nextpnr's router2"), "{t}");
    let t = table(&[report(None, "not routed within 60 min (nextpnr stopped at: x)")]);
    assert!(!t.contains("routed with nextpnr's") && t.contains("unrouted"), "{t}");
}

/// The critical path is read from nextpnr's report: of the clock-to-clock paths the
/// longest, its ends named as a reader finds them in the block (flip-flops as `reg[bit]`,
/// the report wrapper's own registers marked), its logic levels and delays summed by kind;
/// an asynchronous path is not the critical one, and a report without a clocked path has
/// none. Merging keeps a recorded path with its Fmax.
#[test]
fn critical_path_is_read_from_the_nextpnr_report() {
    use heddle_sim::report::critical_path;
    let step = |kind: &str, cell: &str, port: &str, d: f64| {
        serde_json::json!({"type": kind, "delay": d, "from": {"cell": cell, "port": port}, "to": {"cell": cell, "port": port}})
    };
    let rep = serde_json::json!({"critical_paths": [
        {"from": "posedge clk", "to": "posedge clk", "path": [
            step("clk-to-q", "dut.r_frac.q_TRELLIS_FF_Q_5", "Q", 0.5),
            step("routing", "x", "A", 1.0),
            step("logic", "dut.add.$abc$1$lut", "Z", 0.25),
            step("routing", "x", "B", 2.0),
            step("logic", "dut.add.$abc$2$lut", "Z", 0.25),
            step("setup", "dut.r_sig.q_TRELLIS_FF_Q", "DI", 0.5),
        ]},
        {"from": "posedge clk", "to": "posedge clk", "path": [
            step("clk-to-q", "isr_TRELLIS_FF_Q_3", "Q", 0.5),
            step("setup", "dut.r_a.q_TRELLIS_FF_Q_0", "DI", 0.5),
        ]},
        {"from": "<async>", "to": "posedge clk", "path": [step("routing", "x", "A", 99.0)]},
    ]});
    let ports = parse_ports("module b(clock, a, c, y);\n  input wire clock;\n  input wire [3:0] a;\n  input wire c;\n  output wire [1:0] y;\nendmodule\n", "b").unwrap();
    let p = critical_path(&rep, "dut.", &ports).expect("a clocked path");
    assert_eq!((p.from.as_str(), p.to.as_str(), p.logic_levels), ("r_frac.q[5]", "r_sig.q", 2));
    assert!((p.logic_ns - 1.5).abs() < 1e-9 && (p.routing_ns - 3.0).abs() < 1e-9, "{p}");
    assert_eq!(p.to_string(), "r_frac.q[5] -> r_sig.q: 2 logic levels, 1.50 ns logic + 3.00 ns routing");
    let wrapper_only = serde_json::json!({"critical_paths": [rep["critical_paths"][1].clone()]});
    let w = critical_path(&wrapper_only, "dut.", &ports).unwrap();
    assert_eq!((w.from.as_str(), w.to.as_str()), ("input a[3]", "r_a.q[0]"), "the serial wrapper's bit 3 holds a[3]");
    let beyond = serde_json::json!({"critical_paths": [{"from": "posedge clk", "to": "posedge clk", "path": [
        step("clk-to-q", "isr_TRELLIS_FF_Q_4", "Q", 0.5),
        step("setup", "osr_TRELLIS_FF_Q_1", "DI", 0.5),
    ]}]});
    let b = critical_path(&beyond, "dut.", &ports).unwrap();
    assert_eq!((b.from.as_str(), b.to.as_str()), ("input c[0]", "output y[1]"));
    let ring = serde_json::json!({"critical_paths": [{"from": "posedge clk", "to": "posedge clk", "path": [
        step("clk-to-q", "r_y_TRELLIS_FF_Q_1", "Q", 0.5),
        step("setup", "r_zz_TRELLIS_FF_Q", "DI", 0.5),
    ]}]});
    let r = critical_path(&ring, "dut.", &ports).unwrap();
    assert_eq!((r.from.as_str(), r.to.as_str()), ("output y[1]", "r_zz (the report wrapper's)"));
    let async_only = serde_json::json!({"critical_paths": [rep["critical_paths"][2].clone()]});
    assert_eq!(critical_path(&async_only, "dut.", &ports), None);
    assert_eq!(critical_path(&serde_json::json!({}), "dut.", &ports), None);
    // Merging a run without P&R into a routed record keeps the path with the Fmax.
    let routed = BlockReport {
        block: "a".into(),
        cells: Default::default(),
        other_cells: 0,
        registered: true,
        latency: 1,
        fmax_mhz: Some(50.0),
        fmax_method: Some("serial-io wrapper".into()),
        device: String::new(),
        tools: "yosys 1; nextpnr-ecp5 v9 (router1)".into(),
        verilog_fnv64: "1".into(),
        synth: heddle_sim::report::SYNTH_OPTIONS.into(),
        critical_path: Some(p.clone()),
    };
    let cells_only = BlockReport { fmax_mhz: None, fmax_method: None, critical_path: None, tools: "yosys 2; nextpnr-ecp5 not run".into(), ..routed.clone() };
    assert_eq!(merge_record(&[routed], &[cells_only], &["a"])[0].critical_path, Some(p));
}

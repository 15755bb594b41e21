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

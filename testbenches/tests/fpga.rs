//! The FPGA board without the board: `heddle fpga run --sim`'s loader against the ULX3S
//! board's Verilog (`verilog-out/ulx3s_board.v`: UART, UARTBone bridge, memory map,
//! memory, `sm_small`) in Verilator, its serial line simulated bit by bit: kernels run
//! with outputs equal to the golden SM's, every error path of the loader (no board,
//! another bitstream, garbled answers, a kernel fault, a launch too large) gives its error,
//! and a bug planted in the board's Verilog is caught.
use heddle_hw::ulx3s::{self, BoardConfig};
use heddle_sim::fpga::loader::{run_launch, BoardOpts, FpgaError};
use heddle_sim::fpga::sim_board::SimBoard;
use heddle_sim::fpga::LinkError;
use std::path::{Path, PathBuf};

fn launch(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../examples/kernels/launch/{name}.json"))
}

fn board() -> SimBoard {
    SimBoard::new(&ulx3s::ULX3S).unwrap_or_else(|e| panic!("{e}"))
}

/// A launch file of vector_add's PTX with `grid` CTAs of 256 threads, `n` elements per
/// buffer and `n_arg` as its element count.
fn vector_add_file(tag: &str, grid: u32, n: u32, n_arg: u32) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heddle-fpga-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ptx = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/kernels/ptx/vector_add.ptx").canonicalize().unwrap();
    let text = format!(
        r#"{{ "ptx": "{}", "grid": [{grid}, 1, 1], "block": [256, 1, 1],
  "buffers": {{ "a": {{ "iota_f32": {{ "count": {n}, "start": 0.0, "step": 1.0 }} }},
               "b": {{ "iota_f32": {{ "count": {n}, "start": 0.5, "step": 2.0 }} }},
               "c": {{ "zeros": {} }} }},
  "args": [{{ "buffer": "a" }}, {{ "buffer": "b" }}, {{ "buffer": "c" }}, {{ "u32": {n_arg} }}],
  "outputs": ["c"], "print_as": {{ "c": "f32" }} }}"#,
        ptx.display(),
        4 * n
    );
    let p = dir.join("launch.json");
    std::fs::write(&p, text).unwrap();
    p
}

/// vector_add (2 CTAs of 256 threads over 500 elements: a partial warp) and reduction (its
/// example launch file) on the simulated board: outputs read back from the board's memory
/// equal the golden SM's, the counters count the kernel, and the link moved what the loader
/// sent. (`heddle fpga run --sim` runs every example launch file that fits: docs/fpga.md.)
#[test]
fn vector_add_and_reduction_run_on_the_simulated_board() {
    for (name, file, retired) in [("vector_add", vector_add_file("run", 2, 500, 500), 384), ("reduction", launch("reduction"), 0)] {
        let mut b = board();
        let r = run_launch(&mut b, &file, &ulx3s::ULX3S, BoardOpts::default(), None).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.board.hash, ulx3s::config_hash(&ulx3s::ULX3S));
        assert_eq!(r.board.mem_bytes, ulx3s::ULX3S.mem_bytes());
        assert!(r.cycles > 100 && r.counters[heddle_hw::sm::counters::CYCLES] as u64 == r.cycles, "{name}: {} cycles", r.cycles);
        assert_eq!(r.counters[heddle_hw::sm::counters::RETIRED] as u64, r.report.warp_instructions, "{name}");
        if retired > 0 {
            assert_eq!(r.report.warp_instructions, retired, "{name}");
        }
        assert_eq!(r.retries, 0);
        assert_eq!(b.bytes_to_board, r.bytes_out, "{name}: every byte sent reached the board");
        assert_eq!(b.bytes_from_board, r.bytes_in, "{name}");
        let out = &r.report.outputs[0];
        assert!(out.data.iter().any(|x| *x != 0), "{name}: an output of zeros");
        eprintln!(
            "{name}: {} cycles, {} bytes out, {} in, {:.3} s of the board's time ({:.0} bytes/s), {} clocks simulated",
            r.cycles,
            r.bytes_out,
            r.bytes_in,
            r.total_s,
            (r.bytes_out + r.bytes_in) as f64 / r.total_s,
            b.clocks
        );
    }
}

/// No board on the line: the loader asks 4 times and says so.
#[test]
fn a_board_that_does_not_answer_is_reported() {
    let mut b = board();
    b.plugged = false;
    let e = run_launch(&mut b, &launch("vector_add"), &ulx3s::ULX3S, BoardOpts::default(), None).err().expect("no board");
    match &e {
        FpgaError::NoBoard { cause: LinkError::Timeout { waited, .. }, .. } => assert!(waited.contains("asked 4 times"), "{e}"),
        _ => panic!("{e}"),
    }
    assert!(e.to_string().contains("no board answers on the simulated ULX3S board's serial line"), "{e}");
}

/// A board built for another configuration (here: another clock) is refused with both
/// configuration hashes.
#[test]
fn another_bitstream_is_an_id_mismatch_naming_both() {
    let mut b = board();
    let other = BoardConfig { clock_hz: 12_500_000, ..ulx3s::ULX3S };
    let e = run_launch(&mut b, &launch("vector_add"), &other, BoardOpts::default(), None).err().expect("a mismatch");
    let (board_hash, want) = (ulx3s::config_hash(&ulx3s::ULX3S), ulx3s::config_hash(&other));
    assert!(matches!(e, FpgaError::IdMismatch { .. }), "{e}");
    let m = e.to_string();
    assert!(m.contains(&format!("0x{board_hash:08x}")) && m.contains(&format!("0x{want:08x}")) && m.contains("12500000"), "{m}");
}

/// Bytes from the board garbled on the line (a low stop bit): the read is asked again and
/// the run succeeds; garbled for good, the loader stops with a framing error after its
/// retries.
#[test]
fn garbled_answers_are_asked_again() {
    let small = vector_add_file("garble", 1, 200, 200);
    let mut b = board();
    b.garble = 2;
    let r = run_launch(&mut b, &small, &ulx3s::ULX3S, BoardOpts::default(), None).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.retries >= 1, "{} retries", r.retries);
    let mut b = board();
    b.garble = u32::MAX;
    let e = run_launch(&mut b, &small, &ulx3s::ULX3S, BoardOpts::default(), None).err().expect("framing");
    match &e {
        FpgaError::Link(LinkError::Framing { what }) => assert!(what.contains("asked 4 times"), "{e}"),
        _ => panic!("{e}"),
    }
}

/// A kernel that writes beyond the board's global memory window faults on the board; the
/// loader reports the SM's fault (kind, warp, PC, lane, address, PTX line) and the golden
/// SM's.
#[test]
fn a_kernel_fault_on_the_board_is_reported() {
    // 2 CTAs of 256 threads over buffers of 100 elements, told there are 512: the stores
    // beyond c's end leave the global window.
    let bad = vector_add_file("fault", 2, 100, 512);
    let mut b = board();
    let e = run_launch(&mut b, &bad, &ulx3s::ULX3S, BoardOpts::default(), None).err().expect("a fault");
    let m = e.to_string();
    assert!(matches!(e, FpgaError::KernelFault { .. }), "{m}");
    assert!(m.contains("faulted") && m.contains("vector_add.ptx:") && m.contains("the golden SM: "), "{m}");
}

/// A launch larger than the board's memory, or with CTAs larger than its SM holds, is
/// refused before anything is uploaded, with the sizes that do not fit.
#[test]
fn a_launch_too_large_for_the_board_is_refused() {
    let big = vector_add_file("big", 4, 20_000, 1000);
    let mut b = board();
    let e = run_launch(&mut b, &big, &ulx3s::ULX3S, BoardOpts::default(), None).err().expect("too large");
    let m = e.to_string();
    assert!(matches!(e, FpgaError::DoesNotFit(_)), "{m}");
    assert!(m.contains("c 80000 bytes") && m.contains(&format!("the board has {}", ulx3s::ULX3S.mem_bytes())), "{m}");
    assert!(b.bytes_to_board < 100, "only the identification was sent: {} bytes", b.bytes_to_board);
    // CTAs of 1,024 threads: more than the board's SM (16 warps) holds.
    let wide = vector_add_file("wide", 1, 2048, 2048);
    let text = std::fs::read_to_string(&wide).unwrap().replace("\"block\": [256, 1, 1]", "\"block\": [1024, 1, 1]");
    std::fs::write(&wide, text).unwrap();
    let mut b = board();
    let e = run_launch(&mut b, &wide, &ulx3s::ULX3S, BoardOpts::default(), None).err().expect("too many threads");
    let m = e.to_string();
    assert!(matches!(e, FpgaError::DoesNotFit(_)), "{m}");
    assert!(m.contains("CTAs of 1024 x 1 x 1 threads") && m.contains("1024 threads per CTA (at most 512)"), "{m}");
    assert!(b.bytes_to_board < 100, "only the identification was sent: {} bytes", b.bytes_to_board);
}

/// A planted bug in the board's Verilog (every word the SM's memory port reads has bit 8
/// flipped: the kernel's buffer addresses among them) is caught by the loader's
/// comparison with the golden SM: a fault where the golden SM finished, or other outputs.
#[test]
fn a_planted_memory_bug_in_the_board_is_caught() {
    let v = heddle_sim::export::block_verilog("ulx3s_board").unwrap();
    let good = "sm$m_resp_data = ram_rd & be_mask;";
    assert_eq!(v.matches(good).count(), 1, "the planting site moved");
    let planted = v.replace(good, "sm$m_resp_data = (ram_rd ^ 32'h100) & be_mask;");
    let mut b = SimBoard::with_verilog(&ulx3s::ULX3S, &planted).unwrap_or_else(|e| panic!("{e}"));
    let small = vector_add_file("planted", 1, 200, 200);
    let e = run_launch(&mut b, &small, &ulx3s::ULX3S, BoardOpts::default(), None).err().expect("the planted bug is caught");
    match &e {
        FpgaError::Mismatch(m) => assert!(m.contains("buffer c"), "{e}"),
        FpgaError::KernelFault { golden, .. } => assert_eq!(golden, "finished without a fault", "{e}"),
        _ => panic!("{e}"),
    }
}

/// The bridge's side of LiteX's UARTBone protocol, byte by byte on the simulated line:
/// fixed and incrementing reads and writes, a length of 0 meaning 256 words, an unknown
/// command read to its address and ignored, unmapped words reading 0, and a frame with a
/// low stop bit dropped (LED 5) without upsetting the next command.
#[test]
fn the_bridge_speaks_uartbone() {
    use heddle_hw::link::uartbone::cmd;
    use heddle_sim::fpga::serial::SerialPort;
    let mut b = board();
    let words = |b: &mut SimBoard, n: usize| -> Vec<u32> {
        b.read(4 * n, 0.002 + 8e-5 * n as f64, "a test read").unwrap().chunks(4).map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]])).collect()
    };
    let hdr = |c: u8, n: u8, a: u32| {
        let mut v = vec![c, n];
        v.extend_from_slice(&a.to_be_bytes());
        v
    };
    // A fixed read of the ID three times; an incrementing read of the first six registers.
    b.write(&hdr(cmd::READ_FIXED, 3, ulx3s::map::BOARD)).unwrap();
    assert_eq!(words(&mut b, 3), vec![ulx3s::BOARD_ID; 3]);
    b.write(&hdr(cmd::READ_INCR, 6, ulx3s::map::BOARD)).unwrap();
    let c = ulx3s::ULX3S;
    assert_eq!(words(&mut b, 6), vec![ulx3s::BOARD_ID, ulx3s::MAP_VERSION, ulx3s::config_hash(&c), c.mem_bytes(), c.clock_hz as u32, c.baud as u32]);
    // Writes: incrementing into the windows' registers, fixed into one memory word (the last wins).
    let mut w = hdr(cmd::WRITE_INCR, 2, ulx3s::map::BOARD + ulx3s::reg::SPACE_BASE);
    w.extend_from_slice(&0x1234_5678u32.to_be_bytes());
    w.extend_from_slice(&0x9abc_def0u32.to_be_bytes());
    b.write(&w).unwrap();
    let mut w = hdr(cmd::WRITE_FIXED, 2, ulx3s::map::MEM + 7);
    w.extend_from_slice(&1u32.to_be_bytes());
    w.extend_from_slice(&2u32.to_be_bytes());
    b.write(&w).unwrap();
    b.write(&hdr(cmd::READ_INCR, 2, ulx3s::map::BOARD + ulx3s::reg::SPACE_BASE)).unwrap();
    assert_eq!(words(&mut b, 2), vec![0x1234_5678, 0x9abc_def0]);
    b.write(&hdr(cmd::READ_INCR, 3, ulx3s::map::MEM + 6)).unwrap();
    assert_eq!(words(&mut b, 3), vec![0, 2, 0]);
    // An unknown command is read to its address and ignored: nothing answers.
    b.write(&hdr(0x07, 1, ulx3s::map::BOARD)).unwrap();
    let e = b.read(1, 0.001, "an unknown command").err().expect("no answer");
    assert!(matches!(e, LinkError::Timeout { .. }), "{e}");
    // A length of 0 is 256 words; unmapped words read 0.
    b.write(&hdr(cmd::READ_INCR, 0, ulx3s::map::MEM)).unwrap();
    let m = words(&mut b, 256);
    assert_eq!((m.len(), m[7]), (256, 2));
    b.write(&hdr(cmd::READ_INCR, 2, 0x0200_0000)).unwrap();
    assert_eq!(words(&mut b, 2), vec![0, 0]);
    // A frame with a low stop bit is dropped and shown on LED 5; the next command works.
    assert_eq!(b.led & 0x20, 0);
    b.send_bad_frame(cmd::READ_INCR);
    assert_eq!(b.led & 0x20, 0x20, "LED 5 after a framing error");
    b.write(&hdr(cmd::READ_INCR, 1, ulx3s::map::BOARD)).unwrap();
    assert_eq!(words(&mut b, 1), vec![ulx3s::BOARD_ID]);
}

/// The runners read the ports of the board and of the SMs from their Verilog
/// (`cosim::ports_of_verilog`) instead of building each model a second time: the list is
/// the model's own, name, width, direction and order (the runner libraries pack their
/// words in that order).
#[test]
fn ports_read_from_the_verilog_are_the_models() {
    use heddle_sim::cosim::{ports_of, ports_of_verilog};
    let b = ulx3s::ULX3S;
    let verilog = heddle_sim::export::file_text("ulx3s_board", &heddle_hw::ulx3s_board_verilog(b).unwrap());
    let model = heddle_hw::on_sm_stack(move || ports_of(&heddle_hw::Ulx3sBoard::new(&b).unwrap()).unwrap()).unwrap();
    assert_eq!(ports_of_verilog(&verilog, "ulx3s_board").unwrap(), model);
    for (cfg, block) in heddle_hw::SM_BLOCKS {
        let verilog = heddle_sim::export::block_verilog(block).unwrap();
        let model = heddle_hw::on_sm_stack(move || heddle_hw::with_sm!(&cfg, uut => ports_of(&uut).unwrap(), unreachable!())).unwrap();
        assert!(model.len() > 100, "{block}: {} ports", model.len());
        assert_eq!(ports_of_verilog(&verilog, block).unwrap(), model, "{block}");
    }
}

/// `heddle fpga build` reuses a synthesis only when the folder holds a finished one of the
/// same `ulx3s.v` by the same script (the key written after Yosys succeeded).
#[test]
fn a_finished_synthesis_is_reused_only_when_unchanged() {
    use heddle_sim::fpga::build::{synthesis_done, SYNTH_KEY};
    let dir = std::env::temp_dir().join(format!("heddle-synth-reuse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (top, script) = ("module ulx3s(); endmodule\n", "read_verilog ulx3s.v; synth_ecp5 -top ulx3s -json ulx3s.json");
    std::fs::write(dir.join("ulx3s.v"), top).unwrap();
    std::fs::write(dir.join("ulx3s.json"), "{}").unwrap();
    std::fs::write(dir.join("stat.txt"), "").unwrap();
    assert!(!synthesis_done(&dir, top, script), "no key: Yosys did not finish");
    std::fs::write(dir.join(SYNTH_KEY), script).unwrap();
    assert!(synthesis_done(&dir, top, script));
    assert!(!synthesis_done(&dir, "module ulx3s(input a); endmodule\n", script), "another top");
    assert!(!synthesis_done(&dir, top, "read_verilog ulx3s.v; synth_ecp5 -abc9"), "another script");
    std::fs::remove_file(dir.join("ulx3s.json")).unwrap();
    assert!(!synthesis_done(&dir, top, script), "no netlist");
    std::fs::remove_dir_all(&dir).unwrap();
}

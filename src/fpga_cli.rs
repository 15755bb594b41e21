//! `heddle fpga`: build the ULX3S bitstream, flash it, run a launch on the board (or on
//! its simulation). docs/fpga.md.
use clap::Subcommand;
use heddle_sim::fpga::{build, loader, serial::SerialPort, serial::TtyPort, sim_board::SimBoard};
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum FpgaCmd {
    /// Build the bitstream: Yosys synth_ecp5, nextpnr-ecp5 timing-driven at the SM's clock,
    /// ecppack; prints utilisation and the routed Fmax
    Build {
        /// ulx3s-85f or ulx3s-45f
        #[arg(long, default_value = build::BOARDS[0].0)]
        board: String,
        /// The SM's clock in MHz (made by the ECP5 PLL from the 25 MHz oscillator)
        #[arg(long, default_value_t = default_mhz())]
        freq: f64,
        /// Build folder (default target/heddle/fpga/BOARD-FREQmhz)
        #[arg(long)]
        out: Option<PathBuf>,
        /// Run the flow even when the recorded area does not fit the device
        #[arg(long)]
        force: bool,
        /// nextpnr's seed: where placement starts (another seed may route where one does not)
        #[arg(long, default_value_t = build::SEED)]
        seed: u64,
    },
    /// Load a bitstream into the ULX3S with openFPGALoader (SRAM: until power-off)
    Flash {
        /// The bitstream (default: the last `heddle fpga build` of the default board and clock)
        #[arg(long)]
        bit: Option<PathBuf>,
    },
    /// Run a launch file on the board: upload, launch, read back, compare with the golden SM
    Run {
        launch: PathBuf,
        /// The board's serial port
        #[arg(long, default_value = "/dev/ttyUSB0")]
        port: String,
        /// Run on the board's Verilog in Verilator, its serial line simulated bit by bit
        /// (the PLL bypassed), instead of a board
        #[arg(long)]
        sim: bool,
        /// The SM's clock the bitstream was built for, in MHz (part of the board's
        /// configuration hash; --sim simulates the committed board)
        #[arg(long, default_value_t = default_mhz())]
        freq: f64,
        /// The SM's watchdog: clocks after the launch before a kernel still running faults
        #[arg(long, default_value_t = loader::BoardOpts::default().watchdog)]
        watchdog: u32,
        /// Seconds (the board's) to wait for the kernel
        #[arg(long, default_value_t = loader::BoardOpts::default().timeout_s)]
        timeout: f64,
        /// Times a read is asked again after a timeout or a UART framing error
        #[arg(long, default_value_t = loader::BoardOpts::default().max_retries)]
        retries: u32,
        /// Also write the report as JSON to this file
        #[arg(long)]
        json: Option<PathBuf>,
    },
}

fn default_mhz() -> f64 {
    heddle_hw::ulx3s::ULX3S.clock_hz as f64 / 1e6
}

fn default_dir(board: &str, mhz: f64) -> PathBuf {
    heddle_sim::export::workspace_root().join("target/heddle/fpga").join(format!("{board}-{mhz}mhz"))
}

pub fn run(cmd: FpgaCmd) -> Result<(), String> {
    match cmd {
        FpgaCmd::Build { board, freq, out, force, seed } => {
            let dir = out.unwrap_or_else(|| default_dir(&board, freq));
            let t = std::time::Instant::now();
            let b = build::build(&board, freq, seed, &dir, force, &mut |m| eprintln!("fpga build: {m}"))?;
            println!("bitstream: {}", b.bit.display());
            println!("  SM clock {} Hz, routed Fmax {:.1} MHz", b.board.clock_hz, b.fmax_mhz);
            if let Some(p) = &b.critical_path {
                println!("  critical path {p}");
            }
            for u in &b.utilisation {
                println!("  {u}");
            }
            println!(
                "  synthesis {:.0} s{}, place and route {:.0} s, packing {:.0} s; {:.0} s in all",
                b.synth_s,
                if b.synth_reused { " (reused)" } else { "" },
                b.pnr_s,
                b.pack_s,
                t.elapsed().as_secs_f64()
            );
            Ok(())
        }
        FpgaCmd::Flash { bit } => {
            let bit = bit.unwrap_or_else(|| default_dir(build::BOARDS[0].0, default_mhz()).join("ulx3s.bit"));
            if !bit.is_file() {
                return Err(format!("{}: no bitstream (run `heddle fpga build` first, or pass --bit)", bit.display()));
            }
            let tool = heddle_sim::tools::find("openFPGALoader").map_err(|e| e.to_string())?;
            let st = std::process::Command::new(tool)
                .args(["--board", "ulx3s"])
                .arg(&bit)
                .status()
                .map_err(|e| format!("openFPGALoader: {e}"))?;
            if st.success() {
                Ok(())
            } else {
                Err(format!("openFPGALoader --board ulx3s {} failed ({st}): is the board plugged in (US1), and no other program using it?", bit.display()))
            }
        }
        FpgaCmd::Run { launch, port, sim, freq, watchdog, timeout, retries, json } => {
            let (cfg, _) = build::board_config(freq)?;
            let opts = loader::BoardOpts { watchdog, timeout_s: timeout, max_retries: retries };
            let mut p: Box<dyn SerialPort> = if sim {
                eprintln!("building the simulated board (Verilator, the first time: minutes) ...");
                Box::new(SimBoard::new(&heddle_hw::ulx3s::ULX3S)?)
            } else {
                Box::new(TtyPort::open(&port, cfg.baud).map_err(|e| e.to_string())?)
            };
            let expected = if sim { heddle_hw::ulx3s::ULX3S } else { cfg };
            eprintln!("running {} on {} ...", launch.display(), p.describe());
            let wall = std::time::Instant::now();
            let mut last = std::time::Instant::now();
            let mut progress = |clock: u64, s: f64| {
                if last.elapsed().as_secs_f64() >= 5.0 {
                    eprintln!("  ... {clock} clocks of the SM, {s:.2} s of the board's time, {:.0} s", wall.elapsed().as_secs_f64());
                    last = std::time::Instant::now();
                }
            };
            let r = loader::run_launch(p.as_mut(), &launch, &expected, opts, Some(&mut progress)).map_err(|e| e.to_string())?;
            crate::print_report(&r.report);
            let ipc = r.report.warp_instructions as f64 / r.cycles.max(1) as f64;
            println!(
                "  board ({}): {} cycles, IPC {:.3}, outputs equal to the golden SM's; board ID 0x{:08x}, configuration hash 0x{:08x}, {} bytes of memory, {} Hz, {} baud",
                if sim { "simulated" } else { "ULX3S" },
                r.cycles,
                ipc,
                r.board.id,
                r.board.hash,
                r.board.mem_bytes,
                r.board.clock_hz,
                r.board.baud
            );
            for line in heddle_sim::runners::sm::counter_lines(&r.counters) {
                println!("  {line}");
            }
            let w: Vec<String> = r
                .windows
                .iter()
                .map(|w| format!("{} 0x{:05x}+{}", heddle_hw::isa::space::NAMES[w.space as usize], w.base, w.bytes))
                .collect();
            println!("  memory windows: {}", w.join(", "));
            println!(
                "  link: {} bytes sent, {} received, {} reads asked again; upload {:.3} s, kernel {:.3} s, read-back {:.3} s, {:.3} s in all ({:.0} bytes/s){}",
                r.bytes_out,
                r.bytes_in,
                r.retries,
                r.upload_s,
                r.run_s,
                r.readback_s,
                r.total_s,
                (r.bytes_out + r.bytes_in) as f64 / r.total_s.max(1e-9),
                if sim { format!(" of the board's time; {:.1} s simulated", wall.elapsed().as_secs_f64()) } else { String::new() }
            );
            if let Some(j) = json {
                let mut v = serde_json::to_value(&r.report).map_err(|e| e.to_string())?;
                if let Some(o) = v.as_object_mut() {
                    o.insert(
                        "board".into(),
                        serde_json::json!({
                            "simulated": sim,
                            "cycles": r.cycles,
                            "ipc": ipc,
                            "config_hash": r.board.hash,
                            "clock_hz": r.board.clock_hz,
                            "baud": r.board.baud,
                            "counters": heddle_hw::sm::counters::NAMES.iter().zip(&r.counters).map(|((k, _), n)| (k.to_string(), serde_json::json!(n))).collect::<serde_json::Map<_, _>>(),
                            "bytes_out": r.bytes_out,
                            "bytes_in": r.bytes_in,
                            "retries": r.retries,
                            "upload_s": r.upload_s,
                            "run_s": r.run_s,
                            "readback_s": r.readback_s,
                            "total_s": r.total_s,
                        }),
                    );
                }
                std::fs::write(&j, serde_json::to_string_pretty(&v).unwrap()).map_err(|e| format!("{}: {e}", j.display()))?;
            }
            Ok(())
        }
    }
}

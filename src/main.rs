//! The `heddle` command line: export, co-simulate and report on heddle's hardware.
use clap::{Parser, Subcommand};
use heddle_sim::{export, report, runners};
use std::path::PathBuf;
use std::process::ExitCode;

mod fpga_cli;

#[derive(Parser)]
#[command(name = "heddle", version, about = "heddle: a G80-class GPU streaming multiprocessor in rust-hdl")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// The FPGA board (ULX3S): build the bitstream, flash it, run a kernel on it (or on its
    /// simulation with --sim)
    Fpga {
        #[command(subcommand)]
        cmd: fpga_cli::FpgaCmd,
    },
    /// Export every block registered in hw/ to verilog-out/<block>.v
    Verilog {
        /// Output folder (default: verilog-out/ of the workspace)
        #[arg(long)]
        out: Option<PathBuf>,
        /// Compare instead of writing; exit non-zero naming stale files
        #[arg(long)]
        check: bool,
    },
    /// Co-simulate a block: Rust model vs golden model, then its exported Verilog in
    /// Verilator (RTL and gate level) and Icarus, on the same stimulus
    Cosim {
        /// Block name (`all` for every block with a runner)
        block: String,
        /// Operands (combinational) or cycles (clocked) to drive
        #[arg(long, default_value_t = 1_000_000)]
        vectors: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Steps replayed in Icarus, RTL and gate level (0: skip Icarus)
        #[arg(long, default_value_t = 100_000)]
        icarus_steps: u64,
        /// Skip the gate-level replays
        #[arg(long)]
        no_gate: bool,
    },
    /// Fuzz the PTX parser and translator with mutated copies of examples/kernels/ptx/*.ptx,
    /// examples/corpus/ptx/*.ptx and testbenches/tests/programs/*.ptx (bytes and tokens);
    /// fails if any input panics
    FuzzPtx {
        /// Number of mutated inputs
        #[arg(long, default_value_t = 1_000_000)]
        count: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Run the CUDA kernel corpus (examples/corpus: kernels from Rodinia, the CUDA samples,
    /// Parboil and SHOC) on the golden SM against CPU references and print a table (kernel,
    /// translated, ran, matches); fails unless every kernel matches
    Corpus {
        /// Only the kernels whose name contains this
        #[arg(long)]
        filter: Option<String>,
        /// Also print the PTX opcode coverage: the forms clang emitted across the corpus
        /// and whether heddle translates them
        #[arg(long)]
        coverage: bool,
        /// Run every launch on the RTL SM (the exported `sm.v` in Verilator) in lock step
        /// with the golden SM instead of on the golden SM alone (minutes); a kernel the RTL
        /// SM cannot run yet shows its fault
        #[arg(long)]
        rtl: bool,
        /// The SM configuration to run on: `g80` (block `sm`) or `sm_small` (the FPGA
        /// board's, 16 warps)
        #[arg(long, default_value = "g80")]
        config: String,
    },
    /// Translate a PTX kernel to heddle microcode: print the listing, registers per thread
    /// and occupancy (like ptxas -v)
    Ptx {
        file: PathBuf,
        /// Kernel name (default: the first .entry)
        #[arg(long)]
        kernel: Option<String>,
        /// Contract mul.f32 + add.f32 into the G80's truncating mad
        #[arg(long)]
        g80_mad: bool,
        /// Threads per CTA for the occupancy report
        #[arg(long, default_value_t = 256)]
        block: u32,
    },
    /// Run a kernel from a launch description (JSON: PTX file, grid, block, buffers,
    /// arguments) on the RTL SM (the exported `sm.v` in Verilator) in lock step with the golden
    /// SM; print the output buffers, the statistics and the RTL SM's cycles and IPC
    Run {
        launch: PathBuf,
        /// Also write the report as JSON to this file
        #[arg(long)]
        json: Option<PathBuf>,
        /// Write the golden SM's execution trace (one JSON object per warp-instruction) to
        /// this file (with --golden)
        #[arg(long)]
        trace: Option<PathBuf>,
        /// Run on the golden functional SM alone
        #[arg(long, conflicts_with = "rust")]
        golden: bool,
        /// Simulate the RTL SM with its rust-hdl model (about 700 cycles/s) instead of Verilator
        #[arg(long)]
        rust: bool,
        /// The RTL SM's watchdog: clocks after the launch before a kernel still running is
        /// stopped and reported (deadlock, endless loop)
        #[arg(long, default_value_t = 100_000_000)]
        watchdog: u32,
        /// Draw the RTL SM's run to this SVG file: per warp slot and over time, the
        /// instructions retired by kind, the warps starting, the IPC
        #[arg(long, conflicts_with = "golden")]
        timeline: Option<PathBuf>,
        /// Write every output buffer to this folder (created when missing) as NAME.bin (its
        /// bytes), NAME.json (a JSON array of its elements) and NAME.csv (index,value lines)
        #[arg(long)]
        out: Option<PathBuf>,
        /// Compare the output buffer with this file byte for byte (element by element in its
        /// print_as type); exit non-zero listing the first differing elements
        #[arg(long, value_name = "REF.bin")]
        check: Option<PathBuf>,
        /// With --check: the output buffer to compare (needed when there are several)
        #[arg(long, requires = "check", value_name = "NAME")]
        check_buffer: Option<String>,
        /// The SM configuration to run on: `g80` (block `sm`) or `sm_small` (the FPGA
        /// board's, 16 warps)
        #[arg(long, default_value = "g80")]
        config: String,
    },
    /// FMA unit sweep (TestFloat style): full level 1 and N random mulAdd vectors per format
    /// and rounding mode through the unit's Rust model, each checked against the golden
    /// model and Berkeley SoftFloat (result and flags); exits non-zero on any mismatch
    FmaSweep {
        /// Random triples per format and mode
        #[arg(long, default_value_t = 1_000_000)]
        random: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Take every k-th level-1 triple (1: the full level 1)
        #[arg(long, default_value_t = 1)]
        level1_stride: usize,
        /// Instead of the sweep: clock this many random operations through the Rust model
        /// with no checking and print its simulation speed
        #[arg(long)]
        speed: Option<u64>,
        /// Instead of the mulAdd sweep: integer conversions (both directions, both formats,
        /// s32/u32/s64/u64, every mode), the directed set plus this many random per row
        #[arg(long)]
        int: Option<u64>,
    },
    /// Run a warp-scheduler script (docs/scheduler.md) on the golden model and print the
    /// statistics (and the issue trace)
    Sched {
        script: PathBuf,
        /// Also run the rust-hdl block in lock step, compared every clock
        #[arg(long)]
        hw: bool,
        /// Print every issued warp-instruction
        #[arg(long)]
        trace: bool,
        /// Stop after this many SP clocks
        #[arg(long, default_value_t = 10_000_000)]
        max_clocks: u64,
    },
    /// Warp scheduler sweep: random scripts on the rust-hdl block (24 warps, and a 4-warp
    /// depth-4 configuration) in lock step with the golden model, and the example kernels
    /// against the golden functional SM
    SchedSweep {
        /// SP clocks per seed and configuration
        #[arg(long, default_value_t = 100_000)]
        clocks: u64,
        /// Seeds (1..=N)
        #[arg(long, default_value_t = 4)]
        seeds: u64,
    },
    /// SM random programs: random microcode programs (SP arithmetic, SFU functions and ffma,
    /// predication, divergent branches, loops, exits, barriers, global, shared and local
    /// loads and stores, generic addresses, atomics on contended words) on random launch
    /// shapes, each run on the RTL SM (the exported `sm.v` in Verilator) in lock step with
    /// the golden SM (stepped in the RTL SM's issue order), until N warp-instructions are
    /// compared
    SmRandom {
        /// Warp-instructions to compare (at least one program runs)
        #[arg(long, default_value_t = 100_000)]
        warp_instrs: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Simulate the rust-hdl model instead of Verilator
        #[arg(long)]
        rust: bool,
        /// With --rust: replay every run's clocks into `sm.v` in Verilator, output by output
        #[arg(long, requires = "rust")]
        replay: bool,
        /// The SM configuration to run on: `g80` (block `sm`) or `sm_small` (the FPGA
        /// board's, 16 warps)
        #[arg(long, default_value = "g80")]
        config: String,
    },
    /// ECP5 cell counts (Yosys synth_ecp5) and Fmax (nextpnr-ecp5, 85k CABGA381 speed 6)
    Report {
        /// One block (default: every registered block)
        block: Option<String>,
        /// Also write the reports as JSON to this file
        #[arg(long)]
        json: Option<PathBuf>,
        /// Yosys only: skip place and route (no Fmax)
        #[arg(long)]
        no_pnr: bool,
        /// Stop nextpnr-ecp5 after this many minutes per block (the block is then reported
        /// as unrouted, with nextpnr's last log line)
        #[arg(long, default_value_t = report::DEFAULT_PNR_MINUTES)]
        pnr_minutes: u64,
        /// Merge the results into the committed record (docs/ecp5-report.json and .md), which
        /// `cargo test` checks against verilog-out/
        #[arg(long)]
        record: bool,
    },
    /// SFU tables: run the table generator (Remez + enhanced minimax + exhaustive C0/bias
    /// search) and write hw/src/sfu/tables.rs and .json; `--check` compares instead
    SfuTables {
        #[arg(long)]
        check: bool,
        /// Explore: generate only this function (rcp rsq lg2 ex2 sin) and print statistics
        #[arg(long = "try")]
        try_fn: Option<String>,
        /// With --try: config overrides, e.g. "k=2 m=7,7,7,6 w1=16 w2=10 f0=27" (repeatable)
        #[arg(long = "with")]
        with: Vec<String>,
        /// With --try: also scan the bias over LO..HI (e.g. -8..8)
        #[arg(long)]
        bias: Option<String>,
    },
    /// SFU accuracy: every binary32 input of each function's reference interval (and all
    /// 2^32 for rcp, rsqrt, exp2, log2 unless --intervals-only) through the bit-exact model
    /// against a correctly rounded high-precision reference, beside Oberman & Siu 2005
    SfuReport {
        /// Only the reference intervals (skip the 2^32 sweeps)
        #[arg(long)]
        intervals_only: bool,
        /// Only these functions (rcp rsq lg2 ex2 sin cos; repeat or comma-separate)
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        /// Also write the rows as JSON to this file
        #[arg(long)]
        json: Option<PathBuf>,
    },
}

fn blocks_or(one: Option<String>) -> Vec<String> {
    match one {
        Some(b) if b != "all" => vec![b],
        _ => heddle_hw::blocks().iter().map(|b| b.name.to_string()).collect(),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result: Result<(), String> = match cli.cmd {
        Cmd::Fpga { cmd } => fpga_cli::run(cmd),
        Cmd::Verilog { out, check } => {
            let dir = out.unwrap_or_else(export::default_out_dir);
            export::export_all(&dir, check).map(|files| {
                for f in &files {
                    println!("{:<16} {:>5} lines {:>3} modules  {}", f.block, f.lines, f.modules, f.path.display());
                }
                println!("{} blocks {}", files.len(), if check { "up to date" } else { "exported" });
            })
            .map_err(|e| e.to_string())
        }
        Cmd::FmaSweep { int: Some(n), seed, .. } => {
            let t0 = std::time::Instant::now();
            let rows = runners::fma::int_sweep(n, seed, |r| {
                println!(
                    "fma {:?} {:?} {:?} {:<3?}: {:>8} vectors: {} hw-vs-golden, {} golden-vs-SoftFloat mismatches ({:.1} s)",
                    r.op, r.fmt, r.ity, r.rnd, r.vectors, r.hw_mismatches, r.sf_mismatches, r.seconds
                );
                for m in &r.first {
                    println!("    {m}");
                }
            });
            let total: u64 = rows.iter().map(|r| r.vectors).sum();
            let bad: u64 = rows.iter().map(|r| r.hw_mismatches + r.sf_mismatches).sum();
            println!("fma integer-conversion sweep: {total} vectors, {bad} mismatches, {:.0} s", t0.elapsed().as_secs_f64());
            if bad == 0 {
                Ok(())
            } else {
                Err(format!("{bad} mismatches"))
            }
        }
        Cmd::FmaSweep { speed: Some(n), seed, .. } => {
            let v = runners::fma::model_speed(n, seed);
            println!("fma Rust model (rust-hdl simulate, no checks): {n} operations, {v:.0} vectors/s");
            Ok(())
        }
        Cmd::FmaSweep { random, seed, level1_stride, speed: None, int: None } => {
            let t0 = std::time::Instant::now();
            let rows = runners::fma::sweep(random, seed, level1_stride, |r| {
                println!(
                    "fma {:?} {:<3?}: level1 {:>7} + random {:>8} vectors: {} hw-vs-golden, {} golden-vs-SoftFloat mismatches ({:.1} s, {:.0} vectors/s)",
                    r.fmt,
                    r.rnd,
                    r.level1,
                    r.random,
                    r.hw_mismatches,
                    r.sf_mismatches,
                    r.seconds,
                    (r.level1 + r.random) as f64 / r.seconds.max(1e-9)
                );
                for m in &r.first {
                    println!("    {m}");
                }
            });
            let total: u64 = rows.iter().map(|r| r.level1 + r.random).sum();
            let bad: u64 = rows.iter().map(|r| r.hw_mismatches + r.sf_mismatches).sum();
            println!("fma sweep: {total} vectors, {bad} mismatches, {:.0} s", t0.elapsed().as_secs_f64());
            if bad == 0 {
                Ok(())
            } else {
                Err(format!("{bad} mismatches"))
            }
        }
        Cmd::Cosim { block, vectors, seed, icarus_steps, no_gate } => {
            let list: Vec<String> = if block == "all" {
                runners::RUNNERS.iter().map(|s| s.to_string()).collect()
            } else {
                vec![block]
            };
            let replays = runners::Replays {
                verilator: true,
                icarus_steps,
                gate: !no_gate,
                icarus_gate_steps: if no_gate { 0 } else { icarus_steps },
            };
            list.iter().try_for_each(|b| {
                runners::run(b, vectors, seed, replays).map(|s| print!("{s}")).map_err(|e| e.to_string())
            })
        }
        Cmd::FuzzPtx { count, seed } => fuzz_ptx(count, seed),
        Cmd::Sched { script, hw, trace, max_clocks } => run_sched(&script, hw, trace, max_clocks),
        Cmd::SchedSweep { clocks, seeds } => std::thread::Builder::new()
            .stack_size(1 << 30)
            .spawn(move || sched_sweep(clocks, seeds))
            .map_err(|e| e.to_string())
            .and_then(|h| h.join().map_err(|_| "the sweep panicked".to_string()))
            .and_then(|r| r),
        Cmd::SmRandom { warp_instrs, seed, rust, replay, config } => sm_config(&config).and_then(|cfg| {
            use heddle_sim::runners::sm::Backend;
            let backend = match (rust, replay) {
                (false, _) => Backend::Verilator,
                (true, false) => Backend::Rust,
                (true, true) => Backend::RustReplayed,
            };
            heddle_sim::runners::sm::random_sweep(seed, warp_instrs, backend, &cfg, |l| eprintln!("{l}"))
                .map_err(|e| e.to_string())
                .map(|t| {
                    println!(
                        "sm-random ({}): {} programs, {} warp-instructions ({} SFU, FMA and fmul, {} of them binary64, {} memory, {} of them atomics) in lock step with the golden SM, 0 mismatches; {} cycles (IPC {:.3}), {} {:.0} cycles/s{}",
                        cfg.name,
                        t.programs,
                        t.warp_instrs,
                        t.fpu_instrs,
                        t.fp64_instrs,
                        t.mem_instrs,
                        t.atom_instrs,
                        t.cycles,
                        t.warp_instrs as f64 / t.cycles.max(1) as f64,
                        backend.name(),
                        t.cycles as f64 / t.rtl_seconds.max(1e-9),
                        if replay { format!("; Verilator replay {} steps, 0 mismatches", t.verilator_steps) } else { String::new() }
                    )
                })
        }),
        Cmd::Run { launch, json, trace, golden, rust, watchdog, timeline, out, check, check_buffer, config } => {
            let files = RunFiles {
                json: json.as_deref(),
                trace: trace.as_deref(),
                timeline: timeline.as_deref(),
                out: out.as_deref(),
                check: check.as_deref(),
                check_buffer: check_buffer.as_deref(),
            };
            sm_config(&config).and_then(|cfg| {
                if golden && cfg != heddle_hw::config::G80 {
                    return Err("--golden runs the golden SM of the G80 configuration; --config is for the RTL SM".into());
                }
                run_kernel(&launch, &files, golden, rust, &cfg, watchdog)
            })
        }
        Cmd::Corpus { filter, coverage, rtl, config } => {
            sm_config(&config).and_then(|cfg| run_corpus(filter.as_deref(), coverage, rtl, &cfg))
        }
        Cmd::Ptx { file, kernel, g80_mad, block } => ptx_listing(&file, kernel.as_deref(), g80_mad, block),
        Cmd::SfuTables { check, try_fn, with, bias } => {
            let b = match bias.as_deref().map(|b| b.split_once("..").map(|(a, c)| (a.parse::<i32>(), c.parse::<i32>()))) {
                None => Ok(None),
                Some(Some((Ok(a), Ok(c)))) => Ok(Some((a, c))),
                Some(_) => Err("--bias: expected LO..HI".to_string()),
            };
            b.and_then(|b| heddle_sim::sfu::cli::sfu_tables(check, try_fn.as_deref(), &with, b))
        }
        Cmd::SfuReport { intervals_only, only, json } => {
            heddle_sim::sfu::cli::sfu_report(!intervals_only, &only, json.as_deref())
        }
        Cmd::Report { block, json, no_pnr, pnr_minutes, record } => {
            let mut reps = vec![];
            let r = blocks_or(block).iter().try_for_each(|b| {
                eprintln!("report: {b} ...");
                report::block_report_limited(b, !no_pnr, std::time::Duration::from_secs(pnr_minutes * 60))
                    .map(|r| reps.push(r))
                    .map_err(|e| e.to_string())
            });
            r.and_then(|_| {
                print!("{}", report::table(&reps));
                if record {
                    report::write_record(&reps).map_err(|e| e.to_string())?;
                    let (j, m) = report::record_paths();
                    println!("recorded in {} and {}", j.display(), m.display());
                }
                match json {
                    Some(p) => std::fs::write(&p, serde_json::to_string_pretty(&reps).unwrap())
                        .map_err(|e| format!("{}: {e}", p.display())),
                    None => Ok(()),
                }
            })
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("heddle: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The golden report's lines (`heddle run`, `heddle fpga run`): the kernel, occupancy,
/// buffers, outputs, execution statistics.
pub(crate) fn print_report(r: &heddle_sim::gsm::launch::RunReport) {
    println!(
        "kernel {}: grid {:?} x block {:?}, {} instructions, {} registers/thread, {} bytes shared",
        r.kernel, r.grid, r.block, r.instructions, r.regs_per_thread, r.shared_bytes
    );
    println!(
        "  occupancy: {} CTAs, {} warps per SM ({:.0} %), limited by {}",
        r.ctas_per_sm,
        r.warps_per_sm,
        100.0 * r.occupancy,
        r.occupancy_limited_by
    );
    let buffers: Vec<String> = r.buffers.iter().map(|b| format!("{} {} bytes at 0x{:08x}", b.name, b.bytes, b.base)).collect();
    println!("  buffers: {}", buffers.join(", "));
    for o in &r.outputs {
        let head: Vec<String> = o.head.iter().map(|x| x.to_string()).collect();
        println!(
            "  {:<8} {:>8} bytes at 0x{:08x} ({})  digest {}  [{}{}]",
            o.name,
            o.bytes,
            o.base,
            o.print_as.name(),
            o.digest,
            head.join(", "),
            if o.head.len() * o.print_as.size() < o.bytes { ", ..." } else { "" }
        );
    }
    println!(
        "  {} CTAs, {} warp-instructions, SIMT efficiency {:.1} %, {} divergent branches, max stack depth {}",
        r.ctas,
        r.warp_instructions,
        100.0 * r.simt_efficiency,
        r.divergent_branches,
        r.max_stack_depth
    );
    println!(
        "  shared memory: {} half-warp requests, {} steps, {} conflict steps; global memory: {} transactions (compute capability 1.x coalescing); {} barriers",
        r.shared_requests, r.shared_steps, r.shared_conflict_steps, r.global_transactions, r.barriers
    );
}

/// The SM configuration called `name`, one an SM is exported for.
fn sm_config(name: &str) -> Result<heddle_hw::config::SmConfig, String> {
    let built: Vec<&str> = heddle_hw::SM_BLOCKS.iter().map(|(c, _)| c.name).collect();
    heddle_hw::config::SmConfig::preset(name)
        .filter(|c| heddle_hw::sm_block(c).is_some())
        .ok_or_else(|| format!("--config {name}: no such SM (built: {})", built.join(", ")))
}

fn run_corpus(filter: Option<&str>, coverage: bool, rtl: bool, cfg: &heddle_hw::config::SmConfig) -> Result<(), String> {
    use heddle_sim::corpus;
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/corpus");
    let model = if rtl {
        eprintln!("building (or finding) the RTL SM's Verilator library ({}) ...", cfg.name);
        Some(std::sync::Arc::new(heddle_sim::runners::sm::SmModel::new(cfg)?))
    } else {
        None
    };
    let t = std::time::Instant::now();
    let rows = corpus::run_all_on(&dir, filter, model, |r| {
        if rtl {
            eprintln!("{}: {} ({} clocks, {:.0} s so far)", r.kernel, if r.passed() { "passed" } else { "not passing" }, r.rtl_cycles, t.elapsed().as_secs_f64());
        }
    });
    if rows.is_empty() {
        return Err(format!("no corpus kernel matches '{}'", filter.unwrap_or("")));
    }
    print!("{}", corpus::table(&rows));
    println!("({:.1} s)", t.elapsed().as_secs_f64());
    if coverage {
        print!("{}", corpus::coverage_report(&corpus::opcode_coverage(&dir)));
    }
    let failed = rows.iter().filter(|r| !r.passed()).count();
    if failed > 0 {
        return Err(format!("{failed} of {} corpus kernels do not match their references (docs/corpus.md lists the known ones)", rows.len()));
    }
    Ok(())
}

fn fuzz_ptx(count: u64, seed: u64) -> Result<(), String> {
    use heddle_sim::ptx::fuzz;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let corpus = fuzz::kernel_corpus(&root).map_err(|e| format!("reading the PTX seeds (examples/kernels/ptx, examples/corpus/ptx, testbenches/tests/programs): {e}"))?;
    let files = corpus.len();
    let t = std::time::Instant::now();
    let st = fuzz::run(corpus.into_iter().map(|(_, b)| b).collect(), count, seed);
    println!(
        "PTX front-end fuzz: {} inputs from {files} files (seed {seed}): {} parsed ({} of them also translated), {} rejected with an error, {} panics ({:.1} s)",
        st.inputs,
        st.parsed_ok,
        st.translated_ok,
        st.rejected,
        st.panic_count,
        t.elapsed().as_secs_f64()
    );
    for (input, msg) in &st.panics {
        println!("--- panic '{msg}' on input:\n{}", String::from_utf8_lossy(input));
    }
    if st.panic_count > 0 {
        return Err(format!("{} inputs panicked", st.panic_count));
    }
    Ok(())
}

fn ptx_listing(file: &std::path::Path, kernel: Option<&str>, g80_mad: bool, block: u32) -> Result<(), String> {
    use heddle_sim::ptx::{parse_bytes, translate};
    let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let m = parse_bytes(&file.display().to_string(), &bytes).map_err(|e| e.to_string())?;
    let k = translate::translate(&m, kernel, translate::Options { g80_mad, max_regs: translate::SmResources::G80.max_regs(block) }).map_err(|e| e.to_string())?;
    print!("{}", k.listing());
    let occ = translate::occupancy(&k, block, &translate::SmResources::G80);
    println!(
        "kernel {}: {} instructions, {} registers, {} predicates per thread, {} bytes shared, {} bytes params",
        k.name,
        k.code.len(),
        k.regs_per_thread,
        k.preds_per_thread,
        k.shared_bytes,
        k.param_bytes
    );
    println!(
        "occupancy at {block} threads/CTA: {} CTAs, {} warps per SM ({:.0} %), limited by {}",
        occ.ctas_per_sm,
        occ.warps_per_sm,
        100.0 * occ.occupancy,
        occ.limited_by
    );
    Ok(())
}

/// The files `heddle run` reads and writes besides the launch file.
struct RunFiles<'a> {
    json: Option<&'a std::path::Path>,
    trace: Option<&'a std::path::Path>,
    timeline: Option<&'a std::path::Path>,
    out: Option<&'a std::path::Path>,
    check: Option<&'a std::path::Path>,
    check_buffer: Option<&'a str>,
}

fn run_kernel(
    launch: &std::path::Path,
    files: &RunFiles,
    golden: bool,
    rust: bool,
    cfg: &heddle_hw::config::SmConfig,
    watchdog: u32,
) -> Result<(), String> {
    use heddle_sim::runners::sm::Backend;
    let RunFiles { json, trace, timeline, out, check, check_buffer } = *files;
    if let Some(f) = check {
        // before a run that may take minutes
        std::fs::File::open(f).map_err(|e| format!("--check {}: cannot read it: {e}", f.display()))?;
    }
    let mut rtl = None;
    let t0 = std::time::Instant::now();
    let r = if golden {
        heddle_sim::gsm::launch::run_file_traced(launch, trace)?
    } else {
        if trace.is_some() {
            return Err("--trace is written by the golden SM alone (add --golden)".into());
        }
        let backend = if rust { Backend::Rust } else { Backend::Verilator };
        eprintln!(
            "running on the RTL SM ({}, {}) in lock step with the golden SM{} ...",
            cfg.name,
            backend.name(),
            if rust { ", about 700 cycles/s" } else { " (the first run builds the model: minutes)" }
        );
        let start = std::time::Instant::now();
        let mut progress = |cycles: u64, retired: u64| {
            eprintln!(
                "  ... {cycles} cycles, {retired} warp-instructions retired ({:.0} s)",
                start.elapsed().as_secs_f64()
            )
        };
        let x = heddle_sim::runners::sm::run_file_rtl(launch, backend, cfg, watchdog, Some(&mut progress))?;
        let r = x.report.clone();
        rtl = Some(x);
        r
    };
    let seconds = t0.elapsed().as_secs_f64();
    print_report(&r);
    println!("  wall clock {seconds:.2} s");
    if let Some(x) = &rtl {
        println!(
            "  RTL SM ({}, {}): {} cycles, {} warp-instructions retired, IPC {:.3}, {:.0} cycles/s; {} warp-instructions equal to the golden SM's, outputs equal",
            cfg.name,
            x.backend.name(),
            x.rtl.cycles,
            x.rtl.trace.len(),
            x.rtl.ipc(),
            x.clocks_per_second(),
            x.compared
        );
        for line in heddle_sim::runners::sm::counter_lines(&x.rtl.counters) {
            println!("  {line}");
        }
        if let Some(p) = timeline {
            let title = format!(
                "{}: grid {:?} x block {:?} on the RTL SM ({})",
                r.kernel,
                r.grid,
                r.block,
                x.backend.name()
            );
            std::fs::write(p, heddle_sim::runners::timeline::svg(&cfg, &x.kernel, &x.rtl, &title))
                .map_err(|e| format!("{}: {e}", p.display()))?;
            println!("  timeline: {}", p.display());
        }
    }
    if let Some(p) = json {
        // the golden report, and with an RTL run its numbers under "rtl"
        let mut v = serde_json::to_value(&r).map_err(|e| e.to_string())?;
        if let Some(o) = v.as_object_mut() {
            o.insert("seconds".into(), serde_json::json!(seconds));
        }
        if let (Some(x), Some(o)) = (&rtl, v.as_object_mut()) {
            o.insert(
                "rtl".into(),
                serde_json::json!({
                    "simulation": x.backend.name(),
                    "cycles": x.rtl.cycles,
                    "warp_instructions": x.rtl.trace.len(),
                    "ipc": x.rtl.ipc(),
                    "compared_with_golden": x.compared,
                    "clocks_per_second": x.clocks_per_second(),
                    "counters": heddle_hw::sm::counters::NAMES
                        .iter()
                        .zip(&x.rtl.counters)
                        .map(|((key, _), n)| (key.to_string(), serde_json::json!(n)))
                        .collect::<serde_json::Map<_, _>>(),
                    "retired_by_kind": heddle_sim::runners::timeline::KINDS
                        .iter()
                        .zip(heddle_sim::runners::timeline::retired_by_kind(&cfg, &x.kernel, &x.rtl))
                        .map(|((key, _, _), n)| (key.to_string(), serde_json::json!(n)))
                        .collect::<serde_json::Map<_, _>>(),
                }),
            );
        }
        std::fs::write(p, serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if let Some(d) = out {
        let written = heddle_sim::gsm::launch::write_outputs(&r.outputs, d)?;
        let names: Vec<String> = r.outputs.iter().map(|o| format!("{}.{{bin,json,csv}}", o.name)).collect();
        println!("  outputs written to {}: {} ({} files)", d.display(), names.join(", "), written.len());
    }
    if let Some(f) = check {
        let c = heddle_sim::gsm::launch::check_output(&r.outputs, check_buffer, f)?;
        if c.differing == 0 {
            println!(
                "  check: buffer {} matches {} ({} bytes, {} {} elements)",
                c.buffer,
                f.display(),
                c.bytes,
                c.elements,
                c.print_as.name()
            );
        } else {
            println!(
                "  check: buffer {} differs from {} in {} of {} {} elements; the first {}:",
                c.buffer,
                f.display(),
                c.differing,
                c.elements,
                c.print_as.name(),
                c.first.len()
            );
            for (i, want, got) in &c.first {
                println!("    [{i}] expected {want}, actual {got}");
            }
            return Err(format!("--check: {} of {} elements of buffer '{}' differ from {}", c.differing, c.elements, c.buffer, f.display()));
        }
    }
    Ok(())
}

fn run_sched(path: &std::path::Path, hw: bool, trace: bool, max_clocks: u64) -> Result<(), String> {
    use heddle_sim::golden::warp_sched::class;
    use heddle_sim::runners::warp_sched::Exported;
    use heddle_sim::sched::{summary, text, DriverOpts, Guards};
    let src = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let s = text::parse(&src).map_err(|e| format!("{}:{e}", path.display()))?;
    let t = heddle_hw::sched::issue_select::IssueTiming::default();
    let mut ls = Exported::new(t, s.prog, s.plan, Guards::Script, DriverOpts::default(), hw, false).map_err(|e| e.to_string())?;
    let r = ls.run(max_clocks).map_err(|e| e.to_string());
    if trace {
        for e in &ls.drv.log.issues {
            println!("slot {:>7}  warp {:>2}  {:<6} pc {:>5}  mask {:08x}", e.slot, e.warp, class::NAMES.get(e.class as usize).unwrap_or(&"?"), e.pc, e.mask);
        }
    }
    print!("{}", summary(&ls.drv.log, &ls.model.cfg));
    if hw {
        println!("  rust-hdl block in lock step: {} clocks, 0 mismatches, {:.0} clocks/s", ls.clocks, ls.speed());
    }
    r
}

fn sched_sweep(clocks: u64, seeds: u64) -> Result<(), String> {
    use heddle_hw::sched::issue_select::IssueTiming;
    use heddle_sim::runners::warp_sched::{random_opts, random_streams, Exported, Tiny};
    use heddle_sim::sched::isa_map::{GsmRun, Lats};
    use heddle_sim::sched::random::{random_script, RandomOpts};
    use heddle_sim::sched::{DriverOpts, Guards};
    use heddle_sim::vectors::Rng;
    let t0 = std::time::Instant::now();
    let t = IssueTiming::default();
    let mut total = 0;
    for seed in 1..=seeds {
        let mut rng = Rng::new(seed);
        let ro = RandomOpts::default();
        let (prog, plan) = random_script(&mut rng, RandomOpts { faults: seed % 2 == 0, ..ro });
        let mut ls = Exported::new(t, prog, plan, Guards::Script, random_opts(&mut rng, seed), true, false).map_err(|e| e.to_string())?;
        let n = random_streams(&mut ls, &mut rng, clocks, ro).map_err(|e| format!("seed {seed}: {e}"))?;
        let l = &ls.drv.log;
        println!(
            "24 warps, seed {seed}: {} clocks, {n} scripts, {} issues, {} CTAs, {} barrier releases, {} faults, max denials {} (bound {}): 0 mismatches ({:.0} clocks/s)",
            ls.clocks, l.issues.len(), l.cta_done.len(), l.bar_rel.len(), l.faults.len(), l.max_denials, ls.model.cfg.denial_bound(), ls.speed()
        );
        total += ls.clocks;
        let small = IssueTiming { occ_sfu: 6, occ_fma: 5, urgent_after: 3, ..t };
        let ro = RandomOpts { max_cta_warps: 4, ctas: 6, ..Default::default() };
        let (prog, plan) = random_script(&mut rng, ro);
        let mut ls = Tiny::new(small, prog, plan, Guards::Script, random_opts(&mut rng, seed), true, false)
            .map_err(|e| e.to_string())?;
        random_streams(&mut ls, &mut rng, clocks, ro).map_err(|e| format!("small, seed {seed}: {e}"))?;
        let l = &ls.drv.log;
        println!(
            "4 warps depth 4, seed {seed}: {} clocks, {} issues, {} faults, max denials {} (bound {}): 0 mismatches ({:.0} clocks/s)",
            ls.clocks, l.issues.len(), l.faults.len(), l.max_denials, ls.model.cfg.denial_bound(), ls.speed()
        );
        total += ls.clocks;
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/kernels/launch");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).map_err(|e| e.to_string())?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    for f in files {
        let g = GsmRun::from_launch_file(&f, &Lats::default())?;
        let mut ls = Exported::new(t, g.prog.clone(), g.plan.clone(), g.guard_source(), DriverOpts::default(), false, false).map_err(|e| e.to_string())?;
        ls.run(100_000_000).map_err(|e| e.to_string())?;
        g.check(&ls.drv.log).map_err(|e| format!("{}: {e}", f.display()))?;
        println!("{}: {} warp-instructions of {} warps agree with the functional SM ({} clocks)", f.file_name().unwrap().to_string_lossy(), g.warp_instrs, g.expect.len(), ls.clocks);
    }
    println!("sched sweep: {total} lock-step clocks, 0 mismatches, {:.0} s", t0.elapsed().as_secs_f64());
    Ok(())
}

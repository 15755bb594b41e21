//! The co-simulation harness: heddle's guarantee that the exported Verilog is the same
//! machine as the Rust model.
//!
//! A testbench drives a rust-hdl block through a [`Bench`]; every step (one settle of the
//! model after new inputs, or one clock edge) records every top-level port, inputs and
//! outputs, into a [`Trace`] on disk. [`Trace::verilator`], [`Trace::icarus`] and
//! [`Trace::gate_level`] replay the recorded inputs into the exported Verilog and compare
//! every output bit on every step. The first mismatch is reported as step, cycle, port,
//! expected and actual, with a VCD of both sides.
//!
//! Clocked blocks are driven two steps per cycle (clock low with new inputs, then clock
//! high), so both sides see the same edges; combinational blocks one step per vector.
mod icarus;
pub mod isolate;
mod vcd;
pub mod verilator;

pub use verilator::VerilatorModel;

use rust_hdl::core::atom::{Atom, AtomKind};
use rust_hdl::core::synth::VCDValue;
use rust_hdl::prelude::{simulate, Block};
use rust_hdl::core::probe::Probe;
use std::fmt;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Direction of a top-level port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    In,
    Out,
}

/// A top-level port of a block, in declaration order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Port {
    pub name: String,
    pub width: usize,
    pub dir: Dir,
}

impl Port {
    /// 32-bit words this port takes in a trace record.
    pub fn words(&self) -> usize {
        (self.width + 31) / 32
    }
}

/// Collects the top-level ports of a block (depth-1 parameters of the probe walk).
struct PortLister {
    depth: usize,
    ports: Vec<Port>,
    unsupported: Vec<String>,
}

impl Probe for PortLister {
    fn visit_start_scope(&mut self, _name: &str, _node: &dyn Block) {
        self.depth += 1;
    }
    fn visit_atom(&mut self, name: &str, signal: &dyn Atom) {
        if self.depth != 1 {
            return;
        }
        let dir = match signal.kind() {
            AtomKind::InputParameter => Dir::In,
            AtomKind::OutputParameter | AtomKind::OutputPassthrough => Dir::Out,
            AtomKind::InOutParameter => {
                self.unsupported.push(name.to_string());
                return;
            }
            _ => return,
        };
        self.ports.push(Port { name: name.to_string(), width: signal.bits(), dir });
    }
    fn visit_end_scope(&mut self, _name: &str, _node: &dyn Block) {
        self.depth -= 1;
    }
}

/// The top-level ports of `uut`, in declaration order (the order of the Verilog module).
pub fn ports_of<B: Block>(uut: &B) -> Result<Vec<Port>, CosimError> {
    let mut l = PortLister { depth: 0, ports: vec![], unsupported: vec![] };
    uut.accept("top", &mut l);
    if !l.unsupported.is_empty() {
        return Err(CosimError::Unsupported(format!(
            "inout ports cannot be co-simulated: {}",
            l.unsupported.join(", ")
        )));
    }
    Ok(l.ports)
}

/// The top-level ports of module `top` in its exported Verilog text, in declaration order:
/// the same list as [`ports_of`] on the block it was exported from, without building the
/// block (the SM's model takes seconds to build).
pub fn ports_of_verilog(verilog: &str, top: &str) -> Result<Vec<Port>, CosimError> {
    let ports = crate::report::parse_ports(verilog, top).map_err(|e| CosimError::Unsupported(e.to_string()))?;
    Ok(ports.into_iter().map(|p| Port { name: p.name, width: p.width, dir: if p.input { Dir::In } else { Dir::Out } }).collect())
}

/// Reads every top-level port value into 32-bit words (LSB word first).
struct Sampler<'a> {
    depth: usize,
    out: &'a mut Vec<u32>,
    undriven: Option<String>,
}

impl Probe for Sampler<'_> {
    fn visit_start_scope(&mut self, _name: &str, _node: &dyn Block) {
        self.depth += 1;
    }
    fn visit_atom(&mut self, name: &str, signal: &dyn Atom) {
        if self.depth != 1 || !signal.kind().is_parameter() {
            return;
        }
        let width = signal.bits();
        let base = self.out.len();
        self.out.resize(base + (width + 31) / 32, 0);
        let mut put = |i: usize, v: &::vcd::Value, out: &mut Vec<u32>| match v {
            ::vcd::Value::V1 => out[base + i / 32] |= 1 << (i % 32),
            ::vcd::Value::V0 => {}
            _ => {
                if self.undriven.is_none() {
                    self.undriven = Some(name.to_string());
                }
            }
        };
        match signal.vcd() {
            VCDValue::Single(v) => put(0, &v, self.out),
            VCDValue::Vector(bits) => {
                // MSB first.
                for (k, v) in bits.iter().enumerate() {
                    put(width - 1 - k, v, self.out);
                }
            }
            _ => {
                if self.undriven.is_none() {
                    self.undriven = Some(format!("{name} (composite value)"));
                }
            }
        }
    }
    fn visit_end_scope(&mut self, _name: &str, _node: &dyn Block) {
        self.depth -= 1;
    }
}

static RUN_COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A recorded stimulus/response trace of one block, streamed to `<dir>/trace.bin`.
///
/// Each step is one record: every port in declaration order, each as `Port::words()`
/// little-endian u32 words, LSB word first.
pub struct Trace {
    pub block: String,
    pub verilog: String,
    pub ports: Vec<Port>,
    pub dir: PathBuf,
    steps: u64,
    words_per_step: usize,
    writer: Option<BufWriter<std::fs::File>>,
    record: Vec<u32>,
    clock_port: Option<usize>,
}

impl Trace {
    /// A new, empty trace for `block` whose exported Verilog is `verilog`.
    pub fn new<B: Block>(block: &str, verilog: &str, uut: &B) -> Result<Trace, CosimError> {
        let ports = ports_of(uut)?;
        let n = RUN_COUNTER.fetch_add(1, Ordering::SeqCst);
        let dir = crate::tools::work_dir()
            .join("runs")
            .join(format!("{block}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| CosimError::io(&dir, e))?;
        let path = dir.join("trace.bin");
        let f = std::fs::File::create(&path).map_err(|e| CosimError::io(&path, e))?;
        let words_per_step = ports.iter().map(|p| p.words()).sum();
        let clock_port = ports.iter().position(|p| p.name == "clock" && p.width == 1);
        Ok(Trace {
            block: block.into(),
            verilog: verilog.into(),
            ports,
            dir,
            steps: 0,
            words_per_step,
            writer: Some(BufWriter::with_capacity(1 << 20, f)),
            record: Vec::with_capacity(words_per_step),
            clock_port,
        })
    }

    /// Records the current value of every port of `uut`.
    pub fn sample<B: Block>(&mut self, uut: &B) -> Result<(), CosimError> {
        self.record.clear();
        let mut s = Sampler { depth: 0, out: &mut self.record, undriven: None };
        uut.accept("top", &mut s);
        if let Some(p) = s.undriven {
            return Err(CosimError::RustModel(format!(
                "{}: port `{p}` is undriven (X/Z) in the Rust model at step {}",
                self.block, self.steps
            )));
        }
        debug_assert_eq!(self.record.len(), self.words_per_step);
        let w = self.writer.as_mut().expect("trace is open");
        for x in &self.record {
            w.write_all(&x.to_le_bytes()).map_err(|e| CosimError::io(&self.dir, e))?;
        }
        self.steps += 1;
        Ok(())
    }

    /// The last record sampled: every port's words after the last step.
    pub fn last(&self) -> &[u32] {
        &self.record
    }

    /// Steps recorded so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    pub fn words_per_step(&self) -> usize {
        self.words_per_step
    }

    pub fn trace_path(&self) -> PathBuf {
        self.dir.join("trace.bin")
    }

    fn flush(&mut self) -> Result<(), CosimError> {
        if let Some(w) = self.writer.as_mut() {
            w.flush().map_err(|e| CosimError::io(&self.dir, e))?;
        }
        Ok(())
    }

    /// Reads back `count` records starting at `first` (for reports and VCDs).
    pub fn read_steps(&mut self, first: u64, count: u64) -> Result<Vec<Vec<u32>>, CosimError> {
        self.flush()?;
        let path = self.trace_path();
        let mut f = std::fs::File::open(&path).map_err(|e| CosimError::io(&path, e))?;
        let rec = self.words_per_step * 4;
        f.seek(SeekFrom::Start(first * rec as u64)).map_err(|e| CosimError::io(&path, e))?;
        let mut out = Vec::new();
        let mut buf = vec![0u8; rec];
        for _ in 0..count.min(self.steps.saturating_sub(first)) {
            f.read_exact(&mut buf).map_err(|e| CosimError::io(&path, e))?;
            out.push(buf.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect());
        }
        Ok(out)
    }

    /// The clock cycle a step belongs to: rising edges seen up to and including it.
    fn cycle_of(&mut self, step: u64) -> Result<Option<u64>, CosimError> {
        let Some(ci) = self.clock_port else { return Ok(None) };
        let off: usize = self.ports[..ci].iter().map(|p| p.words()).sum();
        let recs = self.read_steps(0, step + 1)?;
        let mut prev = 0;
        let mut edges = 0;
        for r in &recs {
            let c = r[off] & 1;
            if c == 1 && prev == 0 {
                edges += 1;
            }
            prev = c;
        }
        Ok(Some(edges))
    }

    /// `port=value` of every input at `step`, for mismatch reports.
    fn inputs_at(&mut self, step: u64) -> Result<String, CosimError> {
        let rec = self.read_steps(step, 1)?.pop().unwrap_or_default();
        let mut off = 0;
        let mut parts = vec![];
        for p in &self.ports {
            if p.dir == Dir::In {
                parts.push(format!("{}={}", p.name, hex(&rec[off..off + p.words()], p.width)));
            }
            off += p.words();
        }
        Ok(parts.join(" "))
    }

    /// Writes the Rust side of the trace, up to `last_step`, as a VCD of the top-level ports.
    pub fn write_vcd(&mut self, path: &Path, last_step: u64) -> Result<(), CosimError> {
        let recs = self.read_steps(0, last_step + 1)?;
        vcd::write(path, &self.block, &self.ports, &recs).map_err(|e| CosimError::io(path, e))
    }

    /// Builds a mismatch error with context and both VCDs.
    fn mismatch(
        &mut self,
        backend: &str,
        step: u64,
        port: &str,
        expected: String,
        actual: String,
        hdl_vcd: Option<PathBuf>,
    ) -> CosimError {
        let rust_vcd = self.dir.join("rust.vcd");
        let rust_vcd = self.write_vcd(&rust_vcd, step).ok().map(|_| rust_vcd);
        CosimError::Mismatch(Box::new(Mismatch {
            block: self.block.clone(),
            backend: backend.into(),
            step,
            cycle: self.cycle_of(step).ok().flatten(),
            port: port.into(),
            expected,
            actual,
            inputs: self.inputs_at(step).unwrap_or_default(),
            rust_vcd,
            hdl_vcd,
        }))
    }

    /// Replays the trace into the exported Verilog under Verilator.
    pub fn verilator(&mut self) -> Result<CosimReport, CosimError> {
        self.flush()?;
        let model = VerilatorModel::build(&self.block, &self.verilog, &self.ports)?;
        model.replay(self)
    }

    /// Synthesizes the exported Verilog with Yosys ([`gate_netlist`]), and replays the
    /// trace into that gate-level netlist under Verilator.
    pub fn gate_level(&mut self) -> Result<CosimReport, CosimError> {
        self.flush()?;
        let netlist = gate_netlist(&self.block, &self.verilog)?;
        let model = VerilatorModel::build_gate(&self.block, &netlist, &self.ports)?;
        model.replay(self).map(|mut r| {
            r.backend = "verilator-gate".into();
            r
        })
    }

    /// Replays the first `max_steps` steps into the exported Verilog under Icarus.
    pub fn icarus(&mut self, max_steps: u64) -> Result<CosimReport, CosimError> {
        self.flush()?;
        icarus::replay(self, max_steps, false)
    }

    /// Replays the first `max_steps` steps into the Yosys gate-level netlist under Icarus.
    pub fn icarus_gate_level(&mut self, max_steps: u64) -> Result<CosimReport, CosimError> {
        self.flush()?;
        icarus::replay(self, max_steps, true)
    }

    /// Removes the trace files (kept after a failure so the VCDs can be inspected).
    pub fn discard(mut self) {
        self.writer = None;
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The Yosys script that turns `rtl.v` into the gate-level netlist `gate.v`: Yosys's own
/// `synth -flatten` script (coarse, then fine: techmap to generic gates, `abc`), except that
/// memories stay memories (`$mem_v2`, written as Verilog arrays) instead of being expanded
/// by `memory_map` into flip-flops: the shared memory's 16 banks would otherwise become
/// 131,072 flip-flops that Verilator cannot build in useful time. Every other cell, the
/// memories' address, data and enable logic included, is a generic gate.
pub fn gate_script(block: &str) -> String {
    format!(
        "read_verilog rtl.v; synth -flatten -top {block} -run begin:fine; \
         opt -fast -full; opt -full; techmap; opt -fast; abc -fast; opt -fast; \
         hierarchy -check; check -assert; write_verilog -noattr gate.v"
    )
}

/// What the gate-level synthesis of a block gives: the netlist, and every warning Yosys
/// printed (the synthesis gate of `heddle_sim::lint`, which is this same run).
#[derive(Debug, Clone)]
pub struct GateSynth {
    pub netlist: String,
    pub warnings: Vec<String>,
}

/// Yosys gate-level netlist of `verilog` ([`gate_script`]).
pub fn gate_netlist(block: &str, verilog: &str) -> Result<String, CosimError> {
    gate_synth(block, verilog).map(|g| g.netlist)
}

/// Runs [`gate_script`] on `verilog` once per machine: the result is cached under
/// `tools::cache_dir()/gate`, keyed by the Verilog, the top module, the script and Yosys's
/// version. One run serves both the synthesis gate and gate-level co-simulation.
pub fn gate_synth(block: &str, verilog: &str) -> Result<GateSynth, CosimError> {
    let yosys = crate::tools::find("yosys").map_err(CosimError::Tool)?;
    let script = gate_script(block);
    let version = crate::tools::version("yosys", "-V");
    let key = crate::tools::fnv64(&[verilog.as_bytes(), script.as_bytes(), version.as_bytes(), b"gate-v3"]);
    let dir = crate::tools::cache_dir().join("gate").join(format!("{block}-{key:016x}"));
    let out = dir.join("gate.v");
    let warnings_of = |d: &Path| {
        crate::report::warnings(&std::fs::read_to_string(d.join("yosys.log")).unwrap_or_default())
    };
    if let Ok(netlist) = std::fs::read_to_string(&out) {
        return Ok(GateSynth { netlist, warnings: warnings_of(&dir) });
    }
    let tmp = tmp_sibling(&dir);
    std::fs::create_dir_all(&tmp).map_err(|e| CosimError::io(&tmp, e))?;
    std::fs::write(tmp.join("rtl.v"), verilog).map_err(|e| CosimError::io(&tmp, e))?;
    let o = std::process::Command::new(yosys)
        .current_dir(&tmp)
        .args(["-q", "-l", "yosys.log", "-p"])
        .arg(&script)
        .output()
        .map_err(|e| CosimError::io(&tmp, e))?;
    if !o.status.success() {
        return Err(CosimError::Build {
            what: format!("yosys gate-level netlist of {block}"),
            log: tmp.join("yosys.log"),
            tail: tail(&String::from_utf8_lossy(&o.stderr), 20),
        });
    }
    publish_dir(&tmp, &dir)?;
    let netlist = std::fs::read_to_string(&out).map_err(|e| CosimError::io(&out, e))?;
    Ok(GateSynth { netlist, warnings: warnings_of(&dir) })
}

/// A unique temporary sibling of `dir`, so concurrent tests never build into one folder.
pub(crate) fn tmp_sibling(dir: &Path) -> PathBuf {
    let n = RUN_COUNTER.fetch_add(1, Ordering::SeqCst);
    let name = dir.file_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    dir.with_file_name(format!(".{name}.tmp-{}-{n}", std::process::id()))
}

/// Atomically moves a finished build into place; if another process won, keeps theirs.
pub(crate) fn publish_dir(tmp: &Path, dir: &Path) -> Result<(), CosimError> {
    if let Some(p) = dir.parent() {
        std::fs::create_dir_all(p).map_err(|e| CosimError::io(p, e))?;
    }
    match std::fs::rename(tmp, dir) {
        Ok(()) => Ok(()),
        Err(_) if dir.exists() => {
            let _ = std::fs::remove_dir_all(tmp);
            Ok(())
        }
        Err(e) => Err(CosimError::io(dir, e)),
    }
}

pub(crate) fn tail(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// `0x`-prefixed hex of a `width`-bit value held in LSB-first words.
pub fn hex(words: &[u32], width: usize) -> String {
    let digits = ((width + 3) / 4).max(1);
    let mut s = String::new();
    for d in (0..digits).rev() {
        let bit = d * 4;
        let nib = (words[bit / 32] >> (bit % 32)) & 0xf;
        let keep = (width - bit).min(4);
        s.push(std::char::from_digit(nib & ((1 << keep) - 1), 16).unwrap());
    }
    format!("0x{s}")
}

/// Drives a rust-hdl block and records every step into a [`Trace`].
pub struct Bench<B: Block> {
    pub uut: B,
    pub trace: Trace,
    set_clock: Option<fn(&mut B, bool)>,
    started: Instant,
}

impl<B: Block> Bench<B> {
    /// A combinational block: one step per `step` call.
    pub fn combinational(block: &str, verilog: &str, mut uut: B) -> Result<Self, CosimError> {
        uut.connect_all();
        let trace = Trace::new(block, verilog, &uut)?;
        Ok(Bench { uut, trace, set_clock: None, started: Instant::now() })
    }

    /// A clocked block whose clock input is set by `set_clock`; two steps per `cycle`.
    pub fn clocked(
        block: &str,
        verilog: &str,
        mut uut: B,
        set_clock: fn(&mut B, bool),
    ) -> Result<Self, CosimError> {
        uut.connect_all();
        let trace = Trace::new(block, verilog, &uut)?;
        Ok(Bench { uut, trace, set_clock: Some(set_clock), started: Instant::now() })
    }

    fn settle(&mut self) -> Result<(), CosimError> {
        if simulate(&mut self.uut, 1000) {
            Ok(())
        } else {
            Err(CosimError::RustModel(format!(
                "{}: the Rust model did not settle at step {} (combinational loop?)",
                self.trace.block,
                self.trace.steps()
            )))
        }
    }

    /// Applies inputs with `drive`, settles the model and records one step.
    pub fn step(&mut self, drive: impl FnOnce(&mut B)) -> Result<&B, CosimError> {
        drive(&mut self.uut);
        self.settle()?;
        self.trace.sample(&self.uut)?;
        Ok(&self.uut)
    }

    /// One clock cycle: clock low with the new inputs from `drive` (step 1), then the
    /// rising edge (step 2). Returns the block after the edge.
    pub fn cycle(&mut self, drive: impl FnOnce(&mut B)) -> Result<&B, CosimError> {
        let set_clock = self.set_clock.ok_or_else(|| {
            CosimError::Unsupported(format!("{}: cycle() on a combinational bench", self.trace.block))
        })?;
        set_clock(&mut self.uut, false);
        drive(&mut self.uut);
        self.settle()?;
        self.trace.sample(&self.uut)?;
        set_clock(&mut self.uut, true);
        self.settle()?;
        self.trace.sample(&self.uut)?;
        Ok(&self.uut)
    }

    /// Seconds since the bench was made (Rust-side simulation time, for reports).
    pub fn elapsed(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }
}

/// What a successful replay measured.
#[derive(Debug, Clone)]
pub struct CosimReport {
    pub block: String,
    pub backend: String,
    pub steps: u64,
    /// Wall time of the replay alone (model build excluded).
    pub seconds: f64,
}

impl CosimReport {
    pub fn steps_per_second(&self) -> f64 {
        self.steps as f64 / self.seconds.max(1e-9)
    }
}

impl fmt::Display for CosimReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} on {}: {} steps, 0 mismatches, {:.3} s ({:.0} steps/s)",
            self.block,
            self.backend,
            self.steps,
            self.seconds,
            self.steps_per_second()
        )
    }
}

/// The first disagreement between the Rust model and the Verilog.
#[derive(Debug, Clone)]
pub struct Mismatch {
    pub block: String,
    pub backend: String,
    pub step: u64,
    /// Rising clock edges up to this step, for clocked blocks.
    pub cycle: Option<u64>,
    pub port: String,
    pub expected: String,
    pub actual: String,
    pub inputs: String,
    pub rust_vcd: Option<PathBuf>,
    pub hdl_vcd: Option<PathBuf>,
}

#[derive(Debug)]
pub enum CosimError {
    Tool(crate::tools::ToolMissing),
    Io(PathBuf, std::io::Error),
    Build { what: String, log: PathBuf, tail: String },
    RustModel(String),
    Unsupported(String),
    /// The simulator stopped without a verdict.
    Run { backend: String, output: String },
    Mismatch(Box<Mismatch>),
}

impl CosimError {
    fn io(p: &Path, e: std::io::Error) -> Self {
        CosimError::Io(p.to_path_buf(), e)
    }
    /// The mismatch, if this error is one.
    pub fn as_mismatch(&self) -> Option<&Mismatch> {
        match self {
            CosimError::Mismatch(m) => Some(m),
            _ => None,
        }
    }
}

impl fmt::Display for CosimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CosimError::Tool(t) => write!(f, "{t}"),
            CosimError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            CosimError::Build { what, log, tail } => {
                write!(f, "building {what} failed (log: {}):\n{tail}", log.display())
            }
            CosimError::RustModel(s) | CosimError::Unsupported(s) => write!(f, "{s}"),
            CosimError::Run { backend, output } => {
                write!(f, "{backend} stopped without a verdict:\n{}", tail(output, 20))
            }
            CosimError::Mismatch(m) => {
                write!(f, "co-simulation mismatch: block `{}` on {}: step {}", m.block, m.backend, m.step)?;
                if let Some(c) = m.cycle {
                    write!(f, " (cycle {c})")?;
                }
                write!(
                    f,
                    ", port `{}`: expected {} (Rust), actual {} (Verilog); inputs {}",
                    m.port, m.expected, m.actual, m.inputs
                )?;
                if let Some(v) = &m.rust_vcd {
                    write!(f, "; Rust VCD {}", v.display())?;
                }
                if let Some(v) = &m.hdl_vcd {
                    write!(f, "; Verilog VCD {}", v.display())?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for CosimError {}

impl From<crate::tools::ToolMissing> for CosimError {
    fn from(t: crate::tools::ToolMissing) -> Self {
        CosimError::Tool(t)
    }
}

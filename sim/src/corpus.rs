//! The benchmark corpus (issue 22, docs/corpus.md): CUDA kernels from public suites (Rodinia,
//! the CUDA samples, Parboil, SHOC) adapted to heddle's CUDA shim, in `examples/corpus/`,
//! compiled by clang-14 into `examples/corpus/ptx/` (`regen.sh`), and here: for every kernel a
//! launch (grid, block, inputs drawn deterministically from a seed, arguments) and a CPU
//! reference written from the CUDA source's meaning.
//!
//! [`run_all`] translates every kernel of a corpus file, runs the entry's launch sequence on
//! the golden SM (with heddle's SFU and FMA golden models) and compares the outputs with the
//! reference; [`table`] prints the result. [`opcode_coverage`] counts the PTX instruction
//! forms clang emitted across the corpus and whether heddle's translator accepts them.
//!
//! References never call heddle's FP models. Floats are computed with host f32 arithmetic in
//! the kernel's order of operations (clang compiles with -ffp-contract=off, so every PTX
//! `add/mul.f32` is one IEEE operation; `div.rn` and `sqrt.rn` are correctly rounded) on
//! inputs chosen so that no subnormal appears (the G80 SP flushes them): those outputs must be
//! equal bit for bit. Where a kernel uses an `.approx` SFU function (`ex2 lg2 sin cos rsqrt`,
//! `div.approx`), the reference evaluates that function exactly (f64, rounded to f32), and
//! the output is compared with a stated tolerance: `ulps` units in the last place of
//! `max(|expected|, floor)`.
use crate::gsm::{self, pack_params, Arg, Config, GlobalMem, GoldenFpUnits, Launch, Stats};
use crate::ptx::translate::{translate, Kernel, Options, SmResources};
use crate::ptx::{self, parse, Module};
use crate::vectors::Rng;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

/// One corpus kernel file's result.
#[derive(Debug, Clone)]
pub struct Row {
    /// The corpus entry (the `.cu` / `.ptx` file stem).
    pub kernel: String,
    pub suite: String,
    /// Every `.entry` of the PTX file parsed and translated (or the first error).
    pub translated: Result<(), String>,
    /// The launch sequence ran without a fault (statistics summed over its launches), or
    /// the fault / the reason it did not run.
    pub ran: Result<Stats, String>,
    /// Outputs equal to the reference (or the first mismatch: index, expected, got).
    pub matches: Result<(), String>,
    /// Static microcode instructions of the file's kernels (0 when not translated).
    pub instructions: usize,
    /// Warp-instructions executed over the launch sequence.
    pub warp_instructions: u64,
    /// Launches that completed.
    pub launches: usize,
    /// For tolerance comparisons, the largest error measured per output.
    pub note: String,
    /// On the RTL SM ([`run_all_on`] with a model): its clocks over the launch sequence.
    pub rtl_cycles: u64,
}

impl Row {
    pub fn passed(&self) -> bool {
        self.translated.is_ok() && self.ran.is_ok() && self.matches.is_ok()
    }
}

/// What a corpus entry is: its file, origin and what it exercises.
#[derive(Debug, Clone, Copy)]
pub struct Info {
    pub name: &'static str,
    pub suite: &'static str,
    /// The original file(s) in the suite.
    pub origin: &'static str,
    pub exercises: &'static str,
}

/// Why an entry's run stopped.
#[derive(Debug)]
enum Fail {
    /// A launch faulted (or could not be set up).
    Run(String),
    /// An output differs from the reference.
    Mismatch(String),
}

type R = Result<(), Fail>;

struct Entry {
    info: Info,
    run: fn(&mut Ctx) -> R,
}

/// Per-entry state: the translated kernels, global memory and the statistics.
struct Ctx {
    file: String,
    module: Module,
    kernels: Vec<Kernel>,
    mem: GlobalMem,
    /// The module's `__device__` variables placed so far: name -> address.
    globals: std::collections::BTreeMap<String, u32>,
    stats: Stats,
    launches: usize,
    rng: Rng,
    /// The largest tolerance-compared error, in ulps, per output name.
    errors: Vec<(String, f64, f64)>,
    /// Run the launches on the RTL SM in Verilator (in lock step with the golden SM), not
    /// on the golden SM alone; its clocks.
    rtl: Option<std::sync::Arc<crate::runners::sm::SmModel>>,
    rtl_cycles: u64,
}

fn p(a: u32) -> Arg {
    Arg::U64(a as u64)
}
fn pu(a: u32, byte_offset: i64) -> Arg {
    Arg::U64((a as i64 + byte_offset) as u64)
}
fn u(x: u32) -> Arg {
    Arg::U32(x)
}
fn i(x: i32) -> Arg {
    Arg::U32(x as u32)
}
fn f(x: f32) -> Arg {
    Arg::F32(x)
}

fn add_stats(a: &mut Stats, b: &Stats) {
    a.ctas += b.ctas;
    a.warp_instrs += b.warp_instrs;
    a.thread_instrs += b.thread_instrs;
    a.divergent_branches += b.divergent_branches;
    a.shared_requests += b.shared_requests;
    a.shared_steps += b.shared_steps;
    a.shared_conflict_steps += b.shared_conflict_steps;
    a.global_transactions += b.global_transactions;
    a.shared_max_steps = a.shared_max_steps.max(b.shared_max_steps);
    a.barriers += b.barriers;
    a.max_stack_depth = a.max_stack_depth.max(b.max_stack_depth);
}

/// f32 value and bits, for messages.
fn fv(x: f32) -> String {
    format!("{x:e} ({:#010x})", x.to_bits())
}

/// The unit in the last place of binary32 `x` (normal range; 2^-149 below).
fn ulp32(x: f64) -> f64 {
    let a = x.abs();
    if a < f32::MIN_POSITIVE as f64 {
        return 2f64.powi(-149);
    }
    let e = a.log2().floor() as i32;
    // guard against log2 rounding at powers of two
    let e = if 2f64.powi(e) > a { e - 1 } else if 2f64.powi(e + 1) <= a { e + 1 } else { e };
    2f64.powi(e - 23)
}

fn r32(x: f64) -> f32 {
    x as f32
}

// exact versions of the SFU's approximate functions (what the references use)
fn ex2(x: f32) -> f32 {
    r32((x as f64).exp2())
}
fn lg2(x: f32) -> f32 {
    r32((x as f64).log2())
}
fn rsq(x: f32) -> f32 {
    r32(1.0 / (x as f64).sqrt())
}
fn sin_(x: f32) -> f32 {
    r32((x as f64).sin())
}
fn cos_(x: f32) -> f32 {
    r32((x as f64).cos())
}
fn fdiv(a: f32, b: f32) -> f32 {
    r32(a as f64 / b as f64)
}
/// corpus.h's __expf and __logf with exact ex2 / lg2.
fn expf_(x: f32) -> f32 {
    ex2(x * std::f32::consts::LOG2_E)
}
fn logf_(x: f32) -> f32 {
    lg2(x) * std::f32::consts::LN_2
}

impl Ctx {
    fn kernel(&self, name: &str) -> Result<&Kernel, Fail> {
        self.kernels.iter().find(|k| k.name == name).ok_or_else(|| Fail::Run(format!("no kernel {name} in {}", self.file)))
    }
    fn launch(&mut self, name: &str, grid: [u32; 3], block: [u32; 3], args: &[Arg]) -> R {
        self.launch_full(name, grid, block, args, &[], 0)
    }
    /// A launch with `__constant__` variables filled by name (the rest of the constant bank
    /// zero) and `dynamic_shared` bytes of dynamic shared memory after the static variables
    /// (as `heddle run` does with a launch file's "constants" and "dynamic_shared").
    fn launch_full(&mut self, name: &str, grid: [u32; 3], block: [u32; 3], args: &[Arg], constants: &[(&str, Vec<u8>)], dynamic_shared: u32) -> R {
        let mut k = self.kernel(name)?.clone();
        // as `heddle run` does: registers capped so that one CTA fits
        let max_regs = SmResources::G80.max_regs(block.iter().product());
        if k.regs_per_thread > max_regs {
            k = translate(&self.module, Some(name), Options { max_regs, ..Default::default() }).map_err(|e| Fail::Run(e.to_string()))?;
        }
        k.shared_bytes += dynamic_shared;
        let constant = gsm::launch::fill_constants(&k, constants).map_err(|e| Fail::Run(format!("{name}: constants {e}")))?;
        let mut params = pack_params(&k, args).map_err(Fail::Run)?;
        gsm::place_globals(&k, &mut self.mem, &mut params, &mut self.globals).map_err(Fail::Run)?;
        let l = Launch { grid, block, params, constant };
        let at = format!("{name} (launch {})", self.launches + 1);
        let stats = match &self.rtl {
            None => gsm::run(&k, &l, &mut self.mem, &Config::default(), &mut GoldenFpUnits, false).map_err(|e| Fail::Run(format!("{at}: {e}")))?.stats,
            Some(m) => {
                use crate::runners::sm::{lockstep_verilator, SmOpts};
                let opts = SmOpts { max_cycles: u64::MAX, watchdog: 100_000_000, ..Default::default() };
                let (ls, _) = lockstep_verilator(m, &k, &l, &self.mem, opts, None)
                    .map_err(|e| Fail::Run(format!("{at} on the RTL SM: {e}")))?;
                if let Some(f) = ls.rtl.fault {
                    return Err(Fail::Run(format!("{at} on the RTL SM: {f} at {}", k.where_(f.pc as usize))));
                }
                self.rtl_cycles += ls.rtl.cycles;
                self.mem = ls.mem;
                ls.golden.map_err(|e| Fail::Run(format!("{at}: {e}")))?.stats
            }
        };
        add_stats(&mut self.stats, &stats);
        self.launches += 1;
        Ok(())
    }
    fn buf_u32(&mut self, v: &[u32]) -> u32 {
        self.mem.alloc_u32(v)
    }
    fn buf_i32(&mut self, v: &[i32]) -> u32 {
        self.mem.alloc(v.iter().flat_map(|x| x.to_le_bytes()).collect())
    }
    fn buf_f32(&mut self, v: &[f32]) -> u32 {
        self.mem.alloc(v.iter().flat_map(|x| x.to_bits().to_le_bytes()).collect())
    }
    fn buf_i64(&mut self, v: &[i64]) -> u32 {
        self.mem.alloc(v.iter().flat_map(|x| x.to_le_bytes()).collect())
    }
    fn buf_f64(&mut self, v: &[f64]) -> u32 {
        self.mem.alloc(v.iter().flat_map(|x| x.to_bits().to_le_bytes()).collect())
    }
    fn buf_bytes(&mut self, v: Vec<u8>) -> u32 {
        self.mem.alloc(v)
    }
    fn zeros(&mut self, bytes: usize) -> u32 {
        self.mem.alloc(vec![0; bytes])
    }
    fn bytes(&self, a: u32) -> Vec<u8> {
        self.mem.buffer(a).unwrap_or(&[]).to_vec()
    }
    fn get_u32(&self, a: u32) -> Vec<u32> {
        self.mem.words(a)
    }
    fn get_i32(&self, a: u32) -> Vec<i32> {
        self.mem.words(a).into_iter().map(|x| x as i32).collect()
    }
    fn get_f32(&self, a: u32) -> Vec<f32> {
        self.mem.words(a).into_iter().map(f32::from_bits).collect()
    }
    fn get_f64(&self, a: u32) -> Vec<f64> {
        self.bytes(a).chunks_exact(8).map(|c| f64::from_bits(u64::from_le_bytes(c.try_into().unwrap()))).collect()
    }

    // inputs
    fn below(&mut self, n: u32) -> u32 {
        self.rng.below(n as u64) as u32
    }
    /// Uniform in [lo, hi), rounded to f32 (never subnormal for the ranges used here).
    fn unif(&mut self, lo: f64, hi: f64) -> f32 {
        let t = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        r32(lo + (hi - lo) * t)
    }
    fn unifs(&mut self, n: usize, lo: f64, hi: f64) -> Vec<f32> {
        (0..n).map(|_| self.unif(lo, hi)).collect()
    }

    // comparisons
    fn eq<T: PartialEq + std::fmt::Debug>(&self, what: &str, got: &[T], want: &[T]) -> R {
        if got.len() != want.len() {
            return Err(Fail::Mismatch(format!("{what}: {} elements, expected {}", got.len(), want.len())));
        }
        let bad: Vec<usize> = (0..got.len()).filter(|&j| got[j] != want[j]).collect();
        match bad.first() {
            None => Ok(()),
            Some(&j) => Err(Fail::Mismatch(format!(
                "{what}[{j}]: expected {:?}, got {:?} ({} of {} elements differ)",
                want[j],
                got[j],
                bad.len(),
                got.len()
            ))),
        }
    }
    /// Bit-exact f32 comparison.
    fn eq_f32(&self, what: &str, got: &[f32], want: &[f32]) -> R {
        if got.len() != want.len() {
            return Err(Fail::Mismatch(format!("{what}: {} elements, expected {}", got.len(), want.len())));
        }
        let bad: Vec<usize> = (0..got.len()).filter(|&j| got[j].to_bits() != want[j].to_bits()).collect();
        match bad.first() {
            None => Ok(()),
            Some(&j) => Err(Fail::Mismatch(format!(
                "{what}[{j}]: expected {}, got {} ({} of {} elements differ)",
                fv(want[j]),
                fv(got[j]),
                bad.len(),
                got.len()
            ))),
        }
    }
    /// Tolerance comparison (kernels with .approx SFU functions): |got - want| within `ulps`
    /// units in the last place of max(|want|, floor); `exact[j]` elements must be equal bit
    /// for bit instead (parts of the output no approximation reaches).
    fn near_f32(&mut self, what: &str, got: &[f32], want: &[f32], ulps: f64, floor: f64, exact: &dyn Fn(usize) -> bool) -> R {
        if got.len() != want.len() {
            return Err(Fail::Mismatch(format!("{what}: {} elements, expected {}", got.len(), want.len())));
        }
        let mut worst = 0f64;
        let mut first_bad: Option<(usize, f64)> = None;
        let mut nbad = 0;
        for j in 0..got.len() {
            if exact(j) {
                if got[j].to_bits() != want[j].to_bits() {
                    nbad += 1;
                    first_bad.get_or_insert((j, f64::INFINITY));
                }
                continue;
            }
            let (g, w) = (got[j] as f64, want[j] as f64);
            let e = if g == w { 0.0 } else { (g - w).abs() / ulp32(w.abs().max(floor)) };
            let e = if e.is_nan() { f64::INFINITY } else { e };
            worst = worst.max(e);
            if e > ulps {
                nbad += 1;
                first_bad.get_or_insert((j, e));
            }
        }
        self.errors.push((what.to_string(), worst, ulps));
        match first_bad {
            None => Ok(()),
            Some((j, e)) => Err(Fail::Mismatch(format!(
                "{what}[{j}]: expected {}, got {} ({e:.1} ulps of max(|x|, {floor}), tolerance {ulps}; {nbad} of {} elements out)",
                fv(want[j]),
                fv(got[j]),
                got.len()
            ))),
        }
    }
}

/// Translates every `.entry` of `src` (file name `file`).
fn translate_all(file: &str, src: &str) -> Result<(Module, Vec<Kernel>), String> {
    let m = parse(file, src).map_err(|e| e.to_string())?;
    if m.entries.is_empty() {
        return Err(format!("{file}: no kernel (.entry)"));
    }
    let k = m.entries.iter().map(|e| translate(&m, Some(&e.name), Options::default()).map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
    Ok((m, k))
}

/// The corpus entries, in table order.
pub fn list() -> Vec<Info> {
    entries().into_iter().map(|e| e.info).collect()
}

/// Runs every corpus entry whose name contains `filter` (all when None): `dir` is the corpus
/// directory (`examples/corpus`), the PTX is read from `dir/ptx/<name>.ptx`.
pub fn run_all(dir: &Path, filter: Option<&str>) -> Vec<Row> {
    run_all_on(dir, filter, None, |_| {})
}

/// [`run_all`], each launch on the RTL SM `rtl` (the exported `sm.v` in Verilator) in lock
/// step with the golden SM when given, every warp-instruction compared, the outputs read
/// from the RTL SM's memory; `progress` gets each finished row.
pub fn run_all_on(dir: &Path, filter: Option<&str>, rtl: Option<std::sync::Arc<crate::runners::sm::SmModel>>, mut progress: impl FnMut(&Row)) -> Vec<Row> {
    let mut rows = vec![];
    for (n, e) in entries().into_iter().enumerate() {
        if filter.is_some_and(|f| !e.info.name.contains(f)) {
            continue;
        }
        let r = run_entry(dir, &e, n as u64, rtl.clone());
        progress(&r);
        rows.push(r);
    }
    rows
}

fn run_entry(dir: &Path, e: &Entry, n: u64, rtl: Option<std::sync::Arc<crate::runners::sm::SmModel>>) -> Row {
    let name = e.info.name;
    let file = format!("{name}.ptx");
    let mut row = Row {
        kernel: name.into(),
        suite: e.info.suite.into(),
        translated: Ok(()),
        ran: Err("not run (not translated)".into()),
        matches: Err("not checked".into()),
        instructions: 0,
        warp_instructions: 0,
        launches: 0,
        note: String::new(),
        rtl_cycles: 0,
    };
    let src = match std::fs::read_to_string(dir.join("ptx").join(&file)) {
        Ok(s) => s,
        Err(err) => {
            row.translated = Err(format!("{}: {err}", dir.join("ptx").join(&file).display()));
            return row;
        }
    };
    let (module, kernels) = match translate_all(&file, &src) {
        Ok(k) => k,
        Err(err) => {
            row.translated = Err(err);
            return row;
        }
    };
    row.instructions = kernels.iter().map(|k| k.code.len()).sum();
    let mut ctx = Ctx {
        file,
        module,
        kernels,
        mem: GlobalMem::default(),
        globals: Default::default(),
        stats: Stats::default(),
        launches: 0,
        rng: Rng::new(0xC0_4B05 + 7919 * n),
        errors: vec![],
        rtl,
        rtl_cycles: 0,
    };
    let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (e.run)(&mut ctx)));
    row.warp_instructions = ctx.stats.warp_instrs;
    row.launches = ctx.launches;
    row.rtl_cycles = ctx.rtl_cycles;
    let errs: Vec<String> = ctx.errors.iter().map(|(w, worst, tol)| format!("{w}: max {worst:.2} ulps (tolerance {tol})")).collect();
    row.note = errs.join("; ");
    match res {
        Ok(Ok(())) => {
            row.ran = Ok(ctx.stats);
            row.matches = Ok(());
        }
        Ok(Err(Fail::Run(m))) => {
            row.ran = Err(m);
            row.matches = Err("not checked (did not run)".into());
        }
        Ok(Err(Fail::Mismatch(m))) => {
            row.ran = Ok(ctx.stats);
            row.matches = Err(m);
        }
        Err(p) => {
            let m = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
            row.ran = Err(format!("panic: {m}"));
            row.matches = Err("not checked (did not run)".into());
        }
    }
    row
}

fn yes(r: bool) -> &'static str {
    if r {
        "yes"
    } else {
        "no"
    }
}

/// A readable table of `rows`: one line per kernel (translated, ran, matches, microcode
/// instructions, warp-instructions executed), the reason of every failure below it, and a
/// summary line.
pub fn table(rows: &[Row]) -> String {
    let w = rows.iter().map(|r| r.kernel.len()).max().unwrap_or(6).max(6);
    let ws = rows.iter().map(|r| r.suite.len()).max().unwrap_or(5).max(5);
    let mut s = String::new();
    let _ = writeln!(s, "{:<w$}  {:<ws$}  {:>10}  {:>3}  {:>7}  {:>6}  {:>8}  {:>11}", "kernel", "suite", "translated", "ran", "matches", "instrs", "launches", "warp-instrs");
    for r in rows {
        let ran = if r.translated.is_err() { "-" } else { yes(r.ran.is_ok()) };
        let m = if r.ran.is_err() { "-" } else { yes(r.matches.is_ok()) };
        let _ = writeln!(
            s,
            "{:<w$}  {:<ws$}  {:>10}  {:>3}  {:>7}  {:>6}  {:>8}  {:>11}",
            r.kernel,
            r.suite,
            yes(r.translated.is_ok()),
            ran,
            m,
            r.instructions,
            r.launches,
            r.warp_instructions
        );
        if r.rtl_cycles > 0 {
            s.pop();
            let _ = writeln!(s, "  {:>10} RTL clocks", r.rtl_cycles);
        }
    }
    let fails: Vec<&Row> = rows.iter().filter(|r| !r.passed()).collect();
    if !fails.is_empty() {
        let _ = writeln!(s, "\nnot passing:");
        for r in fails {
            let why = match (&r.translated, &r.ran, &r.matches) {
                (Err(e), _, _) => format!("not translated: {e}"),
                (_, Err(e), _) => format!("did not run: {e}"),
                (_, _, Err(e)) => format!("mismatch: {e}"),
                _ => unreachable!(),
            };
            let _ = writeln!(s, "  {}: {why}", r.kernel);
        }
    }
    let notes: Vec<&Row> = rows.iter().filter(|r| !r.note.is_empty()).collect();
    if !notes.is_empty() {
        let _ = writeln!(s, "\ntolerance comparisons (.approx SFU functions; ulps of max(|expected|, floor)):");
        for r in notes {
            let _ = writeln!(s, "  {}: {}", r.kernel, r.note);
        }
    }
    let n = rows.len();
    let t = rows.iter().filter(|r| r.translated.is_ok()).count();
    let ran = rows.iter().filter(|r| r.ran.is_ok()).count();
    let m = rows.iter().filter(|r| r.passed()).count();
    let wi: u64 = rows.iter().map(|r| r.warp_instructions).sum();
    let _ = writeln!(s, "\n{n} kernels: {t} translated, {ran} ran, {m} match their CPU references ({wi} warp-instructions)");
    let rtl: u64 = rows.iter().map(|r| r.rtl_cycles).sum();
    if rtl > 0 {
        let _ = writeln!(s, "on the RTL SM in lock step with the golden SM: {rtl} clocks for the kernels that ran");
    }
    s
}

// ---------------------------------------------------------------------------------------
// Opcode coverage
// ---------------------------------------------------------------------------------------

/// One PTX instruction form (opcode with its modifiers, `setp.lt.u64`) across the corpus.
#[derive(Debug, Clone, Default)]
pub struct Form {
    pub form: String,
    /// The bare opcode (`setp`).
    pub opcode: String,
    pub occurrences: usize,
    /// Occurrences whose probe kernel translated.
    pub accepted: usize,
    /// Corpus files using the form.
    pub files: BTreeSet<String>,
    /// The first rejection: `file:line: message`.
    pub error: Option<String>,
}

impl Form {
    pub fn status(&self) -> &'static str {
        if self.accepted == self.occurrences {
            "accepted"
        } else if self.accepted == 0 {
            "rejected"
        } else {
            "partly"
        }
    }
}

/// A bare opcode's forms.
#[derive(Debug, Clone, Default)]
pub struct Opcode {
    pub opcode: String,
    pub forms: usize,
    pub forms_accepted: usize,
    pub occurrences: usize,
    pub accepted: usize,
}

/// The PTX opcode coverage of the corpus (see [`opcode_coverage`]).
#[derive(Debug, Clone, Default)]
pub struct Coverage {
    pub files: usize,
    /// Every distinct form, sorted.
    pub forms: Vec<Form>,
    /// Grouped by bare opcode, sorted.
    pub opcodes: Vec<Opcode>,
    /// Per file, the whole file's parse + translation error (None: every kernel translated);
    /// these include errors no single instruction causes (declarations, nested blocks).
    pub file_errors: Vec<(String, Option<String>)>,
    /// heddle's parser opcodes (`ptx::OPCODES`) that clang emitted nowhere in the corpus.
    pub unused_heddle_opcodes: Vec<String>,
}

/// A kernel body as clang prints it: its parameter list, declarations and instructions.
struct TextEntry {
    params: String,
    decls: Vec<String>,
    labels: Vec<String>,
    /// (line number, instruction text).
    instrs: Vec<(usize, String)>,
}

/// The instruction form of a line (`@%p1 bra LBB0_2;` -> `bra`), or None for labels,
/// directives and braces.
fn form_of(line: &str) -> Option<String> {
    let mut t = line.trim();
    if t.is_empty() || t.starts_with("//") || t.starts_with('.') || t.starts_with('{') || t.starts_with('}') || t.ends_with(':') {
        return None;
    }
    if t.starts_with('@') {
        t = t.split_once(char::is_whitespace).map(|x| x.1.trim_start()).unwrap_or("");
    }
    let tok = t.split(|c: char| c.is_whitespace() || c == ';').next().unwrap_or("");
    (!tok.is_empty() && tok.chars().next().is_some_and(|c| c.is_ascii_lowercase())).then(|| tok.to_string())
}

/// clang's PTX text split into its header, its module-level variable declarations and its
/// kernels.
struct TextModule {
    header: String,
    vars: String,
    entries: Vec<TextEntry>,
}

fn split_text(src: &str) -> TextModule {
    let lines: Vec<&str> = src.lines().collect();
    let mut header = String::new();
    let mut vars = String::new();
    let mut entries = vec![];
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim();
        if l.starts_with(".version") || l.starts_with(".target") || l.starts_with(".address_size") {
            header += l;
            header.push('\n');
        }
        let decl = l.split_whitespace().take_while(|t| t.starts_with('.')).any(|t| matches!(t, ".global" | ".const" | ".shared"));
        if decl && l.ends_with(';') && !l.contains(".entry") && !l.contains(".func") {
            vars += l;
            vars.push('\n');
        }
        if l.contains(".entry") {
            // the parameter list, from the entry line (renamed) to the line holding ')'
            let after = &l[l.find(".entry").unwrap() + 6..];
            let rest = after.trim_start().split_once('(').map(|x| x.1).unwrap_or("");
            let mut params = format!(".visible .entry __probe({rest}\n");
            let mut closed = rest.contains(')');
            while !closed && i + 1 < lines.len() {
                i += 1;
                params += lines[i].trim();
                params.push('\n');
                closed = lines[i].contains(')');
            }
            // skip to the body's '{'
            while i < lines.len() && lines[i].trim() != "{" {
                i += 1;
            }
            let mut depth = 0;
            let mut e = TextEntry { params, decls: vec![], labels: vec![], instrs: vec![] };
            while i < lines.len() {
                let t = lines[i].trim();
                if t.starts_with('{') {
                    depth += 1;
                } else if t.starts_with('}') {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                } else if t.starts_with(".reg") || t.starts_with(".shared") || t.starts_with(".local") {
                    if !e.decls.iter().any(|d| d == t) {
                        e.decls.push(t.to_string());
                    }
                } else if t.ends_with(':') && !t.contains(' ') {
                    e.labels.push(t.trim_end_matches(':').to_string());
                } else if form_of(t).is_some() {
                    e.instrs.push((i + 1, t.to_string()));
                }
                i += 1;
            }
            entries.push(e);
        }
        i += 1;
    }
    TextModule { header, vars, entries }
}

/// Translates one instruction in a probe kernel with its kernel's parameters and
/// declarations (and every label of the kernel defined after it), with the file's
/// module-level variables; when those declarations themselves are what fails, again without
/// them (an instruction naming such a variable then fails as an unknown symbol).
fn probe(m: &TextModule, e: &TextEntry, instr: &str) -> Result<(), String> {
    let build = |vars: &str| {
        let mut s = String::from(&m.header);
        s += vars;
        s += &e.params;
        s += "{\n";
        for d in &e.decls {
            s += d;
            s.push('\n');
        }
        let line = s.lines().count() as u32 + 1;
        s += instr;
        s.push('\n');
        for l in &e.labels {
            s += l;
            s += ":\n";
        }
        s += "ret;\n}\n";
        (s, line)
    };
    let attempt = |vars: &str| -> Result<(), ptx::PtxError> {
        let (s, _) = build(vars);
        let md = parse("probe.ptx", &s)?;
        translate(&md, None, Options::default()).map(|_| ())
    };
    match attempt(&m.vars) {
        Ok(()) => Ok(()),
        Err(err) if !m.vars.is_empty() && err.loc.line != build(&m.vars).1 => attempt("").map_err(|e| e.msg),
        Err(err) => Err(err.msg),
    }
}

/// The PTX opcode coverage of `dir/ptx/*.ptx` (`dir` is the corpus directory).
///
/// Method (a per-instruction probe): every instruction line clang emitted is translated on
/// its own, in a probe kernel that has its file's module-level variables and its kernel's
/// parameter list, `.reg` / `.shared` / `.local` declarations and labels, so an instruction
/// is judged even when something else in its file stops translation (when the module-level
/// declarations are what fails, the probe is retried without them). A form is "accepted" when all its occurrences translate,
/// "partly" when some do (operands matter: a symbol of an unsupported module-level variable,
/// a 64-bit destination), "rejected" when none does. The whole-file result is reported
/// separately (it catches what no single instruction causes: module-level variables,
/// `.func`, nested `{ }` blocks, register limits). Translation only: whether the microcode
/// computes the right thing is what [`run_all`] checks.
pub fn opcode_coverage(dir: &Path) -> Coverage {
    let mut paths: Vec<_> = std::fs::read_dir(dir.join("ptx"))
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "ptx")).collect())
        .unwrap_or_default();
    paths.sort();
    let mut forms: BTreeMap<String, Form> = BTreeMap::new();
    let mut cov = Coverage { files: paths.len(), ..Default::default() };
    for path in &paths {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(path).unwrap_or_default();
        cov.file_errors.push((name.clone(), translate_all(&name, &src).err()));
        let tm = split_text(&src);
        let mut cache: BTreeMap<(usize, String), Result<(), String>> = BTreeMap::new();
        for (ei, e) in tm.entries.iter().enumerate() {
            for (line, text) in &e.instrs {
                let form = form_of(text).unwrap();
                let res = cache.entry((ei, text.clone())).or_insert_with(|| probe(&tm, e, text)).clone();
                let fe = forms.entry(form.clone()).or_insert_with(|| Form {
                    opcode: form.split('.').next().unwrap_or("").trim_end_matches(';').to_string(),
                    form: form.clone(),
                    ..Default::default()
                });
                fe.occurrences += 1;
                fe.files.insert(name.trim_end_matches(".ptx").to_string());
                match res {
                    Ok(()) => fe.accepted += 1,
                    Err(m) => {
                        fe.error.get_or_insert(format!("{name}:{line}: {m} (in `{text}`)"));
                    }
                }
            }
        }
    }
    let mut ops: BTreeMap<String, Opcode> = BTreeMap::new();
    for f in forms.values() {
        let o = ops.entry(f.opcode.clone()).or_insert_with(|| Opcode { opcode: f.opcode.clone(), ..Default::default() });
        o.forms += 1;
        o.forms_accepted += (f.accepted == f.occurrences) as usize;
        o.occurrences += f.occurrences;
        o.accepted += f.accepted;
    }
    cov.unused_heddle_opcodes = ptx::OPCODES.iter().map(|o| o.0.to_string()).filter(|o| !ops.contains_key(o)).collect();
    cov.forms = forms.into_values().collect();
    cov.opcodes = ops.into_values().collect();
    cov
}

/// The coverage as text: totals, the forms that are not accepted (with the error), every
/// bare opcode, every form, the file-level errors.
pub fn coverage_report(c: &Coverage) -> String {
    let mut s = String::new();
    let nf = c.forms.len();
    let fa = c.forms.iter().filter(|f| f.status() == "accepted").count();
    let fp = c.forms.iter().filter(|f| f.status() == "partly").count();
    let occ: usize = c.forms.iter().map(|f| f.occurrences).sum();
    let occa: usize = c.forms.iter().map(|f| f.accepted).sum();
    let no = c.opcodes.len();
    let oa = c.opcodes.iter().filter(|o| o.forms_accepted == o.forms).count();
    let _ = writeln!(s, "PTX opcode coverage of the corpus ({} files, {occ} instructions; per-instruction probe translation):", c.files);
    let _ = writeln!(s, "  instruction forms (opcode with modifiers): {nf} emitted by clang, {fa} accepted by heddle, {fp} partly, {} rejected", nf - fa - fp);
    let _ = writeln!(s, "  bare opcodes: {no} emitted, {oa} with every form accepted, {} with some form not accepted", no - oa);
    let _ = writeln!(s, "  instruction occurrences: {occa} of {occ} accepted");
    let bad: Vec<&Form> = c.forms.iter().filter(|f| f.status() != "accepted").collect();
    if !bad.is_empty() {
        let _ = writeln!(s, "\nforms not (always) accepted:");
        for f in bad {
            let _ = writeln!(
                s,
                "  {:<28} {:<8} {:>4}/{:<4} {}",
                f.form,
                f.status(),
                f.accepted,
                f.occurrences,
                f.error.as_deref().unwrap_or("")
            );
        }
    }
    let _ = writeln!(s, "\nby bare opcode (forms accepted/emitted, occurrences accepted/emitted):");
    for o in &c.opcodes {
        let _ = writeln!(s, "  {:<10} {:>3}/{:<3} {:>5}/{:<5}", o.opcode, o.forms_accepted, o.forms, o.accepted, o.occurrences);
    }
    let _ = writeln!(s, "\nheddle opcodes clang emitted nowhere in the corpus: {}", c.unused_heddle_opcodes.join(" "));
    let _ = writeln!(s, "\nevery form (occurrences, files):");
    for f in &c.forms {
        let _ = writeln!(s, "  {:<28} {:<8} {:>5} {:>3} files", f.form, f.status(), f.occurrences, f.files.len());
    }
    let errs: Vec<&(String, Option<String>)> = c.file_errors.iter().filter(|e| e.1.is_some()).collect();
    let _ = writeln!(s, "\nwhole files: {} of {} translate", c.file_errors.len() - errs.len(), c.file_errors.len());
    for (n, e) in errs {
        let _ = writeln!(s, "  {n}: {}", e.as_deref().unwrap_or(""));
    }
    s
}

// ---------------------------------------------------------------------------------------
// The entries: launches and CPU references
// ---------------------------------------------------------------------------------------

fn entries() -> Vec<Entry> {
    macro_rules! e {
        ($name:literal, $suite:literal, $origin:literal, $ex:literal, $f:expr) => {
            Entry { info: Info { name: $name, suite: $suite, origin: $origin, exercises: $ex }, run: $f }
        };
    }
    vec![
        e!("rodinia_backprop", "Rodinia", "cuda/backprop/backprop_cuda_kernel.cu", "shared tree sum with an SFU-computed stride (lg2/ex2.approx), rem.s32, float weight update", backprop),
        e!("rodinia_bfs", "Rodinia", "cuda/bfs/kernel.cu, kernel2.cu", "graph BFS levels, byte flags, data-dependent loops, host loop until done", bfs),
        e!("rodinia_btree", "Rodinia", "cuda/b+tree/kernel/kernel_gpu_cuda.cu", "B+ tree search: 64-bit (long) indices, struct arrays, barriers in a loop", btree),
        e!("rodinia_gaussian", "Rodinia", "cuda/gaussian/gaussian.cu", "Gaussian elimination, div.rn.f32, 2D grid of 4x4 blocks, early returns", gaussian),
        e!("rodinia_hotspot", "Rodinia", "cuda/hotspot/hotspot.cu", "2D stencil, pyramid of time steps in shared memory, float division", hotspot),
        e!("rodinia_kmeans", "Rodinia", "cuda/kmeans/kmeans_cuda_kernel.cu", "nearest centre by float distances, shared reduction of changed memberships", kmeans),
        e!("rodinia_lud", "Rodinia", "cuda/lud/cuda/lud_kernel.cu", "blocked LU decomposition, three kernels per step, triangular loops, div.rn", lud),
        e!("rodinia_nn", "Rodinia", "cuda/nn/nn_cuda.cu", "struct array of (lat, lng), 2D grid, sqrt.rn.f32", nn),
        e!("rodinia_nw", "Rodinia", "cuda/nw/needle_kernel.cu", "Needleman-Wunsch on anti-diagonals of 16x16 tiles, integer max, many barriers", nw),
        e!("rodinia_pathfinder", "Rodinia", "cuda/pathfinder/pathfinder.cu", "row-by-row DP with a halo, integer min, barriers in loops with break", pathfinder),
        e!("rodinia_srad", "Rodinia", "cuda/srad/srad_v2/srad_kernel.cu", "diffusion stencil, 16x16 tiles with halos, float division chains, clamps", srad),
        e!("cs_BlackScholes", "CUDA samples", "5_Domain_Specific/BlackScholes/BlackScholes_kernel.cuh", "ex2/lg2/rsqrt/div.approx, fabs, float2 loads/stores", black_scholes),
        e!("cs_convolutionSeparable", "CUDA samples", "2_Concepts_and_Techniques/convolutionSeparable/convolutionSeparable.cu", "17-tap filter in __constant__ memory, shared tiles with halos, unrolled loops", convolution),
        e!("cs_fastWalshTransform", "CUDA samples", "5_Domain_Specific/fastWalshTransform/fastWalshTransform_kernel.cuh", "radix-4 butterflies in global and shared memory, 8 KB shared array", fwt),
        e!("cs_histogram256", "CUDA samples", "2_Concepts_and_Techniques/histogram/histogram256.cu", "per-warp sub-histograms with shared-memory atomics, bfe, merge tree", histogram256),
        e!("cs_histogram64", "CUDA samples", "2_Concepts_and_Techniques/histogram/histogram64.cu", "byte counters in shared memory (ld/st.shared.u8), uint4 loads, merge tree", histogram64),
        e!("cs_inverseCND", "CUDA samples", "5_Domain_Specific/quasirandomGenerator/quasirandomGenerator_kernel.cu", "div.u32, mul24, cvt.rn.f32.u32, rational polynomial with div.rn, __logf tail", inverse_cnd),
        e!("cs_matrixMul", "CUDA samples", "0_Introduction/matrixMul/matrixMul.cu", "template kernel: 16x16 shared tiles (module-level .shared)", matrix_mul),
        e!("cs_mergeSort", "CUDA samples", "0_Introduction/mergeSort/mergeSort.cu", "binary-search merge sort in shared memory, __clz, sample ranks", merge_sort),
        e!("cs_nbody", "CUDA samples", "5_Domain_Specific/nbody/bodysystemcuda.cu", "all-pairs gravity, rsqrt.approx, float4 loads, 128-way unrolled loop", nbody),
        e!("cs_oddEvenMergeSort", "CUDA samples", "2_Concepts_and_Techniques/sortingNetworks/oddEvenMergeSort.cu", "Batcher's sorting network on key/value pairs in shared memory", odd_even_merge_sort),
        e!("cs_reduction", "CUDA samples", "2_Concepts_and_Techniques/reduction/reduction_kernel.cu", "dynamically sized shared memory (extern __shared__), tree reductions", reduction),
        e!("cs_scalarProd", "CUDA samples", "2_Concepts_and_Techniques/scalarProd/scalarProd_kernel.cuh", "mul24, strided accumulators, 1024-entry shared tree", scalar_prod),
        e!("cs_scan", "CUDA samples", "2_Concepts_and_Techniques/scan/scan.cu", "three-kernel large exclusive scan, uint4 (ld/st.v4), volatile shared", scan),
        e!("cs_simpleAtomicIntrinsics", "CUDA samples", "0_Introduction/simpleAtomicIntrinsics/simpleAtomicIntrinsics_kernel.cuh", "every global atomic: add sub exch max min inc dec cas and or xor", atomics),
        e!("cs_sobolQRNG", "CUDA samples", "5_Domain_Specific/SobolQRNG/sobol_gpu.cu", "Gray-code Sobol numbers: __ffs, xor, shifts, cvt.rn.f32.u32", sobol),
        e!("cs_threadFenceReduction", "CUDA samples", "2_Concepts_and_Techniques/threadFenceReduction/threadFenceReduction_kernel.cuh", "single-pass sum: __threadfence, atomicInc ticket on a __device__ variable", thread_fence_reduction),
        e!("cs_transposeDiagonal", "CUDA samples", "6_Performance/transpose/transpose.cu", "diagonal block reordering (div/rem of block indices), padded shared tile", transpose_diagonal),
        e!("parboil_mriq", "Parboil", "benchmarks/mri-q/src/cuda/computeQ.cu", "sin/cos.approx in a loop over k-space samples, struct loads", mriq),
        e!("parboil_sgemm", "Parboil", "benchmarks/sgemm/src/cuda/sgemm_kernel.cu", "register-tiled SGEMM: 16 accumulators per thread, shared B tiles", sgemm),
        e!("parboil_stencil", "Parboil", "benchmarks/stencil/src/cuda_base/kernels.cu", "7-point 3D Jacobi stencil, 2D grid", stencil3d),
        e!("shoc_md", "SHOC", "src/cuda/level1/md/MD.cu", "Lennard-Jones forces over a neighbour list, div.rn, float4 loads, template kernel", md),
        e!("shoc_md5hash", "SHOC", "src/cuda/level1/md5hash/MD5Hash.cu", "MD5: 32-bit rotates, logic ops, div/rem.u32 key indexing, local byte array", md5hash),
        e!("shoc_md_dp", "SHOC", "src/cuda/level1/md/MD.cu", "the double-precision instantiation of the LJ force kernel (f64)", md_dp),
        e!("shoc_sort", "SHOC", "src/cuda/level1/sort/sort_kernel.cu", "radix sort pass: split by scan, radix offsets, global scatter; uint2/uint4", radix_sort),
        e!("shoc_spmv", "SHOC", "src/cuda/level1/spmv/Spmv.cu", "CSR scalar, CSR vector (warp-synchronous reduction), ELLPACK-R sparse products", spmv),
        e!("shoc_stencil2d", "SHOC", "src/cuda/level1/stencil2d/CUDAStencilKernel.cu", "9-point stencil on strips through a shared tile, non-static device functions", stencil2d),
    ]
}

// ----- Rodinia -----

/// Needleman-Wunsch: the host loop of needle.cu over the anti-diagonals of 16x16 tiles;
/// reference: the DP recurrence on the whole matrix.
fn nw(c: &mut Ctx) -> R {
    let (bw, penalty) = (4u32, 10i32);
    let n = 16 * bw as usize + 1; // max_cols = max_rows
    let mut refm = vec![0i32; n * n];
    let mut m = vec![0i32; n * n];
    for i in 1..n {
        for j in 1..n {
            refm[i * n + j] = c.below(15) as i32 - 4;
        }
    }
    for i in 1..n {
        m[i * n] = -(i as i32) * penalty;
        m[i] = -(i as i32) * penalty;
    }
    let (pr, pm) = (c.buf_i32(&refm), c.buf_i32(&m));
    let args = |i_: u32| [p(pr), p(pm), u(n as u32), i(penalty), u(i_), u(bw)];
    for i_ in 1..=bw {
        c.launch("needle_cuda_shared_1", [i_, 1, 1], [16, 1, 1], &args(i_))?;
    }
    for i_ in (1..bw).rev() {
        c.launch("needle_cuda_shared_2", [i_, 1, 1], [16, 1, 1], &args(i_))?;
    }
    for i in 1..n {
        for j in 1..n {
            let a = m[(i - 1) * n + j - 1] + refm[i * n + j];
            let b = m[i * n + j - 1] - penalty;
            let d = m[(i - 1) * n + j] - penalty;
            m[i * n + j] = a.max(b).max(d);
        }
    }
    c.eq("matrix", &c.get_i32(pm), &m)
}

/// Pathfinder: the host loop of calc_path (pyramid height 4, 64-thread blocks); reference:
/// the row-by-row minimum-path DP.
fn pathfinder(c: &mut Ctx) -> R {
    let (rows, cols, ph) = (20usize, 200usize, 4usize);
    let data: Vec<i32> = (0..rows * cols).map(|_| c.below(10) as i32).collect();
    let border = ph as u32; // pyramid_height * HALO
    let small = 64 - ph * 2;
    let block_cols = cols.div_ceil(small) as u32;
    let wall = c.buf_i32(&data[cols..]);
    let res = [c.buf_i32(&data[..cols]), c.zeros(cols * 4)];
    let (mut src, mut dst) = (1, 0);
    let mut t = 0;
    while t < rows - 1 {
        std::mem::swap(&mut src, &mut dst);
        let it = ph.min(rows - t - 1) as u32;
        c.launch("dynproc_kernel", [block_cols, 1, 1], [64, 1, 1], &[u(it), p(wall), p(res[src]), p(res[dst]), u(cols as u32), u(rows as u32), u(t as u32), u(border)])?;
        t += ph;
    }
    let mut dp: Vec<i32> = data[..cols].to_vec();
    for r in 1..rows {
        dp = (0..cols)
            .map(|x| {
                let mut m = dp[x];
                if x > 0 {
                    m = m.min(dp[x - 1]);
                }
                if x + 1 < cols {
                    m = m.min(dp[x + 1]);
                }
                m + data[r * cols + x]
            })
            .collect();
    }
    c.eq("result", &c.get_i32(res[dst]), &dp)
}

/// HotSpot: compute_tran_temp's loop (pyramid height 2, 4 steps) on a 64x48 grid; reference:
/// the five-point update per step with edge cells clamped to themselves.
fn hotspot(c: &mut Ctx) -> R {
    let (rows, cols, ph, total) = (48usize, 64usize, 2usize, 4usize);
    let temp: Vec<f32> = c.unifs(rows * cols, 322.0, 342.0);
    let power: Vec<f32> = c.unifs(rows * cols, 0.0, 0.001);
    let (chip_h, chip_w, t_chip) = (0.016f64, 0.016f64, 0.0005f64);
    let (gh, gw) = (chip_h / rows as f64, chip_w / cols as f64);
    let cap = r32(0.5 * 1.75e6 * t_chip * gw * gh);
    let rx = r32(gw / (2.0 * 100.0 * t_chip * gh));
    let ry = r32(gh / (2.0 * 100.0 * t_chip * gw));
    let rz = r32(t_chip / (100.0 * gh * gw));
    let max_slope = 3.0e6 / (0.5 * t_chip * 1.75e6);
    let step = r32(0.001 / max_slope);
    let pp = c.buf_f32(&power);
    let bufs = [c.buf_f32(&temp), c.zeros(rows * cols * 4)];
    let small = 16 - 2 * ph;
    let (bc, br) = (cols.div_ceil(small) as u32, rows.div_ceil(small) as u32);
    let (mut src, mut dst) = (1, 0);
    let mut t = 0;
    while t < total {
        std::mem::swap(&mut src, &mut dst);
        let it = ph.min(total - t) as u32;
        let args = [u(it), p(pp), p(bufs[src]), p(bufs[dst]), u(cols as u32), u(rows as u32), u(ph as u32), u(ph as u32), f(cap), f(rx), f(ry), f(rz), f(step), f(0.001)];
        c.launch("calculate_temp", [bc, br, 1], [16, 16, 1], &args)?;
        t += ph;
    }
    let (sdc, rx1, ry1, rz1) = (step / cap, 1.0 / rx, 1.0 / ry, 1.0 / rz);
    let mut tt = temp.clone();
    for _ in 0..total {
        let o = tt.clone();
        for y in 0..rows {
            for x in 0..cols {
                let at = |yy: usize, xx: usize| o[yy * cols + xx];
                let cv = at(y, x);
                let (n, s) = (at(y.saturating_sub(1), x), at((y + 1).min(rows - 1), x));
                let (w, e) = (at(y, x.saturating_sub(1)), at(y, (x + 1).min(cols - 1)));
                let inner = power[y * cols + x] + (s + n - 2.0 * cv) * ry1 + (e + w - 2.0 * cv) * rx1 + (80.0 - cv) * rz1;
                tt[y * cols + x] = cv + sdc * inner;
            }
        }
    }
    c.eq_f32("temp", &c.get_f32(bufs[dst]), &tt)
}

/// BFS: the host loop of bfs.cu (Kernel, Kernel2 until no node was updated) on a random graph;
/// reference: breadth-first distances from node 0 (-1: unreachable).
fn bfs(c: &mut Ctx) -> R {
    let n = 300usize;
    let mut edges = vec![];
    let mut nodes = vec![];
    for v in 0..n {
        let deg = 1 + c.below(3) as usize;
        nodes.push((edges.len() as i32, deg as i32));
        for _ in 0..deg {
            // mostly forward edges, so the graph has several levels
            let w = if c.below(4) == 0 { c.below(n as u32) as usize } else { (v + 1 + c.below(6) as usize) % n };
            edges.push(w as i32);
        }
    }
    let node_bytes: Vec<i32> = nodes.iter().flat_map(|&(s, d)| [s, d]).collect();
    let pn = c.buf_i32(&node_bytes);
    let pe = c.buf_i32(&edges);
    let mut mask = vec![0u8; n];
    mask[0] = 1;
    let pm = c.buf_bytes(mask.clone());
    let pu_ = c.zeros(n);
    let pv = c.buf_bytes(mask);
    let mut cost = vec![-1i32; n];
    cost[0] = 0;
    let pc = c.buf_i32(&cost);
    let po = c.zeros(1);
    let grid = (n as u32).div_ceil(64);
    for _ in 0..n {
        c.mem.find(po, 1).unwrap()[0] = 0;
        c.launch("bfs_kernel", [grid, 1, 1], [64, 1, 1], &[p(pn), p(pe), p(pm), p(pu_), p(pv), p(pc), u(n as u32)])?;
        c.launch("bfs_kernel2", [grid, 1, 1], [64, 1, 1], &[p(pm), p(pu_), p(pv), p(po), u(n as u32)])?;
        if c.bytes(po)[0] == 0 {
            break;
        }
    }
    let mut want = vec![-1i32; n];
    want[0] = 0;
    let mut frontier = vec![0usize];
    while !frontier.is_empty() {
        let mut next = vec![];
        for &v in &frontier {
            let (s, d) = nodes[v];
            for &w in &edges[s as usize..(s + d) as usize] {
                if want[w as usize] < 0 {
                    want[w as usize] = want[v] + 1;
                    next.push(w as usize);
                }
            }
        }
        frontier = next;
    }
    c.eq("cost", &c.get_i32(pc), &want)
}

/// B+ tree: findK on a three-level tree (order 32) of 500 records; reference: the value of
/// the record whose key is searched (unchanged -1 for absent keys).
fn btree(c: &mut Ctx) -> R {
    const ORDER: usize = 32;
    const NODE: usize = 4 + 4 * (ORDER + 1) * 2 + 4 + 4; // location, indices, keys, is_leaf, num_keys
    let nrec = 500usize;
    let key = |r: usize| (3 * r + 7) as i32;
    let values: Vec<i32> = (0..nrec).map(|_| c.below(1_000_000) as i32).collect();
    // node 0: root with 5 children (1..=5); each has 10 leaves; leaves 6..56 hold 10 records
    let mut nodes: Vec<(Vec<i32>, Vec<i32>)> = vec![]; // (indices, keys)
    let pad = |mut v: Vec<i32>, fill: i32| {
        v.resize(ORDER + 1, fill);
        v
    };
    let leaf_min = |l: usize| key(l * 10);
    nodes.push((pad((1..=5).collect(), 0), pad((0..5).map(|k| leaf_min(k * 10)).collect(), i32::MAX)));
    for m in 0..5 {
        nodes.push((pad((0..10).map(|l| (6 + m * 10 + l) as i32).collect(), 0), pad((0..10).map(|l| leaf_min(m * 10 + l)).collect(), i32::MAX)));
    }
    for l in 0..50 {
        nodes.push((pad((0..10).map(|r| (l * 10 + r) as i32).collect(), 0), pad((0..10).map(|r| key(l * 10 + r)).collect(), -1)));
    }
    let mut bytes = vec![];
    for (n, (idx, keys)) in nodes.iter().enumerate() {
        let mut b = vec![0u8; NODE];
        b[0..4].copy_from_slice(&(n as i32).to_le_bytes());
        for s in 0..=ORDER {
            b[4 + 4 * s..8 + 4 * s].copy_from_slice(&idx[s].to_le_bytes());
            b[4 + 4 * (ORDER + 1) + 4 * s..8 + 4 * (ORDER + 1) + 4 * s].copy_from_slice(&keys[s].to_le_bytes());
        }
        b[4 + 8 * (ORDER + 1)] = (n >= 6) as u8;
        b[NODE - 4..].copy_from_slice(&10i32.to_le_bytes());
        bytes.extend(b);
    }
    let count = 64usize;
    let queries: Vec<i32> = (0..count).map(|q| if q % 8 == 7 { key(c.below(nrec as u32) as usize) + 1 } else { key(c.below(nrec as u32) as usize) }).collect();
    let pk = c.buf_bytes(bytes);
    let pr = c.buf_i32(&values);
    let pcur = c.buf_i64(&vec![0; count]);
    let poff = c.buf_i64(&vec![0; count]);
    let pq = c.buf_i32(&queries);
    let pa = c.buf_i32(&vec![-1; count]);
    let args = [Arg::U64(2), p(pk), Arg::U64(nodes.len() as u64), p(pr), p(pcur), p(poff), p(pq), p(pa)];
    c.launch("findK", [count as u32, 1, 1], [ORDER as u32, 1, 1], &args)?;
    let want: Vec<i32> = queries.iter().map(|&q| (0..nrec).find(|&r| key(r) == q).map_or(-1, |r| values[r])).collect();
    c.eq("ans", &c.get_i32(pa), &want)
}

/// SRAD: two iterations of srad_cuda_1 + srad_cuda_2 on a 32x48 image (J inside a buffer with
/// a row of margin above and below: the kernels read one row outside the image, unused).
fn srad(c: &mut Ctx) -> R {
    let (rows, cols) = (32usize, 48usize);
    let (q0sqr, lambda) = (0.05f32, 0.5f32);
    let j0 = c.unifs(rows * cols, 1.0, 2.0);
    let mut jm = vec![0f32; cols];
    jm.extend(&j0);
    jm.extend(vec![0f32; cols]);
    let pj = c.buf_f32(&jm);
    let pc = c.zeros((rows + 2) * cols * 4);
    let (pe, pw, pn, ps) = (c.zeros(rows * cols * 4), c.zeros(rows * cols * 4), c.zeros(rows * cols * 4), c.zeros(rows * cols * 4));
    let off = 4 * cols as i64;
    let grid = [(cols / 16) as u32, (rows / 16) as u32, 1];
    for _ in 0..2 {
        let a1 = [p(pe), p(pw), p(pn), p(ps), pu(pj, off), pu(pc, off), u(cols as u32), u(rows as u32), f(q0sqr)];
        c.launch("srad_cuda_1", grid, [16, 16, 1], &a1)?;
        let a2 = [p(pe), p(pw), p(pn), p(ps), pu(pj, off), pu(pc, off), u(cols as u32), u(rows as u32), f(lambda), f(q0sqr)];
        c.launch("srad_cuda_2", grid, [16, 16, 1], &a2)?;
    }
    let mut j = j0;
    for _ in 0..2 {
        let at = |v: &Vec<f32>, y: usize, x: usize| v[y * cols + x];
        let mut cc = vec![0f32; rows * cols];
        let (mut dn, mut ds, mut dw, mut de) = (cc.clone(), cc.clone(), cc.clone(), cc.clone());
        for y in 0..rows {
            for x in 0..cols {
                let jc = at(&j, y, x);
                let n = at(&j, y.saturating_sub(1), x) - jc;
                let s = at(&j, (y + 1).min(rows - 1), x) - jc;
                let w = at(&j, y, x.saturating_sub(1)) - jc;
                let e = at(&j, y, (x + 1).min(cols - 1)) - jc;
                let g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
                let l = (n + s + w + e) / jc;
                let num = (0.5f32 * g2) - ((1.0f32 / 16.0f32) * (l * l));
                let den = 1.0 + (0.25f32 * l);
                let qsqr = num / (den * den);
                let den = (qsqr - q0sqr) / (q0sqr * (1.0 + q0sqr));
                let cv = 1.0f32 / (1.0f32 + den);
                let k = y * cols + x;
                cc[k] = if cv < 0.0 { 0.0 } else if cv > 1.0 { 1.0 } else { cv };
                (dn[k], ds[k], dw[k], de[k]) = (n, s, w, e);
            }
        }
        let mut nj = j.clone();
        for y in 0..rows {
            for x in 0..cols {
                let k = y * cols + x;
                let (cn, cw) = (cc[k], cc[k]);
                let cs = at(&cc, (y + 1).min(rows - 1), x);
                let ce = at(&cc, y, (x + 1).min(cols - 1));
                let d_sum = cn * dn[k] + cs * ds[k] + cw * dw[k] + ce * de[k];
                nj[k] = j[k] + 0.25f32 * lambda * d_sum;
            }
        }
        j = nj;
    }
    let got = c.get_f32(pj);
    c.eq_f32("J", &got[cols..cols + rows * cols], &j)
}

/// k-means assignment: 700 points, 4 features, 5 centres, 2x2 grid of 256-thread blocks;
/// reference: the first nearest centre by the float distance sum, and changed memberships
/// counted per block.
fn kmeans(c: &mut Ctx) -> R {
    let (np, nf, nc) = (700usize, 4usize, 5usize);
    let feat = c.unifs(np * nf, 0.0, 1.0); // [feature][point]
    let clus = c.unifs(nc * nf, 0.0, 1.0);
    let memb: Vec<i32> = (0..np).map(|_| c.below(nc as u32 + 1) as i32 - 1).collect();
    let (pf, pc) = (c.buf_f32(&feat), c.buf_f32(&clus));
    let pm = c.buf_i32(&memb);
    let pbc = c.zeros(4 * nc * nf * 4);
    let pd = c.zeros(4 * 4);
    c.launch("kmeansPoint", [2, 2, 1], [256, 1, 1], &[p(pf), u(nf as u32), u(np as u32), u(nc as u32), p(pm), p(pc), p(pbc), p(pd)])?;
    let mut want = memb.clone();
    let mut deltas = vec![0i32; 4];
    for pt in 0..np {
        let (mut best, mut idx) = (f32::MAX, -1i32);
        for k in 0..nc {
            let mut ans = 0f32;
            for j in 0..nf {
                let d = feat[pt + j * np] - clus[k * nf + j];
                ans += d * d;
            }
            if ans < best {
                best = ans;
                idx = k as i32;
            }
        }
        if memb[pt] != idx {
            deltas[pt / 256] += 1;
        }
        want[pt] = idx;
    }
    c.eq("membership", &c.get_i32(pm), &want)?;
    c.eq("block_deltas", &c.get_i32(pd), &deltas)
}

/// Back-propagation: bpnn_layerforward_CUDA on 64 inputs x 16 hidden units, then
/// bpnn_adjust_weights_cuda; reference: the products, the pairwise tree sums over 16 rows,
/// and the momentum update, in f32.
fn backprop(c: &mut Ctx) -> R {
    let (inp, hid) = (64usize, 16usize);
    let input = c.unifs(inp + 1, 0.0, 1.0);
    let w = c.unifs((inp + 1) * (hid + 1), -1.0, 1.0);
    let (pi_, pw) = (c.buf_f32(&input), c.buf_f32(&w));
    let po = c.zeros((hid + 1) * 4);
    let ps = c.zeros(inp / 16 * hid * 4);
    let grid = [1, (inp / 16) as u32, 1];
    c.launch("bpnn_layerforward_CUDA", grid, [16, 16, 1], &[p(pi_), p(po), p(pw), p(ps), u(inp as u32), u(hid as u32)])?;
    let delta = c.unifs(hid + 1, -0.5, 0.5);
    let ly = c.unifs(inp + 1, 0.0, 1.0);
    let w2 = c.unifs((inp + 1) * (hid + 1), -1.0, 1.0);
    let ow = c.unifs((inp + 1) * (hid + 1), -0.1, 0.1);
    let (pd, pl, pw2, pow) = (c.buf_f32(&delta), c.buf_f32(&ly), c.buf_f32(&w2), c.buf_f32(&ow));
    c.launch("bpnn_adjust_weights_cuda", grid, [16, 16, 1], &[p(pd), u(hid as u32), p(pl), u(inp as u32), p(pw2), p(pow)])?;
    // forward
    let mut wf = w.clone();
    let mut sums = vec![0f32; inp / 16 * hid];
    for by in 0..inp / 16 {
        let mut m = [[0f32; 16]; 16];
        for ty in 0..16 {
            for tx in 0..16 {
                m[ty][tx] = w[(hid + 1) * (16 * by + ty + 1) + tx + 1] * input[16 * by + ty + 1];
            }
        }
        for i_ in 1..=4 {
            let pw_ = 1 << i_;
            for ty in (0..16).step_by(pw_) {
                for tx in 0..16 {
                    m[ty][tx] += m[ty + pw_ / 2][tx];
                }
            }
        }
        for ty in 0..16 {
            for tx in 0..16 {
                wf[(hid + 1) * (16 * by + ty + 1) + tx + 1] = m[ty][tx];
            }
            sums[by * hid + ty] = m[0][ty];
        }
    }
    c.eq_f32("input_hidden (forward)", &c.get_f32(pw), &wf)?;
    c.eq_f32("hidden_partial_sum", &c.get_f32(ps), &sums)?;
    // adjust
    let (mut wa, mut oa) = (w2.clone(), ow.clone());
    for row in 1..=inp {
        for col in 1..=hid {
            let k = (hid + 1) * row + col;
            let v = 0.3f32 * delta[col] * ly[row] + 0.3f32 * ow[k];
            wa[k] += v;
            oa[k] = v;
        }
    }
    for col in 1..=hid {
        let v = 0.3f32 * delta[col] + 0.3f32 * ow[col];
        wa[col] += v;
        oa[col] = v;
    }
    c.eq_f32("w (adjusted)", &c.get_f32(pw2), &wa)?;
    c.eq_f32("oldw", &c.get_f32(pow), &oa)
}

/// LU decomposition: lud_cuda's loop on a 48x48 diagonally dominant matrix; reference: the
/// same blocked algorithm (diagonal block, perimeter, internal update by 16-term sums) in f32.
fn lud(c: &mut Ctx) -> R {
    let n = 48usize;
    let mut a: Vec<f32> = (0..n * n).map(|_| c.unif(-1.0, 1.0)).collect();
    for k in 0..n {
        a[k * n + k] += 48.0;
    }
    let pm = c.buf_f32(&a);
    let mut off = 0;
    while off < n - 16 {
        c.launch("lud_diagonal", [1, 1, 1], [16, 1, 1], &[p(pm), u(n as u32), u(off as u32)])?;
        let nb = ((n - off) / 16 - 1) as u32;
        c.launch("lud_perimeter", [nb, 1, 1], [32, 1, 1], &[p(pm), u(n as u32), u(off as u32)])?;
        c.launch("lud_internal", [nb, nb, 1], [16, 16, 1], &[p(pm), u(n as u32), u(off as u32)])?;
        off += 16;
    }
    c.launch("lud_diagonal", [1, 1, 1], [16, 1, 1], &[p(pm), u(n as u32), u(off as u32)])?;
    // reference
    let m = &mut a;
    let at = |r: usize, cc: usize| r * n + cc;
    let diag = |m: &mut Vec<f32>, o: usize| {
        let mut s = [[0f32; 16]; 16];
        for r in 0..16 {
            for cc in 0..16 {
                s[r][cc] = m[at(o + r, o + cc)];
            }
        }
        for i_ in 0..15 {
            for t in i_ + 1..16 {
                for j in 0..i_ {
                    s[t][i_] -= s[t][j] * s[j][i_];
                }
                s[t][i_] /= s[i_][i_];
            }
            for t in i_ + 1..16 {
                for j in 0..=i_ {
                    s[i_ + 1][t] -= s[i_ + 1][j] * s[j][t];
                }
            }
        }
        for r in 1..16 {
            for cc in 0..16 {
                m[at(o + r, o + cc)] = s[r][cc];
            }
        }
    };
    let mut off = 0;
    while off < n - 16 {
        diag(m, off);
        let nb = (n - off) / 16 - 1;
        for b in 0..nb {
            let mut dia = [[0f32; 16]; 16];
            let (mut pr, mut pc) = ([[0f32; 16]; 16], [[0f32; 16]; 16]);
            for r in 0..16 {
                for cc in 0..16 {
                    dia[r][cc] = m[at(off + r, off + cc)];
                    pr[r][cc] = m[at(off + r, off + (b + 1) * 16 + cc)];
                    pc[r][cc] = m[at(off + (b + 1) * 16 + r, off + cc)];
                }
            }
            for idx in 0..16 {
                for i_ in 1..16 {
                    for j in 0..i_ {
                        pr[i_][idx] -= dia[i_][j] * pr[j][idx];
                    }
                }
                for i_ in 0..16 {
                    for j in 0..i_ {
                        pc[idx][i_] -= pc[idx][j] * dia[j][i_];
                    }
                    pc[idx][i_] /= dia[i_][i_];
                }
            }
            for r in 0..16 {
                for cc in 0..16 {
                    if r > 0 {
                        m[at(off + r, off + (b + 1) * 16 + cc)] = pr[r][cc];
                    }
                    m[at(off + (b + 1) * 16 + r, off + cc)] = pc[r][cc];
                }
            }
        }
        let old = m.clone();
        for by in 0..nb {
            for bx in 0..nb {
                let (gr, gc) = (off + (by + 1) * 16, off + (bx + 1) * 16);
                for ty in 0..16 {
                    for tx in 0..16 {
                        let mut sum = 0f32;
                        for i_ in 0..16 {
                            sum += old[at(gr + ty, off + i_)] * old[at(off + i_, gc + tx)];
                        }
                        m[at(gr + ty, gc + tx)] -= sum;
                    }
                }
            }
        }
        off += 16;
    }
    diag(m, off);
    let want = m.clone();
    c.eq_f32("m", &c.get_f32(pm), &want)
}

/// Gaussian elimination: the Fan1/Fan2 loop of gaussian.cu on a 20x20 system (Fan1 in blocks
/// of 256: the original MAXBLOCKSIZE 512 needs 9,216 registers, more than the G80's 8,192);
/// reference: the multipliers and row updates in f32.
fn gaussian(c: &mut Ctx) -> R {
    let n = 20usize;
    let mut a: Vec<f32> = (0..n * n).map(|_| c.unif(-1.0, 1.0)).collect();
    for k in 0..n {
        a[k * n + k] += 20.0;
    }
    let mut b = c.unifs(n, -1.0, 1.0);
    let (pm, pa, pb) = (c.zeros(n * n * 4), c.buf_f32(&a), c.buf_f32(&b));
    let g2 = (n as u32).div_ceil(4);
    for t in 0..n - 1 {
        c.launch("Fan1", [(n as u32).div_ceil(256), 1, 1], [256, 1, 1], &[p(pm), p(pa), u(n as u32), u(t as u32)])?;
        c.launch("Fan2", [g2, g2, 1], [4, 4, 1], &[p(pm), p(pa), p(pb), u(n as u32), u((n - t) as u32), u(t as u32)])?;
    }
    let mut m = vec![0f32; n * n];
    for t in 0..n - 1 {
        for r in t + 1..n {
            m[r * n + t] = a[r * n + t] / a[t * n + t];
        }
        for r in t + 1..n {
            for cc in t..n {
                a[r * n + cc] -= m[r * n + t] * a[t * n + cc];
            }
            b[r] -= m[r * n + t] * b[t];
        }
    }
    c.eq_f32("m", &c.get_f32(pm), &m)?;
    c.eq_f32("a", &c.get_f32(pa), &a)?;
    c.eq_f32("b", &c.get_f32(pb), &b)
}

/// Nearest neighbour: euclid on 1000 records (a 2x2 grid of 256-thread blocks); reference:
/// sqrt of the f32 sum of squares, correctly rounded.
fn nn(c: &mut Ctx) -> R {
    let n = 1000usize;
    let ll: Vec<f32> = (0..2 * n).map(|k| if k % 2 == 0 { c.unif(0.0, 90.0) } else { c.unif(0.0, 180.0) }).collect();
    let (lat, lng) = (30.0f32, 90.0f32);
    let (pl, pd) = (c.buf_f32(&ll), c.zeros(n * 4));
    c.launch("euclid", [2, 2, 1], [256, 1, 1], &[p(pl), p(pd), u(n as u32), f(lat), f(lng)])?;
    let want: Vec<f32> = (0..n).map(|k| ((lat - ll[2 * k]) * (lat - ll[2 * k]) + (lng - ll[2 * k + 1]) * (lng - ll[2 * k + 1])).sqrt()).collect();
    c.eq_f32("distances", &c.get_f32(pd), &want)
}

// ----- CUDA samples -----

/// Black-Scholes: 512 options (two per thread, 128-thread blocks), the sample's ranges
/// (S 5..30, X 1..100, T 0.25..10, R 0.02, V 0.30); reference: the same f32 operations with
/// exact ex2 / lg2 / rsqrt / division where the kernel has the .approx ones.
fn black_scholes(c: &mut Ctx) -> R {
    let n = 512usize;
    let s = c.unifs(n, 5.0, 30.0);
    let x = c.unifs(n, 1.0, 100.0);
    let t = c.unifs(n, 0.25, 10.0);
    let (rr, vv) = (0.02f32, 0.30f32);
    let (pc, pp) = (c.zeros(n * 4), c.zeros(n * 4));
    // as float2 arrays, thread k prices options 2k (.x) and 2k + 1 (.y): the host order
    let (ps, px, pt) = (c.buf_f32(&s), c.buf_f32(&x), c.buf_f32(&t));
    c.launch("BlackScholesGPU", [2, 1, 1], [128, 1, 1], &[p(pc), p(pp), p(ps), p(px), p(pt), f(rr), f(vv), u(n as u32)])?;
    let cnd = |d: f32| -> f32 {
        let (a1, a2, a3, a4, a5) = (0.319_381_53f32, -0.356_563_782f32, 1.781_477_937f32, -1.821_255_978f32, 1.330_274_429f32);
        let rsqrt2pi = 0.398_942_280_401_432_677_939_946_059_934_38f32;
        let k = fdiv(1.0, 1.0 + 0.231_641_9f32 * d.abs());
        let mut cnd = rsqrt2pi * expf_(-0.5f32 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
        if d > 0.0 {
            cnd = 1.0 - cnd;
        }
        cnd
    };
    let (mut wc, mut wp) = (vec![0f32; n], vec![0f32; n]);
    for o in 0..n {
        let (s_, x_, t_) = (s[o], x[o], t[o]);
        let sqrt_t = fdiv(1.0, rsq(t_));
        let d1 = fdiv(logf_(s_ / x_) + (rr + 0.5f32 * vv * vv) * t_, vv * sqrt_t);
        let d2 = d1 - vv * sqrt_t;
        let (c1, c2) = (cnd(d1), cnd(d2));
        let exp_rt = expf_(-rr * t_);
        wc[o] = s_ * c1 - x_ * exp_rt * c2;
        wp[o] = x_ * exp_rt * (1.0 - c2) - s_ * (1.0 - c1);
    }
    let (gc, gp) = (c.get_f32(pc), c.get_f32(pp));
    c.near_f32("call", &gc, &wc, 8.0, 32.0, &|_| false)?;
    c.near_f32("put", &gp, &wp, 8.0, 32.0, &|_| false)
}

/// Separable convolution: rows then columns on a 128x64 image with a 17-tap filter in the
/// __constant__ c_Kernel; reference: the 17-term sums in f32 with zero outside the image.
fn convolution(c: &mut Ctx) -> R {
    let (w, h) = (128usize, 64usize);
    let img = c.unifs(w * h, 0.0, 1.0);
    let k = c.unifs(17, 0.0, 0.2);
    let cbank: Vec<u8> = k.iter().flat_map(|v| v.to_bits().to_le_bytes()).collect();
    let ck = [("c_Kernel", cbank)];
    let (ps, pt, pd) = (c.buf_f32(&img), c.zeros(w * h * 4), c.zeros(w * h * 4));
    let a = |d: u32, s: u32| [p(d), p(s), u(w as u32), u(h as u32), u(w as u32)];
    c.launch_full("convolutionRowsKernel", [(w / 128) as u32, (h / 4) as u32, 1], [16, 4, 1], &a(pt, ps), &ck, 0)?;
    c.launch_full("convolutionColumnsKernel", [(w / 16) as u32, (h / 64) as u32, 1], [16, 8, 1], &a(pd, pt), &ck, 0)?;
    let mut rows = vec![0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let mut sum = 0f32;
            for j in -8i64..=8 {
                let xx = x as i64 + j;
                let v = if xx >= 0 && xx < w as i64 { img[y * w + xx as usize] } else { 0.0 };
                sum += k[(8 - j) as usize] * v;
            }
            rows[y * w + x] = sum;
        }
    }
    let mut cols = vec![0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let mut sum = 0f32;
            for j in -8i64..=8 {
                let yy = y as i64 + j;
                let v = if yy >= 0 && yy < h as i64 { rows[yy as usize * w + x] } else { 0.0 };
                sum += k[(8 - j) as usize] * v;
            }
            cols[y * w + x] = sum;
        }
    }
    c.eq_f32("rows", &c.get_f32(pt), &rows)?;
    c.eq_f32("columns", &c.get_f32(pd), &cols)
}

/// Fast Walsh transform: fwtBatchGPU on 8192 points (one fwtBatch2Kernel pass, then
/// fwtBatch1Kernel on 4 blocks of 2048); integer-valued inputs keep every sum exact, so the
/// reference is the exact integer transform (out[k] = sum_j x[j] (-1)^popc(j & k)).
fn fwt(c: &mut Ctx) -> R {
    let log2n = 13u32;
    let n = 1usize << log2n;
    let x: Vec<i64> = (0..n).map(|_| c.below(17) as i64 - 8).collect();
    let xf: Vec<f32> = x.iter().map(|&v| v as f32).collect();
    let pd = c.buf_f32(&xf);
    c.launch("fwtBatch2Kernel", [(n / (4 * 256)) as u32, 1, 1], [256, 1, 1], &[p(pd), p(pd), i((n / 4) as i32)])?;
    c.launch("fwtBatch1Kernel", [4, 1, 1], [512, 1, 1], &[p(pd), p(pd), i(11)])?;
    let mut y = x;
    let mut hlf = 1;
    while hlf < n {
        for b in (0..n).step_by(2 * hlf) {
            for j in b..b + hlf {
                let (a, d) = (y[j], y[j + hlf]);
                y[j] = a + d;
                y[j + hlf] = a - d;
            }
        }
        hlf *= 2;
    }
    let want: Vec<f32> = y.iter().map(|&v| v as f32).collect();
    c.eq_f32("data", &c.get_f32(pd), &want)
}

/// 256-bin histogram: 16 blocks of 192 threads over 10000 words, then the merge (256 blocks);
/// reference: byte counts.
fn histogram256(c: &mut Ctx) -> R {
    let n = 10000usize;
    let data: Vec<u32> = (0..n).map(|_| c.rng.next_u32()).collect();
    let pd = c.buf_u32(&data);
    let pp = c.zeros(16 * 256 * 4);
    let ph = c.zeros(256 * 4);
    c.launch("histogram256Kernel", [16, 1, 1], [192, 1, 1], &[p(pp), p(pd), u(n as u32)])?;
    c.launch("mergeHistogram256Kernel", [256, 1, 1], [256, 1, 1], &[p(ph), p(pp), u(16)])?;
    let mut want = vec![0u32; 256];
    for w in &data {
        for b in w.to_le_bytes() {
            want[b as usize] += 1;
        }
    }
    c.eq("histogram", &c.get_u32(ph), &want)
}

/// 64-bin histogram: histogram64() on 40000 bytes (3 partial histograms of 64-thread blocks,
/// each thread counting at most 255 bytes), then the merge; reference: counts of byte >> 2.
fn histogram64(c: &mut Ctx) -> R {
    let bytes = 40000usize;
    let data: Vec<u8> = (0..bytes).map(|_| c.rng.next_u32() as u8).collect();
    let count = bytes.div_ceil(64 * 240) as u32;
    let pd = c.buf_bytes(data.clone());
    let pp = c.zeros(count as usize * 64 * 4);
    let ph = c.zeros(64 * 4);
    c.launch("histogram64Kernel", [count, 1, 1], [64, 1, 1], &[p(pp), p(pd), u((bytes / 16) as u32)])?;
    c.launch("mergeHistogram64Kernel", [64, 1, 1], [256, 1, 1], &[p(ph), p(pp), u(count)])?;
    let mut want = vec![0u32; 64];
    for b in &data {
        want[(b >> 2) as usize] += 1;
    }
    c.eq("histogram", &c.get_u32(ph), &want)
}

/// Moro's inverse CND: inverseCNDKernel on 5000 evenly spaced samples (d_Input NULL) and on
/// 5000 given ones; reference: the same f32 operations (the central branch is compared bit
/// for bit; the tail, which has __logf, within a tolerance).
fn inverse_cnd(c: &mut Ctx) -> R {
    let n = 5000u32;
    let moro = |x0: u32| -> (f32, bool) {
        let (a1, a2, a3, a4) = (2.506_628_238_84f32, -18.615_000_625_29f32, 41.391_197_735_34f32, -25.441_060_496_37f32);
        let (b1, b2, b3, b4) = (-8.473_510_930_9f32, 23.083_367_437_43f32, -21.062_241_018_26f32, 3.130_829_098_33f32);
        let (c1, c2, c3, c4, c5) = (0.337_475_482_272_615f32, 0.976_169_019_091_719f32, 0.160_797_971_491_821f32, 2.764_388_103_338_63E-02f32, 3.840_572_937_360_9E-03f32);
        let (c6, c7, c8, c9) = (3.951_896_511_919E-04f32, 3.217_678_817_68E-05f32, 2.888_167_364E-07f32, 3.960_315_187E-07f32);
        let (mut x, mut neg) = (x0, false);
        if x >= 0x8000_0000 {
            x = 0xffff_ffff - x;
            neg = true;
        }
        let x1 = 1.0f32 / 4294967295u32 as f32;
        let x2 = x1 / 2.0;
        let p1 = x as f32 * x1 + x2;
        let p2 = p1 - 0.5;
        let (z, central) = if p2 > -0.42 {
            let z = p2 * p2;
            (p2 * (((a4 * z + a3) * z + a2) * z + a1) / ((((b4 * z + b3) * z + b2) * z + b1) * z + 1.0), true)
        } else {
            let z = logf_(-logf_(p1));
            (-(c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * (c6 + z * (c7 + z * (c8 + z * c9)))))))), false)
        };
        (if neg { -z } else { z }, central)
    };
    let po = c.zeros(n as usize * 4);
    c.launch("inverseCNDKernel", [8, 1, 1], [128, 1, 1], &[p(po), Arg::U64(0), u(n)])?;
    let dist = u32::MAX / (n + 1);
    let (want, cen): (Vec<f32>, Vec<bool>) = (0..n).map(|k| moro((k + 1) * dist)).unzip();
    c.near_f32("evenly spaced", &c.get_f32(po), &want, 8.0, 0.0, &|j| cen[j])?;
    let input: Vec<u32> = (0..n).map(|_| c.rng.next_u32()).collect();
    let (pi_, po2) = (c.buf_u32(&input), c.zeros(n as usize * 4));
    c.launch("inverseCNDKernel", [8, 1, 1], [128, 1, 1], &[p(po2), p(pi_), u(n)])?;
    let (want, cen): (Vec<f32>, Vec<bool>) = input.iter().map(|&d| moro(d)).unzip();
    c.near_f32("given samples", &c.get_f32(po2), &want, 8.0, 0.0, &|j| cen[j])
}

/// matrixMul: MatrixMulCUDA<16> on 32x32 matrices (2x2 blocks of 16x16); reference: the
/// dot products summed in k order in f32.
fn matrix_mul(c: &mut Ctx) -> R {
    let n = 32usize;
    let a = c.unifs(n * n, -1.0, 1.0);
    let b = c.unifs(n * n, -1.0, 1.0);
    let (pc, pa, pb) = (c.zeros(n * n * 4), c.buf_f32(&a), c.buf_f32(&b));
    c.launch("_Z13MatrixMulCUDAILi16EEvPfS0_S0_ii", [2, 2, 1], [16, 16, 1], &[p(pc), p(pa), p(pb), u(n as u32), u(n as u32)])?;
    let want: Vec<f32> = (0..n * n)
        .map(|k| {
            let (r, cc) = (k / n, k % n);
            let mut s = 0f32;
            for j in 0..n {
                s += a[r * n + j] * b[j * n + cc];
            }
            s
        })
        .collect();
    c.eq_f32("C", &c.get_f32(pc), &want)
}

/// Merge sort: mergeSortSharedKernel on 4 arrays of 256 keys (with duplicates), then
/// generateSampleRanksKernel at stride 256; reference: a stable sort per array, and the
/// sample ranks by counting (exclusive for A's samples in B, inclusive for B's in A).
fn merge_sort(c: &mut Ctx) -> R {
    let n = 1024usize;
    let keys: Vec<u32> = (0..n).map(|_| c.below(200)).collect();
    let vals: Vec<u32> = (0..n as u32).collect();
    let (pk, pv) = (c.buf_u32(&keys), c.buf_u32(&vals));
    let (dk, dv) = (c.zeros(n * 4), c.zeros(n * 4));
    c.launch("mergeSortSharedKernel", [4, 1, 1], [128, 1, 1], &[p(dk), p(dv), p(pk), p(pv), u(256)])?;
    let mut pairs: Vec<(u32, u32)> = keys.iter().copied().zip(vals.iter().copied()).collect();
    for ch in pairs.chunks_mut(256) {
        ch.sort_by_key(|x| x.0); // stable
    }
    let (wk, wv): (Vec<u32>, Vec<u32>) = pairs.iter().copied().unzip();
    c.eq("keys", &c.get_u32(dk), &wk)?;
    c.eq("values", &c.get_u32(dv), &wv)?;
    let (ra, rb) = (c.zeros(n / 128 * 4), c.zeros(n / 128 * 4));
    c.launch("generateSampleRanksKernel", [1, 1, 1], [256, 1, 1], &[p(ra), p(rb), p(dk), u(256), u(n as u32), u(4)])?;
    let (mut wa, mut wb) = (vec![0u32; n / 128], vec![0u32; n / 128]);
    for pair in 0..2 {
        let base = pair * 512;
        let (a, b) = (&wk[base..base + 256], &wk[base + 256..base + 512]);
        for s in 0..2 {
            wa[pair * 4 + s] = (s * 128) as u32;
            wb[pair * 4 + s] = b.iter().filter(|&&v| v < a[s * 128]).count() as u32;
            wb[pair * 4 + 2 + s] = (s * 128) as u32;
            wa[pair * 4 + 2 + s] = a.iter().filter(|&&v| v <= b[s * 128]).count() as u32;
        }
    }
    c.eq("ranksA", &c.get_u32(ra), &wa)?;
    c.eq("ranksB", &c.get_u32(rb), &wb)
}

/// n-body: one integrateBodies step for 128 bodies (two 64-thread blocks, two tiles);
/// reference: the same f32 operations with an exact 1/sqrt for rsqrtf.
fn nbody(c: &mut Ctx) -> R {
    let nb = 128usize;
    let mut pos = vec![];
    for _ in 0..nb {
        let v = [c.unif(-1.0, 1.0), c.unif(-1.0, 1.0), c.unif(-1.0, 1.0), c.unif(0.5, 1.0)];
        pos.extend(v);
    }
    let mut vel = vec![];
    for _ in 0..nb {
        vel.extend([c.unif(-0.1, 0.1), c.unif(-0.1, 0.1), c.unif(-0.1, 0.1), 1.0]);
    }
    let (dt, damp, soft) = (0.01f32, 0.995f32, 0.001_25f32);
    let (pold, pnew, pvel) = (c.buf_f32(&pos), c.zeros(nb * 16), c.buf_f32(&vel));
    c.launch("integrateBodies", [2, 1, 1], [64, 1, 1], &[p(pnew), p(pold), p(pvel), u(0), u(nb as u32), f(dt), f(damp), i(2), f(soft)])?;
    let (mut wp, mut wv) = (pos.clone(), vel.clone());
    for b in 0..nb {
        let bi = &pos[4 * b..4 * b + 4];
        let mut acc = [0f32; 3];
        for j in 0..nb {
            let bj = &pos[4 * j..4 * j + 4];
            let r = [bj[0] - bi[0], bj[1] - bi[1], bj[2] - bi[2]];
            let mut d = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
            d += soft;
            let inv = rsq(d);
            let cube = inv * inv * inv;
            let s = bj[3] * cube;
            for k in 0..3 {
                acc[k] += r[k] * s;
            }
        }
        for k in 0..3 {
            wv[4 * b + k] = vel[4 * b + k] + acc[k] * dt;
            wv[4 * b + k] *= damp;
            wp[4 * b + k] = pos[4 * b + k] + wv[4 * b + k] * dt;
        }
    }
    // accelerations are sums of up to ~10^3-sized terms of both signs: the tolerance is in
    // ulps of max(|x|, 1) on the velocity (~0.1..10) and position (~1)
    let (gp, gv) = (c.get_f32(pnew), c.get_f32(pvel));
    c.near_f32("newPos", &gp, &wp, 4.0, 1.0, &|j| j % 4 == 3)?;
    c.near_f32("vel", &gv, &wv, 8.0, 1.0, &|j| j % 4 == 3)
}

/// Odd-even merge sort: 4 arrays of 256 distinct keys, ascending and then descending;
/// reference: sorted key/value pairs.
fn odd_even_merge_sort(c: &mut Ctx) -> R {
    let n = 1024usize;
    let mut keys: Vec<u32> = vec![];
    let mut seen = BTreeSet::new();
    while keys.len() < n {
        let k = c.rng.next_u32();
        if seen.insert(k) {
            keys.push(k);
        }
    }
    let vals: Vec<u32> = (0..n as u32).collect();
    let (pk, pv) = (c.buf_u32(&keys), c.buf_u32(&vals));
    for dir in [1u32, 0] {
        let (dk, dv) = (c.zeros(n * 4), c.zeros(n * 4));
        c.launch("oddEvenMergeSortShared", [4, 1, 1], [128, 1, 1], &[p(dk), p(dv), p(pk), p(pv), u(256), u(dir)])?;
        let mut pairs: Vec<(u32, u32)> = keys.iter().copied().zip(vals.iter().copied()).collect();
        for ch in pairs.chunks_mut(256) {
            ch.sort();
            if dir == 0 {
                ch.reverse();
            }
        }
        let (wk, wv): (Vec<u32>, Vec<u32>) = pairs.into_iter().unzip();
        c.eq(if dir == 1 { "keys (ascending)" } else { "keys (descending)" }, &c.get_u32(dk), &wk)?;
        c.eq("values", &c.get_u32(dv), &wv)?;
    }
    Ok(())
}

/// reduction: reduce1<int> and reduce3<int> on 1000 integers with 128-thread blocks and 512
/// bytes of dynamic shared memory; reference: the block sums.
fn reduction(c: &mut Ctx) -> R {
    let n = 1000usize;
    let x: Vec<i32> = (0..n).map(|_| c.below(2001) as i32 - 1000).collect();
    let pi_ = c.buf_i32(&x);
    let (o1, o3) = (c.zeros(8 * 4), c.zeros(4 * 4));
    c.launch_full("reduce1_int", [8, 1, 1], [128, 1, 1], &[p(pi_), p(o1), u(n as u32)], &[], 128 * 4)?;
    c.launch_full("reduce3_int", [4, 1, 1], [128, 1, 1], &[p(pi_), p(o3), u(n as u32)], &[], 128 * 4)?;
    let s1: Vec<i32> = x.chunks(128).map(|ch| ch.iter().sum()).collect();
    let s3: Vec<i32> = x.chunks(256).map(|ch| ch.iter().sum()).collect();
    c.eq("reduce1 sums", &c.get_i32(o1), &s1)?;
    c.eq("reduce3 sums", &c.get_i32(o3), &s3)
}

/// Scalar products: 16 vector pairs of 2048 elements, 8 blocks of 256 threads; reference:
/// the 1024 strided partial sums and the tree, in f32.
fn scalar_prod(c: &mut Ctx) -> R {
    let (vn, en) = (16usize, 2048usize);
    let a = c.unifs(vn * en, -1.0, 1.0);
    let b = c.unifs(vn * en, -1.0, 1.0);
    let (pc, pa, pb) = (c.zeros(vn * 4), c.buf_f32(&a), c.buf_f32(&b));
    c.launch("scalarProdGPU", [8, 1, 1], [256, 1, 1], &[p(pc), p(pa), p(pb), u(vn as u32), u(en as u32)])?;
    let want: Vec<f32> = (0..vn)
        .map(|v| {
            let mut acc = vec![0f32; 1024];
            for (k, s) in acc.iter_mut().enumerate() {
                let mut pos = v * en + k;
                while pos < (v + 1) * en {
                    *s += a[pos] * b[pos];
                    pos += 1024;
                }
            }
            let mut st = 512;
            while st > 0 {
                for k in 0..st {
                    acc[k] += acc[st + k];
                }
                st /= 2;
            }
            acc[0]
        })
        .collect();
    c.eq_f32("C", &c.get_f32(pc), &want)
}

/// Scan: scanExclusiveLarge on 2 arrays of 2048 (three kernels); reference: exclusive
/// prefix sums per array.
fn scan(c: &mut Ctx) -> R {
    let (batch, len) = (2usize, 2048usize);
    let n = batch * len;
    let x: Vec<u32> = (0..n).map(|_| c.below(1000)).collect();
    let (ps, pd, pb) = (c.buf_u32(&x), c.zeros(n * 4), c.zeros(n / 1024 * 4));
    let blocks = (n / 1024) as u32;
    c.launch("scanExclusiveShared", [blocks, 1, 1], [256, 1, 1], &[p(pd), p(ps), u(1024)])?;
    c.launch("scanExclusiveShared2", [blocks.div_ceil(256), 1, 1], [256, 1, 1], &[p(pb), p(pd), p(ps), u(blocks), u((len / 1024) as u32)])?;
    c.launch("uniformUpdate", [blocks, 1, 1], [256, 1, 1], &[p(pd), p(pb)])?;
    let mut want = vec![0u32; n];
    for b in 0..batch {
        let mut s = 0u32;
        for k in 0..len {
            want[b * len + k] = s;
            s = s.wrapping_add(x[b * len + k]);
        }
    }
    c.eq("dst", &c.get_u32(pd), &want)
}

/// simpleAtomicIntrinsics: testKernel with 64 threads (2 blocks of 32) on the sample's
/// initial values; reference: the order-independent results (add, sub, max, min, inc, dec,
/// and, or, xor; exch gives some thread's id) and, for cas, the chain in thread order (the
/// golden SM applies atomics lane by lane, CTA by CTA).
fn atomics(c: &mut Ctx) -> R {
    let n = 64u32;
    let mut init = vec![0i32; 11];
    init[8] = 0xff;
    init[10] = 0xff;
    let pd = c.buf_i32(&init);
    c.launch("testKernel", [2, 1, 1], [32, 1, 1], &[p(pd)])?;
    let got = c.get_i32(pd);
    let mut want = vec![0i32; 11];
    want[0] = 10 * n as i32;
    want[1] = -10 * n as i32;
    want[2] = got[2];
    if !(0..n as i32).contains(&got[2]) {
        return Err(Fail::Mismatch(format!("g_odata[2] (exch): {} is no thread id", got[2])));
    }
    want[3] = n as i32 - 1;
    want[4] = 0;
    let (mut inc, mut dec) = (0u32, 0u32);
    for _ in 0..n {
        inc = if inc >= 17 { 0 } else { inc + 1 };
        dec = if dec == 0 || dec > 137 { 137 } else { dec - 1 };
    }
    want[5] = inc as i32;
    want[6] = dec as i32;
    let mut cas = 0i32;
    for t in 0..n as i32 {
        if cas == t - 1 {
            cas = t;
        }
    }
    want[7] = cas;
    want[8] = (0..n as i32).fold(0xff, |a, t| a & (2 * t + 7));
    want[9] = (0..n).fold(0i32, |a, t| a | if t < 32 { 1 << t } else { 0 });
    want[10] = (0..n as i32).fold(0xff, |a, t| a ^ t);
    c.eq("g_odata", &got, &want)
}

/// Sobol: sobolGPU_kernel for 1000 vectors in 4 dimensions (grid 4x4 of 64 threads) with
/// random direction numbers; reference: X(i) = xor of v[b] over the set bits b of the Gray
/// code i ^ (i >> 1), times 2^-32.
fn sobol(c: &mut Ctx) -> R {
    let (nv, nd) = (1000usize, 4usize);
    let dirs: Vec<u32> = (0..32 * nd).map(|_| c.rng.next_u32()).collect();
    let (pd, po) = (c.buf_u32(&dirs), c.zeros(nv * nd * 4));
    c.launch("sobolGPU_kernel", [4, nd as u32, 1], [64, 1, 1], &[u(nv as u32), u(nd as u32), p(pd), p(po)])?;
    let mut want = vec![0f32; nv * nd];
    for d in 0..nd {
        for k in 0..nv {
            let g = k ^ (k >> 1);
            let x = (0..32).filter(|b| g >> b & 1 == 1).fold(0u32, |a, b| a ^ dirs[d * 32 + b]);
            want[d * nv + k] = x as f32 * 2.328_306_4E-10_f32;
        }
    }
    c.eq_f32("output", &c.get_f32(po), &want)
}

/// threadFenceReduction: reduceSinglePass on 5000 floats with 8 blocks of 128; reference: each
/// block's sequential partial sums, the 32-lane warp-synchronous tree, the sum of the warps'
/// results, and the last block's sum of the block results, in f32.
fn thread_fence_reduction(c: &mut Ctx) -> R {
    let (n, blocks, bs) = (5000usize, 8usize, 128usize);
    let x = c.unifs(n, 0.0, 1.0);
    let (pi_, po) = (c.buf_f32(&x), c.zeros(blocks * 4));
    c.launch("reduceSinglePass", [blocks as u32, 1, 1], [bs as u32, 1, 1], &[p(pi_), p(po), u(n as u32)])?;
    let reduce_block = |v: &[f32]| -> f32 {
        let mut s = v.to_vec();
        for w in 0..bs / 32 {
            let mut half = 16;
            while half > 0 {
                let old = s.clone();
                for l in 0..half {
                    s[w * 32 + l] = old[w * 32 + l] + old[w * 32 + l + half];
                }
                half /= 2;
            }
        }
        let mut beta = 0f32;
        for w in 0..bs / 32 {
            beta += s[w * 32];
        }
        beta
    };
    let mut partial = vec![0f32; blocks];
    for (b, pb) in partial.iter_mut().enumerate() {
        let sums: Vec<f32> = (0..bs)
            .map(|t| {
                let mut s = 0f32;
                let mut i_ = b * bs * 2 + t;
                while i_ < n {
                    s += x[i_];
                    if i_ + bs < n {
                        s += x[i_ + bs];
                    }
                    i_ += bs * 2 * blocks;
                }
                s
            })
            .collect();
        *pb = reduce_block(&sums);
    }
    let last: Vec<f32> = (0..bs).map(|t| if t < blocks { 0f32 + partial[t] } else { 0.0 }).collect();
    let mut want = partial.clone();
    want[0] = reduce_block(&last);
    c.eq_f32("g_odata", &c.get_f32(po), &want)
}

/// Diagonal transpose: 64x64 (the square mapping) and 96x64 (the general one), blocks of
/// 32x16 threads; reference: the transpose.
fn transpose_diagonal(c: &mut Ctx) -> R {
    for (w, h) in [(64usize, 64usize), (96, 64)] {
        let a: Vec<f32> = c.unifs(w * h, -100.0, 100.0);
        let (pi_, po) = (c.buf_f32(&a), c.zeros(w * h * 4));
        c.launch("transposeDiagonal", [(w / 32) as u32, (h / 32) as u32, 1], [32, 16, 1], &[p(po), p(pi_), u(w as u32), u(h as u32)])?;
        let mut want = vec![0f32; w * h];
        for y in 0..h {
            for x in 0..w {
                want[x * h + y] = a[y * w + x];
            }
        }
        c.eq_f32(&format!("odata {w}x{h}"), &c.get_f32(po), &want)?;
    }
    Ok(())
}

// ----- Parboil -----

/// MRI-Q: ComputePhiMag_GPU on 257 k-space samples (an odd count: the kernel's first-sample
/// branch), then ComputeQ_GPU for 512 voxels with the (Kx, Ky, Kz, |phi|^2) tile; reference:
/// |phi|^2 bit for bit, and Q with exact sin and cos in place of the SFU's (tolerance in ulps of
/// the sum of the |phi|^2, the scale of the sums).
fn mriq(c: &mut Ctx) -> R {
    let (nk, nx) = (257usize, 512usize);
    let phr = c.unifs(nk, -1.0, 1.0);
    let phi = c.unifs(nk, -1.0, 1.0);
    let (pr, pi_, pm) = (c.buf_f32(&phr), c.buf_f32(&phi), c.zeros(nk * 4));
    c.launch("ComputePhiMag_GPU", [1, 1, 1], [512, 1, 1], &[p(pr), p(pi_), p(pm), u(nk as u32)])?;
    let mag: Vec<f32> = (0..nk).map(|k| phr[k] * phr[k] + phi[k] * phi[k]).collect();
    c.eq_f32("phiMag", &c.get_f32(pm), &mag)?;
    let kx = c.unifs(nk, -0.5, 0.5);
    let ky = c.unifs(nk, -0.5, 0.5);
    let kz = c.unifs(nk, -0.5, 0.5);
    let kv: Vec<f32> = (0..nk).flat_map(|k| [kx[k], ky[k], kz[k], mag[k]]).collect();
    let (x, y, z) = (c.unifs(nx, -2.0, 2.0), c.unifs(nx, -2.0, 2.0), c.unifs(nx, -2.0, 2.0));
    let (px, py, pz) = (c.buf_f32(&x), c.buf_f32(&y), c.buf_f32(&z));
    let (pqr, pqi, pk) = (c.zeros(nx * 4), c.zeros(nx * 4), c.buf_f32(&kv));
    c.launch("ComputeQ_GPU", [(nx / 256) as u32, 1, 1], [256, 1, 1], &[u(nk as u32), u(0), p(px), p(py), p(pz), p(pqr), p(pqi), p(pk)])?;
    let pix2 = 6.283_185_307_179_586_476_925_286_766_559_005_8f32;
    let (mut qr, mut qi) = (vec![0f32; nx], vec![0f32; nx]);
    for v in 0..nx {
        for k in 0..nk {
            let arg = pix2 * (kx[k] * x[v] + ky[k] * y[v] + kz[k] * z[v]);
            qr[v] += mag[k] * cos_(arg);
            qi[v] += mag[k] * sin_(arg);
        }
    }
    let scale: f64 = mag.iter().map(|&m| m as f64).sum();
    let (gr, gi) = (c.get_f32(pqr), c.get_f32(pqi));
    c.near_f32("Qr", &gr, &qr, 8.0, scale, &|_| false)?;
    c.near_f32("Qi", &gi, &qi, 8.0, scale, &|_| false)
}

/// SGEMM: mysgemmNT with m = 128, n = 32, k = 32 (A column-major m x k, B n x k, C m x n),
/// alpha 1.5, beta 0.5; reference: C = C * beta + alpha * (sum over k in order), in f32.
fn sgemm(c: &mut Ctx) -> R {
    let (m, n, k) = (128usize, 32usize, 32usize);
    let a = c.unifs(m * k, -1.0, 1.0);
    let b = c.unifs(n * k, -1.0, 1.0);
    let c0 = c.unifs(m * n, -1.0, 1.0);
    let (alpha, beta) = (1.5f32, 0.5f32);
    let (pa, pb, pc) = (c.buf_f32(&a), c.buf_f32(&b), c.buf_f32(&c0));
    let args = [p(pa), u(m as u32), p(pb), u(n as u32), p(pc), u(m as u32), u(k as u32), f(alpha), f(beta)];
    c.launch("mysgemmNT", [(m / 128) as u32, (n / 16) as u32, 1], [16, 8, 1], &args)?;
    let mut want = c0.clone();
    for col in 0..n {
        for row in 0..m {
            let mut s = 0f32;
            for kk in 0..k {
                s += a[row + kk * m] * b[col + kk * n];
            }
            want[row + col * m] = c0[row + col * m] * beta + alpha * s;
        }
    }
    c.eq_f32("C", &c.get_f32(pc), &want)
}

/// 7-point stencil: two naive_kernel sweeps on a 32x16x8 grid (buffers swapped, the boundary
/// kept); reference: (sum of the 6 neighbours) * c1 - centre * c0 in f32.
fn stencil3d(c: &mut Ctx) -> R {
    let (nx, ny, nz) = (32usize, 16usize, 8usize);
    let a0 = c.unifs(nx * ny * nz, 0.0, 1.0);
    let (c0, c1) = (1.0f32 / 6.0, 1.0f32 / 6.0 / 6.0);
    let bufs = [c.buf_f32(&a0), c.buf_f32(&a0)];
    for it in 0..2 {
        let (src, dst) = (bufs[it % 2], bufs[1 - it % 2]);
        c.launch("naive_kernel", [(ny - 2) as u32, (nz - 2) as u32, 1], [(nx - 1) as u32, 1, 1], &[f(c0), f(c1), p(src), p(dst), u(nx as u32), u(ny as u32), u(nz as u32)])?;
    }
    let idx = |i_: usize, j: usize, k: usize| i_ + nx * (j + ny * k);
    let mut cur = a0.clone();
    let mut next = a0.clone();
    for _ in 0..2 {
        for k in 1..nz - 1 {
            for j in 1..ny - 1 {
                for i_ in 1..nx - 1 {
                    let s = cur[idx(i_, j, k + 1)] + cur[idx(i_, j, k - 1)] + cur[idx(i_, j + 1, k)] + cur[idx(i_, j - 1, k)] + cur[idx(i_ + 1, j, k)] + cur[idx(i_ - 1, j, k)];
                    next[idx(i_, j, k)] = s * c1 - cur[idx(i_, j, k)] * c0;
                }
            }
        }
        std::mem::swap(&mut cur, &mut next);
    }
    c.eq_f32("A (after 2 sweeps)", &c.get_f32(bufs[0]), &cur)
}

// ----- SHOC -----

/// MD: compute_lj_force for 256 atoms on a jittered lattice (spacing 1, so no pair is
/// closer than 0.4), 16 random neighbours each, SHOC's cutsq 16, lj1 1.5, lj2 2; reference: the
/// f32 force sums.
fn md(c: &mut Ctx) -> R {
    let (na, nn_) = (256usize, 16usize);
    let mut pos = vec![];
    for k in 0..na {
        let (x, y, z) = ((k % 8) as f64, (k / 8 % 8) as f64, (k / 64) as f64);
        pos.extend([c.unif(x, x + 0.3), c.unif(y, y + 0.3), c.unif(z, z + 0.3), 0.0]);
    }
    let mut neigh = vec![0i32; na * nn_];
    for a in 0..na {
        for j in 0..nn_ {
            let mut b = c.below(na as u32) as usize;
            if b == a {
                b = (b + 1) % na;
            }
            neigh[j * na + a] = b as i32;
        }
    }
    let (cutsq, lj1, lj2) = (16.0f32, 1.5f32, 2.0f32);
    let (pf, pp, pn) = (c.zeros(na * 12), c.buf_f32(&pos), c.buf_i32(&neigh));
    let name = "_Z16compute_lj_forceIf6float36float4Lb0E15texReaderUnusedEvPT0_PKT1_iPKiT_SA_SA_i";
    c.launch(name, [(na / 128) as u32, 1, 1], [128, 1, 1], &[p(pf), p(pp), i(nn_ as i32), p(pn), f(cutsq), f(lj1), f(lj2), i(na as i32)])?;
    let mut want = vec![0f32; na * 3];
    for a in 0..na {
        let mut fo = [0f32; 3];
        for j in 0..nn_ {
            let b = neigh[j * na + a] as usize;
            let d = [pos[4 * a] - pos[4 * b], pos[4 * a + 1] - pos[4 * b + 1], pos[4 * a + 2] - pos[4 * b + 2]];
            let mut r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            if r2 < cutsq {
                r2 = 1.0 / r2;
                let r6 = r2 * r2 * r2;
                let force = r2 * r6 * (lj1 * r6 - lj2);
                for k in 0..3 {
                    fo[k] += d[k] * force;
                }
            }
        }
        want[3 * a..3 * a + 3].copy_from_slice(&fo);
    }
    c.eq_f32("force", &c.get_f32(pf), &want)
}

/// MD in double precision: the same launch with f64 positions and parameters (passed as their
/// bits); reference: the f64 force sums.
fn md_dp(c: &mut Ctx) -> R {
    let (na, nn_) = (256usize, 16usize);
    let mut pos = vec![];
    for k in 0..na {
        let (x, y, z) = ((k % 8) as f64, (k / 8 % 8) as f64, (k / 64) as f64);
        pos.extend([c.unif(x, x + 0.3) as f64, c.unif(y, y + 0.3) as f64, c.unif(z, z + 0.3) as f64, 0.0]);
    }
    let neigh: Vec<i32> = (0..na * nn_).map(|k| ((k % na) as u32 + 1 + c.below(na as u32 - 1)) as i32 % na as i32).collect();
    let (cutsq, lj1, lj2) = (16.0f64, 1.5f64, 2.0f64);
    let (pf, pp, pn) = (c.zeros(na * 24), c.buf_f64(&pos), c.buf_i32(&neigh));
    let name = "_Z16compute_lj_forceId7double37double4Lb0E15texReaderUnusedEvPT0_PKT1_iPKiT_SA_SA_i";
    let d = |x: f64| Arg::U64(x.to_bits());
    c.launch(name, [(na / 128) as u32, 1, 1], [128, 1, 1], &[p(pf), p(pp), i(nn_ as i32), p(pn), d(cutsq), d(lj1), d(lj2), i(na as i32)])?;
    let mut want = vec![0f64; na * 3];
    for a in 0..na {
        let mut fo = [0f64; 3];
        for j in 0..nn_ {
            let b = neigh[j * na + a] as usize;
            let dd = [pos[4 * a] - pos[4 * b], pos[4 * a + 1] - pos[4 * b + 1], pos[4 * a + 2] - pos[4 * b + 2]];
            let mut r2 = dd[0] * dd[0] + dd[1] * dd[1] + dd[2] * dd[2];
            if r2 < cutsq {
                r2 = 1.0 / r2;
                let r6 = r2 * r2 * r2;
                let force = r2 * r6 * (lj1 * r6 - lj2);
                for k in 0..3 {
                    fo[k] += dd[k] * force;
                }
            }
        }
        want[3 * a..3 * a + 3].copy_from_slice(&fo);
    }
    let got: Vec<u64> = c.get_f64(pf).iter().map(|x| x.to_bits()).collect();
    c.eq("force (f64 bits)", &got, &want.iter().map(|x| x.to_bits()).collect::<Vec<_>>())
}

/// The MD5 digest (RFC 1321) of a short message, written from the RFC.
fn md5(msg: &[u8]) -> [u32; 4] {
    const S: [u32; 64] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4,
        11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ];
    let k: Vec<u32> = (0..64).map(|i_| ((i_ as f64 + 1.0).sin().abs() * 4294967296.0) as u32).collect();
    let mut m = msg.to_vec();
    m.push(0x80);
    while m.len() % 64 != 56 {
        m.push(0);
    }
    m.extend(((msg.len() as u64) * 8).to_le_bytes());
    let mut h = [0x67452301u32, 0xefcdab89, 0x98badcfe, 0x10325476];
    for chunk in m.chunks(64) {
        let w: Vec<u32> = chunk.chunks(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
        let (mut a, mut b, mut cc, mut d) = (h[0], h[1], h[2], h[3]);
        for i_ in 0..64 {
            let (fv_, g) = match i_ / 16 {
                0 => ((b & cc) | (!b & d), i_),
                1 => ((d & b) | (!d & cc), (5 * i_ + 1) % 16),
                2 => (b ^ cc ^ d, (3 * i_ + 5) % 16),
                _ => (cc ^ (b | !d), (7 * i_) % 16),
            };
            let t = d;
            d = cc;
            cc = b;
            b = b.wrapping_add(a.wrapping_add(fv_).wrapping_add(k[i_]).wrapping_add(w[g]).rotate_left(S[i_]));
            a = t;
        }
        h = [h[0].wrapping_add(a), h[1].wrapping_add(b), h[2].wrapping_add(cc), h[3].wrapping_add(d)];
    }
    h
}

/// MD5 hash search: FindKeyWithDigest_Kernel over the 8^4 keys of 4 bytes (512 threads, 8 keys
/// each) for the digests of two chosen keys; reference: the key index, bytes and digest
/// (the digests computed by an MD5 written from RFC 1321).
fn md5hash(c: &mut Ctx) -> R {
    let (len, vals) = (4u32, 8u32);
    let space = vals.pow(len);
    for _ in 0..2 {
        let target = c.below(space);
        let mut key = [0u8; 8];
        let mut t = target;
        for b in key.iter_mut() {
            *b = (t % vals) as u8;
            t /= vals;
        }
        let dg = md5(&key[..len as usize]);
        let (pi_, pk, pd) = (c.buf_i32(&[-1]), c.zeros(8), c.zeros(16));
        let args = [u(dg[0]), u(dg[1]), u(dg[2]), u(dg[3]), u(space), u(len), u(vals), p(pi_), p(pk), p(pd)];
        c.launch("FindKeyWithDigest_Kernel", [space / vals / 128, 1, 1], [128, 1, 1], &args)?;
        c.eq("foundIndex", &c.get_i32(pi_), &[target as i32])?;
        c.eq("foundKey", &c.bytes(pk), &key.to_vec())?;
        c.eq("foundDigest", &c.get_u32(pd), &dg.to_vec())?;
    }
    Ok(())
}

/// Radix sort: two 4-bit passes (radixSortBlocks, findRadixOffsets, the host's exclusive scan
/// of the counters, reorderData) on 2048 keys with their indices as values; reference: a
/// stable sort by the low 8 bits.
fn radix_sort(c: &mut Ctx) -> R {
    let n = 2048usize;
    let keys: Vec<u32> = (0..n).map(|_| c.rng.next_u32()).collect();
    let vals: Vec<u32> = (0..n as u32).collect();
    let blocks = (n / 512) as u32;
    let (mut pk, mut pv) = (c.buf_u32(&keys), c.buf_u32(&vals));
    let (tk, tv) = (c.zeros(n * 4), c.zeros(n * 4));
    let (pcnt, poff) = (c.zeros(16 * blocks as usize * 4), c.zeros(16 * blocks as usize * 4));
    for startbit in [0u32, 4] {
        c.launch("radixSortBlocks", [blocks, 1, 1], [128, 1, 1], &[u(4), u(startbit), p(tk), p(tv), p(pk), p(pv)])?;
        c.launch("findRadixOffsets", [blocks, 1, 1], [256, 1, 1], &[p(tk), p(pcnt), p(poff), u(startbit), u(n as u32), u(blocks)])?;
        let counters = c.get_u32(pcnt);
        let mut sum = 0u32;
        let scanned: Vec<u32> = counters.iter().map(|&x| {
            let s = sum;
            sum = sum.wrapping_add(x);
            s
        }).collect();
        let psum = c.buf_u32(&scanned);
        let (ok, ov) = (c.zeros(n * 4), c.zeros(n * 4));
        c.launch("reorderData", [blocks, 1, 1], [256, 1, 1], &[u(startbit), p(ok), p(ov), p(tk), p(tv), p(poff), p(psum), p(pcnt), u(blocks)])?;
        (pk, pv) = (ok, ov);
    }
    let mut pairs: Vec<(u32, u32)> = keys.iter().copied().zip(vals).collect();
    pairs.sort_by_key(|x| x.0 & 0xff);
    let (wk, wv): (Vec<u32>, Vec<u32>) = pairs.into_iter().unzip();
    c.eq("keys", &c.get_u32(pk), &wk)?;
    c.eq("values", &c.get_u32(pv), &wv)
}

/// SpMV: a random 300x300 matrix with 0..12 nonzeros per row, in CSR (scalar and vector
/// kernels) and ELLPACK-R; reference: the row sums in each kernel's order (in column order;
/// the vector kernel's 32 lane sums and its 16/8/4/2/1 tree), in f32.
fn spmv(c: &mut Ctx) -> R {
    let dim = 300usize;
    let (mut val, mut cols, mut rowd) = (vec![], vec![], vec![0i32]);
    let mut rows: Vec<Vec<(usize, f32)>> = vec![];
    for _ in 0..dim {
        let nz = c.below(13) as usize;
        let mut cs: Vec<usize> = (0..nz).map(|_| c.below(dim as u32) as usize).collect();
        cs.sort();
        cs.dedup();
        let r: Vec<(usize, f32)> = cs.iter().map(|&cc| (cc, c.unif(-1.0, 1.0))).collect();
        for &(cc, v) in &r {
            cols.push(cc as i32);
            val.push(v);
        }
        rowd.push(val.len() as i32);
        rows.push(r);
    }
    let vec_ = c.unifs(dim, -1.0, 1.0);
    let (pvl, pcl, prd, pvec) = (c.buf_f32(&val), c.buf_i32(&cols), c.buf_i32(&rowd), c.buf_f32(&vec_));
    let (o1, o2, o3) = (c.zeros(dim * 4), c.zeros(dim * 4), c.zeros(dim * 4));
    c.launch("spmv_csr_scalar_kernel", [(dim as u32).div_ceil(128), 1, 1], [128, 1, 1], &[p(pvl), p(pcl), p(prd), u(dim as u32), p(o1), p(pvec)])?;
    c.launch("spmv_csr_vector_kernel", [(dim as u32).div_ceil(4), 1, 1], [128, 1, 1], &[p(pvl), p(pcl), p(prd), u(dim as u32), p(o2), p(pvec)])?;
    let maxlen = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let (mut ev, mut ec) = (vec![0f32; maxlen * dim], vec![0i32; maxlen * dim]);
    for (r, row) in rows.iter().enumerate() {
        for (k, &(cc, v)) in row.iter().enumerate() {
            ev[k * dim + r] = v;
            ec[k * dim + r] = cc as i32;
        }
    }
    let lens: Vec<i32> = rows.iter().map(|r| r.len() as i32).collect();
    let (pev, pec, pl) = (c.buf_f32(&ev), c.buf_i32(&ec), c.buf_i32(&lens));
    c.launch("spmv_ellpackr_kernel", [(dim as u32).div_ceil(128), 1, 1], [128, 1, 1], &[p(pev), p(pec), p(pl), u(dim as u32), p(o3), p(pvec)])?;
    let scalar: Vec<f32> = rows.iter().map(|r| r.iter().fold(0f32, |s, &(cc, v)| s + v * vec_[cc])).collect();
    let vector: Vec<f32> = rows
        .iter()
        .map(|r| {
            let mut lane = [0f32; 32];
            for (k, &(cc, v)) in r.iter().enumerate() {
                lane[k % 32] += v * vec_[cc];
            }
            for h in [16, 8, 4, 2, 1] {
                for l in 0..h {
                    lane[l] += lane[l + h];
                }
            }
            lane[0]
        })
        .collect();
    c.eq_f32("CSR scalar", &c.get_f32(o1), &scalar)?;
    c.eq_f32("CSR vector", &c.get_f32(o2), &vector)?;
    c.eq_f32("ELLPACK-R", &c.get_f32(o3), &scalar)
}

/// Stencil2D: one StencilKernel sweep on a 32x64 interior (strips of 8 rows, 32 columns per
/// block; rows padded to 80 floats, alignment 16), SHOC's weights; reference: centre,
/// cardinal-sum and diagonal-sum terms in f32, the halo unchanged.
fn stencil2d(c: &mut Ctx) -> R {
    let (gr, gc, pitch) = (32usize, 64usize, 80usize);
    let data = c.unifs((gr + 2) * pitch, 0.0, 1.0);
    let (pd, pn) = (c.buf_f32(&data), c.buf_f32(&data));
    let (wc, wcard, wdiag) = (0.25f32, 0.15f32, 0.05f32);
    c.launch("StencilKernel", [(gr / 8) as u32, (gc / 32) as u32, 1], [1, 32, 1], &[p(pd), p(pn), u(16), u(8), f(wc), f(wcard), f(wdiag)])?;
    let mut want = data.clone();
    let at = |r: usize, cc: usize| data[r * pitch + cc];
    for r in 1..=gr {
        for cc in 1..=gc {
            let card = at(r - 1, cc) + at(r + 1, cc) + at(r, cc + 1) + at(r, cc - 1);
            let diag = at(r - 1, cc + 1) + at(r + 1, cc + 1) + at(r - 1, cc - 1) + at(r + 1, cc - 1);
            want[r * pitch + cc] = wc * at(r, cc) + wcard * card + wdiag * diag;
        }
    }
    c.eq_f32("newData", &c.get_f32(pn), &want)
}

//! Launch descriptions for `heddle run` (a small JSON file, see docs/ptx.md): the PTX file,
//! grid and block, the global buffers with their initial contents, the kernel arguments and
//! the buffers to report.
//!
//! A launch file is read in two stages: serde reads its structure with the numbers left as
//! JSON values, then every number is converted to its type with a range check (and f32
//! values also from "nan", "inf", "+inf", "-inf", "-0" or a bit pattern "0x7fc00000"), so an
//! error names the buffer or argument and what was wrong.
use super::{pack_params, place_globals, run, Arg, Config, GlobalMem, GoldenFpUnits, Launch, Stats};
use crate::ptx::{parse_bytes, translate};
use crate::vectors::Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Initial contents of a buffer.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "snake_case")]
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
            // element 0 is `start` itself (a -0 start stays -0, an infinite step makes no NaN)
            Init::IotaF32 { count, start, step } => {
                w((0..cap(*count)?).map(|i| if i == 0 { start.to_bits() } else { (start + step * i as f32).to_bits() }).collect())
            }
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

    /// The kinds of contents, as a launch file names them.
    pub const KINDS: [&'static str; 10] =
        ["u32", "i32", "f32", "u8", "zeros", "iota_u32", "iota_f32", "random_u32", "random_f32", "random_u8"];

    /// Buffer `name`'s initial contents from its JSON value (an object with one key, the
    /// kind); errors name the buffer, the kind and the element or field.
    pub fn from_json(name: &str, v: &Value) -> Result<Init, String> {
        let kinds = &Init::KINDS;
        let (kind, body) = one_key(v).ok_or_else(|| {
            format!("buffer '{name}': expected an object with one key, the kind of contents ({}), found {}", kinds.join(", "), short(v))
        })?;
        let u32_ = |x: &Value| int(x, U32).map(|n| n as u32);
        let r = match kind {
            "u32" => list(body, u32_).map(Init::U32),
            "i32" => list(body, |x| int(x, I32).map(|n| n as i32)).map(Init::I32),
            "f32" => list(body, parse_f32).map(Init::F32),
            "u8" => list(body, |x| int(x, U8).map(|n| n as u8)).map(Init::U8),
            "zeros" => u32_(body).map(Init::Zeros),
            "iota_u32" => fields(body, &["count", "start", "step"], &[]).and_then(|f| {
                Ok(Init::IotaU32 { count: field(f, "count", u32_)?, start: field(f, "start", u32_)?, step: field(f, "step", u32_)? })
            }),
            "iota_f32" => fields(body, &["count", "start", "step"], &[]).and_then(|f| {
                Ok(Init::IotaF32 { count: field(f, "count", u32_)?, start: field(f, "start", parse_f32)?, step: field(f, "step", parse_f32)? })
            }),
            "random_u32" => fields(body, &["count", "seed"], &["modulo"]).and_then(|f| {
                Ok(Init::RandomU32 {
                    count: field(f, "count", u32_)?,
                    seed: field(f, "seed", |x| int(x, U64).map(|n| n as u64))?,
                    modulo: f.get("modulo").map(|_| field(f, "modulo", u32_)).transpose()?,
                })
            }),
            "random_f32" | "random_u8" => fields(body, &["count", "seed"], &[]).and_then(|f| {
                let (count, seed) = (field(f, "count", u32_)?, field(f, "seed", |x| int(x, U64).map(|n| n as u64))?);
                Ok(if kind == "random_f32" { Init::RandomF32 { count, seed } } else { Init::RandomU8 { count, seed } })
            }),
            _ => return Err(format!("buffer '{name}': unknown kind of contents '{kind}' (accepted: {})", kinds.join(", "))),
        };
        r.map_err(|e| format!("buffer '{name}' ({kind}): {e}"))
    }
}

/// A kernel argument.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ArgSpec {
    /// The address of a buffer.
    Buffer(String),
    U32(u32),
    I32(i32),
    F32(f32),
    U64(u64),
}

impl ArgSpec {
    /// Argument `i` from its JSON value (an object with one key, the type); errors name the
    /// argument's index and type.
    pub fn from_json(i: usize, v: &Value) -> Result<ArgSpec, String> {
        const TYPES: &str = "buffer, u32, i32, f32, u64";
        let (ty, body) = one_key(v)
            .ok_or_else(|| format!("args[{i}]: expected an object with one key, the type ({TYPES}), found {}", short(v)))?;
        let r = match ty {
            "buffer" => body.as_str().map(|s| ArgSpec::Buffer(s.to_string())).ok_or_else(|| format!("expected a buffer name, found {}", short(body))),
            "u32" => int(body, U32).map(|n| ArgSpec::U32(n as u32)),
            "i32" => int(body, I32).map(|n| ArgSpec::I32(n as i32)),
            "f32" => parse_f32(body).map(ArgSpec::F32),
            "u64" => int(body, U64).map(|n| ArgSpec::U64(n as u64)),
            _ => return Err(format!("args[{i}]: unknown argument type '{ty}' (accepted: {TYPES})")),
        };
        r.map_err(|e| format!("args[{i}] ({ty}): {e}"))
    }
}

/// A launch description. It deserializes from JSON only (through [`LaunchFile::from_json`]:
/// any other serde format is refused).
#[derive(Debug, Clone, Serialize)]
pub struct LaunchFile {
    /// The PTX file, relative to the launch file.
    pub ptx: PathBuf,
    pub kernel: Option<String>,
    pub g80_mad: bool,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub buffers: BTreeMap<String, Init>,
    pub args: Vec<ArgSpec>,
    /// Buffers to report (all when absent).
    pub outputs: Option<Vec<String>>,
    /// Element type of a buffer's outputs: "u32" (the default), "i32", "f32" or "u8".
    pub print_as: BTreeMap<String, String>,
    pub watchdog: Option<u64>,
    /// Bytes of dynamic shared memory (the kernel's `extern __shared__` array).
    pub dynamic_shared: u32,
    /// Initial contents of the kernel's `__constant__` variables, by name.
    pub constants: BTreeMap<String, Init>,
}

/// The launch file's structure, its numbers still JSON values (the first stage).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLaunchFile {
    ptx: PathBuf,
    kernel: Option<String>,
    #[serde(default)]
    g80_mad: bool,
    grid: [u32; 3],
    block: [u32; 3],
    buffers: BTreeMap<String, Value>,
    args: Vec<Value>,
    outputs: Option<Vec<String>>,
    #[serde(default)]
    print_as: BTreeMap<String, String>,
    watchdog: Option<u64>,
    #[serde(default)]
    dynamic_shared: u32,
    #[serde(default)]
    constants: BTreeMap<String, Value>,
}

impl LaunchFile {
    /// Parses a launch file's text.
    pub fn parse(text: &str) -> Result<LaunchFile, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        LaunchFile::from_json(v)
    }

    /// The launch description in JSON value `v`: every number converted with a range check,
    /// the types of `print_as` checked (its names and `outputs` are checked by `check_names`).
    pub fn from_json(v: Value) -> Result<LaunchFile, String> {
        let r: RawLaunchFile = serde_json::from_value(v).map_err(|e| e.to_string())?;
        let mut buffers = BTreeMap::new();
        for (n, b) in &r.buffers {
            buffers.insert(n.clone(), Init::from_json(n, b)?);
        }
        let args = r.args.iter().enumerate().map(|(i, a)| ArgSpec::from_json(i, a)).collect::<Result<Vec<_>, _>>()?;
        for (n, t) in &r.print_as {
            if ElemType::parse(t).is_none() {
                let ok = ElemType::ALL.map(|t| t.name()).join(", ");
                return Err(format!("print_as: buffer '{n}' has unknown type '{t}' (accepted: {ok})"));
            }
        }
        Ok(LaunchFile {
            ptx: r.ptx,
            kernel: r.kernel,
            g80_mad: r.g80_mad,
            grid: r.grid,
            block: r.block,
            buffers,
            args,
            outputs: r.outputs,
            print_as: r.print_as,
            watchdog: r.watchdog,
            dynamic_shared: r.dynamic_shared,
            constants: r.constants.iter().map(|(n, v)| Ok((n.clone(), Init::from_json(n, v)?))).collect::<Result<_, String>>()?,
        })
    }

    /// Checks that `outputs` and `print_as` name buffers or the kernel's `__device__`
    /// variables `device_vars` (known once its PTX is translated).
    pub fn check_names(&self, device_vars: &[&str]) -> Result<(), String> {
        let known = || {
            let mut s = format!("buffers: {}", self.buffers.keys().map(|k| k.as_str()).collect::<Vec<_>>().join(", "));
            if !device_vars.is_empty() {
                s += &format!("; __device__ variables: {}", device_vars.join(", "));
            }
            s
        };
        let ok = |n: &String| self.buffers.contains_key(n) || device_vars.contains(&n.as_str());
        if let Some(n) = self.outputs.iter().flatten().find(|n| !ok(n)) {
            return Err(format!("outputs names an unknown buffer '{n}' ({})", known()));
        }
        if let Some(n) = self.print_as.keys().find(|n| !ok(n)) {
            return Err(format!("print_as names an unknown buffer '{n}' ({})", known()));
        }
        Ok(())
    }

    /// The element type of buffer `name`'s outputs (`print_as`, u32 by default).
    pub fn elem_type(&self, name: &str) -> ElemType {
        self.print_as.get(name).and_then(|t| ElemType::parse(t)).unwrap_or(ElemType::U32)
    }
}

impl<'de> Deserialize<'de> for LaunchFile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        LaunchFile::from_json(Value::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// An integer type's name and range.
#[derive(Clone, Copy)]
struct IntTy(&'static str, i128, i128);
const U32: IntTy = IntTy("u32", 0, u32::MAX as i128);
const I32: IntTy = IntTy("i32", i32::MIN as i128, i32::MAX as i128);
const U8: IntTy = IntTy("u8", 0, u8::MAX as i128);
const U64: IntTy = IntTy("u64", 0, u64::MAX as i128);

/// A JSON number as an integer of type `t` (a number written with a fraction or exponent is
/// taken when it is a whole number).
fn int(v: &Value, t: IntTy) -> Result<i128, String> {
    let IntTy(name, lo, hi) = t;
    let n = match (v.as_u64(), v.as_i64(), v.as_f64()) {
        (Some(n), _, _) => n as i128,
        (_, Some(n), _) => n as i128,
        (_, _, Some(f)) if f.fract() == 0.0 => f as i128, // saturates: then out of range
        (_, _, Some(_)) => return Err(format!("{v} is not an integer ({name})")),
        _ => return Err(format!("expected a {name} number, found {}", short(v))),
    };
    if n < lo || n > hi {
        return Err(format!("{v} is out of range for {name} ({lo} to {hi})"));
    }
    Ok(n)
}

const F32_FORMS: &str = r#"a number, "nan", "inf", "+inf", "-inf", "-0" or a bit pattern such as "0x7fc00000""#;

/// A JSON value as an f32: a number (an error when it overflows f32, rather than becoming an
/// infinity), or one of the strings "nan" (0x7fc00000), "inf", "+inf", "-inf", "-0" or a bit
/// pattern "0x" and 1 to 8 hex digits (exact bits).
pub fn parse_f32(v: &Value) -> Result<f32, String> {
    match v {
        Value::Number(n) => {
            let d = n.as_f64().ok_or_else(|| format!("{v} is not an f32"))?;
            let x = d as f32;
            if x.is_infinite() {
                return Err(format!(
                    r#"{v} overflows f32 (the largest finite f32 is {:e}; write "inf" or "-inf" for an infinity)"#,
                    f32::MAX
                ));
            }
            Ok(x)
        }
        Value::String(s) => f32_from_str(s).ok_or_else(|| format!("{v} is not an f32: write {F32_FORMS}")),
        _ => Err(format!("expected an f32 ({F32_FORMS}), found {}", short(v))),
    }
}

/// "nan", "inf", "+inf", "-inf", "-0" (any case) or "0x" and 1 to 8 hex digits, as an f32.
pub fn f32_from_str(s: &str) -> Option<f32> {
    match s.to_ascii_lowercase().as_str() {
        "nan" => Some(f32::from_bits(0x7fc0_0000)),
        "inf" | "+inf" => Some(f32::INFINITY),
        "-inf" => Some(f32::NEG_INFINITY),
        "-0" => Some(-0.0),
        t => {
            let h = t.strip_prefix("0x")?;
            if h.is_empty() || h.len() > 8 || !h.bytes().all(|c| c.is_ascii_hexdigit()) {
                return None;
            }
            u32::from_str_radix(h, 16).ok().map(f32::from_bits)
        }
    }
}

/// An f32 as `heddle run` writes it: the shortest decimal that reads back to the same value,
/// or "nan" (0x7fc00000), "inf", "-inf", "-0"; any other NaN as its bit pattern "0x7fffffff".
/// [`f32_from_str`] and [`parse_f32`] read every one of them back to the same bits.
pub fn f32_text(x: f32) -> String {
    let b = x.to_bits();
    match x {
        _ if b == 0x7fc0_0000 => "nan".into(),
        _ if x.is_nan() => format!("0x{b:08x}"),
        f32::INFINITY => "inf".into(),
        f32::NEG_INFINITY => "-inf".into(),
        _ if b == 0x8000_0000 => "-0".into(),
        _ => format!("{x:?}"),
    }
}

/// The key and value of a JSON object with exactly one key.
fn one_key(v: &Value) -> Option<(&str, &Value)> {
    v.as_object().filter(|o| o.len() == 1).and_then(|o| o.iter().next()).map(|(k, v)| (k.as_str(), v))
}

/// A JSON value for a message, cut to 60 characters.
fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 {
        format!("{}...", s.chars().take(57).collect::<String>())
    } else {
        s
    }
}

/// A JSON list converted element by element; errors name the element.
fn list<T>(v: &Value, f: impl Fn(&Value) -> Result<T, String>) -> Result<Vec<T>, String> {
    let a = v.as_array().ok_or_else(|| format!("expected a list, found {}", short(v)))?;
    a.iter().enumerate().map(|(i, x)| f(x).map_err(|e| format!("element {i}: {e}"))).collect()
}

/// A JSON object with the `required` keys and perhaps the `optional` ones, nothing else.
fn fields<'a>(v: &'a Value, required: &[&str], optional: &[&str]) -> Result<&'a serde_json::Map<String, Value>, String> {
    let o = v.as_object().ok_or_else(|| format!("expected an object with {}, found {}", required.join(", "), short(v)))?;
    for k in o.keys() {
        if !required.contains(&k.as_str()) && !optional.contains(&k.as_str()) {
            return Err(format!("unknown field '{k}' (expected {})", [required, optional].concat().join(", ")));
        }
    }
    if let Some(k) = required.iter().find(|k| !o.contains_key(**k)) {
        return Err(format!("missing field '{k}'"));
    }
    Ok(o)
}

/// Field `k` of object `o` converted by `f`; errors name the field.
fn field<T>(o: &serde_json::Map<String, Value>, k: &str, f: impl Fn(&Value) -> Result<T, String>) -> Result<T, String> {
    f(&o[k]).map_err(|e| format!("{k}: {e}"))
}

/// The element type of an output buffer (`print_as`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ElemType {
    U32,
    I32,
    F32,
    U8,
}

impl ElemType {
    pub const ALL: [ElemType; 4] = [ElemType::U32, ElemType::I32, ElemType::F32, ElemType::U8];

    pub fn name(self) -> &'static str {
        match self {
            ElemType::U32 => "u32",
            ElemType::I32 => "i32",
            ElemType::F32 => "f32",
            ElemType::U8 => "u8",
        }
    }

    pub fn parse(s: &str) -> Option<ElemType> {
        ElemType::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Bytes per element.
    pub fn size(self) -> usize {
        if self == ElemType::U8 {
            1
        } else {
            4
        }
    }

    /// The element in `b` (little endian, `size()` bytes).
    pub fn elem(self, b: &[u8]) -> Elem {
        let w = || u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        match self {
            ElemType::U8 => Elem::U8(b[0]),
            ElemType::U32 => Elem::U32(w()),
            ElemType::I32 => Elem::I32(w() as i32),
            ElemType::F32 => Elem::F32(f32::from_bits(w())),
        }
    }

    /// The whole elements in `bytes`.
    pub fn elems(self, bytes: &[u8]) -> Vec<Elem> {
        bytes.chunks_exact(self.size()).map(|c| self.elem(c)).collect()
    }
}

impl Serialize for ElemType {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// An element of an output buffer. Displayed as a number (f32: [`f32_text`]); serialized as a
/// JSON number, f32 specials as the strings of [`f32_text`]. Equal when the bits are.
#[derive(Debug, Clone, Copy)]
pub enum Elem {
    U32(u32),
    I32(i32),
    F32(f32),
    U8(u8),
}

impl Elem {
    fn bits(self) -> (u8, u32) {
        match self {
            Elem::U32(x) => (0, x),
            Elem::I32(x) => (1, x as u32),
            Elem::F32(x) => (2, x.to_bits()),
            Elem::U8(x) => (3, x as u32),
        }
    }
}

impl PartialEq for Elem {
    fn eq(&self, o: &Elem) -> bool {
        self.bits() == o.bits()
    }
}

impl std::fmt::Display for Elem {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match *self {
            Elem::U32(x) => write!(f, "{x}"),
            Elem::I32(x) => write!(f, "{x}"),
            Elem::F32(x) => f.write_str(&f32_text(x)),
            Elem::U8(x) => write!(f, "{x}"),
        }
    }
}

impl Serialize for Elem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Elem::U32(x) => s.serialize_u32(x),
            Elem::I32(x) => s.serialize_i32(x),
            Elem::U8(x) => s.serialize_u8(x),
            Elem::F32(x) if x.is_finite() && x.to_bits() != 0x8000_0000 => {
                // the shortest decimal of the f32, as the f64 nearest it: written as that
                // decimal (an f32 widened to f64 would print 17 digits) and read back exact
                s.serialize_f64(format!("{x:?}").parse::<f64>().unwrap_or(x as f64))
            }
            Elem::F32(x) => s.serialize_str(&f32_text(x)),
        }
    }
}

fn hex32<S: Serializer>(a: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("0x{a:08x}"))
}

/// A buffer's place in global memory.
#[derive(Debug, Clone, Serialize)]
pub struct BufInfo {
    pub name: String,
    /// The base address (JSON: a hex string "0x00001000").
    #[serde(serialize_with = "hex32")]
    pub base: u32,
    pub bytes: usize,
}

/// A reported buffer.
#[derive(Debug, Clone, Serialize)]
pub struct OutBuf {
    pub name: String,
    /// The base address in global memory (JSON: a hex string "0x00001000").
    #[serde(serialize_with = "hex32")]
    pub base: u32,
    pub bytes: usize,
    /// The element type (`print_as`).
    pub print_as: ElemType,
    /// FNV-1a 64 of the contents.
    pub digest: String,
    /// The first elements (at most 16).
    pub head: Vec<Elem>,
    /// The contents after the run.
    #[serde(skip)]
    pub data: Vec<u8>,
}

impl OutBuf {
    /// Every element; an error when the size is not a whole number of elements.
    pub fn elements(&self) -> Result<Vec<Elem>, String> {
        let t = self.print_as;
        if !self.data.len().is_multiple_of(t.size()) {
            return Err(format!(
                "buffer '{}': {} bytes is not a whole number of {}-byte {} elements (give it print_as u8)",
                self.name,
                self.data.len(),
                t.size(),
                t.name()
            ));
        }
        Ok(t.elems(&self.data))
    }
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
    /// Every buffer's base address and size.
    pub buffers: Vec<BufInfo>,
    pub outputs: Vec<OutBuf>,
    pub ctas: u64,
    pub warp_instructions: u64,
    pub thread_instructions: u64,
    pub simt_efficiency: f64,
    pub divergent_branches: u64,
    pub shared_requests: u64,
    pub shared_steps: u64,
    pub shared_conflict_steps: u64,
    /// Global-memory transactions of `ld.global` / `st.global` by the compute capability
    /// 1.x coalescing rule ([`crate::gsm::global_transactions`]).
    pub global_transactions: u64,
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
    report(&lf, &k, &mem, &addr, &r, &heddle_hw::config::G80, trace)
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
    let lf = LaunchFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let ptx_path = path.parent().unwrap_or(Path::new(".")).join(&lf.ptx);
    let src = std::fs::read(&ptx_path).map_err(|e| format!("{}: {e}", ptx_path.display()))?;
    let name = lf.ptx.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let m = parse_bytes(&name, &src).map_err(|e| e.to_string())?;
    let mut k = translate::translate(&m, lf.kernel.as_deref(), translate::Options { g80_mad: lf.g80_mad, max_regs: translate::SmResources::G80.max_regs(lf.block.iter().product()) }).map_err(|e| e.to_string())?;
    lf.check_names(&k.global_vars.iter().map(|g| g.name.as_str()).collect::<Vec<_>>()).map_err(|e| format!("{}: {e}", path.display()))?;
    // dynamic shared memory follows the static variables
    k.shared_bytes += lf.dynamic_shared;
    let constant = constant_bank(&k, &lf.constants)?;
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
    let mut params = pack_params(&k, &args)?;
    if let Some(g) = k.global_vars.iter().find(|g| addr.contains_key(&g.name)) {
        return Err(format!("buffer {} has the name of a __device__ variable of kernel {}", g.name, k.name));
    }
    place_globals(&k, &mut mem, &mut params, &mut addr)?;
    let l = Launch { grid: lf.grid, block: lf.block, params, constant };
    Ok(Prepared { lf, k, l, mem, addr })
}

/// The constant bank of kernel `k` with its `__constant__` variables filled from `init` by
/// name (the others as their initializers say, or zero).
pub fn constant_bank(k: &translate::Kernel, init: &BTreeMap<String, Init>) -> Result<Vec<u8>, String> {
    let mut vals = vec![];
    for (n, i) in init {
        vals.push((n.as_str(), i.bytes().map_err(|e| format!("constants {n}: {e}"))?));
    }
    fill_constants(k, &vals).map_err(|e| format!("constants {e}"))
}

/// The constant bank of kernel `k`: its initializers, then variable `name` set to `bytes`
/// for each pair of `vals`; an unknown name or contents larger than the variable is an
/// error.
pub fn fill_constants(k: &translate::Kernel, vals: &[(&str, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let mut bank = k.const_init.clone();
    bank.resize(k.const_bytes as usize, 0);
    for (n, b) in vals {
        let Some((_, off, size)) = k.const_vars.iter().find(|(v, _, _)| v == n) else {
            let known: Vec<&str> = k.const_vars.iter().map(|v| v.0.as_str()).collect();
            return Err(format!("names '{n}', not a __constant__ variable of kernel {} (it has: {})", k.name, known.join(", ")));
        };
        if b.len() > *size as usize {
            return Err(format!("{n}: {} bytes for a variable of {size}", b.len()));
        }
        bank[*off as usize..*off as usize + b.len()].copy_from_slice(b);
    }
    Ok(bank)
}

/// The report of a finished run `r` of a prepared launch (memory `mem` after it) on an SM
/// of configuration `sm` (its occupancy).
pub fn report(
    lf: &LaunchFile,
    k: &translate::Kernel,
    mem: &GlobalMem,
    addr: &BTreeMap<String, u32>,
    r: &super::RunResult,
    sm: &heddle_hw::config::SmConfig,
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
        let t = lf.elem_type(&n);
        let head = t.elems(&b[..b.len().min(16 * t.size())]);
        outputs.push(OutBuf { name: n, base: a, bytes: b.len(), print_as: t, digest: format!("{:016x}", fnv(b)), head, data: b.to_vec() });
    }
    let mut buffers: Vec<BufInfo> =
        addr.iter().map(|(n, &a)| BufInfo { name: n.clone(), base: a, bytes: mem.buffer(a).map_or(0, |b| b.len()) }).collect();
    buffers.sort_by_key(|b| b.base);
    let s: &Stats = &r.stats;
    let occ = translate::occupancy(&k, lf.block.iter().product(), &translate::SmResources::of(sm));
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
        buffers,
        outputs,
        ctas: s.ctas,
        warp_instructions: s.warp_instrs,
        thread_instructions: s.thread_instrs,
        simt_efficiency: s.simt_efficiency(),
        divergent_branches: s.divergent_branches,
        shared_requests: s.shared_requests,
        shared_steps: s.shared_steps,
        shared_conflict_steps: s.shared_conflict_steps,
        global_transactions: s.global_transactions,
        barriers: s.barriers,
        max_stack_depth: s.max_stack_depth,
    })
}

/// Writes every output buffer to folder `dir` (created when missing) as `<name>.bin` (its
/// bytes), `<name>.json` (a JSON array of its elements, see [`Elem`]) and `<name>.csv` (a
/// line `index,value` per element); returns the files written.
pub fn write_outputs(outputs: &[OutBuf], dir: &Path) -> Result<Vec<PathBuf>, String> {
    use std::fmt::Write;
    std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: cannot create the folder: {e}", dir.display()))?;
    let mut files = vec![];
    for o in outputs {
        let n = &o.name;
        if n.is_empty() || n == "." || n == ".." || n.contains(['/', '\\']) {
            return Err(format!("--out: buffer name '{n}' cannot be a file name"));
        }
        let el = o.elements()?;
        let mut json = serde_json::to_vec(&el).map_err(|e| e.to_string())?;
        json.push(b'\n');
        let mut csv = String::with_capacity(el.len() * 12);
        for (i, x) in el.iter().enumerate() {
            let _ = writeln!(csv, "{i},{x}");
        }
        for (ext, bytes) in [("bin", &o.data[..]), ("json", &json[..]), ("csv", csv.as_bytes())] {
            let p = dir.join(format!("{n}.{ext}"));
            std::fs::write(&p, bytes).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
            files.push(p);
        }
    }
    Ok(files)
}

/// An output buffer compared with a reference file ([`check_output`]).
#[derive(Debug, Clone)]
pub struct Check {
    pub buffer: String,
    pub print_as: ElemType,
    pub bytes: usize,
    pub elements: usize,
    /// Elements whose bytes differ.
    pub differing: usize,
    /// The first (at most 10) differing elements: index, expected (the file), actual.
    pub first: Vec<(usize, Elem, Elem)>,
}

/// Compares an output buffer (`buffer`, or the only output) with reference file `reference`
/// byte for byte, element by element in the buffer's element type.
pub fn check_output(outputs: &[OutBuf], buffer: Option<&str>, reference: &Path) -> Result<Check, String> {
    let names = || outputs.iter().map(|o| o.name.as_str()).collect::<Vec<_>>().join(", ");
    let o = match buffer {
        Some(b) => outputs
            .iter()
            .find(|o| o.name == b)
            .ok_or_else(|| format!("--check-buffer {b}: not an output of this launch (outputs: {})", names()))?,
        None if outputs.len() == 1 => &outputs[0],
        None if outputs.is_empty() => return Err("--check: the launch has no outputs".into()),
        None => return Err(format!("--check: the launch has {} outputs ({}); name one with --check-buffer", outputs.len(), names())),
    };
    let want = std::fs::read(reference).map_err(|e| format!("--check {}: cannot read it: {e}", reference.display()))?;
    if want.len() != o.data.len() {
        return Err(format!(
            "--check: {} is {} bytes but buffer '{}' is {} bytes",
            reference.display(),
            want.len(),
            o.name,
            o.data.len()
        ));
    }
    let t = o.print_as;
    let elements = o.elements()?.len();
    let (mut differing, mut first) = (0, vec![]);
    for (i, (w, a)) in want.chunks(t.size()).zip(o.data.chunks(t.size())).enumerate() {
        if w != a {
            differing += 1;
            if first.len() < 10 {
                first.push((i, t.elem(w), t.elem(a)));
            }
        }
    }
    Ok(Check { buffer: o.name.clone(), print_as: t, bytes: o.data.len(), elements, differing, first })
}

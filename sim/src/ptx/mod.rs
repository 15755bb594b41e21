//! heddle's PTX front end: the parser for the PTX subset clang-14's NVPTX back end emits for
//! sm_20 CUDA kernels ([`parse`]), and the fuzzer that hammers it ([`fuzz`]).
//!
//! The parser never panics: every input, valid or not, UTF-8 or not, gives either a
//! [`Module`] or a [`PtxError`] naming the file, line, column and, inside a kernel body, the
//! instruction.
pub mod fuzz;
mod inline;
mod lex;
pub mod translate;

use lex::{Lexer, Tok, TokKind};

/// A source position (1-based line and byte column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Loc {
    pub line: u32,
    pub col: u32,
}

/// A parse error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PtxError {
    pub file: String,
    pub loc: Loc,
    /// The instruction (opcode with modifiers) being parsed, if any.
    pub instr: Option<String>,
    pub msg: String,
}

impl std::fmt::Display for PtxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.loc.line, self.loc.col, self.msg)?;
        if let Some(i) = &self.instr {
            write!(f, " (in `{i}`)")?;
        }
        Ok(())
    }
}

impl std::error::Error for PtxError {}

/// A PTX type (.b32, .u64, .f32, .pred, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    B8,
    B16,
    B32,
    B64,
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
    S64,
    F16,
    F32,
    F64,
    Pred,
}

impl Ty {
    pub fn from_name(s: &str) -> Option<Ty> {
        use Ty::*;
        Some(match s {
            "b8" => B8,
            "b16" => B16,
            "b32" => B32,
            "b64" => B64,
            "u8" => U8,
            "u16" => U16,
            "u32" => U32,
            "u64" => U64,
            "s8" => S8,
            "s16" => S16,
            "s32" => S32,
            "s64" => S64,
            "f16" => F16,
            "f32" => F32,
            "f64" => F64,
            "pred" => Pred,
            _ => return None,
        })
    }
    /// Size in bytes (pred: 1).
    pub fn bytes(self) -> u32 {
        use Ty::*;
        match self {
            B8 | U8 | S8 | Pred => 1,
            B16 | U16 | S16 | F16 => 2,
            B32 | U32 | S32 | F32 => 4,
            B64 | U64 | S64 | F64 => 8,
        }
    }
}

/// A kernel parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    pub name: String,
    pub ty: Ty,
    pub align: Option<u32>,
    /// Array length (`.param .b8 p[12]`).
    pub array: Option<u32>,
    pub loc: Loc,
}

/// A `.reg` declaration: `count` registers `prefix0..prefix{count-1}` (`%r<6>`) or, when
/// `count` is None, the single register `prefix`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegDecl {
    pub ty: Ty,
    pub prefix: String,
    pub count: Option<u32>,
    pub loc: Loc,
}

/// A variable in a state space (`.shared .align 4 .b8 name[256];`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VarDecl {
    pub space: String,
    pub name: String,
    pub ty: Ty,
    pub align: Option<u32>,
    pub array: Option<u32>,
    /// The initializer's bytes (`= 5`, `= {1, 2}`), little-endian by element type; empty
    /// when there is none (the variable starts zeroed).
    pub init: Vec<u8>,
    pub loc: Loc,
}

/// An instruction operand.
#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    /// `%r1`, `%p2`, `%tid.x`, ...
    Reg(String),
    /// An integer literal (as written; negative values allowed).
    Int(i64),
    /// `0fXXXXXXXX` (f32 bits).
    F32(u32),
    /// `0dXXXXXXXXXXXXXXXX` (f64 bits).
    F64(u64),
    /// A label or variable name.
    Sym(String),
    /// `[base+offset]`; base None for an absolute address.
    Mem { base: Option<Box<Operand>>, offset: i64 },
    /// `{a, b, ...}`.
    Vec(Vec<Operand>),
    /// `-x` or `!x`.
    Neg(Box<Operand>),
    Not(Box<Operand>),
    /// `%p|%q` (setp's two outputs).
    Pair(Box<Operand>, Box<Operand>),
}

/// One PTX instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Instr {
    /// `@%p` (false) or `@!%p` (true).
    pub guard: Option<(bool, String)>,
    /// Opcode (`ld`) and modifiers (`["global", "f32"]`).
    pub opcode: String,
    pub mods: Vec<String>,
    pub operands: Vec<Operand>,
    pub loc: Loc,
}

impl Instr {
    /// `opcode.mod.mod` as written.
    pub fn full_name(&self) -> String {
        let mut s = self.opcode.clone();
        for m in &self.mods {
            s.push('.');
            s.push_str(m);
        }
        s
    }
    pub fn has(&self, m: &str) -> bool {
        self.mods.iter().any(|x| x == m)
    }
}

/// A statement of a kernel body.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    Label(String, Loc),
    Instr(Instr),
}

/// A kernel (`.entry`) or a device function (`.func`).
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub name: String,
    pub visible: bool,
    /// A `.func`'s return parameters (`(.param .b32 func_retval0)`); empty for a kernel.
    pub rets: Vec<Param>,
    /// A `.func` declared without a body (`.extern .func vprintf(...);`).
    pub no_body: bool,
    pub params: Vec<Param>,
    pub regs: Vec<RegDecl>,
    /// `.shared` / `.local` / `.param` variables declared in the body. A `.param` variable
    /// of a nested `{ }` block (a call sequence's argument) is renamed `name#N`, unique in
    /// the module, and its block's instructions name it so.
    pub vars: Vec<VarDecl>,
    pub body: Vec<Stmt>,
    pub loc: Loc,
}

/// A parsed PTX file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Module {
    pub file: String,
    pub version: String,
    pub target: Vec<String>,
    pub address_size: u32,
    /// Module-level `.global` / `.shared` / `.const` variables.
    pub vars: Vec<VarDecl>,
    pub entries: Vec<Entry>,
    /// Device functions (`.func`); calls to them are inlined by the translator.
    pub funcs: Vec<Entry>,
}

/// Instructions of the supported subset and their operand counts.
pub const OPCODES: &[(&str, &[usize])] = &[
    ("add", &[3]),
    ("sub", &[3]),
    ("mul", &[3]),
    ("mad", &[4]),
    ("fma", &[4]),
    ("div", &[3]),
    ("rem", &[3]),
    ("abs", &[2]),
    ("neg", &[2]),
    ("min", &[3]),
    ("max", &[3]),
    ("and", &[3]),
    ("or", &[3]),
    ("xor", &[3]),
    ("not", &[2]),
    ("cnot", &[2]),
    ("shl", &[3]),
    ("shr", &[3]),
    ("setp", &[3, 4]),
    ("selp", &[4]),
    ("mov", &[2]),
    ("cvt", &[2]),
    ("cvta", &[2]),
    ("ld", &[2]),
    ("st", &[2]),
    ("atom", &[3, 4]),
    ("rcp", &[2]),
    ("sqrt", &[2]),
    ("rsqrt", &[2]),
    ("sin", &[2]),
    ("cos", &[2]),
    ("lg2", &[2]),
    ("ex2", &[2]),
    ("bfe", &[4]),
    ("bfi", &[5]),
    ("prmt", &[4]),
    ("popc", &[2]),
    ("clz", &[2]),
    ("brev", &[2]),
    ("bfind", &[2]),
    ("sad", &[4]),
    ("mul24", &[3]),
    ("mad24", &[4]),
    ("slct", &[4]),
    ("testp", &[2]),
    ("copysign", &[3]),
    ("membar", &[0]),
    ("fence", &[0]),
    ("red", &[2]),
    ("bra", &[1]),
    // `call (rets), f, (args)`: parsed as three operands (see `Parser::call`)
    ("call", &[3]),
    ("bar", &[1, 2, 3, 4]),
    ("vote", &[2]),
    ("ret", &[0]),
    ("exit", &[0]),
];

/// Parses PTX text.
pub fn parse(file: &str, src: &str) -> Result<Module, PtxError> {
    parse_bytes(file, src.as_bytes())
}

/// Parses PTX bytes (need not be UTF-8; bytes outside ASCII are errors except in comments
/// and strings).
pub fn parse_bytes(file: &str, src: &[u8]) -> Result<Module, PtxError> {
    let toks = Lexer::new(file, src).run()?;
    Parser { file, toks, pos: 0, instr: None, uniq: 0 }.module()
}

struct Parser<'a> {
    file: &'a str,
    toks: Vec<Tok>,
    pos: usize,
    instr: Option<String>,
    /// Counter of renamed block-scoped `.param` variables.
    uniq: u32,
}

type R<T> = Result<T, PtxError>;

impl<'a> Parser<'a> {
    fn peek(&self) -> &Tok {
        // the lexer always ends the list with an Eof token
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }
    fn peek_at(&self, n: usize) -> &Tok {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)]
    }
    fn bump(&mut self) -> Tok {
        let t = self.peek().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }
    fn err_at<T>(&self, loc: Loc, msg: impl Into<String>) -> R<T> {
        Err(PtxError { file: self.file.to_string(), loc, instr: self.instr.clone(), msg: msg.into() })
    }
    fn err<T>(&self, msg: impl Into<String>) -> R<T> {
        self.err_at(self.peek().loc, msg)
    }
    fn is_punct(&self, c: char) -> bool {
        self.peek().kind == TokKind::Punct(c)
    }
    fn eat_punct(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn expect_punct(&mut self, c: char) -> R<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            self.err(format!("expected '{c}', found {}", self.peek().describe()))
        }
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(&self.peek().kind, TokKind::Word(x) if x == w)
    }
    fn word(&mut self, what: &str) -> R<String> {
        match self.peek().kind.clone() {
            TokKind::Word(w) => {
                self.bump();
                Ok(w)
            }
            _ => self.err(format!("expected {what}, found {}", self.peek().describe())),
        }
    }
    fn uint(&mut self, what: &str) -> R<u32> {
        match self.peek().kind.clone() {
            TokKind::Int(v) if (0..=u32::MAX as i64).contains(&v) => {
                self.bump();
                Ok(v as u32)
            }
            _ => self.err(format!("expected {what} (an unsigned integer), found {}", self.peek().describe())),
        }
    }
    /// A type directive (`.u32`).
    fn ty(&mut self) -> R<Ty> {
        let loc = self.peek().loc;
        let w = self.word("a type such as .u32")?;
        match w.strip_prefix('.').and_then(Ty::from_name) {
            Some(t) => Ok(t),
            None => self.err_at(loc, format!("expected a type such as .u32, found '{w}'")),
        }
    }

    fn module(mut self) -> R<Module> {
        let mut m = Module { file: self.file.to_string(), ..Default::default() };
        let mut seen_version = false;
        loop {
            let t = self.peek().clone();
            let w = match &t.kind {
                TokKind::Eof => break,
                TokKind::Word(w) => w.clone(),
                _ => return self.err(format!("expected a directive, found {}", t.describe())),
            };
            match w.as_str() {
                ".version" => {
                    self.bump();
                    match self.bump().kind {
                        TokKind::Num(s) | TokKind::Word(s) => m.version = s,
                        TokKind::Int(v) => m.version = v.to_string(),
                        _ => return self.err_at(t.loc, "expected a version number after .version"),
                    }
                    seen_version = true;
                }
                ".target" => {
                    self.bump();
                    m.target.push(self.word("a target name")?);
                    while self.eat_punct(',') {
                        m.target.push(self.word("a target name")?);
                    }
                }
                ".address_size" => {
                    self.bump();
                    let loc = self.peek().loc;
                    m.address_size = self.uint("an address size")?;
                    if m.address_size != 32 && m.address_size != 64 {
                        return self.err_at(loc, format!(".address_size {} (must be 32 or 64)", m.address_size));
                    }
                }
                ".visible" | ".extern" | ".weak" | ".entry" => {
                    let visible = w == ".visible";
                    if w != ".entry" {
                        self.bump();
                    }
                    if self.is_word(".func") {
                        let f = self.function(visible, true)?;
                        m.funcs.push(f);
                        continue;
                    }
                    if self.is_word(".global") || self.is_word(".shared") || self.is_word(".const") {
                        let v = self.var_decl()?;
                        m.vars.push(v);
                        continue;
                    }
                    if !self.is_word(".entry") {
                        return self.err(format!("expected .entry, found {}", self.peek().describe()));
                    }
                    let e = self.function(visible, false)?;
                    m.entries.push(e);
                }
                ".global" | ".shared" | ".const" => {
                    let v = self.var_decl()?;
                    m.vars.push(v);
                }
                ".func" => {
                    let f = self.function(false, true)?;
                    m.funcs.push(f);
                }
                _ => return self.err(format!("unsupported directive '{w}'")),
            }
        }
        if !seen_version {
            return self.err_at(Loc { line: 1, col: 1 }, "missing .version directive");
        }
        if m.target.is_empty() {
            return self.err_at(Loc { line: 1, col: 1 }, "missing .target directive");
        }
        Ok(m)
    }

    /// `.space [.align N] .type name[[N]] ;`
    fn var_decl(&mut self) -> R<VarDecl> {
        let loc = self.peek().loc;
        let space = self.word("a state space")?;
        let space = space.trim_start_matches('.').to_string();
        let mut align = None;
        if self.is_word(".align") {
            self.bump();
            align = Some(self.uint("an alignment")?);
        }
        let ty = self.ty()?;
        let name = self.word("a variable name")?;
        let mut array = None;
        if self.eat_punct('[') {
            // `[]`: an unsized (extern) array, length 0 here (dynamic shared memory)
            array = Some(if self.is_punct(']') { 0 } else { self.uint("an array length")? });
            self.expect_punct(']')?;
        }
        let mut init = vec![];
        if self.is_punct('=') {
            let iloc = self.bump().loc;
            if space != "global" && space != "const" {
                return self.err_at(iloc, format!("a .{space} variable cannot have an initializer"));
            }
            let mut vals = vec![];
            self.init_values(&mut vals, 0)?;
            let n = vals.len() as u32;
            match array {
                Some(0) => array = Some(n),
                Some(len) if n > len => return self.err_at(iloc, format!("{n} initializers for {name}[{len}]")),
                None if n > 1 => return self.err_at(iloc, format!("{n} initializers for the scalar {name}")),
                _ => {}
            }
            for (vloc, v) in vals {
                let el = ty.bytes() as usize;
                let bits: u64 = match (v, ty) {
                    (Operand::F32(b), Ty::F32) => b as u64,
                    (Operand::F64(b), Ty::F64) => b,
                    (Operand::F32(b), Ty::F64) => (f32::from_bits(b) as f64).to_bits(),
                    (Operand::F64(b), Ty::F32) => (f64::from_bits(b) as f32).to_bits() as u64,
                    (Operand::Int(i), Ty::F32) => (i as f32).to_bits() as u64,
                    (Operand::Int(i), Ty::F64) => (i as f64).to_bits(),
                    (Operand::Int(i), _) => i as u64,
                    (Operand::Sym(s), _) => {
                        return self.err_at(vloc, format!("not supported: an initializer naming the address of {s}"));
                    }
                    _ => return self.err_at(vloc, format!("this initializer does not fit a {ty:?} variable")),
                };
                init.extend_from_slice(&bits.to_le_bytes()[..el.min(8)]);
            }
        }
        self.expect_punct(';')?;
        Ok(VarDecl { space, name, ty, align, array, init, loc })
    }

    /// An initializer's values: a literal, a symbol, or `{ ... }` lists (nested lists of a
    /// multi-dimensional array flattened).
    fn init_values(&mut self, out: &mut Vec<(Loc, Operand)>, depth: u32) -> R<()> {
        if depth > 8 {
            return self.err("initializer nested too deeply");
        }
        if self.eat_punct('{') {
            if !self.eat_punct('}') {
                loop {
                    self.init_values(out, depth + 1)?;
                    if self.eat_punct('}') {
                        break;
                    }
                    self.expect_punct(',')?;
                }
            }
            return Ok(());
        }
        let loc = self.peek().loc;
        let o = match self.operand(0)? {
            Operand::Reg(r) => return self.err_at(loc, format!("a register ({r}) in an initializer")),
            o @ (Operand::Int(_) | Operand::F32(_) | Operand::F64(_) | Operand::Sym(_)) => o,
            // generic(sym) and other expressions
            _ => return self.err_at(loc, "not supported: this initializer expression"),
        };
        if out.len() >= 1 << 20 {
            return self.err_at(loc, "more than 2^20 initializers");
        }
        out.push((loc, o));
        Ok(())
    }

    /// `.entry name(params) body` or `.func [(rets)] name(params) [.noreturn] body|;`.
    fn function(&mut self, visible: bool, func: bool) -> R<Entry> {
        let loc = self.peek().loc;
        self.bump(); // .entry / .func
        let mut rets = vec![];
        if func && self.eat_punct('(') {
            loop {
                rets.push(self.param()?);
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        let name = self.word(if func { "the function name" } else { "the kernel name" })?;
        let mut e = Entry { name, visible, rets, no_body: false, params: vec![], regs: vec![], vars: vec![], body: vec![], loc };
        if self.eat_punct('(') {
            if !self.eat_punct(')') {
                loop {
                    e.params.push(self.param()?);
                    if self.eat_punct(')') {
                        break;
                    }
                    self.expect_punct(',')?;
                }
            }
        }
        // performance directives
        while let TokKind::Word(w) = self.peek().kind.clone() {
            match w.as_str() {
                ".maxntid" | ".reqntid" => {
                    self.bump();
                    self.uint("a thread count")?;
                    while self.eat_punct(',') {
                        self.uint("a thread count")?;
                    }
                }
                ".minnctapersm" | ".maxnreg" => {
                    self.bump();
                    self.uint("a count")?;
                }
                ".noreturn" if func => {
                    self.bump();
                }
                _ => break,
            }
        }
        if func && self.eat_punct(';') {
            e.no_body = true;
            return Ok(e);
        }
        self.expect_punct('{')?;
        // block-scoped `.param` variables (call sequences): name -> unique name, per block
        let mut scopes: Vec<Vec<(String, String)>> = vec![vec![]];
        // nested blocks' registers: (declared prefix, count, unique prefix), per block
        let mut reg_scopes: Vec<Vec<(String, Option<u32>, String)>> = vec![vec![]];
        // nested { } blocks (clang's inline-assembly scopes and call sequences) are
        // flattened; their registers and `.param` variables are renamed apart (above)
        let mut depth = 0u32;
        loop {
            let t = self.peek().clone();
            match &t.kind {
                TokKind::Punct('}') if depth > 0 => {
                    self.bump();
                    depth -= 1;
                    scopes.pop();
                    reg_scopes.pop();
                }
                TokKind::Punct('}') => {
                    self.bump();
                    break;
                }
                TokKind::Eof => return self.err_at(t.loc, format!("unterminated body of kernel '{}'", e.name)),
                TokKind::Punct('{') if depth < 16 => {
                    self.bump();
                    depth += 1;
                    scopes.push(vec![]);
                    reg_scopes.push(vec![]);
                }
                TokKind::Punct('{') => return self.err("{ } blocks nested too deeply"),
                TokKind::Word(w) if w == ".reg" => {
                    self.bump();
                    let ty = self.ty()?;
                    loop {
                        let rloc = self.peek().loc;
                        let prefix = self.word("a register name")?;
                        // clang declares `temp_param_reg` (never used) in call sequences: a
                        // name without % is accepted; an operand naming it is a symbol, an
                        // error where it is used
                        if prefix.starts_with('.') {
                            return self.err_at(rloc, format!("'{prefix}' is not a register name"));
                        }
                        let mut count = None;
                        if self.eat_punct('<') {
                            count = Some(self.uint("a register count")?);
                            self.expect_punct('>')?;
                        }
                        // a nested block's register is its own (it may shadow an outer
                        // one of the same name, as clang's inline-assembly scopes do):
                        // renamed `name#N_`
                        let mut prefix = prefix;
                        if depth > 0 {
                            let unique = format!("{prefix}#{}_", self.uniq);
                            self.uniq += 1;
                            if let Some(s) = reg_scopes.last_mut() {
                                s.push((prefix, count, unique.clone()));
                            }
                            prefix = unique;
                        }
                        e.regs.push(RegDecl { ty, prefix, count, loc: rloc });
                        if !self.eat_punct(',') {
                            break;
                        }
                    }
                    self.expect_punct(';')?;
                }
                TokKind::Word(w) if w == ".shared" || w == ".local" => {
                    let v = self.var_decl()?;
                    e.vars.push(v);
                }
                TokKind::Word(w) if w == ".param" => {
                    let mut v = self.var_decl()?;
                    let unique = format!("{}#{}", v.name, self.uniq);
                    self.uniq += 1;
                    if let Some(s) = scopes.last_mut() {
                        s.push((v.name.clone(), unique.clone()));
                    }
                    v.name = unique;
                    e.vars.push(v);
                }
                TokKind::Word(w) if w == ".pragma" => {
                    self.bump();
                    match self.bump().kind {
                        TokKind::Str(_) => {}
                        _ => return self.err_at(t.loc, ".pragma needs a string"),
                    }
                    self.expect_punct(';')?;
                }
                TokKind::Word(w) if w.starts_with('.') => return self.err(format!("unsupported directive '{w}' in a kernel body")),
                TokKind::Word(w) if self.peek_at(1).kind == TokKind::Punct(':') => {
                    let w = w.clone();
                    self.bump();
                    self.bump();
                    e.body.push(Stmt::Label(w, t.loc));
                }
                _ => {
                    let mut i = self.instr()?;
                    if scopes.iter().any(|s| !s.is_empty()) {
                        for o in i.operands.iter_mut() {
                            rename_syms(o, &|n| scopes.iter().rev().flat_map(|s| s.iter().rev()).find(|(a, _)| a == n).map(|(_, b)| b.clone()));
                        }
                    }
                    if reg_scopes.iter().any(|s| !s.is_empty()) {
                        let inner = |n: &str| -> Option<String> {
                            reg_scopes.iter().rev().flat_map(|s| s.iter().rev()).find_map(|(p, c, u)| match (c, split_reg(n)) {
                                (None, _) => (n == p).then(|| u.clone()),
                                (Some(c), Some((pre, k))) if pre == p && k < *c => Some(format!("{u}{k}")),
                                _ => None,
                            })
                        };
                        for o in i.operands.iter_mut() {
                            rename_regs(o, &inner);
                        }
                        if let Some((_, g)) = &mut i.guard {
                            if let Some(n) = inner(g) {
                                *g = n;
                            }
                        }
                    }
                    e.body.push(Stmt::Instr(i));
                }
            }
        }
        Ok(e)
    }

    fn param(&mut self) -> R<Param> {
        let loc = self.peek().loc;
        if !self.is_word(".param") {
            return self.err(format!("expected .param, found {}", self.peek().describe()));
        }
        self.bump();
        let mut align = None;
        let mut ty = None;
        loop {
            if self.is_word(".align") {
                self.bump();
                align = Some(self.uint("an alignment")?);
            } else if self.is_word(".ptr") || self.is_word(".global") || self.is_word(".shared") || self.is_word(".const") || self.is_word(".local") {
                self.bump();
            } else if ty.is_none() {
                ty = Some(self.ty()?);
            } else {
                break;
            }
        }
        let ty = ty.unwrap_or(Ty::B8);
        let name = self.word("a parameter name")?;
        let mut array = None;
        if self.eat_punct('[') {
            array = Some(self.uint("an array length")?);
            self.expect_punct(']')?;
        }
        Ok(Param { name, ty, align, array, loc })
    }

    fn instr(&mut self) -> R<Instr> {
        let loc = self.peek().loc;
        self.instr = None;
        let mut guard = None;
        if self.eat_punct('@') {
            let neg = self.eat_punct('!');
            let p = self.word("a predicate register")?;
            guard = Some((neg, p));
        }
        let oloc = self.peek().loc;
        let full = self.word("an instruction")?;
        self.instr = Some(full.clone());
        let mut parts = full.split('.');
        let opcode = parts.next().unwrap_or("").to_string();
        let mods: Vec<String> = parts.map(|s| s.to_string()).collect();
        if mods.iter().any(|m| m.is_empty()) {
            return self.err_at(oloc, "empty modifier in the opcode");
        }
        if opcode == "call" {
            let i = self.call(guard, mods, loc)?;
            self.instr = None;
            return Ok(i);
        }
        let counts = match OPCODES.iter().find(|(n, _)| *n == opcode) {
            Some((_, c)) => *c,
            None => return self.err_at(oloc, format!("unsupported instruction '{opcode}'")),
        };
        let mut operands = vec![];
        if !self.is_punct(';') {
            loop {
                operands.push(self.operand(0)?);
                if !self.eat_punct(',') {
                    break;
                }
            }
        }
        if !self.is_punct(';') {
            return self.err(format!("expected ',' or ';', found {}", self.peek().describe()));
        }
        if !counts.contains(&operands.len()) {
            return self.err_at(
                oloc,
                format!("{opcode} takes {} operands, found {}", counts.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" or "), operands.len()),
            );
        }
        self.bump();
        let i = Instr { guard, opcode, mods, operands, loc };
        self.instr = None;
        Ok(i)
    }

    /// `call[.uni] [(r, ...),] f [, (a, ...)];` as the operands `{rets}`, `f`, `{args}`
    /// (vectors, empty when absent). Indirect calls (a register or a prototype) are refused.
    fn call(&mut self, guard: Option<(bool, String)>, mods: Vec<String>, loc: Loc) -> R<Instr> {
        let list = |p: &mut Self| -> R<Vec<Operand>> {
            let mut v = vec![];
            p.expect_punct('(')?;
            if !p.eat_punct(')') {
                loop {
                    v.push(p.operand(0)?);
                    if v.len() > 64 {
                        return p.err("more than 64 call arguments");
                    }
                    if p.eat_punct(')') {
                        break;
                    }
                    p.expect_punct(',')?;
                }
            }
            Ok(v)
        };
        let mut rets = vec![];
        if self.is_punct('(') {
            rets = list(self)?;
            self.expect_punct(',')?;
        }
        let floc = self.peek().loc;
        let f = self.word("the called function")?;
        if f.starts_with('%') {
            return self.err_at(floc, format!("not supported: an indirect call (through {f})"));
        }
        let mut args = vec![];
        if self.eat_punct(',') {
            args = list(self)?;
            if self.eat_punct(',') {
                return self.err("not supported: a call with a prototype (indirect calls)");
            }
        }
        self.expect_punct(';')?;
        Ok(Instr { guard, opcode: "call".into(), mods, operands: vec![Operand::Vec(rets), Operand::Sym(f), Operand::Vec(args)], loc })
    }

    fn operand(&mut self, depth: u32) -> R<Operand> {
        if depth > 4 {
            return self.err("operand nested too deeply");
        }
        let t = self.peek().clone();
        let o = match t.kind {
            TokKind::Punct('-') => {
                self.bump();
                if let TokKind::Int(v) = self.peek().kind {
                    self.bump();
                    Operand::Int(v.wrapping_neg())
                } else {
                    Operand::Neg(Box::new(self.operand(depth + 1)?))
                }
            }
            TokKind::Punct('!') => {
                self.bump();
                Operand::Not(Box::new(self.operand(depth + 1)?))
            }
            TokKind::Punct('[') => {
                self.bump();
                let mut base = None;
                let mut offset = 0i64;
                match self.peek().kind.clone() {
                    TokKind::Word(w) if !w.starts_with('.') => {
                        self.bump();
                        base = Some(Box::new(if w.starts_with('%') { Operand::Reg(w) } else { Operand::Sym(w) }));
                        if self.is_punct('+') || self.is_punct('-') {
                            let mut neg = self.is_punct('-');
                            self.bump();
                            // clang writes negative offsets as `+-64`
                            if !neg && self.is_punct('-') {
                                neg = true;
                                self.bump();
                            }
                            match self.peek().kind {
                                TokKind::Int(v) => {
                                    self.bump();
                                    offset = if neg { v.wrapping_neg() } else { v };
                                }
                                _ => return self.err(format!("expected an offset, found {}", self.peek().describe())),
                            }
                        }
                    }
                    TokKind::Int(v) => {
                        self.bump();
                        offset = v;
                    }
                    _ => return self.err(format!("expected an address, found {}", self.peek().describe())),
                }
                self.expect_punct(']')?;
                Operand::Mem { base, offset }
            }
            TokKind::Punct('{') => {
                self.bump();
                let mut v = vec![self.operand(depth + 1)?];
                while self.eat_punct(',') {
                    v.push(self.operand(depth + 1)?);
                }
                self.expect_punct('}')?;
                if v.len() > 4 {
                    return self.err_at(t.loc, "vectors have at most 4 elements");
                }
                Operand::Vec(v)
            }
            TokKind::Int(v) => {
                self.bump();
                Operand::Int(v)
            }
            TokKind::F32(b) => {
                self.bump();
                Operand::F32(b)
            }
            TokKind::F64(b) => {
                self.bump();
                Operand::F64(b)
            }
            TokKind::Word(w) if !w.starts_with('.') => {
                self.bump();
                if w.starts_with('%') {
                    Operand::Reg(w)
                } else {
                    Operand::Sym(w)
                }
            }
            _ => return self.err(format!("expected an operand, found {}", t.describe())),
        };
        if self.is_punct('|') {
            self.bump();
            let q = self.operand(depth + 1)?;
            return Ok(Operand::Pair(Box::new(o), Box::new(q)));
        }
        Ok(o)
    }
}

/// Renames the symbols of `o` (and of the operands inside it) that `f` maps.
pub(crate) fn rename_syms(o: &mut Operand, f: &dyn Fn(&str) -> Option<String>) {
    match o {
        Operand::Sym(s) => {
            if let Some(n) = f(s) {
                *s = n;
            }
        }
        Operand::Mem { base: Some(b), .. } | Operand::Neg(b) | Operand::Not(b) => rename_syms(b, f),
        Operand::Vec(v) => v.iter_mut().for_each(|x| rename_syms(x, f)),
        Operand::Pair(a, b) => {
            rename_syms(a, f);
            rename_syms(b, f);
        }
        _ => {}
    }
}

/// A register name of a `%r<N>` declaration split into its prefix and index (`%r12` ->
/// (`%r`, 12)); None without trailing digits or with a leading zero (`%r01`).
pub(crate) fn split_reg(n: &str) -> Option<(&str, u32)> {
    let cut = n.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (pre, num) = n.split_at(cut);
    if num.is_empty() || (num.len() > 1 && num.starts_with('0')) {
        return None;
    }
    Some((pre, num.parse().ok()?))
}

/// Renames the registers of `o` (and of the operands inside it) that `f` maps.
pub(crate) fn rename_regs(o: &mut Operand, f: &dyn Fn(&str) -> Option<String>) {
    match o {
        Operand::Reg(r) => {
            if let Some(n) = f(r) {
                *r = n;
            }
        }
        Operand::Mem { base: Some(b), .. } | Operand::Neg(b) | Operand::Not(b) => rename_regs(b, f),
        Operand::Vec(v) => v.iter_mut().for_each(|x| rename_regs(x, f)),
        Operand::Pair(a, b) => {
            rename_regs(a, f);
            rename_regs(b, f);
        }
        _ => {}
    }
}

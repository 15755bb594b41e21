//! heddle's PTX front end: the parser for the PTX subset clang-14's NVPTX back end emits for
//! sm_20 CUDA kernels ([`parse`]), and the fuzzer that hammers it ([`fuzz`]).
//!
//! The parser never panics: every input, valid or not, UTF-8 or not, gives either a
//! [`Module`] or a [`PtxError`] naming the file, line, column and, inside a kernel body, the
//! instruction.
pub mod fuzz;
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

/// A kernel (`.entry`).
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub name: String,
    pub visible: bool,
    pub params: Vec<Param>,
    pub regs: Vec<RegDecl>,
    /// `.shared` / `.local` variables declared in the body.
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
    ("bar", &[1]),
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
    Parser { file, toks, pos: 0, instr: None }.module()
}

struct Parser<'a> {
    file: &'a str,
    toks: Vec<Tok>,
    pos: usize,
    instr: Option<String>,
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
                        return self.err("not supported: .func (device functions; the kernels must be fully inlined)");
                    }
                    if self.is_word(".global") || self.is_word(".shared") || self.is_word(".const") {
                        let v = self.var_decl()?;
                        m.vars.push(v);
                        continue;
                    }
                    if !self.is_word(".entry") {
                        return self.err(format!("expected .entry, found {}", self.peek().describe()));
                    }
                    let e = self.entry(visible)?;
                    m.entries.push(e);
                }
                ".global" | ".shared" | ".const" => {
                    let v = self.var_decl()?;
                    m.vars.push(v);
                }
                ".func" => return self.err("not supported: .func (device functions; the kernels must be fully inlined)"),
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
        if self.is_punct('=') {
            return self.err("not supported: variable initializers");
        }
        self.expect_punct(';')?;
        Ok(VarDecl { space, name, ty, align, array, loc })
    }

    fn entry(&mut self, visible: bool) -> R<Entry> {
        let loc = self.peek().loc;
        self.bump(); // .entry
        let name = self.word("the kernel name")?;
        let mut e = Entry { name, visible, params: vec![], regs: vec![], vars: vec![], body: vec![], loc };
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
                _ => break,
            }
        }
        self.expect_punct('{')?;
        // nested { } blocks (clang's inline-assembly scopes) are flattened: their
        // registers are declared for the whole kernel (a repeated identical declaration is
        // the same register)
        let mut depth = 0u32;
        loop {
            let t = self.peek().clone();
            match &t.kind {
                TokKind::Punct('}') if depth > 0 => {
                    self.bump();
                    depth -= 1;
                }
                TokKind::Punct('}') => {
                    self.bump();
                    break;
                }
                TokKind::Eof => return self.err_at(t.loc, format!("unterminated body of kernel '{}'", e.name)),
                TokKind::Punct('{') if depth < 16 => {
                    self.bump();
                    depth += 1;
                }
                TokKind::Punct('{') => return self.err("{ } blocks nested too deeply"),
                TokKind::Word(w) if w == ".reg" => {
                    self.bump();
                    let ty = self.ty()?;
                    loop {
                        let rloc = self.peek().loc;
                        let prefix = self.word("a register name")?;
                        if !prefix.starts_with('%') {
                            return self.err_at(rloc, format!("register name '{prefix}' must start with %"));
                        }
                        let mut count = None;
                        if self.eat_punct('<') {
                            count = Some(self.uint("a register count")?);
                            self.expect_punct('>')?;
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
                    let i = self.instr()?;
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

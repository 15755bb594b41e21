//! heddle assembly text <-> [`Instr`] (docs/isa.md, "Assembly syntax").
//!
//! One instruction per line: `[label:] [@[!]pN] mnemonic{.modifier} operand, ...`, comments
//! from `//` or `#` to the end of the line. [`disasm`] prints the canonical form, which
//! [`assemble`] reads back to the same word.
use super::*;
use crate::golden::g80_fp32::CMP_NAMES;
use std::collections::HashMap;

/// An assembly error at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmError {
    pub line: usize,
    pub col: usize,
    pub msg: String,
}

impl std::fmt::Display for AsmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.msg)
    }
}

impl std::error::Error for AsmError {}

fn pred_name(p: u8) -> String {
    if p == PT {
        "pt".into()
    } else {
        format!("p{p}")
    }
}

fn src(r: u8, m: u8) -> String {
    let base = if m & 1 == 1 { format!("|r{r}|") } else { format!("r{r}") };
    if m & 2 == 2 {
        format!("-{base}")
    } else {
        base
    }
}

const RND_NAMES: [&str; 4] = ["rn", "rz", "rm", "rp"];
const RNDI_NAMES: [&str; 4] = ["rni", "rzi", "rmi", "rpi"];

/// cvt kinds whose rounding is to an integral value (printed rni rzi rmi rpi).
fn int_rounding(kind: u8) -> bool {
    use crate::golden::fp32_cvt::kind as k;
    matches!(kind as u32, k::S32_F32 | k::U32_F32 | k::F32_F32_INT)
}

/// The canonical text of one instruction (branch targets as instruction indices).
pub fn disasm(i: &Instr) -> String {
    let def = match validate(i) {
        Ok(d) => d,
        Err(e) => return format!("<invalid: {e}>"),
    };
    let f = def.fields;
    let mut s = String::new();
    if i.guard != Guard::ALWAYS {
        s += &format!("@{}{} ", if i.guard.neg { "!" } else { "" }, pred_name(i.guard.pred));
    }
    s += def.name;
    if f & KIND != 0 {
        s += &format!(".{}", heddle_hw::isa::kind_names(i.op)[i.kind as usize]);
    }
    if f & CMP_INT != 0 {
        s += &format!(".{}", ICMP_NAMES[i.cmp as usize]);
    }
    if f & CMP_FP != 0 {
        s += &format!(".{}", CMP_NAMES[i.cmp as usize]);
    }
    if f & (RND2 | RND4) != 0 {
        let t = if f & KIND != 0 && int_rounding(i.kind) { RNDI_NAMES } else { RND_NAMES };
        s += &format!(".{}", t[i.rnd as usize]);
    }
    if f & SIGNED != 0 {
        s += if i.signed { ".s32" } else { ".u32" };
    }
    if i.sat {
        s += ".sat";
    }
    if f & SUB != 0 {
        s += &format!(".{}", heddle_hw::isa::sub_names(i.op)[i.sub as usize]);
    }
    if f & SPACE != 0 {
        s += &format!(".{}", space::NAMES[i.space as usize]);
        if i.op != op::ATOM {
            s += &format!(".{}", size::NAMES[i.size as usize]);
        }
    }
    if i.uni {
        s += ".uni";
    }
    let mods = f & MODS != 0;
    let ops: Vec<String> = def
        .operands
        .iter()
        .map(|o| match o {
            Opnd::D | Opnd::Sd => format!("r{}", i.d),
            Opnd::Pd => pred_name(i.d),
            Opnd::A => src(i.a, if mods { i.mod_a } else { 0 }),
            Opnd::B => src(i.b, if mods { i.mod_b } else { 0 }),
            Opnd::C => src(i.c, if mods { i.mod_c } else { 0 }),
            Opnd::Pa => format!("{}{}", if i.mod_a & 2 != 0 { "!" } else { "" }, pred_name(i.a)),
            Opnd::Pb => format!("{}{}", if i.mod_b & 2 != 0 { "!" } else { "" }, pred_name(i.b)),
            Opnd::Ps => pred_name(i.psrc),
            Opnd::Sreg => format!("%{}", SREGS[i.a as usize]),
            Opnd::Imm => format!("{:#x}", i.imm),
            Opnd::Mem => {
                if i.imm == 0 {
                    format!("[r{}]", i.a)
                } else if i.imm < 0x8000_0000 {
                    format!("[r{}+{:#x}]", i.a, i.imm)
                } else {
                    format!("[r{}-{:#x}]", i.a, i.imm.wrapping_neg())
                }
            }
            Opnd::MemR => format!("[r{}]", i.a),
            Opnd::Target => format!("{}", i.imm),
            Opnd::Rpc => format!("{}", i.rpc),
            Opnd::BarId => format!("{}", i.imm),
        })
        .collect();
    if !ops.is_empty() {
        s += " ";
        s += &ops.join(", ");
    }
    s
}

/// Disassembles a program, one `pc: text` line per word; undecodable words are errors.
pub fn disasm_program(words: &[u64]) -> Result<String, String> {
    let mut out = String::new();
    for (pc, &w) in words.iter().enumerate() {
        let i = decode(w).map_err(|e| format!("word {pc}: {e}"))?;
        out += &format!("{}\n", disasm(&i));
    }
    Ok(out)
}

/// A cursor over one line.
struct Cur<'a> {
    s: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> Cur<'a> {
    fn e<T>(&self, msg: impl Into<String>) -> Result<T, AsmError> {
        Err(AsmError { line: self.line, col: self.pos + 1, msg: msg.into() })
    }
    fn ws(&mut self) {
        while self.pos < self.s.len() && (self.s[self.pos] == b' ' || self.s[self.pos] == b'\t') {
            self.pos += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: u8) -> Result<(), AsmError> {
        if self.eat(c) {
            Ok(())
        } else {
            self.e(format!("expected '{}'", c as char))
        }
    }
    /// An identifier-like word: letters, digits, '_', '.', '%', '$'.
    fn word(&mut self) -> &'a str {
        self.ws();
        let st = self.pos;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'%' || c == b'$' {
                self.pos += 1;
            } else {
                break;
            }
        }
        std::str::from_utf8(&self.s[st..self.pos]).unwrap_or("")
    }
    fn at_end(&mut self) -> bool {
        self.ws();
        self.pos >= self.s.len()
    }
}

fn parse_num(t: &str) -> Option<u64> {
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else {
        t.parse::<u64>().ok()
    }
}

fn reg(c: &mut Cur) -> Result<u8, AsmError> {
    c.ws();
    let st = c.pos;
    let w = c.word();
    let n = w.strip_prefix('r').and_then(|d| if d.is_empty() || (d.len() > 1 && d.starts_with('0')) { None } else { d.parse::<u32>().ok() });
    match n {
        Some(n) if n < NUM_REGS as u32 => Ok(n as u8),
        Some(_) => {
            c.pos = st;
            c.e(format!("register '{w}' out of range (r0..r127)"))
        }
        None => {
            c.pos = st;
            c.e(format!("expected a register rN, found '{w}'"))
        }
    }
}

fn pred(c: &mut Cur) -> Result<u8, AsmError> {
    c.ws();
    let st = c.pos;
    let w = c.word();
    if w == "pt" {
        return Ok(PT);
    }
    match w.strip_prefix('p').and_then(|d| if d.len() == 1 { d.parse::<u8>().ok() } else { None }) {
        Some(n) if n < 7 => Ok(n),
        _ => {
            c.pos = st;
            c.e(format!("expected a predicate p0..p6 or pt, found '{w}'"))
        }
    }
}

/// A source register with optional `-` and `|..|`; returns (reg, mod bits).
fn src_mod(c: &mut Cur, allow: bool) -> Result<(u8, u8), AsmError> {
    c.ws();
    let st = c.pos;
    let mut m = 0u8;
    if c.eat(b'-') {
        m |= 2;
    }
    if c.eat(b'|') {
        m |= 1;
    }
    let r = reg(c)?;
    if m & 1 == 1 {
        c.expect(b'|')?;
    }
    if m != 0 && !allow {
        c.pos = st;
        return c.e("this instruction takes no source modifiers");
    }
    Ok((r, m))
}

/// A number, a signed decimal, or a label (resolved through `labels`).
fn value(c: &mut Cur, labels: &HashMap<String, u32>, what: &str) -> Result<u64, AsmError> {
    c.ws();
    let st = c.pos;
    let neg = c.eat(b'-');
    c.ws();
    let w = c.word();
    if w.is_empty() {
        c.pos = st;
        return c.e(format!("expected {what}"));
    }
    if let Some(v) = parse_num(w) {
        if neg {
            if v > 0x8000_0000 {
                c.pos = st;
                return c.e(format!("{what} -{w} out of range"));
            }
            return Ok((v as u32).wrapping_neg() as u64);
        }
        return Ok(v);
    }
    if !neg {
        if let Some(&pc) = labels.get(w) {
            return Ok(pc as u64);
        }
    }
    c.pos = st;
    c.e(format!("expected {what}, found '{w}' (not a number or a known label)"))
}

fn imm32(c: &mut Cur, labels: &HashMap<String, u32>, what: &str) -> Result<u32, AsmError> {
    let st = c.pos;
    let v = value(c, labels, what)?;
    if v > u32::MAX as u64 {
        c.pos = st;
        c.ws();
        return c.e(format!("{what} {v:#x} does not fit 32 bits"));
    }
    Ok(v as u32)
}

/// Parses one instruction (without label or comment) at cursor `c`.
fn parse_instr(c: &mut Cur, labels: &HashMap<String, u32>) -> Result<Instr, AsmError> {
    let mut i = Instr::default();
    c.ws();
    if c.eat(b'@') {
        i.guard.neg = c.eat(b'!');
        i.guard.pred = pred(c)?;
    }
    c.ws();
    let mst = c.pos;
    let full = c.word();
    let mut toks = full.split('.');
    let name = toks.next().unwrap_or("");
    let def = match opdef_by_name(name) {
        Some(d) => d,
        None => return Err(AsmError { line: c.line, col: mst + 1, msg: format!("unknown mnemonic '{name}'") }),
    };
    i.op = def.code;
    let f = def.fields;
    let toks: Vec<&str> = toks.collect();
    let line = c.line;
    let merr = |m: String| AsmError { line, col: mst + 1, msg: format!("{}: {m}", full) };
    let mut k = 0;
    let mut seen = 0u32;
    let mut set = |bit: u32, what: &str| -> Result<(), AsmError> {
        if seen & bit != 0 {
            return Err(merr(format!("{what} given twice")));
        }
        seen |= bit;
        Ok(())
    };
    if f & KIND != 0 {
        if toks.len() < 2 {
            return Err(merr("cvt needs a kind such as .f32.s32".into()));
        }
        let kn = format!("{}.{}", toks[0], toks[1]);
        match heddle_hw::isa::kind_names(def.code).iter().position(|&x| x == kn) {
            Some(p) => i.kind = p as u8,
            None => return Err(merr(format!("unknown cvt kind '{kn}'"))),
        }
        k = 2;
        set(KIND, "kind")?;
    }
    for &t in &toks[k..] {
        let pos = |names: &[&str]| names.iter().position(|&x| x == t).map(|p| p as u8);
        if f & CMP_INT != 0 && pos(&ICMP_NAMES).is_some() {
            set(CMP_INT, "comparison")?;
            i.cmp = pos(&ICMP_NAMES).unwrap_or(0);
        } else if f & CMP_FP != 0 && pos(&CMP_NAMES[..14]).is_some() {
            set(CMP_FP, "comparison")?;
            i.cmp = pos(&CMP_NAMES[..14]).unwrap_or(0);
        } else if f & (RND2 | RND4) != 0 && (pos(&RND_NAMES).is_some() || pos(&RNDI_NAMES).is_some()) {
            set(RND4, "rounding")?;
            i.rnd = pos(&RND_NAMES).or(pos(&RNDI_NAMES)).unwrap_or(0);
        } else if f & SIGNED != 0 && (t == "s32" || t == "u32") {
            set(SIGNED, "signedness")?;
            i.signed = t == "s32";
        } else if f & SAT != 0 && t == "sat" {
            set(SAT, "sat")?;
            i.sat = true;
        } else if f & SUB != 0 && pos(heddle_hw::isa::sub_names(i.op)).is_some() {
            set(SUB, "sub-operation")?;
            i.sub = pos(heddle_hw::isa::sub_names(i.op)).unwrap_or(0);
        } else if f & SPACE != 0 && pos(&space::NAMES).is_some() {
            set(SPACE, "memory space")?;
            i.space = pos(&space::NAMES).unwrap_or(0);
        } else if f & SPACE != 0 && i.op != op::ATOM && pos(&size::NAMES).is_some() {
            set(1 << 20, "access size")?;
            i.size = pos(&size::NAMES).unwrap_or(0);
        } else if f & UNI != 0 && t == "uni" {
            set(UNI, "uni")?;
            i.uni = true;
        } else {
            return Err(merr(format!("modifier '.{t}' not valid for {name}")));
        }
    }
    let need = |bit: u32, what: &str| -> Result<(), AsmError> {
        if f & bit != 0 && seen & bit == 0 {
            Err(AsmError { line, col: mst + 1, msg: format!("{full}: missing {what}") })
        } else {
            Ok(())
        }
    };
    need(CMP_INT | CMP_FP, "comparison (.eq, .lt, ...)")?;
    need(SPACE, "memory space (.global, .shared, ...)")?;
    need(SUB, "sub-operation")?;
    if f & SPACE != 0 && i.op != op::ATOM && seen & (1 << 20) == 0 {
        return Err(AsmError { line: c.line, col: mst + 1, msg: format!("{full}: missing access size (.b32, .u8, ...)") });
    }
    let mods = f & MODS != 0;
    for (n, o) in def.operands.iter().enumerate() {
        if n > 0 {
            c.expect(b',')?;
        }
        match o {
            Opnd::D | Opnd::Sd => i.d = reg(c)?,
            Opnd::Pd => i.d = pred(c)?,
            Opnd::A => (i.a, i.mod_a) = src_mod(c, mods)?,
            Opnd::B => (i.b, i.mod_b) = src_mod(c, mods)?,
            Opnd::C => (i.c, i.mod_c) = src_mod(c, mods)?,
            Opnd::Pa => {
                i.mod_a = if c.eat(b'!') { 2 } else { 0 };
                i.a = pred(c)?;
            }
            Opnd::Pb => {
                i.mod_b = if c.eat(b'!') { 2 } else { 0 };
                i.b = pred(c)?;
            }
            Opnd::Ps => i.psrc = pred(c)?,
            Opnd::Sreg => {
                c.ws();
                let st = c.pos;
                let w = c.word();
                match w.strip_prefix('%').and_then(|n| SREGS.iter().position(|&x| x == n)) {
                    Some(p) => i.a = p as u8,
                    None => {
                        c.pos = st;
                        return c.e(format!("unknown special register '{w}'"));
                    }
                }
            }
            Opnd::Imm => i.imm = imm32(c, labels, "an immediate")?,
            Opnd::Mem | Opnd::MemR => {
                c.expect(b'[')?;
                i.a = reg(c)?;
                if *o == Opnd::Mem {
                    c.ws();
                    if c.peek() == Some(b'+') || c.peek() == Some(b'-') {
                        let neg = c.peek() == Some(b'-');
                        c.pos += 1;
                        let v = imm32(c, labels, "an offset")?;
                        i.imm = if neg { v.wrapping_neg() } else { v };
                    }
                }
                c.expect(b']')?;
            }
            Opnd::Target | Opnd::Rpc => {
                let st = c.pos;
                let v = value(c, labels, "a code address")?;
                if v > MAX_PC as u64 {
                    c.pos = st;
                    c.ws();
                    return c.e(format!("code address {v} beyond 2^24 - 1"));
                }
                if *o == Opnd::Target {
                    i.imm = v as u32
                } else {
                    i.rpc = v as u32
                }
            }
            Opnd::BarId => {
                let st = c.pos;
                let v = value(c, labels, "a barrier number")?;
                if v > 15 {
                    c.pos = st;
                    c.ws();
                    return c.e(format!("barrier {v} out of range (0..15)"));
                }
                i.imm = v as u32;
            }
        }
    }
    if !c.at_end() {
        return c.e("unexpected text after the instruction");
    }
    if let Err(e) = validate(&i) {
        return Err(AsmError { line: c.line, col: mst + 1, msg: e.0 });
    }
    Ok(i)
}

fn strip_comment(l: &str) -> &str {
    let mut end = l.len();
    if let Some(p) = l.find("//") {
        end = end.min(p);
    }
    if let Some(p) = l.find('#') {
        end = end.min(p);
    }
    &l[..end]
}

/// Splits a leading `label:`; returns (label, rest, column of rest).
fn split_label(l: &str) -> (Option<&str>, &str, usize) {
    if let Some(p) = l.find(':') {
        let lab = l[..p].trim();
        if !lab.is_empty() && lab.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.') {
            return (Some(lab), &l[p + 1..], p + 1);
        }
    }
    (None, l, 0)
}

/// Assembles a program: labels name the next instruction's index.
pub fn assemble(text: &str) -> Result<Vec<Instr>, AsmError> {
    let mut labels = HashMap::new();
    let mut pc = 0u32;
    for (n, raw) in text.lines().enumerate() {
        let l = strip_comment(raw);
        let (lab, rest, _) = split_label(l);
        if let Some(lab) = lab {
            if lab.as_bytes()[0].is_ascii_digit() || lab.starts_with('r') && lab[1..].parse::<u32>().is_ok() {
                return Err(AsmError { line: n + 1, col: 1, msg: format!("'{lab}' cannot be a label (number or register name)") });
            }
            if labels.insert(lab.to_string(), pc).is_some() {
                return Err(AsmError { line: n + 1, col: 1, msg: format!("label '{lab}' defined twice") });
            }
        }
        if !rest.trim().is_empty() {
            pc += 1;
        }
    }
    let mut out = vec![];
    for (n, raw) in text.lines().enumerate() {
        let l = strip_comment(raw);
        let (_, rest, off) = split_label(l);
        if rest.trim().is_empty() {
            continue;
        }
        let mut c = Cur { s: l.as_bytes(), pos: off, line: n + 1 };
        out.push(parse_instr(&mut c, &labels)?);
    }
    Ok(out)
}

/// Assembles to 64-bit words.
pub fn assemble_words(text: &str) -> Result<Vec<u64>, AsmError> {
    let prog = assemble(text)?;
    prog.iter()
        .map(|i| encode(i).map_err(|e| AsmError { line: 0, col: 0, msg: e.0 }))
        .collect()
}

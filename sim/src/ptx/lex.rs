//! PTX tokens.
use super::{Loc, PtxError};

#[derive(Debug, Clone, PartialEq)]
pub enum TokKind {
    /// Identifiers, directives, opcodes with modifiers, registers: `[A-Za-z_$%.][A-Za-z0-9_$.]*`.
    Word(String),
    /// An integer literal (decimal, hex, octal or binary; u64 literals kept as their bits).
    Int(i64),
    F32(u32),
    F64(u64),
    /// Any other token starting with a digit (`3.2` of `.version`).
    Num(String),
    Str(String),
    Punct(char),
    Eof,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Tok {
    pub kind: TokKind,
    pub loc: Loc,
}

impl Tok {
    pub fn describe(&self) -> String {
        match &self.kind {
            TokKind::Word(w) => format!("'{w}'"),
            TokKind::Int(v) => format!("'{v}'"),
            TokKind::F32(b) => format!("'0f{b:08X}'"),
            TokKind::F64(b) => format!("'0d{b:016X}'"),
            TokKind::Num(s) => format!("'{s}'"),
            TokKind::Str(s) => format!("string \"{s}\""),
            TokKind::Punct(c) => format!("'{c}'"),
            TokKind::Eof => "end of file".into(),
        }
    }
}

pub struct Lexer<'a> {
    file: &'a str,
    s: &'a [u8],
    i: usize,
    line: u32,
    col: u32,
}

/// Longest token accepted (longer words are rejected, bounding memory on hostile input).
const MAX_TOKEN: usize = 4096;

impl<'a> Lexer<'a> {
    pub fn new(file: &'a str, s: &'a [u8]) -> Self {
        Lexer { file, s, i: 0, line: 1, col: 1 }
    }

    fn err<T>(&self, loc: Loc, msg: String) -> Result<T, PtxError> {
        Err(PtxError { file: self.file.to_string(), loc, instr: None, msg })
    }

    fn adv(&mut self) {
        if let Some(&c) = self.s.get(self.i) {
            self.i += 1;
            if c == b'\n' {
                self.line = self.line.saturating_add(1);
                self.col = 1;
            } else {
                self.col = self.col.saturating_add(1);
            }
        }
    }

    fn at(&self, k: usize) -> u8 {
        self.s.get(self.i + k).copied().unwrap_or(0)
    }

    pub fn run(mut self) -> Result<Vec<Tok>, PtxError> {
        let mut out = vec![];
        loop {
            // whitespace and comments
            loop {
                let c = self.at(0);
                if self.i < self.s.len() && (c == b' ' || c == b'\t' || c == b'\n' || c == b'\r') {
                    self.adv();
                } else if c == b'/' && self.at(1) == b'/' {
                    while self.i < self.s.len() && self.at(0) != b'\n' {
                        self.adv();
                    }
                } else if c == b'/' && self.at(1) == b'*' {
                    let loc = Loc { line: self.line, col: self.col };
                    self.adv();
                    self.adv();
                    loop {
                        if self.i >= self.s.len() {
                            return self.err(loc, "unterminated /* comment".into());
                        }
                        if self.at(0) == b'*' && self.at(1) == b'/' {
                            self.adv();
                            self.adv();
                            break;
                        }
                        self.adv();
                    }
                } else {
                    break;
                }
            }
            let loc = Loc { line: self.line, col: self.col };
            if self.i >= self.s.len() {
                out.push(Tok { kind: TokKind::Eof, loc });
                return Ok(out);
            }
            let c = self.at(0);
            let word_start = |c: u8| c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c == b'%' || c == b'.';
            let word_char = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.';
            let kind = if word_start(c) {
                let st = self.i;
                self.adv();
                while self.i < self.s.len() && word_char(self.at(0)) {
                    self.adv();
                }
                if self.i - st > MAX_TOKEN {
                    return self.err(loc, format!("token longer than {MAX_TOKEN} bytes"));
                }
                TokKind::Word(String::from_utf8_lossy(&self.s[st..self.i]).into_owned())
            } else if c.is_ascii_digit() {
                let st = self.i;
                while self.i < self.s.len() && word_char(self.at(0)) {
                    self.adv();
                }
                if self.i - st > MAX_TOKEN {
                    return self.err(loc, format!("token longer than {MAX_TOKEN} bytes"));
                }
                number(&String::from_utf8_lossy(&self.s[st..self.i]))
            } else if c == b'"' {
                self.adv();
                let st = self.i;
                while self.i < self.s.len() && self.at(0) != b'"' && self.at(0) != b'\n' {
                    self.adv();
                }
                if self.at(0) != b'"' || self.i >= self.s.len() {
                    return self.err(loc, "unterminated string".into());
                }
                let s = String::from_utf8_lossy(&self.s[st..self.i]).into_owned();
                self.adv();
                TokKind::Str(s)
            } else if b",;:[]{}()<>@!+-=|".contains(&c) {
                self.adv();
                TokKind::Punct(c as char)
            } else {
                return self.err(loc, format!("unexpected character {}", if c.is_ascii_graphic() { format!("'{}'", c as char) } else { format!("byte 0x{c:02x}") }));
            };
            out.push(Tok { kind, loc });
        }
    }
}

/// Interprets a token that starts with a digit.
fn number(t: &str) -> TokKind {
    let hex = |h: &str, n: usize| if h.len() == n { u64::from_str_radix(h, 16).ok() } else { None };
    let t2 = t.strip_suffix('U').unwrap_or(t);
    let v = if let Some(h) = t.strip_prefix("0f").or_else(|| t.strip_prefix("0F")) {
        return hex(h, 8).map(|b| TokKind::F32(b as u32)).unwrap_or(TokKind::Num(t.into()));
    } else if let Some(h) = t.strip_prefix("0d").or_else(|| t.strip_prefix("0D")) {
        return hex(h, 16).map(TokKind::F64).unwrap_or(TokKind::Num(t.into()));
    } else if let Some(h) = t2.strip_prefix("0x").or_else(|| t2.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else if let Some(b) = t2.strip_prefix("0b").or_else(|| t2.strip_prefix("0B")) {
        u64::from_str_radix(b, 2).ok()
    } else if t2.len() > 1 && t2.starts_with('0') {
        u64::from_str_radix(&t2[1..], 8).ok()
    } else {
        t2.parse::<u64>().ok()
    };
    match v {
        Some(v) => TokKind::Int(v as i64),
        None => TokKind::Num(t.into()),
    }
}

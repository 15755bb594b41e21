//! False combinational loops in the exported Verilog, cut for Verilator.
//!
//! rust-hdl exports each block's `update` as one `always @(*)` block. When that block
//! computes a child's input (an asynchronous RAM's read address, a unit's request) and reads
//! the child's output, Verilator sees a loop through the block (warning `UNOPTFLAT`) and
//! evaluates the whole block again until its signals settle, every clock: on the SM, a
//! third of the simulation time. Verilator's `/*verilator isolate_assignments*/` on such a
//! signal moves its assignments (with their enclosing `if` and `case`) into a block of their
//! own, which cuts the loop.
//!
//! That move is exact only when the signal's assignments read the same values in a block of
//! their own: rust-hdl reuses a `Local` within a block (`ext` assigned once per lane, each
//! lane's result copied out of it), so a moved copy would read the lane-7 value for every
//! lane. [`safe_signals`] finds the signals whose move cannot change a value: every signal
//! read by an assignment to it (right-hand side and enclosing conditions) is not assigned
//! again later in the block, and nothing else in the block reads it before its last
//! assignment. [`annotate`] marks a chosen set of them; [`unoptflat_signals`] reads
//! Verilator's warnings, so the Verilator build marks the safe signals of the loops
//! Verilator reports, a few rounds (docs/sm.md, "Simulation speed").
use std::collections::{BTreeSet, HashMap, HashSet};

/// The attribute, as written after a signal's name in its declaration.
pub const ATTRIBUTE: &str = "/*verilator isolate_assignments*/";

fn tokens(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let (mut i, mut out) = (0, vec![]);
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if b[i..].starts_with(b"/*") {
            i += 2;
            while i + 1 < b.len() && !b[i..].starts_with(b"*/") {
                i += 1;
            }
            i += 2;
            continue;
        }
        if c.is_ascii_alphanumeric() || c == b'_' || c == b'\'' {
            // identifiers (with rust-hdl's `$`), numbers and sized literals (32'h1f)
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$' || b[i] == b'\'') {
                i += 1;
            }
        } else {
            let three = ["===", "!==", "<<<", ">>>"];
            let two = ["==", "!=", "<=", ">=", "<<", ">>", "&&", "||", "+:", "-:"];
            i += if three.iter().any(|t| b[i..].starts_with(t.as_bytes())) {
                3
            } else if two.iter().any(|t| b[i..].starts_with(t.as_bytes())) {
                2
            } else {
                1
            };
        }
        out.push(&s[start..i.min(s.len())]);
    }
    out
}

fn is_ident(t: &str) -> bool {
    t.as_bytes().first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        && !matches!(t, "begin" | "end" | "if" | "else" | "case" | "casez" | "casex" | "endcase" | "default")
}

/// One always block's statements, read in order: each assignment's position, target and
/// the signals it depends on; every read's position and reader.
#[derive(Default)]
struct Block<'a> {
    pos: usize,
    /// target -> (position, signals read by the assignment and its enclosing conditions)
    assigns: HashMap<&'a str, Vec<(usize, HashSet<&'a str>)>>,
    /// (position, signal read, the statement's first target if an assignment)
    reads: Vec<(usize, &'a str, Option<&'a str>)>,
}

struct Parser<'a> {
    t: Vec<&'a str>,
    i: usize,
    b: Block<'a>,
}

impl<'a> Parser<'a> {
    fn next(&mut self) -> Result<&'a str, ()> {
        let t = *self.t.get(self.i).ok_or(())?;
        self.i += 1;
        Ok(t)
    }

    fn peek(&self) -> Option<&'a str> {
        self.t.get(self.i).copied()
    }

    /// The tokens inside the parentheses that follow.
    fn paren(&mut self) -> Result<Vec<&'a str>, ()> {
        if self.next()? != "(" {
            return Err(());
        }
        let (mut depth, mut out) = (1, vec![]);
        loop {
            let t = self.next()?;
            depth += (t == "(") as i32 - (t == ")") as i32;
            if depth == 0 {
                return Ok(out);
            }
            out.push(t);
        }
    }

    fn condition(&mut self, conds: &[HashSet<&'a str>]) -> Result<Vec<HashSet<&'a str>>, ()> {
        let c: HashSet<&str> = self.paren()?.into_iter().filter(|t| is_ident(t)).collect();
        self.b.pos += 1;
        for v in &c {
            self.b.reads.push((self.b.pos, v, None));
        }
        Ok([conds, &[c]].concat())
    }

    fn stmt(&mut self, conds: &[HashSet<&'a str>]) -> Result<(), ()> {
        match self.peek().ok_or(())? {
            "begin" => {
                self.next()?;
                while self.peek().ok_or(())? != "end" {
                    self.stmt(conds)?;
                }
                self.next()?;
            }
            "if" => {
                self.next()?;
                let cc = self.condition(conds)?;
                self.stmt(&cc)?;
                if self.peek() == Some("else") {
                    self.next()?;
                    self.stmt(&cc)?;
                }
            }
            "case" | "casez" | "casex" => {
                self.next()?;
                let cc = self.condition(conds)?;
                while self.peek().ok_or(())? != "endcase" {
                    // a label: up to its colon outside brackets
                    let mut depth = 0;
                    loop {
                        match self.next()? {
                            "(" | "[" | "{" => depth += 1,
                            ")" | "]" | "}" => depth -= 1,
                            ":" if depth == 0 => break,
                            _ => {}
                        }
                    }
                    self.stmt(&cc)?;
                }
                self.next()?;
            }
            ";" => {
                self.next()?;
            }
            _ => {
                let mut lhs = vec![];
                loop {
                    match self.next()? {
                        "=" => break,
                        t => lhs.push(t),
                    }
                }
                let mut rhs = vec![];
                loop {
                    match self.next()? {
                        ";" => break,
                        t => rhs.push(t),
                    }
                }
                self.b.pos += 1;
                let p = self.b.pos;
                let targets: Vec<&str> = lhs.iter().copied().filter(|t| is_ident(t)).collect();
                // a part-select target reads its index (and keeps the other bits)
                let mut read: HashSet<&str> = rhs.iter().copied().filter(|t| is_ident(t)).collect();
                if lhs.len() > 1 {
                    read.extend(targets.iter().skip(1));
                }
                let mut all = read.clone();
                for c in conds {
                    all.extend(c);
                }
                for v in &targets {
                    let mut a = all.clone();
                    a.remove(v);
                    self.b.assigns.entry(v).or_default().push((p, a));
                }
                for v in read {
                    self.b.reads.push((p, v, targets.first().copied()));
                }
            }
        }
        Ok(())
    }
}

/// The signals of one always block's body (`begin ... end`) whose assignments can move into
/// a block of their own without changing a value; `None` when the block is not understood.
fn block_safe(body: &str) -> Option<HashSet<&str>> {
    let mut p = Parser { t: tokens(body), i: 0, b: Block::default() };
    while p.i < p.t.len() {
        p.stmt(&[]).ok()?;
    }
    let b = p.b;
    let last: HashMap<&str, usize> = b.assigns.iter().map(|(v, l)| (*v, l.iter().map(|a| a.0).max().unwrap_or(0))).collect();
    let mut first_read: HashMap<&str, usize> = HashMap::new();
    for &(pos, v, by) in &b.reads {
        if by != Some(v) {
            let e = first_read.entry(v).or_insert(pos);
            *e = (*e).min(pos);
        }
    }
    let safe = b
        .assigns
        .iter()
        .filter(|(x, l)| {
            l.iter().all(|(pos, read)| read.iter().all(|v| last.get(v).is_none_or(|lv| lv < pos)))
                && first_read.get(*x).is_none_or(|r| r > &last[*x])
        })
        .map(|(x, _)| *x)
        .collect();
    Some(safe)
}

/// Each module's safe signals: module name -> signals.
pub fn safe_signals(verilog: &str) -> HashMap<String, HashSet<String>> {
    let mut out: HashMap<String, HashSet<String>> = HashMap::new();
    for (name, text) in modules(verilog) {
        let mut rest = text;
        while let Some(at) = rest.find("always @(*) begin\n") {
            let body = &rest[at + "always @(*) ".len()..];
            let Some(end) = body.find("\n    end\n") else { break };
            if let Some(s) = block_safe(&body[..end + "\n    end".len()]) {
                out.entry(name.to_string()).or_default().extend(s.into_iter().map(str::to_string));
            }
            rest = &body[end..];
        }
    }
    out
}

/// The modules of `verilog`: (name, text from `module` to `endmodule`).
fn modules(verilog: &str) -> Vec<(&str, &str)> {
    let mut out = vec![];
    let mut rest = verilog;
    let mut base = 0;
    while let Some(at) = rest.find("\nmodule ").map(|a| a + 1).or_else(|| rest.starts_with("module ").then_some(0)) {
        let text = &rest[at..];
        let end = text.find("\nendmodule").map_or(text.len(), |e| e + "\nendmodule".len());
        let name = text["module ".len()..].split(['(', ' ', ';']).next().unwrap_or("");
        out.push((name, &text[..end]));
        base += at + end;
        rest = &verilog[base..];
    }
    out
}

/// The signals Verilator's `UNOPTFLAT` warnings name in `log` (the loop's signal and every
/// signal on its example path), as (module, signal): rust-hdl names the module of instance
/// path `sm.disp` `sm$disp`.
pub fn unoptflat_signals(log: &str) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for l in log.lines() {
        let path = if let Some(r) = l.split("Circular combinational logic: '").nth(1) {
            r.trim_end_matches('\'')
        } else if let Some(r) = l.split("Example path: ").nth(1) {
            r.trim()
        } else {
            continue;
        };
        if let Some((inst, sig)) = path.rsplit_once('.') {
            out.insert((inst.replace('.', "$"), sig.to_string()));
        }
    }
    out
}

/// `verilog` with [`ATTRIBUTE`] on the `reg` declarations of `marks` (module, signal).
pub fn annotate(verilog: &str, marks: &BTreeSet<(String, String)>) -> String {
    let mut out = String::with_capacity(verilog.len() + 64 * marks.len());
    let mut module = "";
    for line in verilog.split_inclusive('\n') {
        if let Some(r) = line.strip_prefix("module ") {
            module = r.split(['(', ' ', ';']).next().unwrap_or("");
        }
        let t = line.trim_end();
        let sig = t.trim_start().strip_prefix("reg ").and_then(|r| r.strip_suffix(';')).and_then(|r| r.split_whitespace().last());
        match sig {
            Some(s) if marks.contains(&(module.to_string(), s.to_string())) => {
                out.push_str(&t[..t.len() - 1]);
                out.push(' ');
                out.push_str(ATTRIBUTE);
                out.push_str(";\n");
            }
            _ => out.push_str(line),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reused_local_is_not_safe_and_a_final_one_is() {
        let body = "begin\n        ext = a;\n        if (s) begin\n            ext = b;\n        end\n        x$0 = ext;\n        ext = c;\n        x$1 = ext;\n        raddr = k;\n        y = rdata;\n    end";
        let s = block_safe(body).unwrap();
        assert!(!s.contains("x$0"), "x$0 reads ext, assigned again later");
        assert!(s.contains("x$1") && s.contains("raddr") && s.contains("y"));
        assert!(!s.contains("ext"), "ext is read between its assignments");
    }

    #[test]
    fn warnings_and_declarations() {
        let log = "%Warning-UNOPTFLAT: sm.v:4508:16: Signal unoptimizable: Circular combinational logic: 'sm.disp.base$4$raddr'\n   sm.v:325:10:      Example path: sm.disp$u_ok\n   sm.v:1:1:      Example path: ALWAYS\n";
        let m = unoptflat_signals(log);
        assert!(m.contains(&("sm$disp".into(), "base$4$raddr".into())) && m.contains(&("sm".into(), "disp$u_ok".into())));
        let v = "module sm$disp(a);\n    reg  [4:0] base$4$raddr;\n    reg  other;\nendmodule\n";
        let a = annotate(v, &m);
        assert!(a.contains("reg  [4:0] base$4$raddr /*verilator isolate_assignments*/;\n") && a.contains("    reg  other;\n"));
    }
}

//! Text form of a scheduler script: a program and its launch plan.
//!
//! ```text
//! # a comment (also //)
//! .cta 8                      # a CTA of 8 warps at pc 0 (type 0, all lanes)
//! .cta 2 pc=START type=1 mask=0x0000ffff
//! START:
//!       sp r1 <- r2, r3 lat 12          # SP class, destination r1, sources r2 r3
//!       fma r4:2 <- r2:2, r6:2 lat 16   # register pairs
//!       @p0 bra ELSE rpc JOIN taken 0x0000ffff
//!       sfumul r5 <- r1, r1 lat 12
//!       bra JOIN                        # no guard: uniform
//! ELSE: sfu r5 <- r1 lat 20
//! JOIN: mem r6 <- r5 lat 0 mem 40      # released by the memory pipeline 40 slots later
//!       setp p1 <- r6                   # `setp` = sp class writing a predicate
//!       @p1 exit when trips(1,0)        # per-thread outcomes
//!       bar
//!       exit
//! ```
//!
//! Classes: `sp sfu sfumul fma mem bra bar exit nop` (and `setp`, an `sp` whose
//! destination is a predicate). Operands: `rN`, `rN:2`, `rN:4`, `rN:8`, `pN` (N <= 6).
//! Guards `@pN` / `@!pN` (the negation is the SM's business: the outcome spec gives the
//! guard value after it). Branches: `bra TARGET [rpc LABEL|exit] [uni]`; without `rpc` the
//! reconvergence PC is the next instruction. Outcomes (`taken` or `when`): `all`, a mask,
//! `warps(m0, m1, ...)` by warp index in the CTA, `trips(t0, t1, ...)` by thread index in
//! the CTA, `seq(m0, m1, ...)` by execution number. Default latency: 1 (no scoreboard
//! entry). Errors name the line and column.
use super::{CtaPlan, Outcome, PInst, Program, WarpPlan};
use crate::golden::warp_sched::{class, Opnd, SInst, MAX_PC, NO_GUARD};
use std::collections::HashMap;

/// A parsed script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Script {
    pub prog: Program,
    pub plan: Vec<CtaPlan>,
}

#[derive(Debug)]
struct Tok {
    s: String,
    col: usize,
}

fn tokens(line: &str) -> Vec<Tok> {
    let mut out = vec![];
    let b: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == '#' || (c == '/' && b.get(i + 1) == Some(&'/')) {
            break;
        }
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let start = i;
        if c == '(' || c == ')' {
            out.push(Tok { s: c.to_string(), col: i + 1 });
            i += 1;
            continue;
        }
        if c == '<' && b.get(i + 1) == Some(&'-') {
            out.push(Tok { s: "<-".into(), col: i + 1 });
            i += 2;
            continue;
        }
        while i < b.len() && !b[i].is_whitespace() && b[i] != ',' && b[i] != '(' && b[i] != ')' && b[i] != '#' {
            if b[i] == '<' && b.get(i + 1) == Some(&'-') {
                break;
            }
            i += 1;
        }
        out.push(Tok { s: b[start..i].iter().collect(), col: start + 1 });
    }
    out
}

fn num(s: &str) -> Option<u64> {
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(&h.replace('_', ""), 16).ok()
    } else {
        s.replace('_', "").parse().ok()
    }
}

enum PcRef {
    Label(String, usize, usize),
    Value(u32),
}

struct Pending {
    pc: usize,
    target: Option<PcRef>,
    rpc: Option<PcRef>,
}

/// Parses a script; errors are `line:col: message`.
pub fn parse(text: &str) -> Result<Script, String> {
    let mut code: Vec<PInst> = vec![];
    let mut labels: HashMap<String, u32> = HashMap::new();
    let mut pend: Vec<Pending> = vec![];
    let mut ctas: Vec<(usize, usize, Vec<(String, String, usize)>)> = vec![];
    for (ln0, line) in text.lines().enumerate() {
        let ln = ln0 + 1;
        let toks = tokens(line);
        let mut k = 0;
        let err = |col: usize, m: String| format!("{ln}:{col}: {m}");
        if toks.is_empty() {
            continue;
        }
        if toks[0].s == ".cta" {
            let n = toks.get(1).ok_or_else(|| err(toks[0].col, ".cta needs a warp count".into()))?;
            let nw = num(&n.s).filter(|&v| (1..=32).contains(&v)).ok_or_else(|| err(n.col, format!("bad warp count `{}` (1..=32)", n.s)))?;
            let mut kv = vec![];
            for t in &toks[2..] {
                let Some((key, val)) = t.s.split_once('=') else {
                    return Err(err(t.col, format!("expected key=value, found `{}`", t.s)));
                };
                if !["pc", "type", "mask", "repeat"].contains(&key) {
                    return Err(err(t.col, format!("unknown .cta key `{key}` (pc, type, mask, repeat)")));
                }
                kv.push((key.to_string(), val.to_string(), t.col));
            }
            ctas.push((ln, nw as usize, kv));
            continue;
        }
        // Labels.
        while k < toks.len() && toks[k].s.ends_with(':') {
            let name = toks[k].s.trim_end_matches(':').to_string();
            if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                return Err(err(toks[k].col, format!("bad label `{name}`")));
            }
            if labels.insert(name.clone(), code.len() as u32).is_some() {
                return Err(err(toks[k].col, format!("label `{name}` defined twice")));
            }
            k += 1;
        }
        if k >= toks.len() {
            continue;
        }
        let mut inst = SInst { guard: NO_GUARD, lat: 1, ..Default::default() };
        if let Some(g) = toks[k].s.strip_prefix('@') {
            let g = g.strip_prefix('!').unwrap_or(g);
            let p = g.strip_prefix('p').and_then(num).filter(|&p| p <= 6);
            inst.guard = p.ok_or_else(|| err(toks[k].col, format!("bad guard `{}` (@p0..@p6)", toks[k].s)))? as u8;
            k += 1;
        }
        let op = toks.get(k).ok_or_else(|| err(toks[k - 1].col, "missing operation after the guard".into()))?;
        let (cls, setp) = match op.s.as_str() {
            "sp" => (class::SP, false),
            "setp" => (class::SP, true),
            "sfu" => (class::SFU, false),
            "sfumul" => (class::SFUMUL, false),
            "fma" => (class::FMA, false),
            "mem" => (class::MEM, false),
            "bra" => (class::BRA, false),
            "bar" => (class::BAR, false),
            "exit" => (class::EXIT, false),
            "nop" => (class::NOP, false),
            other => return Err(err(op.col, format!("unknown operation `{other}`"))),
        };
        inst.class = cls;
        k += 1;
        let mut p = PInst::new(inst);
        let pc = code.len();
        let mut target = None;
        let mut rpc = None;
        if cls == class::BRA {
            let t = toks.get(k).ok_or_else(|| err(op.col, "bra needs a target".into()))?;
            target = Some(pc_ref(&t.s, ln, t.col)?);
            k += 1;
        }
        // Operands: [dst <-] src...
        let is_reg = |s: &str| s.starts_with('r') || s.starts_with('p');
        let mut ops: Vec<(Opnd, usize)> = vec![];
        let mut dst: Option<(Opnd, usize)> = None;
        while k < toks.len() && (is_reg(&toks[k].s) && parse_opnd(&toks[k].s).is_some() || toks[k].s == "<-") {
            if toks[k].s == "<-" {
                if dst.is_some() || ops.len() != 1 {
                    return Err(err(toks[k].col, "`<-` must follow exactly one destination".into()));
                }
                dst = ops.pop();
                k += 1;
                continue;
            }
            ops.push((parse_opnd(&toks[k].s).unwrap(), toks[k].col));
            k += 1;
        }
        if matches!(cls, class::BRA | class::BAR | class::EXIT | class::NOP) && (dst.is_some() || !ops.is_empty()) {
            return Err(err(op.col, format!("{} takes no register operands", op.s)));
        }
        if ops.len() > 3 {
            return Err(err(ops[3].1, "at most 3 source operands".into()));
        }
        if let Some((d, col)) = dst {
            if setp != (d.id & 0x80 != 0) {
                return Err(err(col, if setp { "setp writes a predicate".into() } else { "use setp to write a predicate".into() }));
            }
            p.inst.dst = d;
        } else if setp {
            return Err(err(op.col, "setp needs a destination predicate".into()));
        }
        for (i, (o, _)) in ops.iter().enumerate() {
            p.inst.src[i] = *o;
        }
        // Keywords.
        while k < toks.len() {
            let t = &toks[k];
            match t.s.as_str() {
                "lat" | "mem" => {
                    let v = toks.get(k + 1).ok_or_else(|| err(t.col, format!("`{}` needs a value", t.s)))?;
                    let x = num(&v.s).ok_or_else(|| err(v.col, format!("bad number `{}`", v.s)))?;
                    if t.s == "lat" {
                        if x > 63 {
                            return Err(err(v.col, "latency is 0..=63 slots".into()));
                        }
                        p.inst.lat = x as u8;
                    } else {
                        if x == 0 || x > 100_000 {
                            return Err(err(v.col, "memory latency is 1..=100000 slots".into()));
                        }
                        p.mem_lat = x as u32;
                    }
                    k += 2;
                }
                "rpc" => {
                    if cls != class::BRA {
                        return Err(err(t.col, "rpc belongs to bra".into()));
                    }
                    let v = toks.get(k + 1).ok_or_else(|| err(t.col, "rpc needs a label".into()))?;
                    rpc = Some(if v.s == "exit" { PcRef::Value(MAX_PC) } else { pc_ref(&v.s, ln, v.col)? });
                    k += 2;
                }
                "uni" => {
                    if cls != class::BRA {
                        return Err(err(t.col, "uni belongs to bra".into()));
                    }
                    p.inst.uni = true;
                    k += 1;
                }
                "taken" | "when" => {
                    let (o, used) = parse_outcome(&toks[k + 1..], ln, t.col)?;
                    p.outcome = o;
                    k += 1 + used;
                }
                other => return Err(err(t.col, format!("unexpected `{other}`"))),
            }
        }
        if cls == class::MEM && p.inst.lat == 0 && p.mem_lat == 0 && p.inst.dst.v {
            return Err(err(op.col, "a `lat 0` memory instruction needs `mem N` (slots until the release)".into()));
        }
        if p.inst.lat == 0 && cls != class::MEM && p.inst.dst.v {
            return Err(err(op.col, "only memory instructions are released by the memory pipeline (lat 0)".into()));
        }
        if p.inst.guard == NO_GUARD && p.outcome != Outcome::All {
            return Err(err(op.col, "an outcome needs a guard predicate (@pN)".into()));
        }
        if cls == class::BRA {
            pend.push(Pending { pc, target, rpc });
        }
        code.push(p);
    }
    let resolve = |r: &PcRef| -> Result<u32, String> {
        match r {
            PcRef::Value(v) => Ok(*v),
            PcRef::Label(l, ln, col) => labels.get(l).copied().ok_or_else(|| format!("{ln}:{col}: undefined label `{l}`")),
        }
    };
    for b in pend {
        let i = &mut code[b.pc].inst;
        i.target = resolve(b.target.as_ref().unwrap())?;
        i.brpc = match &b.rpc {
            Some(r) => resolve(r)?,
            None => b.pc as u32 + 1,
        };
        if i.guard == NO_GUARD {
            i.uni = true;
        }
    }
    let mut plan = vec![];
    for (ln, nw, kv) in ctas {
        let mut wp = WarpPlan { wtype: 0, pc: 0, mask: u32::MAX };
        let mut repeat = 1;
        for (key, val, col) in kv {
            let bad = |m: &str| format!("{ln}:{col}: {m}");
            match key.as_str() {
                "pc" => {
                    wp.pc = match num(&val) {
                        Some(v) => v as u32,
                        None => *labels.get(&val).ok_or_else(|| bad(&format!("undefined label `{val}`")))?,
                    }
                }
                "type" => wp.wtype = num(&val).filter(|&t| t < 4).ok_or_else(|| bad("type is 0..=3"))? as u8,
                "mask" => wp.mask = num(&val).filter(|&m| m != 0 && m <= u32::MAX as u64).ok_or_else(|| bad("mask is a nonzero 32-bit value"))? as u32,
                _ => repeat = num(&val).filter(|&r| (1..=10_000).contains(&r)).ok_or_else(|| bad("repeat is 1..=10000"))? as usize,
            }
        }
        for _ in 0..repeat {
            plan.push(CtaPlan { warps: vec![wp; nw] });
        }
    }
    if code.is_empty() {
        return Err("the script has no instructions".into());
    }
    if plan.is_empty() {
        return Err("the script launches nothing (add `.cta N`)".into());
    }
    for (pc, p) in code.iter().enumerate() {
        if p.inst.class == class::BRA && p.inst.target as usize >= code.len() {
            return Err(format!("branch at pc {pc}: target {} is outside the program", p.inst.target));
        }
    }
    Ok(Script { prog: Program { code }, plan })
}

fn pc_ref(s: &str, ln: usize, col: usize) -> Result<PcRef, String> {
    match num(s) {
        Some(v) if v < MAX_PC as u64 => Ok(PcRef::Value(v as u32)),
        Some(_) => Err(format!("{ln}:{col}: pc {s} out of range")),
        None if s.chars().all(|c| c.is_alphanumeric() || c == '_') => Ok(PcRef::Label(s.into(), ln, col)),
        None => Err(format!("{ln}:{col}: bad label `{s}`")),
    }
}

fn parse_opnd(s: &str) -> Option<Opnd> {
    if let Some(p) = s.strip_prefix('p') {
        let v = num(p)?;
        return if v <= 6 { Some(Opnd::pred(v as u8)) } else { None };
    }
    let r = s.strip_prefix('r')?;
    let (n, w) = match r.split_once(':') {
        Some((n, w)) => (n, w),
        None => (r, "1"),
    };
    let n = num(n)?;
    let wc = match w {
        "1" => 0,
        "2" => 1,
        "4" => 2,
        "8" => 3,
        _ => return None,
    };
    if n > 127 || n % (1 << wc) != 0 {
        return None;
    }
    Some(Opnd::regs(n as u8, wc))
}

fn parse_outcome(t: &[Tok], ln: usize, col: usize) -> Result<(Outcome, usize), String> {
    let first = t.first().ok_or_else(|| format!("{ln}:{col}: missing outcome"))?;
    let bad = |c: usize, m: String| format!("{ln}:{c}: {m}");
    if first.s == "all" {
        return Ok((Outcome::All, 1));
    }
    if let Some(m) = num(&first.s) {
        if m > u32::MAX as u64 {
            return Err(bad(first.col, "a mask is 32 bits".into()));
        }
        return Ok((Outcome::Mask(m as u32), 1));
    }
    let kind = first.s.as_str();
    if !["warps", "trips", "seq"].contains(&kind) {
        return Err(bad(first.col, format!("bad outcome `{kind}` (all, a mask, warps(..), trips(..), seq(..))")));
    }
    if t.get(1).map(|x| x.s.as_str()) != Some("(") {
        return Err(bad(first.col, format!("`{kind}` needs a list in parentheses")));
    }
    let mut v = vec![];
    let mut i = 2;
    loop {
        let x = t.get(i).ok_or_else(|| bad(first.col, "unclosed list".into()))?;
        if x.s == ")" {
            break;
        }
        let n = num(&x.s).filter(|&n| n <= u32::MAX as u64).ok_or_else(|| bad(x.col, format!("bad number `{}`", x.s)))?;
        v.push(n as u32);
        i += 1;
    }
    if v.is_empty() {
        return Err(bad(first.col, "empty list".into()));
    }
    let o = match kind {
        "warps" => Outcome::WarpMasks(v),
        "trips" => Outcome::Trips(v),
        _ => Outcome::Seq(v),
    };
    Ok((o, i + 1))
}

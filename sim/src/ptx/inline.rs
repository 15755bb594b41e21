//! Device functions (`.func`) and calls: the translator inlines every `call` of a kernel
//! (the G80 has no call stack for registers; CUDA 1.x inlined every device function too).
//!
//! [`inline_calls`] replaces each `call (rets), f, (args)` by a copy of `f`'s body in which
//! - `f`'s registers are renamed `%i<N>_<name>` (N counts the inlined copies of the kernel),
//!   its labels and variables `<name>#i<N>`, so every copy is separate;
//! - `f`'s formal parameters and return parameters are the call's argument and return
//!   variables (the `.param` variables of the call sequence; a register or immediate
//!   argument is first stored into a new one);
//! - `ret` branches to the end of the copy (a final `ret` is dropped);
//! - a guarded call branches around its copy.
//! Calls inside `f` are inlined the same way; recursion is refused with the cycle named.
//!
//! Then every `.param` variable of the kernel body (the call sequences' arguments and
//! results) becomes storage the SM has: registers when the variable is only accessed as
//! whole 32- and 64-bit scalars at fixed offsets (what clang emits for scalar and most
//! struct arguments), otherwise per-thread local memory (`ld/st.param` become
//! `ld/st.local`).
use super::{rename_regs, rename_syms, split_reg, Entry, Instr, Module, Operand, PtxError, RegDecl, Stmt, Ty, VarDecl};
use std::borrow::Cow;
use std::collections::HashMap;

/// Statements an inlined kernel may grow to.
const MAX_STMTS: usize = 1 << 18;
/// Calls nested in calls.
const MAX_DEPTH: usize = 64;

type R<T> = Result<T, PtxError>;

/// Kernel `e` of module `m` with its calls inlined and its `.param` variables turned into
/// registers or local memory (the kernel itself when it has neither).
pub(crate) fn inline_calls<'a>(m: &Module, e: &'a Entry) -> R<Cow<'a, Entry>> {
    let calls = e.body.iter().any(|s| matches!(s, Stmt::Instr(i) if i.opcode == "call"));
    if !calls && !e.vars.iter().any(|v| v.space == "param") {
        return Ok(Cow::Borrowed(e));
    }
    let mut out = Entry { body: vec![], ..e.clone() };
    let mut inl = Inliner { m, n: 0, stack: vec![e.name.clone()], out: &mut out };
    inl.expand(&e.body)?;
    param_vars(&mut out);
    Ok(Cow::Owned(out))
}

struct Inliner<'a, 'b> {
    m: &'a Module,
    n: u32,
    /// The kernel and the functions being inlined, outermost first.
    stack: Vec<String>,
    out: &'b mut Entry,
}

impl Inliner<'_, '_> {
    fn err<T>(&self, i: &Instr, msg: String) -> R<T> {
        Err(PtxError { file: self.m.file.clone(), loc: i.loc, instr: Some(i.full_name()), msg })
    }

    fn expand(&mut self, body: &[Stmt]) -> R<()> {
        for s in body {
            match s {
                Stmt::Instr(i) if i.opcode == "call" => self.call(i)?,
                s => self.out.body.push(s.clone()),
            }
            if self.out.body.len() > MAX_STMTS {
                let loc = match s {
                    Stmt::Instr(i) => i.loc,
                    Stmt::Label(_, l) => *l,
                };
                return Err(PtxError {
                    file: self.m.file.clone(),
                    loc,
                    instr: None,
                    msg: format!("inlining the device functions of {} makes it longer than {MAX_STMTS} statements", self.stack[0]),
                });
            }
        }
        Ok(())
    }

    fn call(&mut self, c: &Instr) -> R<()> {
        let (rets, fname, args) = match &c.operands[..] {
            [Operand::Vec(r), Operand::Sym(f), Operand::Vec(a)] => (r, f, a),
            _ => return self.err(c, "malformed call".into()),
        };
        let f = match self.m.funcs.iter().filter(|f| f.name == *fname).max_by_key(|f| !f.no_body) {
            Some(f) if f.no_body => {
                return self.err(c, format!("call of the external function {fname} (declared without a body in this file; heddle inlines device functions)"))
            }
            Some(f) => f,
            None if self.m.entries.iter().any(|k| k.name == *fname) => return self.err(c, format!("call of the kernel {fname}")),
            None => return self.err(c, format!("call of an undefined function {fname}")),
        };
        if let Some(at) = self.stack.iter().position(|s| s == fname) {
            let cycle = self.stack[at..].join(" -> ");
            return self.err(c, format!("recursive call {cycle} -> {fname} (heddle inlines device functions and cannot inline recursion)"));
        }
        if self.stack.len() > MAX_DEPTH {
            return self.err(c, format!("calls nested more than {MAX_DEPTH} deep"));
        }
        if rets.len() != f.rets.len() || args.len() != f.params.len() {
            return self.err(
                c,
                format!(
                    "{fname} takes {} argument(s) and returns {} value(s); the call passes {} and takes {}",
                    f.params.len(),
                    f.rets.len(),
                    args.len(),
                    rets.len()
                ),
            );
        }
        let tag = format!("#i{}", self.n);
        let rp = format!("%i{}_", self.n);
        self.n += 1;
        let end = format!("$ret{tag}");
        // the call's guard: branch around the copy
        if let Some((neg, p)) = &c.guard {
            self.out.body.push(Stmt::Instr(Instr {
                guard: Some((!neg, p.clone())),
                opcode: "bra".into(),
                mods: vec![],
                operands: vec![Operand::Sym(format!("$skip{tag}"))],
                loc: c.loc,
            }));
        }
        // formal and return parameters -> the call's variables (new ones for registers
        // and immediates)
        let mut syms: HashMap<String, String> = HashMap::new();
        let mut after = vec![];
        for (k, (formal, a)) in f.params.iter().zip(args).chain(f.rets.iter().zip(rets)).enumerate() {
            let is_ret = k >= f.params.len();
            let name = match a {
                Operand::Sym(s) => s.clone(),
                a => {
                    if formal.array.is_some() || !matches!(formal.ty.bytes(), 4 | 8) {
                        return self.err(c, format!("argument {} of {fname}: a register or immediate for an aggregate or sub-word parameter", k + 1));
                    }
                    let v = format!("{}{tag}", formal.name);
                    self.out.vars.push(VarDecl { space: "param".into(), name: v.clone(), ty: formal.ty, align: formal.align, array: None, init: vec![], loc: c.loc });
                    let ty = format!("b{}", formal.ty.bytes() * 8);
                    let mem = Operand::Mem { base: Some(Box::new(Operand::Sym(v.clone()))), offset: 0 };
                    let (opcode, operands) = if is_ret { ("ld", vec![a.clone(), mem]) } else { ("st", vec![mem, a.clone()]) };
                    let i = Instr { guard: None, opcode: opcode.into(), mods: vec!["param".into(), ty], operands, loc: c.loc };
                    if is_ret {
                        after.push(Stmt::Instr(i));
                    } else {
                        self.out.body.push(Stmt::Instr(i));
                    }
                    v
                }
            };
            syms.insert(formal.name.clone(), name);
        }
        for s in &f.body {
            if let Stmt::Label(l, _) = s {
                syms.insert(l.clone(), format!("{l}{tag}"));
            }
        }
        for v in &f.vars {
            let n = format!("{}{tag}", v.name);
            syms.insert(v.name.clone(), n.clone());
            self.out.vars.push(VarDecl { name: n, ..v.clone() });
        }
        // registers
        let mut regs: HashMap<&str, Option<u32>> = HashMap::new();
        for d in &f.regs {
            regs.insert(&d.prefix, d.count);
            let r = RegDecl { prefix: format!("{rp}{}", d.prefix.trim_start_matches('%')), ..d.clone() };
            if !self.out.regs.contains(&r) {
                self.out.regs.push(r);
            }
        }
        let reg = |n: &str| -> Option<String> {
            let ok = matches!(regs.get(n), Some(None))
                || split_reg(n).is_some_and(|(pre, k)| matches!(regs.get(pre), Some(Some(c)) if k < *c));
            ok.then(|| format!("{rp}{}", n.trim_start_matches('%')))
        };
        let last = f.body.iter().rposition(|s| matches!(s, Stmt::Instr(_)));
        let mut copy = vec![];
        for (k, s) in f.body.iter().enumerate() {
            match s {
                Stmt::Label(l, loc) => copy.push(Stmt::Label(format!("{l}{tag}"), *loc)),
                Stmt::Instr(i) => {
                    let mut i = i.clone();
                    for o in i.operands.iter_mut() {
                        rename_regs(o, &reg);
                        rename_syms(o, &|n| syms.get(n).cloned());
                    }
                    if let Some((_, p)) = &mut i.guard {
                        if let Some(n) = reg(p) {
                            *p = n;
                        }
                    }
                    if i.opcode == "ret" {
                        if Some(k) == last && i.guard.is_none() {
                            continue;
                        }
                        i.opcode = "bra".into();
                        i.operands = vec![Operand::Sym(end.clone())];
                    }
                    copy.push(Stmt::Instr(i));
                }
            }
        }
        self.stack.push(fname.clone());
        self.expand(&copy)?;
        self.stack.pop();
        self.out.body.push(Stmt::Label(end, c.loc));
        self.out.body.extend(after);
        if c.guard.is_some() {
            self.out.body.push(Stmt::Label(format!("$skip{tag}"), c.loc));
        }
        Ok(())
    }
}

/// Bytes of the access of `ld`/`st` `i` (its type times its vector length), if it is one.
fn access_bytes(i: &Instr) -> Option<u32> {
    let t = i.mods.iter().find_map(|m| Ty::from_name(m))?;
    let n = if i.has("v2") {
        2
    } else if i.has("v4") {
        4
    } else {
        1
    };
    Some(t.bytes() * n)
}

/// The `.param` variables of body `e` as registers (each fixed-offset 32/64-bit slot one
/// register, its loads and stores moves) or, when accessed otherwise, local memory.
fn param_vars(e: &mut Entry) {
    let mut slots_made = 0u32;
    let vars: Vec<VarDecl> = e.vars.iter().filter(|v| v.space == "param").cloned().collect();
    for v in vars {
        // accesses: (statement, offset, bytes, vector)
        let mut acc = vec![];
        let mut other = false;
        for (k, s) in e.body.iter().enumerate() {
            let Stmt::Instr(i) = s else { continue };
            let mem = match (i.opcode.as_str(), &i.operands[..]) {
                ("ld", [_, m]) | ("st", [m, _]) if i.has("param") => Some(m),
                _ => None,
            };
            if !i.operands.iter().any(|o| names(o, &v.name)) {
                continue;
            }
            match mem {
                Some(Operand::Mem { base: Some(b), offset }) if matches!(&**b, Operand::Sym(s) if *s == v.name) => {
                    let bytes = access_bytes(i).unwrap_or(0);
                    acc.push((k, *offset, bytes, i.has("v2") || i.has("v4")));
                }
                _ => other = true,
            }
        }
        let size = v.ty.bytes() as i64 * v.array.unwrap_or(1) as i64;
        let in_regs = !other
            && acc.iter().all(|&(_, o, b, vec)| !vec && (b == 4 || b == 8) && o >= 0 && o + b as i64 <= size)
            && acc.iter().all(|&(_, o, b, _)| acc.iter().all(|&(_, o2, b2, _)| o == o2 && b == b2 || o + b as i64 <= o2 || o2 + b2 as i64 <= o));
        if !in_regs {
            // (a variable whose address is taken gets one in local memory; an ld/st.param
            // through a register is refused by the translator)
            for &(k, ..) in &acc {
                if let Stmt::Instr(i) = &mut e.body[k] {
                    for m in i.mods.iter_mut() {
                        if m == "param" {
                            *m = "local".into();
                        }
                    }
                }
            }
            if let Some(d) = e.vars.iter_mut().find(|d| d.name == v.name) {
                d.space = "local".into();
            }
            continue;
        }
        let mut slot: HashMap<i64, String> = HashMap::new();
        for &(k, o, b, _) in &acc {
            let r = slot
                .entry(o)
                .or_insert_with(|| {
                    let r = format!("%__pv{slots_made}");
                    slots_made += 1;
                    e.regs.push(RegDecl { ty: if b == 8 { Ty::B64 } else { Ty::B32 }, prefix: r.clone(), count: None, loc: v.loc });
                    r
                })
                .clone();
            let Stmt::Instr(i) = &mut e.body[k] else { continue };
            let val = if i.opcode == "ld" { i.operands[0].clone() } else { i.operands[1].clone() };
            let ops = if i.opcode == "ld" { vec![val, Operand::Reg(r)] } else { vec![Operand::Reg(r), val] };
            *i = Instr { guard: i.guard.clone(), opcode: "mov".into(), mods: vec![format!("b{}", b * 8)], operands: ops, loc: i.loc };
        }
        e.vars.retain(|d| d.name != v.name);
    }
}

/// Does `o` name symbol `s`?
fn names(o: &Operand, s: &str) -> bool {
    match o {
        Operand::Sym(x) => x == s,
        Operand::Mem { base: Some(b), .. } | Operand::Neg(b) | Operand::Not(b) => names(b, s),
        Operand::Vec(v) => v.iter().any(|x| names(x, s)),
        Operand::Pair(a, b) => names(a, s) || names(b, s),
        _ => false,
    }
}

//! Random valid microcode programs for lock-step runs of the RTL SM against the golden SM
//! (the way processor pipelines are verified with random instruction streams): SP-class
//! arithmetic on every op code with random fields and operands, predicates set by
//! comparisons and `plop` and used as guards and `selp` sources, special registers,
//! structured divergent branches (if / else with reconvergence, nested), data-dependent
//! loops (each thread its own trip count), guarded early exits and barriers at the top
//! level. Programs always terminate: loop counters live in registers the random
//! instructions never write.
//!
//! With `mem`, 32-bit global loads and stores too: every thread owns `MEM_SLOTS` words of a
//! buffer at [`MEM_BASE`] (indexed by its CTA, warp and lane), so no two threads touch the
//! same word and the result does not depend on the order the warps run in.
//!
//! With `shared`, shared-memory loads and stores of 8, 16 and 32 bits (signed and
//! unsigned) too: every thread of a CTA owns `SH_SLOTS` words of shared memory (word `k` of
//! thread `t` at byte `4 (t SH_SLOTS + k)`), so a warp's access has 4-way bank conflicts;
//! the kernel declares [`SHARED_BYTES`], enough for CTAs of up to 128 threads.
//!
//! With `units`, the SFU's special functions (`rcp` .. `cos`, `rro`) and `ffma` among the
//! arithmetic (random modifiers, rounding modes and `.sat`); with `fp64` too, the binary64
//! ops (`dfma dadd dmul dcvt` on even register pairs, every dcvt kind) one unit instruction
//! in two.
//!
//! With `local`, local-memory loads and stores of 8, 16 and 32 bits in the thread's
//! [`LOCAL_BYTES`] (each thread its own local memory). Global, shared, local and atomic
//! accesses go through generic addresses one time in four (`isa::space::GENERIC`: the
//! address in its window).
//!
//! With `atomics`, every atomic operation (`isa::ATOM_NAMES`, random operands, guarded or
//! not) on four words every thread contends for: the first four words of the global buffer
//! (with `mem`) and of shared memory (with `shared`). Their old values, and the loads and
//! stores that race with them, depend on the order the warps run in: the lock-step check
//! steps the golden SM in the RTL SM's issue order, which makes them exact; `%clock` is read
//! too (the check gives the golden SM the RTL SM's counter).
use crate::isa::{self, op, Guard, Instr, Opnd, OPS, PT};
use crate::ptx::translate::{Kernel, SrcRef};
use crate::ptx::Loc;
use crate::vectors::Rng;

/// Shape of the random programs.
#[derive(Debug, Clone, Copy)]
pub struct RandomProgram {
    /// Registers per thread (at least 8).
    pub regs: u8,
    /// Straight-line instructions per block (1..=this).
    pub block_len: u32,
    /// Top-level blocks (each possibly an if / else, a loop, a barrier or an exit).
    pub blocks: u32,
    /// Nesting depth of branches and loops.
    pub depth: u32,
    /// Loops run each thread 1..=this times.
    pub max_trips: u32,
    /// Global loads and stores (to the thread's own words of the buffer at [`MEM_BASE`]).
    pub mem: bool,
    /// Shared-memory loads and stores (to the thread's own words).
    pub shared: bool,
    /// SFU instructions and `ffma` (one in five arithmetic instructions).
    pub units: bool,
    /// Atomics on four contended words of the global buffer (with `mem`) and of shared
    /// memory (with `shared`).
    pub atomics: bool,
    /// Local-memory loads and stores (the thread's [`LOCAL_BYTES`]).
    pub local: bool,
    /// With `units`: the binary64 ops (for an SM configuration with `fp64`).
    pub fp64: bool,
}

/// The global buffer of random programs with `mem`: the first buffer `GlobalMem::alloc`
/// maps, of [`mem_bytes`] bytes.
pub const MEM_BASE: u32 = 0x1000;
/// Words each thread owns.
pub const MEM_SLOTS: u32 = 8;

/// Shared-memory words each thread owns.
pub const SH_SLOTS: u32 = 4;
/// Shared memory of a random program with `shared`: CTAs of up to 128 threads.
pub const SHARED_BYTES: u32 = 128 * SH_SLOTS * 4;
/// Local memory per thread of a random program with `local`.
pub const LOCAL_BYTES: u32 = 16;

/// Bytes of the buffer for `threads` threads in all.
pub fn mem_bytes(threads: u32) -> usize {
    (threads * MEM_SLOTS * 4) as usize
}

impl Default for RandomProgram {
    fn default() -> Self {
        RandomProgram {
            regs: 12,
            block_len: 6,
            blocks: 6,
            depth: 2,
            max_trips: 4,
            mem: true,
            shared: true,
            units: true,
            atomics: true,
            local: true,
            fp64: true,
        }
    }
}

impl RandomProgram {
    /// A random shape (the lock-step sweep's): 8..31 registers, 1..8 instructions a block,
    /// 2..9 blocks, depth 1..3, 1..5 loop trips, each kind of instruction in most programs.
    pub fn random(rng: &mut Rng) -> Self {
        RandomProgram {
            regs: 8 + rng.below(24) as u8,
            block_len: 1 + rng.below(8) as u32,
            blocks: 2 + rng.below(8) as u32,
            depth: 1 + rng.below(3) as u32,
            max_trips: 1 + rng.below(5) as u32,
            mem: rng.below(4) != 0,
            shared: rng.below(4) != 0,
            units: rng.below(4) != 0,
            atomics: rng.below(2) != 0,
            local: rng.below(2) != 0,
            fp64: rng.below(2) != 0,
        }
    }
}

/// Registers the random instructions may write: `first_free`.. up to the loop counters.
const R_TID: u8 = 0;
const R_ONE: u8 = 1;
/// The thread's words in the global buffer.
const R_SLOTS: u8 = 2;
/// With `shared`: the thread's first shared-memory word.
const R_SH: u8 = 3;

struct Gen<'a> {
    rng: &'a mut Rng,
    p: RandomProgram,
    code: Vec<Instr>,
    /// Loop counters in use (from the top register down).
    counters: u8,
}

impl Gen<'_> {
    fn free_regs(&self) -> u8 {
        self.p.regs - self.counters
    }
    fn first_free(&self) -> u8 {
        R_SH + self.p.shared as u8
    }
    fn reg(&mut self) -> u8 {
        self.rng.below(self.free_regs() as u64) as u8
    }
    fn dst(&mut self) -> u8 {
        self.first_free() + self.rng.below((self.free_regs() - self.first_free()) as u64) as u8
    }
    fn pred(&mut self) -> u8 {
        self.rng.below(7) as u8
    }
    fn guard(&mut self) -> Guard {
        if self.rng.below(4) == 0 {
            Guard { pred: self.pred(), neg: self.rng.bool() }
        } else {
            Guard { pred: PT, neg: false }
        }
    }
    /// One SP-class instruction with random fields, or (with `units`, one in five) an SFU
    /// instruction, `ffma` or `fmul` (the RTL SM runs `fmul` on the SFUs' multipliers).
    fn alu(&mut self) {
        let units = self.p.units && self.rng.below(5) == 0;
        if units && self.p.fp64 && self.rng.bool() && self.pair_op() {
            return;
        }
        let unit_op = |d: &isa::OpDef| d.class == isa::Class::Sfu || d.code == op::FFMA || d.code == op::FMUL;
        let ops: Vec<_> = OPS
            .iter()
            .filter(|d| if units { unit_op(d) } else { d.class == isa::Class::Sp })
            .collect();
        let d = ops[self.rng.below(ops.len() as u64) as usize];
        let mut i = isa::random_instr(d, self.rng);
        if d.code == op::RRO {
            // sub-operations 0 (sincos) and 1 (ex2)
            i.sub &= 1;
        }
        for o in d.operands {
            match o {
                Opnd::D => i.d = self.dst(),
                Opnd::A => i.a = self.reg(),
                Opnd::B => i.b = self.reg(),
                Opnd::C => i.c = self.reg(),
                Opnd::Sreg => {
                    // every special register (%clock: the lock-step check gives the stepped
                    // golden SM the RTL SM's counter)
                    i.a = self.rng.below(isa::SREGS.len() as u64) as u8;
                    if self.rng.bool() {
                        i.a = [0, 1, 2, 12, 13, 14, 15][self.rng.below(7) as usize];
                    }
                }
                _ => {}
            }
        }
        if d.code == op::MOVI && self.rng.bool() {
            i.imm = [0, 1, 2, 31, 32, 0x8000_0000, 0x3f80_0000, 0x7f80_0000, 0xffff_ffff][self.rng.below(9) as usize];
        }
        i.guard = self.guard();
        self.code.push(i);
    }
    /// A binary64 op (`isa::pair_op`) on even register pairs: sources among the readable
    /// registers, the destination pair among the writable ones; false when no pair fits.
    fn pair_op(&mut self) -> bool {
        let (lo, hi) = (self.first_free().next_multiple_of(2), self.free_regs());
        if lo + 2 > hi {
            return false;
        }
        let even = |g: &mut Self, from: u8, to: u8| from + 2 * g.rng.below(((to - from) / 2) as u64) as u8;
        let ops: Vec<_> = OPS.iter().filter(|d| isa::pair_op(d.code)).collect();
        let d = ops[self.rng.below(ops.len() as u64) as usize];
        let mut i = isa::random_instr(d, self.rng);
        for o in d.operands {
            match o {
                Opnd::D => i.d = even(self, lo, hi),
                Opnd::A => i.a = even(self, 0, hi),
                Opnd::B => i.b = even(self, 0, hi),
                Opnd::C => i.c = even(self, 0, hi),
                _ => {}
            }
        }
        i.guard = self.guard();
        self.code.push(i);
        true
    }
    fn block(&mut self) {
        for _ in 0..1 + self.rng.below(self.p.block_len as u64) {
            if self.p.atomics && (self.p.mem || self.p.shared) && self.rng.below(8) == 0 {
                self.atom_op();
            } else if self.p.mem && self.rng.below(4) == 0 {
                self.mem_op();
            } else if self.p.shared && self.rng.below(4) == 0 {
                self.shared_op();
            } else if self.p.local && self.rng.below(5) == 0 {
                self.local_op();
            } else {
                self.alu();
            }
        }
    }
    /// A register with the address of one of the thread's `slots` words at `base` (chosen
    /// by a register's low bits), computed by five unguarded instructions in that register
    /// alone (a second one could be the same register: the address would leave the
    /// thread's words).
    fn slot_addr(&mut self, slots: u32, base: u8) -> u8 {
        let t = self.dst();
        let r = self.reg();
        self.word_offset(t, r, slots);
        self.code.push(Instr { op: op::IADD, d: t, a: t, b: base, guard: Guard { pred: PT, neg: false }, ..Default::default() });
        t
    }
    /// Into `t`, the byte offset of one of `slots` (a power of two) words chosen by the low
    /// bits of register `r`: four unguarded instructions in `t` alone.
    fn word_offset(&mut self, t: u8, r: u8, slots: u32) {
        let pt = Guard { pred: PT, neg: false };
        let i = |op: u8, a: u8, b: u8| Instr { op, d: t, a, b, guard: pt, ..Default::default() };
        self.code.push(Instr { op: op::MOVI, d: t, imm: slots - 1, guard: pt, ..Default::default() });
        self.code.push(i(op::AND, r, t));
        // doubled twice: 4 bytes a word
        self.code.push(i(op::IADD, t, t));
        self.code.push(i(op::IADD, t, t));
    }
    /// One time in four, the space `space` of an address in `t` as a generic address: the
    /// address moved into the space's window (two unguarded instructions and a second
    /// register; a global address is its own generic address). Else (or when the second
    /// register would be `t`) `space` itself.
    fn maybe_generic(&mut self, t: u8, space: u8) -> u8 {
        if self.rng.below(4) != 0 {
            return space;
        }
        let window = match space {
            isa::space::SHARED => isa::space::SHARED_WINDOW,
            isa::space::LOCAL => isa::space::LOCAL_WINDOW,
            _ => return isa::space::GENERIC,
        };
        let u = self.dst();
        if u == t {
            return space;
        }
        let pt = Guard { pred: PT, neg: false };
        self.code.push(Instr { op: op::MOVI, d: u, imm: window, guard: pt, ..Default::default() });
        self.code.push(Instr { op: op::IADD, d: t, a: t, b: u, guard: pt, ..Default::default() });
        isa::space::GENERIC
    }
    /// A 32-bit global load or store of one of the thread's words.
    fn mem_op(&mut self) {
        let t = self.slot_addr(MEM_SLOTS, R_SLOTS);
        let space = self.maybe_generic(t, isa::space::GLOBAL);
        let g = self.guard();
        if self.rng.bool() {
            let d = self.dst();
            self.code.push(Instr { op: op::LD, d, a: t, space, size: isa::size::B32, guard: g, ..Default::default() });
        } else {
            let v = self.reg();
            self.code.push(Instr { op: op::ST, d: v, a: t, space, size: isa::size::B32, guard: g, ..Default::default() });
        }
    }
    /// A local-memory load or store of 8, 16 or 32 bits in one of the thread's words (its
    /// byte or half-word by the immediate offset).
    fn local_op(&mut self) {
        let t = self.dst();
        let r = self.reg();
        self.word_offset(t, r, LOCAL_BYTES / 4);
        let space = self.maybe_generic(t, isa::space::LOCAL);
        self.sized_access(t, space);
    }
    /// An atomic on one of the four contended words (chosen by a register's low bits) of the
    /// global buffer or shared memory, any operation, random operands and guard. The
    /// address takes two registers (seven unguarded instructions) when global.
    fn atom_op(&mut self) {
        let global = self.p.mem && !(self.p.shared && self.rng.bool());
        let t = self.dst();
        let base = if global {
            let u = self.dst();
            if u == t {
                return;
            }
            Some(u)
        } else {
            None
        };
        let r = self.reg();
        self.word_offset(t, r, 4);
        if let Some(u) = base {
            let pt = Guard { pred: PT, neg: false };
            self.code.push(Instr { op: op::MOVI, d: u, imm: MEM_BASE, guard: pt, ..Default::default() });
            self.code.push(Instr { op: op::IADD, d: t, a: t, b: u, guard: pt, ..Default::default() });
        }
        let space = if global { isa::space::GLOBAL } else { isa::space::SHARED };
        let space = self.maybe_generic(t, space);
        let sub = self.rng.below(isa::ATOM_NAMES.len() as u64) as u8;
        let (b, c) = (self.reg(), self.reg());
        let g = self.guard();
        let d = self.dst();
        self.code.push(Instr { op: op::ATOM, d, a: t, b, c, sub, space, guard: g, ..Default::default() });
    }
    /// A shared-memory load or store of 8, 16 or 32 bits in one of the thread's words (its
    /// byte or half-word by the immediate offset).
    fn shared_op(&mut self) {
        let t = self.slot_addr(SH_SLOTS, R_SH);
        let space = self.maybe_generic(t, isa::space::SHARED);
        self.sized_access(t, space);
    }
    /// A load or store of 8, 16 or 32 bits (signed or not) in `space` at the word in `t`
    /// (its byte or half-word by the immediate offset), random guard and registers.
    fn sized_access(&mut self, t: u8, space: u8) {
        use isa::size;
        let store = self.rng.bool();
        let sizes: &[u8] = if store { &[size::U8, size::U16, size::B32] } else { &[size::U8, size::S8, size::U16, size::S16, size::B32] };
        let sz = sizes[self.rng.below(sizes.len() as u64) as usize];
        let imm = self.rng.below(4 / size::bytes(sz) as u64) as u32 * size::bytes(sz);
        let g = self.guard();
        let (o, d) = if store { (op::ST, self.reg()) } else { (op::LD, self.dst()) };
        self.code.push(Instr { op: o, d, a: t, imm, space, size: sz, guard: g, ..Default::default() });
    }
    /// A comparison into predicate `p` of values that differ between threads.
    fn divergent_pred(&mut self, p: u8) {
        let (a, b) = (self.reg(), self.reg());
        let cmp = self.rng.below(6) as u8;
        self.code.push(Instr { op: op::ISETP, d: p, a, b, cmp, signed: self.rng.bool(), guard: Guard { pred: PT, neg: false }, ..Default::default() });
    }
    fn bra(&mut self, guard: Guard, target: u32, rpc: u32) -> usize {
        self.code.push(Instr { op: op::BRA, guard, imm: target, rpc, ..Default::default() });
        self.code.len() - 1
    }
    fn region(&mut self, depth: u32) {
        let choice = if depth == 0 { 0 } else { self.rng.below(4) };
        match choice {
            1 => {
                // if / else
                let p = self.pred();
                self.divergent_pred(p);
                let g = Guard { pred: p, neg: self.rng.bool() };
                let br = self.bra(g, 0, 0);
                self.region(depth - 1);
                let jump = self.bra(Guard { pred: PT, neg: false }, 0, 0);
                let else_pc = self.code.len() as u32;
                if self.rng.bool() {
                    self.region(depth - 1);
                }
                let join = self.code.len() as u32;
                self.code[br].imm = else_pc;
                self.code[br].rpc = join;
                self.code[jump].imm = join;
                self.code[jump].rpc = join;
            }
            2 if self.free_regs() > self.first_free() + 2 => {
                // a loop of 1..=max_trips iterations per thread
                self.counters += 1;
                let rc = self.p.regs - self.counters;
                let trips = self.p.max_trips.max(1);
                self.code.push(Instr { op: op::MOVI, d: rc, imm: trips, ..Default::default() });
                let r = self.reg();
                // counter = trips - (r mod trips) in 1..=trips: r & (2^k - 1) bounded by trips
                let mask = (trips.next_power_of_two() >> 1).max(1) - 1;
                let t = self.dst();
                self.code.push(Instr { op: op::MOVI, d: t, imm: mask, ..Default::default() });
                self.code.push(Instr { op: op::AND, d: t, a: r, b: t, ..Default::default() });
                self.code.push(Instr { op: op::ISUB, d: rc, a: rc, b: t, ..Default::default() });
                let top = self.code.len() as u32;
                self.region(depth - 1);
                self.code.push(Instr { op: op::ISUB, d: rc, a: rc, b: R_ONE, ..Default::default() });
                let p = self.pred();
                self.code.push(Instr { op: op::ISETP, d: p, a: rc, b: R_ONE, cmp: 5, ..Default::default() });
                let exit = self.code.len() as u32 + 1;
                self.bra(Guard { pred: p, neg: false }, top, exit);
                self.counters -= 1;
            }
            3 if depth == self.p.depth => {
                // a barrier at the top level, or a guarded early exit
                if self.rng.bool() {
                    self.code.push(Instr { op: op::BAR, imm: self.rng.below(16) as u32, ..Default::default() });
                } else {
                    let p = self.pred();
                    self.divergent_pred(p);
                    self.code.push(Instr { op: op::EXIT, guard: Guard { pred: p, neg: false }, ..Default::default() });
                }
            }
            _ => self.block(),
        }
    }
}

/// A random program of shape `p` from `seed`, as a kernel (its source lines are the
/// instructions' assembly).
pub fn random_kernel(p: RandomProgram, seed: u64) -> Kernel {
    assert!(p.regs >= 8 && p.regs <= 128, "random programs use 8..=128 registers");
    let mut rng = Rng::new(seed);
    let mut g = Gen { rng: &mut rng, p, code: vec![], counters: 0 };
    // r0: a thread's linear index within its warp set, r1: one.
    g.code.push(Instr { op: op::S2R, d: R_TID, a: 0, ..Default::default() });
    g.code.push(Instr { op: op::MOVI, d: R_ONE, imm: 1, ..Default::default() });
    // r2: MEM_BASE + 4 MEM_SLOTS x the thread's number in the grid (CTA, warp, lane).
    let t = g.first_free();
    let s2r = |d: u8, a: u8| Instr { op: op::S2R, d, a, ..Default::default() };
    let ar = |o: u8, d: u8, a: u8, b: u8| Instr { op: o, d, a, b, ..Default::default() };
    let movi = |d: u8, imm: u32| Instr { op: op::MOVI, d, imm, ..Default::default() };
    g.code.extend([
        s2r(R_SLOTS, 8),
        s2r(t, 10),
        ar(op::IMUL, R_SLOTS, R_SLOTS, t),
        s2r(t, 7),
        ar(op::IADD, R_SLOTS, R_SLOTS, t),
        s2r(t, 9),
        ar(op::IMUL, R_SLOTS, R_SLOTS, t),
        s2r(t, 6),
        ar(op::IADD, R_SLOTS, R_SLOTS, t),
        s2r(t, 15),
        ar(op::IMUL, R_SLOTS, R_SLOTS, t),
        s2r(t, 13),
        ar(op::IADD, R_SLOTS, R_SLOTS, t),
        movi(t, 32),
        ar(op::IMUL, R_SLOTS, R_SLOTS, t),
        s2r(t, 12),
        ar(op::IADD, R_SLOTS, R_SLOTS, t),
        movi(t, 4 * MEM_SLOTS),
        ar(op::IMUL, R_SLOTS, R_SLOTS, t),
        movi(t, MEM_BASE),
        ar(op::IADD, R_SLOTS, R_SLOTS, t),
    ]);
    if p.shared {
        // r3: 4 SH_SLOTS x the thread's number in its CTA (warp, lane).
        g.code.extend([
            s2r(R_SH, 13),
            movi(t, 32),
            ar(op::IMUL, R_SH, R_SH, t),
            s2r(t, 12),
            ar(op::IADD, R_SH, R_SH, t),
            movi(t, 4 * SH_SLOTS),
            ar(op::IMUL, R_SH, R_SH, t),
        ]);
    }
    for _ in 0..p.blocks {
        g.region(p.depth);
    }
    g.code.push(Instr { op: op::EXIT, ..Default::default() });
    let code = g.code;
    let src = code
        .iter()
        .enumerate()
        .map(|(n, i)| SrcRef { loc: Loc { line: n as u32 + 1, col: 1 }, instr: isa::asm::disasm(i) })
        .collect();
    Kernel {
        file: format!("random-{seed}.asm"),
        name: format!("random_{seed}"),
        code,
        src,
        regs_per_thread: p.regs as u32,
        preds_per_thread: 7,
        params: vec![],
        param_bytes: 0,
        shared_vars: vec![],
        shared_bytes: if p.shared { SHARED_BYTES } else { 0 },
        local_bytes: if p.local { LOCAL_BYTES } else { 0 },
        const_vars: vec![],
        const_bytes: 0,
        const_init: vec![],
        global_vars: vec![],
    }
}

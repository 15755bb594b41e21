//! Random scheduler scripts: structured random kernels (straight-line code of every class
//! with register and predicate dependences and random latencies, if/else and if without
//! else, loops with per-thread trip counts, nested up to a depth, predicated early exits,
//! branches to an exit block with the reconvergence point "exit", barriers in convergent
//! code) and a random launch plan. With `faults`, some kernels also carry a barrier in
//! divergent code or a `.uni` branch that diverges, and deep nesting overflows small stacks.
use super::{CtaPlan, Outcome, PInst, Program, WarpPlan};
use crate::golden::warp_sched::{class, Opnd, SInst, MAX_PC, NO_GUARD};
use crate::vectors::Rng;

/// Generator knobs.
#[derive(Debug, Clone, Copy)]
pub struct RandomOpts {
    /// Kernels (entry points) in the program.
    pub kernels: usize,
    /// Maximum nesting of if/loop.
    pub depth: usize,
    /// Statements per block (upper bound).
    pub block: usize,
    /// Plant faults (divergent barriers, diverging `.uni` branches).
    pub faults: bool,
    /// CTAs in the plan.
    pub ctas: usize,
    /// Warps per CTA at most.
    pub max_cta_warps: usize,
    pub lanes: usize,
}

impl Default for RandomOpts {
    fn default() -> Self {
        RandomOpts { kernels: 3, depth: 3, block: 6, faults: false, ctas: 12, max_cta_warps: 8, lanes: 32 }
    }
}

struct Gen<'a> {
    rng: &'a mut Rng,
    code: Vec<PInst>,
    o: RandomOpts,
    /// Pending branch fix-ups: (pc, target label, rpc label).
    fix: Vec<(usize, usize, usize)>,
    labels: Vec<Option<u32>>,
    exit_labels: Vec<usize>,
}

fn rmask(rng: &mut Rng) -> u32 {
    match rng.below(6) {
        0 => u32::MAX,
        1 => 0,
        2 => rng.next_u32() & rng.next_u32(),
        3 => 0x0000_ffff,
        _ => rng.next_u32(),
    }
}

impl Gen<'_> {
    fn label(&mut self) -> usize {
        self.labels.push(None);
        self.labels.len() - 1
    }
    fn place(&mut self, l: usize) {
        self.labels[l] = Some(self.code.len() as u32);
    }
    fn reg(&mut self) -> Opnd {
        let w = match self.rng.below(10) {
            0 => 1,
            1 => 2,
            _ => 0,
        };
        let r = (self.rng.below(12) as u8) & !((1u8 << w) - 1);
        Opnd::regs(r, w)
    }
    fn pred(&mut self) -> Opnd {
        Opnd::pred(self.rng.below(4) as u8)
    }
    /// A guard predicate, often computed just before its use (a compiler's setp).
    fn guard(&mut self) -> u8 {
        let g = self.rng.below(4) as u8;
        if self.rng.bool() {
            let mut i = SInst { class: class::SP, guard: NO_GUARD, lat: 3 + self.rng.below(12) as u8, ..Default::default() };
            i.dst = Opnd::pred(g);
            i.src[0] = self.reg();
            self.code.push(PInst::new(i));
        }
        g
    }
    /// Exit outcomes: sparse per-thread masks, or whole warps exiting.
    fn exit_outcome(&mut self) -> Outcome {
        if self.rng.below(3) == 0 {
            Outcome::WarpMasks((0..8).map(|_| if self.rng.bool() { u32::MAX } else { 0 }).collect())
        } else {
            Outcome::Seq(vec![self.rng.next_u32() & self.rng.next_u32() & self.rng.next_u32()])
        }
    }
    fn seq(&mut self) -> Outcome {
        let n = 1 + self.rng.below(5) as usize;
        Outcome::Seq((0..n).map(|_| rmask(self.rng)).collect())
    }
    fn alu(&mut self) {
        let r = self.rng.below(100);
        let c = match r {
            0..=39 => class::SP,
            40..=49 => class::SFU,
            50..=59 => class::SFUMUL,
            60..=67 => class::FMA,
            68..=89 => class::MEM,
            _ => class::NOP,
        };
        let mut i = SInst { class: c, guard: NO_GUARD, lat: 1, ..Default::default() };
        let mut p = PInst::new(i);
        if c != class::NOP || self.rng.below(3) == 0 {
            let nsrc = self.rng.below(4) as usize;
            for k in 0..nsrc {
                i.src[k] = if self.rng.below(5) == 0 { self.pred() } else { self.reg() };
            }
            if self.rng.below(8) != 0 {
                i.dst = if c == class::SP && self.rng.below(3) == 0 { self.pred() } else { self.reg() };
            }
            if self.rng.below(5) == 0 {
                i.guard = self.guard();
                p.outcome = self.seq();
            }
            i.lat = match c {
                class::SP => 3 + self.rng.below(12) as u8,
                class::SFU => 8 + self.rng.below(16) as u8,
                class::SFUMUL => 3 + self.rng.below(10) as u8,
                class::FMA => 6 + self.rng.below(14) as u8,
                class::MEM => {
                    if self.rng.bool() {
                        p.mem_lat = 1 + self.rng.below(60) as u32;
                        0
                    } else {
                        10 + self.rng.below(30) as u8
                    }
                }
                _ => 1 + self.rng.below(3) as u8,
            };
            if self.rng.below(10) == 0 && i.lat != 0 {
                i.lat = 1 + self.rng.below(2) as u8;
            }
        }
        p.inst = i;
        self.code.push(p);
    }
    fn bra(&mut self, guard: u8, outcome: Outcome, target: usize, rpc: usize, uni: bool) {
        let i = SInst { class: class::BRA, guard, lat: 1, uni, ..Default::default() };
        self.fix.push((self.code.len(), target, rpc));
        self.code.push(PInst { inst: i, outcome, mem_lat: 0 });
    }
    fn simple(&mut self, c: u8) {
        self.code.push(PInst::new(SInst { class: c, guard: NO_GUARD, lat: 1, ..Default::default() }));
    }
    fn block(&mut self, depth: usize, top: bool) {
        let n = 1 + self.rng.below(self.o.block as u64) as usize;
        for _ in 0..n {
            let r = self.rng.below(100);
            if depth < self.o.depth && r < 12 {
                // if / else
                let (els, join) = (self.label(), self.label());
                let g = self.guard();
                let o = self.seq();
                let uni = self.o.faults && self.rng.below(15) == 0;
                self.bra(g, o, els, join, uni);
                self.block(depth + 1, false);
                self.bra(NO_GUARD, Outcome::All, join, join, true);
                self.place(els);
                self.block(depth + 1, false);
                self.place(join);
            } else if depth < self.o.depth && r < 20 {
                // if without else
                let join = self.label();
                let g = self.guard();
                let o = self.seq();
                self.bra(g, o, join, join, false);
                self.block(depth + 1, false);
                self.place(join);
            } else if depth < self.o.depth && r < 27 {
                // do-while loop with per-thread trip counts
                let (topl, next) = (self.label(), self.label());
                self.place(topl);
                self.block(depth + 1, false);
                let g = self.guard();
                let trips: Vec<u32> = (0..32).map(|_| self.rng.below(4) as u32).collect();
                self.bra(g, Outcome::Trips(trips), topl, next, false);
                self.place(next);
            } else if r < 31 && (!top || self.rng.below(3) == 0) {
                // predicated early exit of some threads
                let g = self.guard();
                let o = self.exit_outcome();
                self.code.push(PInst { inst: SInst { class: class::EXIT, guard: g, lat: 1, ..Default::default() }, outcome: o, mem_lat: 0 });
            } else if r < 34 {
                // branch to the exit block (reconvergence point: exit)
                let l = *self.exit_labels.last().unwrap();
                let g = self.guard();
                let o = self.exit_outcome();
                self.bra(g, o, l, usize::MAX, false);
            } else if (r < 38 || (top && r < 50)) && (top || (self.o.faults && self.rng.below(2) == 0)) {
                self.simple(class::BAR);
            } else {
                self.alu();
            }
        }
    }
}

/// A random program and launch plan.
pub fn random_script(rng: &mut Rng, o: RandomOpts) -> (Program, Vec<CtaPlan>) {
    let mut g = Gen { rng, code: vec![], o, fix: vec![], labels: vec![], exit_labels: vec![] };
    let mut entries = vec![];
    for _ in 0..o.kernels {
        entries.push(g.code.len() as u32);
        let ex = g.label();
        g.exit_labels.push(ex);
        g.block(0, true);
        g.simple(class::EXIT);
        g.place(ex);
        g.simple(class::EXIT);
    }
    for (pc, t, r) in std::mem::take(&mut g.fix) {
        let i = &mut g.code[pc].inst;
        i.target = g.labels[t].expect("placed");
        i.brpc = if r == usize::MAX { MAX_PC } else { g.labels[r].expect("placed") };
    }
    let mut plan = vec![];
    for _ in 0..o.ctas {
        let n = 1 + g.rng.below(o.max_cta_warps as u64) as usize;
        let pc = entries[g.rng.below(entries.len() as u64) as usize];
        let wtype = g.rng.below(4) as u8;
        let all = if o.lanes == 32 { u32::MAX } else { (1 << o.lanes) - 1 };
        let mut warps = vec![WarpPlan { wtype, pc, mask: all }; n];
        if g.rng.bool() {
            let t = 1 + g.rng.below(o.lanes as u64) as u32;
            warps[n - 1].mask = if t == 32 { u32::MAX } else { (1 << t) - 1 };
        }
        plan.push(CtaPlan { warps });
    }
    (Program { code: g.code }, plan)
}

//! Kernels on the RTL SM (`heddle_hw::sm::Sm`, block `sm`) in lock step with the golden
//! SM: the example launch files (vector_add, reduction and nested_divergence on the rust-hdl
//! simulation, every one on `sm.v` in Verilator), the PTX instructions the translator
//! lowers (with CPU references), warp votes, atomics, local memory and generic addresses.
//! The SM's mechanisms (units, faults, shared memory, random programs, the exported Verilog
//! against the rust-hdl model) are in sm.rs.
use heddle_hw::config::G80;
use heddle_hw::SmG80;
use heddle_sim::gsm::{GlobalMem, Launch};
use heddle_sim::ptx::translate::Kernel;
use heddle_sim::runners::sm::{lockstep, Lockstep, SmOpts};

#[path = "common/examples.rs"]
mod examples;
use examples::{launch_file, EXAMPLES};
#[path = "programs/votes_ref.rs"]
mod votes_ref;
#[path = "common/sm_g80.rs"]
mod sm_g80;
use sm_g80::{big_stack, on_verilator};

/// A launch file of examples/kernels/launch/ with its grid cut to `grid` (the rust-hdl model
/// runs about 700 cycles a second), in lock step; its outputs equal the golden SM's.
fn example(name: &str, grid: [u32; 3]) -> Lockstep {
    let p = launch_file(name);
    let l = Launch { grid, ..p.l.clone() };
    let (k, mem) = (p.k.clone(), p.mem.clone());
    big_stack(move || {
        let (ls, _) =
            lockstep(SmG80::new(&G80), &G80, &k, &l, &mem, SmOpts::default(), None).unwrap_or_else(|e| panic!("{e}"));
        ls
    })
}

#[test]
fn vector_add_in_lock_step() {
    let ls = example("vector_add", [2, 1, 1]);
    println!(
        "vector_add, 2 CTAs of 256: {} warp-instructions, {} cycles, IPC {:.3}",
        ls.compared,
        ls.rtl.cycles,
        ls.rtl.ipc()
    );
    assert!(ls.compared > 0 && ls.rtl.trace.iter().any(|e| !e.stores.is_empty()));
}

#[test]
fn nested_divergence_in_lock_step() {
    let ls = example("nested_divergence", [1, 1, 1]);
    println!(
        "nested_divergence, 1 CTA of 128: {} warp-instructions, {} cycles, IPC {:.3}",
        ls.compared,
        ls.rtl.cycles,
        ls.rtl.ipc()
    );
    assert!(ls.compared > 0);
}

#[test]
fn reduction_in_lock_step() {
    let ls = example("reduction", [2, 1, 1]);
    println!(
        "reduction, 2 CTAs of 256: {} warp-instructions, {} cycles, IPC {:.3}",
        ls.compared,
        ls.rtl.cycles,
        ls.rtl.ipc()
    );
    assert!(ls.compared > 0 && ls.rtl.fault.is_none());
}

/// [`EXAMPLES`] is every launch file of examples/kernels/launch/.
#[test]
fn the_example_list_is_every_launch_file() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/kernels/launch");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().to_str()?.strip_suffix(".json").map(String::from))
        .collect();
    let mut listed: Vec<String> = EXAMPLES.iter().map(|s| s.to_string()).collect();
    files.sort();
    listed.sort();
    assert_eq!(files, listed);
}

/// Every example kernel, whole launches (matmul_tiled on 2 x 2 of its 8 x 8 CTAs), on the
/// exported Verilog in Verilator in lock step with the golden SM (stepped in the RTL SM's
/// issue order, so histogram's atomics return the same old values): every warp-instruction
/// and the outputs equal; and what the performance counters show of them.
#[test]
fn example_kernels_in_verilator() {
    let mut counters = std::collections::BTreeMap::new();
    for name in EXAMPLES {
        let p = launch_file(name);
        let l = if name == "matmul_tiled" { Launch { grid: [2, 2, 1], ..p.l.clone() } } else { p.l.clone() };
        let (ls, seconds) = on_verilator(&p.k, &l, &p.mem);
        let golden = ls.golden.as_ref().unwrap_or_else(|e| panic!("{name}: the golden SM: {e}"));
        assert!(ls.rtl.fault.is_none() && ls.compared == golden.trace.len() as u64 && ls.compared > 0, "{name}");
        println!(
            "{name}: {} warp-instructions, {} cycles, IPC {:.3}, {:.0} cycles/s",
            ls.compared,
            ls.rtl.cycles,
            ls.rtl.ipc(),
            ls.rtl.cycles as f64 / seconds.max(1e-9)
        );
        for line in heddle_sim::runners::sm::counter_lines(&ls.rtl.counters) {
            println!("  {line}");
        }
        counters.insert(name, ls.rtl.counters);
    }
    // The performance counters (the runner checks every run's retires, issues, memory
    // requests and slot sum, and the shared-memory counters against the golden SM):
    // reduction waits at its barriers; transpose_naive's column reads of its tile conflict
    // where transpose_padded's do not; vector_add's loads and stores go to global memory.
    use heddle_hw::sm::counters::*;
    let (r, naive, padded, v) = (&counters["reduction"], &counters["transpose_naive"], &counters["transpose_padded"], &counters["vector_add"]);
    assert!(r[BARRIER] > 0 && r[SHARED_REQUESTS] > 0, "{r:?}");
    assert!(naive[SHARED_STEPS] - naive[SHARED_REQUESTS] > padded[SHARED_STEPS] - padded[SHARED_REQUESTS], "{naive:?} {padded:?}");
    assert!(v[GLOBAL_REQUESTS] > 0 && v[GLOBAL_REQUESTS] <= v[MEM_REQUESTS] && v[BARRIER] == 0, "{v:?}");
}

#[path = "ptx_ops/cases.rs"]
mod ptx_op_cases;

/// The PTX instructions the translator lowers to micro-op sequences (bit fields, byte
/// permutes, counts, integer division, 64-bit comparisons, shifts and `mul.hi`, 8/16-bit
/// operands, conversions, vector accesses: `ptx_ops/cases.rs`) on the RTL SM in Verilator,
/// in lock step with the golden SM, and every output equal to the case's CPU reference.
#[test]
fn lowered_ptx_instructions_in_lock_step() {
    ptx_cases_in_lock_step(|c| c.rtl);
}

/// The same for the cases on binary64 (f64 add, sub, mul, fma, conversions, division,
/// reciprocal, roots, and the directed f32 divisions and roots, lowered to binary64
/// sequences: `ptx_ops/cases.rs`).
#[test]
fn binary64_ptx_instructions_in_lock_step() {
    ptx_cases_in_lock_step(|c| c.fp64);
}

fn ptx_cases_in_lock_step(which: fn(&ptx_op_cases::Case) -> bool) {
    use heddle_sim::ptx::translate::{translate, Options};
    let ins = ptx_op_cases::inputs(64, 23);
    let (mut runs, mut instrs, mut cycles) = (0, 0, 0);
    for c in ptx_op_cases::cases().iter().filter(|c| which(c)) {
        let m = heddle_sim::ptx::parse("ops.ptx", &ptx_op_cases::kernel_src(c)).unwrap_or_else(|e| panic!("{e}"));
        let k = translate(&m, None, Options::default()).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let (mem, l, pout) = ptx_op_cases::setup(&k, &ins, 32);
        let (ls, _) = on_verilator(&k, &l, &mem);
        assert!(ls.rtl.fault.is_none() && ls.compared > 0, "{}", c.name);
        ptx_op_cases::check(c, &ins, ls.mem.buffer(pout).unwrap()).unwrap_or_else(|e| panic!("on the RTL SM: {e}"));
        runs += 1;
        instrs += ls.compared;
        cycles += ls.rtl.cycles;
    }
    assert!(runs > 0);
    println!("{runs} kernels, {instrs} warp-instructions, {cycles} cycles, 0 mismatches");
}

/// Warp votes (`vote.ballot/any/all/uni` in a divergent branch: the RTL pipe reads the source
/// predicate of the 32 lanes at decode and the lanes write the common result) and
/// `bar.red.popc/and/or` (lowered to ballots, shared-memory words and two barriers), as
/// clang emits them (`programs/votes.cu`), on the RTL SM in Verilator in lock step with the
/// golden SM, on a 96-thread and a 16 x 5 CTA (a partial warp); outputs equal to the host
/// reference.
#[test]
fn votes_in_lock_step() {
    use heddle_sim::gsm::{pack_params, Arg};
    use heddle_sim::ptx::translate::{translate, Options};
    let m = heddle_sim::ptx::parse("votes.ptx", include_str!("programs/votes.ptx")).unwrap_or_else(|e| panic!("{e}"));
    let k = translate(&m, None, Options::default()).unwrap_or_else(|e| panic!("{e}"));
    for (block, grid, seed) in [([96u32, 1, 1], 2usize, 5u64), ([16, 5, 1], 2, 6)] {
        let n = (block[0] * block[1]) as usize;
        let mut rng = heddle_sim::vectors::Rng::new(seed);
        // (a few values above 1000: vote.any's condition)
        let inp: Vec<u32> = (0..n * grid).map(|_| rng.next_u32() % 64 + if rng.below(40) == 0 { 2000 } else { 0 }).collect();
        let mut mem = GlobalMem::default();
        let pin = mem.alloc_u32(&inp);
        let pout = mem.alloc_u32(&vec![0; inp.len()]);
        let params = pack_params(&k, &[Arg::U64(pout as u64), Arg::U64(pin as u64)]).unwrap();
        let l = Launch { grid: [grid as u32, 1, 1], block, params, constant: vec![] };
        let (ls, _) = on_verilator(&k, &l, &mem);
        assert!(ls.rtl.fault.is_none() && ls.compared > 0, "{:?}", ls.rtl.fault);
        assert_eq!(ls.mem.words(pout), votes_ref::votes_reference(&inp, n), "block {block:?}");
        println!("block {block:?}: {} warp-instructions, {} cycles, 0 mismatches", ls.compared, ls.rtl.cycles);
    }
}

/// Every atomic operation (`isa::ATOM_NAMES`) on global and shared memory, four words each
/// contended by every thread of two CTAs, the old values stored per thread, a guarded one
/// with half the lanes: in lock step on `sm.v` in Verilator with the golden SM stepped in
/// the RTL SM's issue order (so the old values each lane gets are exact); the global add's
/// old values are all distinct (the lanes' adds in a serial order).
#[test]
fn atomics_in_lock_step() {
    use heddle_hw::isa::ATOM_NAMES;
    let mut asm = String::from(
        "s2r r0, %tid.x\ns2r r9, %ctaid.x\nmovi r1, 0x3\nand r1, r0, r1\nmovi r2, 0x2\nshl r1, r1, r2\n\
         ld.param.b32 r3, [r7]\niadd r3, r3, r1\nld.param.b32 r10, [r7+0x4]\ns2r r11, %ntid.x\n\
         imul.u32 r11, r9, r11\niadd r11, r11, r0\nmovi r12, 0x80\nimul.u32 r11, r11, r12\niadd r10, r10, r11\n\
         movi r5, 0x9e3779b9\nimul.u32 r5, r0, r5\niadd r5, r5, r9\nmovi r12, 0x1\niadd r5, r5, r12\nmovi r6, 0x5\nxor r6, r0, r6\n\
         movi r13, 0x1\nand r13, r0, r13\nisetp.ne.u32 p0, r13, r7\n",
    );
    for (i, name) in ATOM_NAMES.iter().enumerate() {
        asm += &format!("atom.global.{name} r4, [r3], r5, r6\nst.global.b32 [r10+{:#x}], r4\n", 8 * i);
        asm += &format!("atom.shared.{name} r4, [r1], r5, r6\nst.global.b32 [r10+{:#x}], r4\n", 8 * i + 4);
    }
    asm += "@p0 atom.global.add r4, [r3], r0, r6\n@p0 atom.shared.inc r4, [r1], r5, r6\nst.global.b32 [r10+0x78], r4\nexit\n";
    let mut k = Kernel::from_asm("atomics", &asm, 14).unwrap_or_else(|e| panic!("{e}"));
    k.shared_bytes = 16;
    let (grid, block) = ([2u32, 1, 1], [80u32, 1, 1]);
    let threads = (grid[0] * block[0]) as usize;
    let mut mem = GlobalMem::default();
    let counters = mem.alloc_u32(&[0; 4]);
    let out = mem.alloc_u32(&vec![0; threads * 32]);
    let params = [counters.to_le_bytes(), out.to_le_bytes()].concat();
    let l = Launch { grid, block, params, constant: vec![] };
    let (ls, _) = on_verilator(&k, &l, &mem);
    let golden = ls.golden.as_ref().unwrap_or_else(|e| panic!("the golden SM: {e}"));
    assert!(ls.rtl.fault.is_none() && ls.compared == golden.trace.len() as u64, "{:?}", ls.rtl.fault);
    // within a warp, the lanes' global adds on one word are applied in lane order: each
    // lane's old value is the previous lane's plus that lane's b
    let got = ls.mem.words(out);
    let b = |t: usize| (t as u32 % block[0]).wrapping_mul(0x9e37_79b9).wrapping_add(t as u32 / block[0] + 1);
    for t in 0..threads {
        let next = t + 4;
        let bx = block[0] as usize;
        // (the same CTA, the same warp)
        if next < threads && next / bx == t / bx && (next % bx) / 32 == (t % bx) / 32 {
            assert_eq!(got[next * 32], got[t * 32].wrapping_add(b(t)), "threads {t} and {next}: the global add's old values");
        }
    }
    println!(
        "atomics: {} warp-instructions, {} issued, {} cycles, 0 mismatches",
        ls.compared,
        ls.rtl.issued.len(),
        ls.rtl.cycles
    );
}

/// Local memory (every size, a byte never written reading 0) and generic addresses into the
/// local, shared and global windows, one warp-instruction mixing local and shared lanes,
/// generic atomics on a global and a shared word (as `atomicInc` reaches them), in lock
/// step on `sm.v` in Verilator; then a local access beyond the thread's bytes and a generic
/// shared one beyond the CTA's, faulting as on the golden SM.
#[test]
fn local_memory_and_generic_addresses_in_lock_step() {
    let asm = "s2r r0, %tid.x\ns2r r9, %ctaid.x\nld.param.b32 r10, [r7]\ns2r r11, %ntid.x\nimul.u32 r11, r9, r11\n\
        iadd r11, r11, r0\nmovi r12, 0x40\nimul.u32 r12, r11, r12\niadd r10, r10, r12\n\
        movi r1, 0x0\nmovi r2, 0x9e3779b9\nimul.u32 r2, r0, r2\niadd r2, r2, r9\n\
        st.local.b32 [r1], r2\nst.local.b32 [r1+0x4], r0\nst.local.u16 [r1+0x8], r2\nst.local.u8 [r1+0xb], r2\n\
        ld.local.b32 r3, [r1]\nst.global.b32 [r10], r3\nld.local.s16 r3, [r1+0x8]\nst.global.b32 [r10+0x4], r3\n\
        ld.local.s8 r3, [r1+0xb]\nst.global.b32 [r10+0x8], r3\nld.local.u8 r3, [r1+0xa]\nst.global.b32 [r10+0xc], r3\n\
        movi r4, 0xfe000004\nld.generic.b32 r3, [r4]\nst.global.b32 [r10+0x10], r3\nst.generic.b32 [r4+0x10], r2\n\
        ld.local.b32 r3, [r1+0x14]\nst.global.b32 [r10+0x14], r3\n\
        movi r5, 0x2\nshl r6, r0, r5\nmovi r5, 0xff000000\niadd r5, r5, r6\nst.generic.b32 [r5], r2\nbar 0\n\
        movi r5, 0x4\nxor r5, r6, r5\nld.shared.b32 r3, [r5]\nst.global.b32 [r10+0x18], r3\n\
        movi r16, 0x1\nand r16, r0, r16\nmovi r17, 0x1000000\nimul.u32 r16, r16, r17\nmovi r15, 0xfe000000\niadd r15, r15, r16\n\
        ld.generic.u16 r3, [r15+0x8]\nst.global.b32 [r10+0x1c], r3\n\
        st.generic.b32 [r10+0x20], r11\nld.generic.b32 r3, [r10+0x20]\nst.global.b32 [r10+0x24], r3\n\
        ld.param.b32 r13, [r7+0x4]\nmovi r14, 0x37\natom.generic.inc r3, [r13], r14, r0\nst.global.b32 [r10+0x28], r3\n\
        movi r14, 0xff000100\natom.generic.add r3, [r14], r2, r0\nst.global.b32 [r10+0x2c], r3\nexit\n";
    let mut k = Kernel::from_asm("local_generic", asm, 18).unwrap_or_else(|e| panic!("{e}"));
    (k.shared_bytes, k.local_bytes) = (0x120, 24);
    let (grid, block) = ([2u32, 1, 1], [72u32, 1, 1]);
    let threads = (grid[0] * block[0]) as usize;
    let mut mem = GlobalMem::default();
    let out = mem.alloc_u32(&vec![0; threads * 16]);
    let counter = mem.alloc_u32(&[0]);
    let l = Launch { grid, block, params: [out.to_le_bytes(), counter.to_le_bytes()].concat(), constant: vec![] };
    let (ls, _) = on_verilator(&k, &l, &mem);
    let golden = ls.golden.as_ref().unwrap_or_else(|e| panic!("the golden SM: {e}"));
    assert!(ls.rtl.fault.is_none() && ls.compared == golden.trace.len() as u64, "{:?}", ls.rtl.fault);
    // a host check of the plain parts: local words, sign extension, a byte never written
    let got = ls.mem.words(out);
    for t in 0..threads {
        let (tid, cta) = ((t % block[0] as usize) as u32, (t / block[0] as usize) as u32);
        let v = tid.wrapping_mul(0x9e37_79b9).wrapping_add(cta);
        let row = &got[t * 16..t * 16 + 16];
        assert_eq!(row[..6], [v, v as u16 as i16 as u32, v as u8 as i8 as u32, 0, tid, v], "thread {t}");
        assert_eq!(row[9], t as u32, "thread {t}: the generic global word");
    }
    println!("local and generic: {} warp-instructions, {} cycles, 0 mismatches", ls.compared, ls.rtl.cycles);
    // faults: beyond the thread's 24 local bytes (lane 5), beyond the CTA's shared bytes
    for (asm, lane, addr) in [
        ("s2r r0, %tid.x\nmovi r1, 0x14\nmovi r2, 0x5\nisetp.eq.u32 p0, r0, r2\n@p0 movi r1, 0x18\nld.local.b32 r3, [r1]\nexit", 5, 0x18),
        ("s2r r0, %tid.x\nmovi r1, 0xff000000\nmovi r2, 0x9\nisetp.eq.u32 p0, r0, r2\n@p0 movi r1, 0xff000120\nst.generic.b32 [r1], r0\nexit", 9, 0x120),
    ] {
        let mut k = Kernel::from_asm("local_fault", asm, 4).unwrap_or_else(|e| panic!("{e}"));
        (k.shared_bytes, k.local_bytes) = (0x120, 24);
        let (ls, _) = on_verilator(&k, &Launch { grid: [1, 1, 1], block: [32, 1, 1], ..Default::default() }, &GlobalMem::default());
        let f = ls.rtl.fault.expect("a fault");
        assert_eq!((f.kind, f.lane, f.addr), (heddle_hw::isa::sm_fault::OUT_OF_BOUNDS, lane, addr), "{f}");
        assert!(ls.golden.is_err(), "the golden SM faults too");
    }
}

//! The golden SM never panics: random valid microcode programs (every op code, random
//! fields, branch targets inside the program) run to completion or to a fault.
use heddle_sim::gsm::{self, Config, FaultKind, GlobalMem, Launch, NoFpUnits};
use heddle_sim::isa::{self, op, random_instr, OPS};
use heddle_sim::ptx::translate::{Kernel, SrcRef};
use heddle_sim::ptx::Loc;
use heddle_sim::vectors::Rng;

fn program(rng: &mut Rng, len: usize, nreg: u8) -> Vec<isa::Instr> {
    let mut v: Vec<isa::Instr> = (0..len)
        .map(|_| {
            // SFU and FMA instructions (no golden model yet) only now and then
            let mut def = &OPS[rng.below(OPS.len() as u64) as usize];
            while matches!(def.class, isa::Class::Sfu | isa::Class::Fma) && rng.below(10) != 0 {
                def = &OPS[rng.below(OPS.len() as u64) as usize];
            }
            let mut i = random_instr(def, rng);
            // keep registers inside the declared count most of the time
            if rng.below(400) != 0 {
                i.d %= if matches!(i.op, op::ISETP | op::FSETP | op::PLOP) { 8 } else { nreg };
                if !matches!(i.op, op::PLOP | op::S2R) {
                    i.a %= nreg;
                }
                if i.op != op::PLOP {
                    i.b %= nreg;
                }
                i.c %= nreg;
            }
            if i.op == op::BRA {
                i.imm %= len as u32 + 2;
                i.rpc %= len as u32 + 2;
            }
            if matches!(i.op, op::LD | op::ST) && rng.bool() {
                i.imm %= 256;
            }
            i
        })
        .collect();
    v.push(isa::Instr { op: op::EXIT, ..Default::default() });
    v
}

#[test]
fn random_programs_fault_or_finish_never_panic() {
    let mut rng = Rng::new(2024);
    let (mut done, mut faults) = (0, std::collections::BTreeMap::new());
    for n in 0..20_000 {
        let nreg = 1 + rng.below(16) as u8;
        let len = 1 + rng.below(40) as usize;
        let code = program(&mut rng, len, nreg);
        let k = Kernel {
            file: "random".into(),
            name: format!("p{n}"),
            src: (0..=len).map(|p| SrcRef { loc: Loc { line: p as u32 + 1, col: 1 }, instr: "x".into() }).collect(),
            code,
            regs_per_thread: nreg as u32,
            preds_per_thread: 7,
            params: vec![],
            param_bytes: 16,
            shared_vars: vec![],
            shared_bytes: [0, 64, 1024][rng.below(3) as usize],
            local_bytes: [0, 16][rng.below(2) as usize],
            const_vars: vec![],
            const_bytes: 0,
            const_init: vec![],
            global_vars: vec![],
        };
        let mut mem = GlobalMem::default();
        mem.alloc(vec![0; 4096]);
        let block = [1 + rng.below(64) as u32, 1 + rng.below(2) as u32, 1];
        let l = Launch { grid: [1 + rng.below(2) as u32, 1, 1], block, params: vec![1; 16], constant: vec![2; 64] };
        let cfg = Config { watchdog: 5_000, stack_depth: 8, ..Config::default() };
        let k2 = k.clone();
        let r = std::panic::catch_unwind(move || gsm::run(&k2, &l, &mut mem, &cfg, &mut NoFpUnits, true));
        match r {
            Ok(Ok(_)) => done += 1,
            Ok(Err(f)) => *faults.entry(format!("{:?}", f.kind)).or_insert(0) += 1,
            Err(_) => panic!("panic on program:\n{}", k.listing()),
        }
    }
    eprintln!("random programs: {done} finished, faults {faults:?}");
    assert!(done > 100, "{done}");
    for kind in [FaultKind::OutOfBounds, FaultKind::Misaligned, FaultKind::NotYetSupported, FaultKind::Resources] {
        assert!(faults.contains_key(&format!("{kind:?}")), "{faults:?}");
    }
}

/// Mutated real kernels that still parse and translate run in the golden SM with real
/// buffers behind their pointer parameters: a fault or a result, never a panic.
#[test]
fn mutated_kernels_run_without_panic() {
    use heddle_sim::gsm::Arg;
    use heddle_sim::ptx::fuzz::{kernel_corpus, Mutator};
    use heddle_sim::ptx::translate::{translate, Options};
    use heddle_sim::ptx::{parse_bytes, Ty};
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let corpus: Vec<Vec<u8>> = kernel_corpus(root).unwrap().into_iter().map(|(_, b)| b).collect();
    let m = Mutator::new(corpus);
    let mut rng = Rng::new(99);
    let (mut ran, mut ok) = (0, 0);
    for _ in 0..20_000 {
        let input = m.input(&mut rng);
        let Ok(module) = parse_bytes("fuzz.ptx", &input) else { continue };
        let Ok(k) = translate(&module, None, Options { g80_mad: rng.bool(), ..Default::default() }) else { continue };
        let mut mem = GlobalMem::default();
        let args: Vec<Arg> = k
            .params
            .iter()
            .map(|p| match p.ty {
                Ty::U64 | Ty::S64 | Ty::B64 => Arg::U64(mem.alloc(vec![0x3F; 8192]) as u64),
                _ => Arg::U32(rng.below(300) as u32),
            })
            .collect();
        let Ok(params) = gsm::pack_params(&k, &args) else { continue };
        let l = Launch { grid: [2, 1, 1], block: [64, 1, 1], params, constant: vec![] };
        let cfg = Config { watchdog: 20_000, ..Config::default() };
        let k2 = k.clone();
        ran += 1;
        match std::panic::catch_unwind(move || gsm::run(&k2, &l, &mut mem, &cfg, &mut NoFpUnits, false)) {
            Ok(r) => ok += r.is_ok() as u32,
            Err(_) => panic!("panic running a mutated kernel:\n{}\n--- from PTX:\n{}", k.listing(), String::from_utf8_lossy(&input)),
        }
    }
    eprintln!("mutated kernels: {ran} ran, {ok} finished without a fault");
    assert!(ran > 500 && ok > 100, "{ran} {ok}");
}

//! The PTX translator (issue 8): 64-bit integer and address operations as 32-bit
//! micro-operation sequences (checked by running hand-written PTX in the golden SM against
//! host u64 arithmetic), register allocation by liveness (an exact register count),
//! reconvergence points at immediate post-dominators, and errors naming file, line, column
//! and instruction.
use heddle_sim::gsm::{self, pack_params, Arg, Config, GlobalMem, Launch, NoFpUnits};
use heddle_sim::isa::op;
use heddle_sim::ptx::parse;
use heddle_sim::ptx::translate::{occupancy, translate, Kernel, Options, SmResources};
use heddle_sim::vectors::Rng;

fn tr(src: &str) -> Kernel {
    let m = parse("t.ptx", src).unwrap_or_else(|e| panic!("{e}"));
    translate(&m, None, Options::default()).unwrap_or_else(|e| panic!("{e}"))
}

const HEAD: &str = ".version 3.2\n.target sm_20\n.address_size 64\n";

const OPS64: &str = "
.visible .entry ops64(.param .u64 pin, .param .u64 pout)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<40>;
  ld.param.u64 %rd1, [pin];
  ld.param.u64 %rd2, [pout];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 24;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u64 %rd5, [%rd4];
  ld.global.u64 %rd6, [%rd4+8];
  ld.global.u32 %r2, [%rd4+16];
  mul.wide.u32 %rd7, %r1, 128;
  add.s64 %rd8, %rd2, %rd7;
  add.s64 %rd9, %rd5, %rd6;
  st.global.u64 [%rd8], %rd9;
  sub.s64 %rd10, %rd5, %rd6;
  st.global.u64 [%rd8+8], %rd10;
  cvt.u32.u64 %r3, %rd5;
  mul.wide.s32 %rd11, %r3, %r2;
  st.global.u64 [%rd8+16], %rd11;
  mul.wide.u32 %rd12, %r3, %r2;
  st.global.u64 [%rd8+24], %rd12;
  shl.b64 %rd13, %rd5, 5;
  st.global.u64 [%rd8+32], %rd13;
  shl.b64 %rd14, %rd5, 37;
  st.global.u64 [%rd8+40], %rd14;
  shr.u64 %rd15, %rd5, 7;
  st.global.u64 [%rd8+48], %rd15;
  shr.u64 %rd16, %rd5, 40;
  st.global.u64 [%rd8+56], %rd16;
  shr.s64 %rd17, %rd5, 9;
  st.global.u64 [%rd8+64], %rd17;
  shr.s64 %rd18, %rd5, 45;
  st.global.u64 [%rd8+72], %rd18;
  mul.lo.s64 %rd19, %rd5, %rd6;
  st.global.u64 [%rd8+80], %rd19;
  cvt.s64.s32 %rd20, %r2;
  st.global.u64 [%rd8+88], %rd20;
  cvt.u64.u32 %rd21, %r2;
  st.global.u64 [%rd8+96], %rd21;
  setp.lt.u32 %p1, %r3, %r2;
  selp.b64 %rd22, %rd5, %rd6, %p1;
  st.global.u64 [%rd8+104], %rd22;
  xor.b64 %rd23, %rd5, %rd6;
  st.global.u64 [%rd8+112], %rd23;
  add.s64 %rd24, %rd5, -1;
  st.global.u64 [%rd8+120], %rd24;
  ret;
}
";

fn ref64(a: u64, b: u64, s: u32) -> [u64; 16] {
    let a32 = a as u32;
    [
        a.wrapping_add(b),
        a.wrapping_sub(b),
        (a32 as i32 as i64 * s as i32 as i64) as u64,
        a32 as u64 * s as u64,
        a << 5,
        a << 37,
        a >> 7,
        a >> 40,
        ((a as i64) >> 9) as u64,
        ((a as i64) >> 45) as u64,
        a.wrapping_mul(b),
        s as i32 as i64 as u64,
        s as u64,
        if a32 < s { a } else { b },
        a ^ b,
        a.wrapping_sub(1),
    ]
}

#[test]
fn sixty_four_bit_ops_as_32_bit_micro_ops() {
    let k = tr(&format!("{HEAD}{OPS64}"));
    let mut rng = Rng::new(64);
    let edge = [0u64, 1, 0xFFFF_FFFF, 0x1_0000_0000, 0xFFFF_FFFF_FFFF_FFFF, 0x8000_0000_0000_0000, 0x7FFF_FFFF_FFFF_FFFF, 0x0000_0000_8000_0000];
    let threads = 256u32;
    let mut input = vec![];
    let mut cases = vec![];
    for t in 0..threads as usize {
        let pick = |rng: &mut Rng| if rng.below(3) == 0 { edge[rng.below(edge.len() as u64) as usize] } else { rng.next_u64() };
        let (a, b) = if t < 64 { (edge[t % 8], edge[t / 8]) } else { (pick(&mut rng), pick(&mut rng)) };
        let s = rng.next_u32();
        cases.push((a, b, s));
        input.extend(a.to_le_bytes());
        input.extend(b.to_le_bytes());
        input.extend((s as u64).to_le_bytes());
    }
    let mut mem = GlobalMem::default();
    let pin = mem.alloc(input);
    let pout = mem.alloc(vec![0; 128 * threads as usize]);
    let params = pack_params(&k, &[Arg::U64(pin as u64), Arg::U64(pout as u64)]).unwrap();
    let l = Launch { grid: [1, 1, 1], block: [threads, 1, 1], params, constant: vec![] };
    gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
    let out = mem.buffer(pout).unwrap();
    for (t, &(a, b, s)) in cases.iter().enumerate() {
        let want = ref64(a, b, s);
        for (j, w) in want.iter().enumerate() {
            let o = 128 * t + 8 * j;
            let got = u64::from_le_bytes(out[o..o + 8].try_into().unwrap());
            assert_eq!(got, *w, "thread {t} result {j}: a {a:#x} b {b:#x} s {s:#x}");
        }
    }
}

#[test]
fn register_count_is_the_maximum_liveness() {
    // out pointer + 12 values live at once: 13 registers (greedy colouring in definition
    // order is optimal on this straight-line code).
    let mut body = String::from(
        ".visible .entry live(.param .u64 pout, .param .align 4 .b8 pv[48])\n{\n .reg .b32 %r<30>;\n .reg .b64 %rd<3>;\n ld.param.u64 %rd1, [pout];\n cvta.to.global.u64 %rd2, %rd1;\n",
    );
    for i in 1..=12 {
        body += &format!(" ld.param.u32 %r{i}, [pv+{}];\n", 4 * (i - 1));
    }
    body += " add.s32 %r13, %r1, %r2;\n";
    for i in 3..=12 {
        body += &format!(" add.s32 %r{}, %r{}, %r{i};\n", 11 + i, 10 + i);
    }
    body += " st.global.u32 [%rd2], %r23;\n ret;\n}\n";
    let k = tr(&format!("{HEAD}{body}"));
    assert_eq!(k.regs_per_thread, 13, "{}", k.listing());
    // and it computes the sum
    let mut mem = GlobalMem::default();
    let po = mem.alloc_u32(&[0]);
    let mut params = pack_params(&k, &[Arg::U64(po as u64), Arg::U32(0)]).err().map(|_| vec![]).unwrap_or_default();
    params.resize(k.param_bytes as usize, 0);
    params[..8].copy_from_slice(&(po as u64).to_le_bytes());
    for i in 0..12u32 {
        let off = k.params[1].offset as usize + 4 * i as usize;
        params[off..off + 4].copy_from_slice(&(1000 + i * i).to_le_bytes());
    }
    let l = Launch { grid: [1, 1, 1], block: [1, 1, 1], params, constant: vec![] };
    gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap();
    assert_eq!(mem.words(po)[0], (0..12).map(|i| 1000 + i * i).sum::<u32>());
    // occupancy: 13 regs x 256 threads = 3328 of 8192 -> 2 CTAs, limited by registers
    let occ = occupancy(&k, 256, &SmResources::G80);
    assert_eq!((occ.ctas_per_sm, occ.limited_by), (2, "registers"));
}

#[test]
fn reconvergence_at_the_immediate_post_dominator() {
    let src = format!(
        "{HEAD}.visible .entry diamond(.param .u64 pout)
{{
  .reg .pred %p<3>;
  .reg .b32 %r<10>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [pout];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  setp.lt.u32 %p1, %r1, 5;
  @%p1 bra ELSE;
  add.s32 %r2, %r1, 100;
  bra.uni JOIN;
ELSE:
  sub.s32 %r2, 100, %r1;
JOIN:
  setp.eq.s32 %p2, %r1, 0;
LOOP:
  add.s32 %r2, %r2, 1;
  setp.lt.u32 %p2, %r2, 300;
  @%p2 bra LOOP;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}}
"
    );
    let k = tr(&src);
    let bras: Vec<(usize, u32, u32, bool)> =
        k.code.iter().enumerate().filter(|(_, i)| i.op == op::BRA).map(|(pc, i)| (pc, i.imm, i.rpc, i.uni)).collect();
    assert_eq!(bras.len(), 3, "{}", k.listing());
    // the diamond: reconverges at JOIN, the target of the bra.uni
    let (_, _, rpc, uni) = bras[0];
    assert!(!uni);
    assert_eq!(rpc, bras[1].1, "{}", k.listing());
    assert!(bras[1].3, "bra.uni stays uniform");
    // the loop's back edge reconverges right after it
    let (pc, target, rpc, _) = bras[2];
    assert_eq!(rpc as usize, pc + 1);
    assert!((target as usize) < pc);
    // and runs: threads < 5 start at 100 - t, the others at t + 100; all count to 300
    let mut mem = GlobalMem::default();
    let po = mem.alloc_u32(&[0; 64]);
    let params = pack_params(&k, &[Arg::U64(po as u64)]).unwrap();
    let l = Launch { grid: [1, 1, 1], block: [64, 1, 1], params, constant: vec![] };
    let r = gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap();
    assert_eq!(mem.words(po), vec![300; 64]);
    assert!(r.stats.divergent_branches >= 2, "{:?}", r.stats);
}

#[test]
fn errors_name_file_line_column_and_instruction() {
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/kernels/ptx/div_sqrt.ptx")).unwrap();
    let m = parse("div_sqrt.ptx", &src.replace("sqrt.rn.f32", "sqrt.rz.f32")).unwrap();
    let e = translate(&m, None, Options::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "div_sqrt.ptx:48:2: not yet supported: sqrt.rz.f32: only the .rn forms (and div.full) of div, sqrt and rcp .f32 and the .approx forms (in `sqrt.rz.f32`)"
    );
    let bad = |body: &str| {
        let s = format!("{HEAD}.visible .entry k()\n{{\n .reg .b32 %r<4>;\n .reg .pred %p<2>;\n{body}\n ret;\n}}\n");
        translate(&parse("k.ptx", &s).unwrap(), None, Options::default()).unwrap_err().to_string()
    };
    assert_eq!(bad(" add.s32 %r1, %r2, %r9;"), "k.ptx:8:2: undeclared register %r9 (in `add.s32`)");
    assert_eq!(bad(" bra.uni NOWHERE;"), "k.ptx:8:2: undefined label NOWHERE (in `bra.uni`)");
    assert_eq!(bad(" setp.lt.s32 %r1, %r2, %r3;"), "k.ptx:8:2: %r1 is not a predicate (in `setp.lt.s32`)");
    assert_eq!(bad(" mul.lo.s32 %r1, %p1, %r3;"), "k.ptx:8:2: predicate %p1 used as a value (in `mul.lo.s32`)");
    assert!(bad(" cvta.const.u64 %r1, %r2;").contains("not yet supported: cvta.const.u64: cvta of the const and param spaces"));
    assert!(bad(" shl.b64 %r1, %r2, %r3;").contains("%r2 is not a 64-bit register (in `shl.b64`)"));
    assert!(bad(" ld.global.v2.f32 {%r1}, [%r3];").contains("a .v2/.v4 access needs a vector of 2/4 registers"));
    assert!(bad(" prmt.b16 %r1, %r2, %r3, %r1;").contains("prmt is .b32 (in `prmt.b16`)"));
}

/// Module-level `__shared__` and `__constant__` variables, the dynamic (`extern`) shared
/// array after the static ones, and nested `{ }` blocks repeating a declaration (clang's
/// inline-assembly scopes), as clang emits them.
#[test]
fn module_variables_dynamic_shared_and_nested_blocks() {
    let src = format!(
        "{HEAD}.const .align 4 .b8 ck[16];
.shared .align 4 .b8 stat[8];
.extern .shared .align 4 .b8 dyn[];
.visible .entry k(.param .u64 pout)
{{
  .reg .b32 %r<12>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [pout];
  mov.u32 %r1, %tid.x;
  ld.const.u32 %r2, [ck+8];
  shl.b32 %r3, %r1, 2;
  mov.u32 %r4, dyn;
  add.s32 %r5, %r4, %r3;
  st.shared.u32 [%r5], %r1;
  st.shared.u32 [stat+4], %r2;
  bar.sync 0;
  xor.b32 %r6, %r3, 4;
  add.s32 %r7, %r4, %r6;
  ld.shared.u32 %r8, [%r7];
  {{
  .reg .b32 %t;
  add.s32 %t, %r8, %r2;
  mov.u32 %r9, %t;
  }}
  {{
  .reg .b32 %t;
  ld.shared.u32 %t, [stat+4];
  add.s32 %r9, %r9, %t;
  }}
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r9;
  ret;
}}
"
    );
    let mut k = tr(&src);
    assert_eq!(k.const_vars, vec![("ck".to_string(), 0, 16)]);
    assert_eq!(k.shared_bytes, 16, "the dynamic array starts 16-aligned after the 8 static bytes");
    k.shared_bytes += 64 * 4;
    let init = std::collections::BTreeMap::from([("ck".to_string(), gsm::launch::Init::U32(vec![0, 0, 1000]))]);
    let constant = gsm::launch::constant_bank(&k, &init).unwrap();
    let mut mem = GlobalMem::default();
    let po = mem.alloc_u32(&[0; 64]);
    let params = pack_params(&k, &[Arg::U64(po as u64)]).unwrap();
    let l = Launch { grid: [1, 1, 1], block: [64, 1, 1], params, constant };
    gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
    // thread t reads its neighbour t ^ 1's tid, plus 1000 twice
    let want: Vec<u32> = (0..64).map(|t| (t ^ 1) + 2000).collect();
    assert_eq!(mem.words(po), want);
    let bad = std::collections::BTreeMap::from([("nope".to_string(), gsm::launch::Init::U32(vec![1]))]);
    assert!(gsm::launch::constant_bank(&k, &bad).unwrap_err().contains("constants names 'nope', not a __constant__ variable of kernel k (it has: ck)"));
}

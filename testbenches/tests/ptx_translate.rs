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
#[path = "programs/votes_ref.rs"]
mod votes_ref;
use votes_ref::votes_reference;

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
    let m = parse("div_sqrt.ptx", &src.replace("sqrt.rn.f32", "sqrt.f32")).unwrap();
    let e = translate(&m, None, Options::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "div_sqrt.ptx:48:2: not yet supported: sqrt.f32: div, sqrt and rcp .f32 round with .rn, .rz, .rm or .rp (div also .full) or are .approx (in `sqrt.f32`)"
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

/// clang's device functions (`programs/calls.cu`: structs by value, a struct read with
/// `ld.param.v2`, a divergent early `ret`, calls inside a called function, a 64-bit
/// result), a `__device__` counter and an initialized `__device__` table, an initialized
/// `__constant__` array: inlined, run in the golden SM, every output equal to a host
/// reference.
#[test]
fn device_functions_and_device_variables() {
    let m = parse("calls.ptx", include_str!("programs/calls.ptx")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.funcs.len(), 6);
    let k = translate(&m, None, Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let globals: Vec<&str> = k.global_vars.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(globals, ["counter", "table"]);
    assert_eq!(k.const_init, [0.5f32, 2.0].iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>());
    let n = 200u32;
    let mut rng = Rng::new(31);
    let inp: Vec<f32> = (0..n).map(|_| (rng.next_u32() % 20001) as f32 / 100.0 - 100.0).collect();
    let mut mem = GlobalMem::default();
    let pin = mem.alloc(inp.iter().flat_map(|x| x.to_le_bytes()).collect());
    let pout = mem.alloc(vec![0; 4 * n as usize]);
    let pwide = mem.alloc(vec![0; 8 * n as usize]);
    let mut params = pack_params(&k, &[Arg::U64(pout as u64), Arg::U64(pin as u64), Arg::U64(pwide as u64), Arg::U32(n)]).unwrap();
    let mut placed = std::collections::BTreeMap::new();
    gsm::place_globals(&k, &mut mem, &mut params, &mut placed).unwrap();
    let l = Launch { grid: [2, 1, 1], block: [128, 1, 1], params, constant: k.const_init.clone() };
    gsm::run(&k, &l, &mut mem, &Config::default(), &mut gsm::GoldenFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
    let table = [3, 5, 7, 11];
    for i in 0..n as usize {
        let (x, y) = (inp[i], inp[(i + 1) % n as usize]);
        let dot = ((x * 2.0) + ((x + 1.0) * y)) + (i as i32 - 3) as f32;
        let d = (dot + (x - 0.25)) * [0.5, 2.0][i & 1];
        let c = 2 * (3 * i as i32 - 10).clamp(1, n as i32) + table[i & 3];
        let v = d + c as f32;
        let want = if i & 1 == 1 { v * v } else { v };
        let got = f32::from_bits(mem.words(pout)[i]);
        assert_eq!(got.to_bits(), want.to_bits(), "out[{i}]: {got} != {want}");
        let a = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let w = (a << (i & 63)) ^ (a >> 7);
        let words = mem.words(pwide);
        assert_eq!(words[2 * i] as u64 | (words[2 * i + 1] as u64) << 32, w, "wide[{i}]");
    }
    assert_eq!(mem.words(placed["counter"]), [n], "one atomic increment per thread in range");
    assert_eq!(mem.words(placed["table"]), [3, 5, 7, 11]);
}

/// Calls the translator inlines beyond clang's usual shape (a guarded call, register and
/// immediate arguments, a register result), and the errors of calls it cannot inline.
#[test]
fn calls_guarded_with_register_arguments_and_call_errors() {
    let f = ".func (.param .b32 r) addmul(.param .b32 a, .param .b32 b)
{
  .reg .b32 %r<4>;
  ld.param.b32 %r1, [a];
  ld.param.b32 %r2, [b];
  mad.lo.s32 %r3, %r1, %r2, %r1;
  st.param.b32 [r], %r3;
  ret;
}
";
    let src = format!(
        "{HEAD}{f}.visible .entry k(.param .u64 pout)
{{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [pout];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 100;
  and.b32 %r3, %r1, 1;
  setp.eq.s32 %p1, %r3, 1;
  @%p1 call.uni (%r2), addmul, (%r1, 7);
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}}
"
    );
    let k = tr(&src);
    let mut mem = GlobalMem::default();
    let po = mem.alloc_u32(&[0; 64]);
    let params = pack_params(&k, &[Arg::U64(po as u64)]).unwrap();
    let l = Launch { grid: [1, 1, 1], block: [64, 1, 1], params, constant: vec![] };
    gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
    let want: Vec<u32> = (0..64).map(|t| if t & 1 == 1 { t * 7 + t } else { 100 }).collect();
    assert_eq!(mem.words(po), want, "odd threads call addmul(tid, 7), even ones keep 100");
    let errs = [
        (".func g(.param .b32 x)\n{\n  call.uni f, (x);\n  ret;\n}\n.func f(.param .b32 x)\n{\n  call.uni g, (x);\n  ret;\n}\n", "call.uni f, (%r1);", "recursive call f -> g -> f (heddle inlines device functions and cannot inline recursion)"),
        (".extern .func (.param .b32 r) ext(.param .b32 x);\n", "call.uni (%r2), ext, (%r1);", "call of the external function ext"),
        (f, "call.uni (%r2), addmul, (%r1);", "addmul takes 2 argument(s) and returns 1 value(s); the call passes 1 and takes 1"),
        ("", "call.uni nope, (%r1);", "call of an undefined function nope"),
        ("", "call.uni %r1, (%r1);", "indirect call"),
    ];
    for (funcs, call, want) in errs {
        let src = format!("{HEAD}{funcs}.visible .entry k()\n{{\n  .reg .b32 %r<4>;\n  mov.u32 %r1, %tid.x;\n  {call}\n  ret;\n}}\n");
        let e = parse("t.ptx", &src).and_then(|m| translate(&m, None, Options::default()).map(|_| ())).unwrap_err();
        assert!(e.to_string().contains(want), "{call}: {e}\n  wanted: {want}");
    }
}

/// More predicates live at once than the 7 the SM has: the translator spills to general
/// registers (`selp` after each definition, `isetp.ne` before each use), including a
/// guarded definition and a predicate used as a guard and by `selp`; and more registers
/// than a CTA size allows: constants are rematerialized at their uses (`Options::max_regs`).
/// Each kernel's outputs equal the host's.
#[test]
fn predicate_spills_and_constant_rematerialization() {
    let mut body = String::new();
    for j in 1..=10 {
        body += &format!("  setp.gt.u32 %p{j}, %r1, {};\n", j * 6);
    }
    body += "  @%p2 setp.lt.u32 %p3, %r1, 13;\n";
    for j in 1..=10 {
        body += &format!("  selp.b32 %r3, {}, 0, %p{j};\n  add.s32 %r2, %r2, %r3;\n", 1 << j);
    }
    body += "  @%p9 add.s32 %r2, %r2, 5000;\n";
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 pout)
{{
  .reg .pred %p<12>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [pout];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
{body}  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}}
"
    );
    let k = tr(&src);
    assert!(k.preds_per_thread <= 7, "{} predicates", k.preds_per_thread);
    let run = |k: &Kernel| {
        let mut mem = GlobalMem::default();
        let po = mem.alloc_u32(&[0; 64]);
        let params = pack_params(k, &[Arg::U64(po as u64)]).unwrap();
        let l = Launch { grid: [1, 1, 1], block: [64, 1, 1], params, constant: vec![] };
        gsm::run(k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
        mem.words(po)
    };
    let want: Vec<u32> = (0..64u32)
        .map(|t| {
            let mut p: Vec<bool> = (0..=10).map(|j| t > j * 6).collect();
            if p[2] {
                p[3] = t < 13;
            }
            let s: u32 = (1..=10).filter(|&j| p[j as usize]).map(|j| 1 << j).sum();
            s + if p[9] { 5000 } else { 0 }
        })
        .collect();
    assert_eq!(run(&k), want);

    // 24 constants live across a loop
    let mut init = String::new();
    let mut uses = String::new();
    for j in 0..24 {
        init += &format!("  mov.u32 %c{j}, {};\n", 0x1000 + 37 * j);
        uses += &format!("  xor.b32 %r2, %r2, %c{j};\n  add.s32 %r2, %r2, %r1;\n");
    }
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 pout)
{{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b32 %c<24>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [pout];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  mov.u32 %r4, 0;
{init}L1:
{uses}  add.s32 %r4, %r4, 1;
  setp.lt.u32 %p1, %r4, 3;
  @%p1 bra L1;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}}
"
    );
    let m = parse("t.ptx", &src).unwrap();
    let free = translate(&m, None, Options::default()).unwrap();
    let capped = translate(&m, None, Options { max_regs: 12, ..Default::default() }).unwrap();
    assert!(free.regs_per_thread > 24, "{} registers without a cap", free.regs_per_thread);
    assert!(capped.regs_per_thread <= 12, "{} registers with a cap of 12", capped.regs_per_thread);
    let want: Vec<u32> = (0..64u32)
        .map(|t| {
            let mut r = 0u32;
            for _ in 0..3 {
                for j in 0..24 {
                    r = (r ^ (0x1000 + 37 * j)).wrapping_add(t);
                }
            }
            r
        })
        .collect();
    assert_eq!(run(&free), want);
    assert_eq!(run(&capped), want);
    let e = translate(&m, None, Options { max_regs: 3, ..Default::default() }).unwrap_err();
    assert!(e.to_string().contains("registers per thread (at most 3 for its CTA size)"), "{e}");
}

/// `vote.{ballot,any,all,uni}` inside a divergent branch and `bar.red.{popc,and,or}`
/// (`__syncthreads_count/and/or`) as clang emits them (`programs/votes.cu`), on CTAs of 96
/// threads and of 16 x 5 (a partial last warp, a 2-D thread index), in the golden SM:
/// every output equal to the host reference.
#[test]
fn warp_votes_and_barrier_reductions() {
    let m = parse("votes.ptx", include_str!("programs/votes.ptx")).unwrap_or_else(|e| panic!("{e}"));
    let k = translate(&m, None, Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(k.code.iter().any(|i| i.op == op::VOTE) && k.code.iter().any(|i| i.op == op::BALLOT));
    for (block, grid, seed, modulo) in [([96, 1, 1], 3, 1, 64), ([16, 5, 1], 4, 2, 64), ([32, 2, 1], 2, 3, 8)] {
        let n = (block[0] * block[1]) as usize;
        let mut rng = Rng::new(seed);
        let inp: Vec<u32> = (0..n * grid).map(|_| rng.next_u32() % modulo + if rng.below(50) == 0 { 2000 } else { 0 }).collect();
        let mut mem = GlobalMem::default();
        let pin = mem.alloc_u32(&inp);
        let pout = mem.alloc_u32(&vec![0; inp.len()]);
        let params = pack_params(&k, &[Arg::U64(pout as u64), Arg::U64(pin as u64)]).unwrap();
        let l = Launch { grid: [grid as u32, 1, 1], block, params, constant: vec![] };
        gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(mem.words(pout), votes_reference(&inp, n), "block {block:?}");
    }
}

/// 64-bit atomics (emulated under a lock in global memory: `lower_int.rs`, `atom64`) from
/// 256 threads in 2 CTAs, all on the same words: `add.u64` with carries, `min.s64`,
/// `max.u64`, `or/xor.b64`, `cas.b64`, `exch.b64`, a guarded `red.add.u64` and `add.u64` on
/// shared memory; final values equal to the host's and the returned old values consistent
/// with some serial order (add: every multiple of the addend once; cas: as many successes
/// as the final count; exch: a permutation).
#[test]
fn sixty_four_bit_atomics() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 pctr, .param .u64 pold)
{{
  .shared .align 8 .b8 sh[8];
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<32>;
  ld.param.u64 %rd1, [pctr];
  ld.param.u64 %rd2, [pold];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mad.lo.s32 %r4, %r2, %r3, %r1;
  cvt.u64.u32 %rd3, %r4;
  mul.wide.u32 %rd4, %r4, 32;
  add.s64 %rd5, %rd2, %rd4;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 st.shared.u64 [sh], 0;
  bar.sync 0;
  atom.global.add.u64 %rd6, [%rd1], 4294967295;
  st.global.u64 [%rd5], %rd6;
  add.s64 %rd7, %rd3, -100;
  atom.global.min.s64 %rd8, [%rd1+8], %rd7;
  shl.b64 %rd9, %rd3, 32;
  add.s64 %rd10, %rd9, 7;
  atom.global.max.u64 %rd11, [%rd1+16], %rd10;
  and.b32 %r5, %r4, 63;
  mov.u64 %rd12, 1;
  shl.b64 %rd13, %rd12, %r5;
  atom.global.or.b64 %rd14, [%rd1+24], %rd13;
  mul.lo.s64 %rd15, %rd3, -7046029254386353131;
  atom.global.xor.b64 %rd16, [%rd1+32], %rd15;
  add.s64 %rd17, %rd3, 1;
  atom.global.cas.b64 %rd18, [%rd1+40], %rd3, %rd17;
  st.global.u64 [%rd5+8], %rd18;
  add.s64 %rd19, %rd3, 1000;
  atom.global.exch.b64 %rd20, [%rd1+48], %rd19;
  st.global.u64 [%rd5+16], %rd20;
  and.b32 %r6, %r4, 1;
  setp.eq.u32 %p2, %r6, 1;
  @%p2 red.global.add.u64 [%rd1+64], 1;
  atom.shared.add.u64 %rd21, [sh], 3;
  bar.sync 0;
  @%p1 ld.shared.u64 %rd22, [sh];
  @%p1 red.global.add.u64 [%rd1+56], %rd22;
  ret;
}}
"
    );
    let k = tr(&src);
    assert!(k.global_vars.iter().any(|g| g.name == "__atom64_lock"));
    let n = 256u64;
    let mut mem = GlobalMem::default();
    let init: [u64; 9] = [0, 5, 3, 0, 0x1234, 0, 77, 0, 0];
    let pctr = mem.alloc(init.iter().flat_map(|x| x.to_le_bytes()).collect());
    let pold = mem.alloc(vec![0; 32 * n as usize]);
    let mut params = pack_params(&k, &[Arg::U64(pctr as u64), Arg::U64(pold as u64)]).unwrap();
    gsm::place_globals(&k, &mut mem, &mut params, &mut Default::default()).unwrap();
    let l = Launch { grid: [2, 1, 1], block: [128, 1, 1], params, constant: vec![] };
    gsm::run(&k, &l, &mut mem, &Config::default(), &mut NoFpUnits, false).unwrap_or_else(|f| panic!("{f}"));
    let w = mem.words(pctr);
    let ctr: Vec<u64> = (0..9).map(|i| w[2 * i] as u64 | (w[2 * i + 1] as u64) << 32).collect();
    let w = mem.words(pold);
    let old = |t: usize, k: usize| w[8 * t + 2 * k] as u64 | (w[8 * t + 2 * k + 1] as u64) << 32;
    assert_eq!(ctr[0], n * 0xFFFF_FFFF, "add.u64");
    let mut adds: Vec<u64> = (0..n as usize).map(|t| old(t, 0)).collect();
    adds.sort();
    assert_eq!(adds, (0..n).map(|i| i * 0xFFFF_FFFF).collect::<Vec<_>>(), "each thread saw a different running sum");
    assert_eq!(ctr[1] as i64, -100, "min.s64");
    assert_eq!(ctr[2], ((n - 1) << 32) + 7, "max.u64");
    assert_eq!(ctr[3], u64::MAX, "or.b64");
    assert_eq!(ctr[4], (0..n).fold(0x1234, |x, t| x ^ t.wrapping_mul(-7046029254386353131i64 as u64)), "xor.b64");
    let wins = (0..n as usize).filter(|&t| old(t, 1) == t as u64).count() as u64;
    assert!(wins >= 1 && ctr[5] == wins, "cas.b64: {wins} successes, final {}", ctr[5]);
    let mut seen: Vec<u64> = (0..n as usize).map(|t| old(t, 2)).chain([ctr[6]]).collect();
    seen.sort();
    let mut want: Vec<u64> = (0..n).map(|t| t + 1000).chain([77]).collect();
    want.sort();
    assert_eq!(seen, want, "exch.b64: the old values and the final one are the initial value and every thread's");
    assert_eq!(ctr[7], 2 * 128 * 3, "shared add.u64, then one red per CTA");
    assert_eq!(ctr[8], n / 2, "guarded red.add.u64");
}

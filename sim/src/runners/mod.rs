//! Co-simulation runners: each drives one registered block with its stimulus, checks the
//! Rust model against the golden model on every step, and replays the trace into the
//! exported Verilog (Verilator; Icarus and the gate-level netlist on request). Used by the
//! testbenches (small counts) and by `heddle cosim` (large counts).
pub mod fma;
pub mod fp32_arith;
pub mod fp32_cvt;
pub mod int_alu;
pub mod shared_mem;
pub mod sfu;
pub mod sm;
pub mod sm_decode;
pub mod sp_datapath;
pub mod timeline;
pub mod warp_sched;

use crate::cosim::{Bench, CosimError, CosimReport};
use crate::golden::fp32_classify::{classify, Fp32Class};
use crate::golden::valid_pipe::ValidPipeModel;
use crate::vectors::{f32_random, f32_specials, Rng};
use heddle_hw::fp32::classify::Fp32Classify;
use heddle_hw::fp32::unpack::Fp32Unpack;
use heddle_hw::{ImemG80, PredsG80, RfBankG80, RfLaneG80, RfRamG80, ValidPipe32x3};
use rust_hdl::prelude::*;

/// Which replays to run on a recorded trace.
#[derive(Debug, Clone, Copy)]
pub struct Replays {
    pub verilator: bool,
    /// Replay this many steps in Icarus (0: none).
    pub icarus_steps: u64,
    /// Replay the Yosys gate-level netlist in Verilator.
    pub gate: bool,
    /// Replay this many steps of the gate-level netlist in Icarus (0: none).
    pub icarus_gate_steps: u64,
}

impl Replays {
    pub fn all(icarus_steps: u64) -> Self {
        Replays { verilator: true, icarus_steps, gate: true, icarus_gate_steps: icarus_steps }
    }
    /// The RTL replay in Verilator alone.
    pub fn verilator_only() -> Self {
        Replays { verilator: true, icarus_steps: 0, gate: false, icarus_gate_steps: 0 }
    }
}

/// What one runner did.
#[derive(Debug, Clone)]
pub struct RunSummary {
    pub block: String,
    /// Operands or cycles driven.
    pub vectors: u64,
    /// Trace steps recorded (two per cycle for clocked blocks).
    pub steps: u64,
    /// Seconds the Rust model took to simulate and record.
    pub rust_seconds: f64,
    pub replays: Vec<CosimReport>,
}

impl std::fmt::Display for RunSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{}: {} vectors, {} steps, Rust model vs golden: 0 mismatches ({:.2} s, {:.0} steps/s)",
            self.block,
            self.vectors,
            self.steps,
            self.rust_seconds,
            self.steps as f64 / self.rust_seconds.max(1e-9)
        )?;
        for r in &self.replays {
            writeln!(f, "  {r}")?;
        }
        Ok(())
    }
}

/// The exported Verilog of `block`, as this executable's hardware generates it. Generating
/// the SM's takes about 3 s (rust-hdl's exporter), longer than a small kernel's run, so the
/// text is kept in the cache under the identity of the running executable (its path, size
/// and modification time): a rebuilt executable generates it again.
pub(crate) fn verilog(block: &str) -> Result<String, CosimError> {
    let generate = || crate::export::block_verilog(block).map_err(|e| CosimError::Unsupported(e.to_string()));
    let Some(id) = std::env::current_exe().ok().and_then(|exe| {
        let m = std::fs::metadata(&exe).ok()?;
        let t = m.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?;
        Some(format!("{}|{}|{}", exe.display(), m.len(), t.as_nanos()))
    }) else {
        return generate();
    };
    let key = crate::tools::fnv64(&[id.as_bytes(), block.as_bytes()]);
    let path = crate::tools::cache_dir().join("verilog").join(format!("{block}-{key:016x}.v"));
    if let Ok(text) = std::fs::read_to_string(&path) {
        return Ok(text);
    }
    let text = generate()?;
    crate::tools::cache_write(&path, &text);
    Ok(text)
}

pub(crate) fn finish<B: Block>(mut bench: Bench<B>, vectors: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let rust_seconds = bench.elapsed();
    let mut out = Vec::new();
    let t = &mut bench.trace;
    if replays.verilator {
        out.push(t.verilator()?);
    }
    if replays.icarus_steps > 0 {
        out.push(t.icarus(replays.icarus_steps)?);
    }
    if replays.gate {
        out.push(t.gate_level()?);
    }
    if replays.icarus_gate_steps > 0 {
        out.push(t.icarus_gate_level(replays.icarus_gate_steps)?);
    }
    let summary = RunSummary {
        block: t.block.clone(),
        vectors,
        steps: t.steps(),
        rust_seconds,
        replays: out,
    };
    bench.trace.discard();
    Ok(summary)
}

pub(crate) fn golden_mismatch(block: &str, step: u64, what: String) -> CosimError {
    CosimError::RustModel(format!("{block}: Rust model disagrees with the golden model at vector {step}: {what}"))
}

/// The classify outputs of the hw block, in the golden model's shape.
macro_rules! class_of {
    ($u:expr) => {
        Fp32Class {
            sign: $u.sign.val(),
            exp: $u.exp.val().to_u32(),
            frac: $u.frac.val().to_u32(),
            exp_eff: $u.exp_eff.val().to_u32(),
            sig: $u.sig.val().to_u32(),
            is_zero: $u.is_zero.val(),
            is_subnormal: $u.is_subnormal.val(),
            is_normal: $u.is_normal.val(),
            is_inf: $u.is_inf.val(),
            is_nan: $u.is_nan.val(),
            is_snan: $u.is_snan.val(),
        }
    };
}

/// The operand stream for the FP32 classify runners: every special with and without
/// `daz`, then weighted random operands up to `n` in all.
fn classify_operands(n: u64, seed: u64) -> impl Iterator<Item = (u32, bool)> {
    let specials = f32_specials();
    let mut rng = Rng::new(seed);
    (0..n).map(move |i| {
        let i = i as usize;
        if i < 2 * specials.len() {
            (specials[i / 2], i % 2 == 1)
        } else {
            (f32_random(&mut rng), rng.bool())
        }
    })
}

/// FP32 classify: `n` operands (the specials first), each checked against the golden model.
pub fn fp32_classify(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "fp32_classify";
    let mut bench = Bench::combinational(name, &verilog(name)?, Fp32Classify::default())?;
    for (i, (a, daz)) in classify_operands(n, seed).enumerate() {
        let u = bench.step(|u| {
            u.a.next = (a as u64).into();
            u.daz.next = daz;
        })?;
        let (got, want) = (class_of!(u), classify(a, daz));
        if got != want {
            return Err(golden_mismatch(name, i as u64, format!("a=0x{a:08x} daz={daz}: hw {got:?}, golden {want:?}")));
        }
    }
    finish(bench, n, replays)
}

/// FP32 unpack (registered classify): `n` cycles with random `in_valid`.
pub fn fp32_unpack(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "fp32_unpack";
    let mut bench = Bench::clocked(name, &verilog(name)?, Fp32Unpack::default(), |u, c| u.clock.next = c.into())?;
    let mut rng = Rng::new(seed ^ 0x5555);
    for (i, (a, daz)) in classify_operands(n, seed).enumerate() {
        let v = rng.below(4) != 0;
        let u = bench.cycle(|u| {
            u.in_valid.next = v;
            u.a.next = (a as u64).into();
            u.daz.next = daz;
        })?;
        let got = (u.out_valid.val(), class_of!(u));
        let want = (v, classify(a, daz));
        if got != want {
            return Err(golden_mismatch(name, i as u64, format!("after a=0x{a:08x}: hw {got:?}, golden {want:?}")));
        }
    }
    finish(bench, n, replays)
}

/// Valid pipeline (32-bit payload, 3 stages): `n` cycles of random valid/flush/data.
pub fn valid_pipe(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "valid_pipe";
    let mut bench = Bench::clocked(name, &verilog(name)?, ValidPipe32x3::default(), |u, c| u.clock.next = c.into())?;
    let mut rng = Rng::new(seed);
    let mut model = ValidPipeModel::new(3);
    for i in 0..n {
        let (v, fl, d) = (rng.bool(), rng.below(16) == 0, rng.next_u32());
        let u = bench.cycle(|u| {
            u.in_valid.next = v;
            u.flush.next = fl;
            u.in_data.next = (d as u64).into();
        })?;
        model.clock(fl, v, d as u64);
        let got = (u.out_valid.val(), u.out_data.val().to_u64());
        if got != model.outputs() {
            return Err(golden_mismatch(name, i, format!("hw {got:?}, golden {:?}", model.outputs())));
        }
    }
    finish(bench, n, replays)
}

/// A RAM address for the memory runners: half of the time in the lowest `window` words,
/// so reads meet the words just written, else anywhere in `words`.
fn near_addr(rng: &mut Rng, words: usize, window: u64) -> usize {
    if rng.bool() {
        rng.below(window) as usize
    } else {
        rng.below(words as u64) as usize
    }
}

/// The register-file bank RAM (`ram_1w1r`): random writes and reads, a third of them to
/// the address written in the same clock (the read returns the old word), against a
/// plain array.
pub fn ram_1w1r(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "ram_1w1r";
    let mut bench = Bench::clocked(name, &verilog(name)?, RfRamG80::default(), |u, c| u.clock.next = c.into())?;
    let words = 1usize << heddle_hw::config::G80.rf_bank_addr_bits();
    let mut rng = Rng::new(seed);
    let mut mem = vec![0u32; words];
    let addr = |rng: &mut Rng| near_addr(rng, words, 16);
    for i in 0..n {
        let (we, wa, wd) = (rng.below(3) != 0, addr(&mut rng), rng.next_u32());
        let ra = if rng.below(3) == 0 { wa } else { addr(&mut rng) };
        let u = bench.cycle(|u| {
            u.we.next = we;
            u.waddr.next = (wa as u64).into();
            u.wdata.next = (wd as u64).into();
            u.raddr.next = (ra as u64).into();
        })?;
        let want = mem[ra];
        if we {
            mem[wa] = wd;
        }
        let got = u.rdata.val().to_u32();
        if got != want {
            return Err(golden_mismatch(name, i, format!("read {ra} (write {we} {wa} {wd:#x}): hw {got:#x}, golden {want:#x}")));
        }
    }
    finish(bench, n, replays)
}

/// The register-file bank (`rf_bank`): a write and all three reads every cycle, on
/// addresses drawn so that reads meet words just written, against a plain array.
pub fn rf_bank(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "rf_bank";
    let mut bench = Bench::clocked(name, &verilog(name)?, RfBankG80::default(), |u, c| u.clock.next = c.into())?;
    let words = 1usize << heddle_hw::config::G80.rf_bank_addr_bits();
    let mut rng = Rng::new(seed);
    let mut mem = vec![0u32; words];
    let addr = |rng: &mut Rng| near_addr(rng, words, 8);
    for i in 0..n {
        let w = (rng.below(3) != 0, addr(&mut rng), rng.next_u32());
        let ra = [addr(&mut rng), addr(&mut rng), addr(&mut rng)];
        let u = bench.cycle(|u| {
            u.w_en.next = w.0;
            u.w_addr.next = (w.1 as u64).into();
            u.w_data.next = (w.2 as u64).into();
            u.r0_addr.next = (ra[0] as u64).into();
            u.r1_addr.next = (ra[1] as u64).into();
            u.r2_addr.next = (ra[2] as u64).into();
        })?;
        let want = ra.map(|a| mem[a]);
        if w.0 {
            mem[w.1] = w.2;
        }
        let got = [u.r0_data.val().to_u32(), u.r1_data.val().to_u32(), u.r2_data.val().to_u32()];
        if got != want {
            return Err(golden_mismatch(name, i, format!("reads {ra:?} (write {w:?}): hw {got:x?}, golden {want:x?}")));
        }
    }
    finish(bench, n, replays)
}

/// One SP lane's register-file slice (`rf_lane`): both clients read and write every
/// cycle, on random sets (so the other units' accesses are refused whenever they meet the
/// SP's set) and addresses that meet the words just written, against two arrays; data is
/// compared for the SP's reads and the other units' reads that were taken.
pub fn rf_lane(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "rf_lane";
    let mut bench = Bench::clocked(name, &verilog(name)?, RfLaneG80::default(), |u, c| u.clock.next = c.into())?;
    let words = 1usize << heddle_hw::config::G80.rf_bank_addr_bits();
    let mut rng = Rng::new(seed);
    let mut mem = [vec![0u32; words], vec![0u32; words]];
    let addr = |rng: &mut Rng| near_addr(rng, words, 4);
    struct Acc {
        en: bool,
        set: usize,
        a: [usize; 3],
    }
    struct Wr {
        en: bool,
        set: usize,
        addr: usize,
        data: u32,
    }
    for i in 0..n {
        let rd = |rng: &mut Rng| Acc { en: rng.below(4) != 0, set: rng.below(2) as usize, a: [addr(rng), addr(rng), addr(rng)] };
        let (sr, ur) = (rd(&mut rng), rd(&mut rng));
        let wr = |rng: &mut Rng| Wr { en: rng.below(3) != 0, set: rng.below(2) as usize, addr: addr(rng), data: rng.next_u32() };
        let (sw, uw) = (wr(&mut rng), wr(&mut rng));
        let u = bench.cycle(|u| {
            u.s_rd.next = sr.en;
            u.s_rset.next = sr.set == 1;
            u.s_ra.next = (sr.a[0] as u64).into();
            u.s_rb.next = (sr.a[1] as u64).into();
            u.s_rc.next = (sr.a[2] as u64).into();
            u.s_wr.next = sw.en;
            u.s_wset.next = sw.set == 1;
            u.s_waddr.next = (sw.addr as u64).into();
            u.s_wdata.next = (sw.data as u64).into();
            u.u_rd.next = ur.en;
            u.u_rset.next = ur.set == 1;
            u.u_ra.next = (ur.a[0] as u64).into();
            u.u_rb.next = (ur.a[1] as u64).into();
            u.u_rc.next = (ur.a[2] as u64).into();
            u.u_wr.next = uw.en;
            u.u_wset.next = uw.set == 1;
            u.u_waddr.next = (uw.addr as u64).into();
            u.u_wdata.next = (uw.data as u64).into();
        })?;
        // The SP wins its set; the other units' access to it is refused.
        let u_rd_ok = !ur.en || !(sr.en && sr.set == ur.set);
        let u_wr_ok = !uw.en || !(sw.en && sw.set == uw.set);
        let s_want = sr.a.map(|a| mem[sr.set][a]);
        let u_want = ur.a.map(|a| mem[ur.set][a]);
        if uw.en && u_wr_ok {
            mem[uw.set][uw.addr] = uw.data;
        }
        if sw.en {
            mem[sw.set][sw.addr] = sw.data;
        }
        let s_got = [u.s_a.val().to_u32(), u.s_b.val().to_u32(), u.s_c.val().to_u32()];
        let u_got = [u.u_a.val().to_u32(), u.u_b.val().to_u32(), u.u_c.val().to_u32()];
        let bad = (u.u_rd_ok.val(), u.u_wr_ok.val()) != (u_rd_ok, u_wr_ok)
            || (sr.en && s_got != s_want)
            || (ur.en && u_rd_ok && u_got != u_want);
        if bad {
            return Err(golden_mismatch(
                name,
                i,
                format!(
                    "ok (rd, wr): hw ({}, {}), golden ({u_rd_ok}, {u_wr_ok}); SP read set {} {:?}: hw {s_got:x?}, golden {s_want:x?}; units read set {} {:?}: hw {u_got:x?}, golden {u_want:x?}",
                    u.u_rd_ok.val(),
                    u.u_wr_ok.val(),
                    sr.set,
                    sr.a,
                    ur.set,
                    ur.a
                ),
            ));
        }
    }
    finish(bench, n, replays)
}

/// The instruction memory (`sm_imem`): host writes of 64-bit words and both read ports
/// every cycle, on addresses that meet the words just written, against a plain array.
pub fn sm_imem(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "sm_imem";
    let mut bench = Bench::clocked(name, &verilog(name)?, ImemG80::default(), |u, c| u.clock.next = c.into())?;
    let words = 1usize << heddle_hw::config::G80.imem_log2;
    let mut rng = Rng::new(seed);
    let mut mem = vec![0u64; words];
    let addr = |rng: &mut Rng| near_addr(rng, words, 8);
    for i in 0..n {
        let w = (rng.below(4) == 0, addr(&mut rng), rng.next_u64());
        let (fa, ia) = (addr(&mut rng), addr(&mut rng));
        let u = bench.cycle(|u| {
            u.w_en.next = w.0;
            u.w_addr.next = (w.1 as u64).into();
            u.w_data.next = w.2.into();
            u.f_addr.next = (fa as u64).into();
            u.i_addr.next = (ia as u64).into();
        })?;
        let want = (mem[fa], mem[ia]);
        if w.0 {
            mem[w.1] = w.2;
        }
        let got = (u.f_data.val().to_u64(), u.i_data.val().to_u64());
        if got != want {
            return Err(golden_mismatch(name, i, format!("reads {fa}, {ia} (write {w:?}): hw {got:x?}, golden {want:x?}")));
        }
    }
    finish(bench, n, replays)
}

/// The predicate file (`sm_preds`): every clock a lane-group write (the lanes outside its
/// mask kept, index 7 writing nothing), a guard read and two lane-group reads
/// on warps drawn so that reads meet the words just written, now and then a warp's
/// clearing (a word a clock when there is no write, on a warp the others keep using) and
/// a reset, against an array cleared word by word: `clr_busy` every clock, `g_val` after
/// the edge, `r_a` and `r_b` (latency 1).
pub fn sm_preds(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    use heddle_hw::sm::preds::CLEAR_CLOCKS;
    let name = "sm_preds";
    let mut bench = Bench::clocked(name, &verilog(name)?, PredsG80::default(), |u, c| u.clock.next = c.into())?;
    let warps = heddle_hw::config::G80.warps as u64;
    let mut rng = Rng::new(seed);
    // p0..p6 and pt (never written) of every warp, 32 lanes each
    let mut p = vec![[0u32; 8]; warps as usize];
    let read = |p: &Vec<[u32; 8]>, w: usize, i: usize| if i == 7 { u32::MAX } else { p[w][i] };
    // the clearing: its warp and next word while it runs
    let mut clearing: Option<(usize, usize)> = None;
    let mut hot = [0usize; 2];
    for i in 0..n {
        if rng.below(64) == 0 {
            hot = [rng.below(warps) as usize, hot[0]];
        }
        let warp = |rng: &mut Rng| if rng.below(4) != 0 { hot[rng.below(2) as usize] } else { rng.below(warps) as usize };
        let (ww, wg, wi) = (warp(&mut rng), rng.below(4) as usize, rng.below(8) as usize);
        let wv = rng.below(3) != 0;
        let wm = match rng.below(4) {
            0 => 0xFF,
            1 => 0,
            _ => rng.below(256) as u32,
        };
        let wval = rng.below(256) as u32;
        let (gw, gi) = (warp(&mut rng), rng.below(8) as usize);
        let (rw, rg, ra, rb) = (warp(&mut rng), rng.below(4) as usize, rng.below(8) as usize, rng.below(8) as usize);
        let clr = clearing.is_none() && rng.below(48) == 0;
        let cw = warp(&mut rng);
        let reset = rng.below(2000) == 0;
        let u = bench.cycle(|u| {
            u.clear.next = reset;
            u.clr_v.next = clr;
            u.clr_warp.next = (cw as u64).into();
            u.w_v.next = wv;
            u.w_warp.next = (ww as u64).into();
            u.w_grp.next = (wg as u64).into();
            u.w_idx.next = (wi as u64).into();
            u.w_mask.next = (wm as u64).into();
            u.w_val.next = (wval as u64).into();
            u.g_warp.next = (gw as u64).into();
            u.g_idx.next = (gi as u64).into();
            u.r_warp.next = (rw as u64).into();
            u.r_grp.next = (rg as u64).into();
            u.r_ia.next = (ra as u64).into();
            u.r_ib.next = (rb as u64).into();
        })?;
        let lanes = |v: u32, g: usize| (v >> (8 * g)) & 0xFF;
        let want_r = (lanes(read(&p, rw, ra), rg), lanes(read(&p, rw, rb), rg));
        // the edge: the write, then the clearing's step in a clock without one
        let pw = wv && wi != 7;
        if pw {
            let m = wm << (8 * wg);
            p[ww][wi] = (p[ww][wi] & !m) | ((wval << (8 * wg)) & m);
        }
        if let Some((w, k)) = clearing {
            if !pw {
                // word k: predicate k / 4, lane group k mod 4
                if k / 4 != 7 {
                    p[w][k / 4] &= !(0xFF << (8 * (k % 4)));
                }
                clearing = if k + 1 == CLEAR_CLOCKS { None } else { Some((w, k + 1)) };
            }
        }
        if clr {
            clearing = Some((cw, 0));
        }
        if reset {
            clearing = None;
        }
        let want = (read(&p, gw, gi), want_r, clearing.is_some());
        let got = (u.g_val.val().to_u32(), (u.r_a.val().to_u32(), u.r_b.val().to_u32()), u.clr_busy.val());
        if got != want {
            return Err(golden_mismatch(
                name,
                i,
                format!("guard ({gw}, p{gi}), reads ({rw}, group {rg}, p{ra}, p{rb}), write {wv} ({ww}, group {wg}, p{wi}, mask {wm:#x}, {wval:#x}): hw {got:x?}, golden {want:x?}"),
            ));
        }
    }
    finish(bench, n, replays)
}

/// Runs the runner registered for `block`.
pub fn run(block: &str, n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    match block {
        "fp32_classify" => fp32_classify(n, seed, replays),
        "fp32_unpack" => fp32_unpack(n, seed, replays),
        "valid_pipe" => valid_pipe(n, seed, replays),
        "fp32_add" => fp32_arith::fp32_add(n, seed, replays),
        "fp32_mul" => fp32_arith::fp32_mul(n, seed, replays),
        "fp32_mad" => fp32_arith::fp32_mad(n, seed, replays),
        "fp32_cmp" => fp32_arith::fp32_cmp(n, seed, replays),
        "mul24" => mul24(n, seed, replays),
        "fp32_cvt" => fp32_cvt::fp32_cvt(n, seed, replays),
        "int_alu" => int_alu::int_alu(n, seed, replays),
        "mul32" => int_alu::mul32(n, seed, replays),
        "sp_datapath" => sp_datapath::sp_datapath(n, seed, replays),
        "shared_mem" => shared_mem::shared_mem(n, seed, replays),
        "fma" => fma::fma(n, seed, replays),
        "sfu" => sfu::sfu(n, seed, replays),
        "sfu_rro" => sfu::sfu_rro(n, seed, replays),
        "sfu_attr" => sfu::sfu_attr(n, seed, replays),
        "warp_sched" => warp_sched::warp_sched(n, seed, replays),
        "sm_decode" => sm_decode::sm_decode(n, seed, replays),
        "ram_1w1r" => ram_1w1r(n, seed, replays),
        "rf_bank" => rf_bank(n, seed, replays),
        "sm_imem" => sm_imem(n, seed, replays),
        "rf_lane" => rf_lane(n, seed, replays),
        "sm_preds" => sm_preds(n, seed, replays),
        "sm" => sm::sm_cosim(&heddle_hw::config::G80, n, seed, replays),
        "sm_small" => sm::sm_cosim(&heddle_hw::config::SM_SMALL, n, seed, replays),
        _ => Err(CosimError::Unsupported(format!(
            "no co-simulation runner for `{block}` (known: {})",
            RUNNERS.join(", ")
        ))),
    }
}

/// Blocks with a runner; a test checks this covers every registered block.
pub const RUNNERS: &[&str] = &[
    "fp32_classify",
    "fp32_unpack",
    "valid_pipe",
    "fp32_add",
    "fp32_mul",
    "fp32_mad",
    "fp32_cmp",
    "mul24",
    "fp32_cvt",
    "int_alu",
    "mul32",
    "sp_datapath",
    "shared_mem",
    "fma",
    "sfu",
    "sfu_rro",
    "sfu_attr",
    "warp_sched",
    "sm_decode",
    "ram_1w1r",
    "rf_bank",
    "sm_imem",
    "rf_lane",
    "sm_preds",
    "sm",
    "sm_small",
];

/// The 24x24 multiplier: every operand pair of a boundary set (0, 1, 2^23, all ones...),
/// then random pairs, against the exact product.
pub fn mul24(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "mul24";
    let mut bench = Bench::combinational(name, &verilog(name)?, heddle_hw::prim::mul24::Mul24::default())?;
    let edges: [u64; 10] = [0, 1, 2, 3, 0x7F_FFFF, 0x80_0000, 0x80_0001, 0xFF_FFFE, 0xFF_FFFF, 0xAA_AAAA];
    let mut rng = Rng::new(seed);
    for i in 0..n {
        let (a, b) = if (i as usize) < edges.len() * edges.len() {
            (edges[i as usize / edges.len()], edges[i as usize % edges.len()])
        } else {
            (rng.next_u64() & 0xFF_FFFF, rng.next_u64() & 0xFF_FFFF)
        };
        let u = bench.step(|u| {
            u.a.next = a.into();
            u.b.next = b.into();
        })?;
        let got = (u.hi.val().to_u64() << 24) | u.lo.val().to_u64();
        if got != a * b {
            return Err(golden_mismatch(name, i, format!("0x{a:06x} * 0x{b:06x}: hw 0x{got:012x}, exact 0x{:012x}", a * b)));
        }
    }
    finish(bench, n, replays)
}

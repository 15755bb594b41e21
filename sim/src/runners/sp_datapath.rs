//! Runner for the SP datapath: random operation streams (every op code, modifier, mode and
//! condition, special and random operands, random valid and tag), checked against the
//! golden model `SP_LATENCY` cycles after each operation enters.
use super::{finish, golden_mismatch, verilog, Replays, RunSummary};
use crate::cosim::{Bench, CosimError};
use crate::golden::sp_datapath::{exec, SpOp};
use crate::vectors::{f32_random, Rng};
use heddle_hw::sp::{SpDatapath, SP_LATENCY};
use std::collections::VecDeque;

/// A random operation: op codes 0..47 (integer, FP, and a few unused codes), operands
/// drawn as f32 specials/random or integer words by turns.
pub fn random_op(rng: &mut Rng) -> SpOp {
    let word = |rng: &mut Rng| match rng.below(3) {
        0 => rng.next_u32(),
        1 => [0, 1, 31, 32, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 0x00FF_FFFF][rng.below(8) as usize],
        _ => f32_random(rng),
    };
    SpOp {
        op: rng.below(48) as u32,
        rnd: rng.below(4) as u32,
        cmp: rng.below(16) as u32,
        cvt_kind: rng.below(8) as u32,
        is_signed: rng.bool(),
        sat: rng.below(4) == 0,
        mod_a: rng.below(4) as u32,
        mod_b: rng.below(4) as u32,
        mod_c: rng.below(4) as u32,
        a: word(rng),
        b: word(rng),
        c: word(rng),
        p_in: rng.bool(),
        tag: rng.below(1 << 16) as u32,
    }
}

/// `n` cycles; valid is set on 7 of 8 cycles.
pub fn sp_datapath(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let name = "sp_datapath";
    let mut bench = Bench::clocked(name, &verilog(name)?, SpDatapath::default(), |u, c| u.clock.next = c.into())?;
    let mut rng = Rng::new(seed);
    // An op presented in one `cycle()` (whose rising edge loads the operand registers) is
    // on the outputs after `SP_LATENCY - 1` more `cycle()`s. The stage registers start at
    // zero: all-zero ops that were not valid.
    let mut inflight: VecDeque<(bool, SpOp)> = (1..SP_LATENCY).map(|_| (false, SpOp::default())).collect();
    for i in 0..n {
        let o = random_op(&mut rng);
        let v = rng.below(8) != 0;
        let u = bench.cycle(|u| {
            u.in_valid.next = v;
            u.op.next = (o.op as u64).into();
            u.rnd.next = (o.rnd as u64).into();
            u.cmp.next = (o.cmp as u64).into();
            u.cvt_kind.next = (o.cvt_kind as u64).into();
            u.is_signed.next = o.is_signed;
            u.sat.next = o.sat;
            u.mod_a.next = (o.mod_a as u64).into();
            u.mod_b.next = (o.mod_b as u64).into();
            u.mod_c.next = (o.mod_c as u64).into();
            u.a.next = (o.a as u64).into();
            u.b.next = (o.b as u64).into();
            u.c.next = (o.c as u64).into();
            u.p_in.next = o.p_in;
            u.tag.next = (o.tag as u64).into();
        })?;
        inflight.push_back((v, o));
        let (ev, eo) = inflight.pop_front().expect("one in flight");
        let (ey, ep) = exec(&eo);
        let got = (u.out_valid.val(), u.y.val().to_u32(), u.p.val(), u.out_tag.val().to_u32());
        if got != (ev, ey, ep, eo.tag) {
            return Err(golden_mismatch(
                name,
                i,
                format!("op {eo:x?}: hw (valid, y, p, tag) = {got:x?}, golden {:x?}", (ev, ey, ep, eo.tag)),
            ));
        }
    }
    finish(bench, n, replays)
}

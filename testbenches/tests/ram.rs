//! The SM's RAMs: the simple dual-port RAM (`ram_1w1r`), the register-file bank
//! built from three of them (`rf_bank`, one write and three read ports) and the instruction
//! memory from two (`sm_imem`, 64-bit words), and the predicate file in distributed RAM
//! (`sm_preds`): random writes and reads against a plain array (a read during a write to its address returns the old
//! word), in Verilator and Icarus, RTL and gate level; planted bugs are caught. The delay
//! line in distributed RAM (`RamDelay`, the late lanes' holds) against a queue, in
//! Verilator.
use heddle_sim::cosim::{Bench, CosimError};
use heddle_sim::runners::{self, Replays};
use heddle_sim::vectors::Rng;
use heddle_hw::prim::ram_delay::RamDelay;
use heddle_hw::{RfBankG80, RfRamG80};
use rust_hdl::prelude::*;
use std::collections::VecDeque;

#[test]
fn ram_1w1r_cosim() {
    let r = Replays { verilator: true, icarus_steps: 10_000, gate: true, icarus_gate_steps: 2_000 };
    let s = runners::run("ram_1w1r", 20_000, 1, r).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    let steps: Vec<u64> = s.replays.iter().map(|r| r.steps).collect();
    assert_eq!(steps, vec![40_000, 10_000, 40_000, 2_000], "{s}");
}

/// A RAM that returns the word being written (write-first) differs from the model on the
/// first read of the address written in the same clock.
#[test]
fn planted_write_first_read_is_caught() {
    let v = heddle_sim::export::block_verilog("ram_1w1r").unwrap();
    let planted = v.replace("rdata <= mem[raddr];", "rdata <= (we && (waddr == raddr)) ? wdata : mem[raddr];");
    assert_ne!(planted, v, "the planted edit did not apply");
    let mut b = Bench::clocked("ram_1w1r", &planted, RfRamG80::default(), |u, c| u.clock.next = c.into()).unwrap();
    // write 5 at address 3 while reading address 3: the read returns the old 0
    for (we, wa, wd, ra) in [(false, 0, 0, 3), (true, 3, 5, 3), (false, 0, 0, 3)] {
        let u = b
            .cycle(|u| {
                u.we.next = we;
                u.waddr.next = (wa as u64).into();
                u.wdata.next = (wd as u64).into();
                u.raddr.next = (ra as u64).into();
            })
            .unwrap();
        let _ = u.rdata.val();
    }
    match b.trace.verilator() {
        Err(CosimError::Mismatch(m)) => {
            assert_eq!(m.port, "rdata", "{m:?}");
            println!("planted write-first read caught: {}", CosimError::Mismatch(m));
        }
        r => panic!("the planted bug was not caught: {r:?}"),
    }
}

#[test]
fn rf_bank_cosim() {
    let r = Replays { verilator: true, icarus_steps: 10_000, gate: true, icarus_gate_steps: 2_000 };
    let s = runners::run("rf_bank", 20_000, 2, r).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    let steps: Vec<u64> = s.replays.iter().map(|r| r.steps).collect();
    assert_eq!(steps, vec![40_000, 10_000, 40_000, 2_000], "{s}");
}

/// A bank whose third copy misses the writes returns stale words on read port 2.
#[test]
fn planted_unwritten_copy_is_caught() {
    let v = heddle_sim::export::block_verilog("rf_bank").unwrap();
    let planted = v.replacen("m$2$we = w_en;", "m$2$we = 1'b0;", 1);
    assert_ne!(planted, v, "the planted edit did not apply");
    let mut bench = Bench::clocked("rf_bank", &planted, RfBankG80::default(), |u, c| u.clock.next = c.into()).unwrap();
    // write address 9, then read it on every port
    for (we, ra) in [(true, 0), (false, 9)] {
        bench
            .cycle(|u| {
                u.w_en.next = we;
                u.w_addr.next = 9u64.into();
                u.w_data.next = 0x1111u64.into();
                u.r0_addr.next = (ra as u64).into();
                u.r1_addr.next = (ra as u64).into();
                u.r2_addr.next = (ra as u64).into();
            })
            .unwrap();
    }
    match bench.trace.verilator() {
        Err(CosimError::Mismatch(m)) => {
            assert_eq!(m.port, "r2_data", "{m:?}");
            println!("planted unwritten bank copy caught: {}", CosimError::Mismatch(m));
        }
        r => panic!("the planted bug was not caught: {r:?}"),
    }
}

#[test]
fn sm_imem_cosim() {
    let r = Replays { verilator: true, icarus_steps: 10_000, gate: true, icarus_gate_steps: 2_000 };
    let s = runners::run("sm_imem", 20_000, 3, r).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    let steps: Vec<u64> = s.replays.iter().map(|r| r.steps).collect();
    assert_eq!(steps, vec![40_000, 10_000, 40_000, 2_000], "{s}");
}

/// An instruction memory whose issue copy misses the host's writes returns stale words on
/// the issue port.
#[test]
fn planted_unwritten_issue_copy_is_caught() {
    let v = heddle_sim::export::block_verilog("sm_imem").unwrap();
    let planted = v.replacen("issue$we = w_en;", "issue$we = 1'b0;", 1);
    assert_ne!(planted, v, "the planted edit did not apply");
    let mut bench = Bench::clocked("sm_imem", &planted, heddle_hw::ImemG80::default(), |u, c| u.clock.next = c.into()).unwrap();
    for (we, ra) in [(true, 0), (false, 7)] {
        bench
            .cycle(|u| {
                u.w_en.next = we;
                u.w_addr.next = 7u64.into();
                u.w_data.next = 0x0123_4567_89ab_cdefu64.into();
                u.f_addr.next = (ra as u64).into();
                u.i_addr.next = (ra as u64).into();
            })
            .unwrap();
    }
    match bench.trace.verilator() {
        Err(CosimError::Mismatch(m)) => {
            assert_eq!(m.port, "i_data", "{m:?}");
            println!("planted unwritten issue copy caught: {}", CosimError::Mismatch(m));
        }
        r => panic!("the planted bug was not caught: {r:?}"),
    }
}

#[test]
fn rf_lane_cosim() {
    let r = Replays { verilator: true, icarus_steps: 10_000, gate: true, icarus_gate_steps: 2_000 };
    let s = runners::run("rf_lane", 20_000, 4, r).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    let steps: Vec<u64> = s.replays.iter().map(|r| r.steps).collect();
    assert_eq!(steps, vec![40_000, 10_000, 40_000, 2_000], "{s}");
}

/// A lane slice that lets the other units win set 0 against the SP's write is caught: the
/// SP's word is lost.
#[test]
fn planted_set_arbitration_bug_is_caught() {
    let v = heddle_sim::export::block_verilog("rf_lane").unwrap();
    let (from, to) = ("if (s_w0) begin", "if (s_w0 & ~u_wr) begin");
    assert_eq!(v.matches(from).count(), 1, "the planted edit did not apply");
    let planted = v.replace(from, to);
    let mut bench = Bench::clocked("rf_lane", &planted, heddle_hw::RfLaneG80::default(), |u, c| u.clock.next = c.into()).unwrap();
    // both clients write address 5 of set 0; then the SP reads it
    for (w, rd) in [(true, false), (false, true), (false, false)] {
        bench
            .cycle(|u| {
                u.s_wr.next = w;
                u.s_waddr.next = 5u64.into();
                u.s_wdata.next = 0x5555u64.into();
                u.u_wr.next = w;
                u.u_waddr.next = 5u64.into();
                u.u_wdata.next = 0x7777u64.into();
                u.s_rd.next = rd;
                u.s_ra.next = 5u64.into();
            })
            .unwrap();
    }
    match bench.trace.verilator() {
        Err(CosimError::Mismatch(m)) => {
            println!("planted set arbitration bug caught: {}", CosimError::Mismatch(m));
        }
        r => panic!("the planted bug was not caught: {r:?}"),
    }
}

#[test]
fn sm_preds_cosim() {
    let r = Replays { verilator: true, icarus_steps: 10_000, gate: true, icarus_gate_steps: 2_000 };
    let s = runners::run("sm_preds", 20_000, 4, r).unwrap_or_else(|e| panic!("{e}"));
    print!("{s}");
    let steps: Vec<u64> = s.replays.iter().map(|r| r.steps).collect();
    assert_eq!(steps, vec![40_000, 10_000, 40_000, 2_000], "{s}");
}

/// A predicate file whose masked write does not keep the old word's other lanes loses
/// them: lanes 0..3 set, then lanes 4..7 written, and the guard read sees lanes 0..3 clear.
#[test]
fn planted_unmerged_predicate_write_is_caught() {
    let v = heddle_sim::export::block_verilog("sm_preds").unwrap();
    let planted = v.replacen("merged = (ram_o$rdata & ~w_mask) | (w_val & w_mask);", "merged = w_val & w_mask;", 1);
    assert_ne!(planted, v, "the planted edit did not apply");
    let mut bench = Bench::clocked("sm_preds", &planted, heddle_hw::PredsG80::default(), |u, c| u.clock.next = c.into()).unwrap();
    for (wv, mask) in [(true, 0x0Fu64), (true, 0xF0), (false, 0)] {
        bench
            .cycle(|u| {
                u.w_v.next = wv;
                u.w_warp.next = 3u64.into();
                u.w_grp.next = 0u64.into();
                u.w_idx.next = 2u64.into();
                u.w_mask.next = mask.into();
                u.w_val.next = 0xFFu64.into();
                u.g_warp.next = 3u64.into();
                u.g_idx.next = 2u64.into();
            })
            .unwrap();
    }
    match bench.trace.verilator() {
        Err(CosimError::Mismatch(m)) => {
            assert_eq!(m.port, "g_val", "{m:?}");
            println!("planted unmerged predicate write caught: {}", CosimError::Mismatch(m));
        }
        r => panic!("the planted bug was not caught: {r:?}"),
    }
}

/// `RamDelay` of 1, 4, 12 and 16 clocks (the shortest, a pass, the late lanes' longest, the
/// RAM's depth) on random 35-bit words: `q` is `d` of `depth` clocks ago, zero before, in
/// the Rust model and in Verilator on every step.
#[test]
fn ram_delay_is_a_delay_line() {
    for depth in [1usize, 4, 12, 16] {
        let uut = RamDelay::<35>::new(depth);
        let mut v = RamDelay::<35>::new(depth);
        v.connect_all();
        let verilog = heddle_sim::export::file_text("ram_delay", &generate_verilog(&v));
        let mut b = Bench::clocked("ram_delay", &verilog, uut, |u, c| u.clock.next = c.into()).unwrap();
        let mut queue: VecDeque<u64> = std::iter::repeat(0).take(depth).collect();
        let mut rng = Rng::new(depth as u64);
        for cycle in 0..200 {
            let d = rng.next_u64() & ((1 << 35) - 1);
            let u = b.cycle(|u| u.d.next = d.into()).unwrap();
            // after the edge: the word entered `depth` cycles before this one's
            queue.push_back(d);
            queue.pop_front();
            let want = *queue.front().unwrap();
            assert_eq!(u.q.val().to_u64(), want, "depth {depth}, cycle {cycle}");
        }
        let r = b.trace.verilator().unwrap_or_else(|e| panic!("depth {depth}: {e}"));
        assert_eq!(r.steps, 400, "{r:?}");
    }
}

//! Co-simulation runner for the shared memory (`shared_mem`, 16 banks x 256 words):
//! random half-warp requests (loads and stores interleaved; widths, masks, strides,
//! broadcasts, struct patterns, out-of-range and misaligned addresses), presented with
//! random idle gaps, each checked cycle-exactly against `golden::shared_mem`: the request is
//! consumed after exactly max(steps, 1) cycles, and its response (load data, step count,
//! fault mask) appears two cycles later. Then the trace is replayed into the Verilog.
use super::{finish, golden_mismatch, verilog, Replays, RunSummary};
use crate::cosim::{Bench, CosimError};
use crate::golden::shared_mem::{HalfWarp, Response, SharedMemModel};
use crate::vectors::Rng;
use heddle_hw::SharedMem16K;
use std::collections::VecDeque;

/// Words per bank of the exported configuration (the G80's).
pub const WORDS_PER_BANK: usize = 1 << heddle_hw::config::G80.smem_row_bits();
/// Its size in bytes.
pub const MEM_BYTES: u32 = (heddle_hw::config::SMEM_BANKS * 4 * WORDS_PER_BANK) as u32;

/// A weighted random half-warp request.
pub fn random_request(rng: &mut Rng) -> HalfWarp {
    let size = match rng.below(64) {
        0 => 3,
        x => (x % 3) as u32,
    };
    let n = 1u32 << size.min(2);
    let active = match rng.below(8) {
        0..=3 => 0xffff,
        4 | 5 => rng.next_u32() as u16,
        6 => 1 << rng.below(16),
        _ => (rng.next_u32() & rng.next_u32()) as u16,
    };
    // Mostly a small window so loads see earlier stores.
    let window = if rng.below(4) == 0 { MEM_BYTES } else { 1024 };
    let base = (rng.below(window as u64) as u32) & !(n - 1);
    let mut addr = [0u32; 16];
    match rng.below(8) {
        0..=2 => {
            // Element stride s (in elements): 1, 2, 3, 4, 8, 16, 17, 32 or random.
            let s = [1u32, 2, 3, 4, 8, 16, 17, 32, rng.below(40) as u32][rng.below(9) as usize];
            for (l, a) in addr.iter_mut().enumerate() {
                *a = base.wrapping_add(l as u32 * s * n);
            }
        }
        3 => addr = [base; 16],
        4 => {
            // A few distinct words shared by the lanes (broadcast and conflicts).
            let picks: Vec<u32> = (0..1 + rng.below(4))
                .map(|_| (rng.below(window as u64) as u32) & !(n - 1))
                .collect();
            for a in addr.iter_mut() {
                *a = picks[rng.below(picks.len() as u64) as usize];
            }
        }
        5 => {
            // A struct of k words read field f by thread.
            let k = 1 + rng.below(4) as u32;
            for (l, a) in addr.iter_mut().enumerate() {
                *a = base.wrapping_add(4 * k * l as u32);
            }
        }
        _ => {
            for a in addr.iter_mut() {
                *a = (rng.below(window as u64) as u32) & !(n - 1);
            }
        }
    }
    // Faults: the odd misaligned lane, or any 32-bit address.
    for a in addr.iter_mut() {
        match rng.below(200) {
            0 => *a = rng.next_u32(),
            1 => *a |= 1 + rng.below(3) as u32,
            2 => *a = MEM_BYTES + (rng.below(64) as u32 & !(n - 1)),
            _ => {}
        }
    }
    let mut data = [0u32; 16];
    for d in data.iter_mut() {
        *d = rng.next_u32();
    }
    HalfWarp {
        store: rng.bool(),
        size,
        signed: rng.bool(),
        active,
        addr,
        data,
    }
}

type Uut = SharedMem16K;

fn drive_inputs(u: &mut Uut, valid: bool, r: &HalfWarp) {
    u.in_valid.next = valid;
    u.in_store.next = r.store;
    u.in_size.next = (r.size as u64).into();
    u.in_signed.next = r.signed;
    u.in_active.next = (r.active as u64).into();
    macro_rules! lanes {
        ($($l:literal: $a:ident $d:ident),*) => {
            $( u.$a.next = (r.addr[$l] as u64).into(); u.$d.next = (r.data[$l] as u64).into(); )*
        };
    }
    lanes!(0: lane0_addr lane0_wdata, 1: lane1_addr lane1_wdata, 2: lane2_addr lane2_wdata,
        3: lane3_addr lane3_wdata, 4: lane4_addr lane4_wdata, 5: lane5_addr lane5_wdata,
        6: lane6_addr lane6_wdata, 7: lane7_addr lane7_wdata, 8: lane8_addr lane8_wdata,
        9: lane9_addr lane9_wdata, 10: lane10_addr lane10_wdata, 11: lane11_addr lane11_wdata,
        12: lane12_addr lane12_wdata, 13: lane13_addr lane13_wdata, 14: lane14_addr lane14_wdata,
        15: lane15_addr lane15_wdata);
}

fn response_of(u: &Uut) -> (Response, bool) {
    let data = [
        u.lane0_rdata.val(),
        u.lane1_rdata.val(),
        u.lane2_rdata.val(),
        u.lane3_rdata.val(),
        u.lane4_rdata.val(),
        u.lane5_rdata.val(),
        u.lane6_rdata.val(),
        u.lane7_rdata.val(),
        u.lane8_rdata.val(),
        u.lane9_rdata.val(),
        u.lane10_rdata.val(),
        u.lane11_rdata.val(),
        u.lane12_rdata.val(),
        u.lane13_rdata.val(),
        u.lane14_rdata.val(),
        u.lane15_rdata.val(),
    ]
    .map(|v| v.to_u32());
    let r = Response {
        data,
        steps: u.out_steps.val().to_u32(),
        fault: u.out_fault.val().to_u32() as u16,
    };
    (r, u.out_any_fault.val())
}

/// Drives requests through the hw model, checking every one against the golden model
/// (cycle-exact), with random idle gaps when `gaps`. Returns the bench and the hw responses.
pub struct SharedMemDriver {
    pub bench: Bench<Uut>,
    model: SharedMemModel,
    rng: Rng,
    gaps: bool,
    cycle: u64,
    /// (cycle at which out_valid is due, expected response, request index)
    due: VecDeque<(u64, Response, u64)>,
    issued: u64,
    /// The lanes a request may have (`smem::lane_mask`).
    lane_mask: u16,
    pub responses: Vec<Response>,
}

const NAME: &str = "shared_mem";

/// Cycles from the one after a request's last step to its `out_valid` (hw/src/smem/mod.rs,
/// "Pipeline").
const RESPONSE_DELAY: u64 = heddle_hw::smem::SMEM_LATENCY as u64 - 1;

impl SharedMemDriver {
    pub fn new(seed: u64, gaps: bool) -> Result<Self, CosimError> {
        Self::with_lanes(seed, gaps, 16)
    }

    /// The unit with requests of `lanes` lanes (16 or 8; `SmConfig::smem_lanes`), checked
    /// against the golden model of the same requests with lanes 8..15 taking no part. The
    /// exported block has 16 lanes, so an 8-lane driver's trace is not for replay.
    pub fn with_lanes(seed: u64, gaps: bool, lanes: usize) -> Result<Self, CosimError> {
        let bench = Bench::clocked(NAME, &verilog(NAME)?, Uut::new(lanes), |u, c| u.clock.next = c.into())?;
        Ok(SharedMemDriver {
            bench,
            model: SharedMemModel::new(WORDS_PER_BANK),
            rng: Rng::new(seed ^ 0x5a5a),
            gaps,
            cycle: 0,
            due: VecDeque::new(),
            issued: 0,
            lane_mask: heddle_hw::smem::lane_mask(lanes),
            responses: vec![],
        })
    }

    /// One clock cycle with these inputs; returns `in_ready` (before the edge).
    fn cycle(&mut self, valid: bool, r: &HalfWarp) -> Result<bool, CosimError> {
        let u = self.bench.step(|u| {
            u.clock.next = false.into();
            drive_inputs(u, valid, r);
        })?;
        let ready = u.in_ready.val();
        let (got, any) = response_of(u);
        let out_valid = u.out_valid.val();
        let due_now = self.due.front().map_or(false, |d| d.0 == self.cycle);
        if out_valid != due_now {
            return Err(golden_mismatch(
                NAME,
                self.issued,
                format!("cycle {}: out_valid={out_valid}, expected {due_now}", self.cycle),
            ));
        }
        if due_now {
            let (_, want, idx) = self.due.pop_front().unwrap();
            if got != want || any != (want.fault != 0) {
                return Err(golden_mismatch(
                    NAME,
                    idx,
                    format!("hw {got:x?} any_fault={any}, golden {want:x?}"),
                ));
            }
            self.responses.push(got);
        }
        self.bench.step(|u| u.clock.next = true.into())?;
        self.cycle += 1;
        Ok(ready)
    }

    /// Presents `r` until it is consumed (checking it takes max(steps, 1) cycles).
    pub fn request(&mut self, r: &HalfWarp) -> Result<(), CosimError> {
        if self.gaps && self.rng.below(4) == 0 {
            let junk = random_request(&mut self.rng);
            for _ in 0..1 + self.rng.below(3) {
                self.cycle(false, &junk)?;
            }
        }
        let want = self.model.access(&HalfWarp { active: r.active & self.lane_mask, ..*r });
        let expect_cycles = want.steps.max(1) as u64;
        let mut n = 0;
        loop {
            n += 1;
            let ready = self.cycle(true, r)?;
            if ready {
                break;
            }
            if n > expect_cycles {
                break;
            }
        }
        if n != expect_cycles {
            return Err(golden_mismatch(
                NAME,
                self.issued,
                format!("{r:x?}: consumed after {n} cycles, golden {} steps", want.steps),
            ));
        }
        self.due.push_back((self.cycle + RESPONSE_DELAY, want, self.issued));
        self.issued += 1;
        Ok(())
    }

    /// Deletes the recorded trace (a driver used without replays).
    pub fn discard(self) {
        self.bench.trace.discard();
    }

    /// Idles until every response has been seen.
    pub fn drain(&mut self) -> Result<(), CosimError> {
        let idle = HalfWarp::default();
        while !self.due.is_empty() {
            self.cycle(false, &idle)?;
        }
        Ok(())
    }
}

/// Shared memory: `n` random requests, each checked against the golden model.
pub fn shared_mem(n: u64, seed: u64, replays: Replays) -> Result<RunSummary, CosimError> {
    let mut d = SharedMemDriver::new(seed, true)?;
    let mut rng = Rng::new(seed);
    for _ in 0..n {
        let r = random_request(&mut rng);
        d.request(&r)?;
    }
    d.drain()?;
    finish(d.bench, n, replays)
}

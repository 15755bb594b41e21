//! Golden model of the valid pipeline: a queue of the last `depth` inputs.
use std::collections::VecDeque;

#[derive(Debug, Clone)]
pub struct ValidPipeModel {
    stages: VecDeque<(bool, u64)>,
}

impl ValidPipeModel {
    pub fn new(depth: usize) -> Self {
        assert!(depth >= 1);
        ValidPipeModel { stages: (0..depth).map(|_| (false, 0)).collect() }
    }
    /// Outputs before the next clock edge: (out_valid, out_data).
    pub fn outputs(&self) -> (bool, u64) {
        *self.stages.back().unwrap()
    }
    /// One rising clock edge with these inputs.
    pub fn clock(&mut self, flush: bool, in_valid: bool, in_data: u64) {
        self.stages.pop_back();
        for s in self.stages.iter_mut() {
            s.0 &= !flush;
        }
        self.stages.push_front((in_valid && !flush, in_data));
    }
}

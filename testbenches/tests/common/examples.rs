//! The example launch files (examples/kernels/launch/), shared by the SM's test binaries
//! (sm.rs and sm_kernels.rs for `sm`, sm_small.rs for `sm_small`).
#![allow(dead_code)]

/// The launch files of examples/kernels/launch/ (a test checks this is all of them).
pub const EXAMPLES: [&str; 13] = [
    "vector_add",
    "saxpy",
    "loop_tripcount",
    "nested_divergence",
    "reduction",
    "bitonic_sort",
    "transpose_naive",
    "transpose_padded",
    "matmul_tiled",
    "sfu_math",
    "div_sqrt",
    "horner_fma",
    "histogram",
];

/// Launch file `name` of examples/kernels/launch/, read and set up.
pub fn launch_file(name: &str) -> heddle_sim::gsm::launch::Prepared {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/kernels/launch").join(format!("{name}.json"));
    heddle_sim::gsm::launch::prepare(&path).unwrap_or_else(|e| panic!("{e}"))
}

//! The host reference of `votes.cu` (shared by ptx_translate.rs and sm.rs).

/// The warp votes' host reference for `programs/votes.cu`: per CTA of `n` threads (warps of
/// 32 by linear thread index), the outputs of every thread.
pub fn votes_reference(inp: &[u32], n: usize) -> Vec<u32> {
    let mut out = vec![];
    for v in inp.chunks(n) {
        let p: Vec<bool> = v.iter().map(|x| x & 3 == 0).collect();
        let c = p.iter().filter(|&&x| x).count() as u32;
        let a = v.iter().all(|x| x & 4 != 0) as u32;
        let o = v.iter().any(|&x| x == 7) as u32;
        for (w, lanes) in v.chunks(32).enumerate() {
            let act: Vec<usize> = (0..lanes.len()).filter(|&l| lanes[l] & 16 != 0).collect();
            let ballot: u32 = act.iter().filter(|&&l| p[w * 32 + l]).map(|&l| 1 << l).sum();
            let any = act.iter().any(|&l| lanes[l] > 1000) as u32;
            let all = act.iter().all(|&l| lanes[l] & 1 != 0) as u32;
            let uni = (act.iter().all(|&l| p[w * 32 + l]) || act.iter().all(|&l| !p[w * 32 + l])) as u32;
            for &x in lanes {
                let r = if x & 16 != 0 { ballot ^ (any << 1) ^ (all << 2) ^ (uni << 3) } else { 0 };
                out.push(r.wrapping_add(c << 8).wrapping_add(a << 20).wrapping_add(o << 21));
            }
        }
    }
    out
}

/// A kernel reading `%clock` before and after a divergent loop of `tid mod 4 + 1` trips
/// (lanes and warps that take different times), storing the elapsed clocks at
/// 0x1000 + 4 (CTA 96 + tid).
pub const CLOCK_KERNEL: &str = "s2r r0, %tid.x
s2r r1, %clock
movi r2, 3
and r3, r0, r2
movi r4, 1
iadd r3, r3, r4
isub r3, r3, r4
iadd r5, r5, r1
isetp.ne.u32 p0, r3, r8
@p0 bra 6, 10
s2r r6, %clock
isub r7, r6, r1
s2r r2, %ctaid.x
movi r3, 96
imad r2, r2, r3, r0
movi r3, 4
imul r2, r2, r3
movi r3, 0x1000
iadd r2, r2, r3
st.global.b32 [r2], r7
exit";

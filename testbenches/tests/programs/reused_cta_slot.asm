// The random program (gsm::random, shape regs 10, block_len 6, blocks 8, depth 3, max_trips 4,
// shared memory, seed 1641441564424144752, generator of stop 27) with which heddle sm-random
// found a reused CTA slot's region cleared before the previous CTA's last shared store.
s2r r0, %tid.x
movi r1, 0x1
s2r r2, %ctaid.z
s2r r4, %nctaid.y
imul.u32 r2, r2, r4
s2r r4, %ctaid.y
iadd r2, r2, r4
s2r r4, %nctaid.x
imul.u32 r2, r2, r4
s2r r4, %ctaid.x
iadd r2, r2, r4
s2r r4, %nwarpid
imul.u32 r2, r2, r4
s2r r4, %warpid
iadd r2, r2, r4
movi r4, 0x20
imul.u32 r2, r2, r4
s2r r4, %laneid
iadd r2, r2, r4
movi r4, 0x20
imul.u32 r2, r2, r4
movi r4, 0x1000
iadd r2, r2, r4
s2r r3, %warpid
movi r4, 0x20
imul.u32 r3, r3, r4
s2r r4, %laneid
iadd r3, r3, r4
movi r4, 0x10
imul.u32 r3, r3, r4
isetp.ge.u32 p2, r4, r5
@!p2 bra 62, 64
isetp.ne.s32 p4, r4, r2
@p4 bra 47, 61
isetp.le.u32 p0, r6, r2
@!p0 bra 46, 46
movi r6, 0x3
and r5, r1, r6
movi r6, 0x4
imad.u32 r5, r5, r6, r3
ld.shared.s16 r6, [r5+0x2]
imin.u32 r9, r4, r3
selp r5, r7, r7, pt
isetp.le.u32 p3, r0, r3
s2r r6, %nctaid.x
bra 46, 46
bra 61, 61
movi r9, 0x4
movi r7, 0x1
and r7, r1, r7
isub r9, r9, r7
iabs r4, r7
@p1 fsub.rn.sat r7, r8, |r7|
movi r8, 0x3
and r7, r3, r8
movi r8, 0x4
imad.u32 r7, r7, r8, r3
st.shared.u8 [r7+0x1], r1
isub r9, r9, r1
isetp.ge.u32 p1, r9, r1
@p1 bra 51, 61
bra 64, 64
imad.u32 r4, r7, r1, r4
fadd.rn r7, -|r4|, |r5|
isetp.eq.u32 p4, r9, r0
@!p4 bra 87, 87
movi r9, 0x4
movi r7, 0x1
and r7, r7, r7
isub r9, r9, r7
isetp.gt.u32 p4, r3, r1
@p4 bra 76, 83
plop.mov p3, p2, p3
xor r6, r6, r8
shr.u32 r5, r6, r0
bra 83, 83
movi r7, 0x3
and r5, r1, r7
movi r7, 0x4
imad.u32 r5, r5, r7, r3
st.shared.b32 [r5], r6
imadhi.s32 r8, r1, r4, r1
imad24hi.s32 r8, r4, r5, r2
isub r9, r9, r1
isetp.ge.u32 p6, r9, r1
@p6 bra 70, 86
bra 87, 87
movi r9, 0x4
movi r7, 0x1
and r7, r7, r7
isub r9, r9, r7
xor r6, r4, r6
fmul.rn r5, r5, -r6
cvt.u32.f32.rpi r5, r3
movi r6, 0x3
and r6, r5, r6
movi r6, 0x4
imad.u32 r6, r6, r6, r3
@!p5 st.shared.u8 [r6+0x1], r4
iaddsat r5, r0, r0
isub r9, r9, r1
isetp.ge.u32 p6, r9, r1
@p6 bra 91, 103
isetp.lt.u32 p1, r5, r7
@p1 exit
movi r9, 0x4
movi r8, 0x1
and r8, r8, r8
isub r9, r9, r8
movi r8, 0x4
movi r4, 0x1
and r4, r1, r4
isub r8, r8, r4
movi r6, 0x1f
movi r4, 0x3
and r4, r3, r4
movi r4, 0x4
imad.u32 r4, r4, r4, r3
ld.shared.u8 r4, [r4]
shr.s32 r5, r1, r6
fset.geu r5, -|r1|, -|r4|
isubsat r4, r3, r3
isub r8, r8, r1
isetp.ge.u32 p3, r8, r1
@p3 bra 113, 125
isub r9, r9, r1
isetp.ge.u32 p5, r9, r1
@p5 bra 109, 128
bar 9
movi r9, 0x3
and r6, r3, r9
movi r9, 0x4
imad.u32 r6, r6, r9, r3
ld.shared.s8 r4, [r6+0x3]
cnot r8, r2
imin.s32 r5, r9, r6
xor r4, r0, r2
fmad r6, |r9|, -|r5|, -r6
movi r6, 0x3
and r5, r7, r6
movi r6, 0x4
imad.u32 r5, r5, r6, r3
st.shared.b32 [r5], r1
isub r4, r7, r5
movi r9, 0x3
and r7, r9, r9
movi r9, 0x4
imad.u32 r7, r7, r9, r3
st.shared.b32 [r7], r6
cvt.f32.f16.rn r6, r2
@!p5 iaddsat r8, r0, r3
movi r9, 0x3
and r7, r7, r9
movi r9, 0x4
imad.u32 r7, r7, r9, r3
st.shared.u8 [r7], r2
exit

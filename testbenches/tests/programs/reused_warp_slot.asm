s2r r0, %tid.x
movi r1, 0x1
s2r r2, %ctaid.z
s2r r3, %nctaid.y
imul.u32 r2, r2, r3
s2r r3, %ctaid.y
iadd r2, r2, r3
s2r r3, %nctaid.x
imul.u32 r2, r2, r3
s2r r3, %ctaid.x
iadd r2, r2, r3
s2r r3, %nwarpid
imul.u32 r2, r2, r3
s2r r3, %warpid
iadd r2, r2, r3
movi r3, 0x20
imul.u32 r2, r2, r3
s2r r3, %laneid
iadd r2, r2, r3
movi r3, 0x20
imul.u32 r2, r2, r3
movi r3, 0x1000
iadd r2, r2, r3
isetp.le.s32 p1, r4, r11
@p1 bra 41, 51
movi r5, 0x7
and r5, r14, r5
iadd r5, r5, r5
iadd r5, r5, r5
iadd r5, r5, r2
st.global.b32 [r5], r10
isubsat r15, r8, r8
@!p0 imad24hi.u32 r13, r7, r16, r0
@!p6 mov r5, r7
movi r7, 0x7
and r7, r4, r7
iadd r7, r7, r7
iadd r7, r7, r7
iadd r7, r7, r2
st.global.b32 [r7], r4
bra 51, 51
movi r16, 0x3
movi r5, 0x1
and r5, r13, r5
isub r16, r16, r5
imad24hi.s32 r13, r13, r9, r0
mov r5, r15
fmul.rn.sat r15, r0, -|r9|
isub r16, r16, r1
isetp.ge.u32 p5, r16, r1
@p5 bra 45, 51
isetp.ne.u32 p5, r5, r9
@p5 bra 63, 73
fsetf.eq r8, r11, -r11
ineg r8, r1
@!p0 fmad.sat r4, r12, -r10, -r14
movi r16, 0x7
and r16, r11, r16
iadd r16, r16, r16
iadd r16, r16, r16
iadd r16, r16, r2
st.global.b32 [r16], r5
bra 73, 73
movi r16, 0x3
movi r5, 0x1
and r5, r8, r5
isub r16, r16, r5
fmul.rn r4, -r1, -r13
imax.u32 r7, r14, r11
isetp.lt.u32 pt, r13, r7
isub r16, r16, r1
isetp.ge.u32 p5, r16, r1
@p5 bra 67, 73
isubsat r13, r7, r11
movi r11, 0x7
and r11, r12, r11
iadd r11, r11, r11
iadd r11, r11, r11
iadd r11, r11, r2
ld.global.b32 r9, [r11]
bar 12
movi r16, 0x3
movi r12, 0x1
and r12, r8, r12
isub r16, r16, r12
@p4 iadd r13, r15, r10
isub r11, r9, r7
movi r6, 0x7
and r6, r8, r6
iadd r6, r6, r6
iadd r6, r6, r6
iadd r6, r6, r2
st.global.b32 [r6], r13
cvt.u32.f32.rpi r7, r3
imad24.u32 r15, r11, r4, r0
isub r16, r16, r1
isetp.ge.u32 p1, r16, r1
@p1 bra 85, 98
movi r16, 0x3
movi r8, 0x1
and r8, r6, r8
isub r16, r16, r8
movi r15, 0x3
movi r13, 0x1
and r13, r2, r13
isub r15, r15, r13
movi r4, 0x7
and r4, r11, r4
iadd r4, r4, r4
iadd r4, r4, r4
iadd r4, r4, r2
@!p3 st.global.b32 [r4], r6
imin.u32 r8, r0, r4
isub r15, r15, r1
isetp.ge.u32 p3, r15, r1
@p3 bra 106, 116
isub r16, r16, r1
isetp.ge.u32 p0, r16, r1
@p0 bra 102, 119
movi r16, 0x3
movi r11, 0x1
and r11, r15, r11
isub r16, r16, r11
movi r3, 0x7
and r3, r9, r3
iadd r3, r3, r3
iadd r3, r3, r3
iadd r3, r3, r2
@!p5 ld.global.b32 r11, [r3]
isub r16, r16, r1
isetp.ge.u32 p1, r16, r1
@p1 bra 123, 132
exit

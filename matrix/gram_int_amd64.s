//go:build amd64 && !purego

#include "textflag.h"

// func gramIntVNNI8x32(kc int, a, b, c *int32, ldc int)
//
// Z0–Z15: the 8×32 tile of 32-bit sums, row i in Z(2i) (columns 0–15)
// and Z(2i+1) (16–31). Z16, Z17: the 32 words of b for this pair of rows;
// Z18–Z21: words of a broadcast to every lane. VPDPWSSD x, y, z adds to
// each 32-bit lane of z the two products of the 16-bit halves of x and y.
TEXT ·gramIntVNNI8x32(SB), NOSPLIT, $0-40
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), AX
	MOVQ b+16(FP), BX
	MOVQ c+24(FP), DX
	MOVQ ldc+32(FP), SI
	SHLQ $2, SI // bytes per row of c
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15

loop:
	VMOVDQU32 (BX), Z16
	VMOVDQU32 64(BX), Z17
	VPBROADCASTD 0(AX), Z18
	VPDPWSSD Z18, Z16, Z0
	VPDPWSSD Z18, Z17, Z1
	VPBROADCASTD 4(AX), Z19
	VPDPWSSD Z19, Z16, Z2
	VPDPWSSD Z19, Z17, Z3
	VPBROADCASTD 8(AX), Z20
	VPDPWSSD Z20, Z16, Z4
	VPDPWSSD Z20, Z17, Z5
	VPBROADCASTD 12(AX), Z21
	VPDPWSSD Z21, Z16, Z6
	VPDPWSSD Z21, Z17, Z7
	VPBROADCASTD 16(AX), Z18
	VPDPWSSD Z18, Z16, Z8
	VPDPWSSD Z18, Z17, Z9
	VPBROADCASTD 20(AX), Z19
	VPDPWSSD Z19, Z16, Z10
	VPDPWSSD Z19, Z17, Z11
	VPBROADCASTD 24(AX), Z20
	VPDPWSSD Z20, Z16, Z12
	VPDPWSSD Z20, Z17, Z13
	VPBROADCASTD 28(AX), Z21
	VPDPWSSD Z21, Z16, Z14
	VPDPWSSD Z21, Z17, Z15
	ADDQ $128, AX
	ADDQ $128, BX
	DECQ CX
	JNZ loop

	// c += tile, row by row
	VPADDD (DX), Z0, Z0
	VMOVDQU32 Z0, (DX)
	VPADDD 64(DX), Z1, Z1
	VMOVDQU32 Z1, 64(DX)
	ADDQ SI, DX
	VPADDD (DX), Z2, Z2
	VMOVDQU32 Z2, (DX)
	VPADDD 64(DX), Z3, Z3
	VMOVDQU32 Z3, 64(DX)
	ADDQ SI, DX
	VPADDD (DX), Z4, Z4
	VMOVDQU32 Z4, (DX)
	VPADDD 64(DX), Z5, Z5
	VMOVDQU32 Z5, 64(DX)
	ADDQ SI, DX
	VPADDD (DX), Z6, Z6
	VMOVDQU32 Z6, (DX)
	VPADDD 64(DX), Z7, Z7
	VMOVDQU32 Z7, 64(DX)
	ADDQ SI, DX
	VPADDD (DX), Z8, Z8
	VMOVDQU32 Z8, (DX)
	VPADDD 64(DX), Z9, Z9
	VMOVDQU32 Z9, 64(DX)
	ADDQ SI, DX
	VPADDD (DX), Z10, Z10
	VMOVDQU32 Z10, (DX)
	VPADDD 64(DX), Z11, Z11
	VMOVDQU32 Z11, 64(DX)
	ADDQ SI, DX
	VPADDD (DX), Z12, Z12
	VMOVDQU32 Z12, (DX)
	VPADDD 64(DX), Z13, Z13
	VMOVDQU32 Z13, 64(DX)
	ADDQ SI, DX
	VPADDD (DX), Z14, Z14
	VMOVDQU32 Z14, (DX)
	VPADDD 64(DX), Z15, Z15
	VMOVDQU32 Z15, 64(DX)
	VZEROUPPER
	RET
// func packPairsAVX512(first, second *float64, out *int32, sums *float64, n int) bool
//
// packPairRow for n a multiple of 8, eight columns a trip: each entry must
// equal its truncation (VRNDSCALEPD toward zero; NaN is unequal to
// everything) and have |x| ≤ 255, or the function returns false at once.
// The two rows become 32-bit integers (VCVTTPD2DQ), the second shifted
// into the high halves and blended over the first's (word i from the
// second row where bit i of 0xAA is set: every high half). The sums are
// float64, exact for integers below 2⁵³.
TEXT ·packPairsAVX512(SB), NOSPLIT, $0-41
	MOVQ first+0(FP), SI
	MOVQ second+8(FP), BX
	MOVQ out+16(FP), DI
	MOVQ sums+24(FP), DX
	MOVQ n+32(FP), CX
	MOVQ $0x7FFFFFFFFFFFFFFF, R8
	VPBROADCASTQ R8, Z30 // |x| mask
	MOVQ $0x406FE00000000000, R8
	VPBROADCASTQ R8, Z31 // 255.0
	SHRQ $3, CX
	JZ   done

loop:
	VMOVUPD (SI), Z0
	VMOVUPD (BX), Z1
	VRNDSCALEPD $11, Z0, Z2
	VRNDSCALEPD $11, Z1, Z3
	VCMPPD $0, Z2, Z0, K1 // x = trunc(x)
	VCMPPD $0, Z3, Z1, K2
	VANDPD Z30, Z0, Z4
	VANDPD Z30, Z1, Z5
	VCMPPD $2, Z31, Z4, K1, K3 // and |x| ≤ 255
	VCMPPD $2, Z31, Z5, K2, K4
	KANDW K3, K4, K5
	KMOVW K5, R9
	CMPW R9, $0xFF
	JNE  fail
	VCVTTPD2DQ Z0, Y6
	VCVTTPD2DQ Z1, Y7
	VPSLLD $16, Y7, Y7
	VPBLENDW $0xAA, Y7, Y6, Y8
	VMOVDQU Y8, (DI)
	VADDPD Z0, Z1, Z9
	VADDPD (DX), Z9, Z9
	VMOVUPD Z9, (DX)
	ADDQ $64, SI
	ADDQ $64, BX
	ADDQ $32, DI
	ADDQ $64, DX
	DECQ CX
	JNZ  loop

done:
	VZEROUPPER
	MOVB $1, ret+40(FP)
	RET

fail:
	VZEROUPPER
	MOVB $0, ret+40(FP)
	RET

// func gramIntAVX2x4x16(kc int, a, b, c *int32, ldc int)
//
// A 4×16 quarter of the 8×32 tile with AVX2 (no VPDPWSSD): VPMADDWD
// multiplies the 16-bit halves and adds each pair into a 32-bit lane, and
// VPADDD adds that into the sum. a and b advance 32 words a pair, as in
// the panels. Y0–Y7: the sums, row i in Y(2i) (columns 0–7) and Y(2i+1)
// (8–15); Y8, Y9: b; Y10: a broadcast; Y11, Y12: the products.
TEXT ·gramIntAVX2x4x16(SB), NOSPLIT, $0-40
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), AX
	MOVQ b+16(FP), BX
	MOVQ c+24(FP), DX
	MOVQ ldc+32(FP), SI
	SHLQ $2, SI // bytes per row of c
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7

loop4x16:
	VMOVDQU (BX), Y8
	VMOVDQU 32(BX), Y9
	VPBROADCASTD 0(AX), Y10
	VPMADDWD Y10, Y8, Y11
	VPMADDWD Y10, Y9, Y12
	VPADDD Y11, Y0, Y0
	VPADDD Y12, Y1, Y1
	VPBROADCASTD 4(AX), Y10
	VPMADDWD Y10, Y8, Y11
	VPMADDWD Y10, Y9, Y12
	VPADDD Y11, Y2, Y2
	VPADDD Y12, Y3, Y3
	VPBROADCASTD 8(AX), Y10
	VPMADDWD Y10, Y8, Y11
	VPMADDWD Y10, Y9, Y12
	VPADDD Y11, Y4, Y4
	VPADDD Y12, Y5, Y5
	VPBROADCASTD 12(AX), Y10
	VPMADDWD Y10, Y8, Y11
	VPMADDWD Y10, Y9, Y12
	VPADDD Y11, Y6, Y6
	VPADDD Y12, Y7, Y7
	ADDQ $128, AX
	ADDQ $128, BX
	DECQ CX
	JNZ loop4x16

	// c += tile, row by row
	VPADDD (DX), Y0, Y0
	VMOVDQU Y0, (DX)
	VPADDD 32(DX), Y1, Y1
	VMOVDQU Y1, 32(DX)
	ADDQ SI, DX
	VPADDD (DX), Y2, Y2
	VMOVDQU Y2, (DX)
	VPADDD 32(DX), Y3, Y3
	VMOVDQU Y3, 32(DX)
	ADDQ SI, DX
	VPADDD (DX), Y4, Y4
	VMOVDQU Y4, (DX)
	VPADDD 32(DX), Y5, Y5
	VMOVDQU Y5, 32(DX)
	ADDQ SI, DX
	VPADDD (DX), Y6, Y6
	VMOVDQU Y6, (DX)
	VPADDD 32(DX), Y7, Y7
	VMOVDQU Y7, 32(DX)
	VZEROUPPER
	RET

// func packPairsAVX2(first, second *float64, out *int32, sums *float64, n int) bool
//
// packPairsAVX512 with AVX2, four columns a trip: VROUNDPD toward zero and
// compares into lane masks, VMOVMSKPD to test all four.
TEXT ·packPairsAVX2(SB), NOSPLIT, $0-41
	MOVQ first+0(FP), SI
	MOVQ second+8(FP), BX
	MOVQ out+16(FP), DI
	MOVQ sums+24(FP), DX
	MOVQ n+32(FP), CX
	MOVQ $0x7FFFFFFFFFFFFFFF, R8
	VMOVQ R8, X14
	VPBROADCASTQ X14, Y14 // |x| mask
	MOVQ $0x406FE00000000000, R8
	VMOVQ R8, X15
	VPBROADCASTQ X15, Y15 // 255.0
	SHRQ $2, CX
	JZ   done2

loop2:
	VMOVUPD (SI), Y0
	VMOVUPD (BX), Y1
	VROUNDPD $3, Y0, Y2
	VROUNDPD $3, Y1, Y3
	VCMPPD $0, Y2, Y0, Y4 // x = trunc(x)
	VCMPPD $0, Y3, Y1, Y5
	VANDPD Y14, Y0, Y6
	VANDPD Y14, Y1, Y7
	VCMPPD $2, Y15, Y6, Y6 // |x| ≤ 255
	VCMPPD $2, Y15, Y7, Y7
	VANDPD Y4, Y6, Y6
	VANDPD Y5, Y7, Y7
	VANDPD Y6, Y7, Y7
	VMOVMSKPD Y7, R9
	CMPL R9, $15
	JNE  fail2
	VCVTTPD2DQY Y0, X8
	VCVTTPD2DQY Y1, X9
	VPSLLD $16, X9, X9
	VPBLENDW $0xAA, X9, X8, X10
	VMOVDQU X10, (DI)
	VADDPD Y0, Y1, Y11
	VADDPD (DX), Y11, Y11
	VMOVUPD Y11, (DX)
	ADDQ $32, SI
	ADDQ $32, BX
	ADDQ $16, DI
	ADDQ $32, DX
	DECQ CX
	JNZ  loop2

done2:
	VZEROUPPER
	MOVB $1, ret+40(FP)
	RET

fail2:
	VZEROUPPER
	MOVB $0, ret+40(FP)
	RET

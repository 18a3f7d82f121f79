//go:build amd64 && !purego

#include "textflag.h"

// The four-row loops of Gemv (gemv.go) with AVX2 and FMA.

// func gemvDot4AVX2(a *float64, lda int, x *float64, n int, out *[4]float64)
//
// out[r] = Σⱼ a[r·lda + j]·x[j] for r = 0 … 3: each number of x loaded
// serves four rows. Two accumulators per row (Y0–Y3 and Y4–Y7) keep eight
// multiply-adds in flight; eight columns per trip, then four, then one.
TEXT ·gemvDot4AVX2(SB), NOSPLIT, $0-40
	MOVQ a+0(FP), SI
	MOVQ lda+8(FP), R8
	SHLQ $3, R8
	LEAQ (SI)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	LEAQ (R10)(R8*1), R11
	MOVQ x+16(FP), DI
	MOVQ n+24(FP), CX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	MOVQ CX, BX
	SHRQ $3, BX
	JZ dot4tail4
dot4loop8:
	VMOVUPD (DI), Y8
	VMOVUPD 32(DI), Y9
	VFMADD231PD (SI), Y8, Y0
	VFMADD231PD 32(SI), Y9, Y4
	VFMADD231PD (R9), Y8, Y1
	VFMADD231PD 32(R9), Y9, Y5
	VFMADD231PD (R10), Y8, Y2
	VFMADD231PD 32(R10), Y9, Y6
	VFMADD231PD (R11), Y8, Y3
	VFMADD231PD 32(R11), Y9, Y7
	ADDQ $64, DI
	ADDQ $64, SI
	ADDQ $64, R9
	ADDQ $64, R10
	ADDQ $64, R11
	DECQ BX
	JNZ dot4loop8
dot4tail4:
	VADDPD Y4, Y0, Y0
	VADDPD Y5, Y1, Y1
	VADDPD Y6, Y2, Y2
	VADDPD Y7, Y3, Y3
	ANDQ $7, CX
	CMPQ CX, $4
	JLT dot4reduce
	VMOVUPD (DI), Y8
	VFMADD231PD (SI), Y8, Y0
	VFMADD231PD (R9), Y8, Y1
	VFMADD231PD (R10), Y8, Y2
	VFMADD231PD (R11), Y8, Y3
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	SUBQ $4, CX
dot4reduce:
	VEXTRACTF128 $1, Y0, X8
	VADDPD X8, X0, X0
	VPERMILPD $1, X0, X8
	VADDSD X8, X0, X0
	VEXTRACTF128 $1, Y1, X8
	VADDPD X8, X1, X1
	VPERMILPD $1, X1, X8
	VADDSD X8, X1, X1
	VEXTRACTF128 $1, Y2, X8
	VADDPD X8, X2, X2
	VPERMILPD $1, X2, X8
	VADDSD X8, X2, X2
	VEXTRACTF128 $1, Y3, X8
	VADDPD X8, X3, X3
	VPERMILPD $1, X3, X8
	VADDSD X8, X3, X3
dot4loop1:
	TESTQ CX, CX
	JZ dot4done
	VMOVSD (DI), X8
	VFMADD231SD (SI), X8, X0
	VFMADD231SD (R9), X8, X1
	VFMADD231SD (R10), X8, X2
	VFMADD231SD (R11), X8, X3
	ADDQ $8, DI
	ADDQ $8, SI
	ADDQ $8, R9
	ADDQ $8, R10
	ADDQ $8, R11
	DECQ CX
	JMP dot4loop1
dot4done:
	MOVQ out+32(FP), AX
	VMOVSD X0, (AX)
	VMOVSD X1, 8(AX)
	VMOVSD X2, 16(AX)
	VMOVSD X3, 24(AX)
	VZEROUPPER
	RET

// func gemvAxpy4AVX2(x4 *[4]float64, a *float64, lda int, y *float64, n int)
//
// y[j] ← x₃a₃ⱼ + (x₂a₂ⱼ + (x₁a₁ⱼ + (x₀a₀ⱼ + y[j]))), four fused
// multiply-adds per number of y in the same order at every j (vector or
// scalar), so a y split across workers gets the same bits.
TEXT ·gemvAxpy4AVX2(SB), NOSPLIT, $0-40
	MOVQ x4+0(FP), AX
	VBROADCASTSD (AX), Y0
	VBROADCASTSD 8(AX), Y1
	VBROADCASTSD 16(AX), Y2
	VBROADCASTSD 24(AX), Y3
	MOVQ a+8(FP), SI
	MOVQ lda+16(FP), R8
	SHLQ $3, R8
	LEAQ (SI)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	LEAQ (R10)(R8*1), R11
	MOVQ y+24(FP), DI
	MOVQ n+32(FP), CX
	MOVQ CX, BX
	SHRQ $3, BX
	JZ axpy4tail4
axpy4loop8:
	VMOVUPD (DI), Y4
	VMOVUPD 32(DI), Y5
	VFMADD231PD (SI), Y0, Y4
	VFMADD231PD 32(SI), Y0, Y5
	VFMADD231PD (R9), Y1, Y4
	VFMADD231PD 32(R9), Y1, Y5
	VFMADD231PD (R10), Y2, Y4
	VFMADD231PD 32(R10), Y2, Y5
	VFMADD231PD (R11), Y3, Y4
	VFMADD231PD 32(R11), Y3, Y5
	VMOVUPD Y4, (DI)
	VMOVUPD Y5, 32(DI)
	ADDQ $64, DI
	ADDQ $64, SI
	ADDQ $64, R9
	ADDQ $64, R10
	ADDQ $64, R11
	DECQ BX
	JNZ axpy4loop8
axpy4tail4:
	ANDQ $7, CX
	CMPQ CX, $4
	JLT axpy4loop1
	VMOVUPD (DI), Y4
	VFMADD231PD (SI), Y0, Y4
	VFMADD231PD (R9), Y1, Y4
	VFMADD231PD (R10), Y2, Y4
	VFMADD231PD (R11), Y3, Y4
	VMOVUPD Y4, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	SUBQ $4, CX
axpy4loop1:
	TESTQ CX, CX
	JZ axpy4done
	VMOVSD (DI), X4
	VFMADD231SD (SI), X0, X4
	VFMADD231SD (R9), X1, X4
	VFMADD231SD (R10), X2, X4
	VFMADD231SD (R11), X3, X4
	VMOVSD X4, (DI)
	ADDQ $8, DI
	ADDQ $8, SI
	ADDQ $8, R9
	ADDQ $8, R10
	ADDQ $8, R11
	DECQ CX
	JMP axpy4loop1
axpy4done:
	VZEROUPPER
	RET

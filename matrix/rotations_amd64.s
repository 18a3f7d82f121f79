//go:build amd64 && !purego

#include "textflag.h"

// The plane-rotation sequences of rotations.go on four rows at once, with
// AVX2 and FMA: one 256-bit register holds the four rows' numbers of one
// column, so each rotation is four vector operations for the four rows.
// The rows are row-major, so each block of four columns is loaded as four
// 128-bit halves per register pair and transposed in registers (4×4), and
// transposed back before it is stored.
//
// Registers: Y0 the carried values (one per row), Y4–Y7 the loaded halves
// and then the outputs, Y8–Y11 the four columns, Y12 c, Y13 s.
// DI, R9, R10, R11 point into rows 0–3, SI into c, DX into s, CX counts
// the blocks of four rotations.

// LOADCOLS loads columns off/8 … off/8+3 of the four rows into Y8–Y11.
#define LOADCOLS(off) \
	VMOVUPD off(DI), X4; \
	VINSERTF128 $1, off(R10), Y4, Y4; \
	VMOVUPD off(R9), X5; \
	VINSERTF128 $1, off(R11), Y5, Y5; \
	VMOVUPD off+16(DI), X6; \
	VINSERTF128 $1, off+16(R10), Y6, Y6; \
	VMOVUPD off+16(R9), X7; \
	VINSERTF128 $1, off+16(R11), Y7, Y7; \
	VUNPCKLPD Y5, Y4, Y8; \
	VUNPCKHPD Y5, Y4, Y9; \
	VUNPCKLPD Y7, Y6, Y10; \
	VUNPCKHPD Y7, Y6, Y11

// STORECOLS transposes the outputs Y4–Y7 (four consecutive columns) back
// to rows and stores them at byte offset off of each row.
#define STORECOLS(off) \
	VUNPCKLPD Y5, Y4, Y8; \
	VUNPCKHPD Y5, Y4, Y9; \
	VUNPCKLPD Y7, Y6, Y10; \
	VUNPCKHPD Y7, Y6, Y11; \
	VMOVUPD X8, off(DI); \
	VEXTRACTF128 $1, Y8, off(R10); \
	VMOVUPD X10, off+16(DI); \
	VEXTRACTF128 $1, Y10, off+16(R10); \
	VMOVUPD X9, off(R9); \
	VEXTRACTF128 $1, Y9, off(R11); \
	VMOVUPD X11, off+16(R9); \
	VEXTRACTF128 $1, Y11, off+16(R11)

// FWD applies the forward rotation with c, s at byte offset coff to the
// column y: out = c·a + s·y, a = c·y − s·a.
#define FWD(coff, y, out) \
	VBROADCASTSD coff(SI), Y12; \
	VBROADCASTSD coff(DX), Y13; \
	VMULPD y, Y13, out; \
	VMULPD y, Y12, y; \
	VFMADD231PD Y0, Y12, out; \
	VFNMADD231PD Y0, Y13, y; \
	VMOVAPD y, Y0

// BWD is the backward rotation: out = c·a − s·y, a = s·a + c·y.
#define BWD(coff, y, out) \
	VBROADCASTSD coff(SI), Y12; \
	VBROADCASTSD coff(DX), Y13; \
	VMULPD y, Y13, out; \
	VMULPD y, Y12, y; \
	VFMSUB231PD Y0, Y12, out; \
	VFMADD231PD Y0, Y13, y; \
	VMOVAPD y, Y0

// func rotForward4AVX2(x *float64, ld int, c, s *float64, blocks int, carry *[4]float64)
TEXT ·rotForward4AVX2(SB), NOSPLIT, $0-48
	MOVQ x+0(FP), DI
	MOVQ ld+8(FP), R8
	SHLQ $3, R8
	LEAQ (DI)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	LEAQ (R10)(R8*1), R11
	MOVQ c+16(FP), SI
	MOVQ s+24(FP), DX
	MOVQ blocks+32(FP), CX
	MOVQ carry+40(FP), AX
	VMOVUPD (AX), Y0
fwdloop:
	// Columns j+1 … j+4 in, rotations j … j+3, columns j … j+3 out.
	LOADCOLS(8)
	FWD(0, Y8, Y4)
	FWD(8, Y9, Y5)
	FWD(16, Y10, Y6)
	FWD(24, Y11, Y7)
	STORECOLS(0)
	ADDQ $32, DI
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	ADDQ $32, SI
	ADDQ $32, DX
	DECQ CX
	JNZ fwdloop
	VMOVUPD Y0, (AX)
	VZEROUPPER
	RET

// func rotBackward4AVX2(x *float64, ld int, c, s *float64, blocks int, carry *[4]float64)
//
// x, c and s point at column J−4 of the first block (J = the highest
// column), and each block moves four columns down.
TEXT ·rotBackward4AVX2(SB), NOSPLIT, $0-48
	MOVQ x+0(FP), DI
	MOVQ ld+8(FP), R8
	SHLQ $3, R8
	LEAQ (DI)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	LEAQ (R10)(R8*1), R11
	MOVQ c+16(FP), SI
	MOVQ s+24(FP), DX
	MOVQ blocks+32(FP), CX
	MOVQ carry+40(FP), AX
	VMOVUPD (AX), Y0
bwdloop:
	// Columns J−4 … J−1 in (Y8–Y11), rotations J−1 … J−4, columns
	// J−3 … J out.
	LOADCOLS(0)
	BWD(24, Y11, Y7)
	BWD(16, Y10, Y6)
	BWD(8, Y9, Y5)
	BWD(0, Y8, Y4)
	STORECOLS(8)
	SUBQ $32, DI
	SUBQ $32, R9
	SUBQ $32, R10
	SUBQ $32, R11
	SUBQ $32, SI
	SUBQ $32, DX
	DECQ CX
	JNZ bwdloop
	VMOVUPD Y0, (AX)
	VZEROUPPER
	RET

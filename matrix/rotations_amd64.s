//go:build amd64 && !purego

#include "textflag.h"

// The plane-rotation sequences of rotations.go on four or eight rows at
// once, with FMA: one 256-bit register holds four rows' numbers of one
// column, so each rotation is four vector operations for four rows. The
// rows are row-major, so each block of four columns is loaded as 128-bit
// halves and transposed in registers (4×4), and transposed back before it
// is stored. The carried value makes each group of rows a chain of
// dependent fused multiply-adds (4 cycles per rotation); the eight-row
// kernel runs two independent groups interleaved, the second in the
// registers Y16–Y31 that AVX-512 adds (EVEX encodings, AVX512VL).
//
// Registers of a group: the carry, four loaded halves that become the
// outputs, four columns; Y12 and Y13 hold c and s for both groups.
// Group A: carry Y0, halves Y4–Y7, columns Y8–Y11, rows DI, R9, R10, R11.
// Group B: carry Y16, halves Y20–Y23, columns Y24–Y27, rows R12, R13, R14, BX.
// SI points into c, DX into s, CX counts the blocks of four rotations.

// LOADCOLS loads columns off/8 … off/8+3 of four rows into c0–c3.
// BC and INS are the 128-bit broadcast and insert (VEX or EVEX names).
#define LOADCOLS(BC, INS, off, p0, p1, p2, p3, u0, u1, u2, u3, c0, c1, c2, c3) \
	BC off(p0), u0; \
	INS $1, off(p2), u0, u0; \
	BC off(p1), u1; \
	INS $1, off(p3), u1, u1; \
	BC off+16(p0), u2; \
	INS $1, off+16(p2), u2, u2; \
	BC off+16(p1), u3; \
	INS $1, off+16(p3), u3, u3; \
	VUNPCKLPD u1, u0, c0; \
	VUNPCKHPD u1, u0, c1; \
	VUNPCKLPD u3, u2, c2; \
	VUNPCKHPD u3, u2, c3

// STORECOLS transposes the outputs o0–o3 (four consecutive columns) back
// to rows, through t0–t3, and stores them at byte offset off of each row.
// EXT is the 128-bit extract.
#define STORECOLS(EXT, off, p0, p1, p2, p3, o0, o1, o2, o3, t0, t1, t2, t3) \
	VUNPCKLPD o1, o0, t0; \
	VUNPCKHPD o1, o0, t1; \
	VUNPCKLPD o3, o2, t2; \
	VUNPCKHPD o3, o2, t3; \
	EXT $0, t0, off(p0); \
	EXT $1, t0, off(p2); \
	EXT $0, t2, off+16(p0); \
	EXT $1, t2, off+16(p2); \
	EXT $0, t1, off(p1); \
	EXT $1, t1, off(p3); \
	EXT $0, t3, off+16(p1); \
	EXT $1, t3, off+16(p3)

// CS broadcasts the rotation at byte offset coff to Y12 (c) and Y13 (s).
#define CS(coff) \
	VBROADCASTSD coff(SI), Y12; \
	VBROADCASTSD coff(DX), Y13

// FWD: out = c·a + s·y, a = c·y − s·a (y is overwritten, then copied to a).
#define FWD(a, y, out) \
	VMULPD y, Y13, out; \
	VMULPD y, Y12, y; \
	VFMADD231PD a, Y12, out; \
	VFNMADD231PD a, Y13, y; \
	VMOVAPD y, a

// BWD: out = c·a − s·y, a = s·a + c·y.
#define BWD(a, y, out) \
	VMULPD y, Y13, out; \
	VMULPD y, Y12, y; \
	VFMSUB231PD a, Y12, out; \
	VFMADD231PD a, Y13, y; \
	VMOVAPD y, a

#define LOADA(off) LOADCOLS(VBROADCASTF128, VINSERTF128, off, DI, R9, R10, R11, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11)
#define LOADB(off) LOADCOLS(VBROADCASTF32X4, VINSERTF32X4, off, R12, R13, R14, BX, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27)
#define STOREA(off) STORECOLS(VEXTRACTF128, off, DI, R9, R10, R11, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11)
#define STOREB(off) STORECOLS(VEXTRACTF32X4, off, R12, R13, R14, BX, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27)

// ROWS sets DI, R9, R10, R11 to rows 0–3 from x and the stride R8 (bytes).
#define ROWS \
	LEAQ (DI)(R8*1), R9; \
	LEAQ (R9)(R8*1), R10; \
	LEAQ (R10)(R8*1), R11

// ROWSB sets R12, R13, R14, BX to rows 4–7.
#define ROWSB \
	LEAQ (R11)(R8*1), R12; \
	LEAQ (R12)(R8*1), R13; \
	LEAQ (R13)(R8*1), R14; \
	LEAQ (R14)(R8*1), BX

#define ARGS \
	MOVQ x+0(FP), DI; \
	MOVQ ld+8(FP), R8; \
	SHLQ $3, R8; \
	MOVQ c+16(FP), SI; \
	MOVQ s+24(FP), DX; \
	MOVQ blocks+32(FP), CX; \
	MOVQ carry+40(FP), AX

// func rotForward4AVX2(x *float64, ld int, c, s *float64, blocks int, carry *[4]float64)
TEXT ·rotForward4AVX2(SB), NOSPLIT, $0-48
	ARGS
	ROWS
	VMOVUPD (AX), Y0
fwd4:
	// Columns j+1 … j+4 in, rotations j … j+3, columns j … j+3 out.
	LOADA(8)
	CS(0)
	FWD(Y0, Y8, Y4)
	CS(8)
	FWD(Y0, Y9, Y5)
	CS(16)
	FWD(Y0, Y10, Y6)
	CS(24)
	FWD(Y0, Y11, Y7)
	STOREA(0)
	ADDQ $32, DI
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	ADDQ $32, SI
	ADDQ $32, DX
	DECQ CX
	JNZ fwd4
	VMOVUPD Y0, (AX)
	VZEROUPPER
	RET

// func rotBackward4AVX2(x *float64, ld int, c, s *float64, blocks int, carry *[4]float64)
//
// x, c and s point at column J−4 of the first block (J = the highest
// column), and each block moves four columns down.
TEXT ·rotBackward4AVX2(SB), NOSPLIT, $0-48
	ARGS
	ROWS
	VMOVUPD (AX), Y0
bwd4:
	// Columns J−4 … J−1 in (Y8–Y11), rotations J−1 … J−4, columns
	// J−3 … J out.
	LOADA(0)
	CS(24)
	BWD(Y0, Y11, Y7)
	CS(16)
	BWD(Y0, Y10, Y6)
	CS(8)
	BWD(Y0, Y9, Y5)
	CS(0)
	BWD(Y0, Y8, Y4)
	STOREA(8)
	SUBQ $32, DI
	SUBQ $32, R9
	SUBQ $32, R10
	SUBQ $32, R11
	SUBQ $32, SI
	SUBQ $32, DX
	DECQ CX
	JNZ bwd4
	VMOVUPD Y0, (AX)
	VZEROUPPER
	RET

// func rotForward8AVX512(x *float64, ld int, c, s *float64, blocks int, carry *[8]float64)
TEXT ·rotForward8AVX512(SB), NOSPLIT, $0-48
	ARGS
	ROWS
	ROWSB
	VMOVUPD (AX), Y0
	VMOVUPD 32(AX), Y16
fwd8:
	LOADA(8)
	LOADB(8)
	CS(0)
	FWD(Y0, Y8, Y4)
	FWD(Y16, Y24, Y20)
	CS(8)
	FWD(Y0, Y9, Y5)
	FWD(Y16, Y25, Y21)
	CS(16)
	FWD(Y0, Y10, Y6)
	FWD(Y16, Y26, Y22)
	CS(24)
	FWD(Y0, Y11, Y7)
	FWD(Y16, Y27, Y23)
	STOREA(0)
	STOREB(0)
	ADDQ $32, DI
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	ADDQ $32, R12
	ADDQ $32, R13
	ADDQ $32, R14
	ADDQ $32, BX
	ADDQ $32, SI
	ADDQ $32, DX
	DECQ CX
	JNZ fwd8
	VMOVUPD Y0, (AX)
	VMOVUPD Y16, 32(AX)
	VZEROUPPER
	RET

// func rotBackward8AVX512(x *float64, ld int, c, s *float64, blocks int, carry *[8]float64)
TEXT ·rotBackward8AVX512(SB), NOSPLIT, $0-48
	ARGS
	ROWS
	ROWSB
	VMOVUPD (AX), Y0
	VMOVUPD 32(AX), Y16
bwd8:
	LOADA(0)
	LOADB(0)
	CS(24)
	BWD(Y0, Y11, Y7)
	BWD(Y16, Y27, Y23)
	CS(16)
	BWD(Y0, Y10, Y6)
	BWD(Y16, Y26, Y22)
	CS(8)
	BWD(Y0, Y9, Y5)
	BWD(Y16, Y25, Y21)
	CS(0)
	BWD(Y0, Y8, Y4)
	BWD(Y16, Y24, Y20)
	STOREA(8)
	STOREB(8)
	SUBQ $32, DI
	SUBQ $32, R9
	SUBQ $32, R10
	SUBQ $32, R11
	SUBQ $32, R12
	SUBQ $32, R13
	SUBQ $32, R14
	SUBQ $32, BX
	SUBQ $32, SI
	SUBQ $32, DX
	DECQ CX
	JNZ bwd8
	VMOVUPD Y0, (AX)
	VMOVUPD Y16, 32(AX)
	VZEROUPPER
	RET

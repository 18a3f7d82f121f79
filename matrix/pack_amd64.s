//go:build amd64 && !purego

#include "textflag.h"

// func packCenteredAVX2(dst *float64, sliverBytes int, src *float64, srcBytes int, shift *float64, rows, vecs, nv int)
//
// For each of rows rows: the first 4·vecs numbers of the row at src (rows
// srcBytes apart), less shift, four at a time, to the slivers at dst:
// vector v of a row goes to sliver v/nv (slivers sliverBytes apart) at
// lanes 4·(v mod nv) …, and row p of a sliver is 32·nv bytes after row
// p−1. VSUBPD rounds as the portable subtraction does: the same bits.
TEXT ·packCenteredAVX2(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), R11
	MOVQ sliverBytes+8(FP), R12
	MOVQ src+16(FP), R13
	MOVQ srcBytes+24(FP), R14
	MOVQ shift+32(FP), R15
	MOVQ rows+40(FP), CX
	MOVQ vecs+48(FP), AX
	MOVQ nv+56(FP), R8
	TESTQ CX, CX
	JZ done
	TESTQ AX, AX
	JZ done
	MOVQ R8, BX
	SHLQ $5, BX // the bytes of a sliver row, 32·nv
	SUBQ BX, R12 // from the end of a sliver row to the same row of the next sliver
row:
	MOVQ R11, DI
	MOVQ R13, SI
	MOVQ R15, R9
	MOVQ AX, DX
	MOVQ R8, R10
vec:
	VMOVUPD (SI), Y0
	VSUBPD (R9), Y0, Y0
	VMOVUPD Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, R9
	ADDQ $32, DI
	DECQ R10
	JNZ next
	MOVQ R8, R10
	ADDQ R12, DI
next:
	DECQ DX
	JNZ vec
	ADDQ BX, R11
	ADDQ R14, R13
	DECQ CX
	JNZ row
done:
	VZEROUPPER
	RET

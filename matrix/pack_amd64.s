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

// PACKA4 transposes the four rows of four numbers in Y0–Y3 (row q in Yq),
// multiplies by α (Y15) and stores column c of the block, four numbers,
// at DI + c·mrBytes (R10 = mrBytes, R11 = 3·mrBytes). The products are
// those of the portable loop: α·x, one rounding each.
#define PACKA4 \
	VUNPCKLPD Y1, Y0, Y4; \
	VUNPCKHPD Y1, Y0, Y5; \
	VUNPCKLPD Y3, Y2, Y6; \
	VUNPCKHPD Y3, Y2, Y7; \
	VPERM2F128 $0x20, Y6, Y4, Y0; \
	VPERM2F128 $0x20, Y7, Y5, Y1; \
	VPERM2F128 $0x31, Y6, Y4, Y2; \
	VPERM2F128 $0x31, Y7, Y5, Y3; \
	VMULPD Y15, Y0, Y0; \
	VMULPD Y15, Y1, Y1; \
	VMULPD Y15, Y2, Y2; \
	VMULPD Y15, Y3, Y3; \
	VMOVUPD Y0, (DI); \
	VMOVUPD Y1, (DI)(R10*1); \
	VMOVUPD Y2, (DI)(R10*2); \
	VMOVUPD Y3, (DI)(R11*1)

// func packA4AVX2(dst *float64, mrBytes int, src *float64, ldBytes int, shift *float64, alpha float64, quads int)
//
// For p < 4·quads: dst[p·mr + q] = α·(src[q·ld + p] − shift[p]) for the
// four rows q < 4 (without the subtraction when shift is nil). Each trip
// reads four numbers of each row (the rows ldBytes apart), subtracts the
// shift (VSUBPD, rounded as the portable subtraction), transposes and
// stores them as four groups of four, one per column, mrBytes apart.
TEXT ·packA4AVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ mrBytes+8(FP), R10
	MOVQ src+16(FP), SI
	MOVQ ldBytes+24(FP), R8
	MOVQ shift+32(FP), DX
	VBROADCASTSD alpha+40(FP), Y15
	MOVQ quads+48(FP), CX
	LEAQ (R8)(R8*2), R9 // 3·ld
	LEAQ (R10)(R10*2), R11 // 3·mr
	MOVQ R10, R12
	SHLQ $2, R12 // 4·mr: from one group of four columns to the next
	TESTQ CX, CX
	JZ a4done
	TESTQ DX, DX
	JZ a4plain
a4shift:
	VMOVUPD (DX), Y8
	VMOVUPD (SI), Y0
	VMOVUPD (SI)(R8*1), Y1
	VMOVUPD (SI)(R8*2), Y2
	VMOVUPD (SI)(R9*1), Y3
	VSUBPD Y8, Y0, Y0
	VSUBPD Y8, Y1, Y1
	VSUBPD Y8, Y2, Y2
	VSUBPD Y8, Y3, Y3
	PACKA4
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ R12, DI
	DECQ CX
	JNZ a4shift
	JMP a4done
a4plain:
	VMOVUPD (SI), Y0
	VMOVUPD (SI)(R8*1), Y1
	VMOVUPD (SI)(R8*2), Y2
	VMOVUPD (SI)(R9*1), Y3
	PACKA4
	ADDQ $32, SI
	ADDQ R12, DI
	DECQ CX
	JNZ a4plain
a4done:
	VZEROUPPER
	RET

// func decodeAVX512(dst *float64, codes *uint8, groups int, table *float64)
//
// For each of groups groups of 16 codes: the codes widened to 32-bit
// indices (VPMOVZXBD) and the 16 numbers gathered from the table in two
// halves of eight (VGATHERDPD, which clears its mask: set again every
// time), stored at dst. The numbers are copied, not computed: the same
// bits as the portable loop.
TEXT ·decodeAVX512(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ codes+8(FP), SI
	MOVQ groups+16(FP), CX
	MOVQ table+24(FP), R8
	TESTQ CX, CX
	JZ decode_done
decode_loop:
	VPMOVZXBD (SI), Z1
	VEXTRACTI32X8 $1, Z1, Y2
	KXNORB K1, K1, K1
	KXNORB K2, K2, K2
	VGATHERDPD (R8)(Y1*8), K1, Z0
	VGATHERDPD (R8)(Y2*8), K2, Z3
	VMOVUPD Z0, (DI)
	VMOVUPD Z3, 64(DI)
	ADDQ $16, SI
	ADDQ $128, DI
	DECQ CX
	JNZ decode_loop
decode_done:
	VZEROUPPER
	RET

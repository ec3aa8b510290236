//go:build amd64 && !purego

#include "textflag.h"

// Both loops take w1 in SI, feat in DX, n in R8 and h in R10, and walk
// the units in blocks of 64 (R11: the block's byte offset in a row).
#define ROW_ARGS \
	MOVQ w1+0(FP), SI \
	MOVQ feat+8(FP), DX \
	MOVQ n+16(FP), R8 \
	MOVQ h+24(FP), R10

// LOAD_BLOCK loads the block of 64 floats at R9 into Y0–Y7.
#define LOAD_BLOCK \
	VMOVUPS (R9)(R11*1), Y0 \
	VMOVUPS 32(R9)(R11*1), Y1 \
	VMOVUPS 64(R9)(R11*1), Y2 \
	VMOVUPS 96(R9)(R11*1), Y3 \
	VMOVUPS 128(R9)(R11*1), Y4 \
	VMOVUPS 160(R9)(R11*1), Y5 \
	VMOVUPS 192(R9)(R11*1), Y6 \
	VMOVUPS 224(R9)(R11*1), Y7

// ROW_ADDRESS sets AX to the block of row feat[BX].
#define ROW_ADDRESS \
	MOVWQZX (DX)(BX*2), AX \
	IMULQ   R10, AX \
	ADDQ    SI, AX \
	ADDQ    R11, AX

// func sumRowsAVX2(w1 *float32, feat *uint16, n, h int, b1, acc *float32)
// Blocks of 64 units: eight registers of eight sums, each row's block
// added in turn.
TEXT ·sumRowsAVX2(SB), NOSPLIT, $0-48
	ROW_ARGS
	MOVQ b1+32(FP), R9
	MOVQ acc+40(FP), DI
	SHLQ $2, R10 // a row's bytes
	XORQ R11, R11 // the block's byte offset in a row

sblock:
	LOAD_BLOCK
	XORQ    BX, BX

srow:
	CMPQ    BX, R8
	JEQ     sstore
	ROW_ADDRESS
	VADDPS  (AX), Y0, Y0
	VADDPS  32(AX), Y1, Y1
	VADDPS  64(AX), Y2, Y2
	VADDPS  96(AX), Y3, Y3
	VADDPS  128(AX), Y4, Y4
	VADDPS  160(AX), Y5, Y5
	VADDPS  192(AX), Y6, Y6
	VADDPS  224(AX), Y7, Y7
	INCQ    BX
	JMP     srow

sstore:
	VMOVUPS Y0, (DI)(R11*1)
	VMOVUPS Y1, 32(DI)(R11*1)
	VMOVUPS Y2, 64(DI)(R11*1)
	VMOVUPS Y3, 96(DI)(R11*1)
	VMOVUPS Y4, 128(DI)(R11*1)
	VMOVUPS Y5, 160(DI)(R11*1)
	VMOVUPS Y6, 192(DI)(R11*1)
	VMOVUPS Y7, 224(DI)(R11*1)
	ADDQ    $256, R11
	CMPQ    R11, R10
	JLT     sblock
	VZEROUPPER
	RET

// func scatterAddAVX2(w1 *float32, feat *uint16, n, h int, d *float32)
TEXT ·scatterAddAVX2(SB), NOSPLIT, $0-40
	ROW_ARGS
	MOVQ d+32(FP), R9
	SHLQ $2, R10
	XORQ R11, R11

ablock:
	LOAD_BLOCK
	XORQ    BX, BX

arow:
	CMPQ    BX, R8
	JEQ     anext
	ROW_ADDRESS
	VADDPS  (AX), Y0, Y8
	VADDPS  32(AX), Y1, Y9
	VADDPS  64(AX), Y2, Y10
	VADDPS  96(AX), Y3, Y11
	VADDPS  128(AX), Y4, Y12
	VADDPS  160(AX), Y5, Y13
	VADDPS  192(AX), Y6, Y14
	VADDPS  224(AX), Y7, Y15
	VMOVUPS Y8, (AX)
	VMOVUPS Y9, 32(AX)
	VMOVUPS Y10, 64(AX)
	VMOVUPS Y11, 96(AX)
	VMOVUPS Y12, 128(AX)
	VMOVUPS Y13, 160(AX)
	VMOVUPS Y14, 192(AX)
	VMOVUPS Y15, 224(AX)
	INCQ    BX
	JMP     arow

anext:
	ADDQ $256, R11
	CMPQ R11, R10
	JLT  ablock
	VZEROUPPER
	RET

// func outputLanesAVX2(acc, w2 *float32, h int, lanes *[8]float32)
// lanes[l] sums clamp(acc[j], 0, 1)²·w2[j] over the units j ≡ l (mod 8),
// in the order of j, as outputLanes does.
TEXT ·outputLanesAVX2(SB), NOSPLIT, $0-32
	MOVQ         acc+0(FP), SI
	MOVQ         w2+8(FP), DX
	MOVQ         h+16(FP), CX
	MOVQ         lanes+24(FP), DI
	MOVL         $0x3f800000, AX // 1.0
	VMOVD        AX, X9
	VBROADCASTSS X9, Y9
	VXORPS       Y8, Y8, Y8 // 0.0
	VXORPS       Y0, Y0, Y0
	SHRQ         $3, CX

oloop:
	VMOVUPS (SI), Y1
	VMAXPS  Y8, Y1, Y1
	VMINPS  Y9, Y1, Y1
	VMULPS  Y1, Y1, Y1
	VMULPS  (DX), Y1, Y1
	VADDPS  Y1, Y0, Y0
	ADDQ    $32, SI
	ADDQ    $32, DX
	DECQ    CX
	JNZ     oloop
	VMOVUPS Y0, (DI)
	VZEROUPPER
	RET

// func backAVX2(acc, w2, gw2, dacc *float32, h int, d float32)
// For each unit j, with x = clamp(acc[j], 0, 1): gw2[j] += d·x·x, and
// dacc[j] = 2d·x·w2[j] where 0 < acc[j] < 1, else 0; back's products in
// back's order.
TEXT ·backAVX2(SB), NOSPLIT, $0-44
	MOVQ         acc+0(FP), SI
	MOVQ         w2+8(FP), R8
	MOVQ         gw2+16(FP), R9
	MOVQ         dacc+24(FP), DI
	MOVQ         h+32(FP), CX
	VBROADCASTSS d+40(FP), Y10 // d
	VADDPS       Y10, Y10, Y11 // 2d
	MOVL         $0x3f800000, AX
	VMOVD        AX, X9
	VBROADCASTSS X9, Y9 // 1.0
	VXORPS       Y8, Y8, Y8 // 0.0
	SHRQ         $3, CX

bloop:
	VMOVUPS (SI), Y0
	VMAXPS  Y8, Y0, Y1
	VMINPS  Y9, Y1, Y1 // x
	VMULPS  Y1, Y10, Y2 // d·x
	VMULPS  Y1, Y2, Y2 // d·x·x
	VADDPS  (R9), Y2, Y2
	VMOVUPS Y2, (R9)
	VCMPPS  $1, Y0, Y8, Y3 // 0 < a
	VCMPPS  $1, Y9, Y0, Y4 // a < 1
	VANDPS  Y4, Y3, Y3
	VMULPS  Y1, Y11, Y5 // 2d·x
	VMULPS  (R8), Y5, Y5 // 2d·x·w2
	VANDPS  Y3, Y5, Y5
	VMOVUPS Y5, (DI)
	ADDQ    $32, SI
	ADDQ    $32, R8
	ADDQ    $32, R9
	ADDQ    $32, DI
	DECQ    CX
	JNZ     bloop
	VZEROUPPER
	RET

//go:build amd64 && !purego

#include "textflag.h"

// func nnSumAVX2(w1 *int16, offs *[NNActive]int, units int, acc *int16)
TEXT ·nnSumAVX2(SB), NOSPLIT, $0-32
	MOVQ w1+0(FP), SI
	MOVQ offs+8(FP), DX
	MOVQ units+16(FP), CX
	MOVQ acc+24(FP), DI
	SHRQ $6, CX // blocks of 64 units: four registers of sixteen sums

block:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	XORQ  BX, BX

row:
	MOVQ    (DX)(BX*8), AX
	ADDQ    SI, AX
	VPADDW  (AX), Y0, Y0
	VPADDW  32(AX), Y1, Y1
	VPADDW  64(AX), Y2, Y2
	VPADDW  96(AX), Y3, Y3
	INCQ    BX
	CMPQ    BX, $39 // NNActive
	JNE     row
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	DECQ    CX
	JNZ     block
	VZEROUPPER
	RET

// func nnOutputAVX2(acc *int16, b1 *int16, w2 *int16, units int) int64
TEXT ·nnOutputAVX2(SB), NOSPLIT, $0-40
	MOVQ acc+0(FP), SI
	MOVQ b1+8(FP), DX
	MOVQ w2+16(FP), DI
	MOVQ units+24(FP), CX
	SHRQ $3, CX // eight units a step, in 32-bit lanes

	MOVL         $255, AX // NNQA, the clipped ReLU's top
	VMOVD        AX, X8
	VPBROADCASTD X8, Y8
	VPXOR        Y9, Y9, Y9     // zero
	VPXOR        Y10, Y10, Y10  // four 64-bit sums

unit:
	VPMOVSXWD    (SI), Y0
	VPMOVSXWD    (DX), Y1
	VPADDD       Y1, Y0, Y0
	VPMAXSD      Y9, Y0, Y0
	VPMINSD      Y8, Y0, Y0
	VPMULLD      Y0, Y0, Y0
	VPMOVSXWD    (DI), Y1
	VPMULLD      Y1, Y0, Y0 // exact: 255²·2¹⁵ < 2³¹
	VPMOVSXDQ    X0, Y2
	VEXTRACTI128 $1, Y0, X3
	VPMOVSXDQ    X3, Y3
	VPADDQ       Y2, Y10, Y10
	VPADDQ       Y3, Y10, Y10
	ADDQ         $16, SI
	ADDQ         $16, DX
	ADDQ         $16, DI
	DECQ         CX
	JNZ          unit

	VEXTRACTI128 $1, Y10, X0
	VPADDQ       X0, X10, X0
	VPSHUFD      $0x4e, X0, X1
	VPADDQ       X1, X0, X0
	VMOVQ        X0, AX
	MOVQ         AX, ret+32(FP)
	VZEROUPPER
	RET

//go:build amd64 && !purego

#include "textflag.h"

// OUT8 adds to Y10's four 64-bit sums the output layer's terms of eight
// units whose first-layer sums are the 32-bit lanes of Y (X its low
// half), their biases and output weights at byte off of DX and DI:
// (clip(sum + b1, 0, 255))² · w2, each product exact in 32 bits
// (255² · 2¹⁵ < 2³¹), as nnUnit computes it.
#define OUT8(Y, X, off) \
	VPMOVSXWD    off(DX), Y11; \
	VPADDD       Y11, Y, Y; \
	VPMAXSD      Y9, Y, Y; \
	VPMINSD      Y8, Y, Y; \
	VPMULLD      Y, Y, Y; \
	VPMOVSXWD    off(DI), Y11; \
	VPMULLD      Y11, Y, Y; \
	VPMOVSXDQ    X, Y12; \
	VEXTRACTI128 $1, Y, X13; \
	VPMOVSXDQ    X13, Y13; \
	VPADDQ       Y12, Y10, Y10; \
	VPADDQ       Y13, Y10, Y10

// OUT16 is OUT8 for the sixteen 16-bit sums of Y (X its low half): units
// at byte off and off+16.
#define OUT16(Y, X, off) \
	VEXTRACTI128 $1, Y, X5; \
	VPMOVSXWD    X, Y4; \
	VPMOVSXWD    X5, Y5; \
	OUT8(Y4, X4, off); \
	OUT8(Y5, X5, off+16)

// func nnForwardAVX2(w1 *int16, offs *[NNActive]int, b1, w2 *int16, units int) int64
//
// The first layer is summed 64 units at a time, sixteen 16-bit lanes a
// register (a row's weights are within ±511, so 39 of them sum exactly in
// 16 bits), and each block goes straight on to the output layer from its
// registers: no sums are stored between the two layers.
TEXT ·nnForwardAVX2(SB), NOSPLIT, $0-48
	MOVQ w1+0(FP), SI
	MOVQ offs+8(FP), R8
	MOVQ b1+16(FP), DX
	MOVQ w2+24(FP), DI
	MOVQ units+32(FP), CX
	SHRQ $6, CX // blocks of 64 units: four registers of sixteen sums

	MOVL         $255, AX // NNQA, the clipped ReLU's top
	VMOVD        AX, X8
	VPBROADCASTD X8, Y8
	VPXOR        Y9, Y9, Y9    // zero
	VPXOR        Y10, Y10, Y10 // four 64-bit sums

block:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	XORQ  BX, BX

row:
	MOVQ   (R8)(BX*8), AX
	ADDQ   SI, AX
	VPADDW (AX), Y0, Y0
	VPADDW 32(AX), Y1, Y1
	VPADDW 64(AX), Y2, Y2
	VPADDW 96(AX), Y3, Y3
	INCQ   BX
	CMPQ   BX, $39 // NNActive
	JNE    row

	OUT16(Y0, X0, 0)
	OUT16(Y1, X1, 32)
	OUT16(Y2, X2, 64)
	OUT16(Y3, X3, 96)

	ADDQ $128, SI
	ADDQ $128, DX
	ADDQ $128, DI
	DECQ CX
	JNZ  block

	VEXTRACTI128 $1, Y10, X0
	VPADDQ       X0, X10, X0
	VPSHUFD      $0x4e, X0, X1
	VPADDQ       X1, X0, X0
	VMOVQ        X0, AX
	MOVQ         AX, ret+40(FP)
	VZEROUPPER
	RET

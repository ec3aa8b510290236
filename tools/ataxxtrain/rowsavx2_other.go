//go:build !amd64 || purego

package main

// Without amd64's AVX2 the rows are summed in Go.
const rowsAVX2 = false

func sumRowsAVX2(w1 *float32, feat *uint16, n, h int, b1, acc *float32) {
	panic("ataxxtrain: no AVX2 here")
}

func scatterAddAVX2(w1 *float32, feat *uint16, n, h int, d *float32) {
	panic("ataxxtrain: no AVX2 here")
}

func outputLanesAVX2(acc, w2 *float32, h int, lanes *[8]float32) {
	panic("ataxxtrain: no AVX2 here")
}

func backAVX2(acc, w2, gw2, dacc *float32, h int, d float32) {
	panic("ataxxtrain: no AVX2 here")
}

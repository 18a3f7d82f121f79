package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestRotationKernelsAgree applies random rotation sequences, forward and
// backward, to views with odd strides inside NaN-filled parents, through
// applyRows (the vector kernel where the machine has one, four rows at a
// time) and row by row through the portable applyRow, for every length
// around the kernel's blocks of four rotations and its groups of eight and
// four rows.
//
// Rounding bound. Each rotation is orthogonal, so the rounding errors of
// the steps add up without growing: after k rotations the computed row is
// within k·γ₆‖x‖₂ of the exact one in either implementation (Higham,
// Accuracy and Stability of Numerical Algorithms, Lemma 19.8, with γ₆ ≈ 6ε;
// fused multiply-adds only remove roundings). Two implementations thus
// differ by at most 2k·6ε‖x‖₂ per element; the test allows 2(k+1)·6ε‖x‖₂.
func TestRotationKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 26))
	for _, k := range []int{1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 31, 64} {
		for _, rows := range []int{1, 3, 4, 5, 8, 9, 12, 13, 17} {
			for _, backward := range []bool{false, true} {
				lo := 1
				x, parent := viewIn(rng, rows, k+3) // columns lo … lo+k rotated
				want := x.Clone()
				c, s := make([]float64, k), make([]float64, k)
				for j := range k {
					theta := 2 * math.Pi * rng.Float64()
					c[j], s[j] = math.Cos(theta), math.Sin(theta)
				}
				got := rotationSeq{x: x, lo: lo, c: c, s: s, backward: backward}
				got.applyRows(0, rows)
				ref := rotationSeq{x: want, lo: lo, c: c, s: s, backward: backward}
				for i := range rows {
					ref.applyRow(want.Row(i))
				}
				name := fmt.Sprintf("k=%d rows=%d backward=%v", k, rows, backward)
				for i := range rows {
					bound := 2 * float64(k+1) * 6 * eps * Nrm2(want.Row(i))
					for j := range x.cols {
						if d := math.Abs(x.At(i, j) - want.At(i, j)); !(d <= bound) {
							t.Fatalf("%s: (%d, %d) = %v, portable %v (difference %.3g, bound %.3g)",
								name, i, j, x.At(i, j), want.At(i, j), d, bound)
						}
					}
				}
				checkParentUntouched(t, name, parent, 2, 3, rows, k+3)
			}
		}
	}
}

// BenchmarkRotations applies a sequence of 499 rotations to the 500 rows
// of a 500×500 matrix (one sweep of the bidiagonal QR iteration on the
// singular vectors), on one goroutine, with the portable four-row loop and
// with applyRows (the vector kernel where there is one).
func BenchmarkRotations(b *testing.B) {
	rng := rand.New(rand.NewPCG(27, 27))
	x := randDense(rng, 500, 500)
	c, s := make([]float64, 499), make([]float64, 499)
	for j := range c {
		theta := 2 * math.Pi * rng.Float64()
		c[j], s[j] = math.Cos(theta), math.Sin(theta)
	}
	for _, backward := range []bool{false, true} {
		q := rotationSeq{x: x, c: c, s: s, backward: backward}
		dir := "forward"
		kernel := rotateForward4
		if backward {
			dir, kernel = "backward", rotateBackward4
		}
		b.Run(dir+"/portable", func(b *testing.B) {
			cpu := processCPU()
			for range b.N {
				for i := 0; i < 500; i += 4 {
					kernel(x.Row(i), x.Row(i+1), x.Row(i+2), x.Row(i+3), c, s)
				}
			}
			b.ReportMetric(float64(500*499)*float64(b.N)/b.Elapsed().Seconds()/1e9, "Grot/s")
			reportCPU(b, cpu)
		})
		b.Run(dir+"/applyRows", func(b *testing.B) {
			cpu := processCPU()
			for range b.N {
				q.applyRows(0, 500)
			}
			b.ReportMetric(float64(500*499)*float64(b.N)/b.Elapsed().Seconds()/1e9, "Grot/s")
			reportCPU(b, cpu)
		})
	}
}

package learn

import (
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// TestBootstrapResampleHook replays the estimates from what the Resample
// hook reports (the sums in the library's order, so equal to the last
// bit), and checks that the first b resamples of a run are the resamples
// of the run with B = b (what a step-through relies on).
func TestBootstrapResampleHook(t *testing.T) {
	n := 40
	rng := rand.New(rand.NewPCG(3, 4))
	x := matrix.New(n, 2)
	y := make([]int, n)
	for i := range n {
		x.Set(i, 0, rng.NormFloat64())
		x.Set(i, 1, rng.NormFloat64())
		y[i] = rng.IntN(2)
	}
	var samples [][]int
	var losses [][]float64
	cfg := Bootstrap{B: 7, Seed: 5, Resample: func(b int, s []int, l []float64) {
		if b != len(samples) {
			t.Errorf("resample %d reported as %d", len(samples), b)
		}
		samples, losses = append(samples, s), append(losses, l)
	}}
	r, err := cfg.EstimateClassifier(KNN{K: 1}, x, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != 7 {
		t.Fatalf("%d resamples reported, want 7", len(samples))
	}
	e1 := 0.0
	outSum, outCnt := make([]float64, n), make([]int, n)
	for b, s := range samples {
		in := make([]bool, n)
		for _, i := range s {
			in[i] = true
		}
		sum := 0.0
		for i, l := range losses[b] {
			sum += l
			if !in[i] {
				outSum[i] += l
				outCnt[i]++
			}
		}
		e1 += sum / float64(n)
	}
	e1 /= 7
	eb, used := 0.0, 0
	for i := range n {
		if outCnt[i] > 0 {
			eb += outSum[i] / float64(outCnt[i])
			used++
		}
	}
	eb /= float64(used)
	if e1 != r.EBoot1 || eb != r.EBoot {
		t.Errorf("replayed e¹_boot %v, e_boot %v; result %v, %v", e1, eb, r.EBoot1, r.EBoot)
	}
	var first [][]int
	short := Bootstrap{B: 3, Seed: 5, Resample: func(_ int, s []int, _ []float64) { first = append(first, s) }}
	if _, err := short.EstimateClassifier(KNN{K: 1}, x, y); err != nil {
		t.Fatal(err)
	}
	for b := range first {
		for i := range first[b] {
			if first[b][i] != samples[b][i] {
				t.Fatalf("resample %d differs between B = 3 and B = 7", b)
			}
		}
	}
}

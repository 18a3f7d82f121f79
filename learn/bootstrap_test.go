package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// TestBootstrapNotesExample is the notes' example (004, "Bootstrap
// Methods"): labels independent of the features, a 1-NN classifier, true
// error ½. A point inside the resample is its own nearest neighbour (no
// loss); a point left out (probability (1 − 1/n)ⁿ ≈ 0.368) is misclassified
// half the time. So E e¹_boot = ½(1 − 1/n)ⁿ ≈ 0.184 — not the notes'
// 0.5 × 0.632 = 0.316 (errata) —, e_boot ≈ ½, ē = 0 and e_.632 ≈ 0.316.
// Tolerances are four standard deviations of the estimates.
func TestBootstrapNotesExample(t *testing.T) {
	n, B := 400, 100
	rng := rand.New(rand.NewPCG(2026, 11))
	x := matrix.New(n, 2)
	y := make([]int, n)
	for i := range n {
		x.Set(i, 0, rng.NormFloat64())
		x.Set(i, 1, rng.NormFloat64())
		y[i] = rng.IntN(2)
	}
	r, err := Bootstrap{B: B, Seed: 1}.EstimateClassifier(KNN{K: 1}, x, y)
	if err != nil {
		t.Fatal(err)
	}
	q := math.Pow(1-1/float64(n), float64(n)) // P(xᵢ left out)
	t.Logf("e¹_boot %.4f  e_boot %.4f  e_.632 %.4f  left out %.4f (expected %.4f)", r.EBoot1, r.EBoot, r.E632, r.LeftOutFraction, q)
	// The n labels are the main source of variation: each point's loss is
	// a fraction of coin flips; sd ≈ ½/√n for e_boot and q·½/√n for e¹_boot.
	sd := 0.5 / math.Sqrt(float64(n))
	check := func(name string, got, want, tol float64) {
		t.Helper()
		if math.Abs(got-want) > tol {
			t.Errorf("%s = %.4f, want %.4f ± %.4f", name, got, want, tol)
		}
	}
	check("e¹_boot", r.EBoot1, 0.5*q, 4*q*sd+0.01)
	check("e_boot", r.EBoot, 0.5, 4*sd)
	check("ē", r.TrainError, 0, 0)
	check("e_.632", r.E632, 0.632*0.5, 4*0.632*sd)
	check("left-out fraction", r.LeftOutFraction, q, 4*math.Sqrt(q*(1-q)/float64(n*B)))
	if r.E632 != 0.632*r.EBoot {
		t.Errorf("e_.632 = %v, want 0.632·e_boot = %v when ē = 0", r.E632, 0.632*r.EBoot)
	}
}

// TestBootstrapFormulas recomputes e¹_boot, e_boot and the left-out
// fraction from the resamples a trainer saw, with a model whose loss on
// point i differs between resamples.
func TestBootstrapFormulas(t *testing.T) {
	n := 12
	x := matrix.New(n, 1)
	y := make([]float64, n)
	for i := range n {
		x.Set(i, 0, float64(i))
	}
	var seen [][]int
	// The model trained on resample b predicts y = b·(count of i in b)
	// at point i, so L = (b·cᵢ)².
	trainer := RegressorFunc(func(xs *matrix.Dense, ys []float64) (Regressor, error) {
		s := make([]int, xs.Rows())
		cnt := map[int]int{}
		for k := range s {
			s[k] = int(xs.At(k, 0))
			cnt[s[k]]++
		}
		b := float64(len(seen))
		seen = append(seen, s)
		return funcRegressor(func(q []float64) float64 { return b * float64(cnt[int(q[0])]) }), nil
	})
	r, err := Bootstrap{B: 6, Seed: 9}.EstimateRegressor(trainer, x, y)
	if err != nil {
		t.Fatal(err)
	}
	B := 6
	var e1, left float64
	outSum, outCnt := make([]float64, n), make([]int, n)
	for b := range B {
		cnt := map[int]int{}
		for _, i := range seen[b] {
			cnt[i]++
		}
		for i := range n {
			l := math.Pow(float64(b)*float64(cnt[i]), 2)
			e1 += l / float64(n*B)
			if cnt[i] == 0 {
				outSum[i] += l
				outCnt[i]++
				left += 1 / float64(n*B)
			}
		}
	}
	eb, used := 0.0, 0
	for i := range n {
		if outCnt[i] > 0 {
			eb += outSum[i] / float64(outCnt[i])
			used++
		}
	}
	eb /= float64(used)
	// The last call is the full-data fit (b = 6, every count 1): ē = 36.
	if math.Abs(r.EBoot1-e1) > 1e-12*e1 || math.Abs(r.EBoot-eb) > 1e-12*(1+eb) || math.Abs(r.LeftOutFraction-left) > 1e-14 ||
		r.TrainError != 36 || r.Skipped != n-used || math.Abs(r.E632-(0.368*36+0.632*eb)) > 1e-12*r.E632 {
		t.Errorf("got %+v; recomputed e¹ %v e_boot %v left %v skipped %d", r, e1, eb, left, n-used)
	}
	if _, err := (Bootstrap{B: -1}).EstimateRegressor(trainer, x, y); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("B = −1: %v", err)
	}
}

type funcRegressor func(q []float64) float64

func (f funcRegressor) Predict(x *matrix.Dense) ([]float64, error) {
	out := make([]float64, x.Rows())
	for i := range out {
		out[i] = f(x.Row(i))
	}
	return out, nil
}

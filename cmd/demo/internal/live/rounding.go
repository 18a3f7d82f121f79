package live

import (
	"math"
	"sync"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// The result block's "rounding" entry (docs/live.md, "What the page
// computes is what the CLI computes"): how much the state's numbers may
// move when their sums are taken in another order, which is what the
// browser check's tolerance κ·m·ε is derived from (sitecheck's
// tolerance.go). A page gives it where its result is an ill-conditioned
// function of its data; elsewhere κ = 1 and m is counted from the
// command's files. An iteration that lists its iterates (logistic.html's
// descent paths) reports κ = k after k steps: each step adds its own
// rounding to what the earlier ones left, which a non-expanding step does
// not amplify, so k steps carry at most k steps' worth.

// roundingEntry is the entry: κ, and m when the command names no file;
// nil (no entry: κ = 1) when κ is not finite, which only a failed fit
// gives.
func roundingEntry(condition float64, terms int) map[string]float64 {
	if math.IsInf(condition, 0) || math.IsNaN(condition) {
		return nil
	}
	r := map[string]float64{"condition": math.Max(1, condition)}
	if terms > 0 {
		r["terms"] = float64(terms)
	}
	return r
}

// ridgeCondition is κ₂(ΦcᵀΦc + λI) = (σ₁² + λ)/(σₚ² + λ), the condition
// of the system learn.Ridge.Fit solves by Cholesky (the intercept not
// penalized: Φ = φ(X) with its columns centred; σₚ = 0 when n < p). The
// computed w is within κ·m·ε of the one of the same equations summed in
// another order. Notes 004, "Ridge Regression".
func ridgeCondition(b learn.Basis, x *matrix.Dense, lambda float64) (float64, error) {
	bm, err := b.Fit(x)
	if err != nil {
		return 0, err
	}
	phi, err := bm.Transform(x)
	if err != nil {
		return 0, err
	}
	n, p := phi.Dims()
	for j := range p {
		mean := 0.0
		for i := range n {
			mean += phi.At(i, j)
		}
		mean /= float64(n)
		for i := range n {
			phi.Set(i, j, phi.At(i, j)-mean)
		}
	}
	f, err := matrix.FactorizeSVD(phi, matrix.SVDValues)
	if err != nil {
		return 0, err
	}
	s := f.Values()
	lo := 0.0
	if len(s) == p {
		lo = s[p-1]
	}
	return (s[0]*s[0] + lambda) / (lo*lo + lambda), nil
}

// conditionWatch wraps a trainer of one-column data so that it records
// the largest κ₂ of the Vandermonde matrices [xᵢʲ] (j = 0…degree) of the
// data it is given: the condition of the least-squares fits of
// learn.VandermondeFit, whose fitted values move by about κ·m·ε when
// their sums are reordered. It only watches: the fits are the trainer's.
type conditionWatch struct {
	degree int
	mu     sync.Mutex
	worst  float64
}

func (w *conditionWatch) wrap(t learn.RegressorTrainer) learn.RegressorTrainer {
	return learn.RegressorFunc(func(x *matrix.Dense, y []float64) (learn.Regressor, error) {
		v := matrix.New(x.Rows(), w.degree+1)
		for i := range x.Rows() {
			p := 1.0
			for j := range w.degree + 1 {
				v.Set(i, j, p)
				p *= x.At(i, 0)
			}
		}
		if k, err := matrix.Cond(v); err == nil {
			w.mu.Lock()
			w.worst = math.Max(w.worst, k)
			w.mu.Unlock()
		}
		return t.FitRegressor(x, y)
	})
}

package learn

import (
	"fmt"
	"math/rand/v2"

	"mlnotes/matrix"
)

// Bootstrap estimates the error of a learner from B training sets of n
// points drawn with replacement from the data (004, "Bootstrap Methods").
type Bootstrap struct {
	// B is the number of resamples; zero means 100.
	B int
	// Seed makes the resamples reproducible.
	Seed uint64
	// Resample, when not nil, is called after each resample b (from 0)
	// with the indices drawn and the loss of that resample's model at
	// every one of the n points, in the order the estimates sum them (a
	// step-through replays the bootstrap from these; the slices are not
	// reused).
	Resample func(b int, sample []int, loss []float64)
}

// BootstrapResult holds the notes' three estimates and what they are
// built from. Errors are error rates (0–1 loss) for classifiers and mean
// squared errors for regressors.
type BootstrapResult struct {
	// EBoot1 is e¹_boot = (1/B) Σ_b (1/n) Σᵢ L(f̂_b(xᵢ), yᵢ): every model
	// scored on the whole data, most of which it was trained on.
	EBoot1 float64
	// EBoot is the leave-one-out bootstrap
	// e_boot = (1/n') Σᵢ (1/|C⁻ⁱ|) Σ_{b∈C⁻ⁱ} L(f̂_b(xᵢ), yᵢ), where C⁻ⁱ is
	// the set of resamples that leave xᵢ out and the sum runs over the n'
	// points with C⁻ⁱ non-empty (the notes skip the others).
	EBoot float64
	// TrainError is ē, the error of the model trained on all the data,
	// on that data.
	TrainError float64
	// E632 is the .632 estimate 0.368·ē + 0.632·e_boot.
	E632 float64
	// LeftOutFraction is the mean over the resamples of the fraction of
	// the n points a resample does not contain; it tends to
	// (1 − 1/n)ⁿ → e⁻¹ ≈ 0.368.
	LeftOutFraction float64
	// Skipped is the number of points that every resample contained.
	Skipped int
}

// EstimateClassifier runs the bootstrap for a classifier with the 0–1 loss.
func (c Bootstrap) EstimateClassifier(t ClassifierTrainer, x *matrix.Dense, y []int) (*BootstrapResult, error) {
	tk, err := newClassTask("learn: bootstrap", t, x, y)
	if err != nil {
		return nil, err
	}
	return c.run(tk)
}

// EstimateRegressor runs the bootstrap for a regressor with the squared
// error.
func (c Bootstrap) EstimateRegressor(t RegressorTrainer, x *matrix.Dense, y []float64) (*BootstrapResult, error) {
	tk, err := newRegTask("learn: bootstrap", t, x, y)
	if err != nil {
		return nil, err
	}
	return c.run(tk)
}

// BootstrapSample draws n indices from 0…n−1 with replacement.
func BootstrapSample(rng *rand.Rand, n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = rng.IntN(n)
	}
	return idx
}

func (c Bootstrap) run(t task) (*BootstrapResult, error) {
	const op = "learn: bootstrap"
	b := c.B
	if b == 0 {
		b = 100
	}
	if b < 1 {
		return nil, fmt.Errorf("%s: %w: B = %d resamples, need at least 1", op, ErrInvalidParameter, c.B)
	}
	n := t.size()
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x626f6f74))
	outSum := make([]float64, n) // Σ_{b∈C⁻ⁱ} L(f̂_b(xᵢ), yᵢ)
	outCnt := make([]int, n)     // |C⁻ⁱ|
	in := make([]bool, n)
	res := &BootstrapResult{}
	for rep := range b {
		sample := BootstrapSample(rng, n)
		clear(in)
		for _, i := range sample {
			in[i] = true
		}
		loss, err := t.fitLoss(sample, all)
		if err != nil {
			return nil, fmt.Errorf("%s: resample %d: %w", op, rep, err)
		}
		s, left := 0.0, 0
		for i, l := range loss {
			s += l
			if !in[i] {
				outSum[i] += l
				outCnt[i]++
				left++
			}
		}
		res.EBoot1 += s / float64(n)
		if c.Resample != nil {
			c.Resample(rep, sample, loss)
		}
		res.LeftOutFraction += float64(left) / float64(n)
	}
	res.EBoot1 /= float64(b)
	res.LeftOutFraction /= float64(b)
	used := 0
	for i := range n {
		if outCnt[i] == 0 {
			res.Skipped++
			continue
		}
		res.EBoot += outSum[i] / float64(outCnt[i])
		used++
	}
	if used == 0 {
		return nil, fmt.Errorf("%s: %w: every resample contained every point; e_boot is undefined (raise B)", op, ErrInvalidParameter)
	}
	res.EBoot /= float64(used)
	loss, err := t.fitLoss(all, all)
	if err != nil {
		return nil, fmt.Errorf("%s: the full-data fit: %w", op, err)
	}
	for _, l := range loss {
		res.TrainError += l
	}
	res.TrainError /= float64(n)
	res.E632 = 0.368*res.TrainError + 0.632*res.EBoot
	return res, nil
}

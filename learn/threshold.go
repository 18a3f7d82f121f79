package learn

import (
	"fmt"
	"math"

	"mlnotes/matrix"
)

// ThresholdAccuracy returns the accuracy of the best one-feature threshold
// rule on v for the two classes of y (1 and anything else): the best over
// every threshold t among the values of v, and over both orientations, of
// the fraction of samples with (vᵢ > t) ⇔ (yᵢ = 1). It measures how well a
// single coordinate of an embedding separates two classes, the check the
// notes make by eye on the pictures of kernel PCA and spectral embedding
// (004, "Kernel PCA"; 002, "Problem Formulation"). O(n²). Errors: an empty
// v (matrix.ErrEmpty), len(y) ≠ len(v) (matrix.ErrShape), a NaN or ±Inf in
// v (matrix.ErrNotFinite).
func ThresholdAccuracy(v []float64, y []int) (float64, error) {
	const op = "learn: threshold accuracy"
	if len(v) == 0 {
		return 0, fmt.Errorf("%s: %w: no values", op, matrix.ErrEmpty)
	}
	if len(y) != len(v) {
		return 0, fmt.Errorf("%s: %w: %d labels for %d values", op, matrix.ErrShape, len(y), len(v))
	}
	if err := matrix.VecFinite(v); err != nil {
		return 0, fmt.Errorf("%s: %w", op, err)
	}
	best := 0.0
	for _, th := range v {
		right := 0
		for i, x := range v {
			if (x > th) == (y[i] == 1) {
				right++
			}
		}
		acc := float64(right) / float64(len(v))
		best = math.Max(best, math.Max(acc, 1-acc))
	}
	return best, nil
}

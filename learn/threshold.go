package learn

import "math"

// ThresholdAccuracy returns the accuracy of the best one-feature threshold
// rule on v for the two classes of y (1 and anything else): the best over
// every threshold t among the values of v, and over both orientations, of
// the fraction of samples with (vᵢ > t) ⇔ (yᵢ = 1). It measures how well a
// single coordinate of an embedding separates two classes, the check the
// notes make by eye on the pictures of kernel PCA and spectral embedding
// (004, "Kernel PCA"; 002, "Problem Formulation"). O(n²); it returns 0 for
// an empty v and panics, as an index would, if y is shorter than v.
func ThresholdAccuracy(v []float64, y []int) float64 {
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
	return best
}

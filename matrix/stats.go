package matrix

import "math"

// Statistics of a data matrix X whose rows are samples and whose columns are
// features: X is n×d. The notes write the transpose (d×n, samples as
// columns); the formulas below are theirs with that orientation swapped.

// Variance selects the normalization of a covariance or a variance.
type Variance int

const (
	// Population divides by n: S = (1/n) Σᵢ (xᵢ − x̄)(xᵢ − x̄)ᵀ, the
	// maximum-likelihood estimate and the convention of the notes. It is the
	// zero value.
	Population Variance = iota
	// Sample divides by n − 1, the unbiased estimate (the convention of
	// numpy.cov, scikit-learn's PCA and gonum's stat package).
	Sample
)

// divisor returns n or n − 1 as v says.
func (v Variance) divisor(n int) float64 {
	if v == Sample {
		return float64(n - 1)
	}
	return float64(n)
}

// ColMeans returns the mean of every column, x̄ⱼ = (1/n) Σᵢ xᵢⱼ. It returns
// an error wrapping ErrEmpty when X has no rows.
func ColMeans(x *Dense) ([]float64, error) {
	if x == nil {
		return nil, errNil("col means")
	}
	if x.rows == 0 {
		return nil, newError("col means", ErrEmpty, "no rows")
	}
	mean := colSums(x)
	ScaleVec(1/float64(x.rows), mean)
	for j, m := range mean {
		if math.IsInf(m, 0) {
			// The sum overflowed (entries near ±1.8e308), but the mean of
			// finite numbers is finite: sum the terms xᵢⱼ/n instead, none
			// of whose partial sums can exceed max|xᵢⱼ|.
			s, inv := 0.0, 1/float64(x.rows)
			for i := range x.rows {
				s += x.At(i, j) * inv
			}
			mean[j] = s
		}
	}
	return mean, nil
}

// colSums returns Σᵢ xᵢⱼ for every column: the sums of the blocks of
// passBlockRows rows are formed on every core (passes.go), then added in
// block order, so the bits do not depend on the number of workers (and
// the rounding error grows with the block size plus the number of
// blocks, not with n).
func colSums(x *Dense) []float64 {
	blocks := ceilDiv(x.rows, passBlockRows)
	partial := New(blocks, x.cols)
	forRowBlocks(x.rows, passWorkers(x), func(b, lo, hi int) {
		sum := partial.Row(b)
		for i := lo; i < hi; i++ {
			Axpy(1, x.Row(i), sum)
		}
	})
	sums := partial.Row(0)
	for b := 1; b < blocks; b++ {
		Axpy(1, partial.Row(b), sums)
	}
	return sums
}

// Center returns X − 1x̄ᵀ, the data with every column's mean subtracted, and
// the means x̄. X is not modified.
func Center(x *Dense) (centered *Dense, mean []float64, err error) {
	mean, err = ColMeans(x)
	if x == nil {
		return nil, nil, errNil("center")
	}
	if err != nil {
		return nil, nil, &Error{Op: "center", Err: ErrEmpty, Detail: "no rows"}
	}
	// One pass over the data: copy and subtract together.
	centered = New(x.rows, x.cols)
	for i := range x.rows {
		dst, src := centered.Row(i)[:len(mean)], x.Row(i)[:len(mean)]
		for j, m := range mean {
			dst[j] = src[j] - m
		}
	}
	return centered, mean, nil
}

// Covariance returns the d×d covariance matrix of the rows of X,
//
//	S = (1/n) (X − 1x̄ᵀ)ᵀ (X − 1x̄ᵀ)   (or 1/(n − 1) with Sample),
//
// which is the notes' S = (1/n) Σᵢ (xᵢ − x̄)(xᵢ − x̄)ᵀ with samples as rows.
// The result is exactly symmetric. It needs at least one row (two with
// Sample), finite data, and a d×d result within MemoryLimit (else an
// error wrapping ErrTooLarge).
func Covariance(x *Dense, v Variance) (*Dense, error) {
	_, s, err := MeanCovariance(x, v)
	return s, err
}

// MeanCovariance returns the column means x̄ and the covariance S of
// Covariance together, for the callers that need both (PCA): x̄ is
// computed once, and the pass that computes it also validates the data.
//
// The means replace a separate check of every entry because they are
// finite exactly when the data are: a NaN entry makes its column's sum NaN,
// an infinite one makes it infinite or NaN, and ColMeans never overflows
// on finite data. Only data that fail pay for the search that names the
// offending entry.
//
// Data whose entries are all integers of magnitude at most 255 (images)
// take an exact integer path on amd64 with AVX-512 VNNI or AVX2
// (gram_int.go): the result is then correct to two roundings of each
// entry, within the floating-point path's bound of it, and the means are
// the same bits.
func MeanCovariance(x *Dense, v Variance) (mean []float64, s *Dense, err error) {
	const op = "covariance"
	if err := checkShape(op, x, v); err != nil {
		return nil, nil, err
	}
	if err := CheckDims(op, "covariance matrix", x.cols, x.cols); err != nil {
		return nil, nil, err
	}
	if x.rows*x.cols*x.cols >= syrkSmall {
		// Data of small integers (pixels): exactly, in integer arithmetic,
		// where the processor has the instructions for it (gram_int.go).
		if mean, s, ok := meanCovarianceSmallInt(x, v, activeGramIntKernel, gemmWorkers(x.cols, x.cols/2+1, x.rows)); ok {
			return mean, s, nil
		}
	}
	mean, _ = ColMeans(x)
	if !allFinite(mean) {
		err := x.CheckFinite()
		err.(*Error).Op = op
		return nil, nil, err
	}
	s = New(x.cols, x.cols)
	syrkCentered(1/v.divisor(x.rows), x, mean, s) // the packing subtracts x̄
	return mean, s, nil
}

// Gram returns the n×n Gram matrix G = XXᵀ of the rows of X, gᵢⱼ = ⟨xᵢ, xⱼ⟩
// (no centering: center first if that is what the formula needs). The
// result is exactly symmetric.
func Gram(x *Dense) *Dense {
	if x == nil {
		return nil
	}
	g := New(x.rows, x.rows)
	syrk(false, 1, x, 0, g)
	return g
}

// syrkLower computes C = α AᵀA for a k×n A into the n×n C, computing the
// lower triangle and mirroring it, so C is exactly symmetric and costs half
// a general product. It is Syrk without the checks (syrk.go: blocked,
// packed and parallel).
func syrkLower(alpha float64, a, c *Dense) {
	syrk(true, alpha, a, 0, c)
}

// Standardize returns Z with zᵢⱼ = (xᵢⱼ − x̄ⱼ)/sⱼ, the column means x̄ and the
// column standard deviations s (with the chosen normalization). A constant
// column has s = 0; it is centered but not scaled (its s is reported as 0
// and its z values are 0), as scikit-learn's StandardScaler does.
func Standardize(x *Dense, v Variance) (z *Dense, mean, std []float64, err error) {
	if err := checkData("standardize", x, v); err != nil {
		return nil, nil, nil, err
	}
	z, mean, _ = Center(x)
	std = make([]float64, x.cols)
	for i := range z.rows {
		for j, c := range z.Row(i) {
			std[j] += c * c
		}
	}
	for j := range std {
		std[j] = math.Sqrt(std[j] / v.divisor(x.rows))
	}
	for i := range z.rows {
		zr := z.Row(i)
		for j, s := range std {
			if s > 0 {
				zr[j] /= s
			}
		}
	}
	return z, mean, std, nil
}

// checkData validates a data matrix for a statistic: enough rows, at least
// one column, finite values.
func checkData(op string, x *Dense, v Variance) error {
	if err := checkShape(op, x, v); err != nil {
		return err
	}
	if err := x.CheckFinite(); err != nil {
		err.(*Error).Op = op
		return err
	}
	return nil
}

// checkShape is checkData without the look at the values: not nil, enough
// rows for the variance convention, at least one column.
func checkShape(op string, x *Dense, v Variance) error {
	if x == nil {
		return errNil(op)
	}
	need := 1
	if v == Sample {
		need = 2
	}
	if x.rows < need || x.cols == 0 {
		return newError(op, ErrEmpty, "%s data matrix, need at least %d row(s) and 1 column", x.shape(), need)
	}
	return nil
}

package optimize

import "mlnotes/matrix"

// Q matrices of the SVM duals built from a kernel matrix K (docs/smo.md,
// "From the SVMs to the QP"). K is itself given as a QMatrix: Size, Diag
// and Row of the m×m matrix Kᵢⱼ = K(xᵢ, xⱼ).

// SignedQ returns the Hessian of the C-SVM and ν-SVM duals,
//
//	Qᵢⱼ = yᵢyⱼKᵢⱼ  (m×m, y ∈ {−1, +1}ᵐ),
//
// computing each row with one call to k.Row. It returns an error wrapping
// matrix.ErrShape if len(y) ≠ k.Size(), ErrInvalidParameter if some yᵢ is
// not ±1, and matrix.ErrEmpty for a nil k.
//
// Implements: 004, "Non Linear Classifier" and
// "Kernel function" (φ(xᵢ)ᵀφ(xⱼ) replaced by K(xᵢ, xⱼ) in the dual).
func SignedQ(k QMatrix, y []float64) (QMatrix, error) {
	if k == nil {
		return nil, smoError(matrix.ErrEmpty, "nil kernel matrix")
	}
	if len(y) != k.Size() {
		return nil, smoError(matrix.ErrShape, "len(y) = %d, K is %d×%d", len(y), k.Size(), k.Size())
	}
	for i, v := range y {
		if v != 1 && v != -1 {
			return nil, smoError(ErrInvalidParameter, "y[%d] = %v is not ±1", i, v)
		}
	}
	return &signedQ{k: k, y: append([]float64(nil), y...)}, nil
}

type signedQ struct {
	k QMatrix
	y []float64
}

func (q *signedQ) Size() int           { return q.k.Size() }
func (q *signedQ) MirrorEntries() bool { return mirrorEntries(q.k) } // yᵢyⱼ = yⱼyᵢ exactly
func (q *signedQ) Diag(i int) float64  { return q.k.Diag(i) }        // yᵢ² = 1
func (q *signedQ) Row(i int, cols []int, dst []float64) {
	q.k.Row(i, cols, dst)
	yi := q.y[i]
	for _, j := range cols {
		dst[j] *= yi * q.y[j]
	}
}

// RegressionQ returns the 2m×2m Hessian of the ε-SVR and ν-SVR duals in
// LIBSVM's form, with variables α (indices 0…m−1) and α* (m…2m−1):
//
//	Q = [ K  −K ]  = (sᵢsⱼK_{r(i) r(j)}),   sᵢ = +1, r(i) = i      for i < m,
//	    [−K   K ]                          sᵢ = −1, r(i) = i − m  for i ≥ m,
//
// so that ½αᵀQα over the 2m variables is ½(α − α*)ᵀK(α − α*). Variables i
// and i + m share the kernel row of xᵢ: a row of Q costs one call of k.Row
// on the distinct points among the requested columns, never two kernel
// evaluations for the same pair. The solver's cache stores rows i and i + m
// separately.
//
// Implements: 004, "Support Vector Regression" (the
// dual in α and α′, written as one vector of 2m variables; docs/smo.md,
// section 2) and "v-SVR". A nil k gives a nil QMatrix, which SMO refuses.
func RegressionQ(k QMatrix) QMatrix {
	if k == nil {
		return nil
	}
	m := k.Size()
	return &regressionQ{k: k, m: m, krow: make([]float64, m), mark: make([]int, m)}
}

type regressionQ struct {
	k     QMatrix
	m     int
	krow  []float64 // scratch kernel row
	rcols []int     // scratch: distinct points of the requested columns
	mark  []int     // mark[r] = stamp when point r is already in rcols
	stamp int
}

func (q *regressionQ) Size() int { return 2 * q.m }

// MirrorEntries: sᵢsⱼK_{r(i) r(j)} is symmetric to the bit when K is.
func (q *regressionQ) MirrorEntries() bool { return mirrorEntries(q.k) }

// point returns r(i) and sᵢ.
func (q *regressionQ) point(i int) (int, float64) {
	if i < q.m {
		return i, 1
	}
	return i - q.m, -1
}

func (q *regressionQ) Diag(i int) float64 {
	r, _ := q.point(i)
	return q.k.Diag(r)
}

func (q *regressionQ) Row(i int, cols []int, dst []float64) {
	q.stamp++
	q.rcols = q.rcols[:0]
	for _, j := range cols {
		if r, _ := q.point(j); q.mark[r] != q.stamp {
			q.mark[r] = q.stamp
			q.rcols = append(q.rcols, r)
		}
	}
	ri, si := q.point(i)
	q.k.Row(ri, q.rcols, q.krow)
	for _, j := range cols {
		r, sj := q.point(j)
		dst[j] = si * sj * q.krow[r] // Qᵢⱼ = sᵢsⱼK_{r(i) r(j)}
	}
}

package eigen

import (
	"math"
	"slices"

	"mlnotes/matrix"
)

// Divide and conquer on the symmetric tridiagonal matrix T (Cuppen's
// method), the eigenvector stage of Symmetric with Method DivideConquer.
// The derivation is in docs/eigenproblems.md, "Divide and conquer"; in
// short:
//
//	T = [T₁ 0; 0 T₂] + |ρ| v vᵀ,  v = [e_m; sign(ρ) e₁],
//
// where ρ is the off-diagonal entry that couples the two halves and T₁, T₂
// are the halves with |ρ| subtracted from their touching corners. With
// Tᵢ = QᵢDᵢQᵢᵀ solved recursively, T = Q (D + |ρ| zzᵀ) Qᵀ with
// Q = diag(Q₁, Q₂) and z = Qᵀv (the last row of Q₁ and the first row of Q₂).
// The eigenvalues of the rank-one update D + ρzzᵀ are the roots of the
// secular equation (secular.go); its eigenvectors U give those of T as QU,
// one matrix product per merge, which is where the time goes and why the
// method is fast: the work is done by matrix.Gemm.
//
// Two refinements make it stable. Deflation: a pair whose zⱼ is negligible,
// or two poles close enough that a rotation zeroes one z entry, keeps its
// old eigenvector and leaves the secular equation. And the Gu–Eisenstat
// recomputation of z from the computed roots (Löwner's formula), which
// makes the computed λᵢ the exact eigenvalues of a nearby D + ρẑẑᵀ, so
// the vectors (D − λᵢI)⁻¹ẑ are orthogonal to working precision however
// close the roots are.

// dcLeafSize is the size below which a block is solved by tridiagonal QR
// (LAPACK's smlsiz is 25).
const dcLeafSize = 25

// dcParallelSize is the block size from which the two halves of a split
// are solved concurrently.
const dcParallelSize = 200

// tridiagonalDC computes every eigenpair of the symmetric tridiagonal
// matrix with diagonal d and off-diagonal e (e[i] couples i and i+1),
// destroying both. On return d holds the eigenvalues (unordered) and row i
// of the returned n×n matrix zt is the unit eigenvector of d[i].
//
// trace, if not nil, is called after every merge, in the order of a
// sequential post-order traversal (the halves then run one after the other).
func tridiagonalDC(d, e []float64, trace func(DCMerge)) (zt *matrix.Dense, err error) {
	n := len(d)
	zt = matrix.New(n, n)
	// Split at negligible off-diagonals first: each unreduced block is an
	// independent problem (and the identity or a diagonal matrix costs
	// nothing).
	start := 0
	for i := 0; i < n; i++ {
		if i < n-1 && math.Abs(e[i]) > eps*(math.Abs(d[i])+math.Abs(d[i+1])) {
			continue
		}
		if i < n-1 {
			e[i] = 0
		}
		if err := dcBlock(d, e, zt, start, i+1, trace); err != nil {
			return nil, err
		}
		start = i + 1
	}
	return zt, nil
}

// dcBlock solves the unreduced block T[lo:hi] into zt[lo:hi, lo:hi].
func dcBlock(d, e []float64, zt *matrix.Dense, lo, hi int, trace func(DCMerge)) error {
	if hi-lo <= dcLeafSize {
		block := zt.Slice(lo, hi, lo, hi)
		for i := range hi - lo {
			block.Set(i, i, 1)
		}
		return tridiagonalQR(d[lo:hi], e[lo:hi-1], block, 0, nil)
	}
	m := lo + (hi-lo)/2
	rho := e[m-1] // T = diag(T₁, T₂) + |ρ| v vᵀ
	d[m-1] -= math.Abs(rho)
	d[m] -= math.Abs(rho)
	// The halves are independent (disjoint parts of d, e and zt).
	var err1, err2 error
	if hi-lo >= dcParallelSize && trace == nil {
		parallelDo(func() { err1 = dcBlock(d, e, zt, lo, m, nil) }, func() { err2 = dcBlock(d, e, zt, m, hi, nil) })
	} else {
		err1 = dcBlock(d, e, zt, lo, m, trace)
		if err1 == nil {
			err2 = dcBlock(d, e, zt, m, hi, trace)
		}
	}
	if err1 != nil {
		return err1
	}
	if err2 != nil {
		return err2
	}
	info, err := dcMerge(d[lo:hi], zt.Slice(lo, hi, lo, hi), m-lo, rho)
	if err == nil && trace != nil {
		info.Low, info.High = lo, hi-1
		trace(info)
	}
	return err
}

// DCMerge reports one merge of divide and conquer.
type DCMerge struct {
	Low, High         int // the block T[Low..High] that was merged
	Deflated          int // eigenpairs that left the secular equation by deflation
	SecularIterations int // iterations of the secular-equation solver, all roots together
}

// Column types of the merge, after LAPACK's dlaed2: an eigenvector of T₁
// is zero below row n₁ (top), one of T₂ zero above it (bottom); a rotation
// between the two kinds makes both dense. The products skip the zeros.
const (
	colTop = iota
	colDense
	colBottom
)

// dcMerge combines the solved halves: on entry the rows of q (n×n) are the
// eigenvectors of T₁ (rows 0..n₁−1, supported on columns 0..n₁−1) and of
// T₂, with values in d; on return they are the eigenvectors of T, with the
// eigenvalues in d.
func dcMerge(d []float64, q *matrix.Dense, n1 int, rho float64) (DCMerge, error) {
	n := len(d)
	// z = Qᵀv/√2 (unit length) and ρ ← 2|ρ|, so D + ρzzᵀ is unchanged.
	z := make([]float64, n)
	sign := math.Copysign(1, rho)
	for j := range n {
		if j < n1 {
			z[j] = q.At(j, n1-1) / math.Sqrt2
		} else {
			z[j] = sign * q.At(j, n1) / math.Sqrt2
		}
	}
	rho = 2 * math.Abs(rho)

	// Sort the poles ascending, carrying z, the vectors and their types.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case d[a] < d[b]:
			return -1
		case d[a] > d[b]:
			return 1
		}
		return 0
	})
	ds := make([]float64, n)
	zs := make([]float64, n)
	kind := make([]int, n)
	p := matrix.New(n, n) // rows: the old eigenvectors, in sorted order
	for i, o := range order {
		ds[i], zs[i] = d[o], z[o]
		copy(p.Row(i), q.Row(o))
		kind[i] = colTop
		if o >= n1 {
			kind[i] = colBottom
		}
	}

	keep, deflated := dcDeflate(ds, zs, rho, p, kind)
	k := len(keep)

	// Deflated pairs go to the end as they are: dⱼ and its old vector
	// (rotated, if it deflated by rotation).
	for r, j := range deflated {
		copy(q.Row(k+r), p.Row(j))
		d[k+r] = ds[j]
	}
	info := DCMerge{Deflated: len(deflated)}
	if k == 0 {
		return info, nil
	}
	// Group the kept vectors by type so the product skips known zeros.
	slices.SortStableFunc(keep, func(a, b int) int { return kind[a] - kind[b] })
	var nTop, nDense int
	for _, j := range keep {
		switch kind[j] {
		case colTop:
			nTop++
		case colDense:
			nDense++
		}
	}
	// The secular equation wants its poles ascending.
	sorted := slices.Clone(keep)
	slices.Sort(sorted) // indices into ds, which is ascending
	dk := make([]float64, k)
	zk := make([]float64, k)
	for i, j := range sorted {
		dk[i], zk[i] = ds[j], zs[j]
	}
	// The eigenvectors of D + ρzzᵀ, their columns in the grouped order of
	// keep (column c is the pole ds[keep[c]], sorted index pos[keep[c]]),
	// and the old vectors likewise.
	pos := make([]int, n) // pos[j]: index in sorted of the pole ds[j]
	for i, j := range sorted {
		pos[j] = i
	}
	perm := make([]int, k)
	for c, j := range keep {
		perm[c] = pos[j]
	}
	lambda, ug, iters, err := rankOneEigen(dk, zk, rho, perm)
	if err != nil {
		return info, err
	}
	info.SecularIterations = iters
	// Rows 0..k−1 of p become the kept vectors in that order (the deflated
	// ones, already copied out, fill the rest), permuted in place.
	permuteRows(p, append(slices.Clone(keep), deflated...))
	pg := p.Slice(0, k, 0, n)
	// New vectors (rows): Qnew = Uᵀ P, split by support:
	//   columns 0..n₁−1 from the top and dense old vectors,
	//   columns n₁..n−1 from the dense and bottom ones.
	// One product each, over all k rows: matrix.Gemm packs the old
	// vectors P once and splits the rows across its workers itself
	// (chunks of rows, each its own Gemm, packed P again for every chunk).
	matrix.Gemm(false, false, 1, ug.Slice(0, k, 0, nTop+nDense), pg.Slice(0, nTop+nDense, 0, n1), 0, q.Slice(0, k, 0, n1))
	matrix.Gemm(false, false, 1, ug.Slice(0, k, nTop, k), pg.Slice(nTop, k, n1, n), 0, q.Slice(0, k, n1, n))
	copy(d[:k], lambda)
	return info, nil
}

// permuteRows reorders the rows of p in place so that row i becomes the
// old row src[i] (src a permutation), following the cycles of src with one
// spare row: no second copy of p.
func permuteRows(p *matrix.Dense, src []int) {
	done := make([]bool, len(src))
	tmp := make([]float64, p.Cols())
	for i := range src {
		if done[i] || src[i] == i {
			continue
		}
		// Cycle i ← src[i] ← src[src[i]] … back to i.
		copy(tmp, p.Row(i))
		j := i
		for {
			done[j] = true
			next := src[j]
			if next == i {
				copy(p.Row(j), tmp)
				break
			}
			copy(p.Row(j), p.Row(next))
			j = next
		}
	}
}

// dcDeflate removes from the rank-one problem the pairs that need no
// secular root, after LAPACK's dlaed2, and returns the indices (into the
// sorted ds) of the pairs kept and of those deflated. The tolerance is
// 4ε·max(|d|, |z|) (8 units in the last place, as LAPACK's):
//
//   - ρ|zⱼ| ≤ tol: (dⱼ, old vector j) is already an eigenpair to working
//     precision;
//   - two poles dₚ ≤ dⱼ with |(dⱼ − dₚ)cs| ≤ tol, where c = zⱼ/r,
//     s = zₚ/r, r = √(zₚ² + zⱼ²): the rotation of the pair that moves
//     all of z onto j (zₚ ← 0, zⱼ ← r) leaves an off-diagonal entry
//     (dⱼ − dₚ)cs below the tolerance, so p deflates with value
//     c²dₚ + s²dⱼ and its rotated vector.
func dcDeflate(ds, zs []float64, rho float64, p *matrix.Dense, kind []int) (keep, deflated []int) {
	n := len(ds)
	var dmax, zmax float64
	for j := range n {
		dmax = math.Max(dmax, math.Abs(ds[j]))
		zmax = math.Max(zmax, math.Abs(zs[j]))
	}
	tol := 4 * eps * math.Max(dmax, zmax)
	prev := -1 // the last candidate not yet deflated
	for j := range n {
		if rho*math.Abs(zs[j]) <= tol {
			deflated = append(deflated, j)
			continue
		}
		if prev < 0 {
			prev = j
			continue
		}
		r := math.Hypot(zs[prev], zs[j])
		c, s := zs[j]/r, zs[prev]/r
		if t := ds[j] - ds[prev]; math.Abs(t*c*s) > tol {
			keep = append(keep, prev)
			prev = j
			continue
		}
		// Rotate the pair: zₚ ← 0, zⱼ ← r; rows p' = c·p − s·j, j' = s·p + c·j.
		zs[prev], zs[j] = 0, r
		dp, dj := ds[prev], ds[j]
		ds[prev] = c*c*dp + s*s*dj
		ds[j] = s*s*dp + c*c*dj
		matrix.Rot(p.Row(prev), p.Row(j), c, -s)
		if kind[prev] != kind[j] {
			kind[prev], kind[j] = colDense, colDense
		}
		deflated = append(deflated, prev)
		prev = j
	}
	if prev >= 0 {
		keep = append(keep, prev)
	}
	return keep, deflated
}

// rankOneEigen returns the eigenvalues of D + ρzzᵀ (d ascending and
// strictly increasing, no zⱼ zero, ρ > 0) and its unit eigenvectors as the
// rows of ut: row i belongs to λᵢ, column c to pole perm[c] (to pole c if
// perm is nil), so that a caller wanting the columns in another order gets
// them so without a copy.
//
// Gu–Eisenstat: the computed roots are the exact eigenvalues of
// D + ρẑẑᵀ with (Löwner's formula)
//
//	ẑⱼ² = Πᵢ(λᵢ − dⱼ) / (ρ Πᵢ≠ⱼ(dᵢ − dⱼ)),
//
// and the vectors are built from ẑ, not z: uᵢ ∝ ẑⱼ/(dⱼ − λᵢ). Only the
// ratios matter (each uᵢ is normalized), so ρ drops out, and each factor is
// written as a ratio of differences δ that interlacing keeps of order one.
func rankOneEigen(d, z []float64, rho float64, perm []int) (lambda []float64, ut *matrix.Dense, iterations int, err error) {
	k := len(d)
	lambda = make([]float64, k)
	if k == 1 {
		lambda[0] = d[0] + rho*z[0]*z[0]
		ut = matrix.New(1, 1)
		ut.Set(0, 0, 1)
		return lambda, ut, 0, nil
	}
	delta := matrix.New(k, k) // delta[i][j] = dⱼ − λᵢ; then, in place, ut
	errs := make([]error, k)
	iters := make([]int, k)
	parallelChunks(k, 64, func(lo, hi int) { // the roots are independent
		for i := lo; i < hi; i++ {
			lambda[i], iters[i], errs[i] = secularRoot(d, z, rho, i, delta.Row(i))
		}
	})
	for i, err := range errs {
		if err != nil {
			return nil, nil, 0, err
		}
		iterations += iters[i]
	}
	// ẑⱼ ∝ sign(zⱼ) √|(dⱼ − λⱼ) Πᵢ≠ⱼ (dⱼ − λᵢ)/(dⱼ − dᵢ)|.
	zhat := make([]float64, k)
	for j := range k {
		w := delta.At(j, j)
		for i := range k {
			if i != j {
				w *= delta.At(i, j) / (d[j] - d[i])
			}
		}
		zhat[j] = math.Copysign(math.Sqrt(math.Abs(w)), z[j])
	}
	u := make([]float64, k)
	for i := range k {
		dr := delta.Row(i)
		for j := range k {
			u[j] = zhat[j] / dr[j] // uᵢ ∝ (D − λᵢI)⁻¹ẑ
		}
		s := 1 / matrix.Nrm2(u)
		if perm == nil {
			for j := range k {
				dr[j] = s * u[j]
			}
			continue
		}
		for c, j := range perm {
			dr[c] = s * u[j]
		}
	}
	return lambda, delta, iterations, nil
}

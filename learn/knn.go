package learn

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"mlnotes/matrix"
)

// KNN is the k-nearest-neighbour rule: a query point takes the majority
// label (classification) or the mean target (regression) of the K training
// points closest to it in Euclidean distance. It is the classifier of the
// notes' bootstrap example (004, "Bootstrap Methods": "Suppose we use the
// 1-nearest neighbour as our classifier") and a baseline for any data set.
//
// Distances come from matrix products: ‖q − x‖² = ‖q‖² + ‖x‖² − 2 qᵀx with
// the cross terms Q Xᵀ computed by matrix.Gemm in slabs of query rows
// (negative rounding residues are clamped to 0); the points within the
// rounding of that formula of the K-th are measured again directly, so
// that a row's neighbours do not depend on the rows queried with it
// (refineNearest). Ties are deterministic: neighbours at equal distance
// are taken in training order (the lower index first), and a tied vote
// goes to the smallest label, as scikit-learn's KNeighborsClassifier does.
type KNN struct {
	// K is the number of neighbours; zero means 5 (scikit-learn's default).
	K int
}

// KNNModel is a fitted k-nearest-neighbour classifier: it keeps the
// training set (X is the matrix given to Fit, not a copy).
type KNNModel struct {
	K       int
	X       *matrix.Dense
	Y       []int // labels of the rows of X
	Classes []int // sorted distinct labels
	// Progress, when set, is called during a prediction after each block
	// of query rows (a product with the whole training set) with the rows
	// done and the rows asked for. It is not saved.
	Progress func(done, total int) `json:"-"`
}

// KNNRegressorModel is a fitted k-nearest-neighbour regressor.
type KNNRegressorModel struct {
	K int
	X *matrix.Dense
	Y []float64
	// Progress is KNNModel.Progress for the regressor.
	Progress func(done, total int) `json:"-"`
}

func (c KNN) k(op string, n int) (int, error) {
	k := c.K
	if k == 0 {
		k = 5
	}
	if k < 1 || k > n {
		return 0, fmt.Errorf("%s: %w: k = %d for %d training points (need 1 ≤ k ≤ n)", op, ErrInvalidParameter, k, n)
	}
	return k, nil
}

// Fit stores the training set of a classifier. The model refers to X
// itself, not to a copy (as scikit-learn's does): storing is all the
// training there is, and copying a 60000×784 X would cost more than the
// checks. X must therefore not be changed while the model is in use;
// Clone it first if it will be. Errors: empty or non-finite data,
// len(y) ≠ n, K outside [1, n].
func (c KNN) Fit(x *matrix.Dense, y []int) (*KNNModel, error) {
	const op = "learn: knn"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	if len(y) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	k, err := c.k(op, x.Rows())
	if err != nil {
		return nil, err
	}
	return &KNNModel{K: k, X: x, Y: slices.Clone(y), Classes: sortedLabels(y)}, nil
}

// FitClassifier is Fit as a ClassifierTrainer.
func (c KNN) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(c.Fit(x, y))
}

// FitRegressor is FitRegression as a RegressorTrainer.
func (c KNN) FitRegressor(x *matrix.Dense, y []float64) (Regressor, error) {
	return asRegressor(c.FitRegression(x, y))
}

// FitRegression stores the training set of a regressor; like Fit, the
// model refers to X itself.
func (c KNN) FitRegression(x *matrix.Dense, y []float64) (*KNNRegressorModel, error) {
	const op = "learn: knn regressor"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	if len(y) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d targets for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	if err := matrix.VecFinite(y); err != nil {
		return nil, fmt.Errorf("%s: targets: %w", op, err)
	}
	k, err := c.k(op, x.Rows())
	if err != nil {
		return nil, err
	}
	return &KNNRegressorModel{K: k, X: x, Y: slices.Clone(y)}, nil
}

// sortedLabels returns the distinct labels of y in ascending order.
func sortedLabels(y []int) []int {
	c := slices.Clone(y)
	slices.Sort(c)
	return slices.Compact(c)
}

// Labels returns the sorted class labels.
func (m *KNNModel) Labels() []int { return m.Classes }

// Neighbours returns, for every row of q, the indices of its K nearest
// training points, nearest first (equal distances in training order). A
// row whose distance to every training point overflows float64 (rows near
// ±1e308, or training points that large in a corrupted model) has no
// nearest neighbour float64 can name: it is an error naming the row
// (score_check.go), and so for Predict and PredictProba.
func (m *KNNModel) Neighbours(q *matrix.Dense) ([][]int, error) {
	return neighbours("learn: knn", m.X, q, m.K, m.Progress)
}

// neighbours checks q against the training set x and returns the k
// nearest training rows of every row of q, refusing rows that are at an
// infinite distance from all of them; progress (nil: none) follows the
// blocks of rows.
func neighbours(op string, x, q *matrix.Dense, k int, progress func(done, total int)) ([][]int, error) {
	if err := checkQuery(op, q, x.Cols()); err != nil {
		return nil, err
	}
	nb, far := nearest(x, q, k, progress)
	if err := checkScores(op, "distance to the nearest training point", len(nb), func(i int) bool { return far[i] }); err != nil {
		return nil, err
	}
	return nb, nil
}

// Predict returns the majority label of the K nearest neighbours of every
// row (ties to the smallest label).
func (m *KNNModel) Predict(q *matrix.Dense) ([]int, error) {
	p, err := m.PredictProba(q)
	if err != nil {
		return nil, err
	}
	out := make([]int, q.Rows())
	for i := range out {
		out[i] = m.Classes[argmax(p.Row(i))]
	}
	return out, nil
}

// PredictProba returns the fraction of the K neighbours in each class
// (columns in the order of Labels).
func (m *KNNModel) PredictProba(q *matrix.Dense) (*matrix.Dense, error) {
	nb, err := m.Neighbours(q)
	if err != nil {
		return nil, err
	}
	p := matrix.New(q.Rows(), len(m.Classes))
	for i, idx := range nb {
		row := p.Row(i)
		for _, j := range idx {
			c, _ := slices.BinarySearch(m.Classes, m.Y[j])
			row[c] += 1 / float64(len(idx))
		}
	}
	return p, nil
}

// Predict returns the mean target of the K nearest neighbours of every row;
// a row at an infinite distance from every training point is an error, as
// in KNNModel.Neighbours.
func (m *KNNRegressorModel) Predict(q *matrix.Dense) ([]float64, error) {
	nb, err := neighbours("learn: knn regressor", m.X, q, m.K, m.Progress)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(nb))
	for i, idx := range nb {
		s := 0.0
		for _, j := range idx {
			s += m.Y[j]
		}
		out[i] = s / float64(len(idx))
		if math.IsInf(out[i], 0) { // the sum of targets near ±1.8e308 overflows; their mean does not
			s = 0
			for _, j := range idx {
				s += m.Y[j] / float64(len(idx))
			}
			out[i] = s
		}
	}
	return out, nil
}

// knnBlock is the least number of query rows whose distances to the
// training set are formed at once (a block×n slab of Q Xᵀ); knnSlabBytes
// raises it to fill that much memory, since every product packs all of X
// again (10000 queries against 10000×784 training rows: packing took a
// quarter of the time with blocks of 256 rows; scikit-learn's chunks of
// pairwise distances have 1 GB by default).
const (
	knnBlock     = 256
	knnSlabBytes = 128 << 20
)

// nearest returns the k nearest rows of x for every row of q by squared
// distances ‖q‖² + ‖x‖² − 2 Q Xᵀ, the products computed blockwise;
// progress, unless nil, is told the rows done after each block.
//
// Squares of entries beyond about 1e154 overflow and those below 1e-154
// underflow: then X and Q are both scaled by the power of two that brings
// their largest entry into [1/2, 1), which changes no ranking (the scaling
// is exact) and keeps every distance finite and meaningful. far[i]
// reports that row i's distance to its nearest training point, back in the
// units of the data, is not finite: then so are all its distances, and
// their order is not the data's.
func nearest(x, q *matrix.Dense, k int, progress func(done, total int)) (out [][]int, far []bool) {
	e := 0
	if amax := max(matrix.NormMax(x), matrix.NormMax(q)); amax > 0x1p500 || amax > 0 && amax < 0x1p-500 {
		_, e = math.Frexp(amax)
		x, q = matrix.ScalePow2(-e, x), matrix.ScalePow2(-e, q)
	}
	xn := rowNorms2(x)
	xnMax := slices.Max(xn)
	out, far = make([][]int, q.Rows()), make([]bool, q.Rows())
	block := min(q.Rows(), max(knnBlock, knnSlabBytes/(8*x.Rows())))
	slab := matrix.New(block, x.Rows())
	xT := packTrainingRows(x, q.Rows() > block)
	for lo := 0; lo < q.Rows(); lo += block {
		hi := min(q.Rows(), lo+block)
		qb := q.Slice(lo, hi, 0, q.Cols())
		g := slab.Slice(0, hi-lo, 0, x.Rows())
		if xT != nil {
			_ = matrix.GemmPackedB(false, 1, qb, xT, 0, g) // (hi−lo)×n inner products
		} else {
			_ = matrix.Gemm(false, true, 1, qb, x, 0, g)
		}
		qn := rowNorms2(qb)
		parallelRows(hi-lo, func(r int) {
			idx, dist := nearestK(g.Row(r), qn[r], xn, k)
			var d0 float64
			out[lo+r], d0 = refineNearest(idx, dist, g.Row(r), qn[r], xn, xnMax, qb.Row(r), x)
			far[lo+r] = !isFiniteValue(math.Ldexp(math.Sqrt(d0), e))
		})
		if progress != nil {
			progress(hi, q.Rows())
		}
	}
	return out, far
}

// packTrainingRows packs Xᵀ once for the products of every block of
// queries when there is more than one block (Gemm would pack all of X
// again for each: 36 times for 10 000 queries against 60 000 Fashion-MNIST
// images, a fifth of the prediction's time). It returns nil, and the
// blocks call Gemm, for a single block or when the memory limit refuses
// the copy (as large as X); the bits of the products are the same either
// way on Gemm's packed path, and refineNearest makes the neighbours
// independent of them in any case.
func packTrainingRows(x *matrix.Dense, severalBlocks bool) *matrix.PackedB {
	if !severalBlocks {
		return nil
	}
	xT, err := matrix.PackB(x, true)
	if err != nil {
		return nil
	}
	return xT
}

// nearestK returns the indices of the k training rows nearest to a query
// in ascending order of (distance, index), from the inner products g of
// the query with them, its squared norm qn and theirs xn: the squared
// distance is max(0, qn + xnⱼ − 2gⱼ), formed as each candidate is met,
// by insertion into a sorted buffer: O(n·k), the right cost for the
// small k of nearest neighbours, in one pass over g. It also returns their
// squared distances (+Inf when the products overflowed).
func nearestK(g []float64, qn float64, xn []float64, k int) ([]int, []float64) {
	idx := make([]int, 0, k)
	dist := make([]float64, 0, k)
	xn = xn[:len(g)]
	for j, v := range g {
		d := max(0, qn+xn[j]-2*v)
		if math.IsNaN(d) { // Inf − Inf: the norms overflowed
			d = math.Inf(1)
		}
		if len(idx) == k && d >= dist[k-1] {
			continue // not strictly nearer than the k-th: the earlier index wins
		}
		p := len(idx)
		for p > 0 && dist[p-1] > d {
			p--
		}
		if len(idx) < k {
			idx, dist = append(idx, 0), append(dist, 0)
		}
		copy(idx[p+1:], idx[p:len(idx)-1])
		copy(dist[p+1:], dist[p:len(dist)-1])
		idx[p], dist[p] = j, d
	}
	return idx, dist
}

// refineNearest makes the choice of nearestK independent of rounding: the
// distances qn + xnⱼ − 2gⱼ carry errors of up to about
// δ = (d + 2)ε(√qn + √xnⱼ)² (the sums of d products behind qn, xnⱼ and gⱼ,
// Cauchy–Schwarz for |gⱼ|, two additions), and gⱼ itself is rounded
// differently as the product's blocking changes with the rows queried
// with q, so points at (nearly) equal distance could be ranked one way in
// one query and the other way in another. Every point that may belong to
// the k nearest — fast distance within 2δ of the k-th's, δ taken at the
// largest training norm xnMax — is measured again directly,
// Σᵢ(qᵢ − xⱼᵢ)², a number of q and xⱼ alone, and the k smallest of those
// (ties to the lower index) are the answer. Usually only the k points
// themselves qualify: the extra pass reads g once more and measures a
// handful of rows. It returns the indices and the squared distance of the
// nearest.
func refineNearest(idx []int, dist, g []float64, qn float64, xn []float64, xnMax float64, q []float64, x *matrix.Dense) ([]int, float64) {
	k := len(idx)
	if !isFiniteValue(dist[k-1]) { // an overflow: the row is refused anyway
		return idx, dist[0]
	}
	s := math.Sqrt(qn) + math.Sqrt(xnMax)
	delta := 2 * float64(len(q)+2) * eps * s * s // twice the bound, for the products' own rounding
	reach := dist[k-1] + 2*delta
	type cand struct {
		j int
		d float64
	}
	var cs []cand
	for j, v := range g[:len(xn)] {
		if qn+xn[j]-2*v <= reach {
			cs = append(cs, cand{j, directDist2(q, x.Row(j))})
		}
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if a.d != b.d {
			return cmp.Compare(a.d, b.d)
		}
		return cmp.Compare(a.j, b.j)
	})
	out := make([]int, k)
	for i := range out {
		out[i] = cs[i].j
	}
	return out, cs[0].d
}

// directDist2 returns Σᵢ(aᵢ − bᵢ)².
func directDist2(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		t := v - b[i]
		s += t * t
	}
	return s
}

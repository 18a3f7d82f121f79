package learn

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

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
// (knn_select.go). Ties are deterministic: neighbours at equal distance
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
	// done and the rows asked for, from the goroutines that do the blocks
	// but one call at a time, the rows done increasing. It is not saved.
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

// knnRows is the largest number of query rows whose distances to the
// training set are formed together: their packed block Ã of the product
// (knnRows×kc numbers, 480 KiB) and a tile of their inner products
// (matrix.PackedB.Tiles) share the core's L2 cache while the training
// set streams past once per block. knnGemmTileBytes is the size of the
// tiles formed by Gemm when the training set is not packed beforehand.
const (
	knnRows          = 240
	knnGemmTileBytes = 2 << 20
)

// nearest returns the k nearest rows of x for every row of q by squared
// distances ‖q‖² + ‖x‖² − 2 Q Xᵀ. The queries go in blocks of up to
// knnRows rows, shared among GOMAXPROCS goroutines; each block's inner
// products with the training set are formed a tile at a time and every
// tile is scanned by the rows' running selections (knnSelection) while it
// is in cache, so that the 8·q·n bytes of distances are never written to
// memory. progress, unless nil, is told the rows done after each block.
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
	rows := knnBlockRows(q.Rows(), runtime.GOMAXPROCS(0))
	blocks := (q.Rows() + rows - 1) / rows
	xT := packTrainingRows(x, blocks > 1)
	var mu sync.Mutex
	done := 0
	parallelBlocks(blocks, func(int) func(int) {
		return func(b int) {
			lo, hi := b*rows, min(q.Rows(), (b+1)*rows)
			qb := q.Slice(lo, hi, 0, q.Cols())
			for r, d0 := range nearestBlock(x, xT, qb, xn, xnMax, k, out[lo:hi]) {
				far[lo+r] = !isFiniteValue(math.Ldexp(math.Sqrt(d0), e))
			}
			if progress != nil {
				mu.Lock()
				done += hi - lo
				progress(done, q.Rows())
				mu.Unlock()
			}
		}
	})
	return out, far
}

// nearestBlock writes to out[r] the k nearest training rows of row r of
// the block of queries qb, from their inner products with the training
// set (xT packed, or nil) scanned tile by tile, and returns each row's
// squared distance to its nearest; xn holds the training rows' squared
// norms, xnMax the largest.
func nearestBlock(x *matrix.Dense, xT *matrix.PackedB, qb *matrix.Dense, xn []float64, xnMax float64, k int, out [][]int) []float64 {
	sel := make([]knnSelection, qb.Rows())
	for r, qn := range rowNorms2(qb) {
		sel[r] = newSelection(k, qb.Cols(), qn, xnMax)
	}
	knnTiles(xT, x, qb, func(j0 int, g *matrix.Dense) {
		for r := range sel {
			sel[r].scan(j0, g.Row(r), xn[j0:])
		}
	})
	d0 := make([]float64, len(sel))
	for r := range sel {
		out[r], d0[r] = sel[r].finish(qb.Row(r), x)
	}
	return d0
}

// knnBlockRows returns the number of rows of the blocks of q queries:
// blocks of equal size, at most knnRows rows, and as many blocks for each
// of the workers when that leaves at least knnRows/2 rows in each (2000
// queries on two cores: 10 blocks of 200 rows, not 9 of 223, one core
// waiting for the other's fifth).
func knnBlockRows(q, workers int) int {
	blocks := (q + knnRows - 1) / knnRows
	if blocks > 1 {
		even := (blocks + workers - 1) / workers * workers
		blocks = min(even, max(blocks, (q+knnRows/2-1)/(knnRows/2)))
	}
	return (q + blocks - 1) / blocks
}

// knnTiles calls visit(j0, g) with the inner products g of the rows of qb
// with training rows j0, j0+1, …, a tile at a time in ascending order of
// j0: by the tiles of xT when the training set is packed, otherwise by
// Gemm on slices of the training rows (which packs each slice for its
// product), into a tile of knnGemmTileBytes.
func knnTiles(xT *matrix.PackedB, x, qb *matrix.Dense, visit func(j0 int, g *matrix.Dense)) {
	if xT != nil {
		_ = xT.Tiles(qb, visit)
		return
	}
	n, m := x.Rows(), qb.Rows()
	cols := min(n, max(16, knnGemmTileBytes/(8*m)))
	tile := matrix.New(m, cols)
	for j0 := 0; j0 < n; j0 += cols {
		j1 := min(n, j0+cols)
		g := tile.Slice(0, m, 0, j1-j0)
		_ = matrix.Gemm(false, true, 1, qb, x.Slice(j0, j1, 0, x.Cols()), 0, g)
		visit(j0, g)
	}
}

// packTrainingRows packs Xᵀ once for the products of every block of
// queries when there is more than one block (each block would otherwise
// pack all of X again: 42 times for 10 000 queries against 60 000
// Fashion-MNIST images). It returns nil, and the blocks call Gemm, for a
// single block or when the memory limit refuses the copy (as large as X);
// the bits of the products are the same either way on Gemm's packed
// path, and the final direct measurement (knnSelection.finish) makes the
// neighbours independent of them in any case.
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

// directDist2 returns Σᵢ(aᵢ − bᵢ)².
func directDist2(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		t := v - b[i]
		s += t * t
	}
	return s
}

package learn

import (
	"fmt"
	"io"
	"math"
	"slices"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

// FisherLDA configures Fisher's linear discriminant. The zero value adds no
// ridge term.
type FisherLDA struct {
	// Ridge is added to the diagonal of S_w, regularizing a singular or
	// ill-conditioned within-class scatter (S_w + ridge·I).
	Ridge float64
	// Eigen configures the eigensolver of more than two classes (its
	// Method, MaxSteps and Trace): of the c×c problem the generalized one
	// reduces to (fisher_pairs.go), or of the full d×d problem when S_B
	// has rank below c − 1. ValuesOnly is ignored.
	Eigen eigen.SymmetricOptions
}

// FisherModel is a fitted Fisher discriminant.
type FisherModel struct {
	Classes []int // the class labels, ascending
	// W is the unit Fisher direction: for two classes w ∝ S_w⁻¹(M₁ − M₀),
	// signed so that class Classes[1] projects higher; for more classes the
	// leading generalized eigenvector.
	W []float64
	// Criterion is J(w) = wᵀS_B w / wᵀS_w w at W (the notes' two-class S_B
	// for two classes).
	Criterion float64
	// Threshold: predict Classes[1] when wᵀx > Threshold (two classes; the
	// midpoint of the projected class means).
	Threshold float64
	// Directions (c−1 × d) and Eigenvalues (descending) of
	// S_B v = λ S_w v for c > 2 classes; nil for two classes.
	Directions  *matrix.Dense
	Eigenvalues []float64
	// WithinScatter holds vₚᵀS_w vₚ for every direction vₚ (c > 2): the
	// within-class scatter along it, S_w with the ridge. Predict divides
	// the squared distances along vₚ by it, which measures them where the
	// within-class scatter is the identity (see Predict). A model saved
	// before this field existed has none, and Predict then weighs every
	// direction alike, as it did.
	WithinScatter []float64
	Means         *matrix.Dense // class means Mⱼ (c×d), row j for Classes[j]
}

// Fit computes the discriminant of X (n×d) with integer labels y.
//
// Two classes (the notes' case): with Mⱼ the class means,
// S_B = (M₁ − M₀)(M₁ − M₀)ᵀ and S_w = Σⱼ Σᵢ∈Cⱼ (xᵢ − Mⱼ)(xᵢ − Mⱼ)ᵀ, the
// maximizer of J(w) = wᵀS_B w / wᵀS_w w satisfies S_B w = λ S_w w; since
// S_B w always points along M₁ − M₀, w ∝ S_w⁻¹(M₁ − M₀), computed by a
// Cholesky solve (never an inverse).
//
// More classes: S_B = Σⱼ nⱼ(Mⱼ − M)(Mⱼ − M)ᵀ (for two classes this is
// (n₀n₁/n) times the notes' S_B, the same directions), and the
// discriminant directions are the c − 1 leading eigenvectors of the
// generalized problem S_B v = λ S_w v, computed from the c×c problem to
// which S_B's rank c − 1 reduces it (fisher_pairs.go; the full problem by
// eigen.Generalized when that rank is lower).
//
// Implements: 004, "Fisher Linear Discriminant" (which stops at
// S_B w = λ S_w w and has only the two-class S_B: see docs/errata.md,
// item 32, and docs/pca.md §9).
//
// Special cases: one class, mismatched lengths, fewer than two samples,
// non-finite data and two classes with equal means are errors. A singular S_w (fewer samples than classes
// plus features, a feature constant within every class, collinear
// features) is an error wrapping matrix.ErrNotSPD unless Ridge > 0 — also
// when rounding has left it a tiny positive pivot (see factorizeScatter):
// the direction would be determined by rounding noise.
//
// Reference: R. A. Fisher, "The use of multiple measurements in taxonomic
// problems", Annals of Eugenics 7 (1936).
func (c FisherLDA) Fit(x *matrix.Dense, y []int) (*FisherModel, error) {
	const op = "learn: fisher"
	if err := checkData(op, x, 2); err != nil {
		return nil, err
	}
	n, d := x.Dims()
	if len(y) != n {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(y), n)
	}
	if !(c.Ridge >= 0) || math.IsInf(c.Ridge, 0) {
		return nil, fmt.Errorf("%s: %w: ridge %g", op, ErrInvalidParameter, c.Ridge)
	}
	if err := checkSquareSize(op, fmt.Sprintf("the scatter matrices S_w, S_B and their factors over %d features", d), d, 4, "select or project the features first (-pca K)"); err != nil {
		return nil, err
	}
	if err := CheckClassSizes(op, y); err != nil { // S_w = 0: no within-class scatter to invert
		return nil, err
	}
	classes, means, counts := classMeans(x, y)
	if len(classes) < 2 {
		return nil, fmt.Errorf("%s: %w: need at least two classes, got %d", op, ErrInvalidParameter, len(classes))
	}
	sw := withinScatter(x, y, classes, means)
	for i := range d {
		sw.Set(i, i, sw.At(i, i)+c.Ridge)
	}
	chol, err := factorizeScatter(sw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	m := &FisherModel{Classes: classes, Means: means}
	if len(classes) == 2 {
		diff := append([]float64(nil), means.Row(1)...)
		matrix.Axpy(-1, means.Row(0), diff) // M₁ − M₀
		w, _ := chol.SolveVec(diff)         // w = S_w⁻¹(M₁ − M₀)
		norm := matrix.Nrm2(w)
		if norm == 0 || math.IsInf(norm, 0) || math.IsNaN(norm) {
			// Equal class means: J(w) = 0 for every w, no direction separates them.
			return nil, fmt.Errorf("%s: %w: the two class means are equal (M₁ = M₀), so no direction separates the classes", op, ErrInvalidParameter)
		}
		matrix.ScaleVec(1/norm, w)
		m.W = w
		sb := outer(diff)
		m.Criterion = rayleigh(sb, sw, w)
		m.Threshold = 0.5 * (matrix.Dot(w, means.Row(0)) + matrix.Dot(w, means.Row(1)))
		return m, nil
	}
	sb := betweenScatter(means, counts)
	q := min(len(classes)-1, d)
	res, err := fisherPairs(means, counts, sb, sw, chol, q, c.Eigen)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	m.Directions = matrix.New(q, d)
	m.Eigenvalues = res.Values[:q]
	for j := range q {
		v := res.Vectors.Col(j)
		matrix.ScaleVec(1/matrix.Nrm2(v), v)
		copy(m.Directions.Row(j), v)
	}
	flipRows(m.Directions)
	m.W = append([]float64(nil), m.Directions.Row(0)...)
	m.Criterion = rayleigh(sb, sw, m.W)
	m.WithinScatter = make([]float64, q)
	vs, _ := matrix.Mul(m.Directions, sw) // rows vₚᵀS_w
	for p := range q {
		m.WithinScatter[p] = matrix.Dot(vs.Row(p), m.Directions.Row(p))
	}
	return m, nil
}

// factorizeScatter returns the Cholesky factor S_w = LLᵀ, or an error
// wrapping matrix.ErrNotSPD when S_w is singular to working precision.
//
// Cholesky itself fails only on a pivot that is not positive, but rounding
// turns an exactly singular S_w (a constant feature whose mean is not
// exact in binary, collinear features) into one with a pivot of order
// ε·‖S_w‖. Every pivot lᵢᵢ² bounds the smallest eigenvalue from above
// (it is 1/(Aᵢ⁻¹)ᵢᵢ for the leading block Aᵢ, and eigenvalues interlace),
// so a pivot below d·ε·maxᵢ sᵢᵢ proves κ(S_w) ≥ 1/(d·ε): w would be noise.
func factorizeScatter(sw *matrix.Dense) (*matrix.Cholesky, error) {
	d := sw.Rows()
	if err := sw.CheckFinite(); err != nil {
		return nil, fmt.Errorf("within-class scatter S_w overflows float64 (features spread beyond about 1e154: scale them): %w", err)
	}
	var maxDiag float64
	for i := range d {
		maxDiag = math.Max(maxDiag, sw.At(i, i))
	}
	chol, err := matrix.FactorizeCholesky(sw)
	if err != nil {
		return nil, fmt.Errorf("within-class scatter S_w is singular (a constant or redundant feature, or fewer samples than features%s); set Ridge > 0: %w", underflowHint(maxDiag), err)
	}
	l := chol.L()
	for i := range d {
		if p := l.At(i, i) * l.At(i, i); p <= float64(d)*eps*maxDiag {
			return nil, fmt.Errorf("within-class scatter S_w is singular to working precision (pivot %d is %.3g, the largest diagonal entry %.3g: a constant or redundant feature, or fewer samples than features%s); set Ridge > 0: %w", i, p, maxDiag, underflowHint(maxDiag), matrix.ErrNotSPD)
		}
	}
	return chol, nil
}

// classMeans returns the sorted class labels, the class means (one row per
// class) and the class sizes.
func classMeans(x *matrix.Dense, y []int) (classes []int, means *matrix.Dense, counts []int) {
	seen := map[int]bool{}
	for _, c := range y {
		if !seen[c] {
			seen[c] = true
			classes = append(classes, c)
		}
	}
	slices.Sort(classes)
	means = matrix.New(len(classes), x.Cols())
	counts = make([]int, len(classes))
	for i, c := range y {
		j, _ := slices.BinarySearch(classes, c)
		matrix.Axpy(1, x.Row(i), means.Row(j))
		counts[j]++
	}
	for j, cnt := range counts {
		matrix.ScaleVec(1/float64(cnt), means.Row(j))
	}
	for j := range classes {
		for f, m := range means.Row(j) {
			if !math.IsInf(m, 0) {
				continue
			}
			// The sum overflowed (entries near ±1.8e308); the mean of
			// the terms xᵢ/nⱼ cannot.
			s := 0.0
			for i, c := range y {
				if c == classes[j] {
					s += x.At(i, f) / float64(counts[j])
				}
			}
			means.Set(j, f, s)
		}
	}
	return classes, means, counts
}

// withinScatter returns S_w = Σⱼ Σᵢ∈Cⱼ (xᵢ − Mⱼ)(xᵢ − Mⱼ)ᵀ.
func withinScatter(x *matrix.Dense, y []int, classes []int, means *matrix.Dense) *matrix.Dense {
	// Row by row, the copy still in L1 when the mean is subtracted: one
	// pass through memory instead of a clone and then a second pass.
	dev := matrix.New(x.Dims())
	for i, c := range y {
		j, _ := slices.BinarySearch(classes, c)
		copy(dev.Row(i), x.Row(i))
		matrix.Axpy(-1, means.Row(j), dev.Row(i))
	}
	// S_w = DᵀD for the deviations D from the class means: a symmetric
	// rank-k update (half the flops of a general product, exactly
	// symmetric).
	d := x.Cols()
	sw := matrix.New(d, d)
	_ = matrix.Syrk(true, 1, dev, 0, sw) // shapes agree by construction
	return sw
}

// betweenScatter returns S_B = Σⱼ nⱼ(Mⱼ − M)(Mⱼ − M)ᵀ with M the overall mean.
func betweenScatter(means *matrix.Dense, counts []int) *matrix.Dense {
	dev := betweenFactor(means, counts)
	sb, _ := matrix.MulATB(dev, dev)
	symmetrizeScaled(sb, 1)
	return sb
}

// betweenFactor returns the c×d matrix D whose row j is √nⱼ(Mⱼ − M), M
// the overall mean: S_B = DᵀD.
func betweenFactor(means *matrix.Dense, counts []int) *matrix.Dense {
	c, d := means.Dims()
	total := 0
	overall := make([]float64, d)
	for j := range c {
		matrix.Axpy(float64(counts[j]), means.Row(j), overall)
		total += counts[j]
	}
	matrix.ScaleVec(1/float64(total), overall)
	dev := matrix.New(c, d)
	for j := range c {
		row := dev.Row(j)
		copy(row, means.Row(j))
		matrix.Axpy(-1, overall, row)
		matrix.ScaleVec(math.Sqrt(float64(counts[j])), row)
	}
	return dev
}

// outer returns vvᵀ.
func outer(v []float64) *matrix.Dense {
	m, _ := matrix.NewFromSlice(len(v), 1, append([]float64(nil), v...))
	o, _ := matrix.MulABT(m, m)
	return o
}

// rayleigh returns J(w) = wᵀAw / wᵀBw.
func rayleigh(a, b *matrix.Dense, w []float64) float64 {
	aw, _ := matrix.MulVec(a, w)
	bw, _ := matrix.MulVec(b, w)
	return matrix.Dot(w, aw) / matrix.Dot(w, bw)
}

// CriterionAt evaluates J(w) = wᵀS_B w / wᵀS_w w for any direction w on the
// training data (X, y) with the two-class scatter matrices of the notes,
// for checking that the Fisher direction maximizes it.
func (m *FisherModel) CriterionAt(x *matrix.Dense, y []int, w []float64) (float64, error) {
	if m == nil {
		return 0, errNilModel("learn: fisher: criterion")
	}
	if err := checkQuery("learn: fisher: criterion", x, len(m.W)); err != nil {
		return 0, err
	}
	if len(w) != len(m.W) || len(y) != x.Rows() {
		return 0, fmt.Errorf("learn: fisher: criterion: %w", matrix.ErrShape)
	}
	sb, sw := criterionScatters(x, y)
	return rayleigh(sb, sw, w), nil
}

// criterionScatters returns the scatter matrices of the criterion J(w):
// for two classes the notes' S_B = (M₁ − M₀)(M₁ − M₀)ᵀ, for more the
// multi-class S_B = Σⱼ nⱼ(Mⱼ − M)(Mⱼ − M)ᵀ (errata 32), and S_w.
func criterionScatters(x *matrix.Dense, y []int) (sb, sw *matrix.Dense) {
	classes, means, counts := classMeans(x, y)
	sw = withinScatter(x, y, classes, means)
	if len(classes) == 2 {
		diff := append([]float64(nil), means.Row(1)...)
		matrix.Axpy(-1, means.Row(0), diff)
		return outer(diff), sw
	}
	return betweenScatter(means, counts), sw
}

// Project returns wᵀxᵢ for every row: the one-dimensional data of the
// notes' derivation.
func (m *FisherModel) Project(x *matrix.Dense) ([]float64, error) {
	if m == nil {
		return nil, errNilModel("learn: fisher: project")
	}
	if err := checkQuery("learn: fisher: project", x, len(m.W)); err != nil {
		return nil, err
	}
	return matrix.MulVec(x, m.W)
}

// Transform projects the rows of X on the discriminant directions (n×1
// for two classes, n×(c−1) otherwise).
func (m *FisherModel) Transform(x *matrix.Dense) (*matrix.Dense, error) {
	if m == nil {
		return nil, errNilModel("learn: fisher: transform")
	}
	if err := checkQuery("learn: fisher: transform", x, len(m.W)); err != nil {
		return nil, err
	}
	dirs := m.Directions
	if dirs == nil {
		dirs, _ = matrix.NewFromSlice(1, len(m.W), m.W)
	}
	return matrix.MulABT(x, dirs)
}

// Predict classifies the rows of X: for two classes by the threshold rule
// wᵀx > Threshold; for more, by the nearest class mean in the discriminant
// space, with the squared difference along each direction vₚ divided by
// the within-class scatter vₚᵀS_w vₚ along it.
//
// The division makes the rule independent of how the directions are
// scaled (the criterion J fixes only their lines): the generalized
// eigenvectors are S_w-orthogonal, so with vₚ/√(vₚᵀS_w vₚ) the
// within-class scatter of the projections is the identity, and the
// distance is the Mahalanobis distance of the data restricted to the
// discriminant subspace. With all c − 1 directions and equal class sizes
// this is the rule of linear discriminant analysis (Hastie, Tibshirani
// and Friedman, The Elements of Statistical Learning, §4.3.3), which
// scikit-learn's LinearDiscriminantAnalysis also measures in this space.
// Unit-length directions instead weigh a direction by an accident of its
// scale: on Fashion-MNIST (10 000 images, ridge 10⁻³), whose scatters
// along the nine directions differ by a factor of 6, that rule was 0.73
// point less accurate.
//
// A row whose projection, or whose distance to every class mean, is not
// finite is an error (score_check.go).
func (m *FisherModel) Predict(x *matrix.Dense) ([]int, error) {
	const op = "learn: fisher: predict"
	z, err := m.Transform(x)
	if err != nil {
		return nil, err
	}
	if err := checkScoreRows(op, "projection", z); err != nil {
		return nil, err
	}
	out := make([]int, x.Rows())
	if m.Directions == nil {
		for i := range out {
			out[i] = m.Classes[0]
			if z.At(i, 0) > m.Threshold {
				out[i] = m.Classes[1]
			}
		}
		return out, nil
	}
	zm, _ := matrix.MulABT(m.Means, m.Directions)  // projected class means
	weight := make([]float64, m.Directions.Rows()) // 1/(vₚᵀS_w vₚ)
	for p := range weight {
		weight[p] = 1
		if len(m.WithinScatter) == len(weight) && m.WithinScatter[p] > 0 {
			weight[p] = 1 / m.WithinScatter[p]
		}
	}
	far := make([]bool, len(out)) // every class mean at an infinite distance
	for i := range out {
		best, bestDist := 0, math.Inf(1)
		for j := range m.Classes {
			var d2 float64
			for p, v := range z.Row(i) {
				diff := v - zm.At(j, p)
				d2 += weight[p] * diff * diff
			}
			if d2 < bestDist {
				best, bestDist = j, d2
			}
		}
		out[i], far[i] = m.Classes[best], !(bestDist < math.Inf(1))
	}
	if err := checkScores(op, "distance to the nearest class mean", len(out), func(i int) bool { return far[i] }); err != nil {
		return nil, err
	}
	return out, nil
}

// Save writes the fitted model as JSON (format "mlnotes/fisher").
func (m *FisherModel) Save(w io.Writer) error { return saveModel(w, "fisher", m) }

// LoadFisher reads a model written by FisherModel.Save.
func LoadFisher(r io.Reader) (*FisherModel, error) {
	var m FisherModel
	if err := loadModel(r, "fisher", &m); err != nil {
		return nil, err
	}
	if len(m.Classes) < 2 || m.Means == nil || m.Means.Rows() != len(m.Classes) || m.Means.Cols() != len(m.W) {
		return nil, fmt.Errorf("learn: load fisher: %w: inconsistent dimensions", ErrFormat)
	}
	if !strictlyIncreasing(m.Classes) {
		return nil, fmt.Errorf("learn: load fisher: %w: classes %v are not sorted and distinct", ErrFormat, m.Classes)
	}
	if m.Directions != nil && (len(m.Eigenvalues) != m.Directions.Rows() || m.Directions.Cols() != len(m.W)) {
		return nil, fmt.Errorf("learn: load fisher: %w: %d eigenvalues for %d directions of %d features (want one per direction)", ErrFormat, len(m.Eigenvalues), m.Directions.Rows(), m.Directions.Cols())
	}
	if m.WithinScatter != nil {
		if m.Directions == nil || len(m.WithinScatter) != m.Directions.Rows() ||
			slices.ContainsFunc(m.WithinScatter, func(s float64) bool { return !(s > 0) || math.IsInf(s, 0) }) {
			return nil, fmt.Errorf("learn: load fisher: %w: within-class scatters %v do not match the directions", ErrFormat, m.WithinScatter)
		}
	}
	return &m, nil
}

// underflowHint names a further cause of a singular covariance or scatter
// whose largest diagonal entry v is below about 1e-291 (zero included):
// squares of features below about 1e-146 underflow float64.
func underflowHint(v float64) string {
	if v < 0x1p-966 {
		return ", or squares of features below about 1e-146 that underflow float64: scale them"
	}
	return ""
}

// FitClassifier is Fit as a ClassifierTrainer.
func (c FisherLDA) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(c.Fit(x, y))
}

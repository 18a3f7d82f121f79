package optimize

import (
	"encoding/json"
	"math"
	"os"
	"sync"
	"testing"

	"mlnotes/matrix"
)

// Test problems of the gradient-descent family, and the reference values of
// testdata/optimize_gd_ref.json (written by testdata/gen/optimize_gd_ref.py
// with numpy 1.24.2, scipy 1.10.1 and scikit-learn 1.2.1; see
// testdata/README.md).

// eps is ε = 2⁻⁵² for the tolerances of the tests.
const gdEps = dblEpsilon

// quadObjective is f(x) = ½xᵀAx − bᵀx with ∇f = Ax − b and ∇²f = A.
type quadObjective struct {
	a *matrix.Dense
	b []float64
}

func (q quadObjective) ValueGrad(x, grad []float64) float64 {
	// grad = Ax − b, f = ½xᵀ(Ax − b) − ½bᵀx
	if err := matrix.Gemv(false, 1, q.a, x, 0, grad); err != nil {
		panic(err)
	}
	f := 0.0
	for i := range x {
		f += 0.5*x[i]*grad[i] - x[i]*q.b[i]
		grad[i] -= q.b[i]
	}
	return f
}

func (q quadObjective) Hessian(x []float64, h *matrix.Dense) { h.Copy(q.a) }

// diagQuadratic returns the quadratic with A = diag(λ), whose minimizer
// bᵢ/λᵢ is exact to one rounding.
func diagQuadratic(lambda, b []float64) (quadObjective, []float64) {
	xstar := make([]float64, len(b))
	for i := range b {
		xstar[i] = b[i] / lambda[i]
	}
	return quadObjective{a: matrix.Diag(lambda), b: b}, xstar
}

// rosenbrock is f(x) = Σᵢ 100(xᵢ₊₁ − xᵢ²)² + (1 − xᵢ)², scipy.optimize.rosen,
// minimized at (1, …, 1).
type rosenbrock struct{}

func (rosenbrock) ValueGrad(x, grad []float64) float64 {
	clear(grad)
	f := 0.0
	for i := 0; i+1 < len(x); i++ {
		t := x[i+1] - x[i]*x[i]
		u := 1 - x[i]
		f += 100*t*t + u*u
		grad[i] += -400*x[i]*t - 2*u
		grad[i+1] += 200 * t
	}
	return f
}

func (rosenbrock) Hessian(x []float64, h *matrix.Dense) {
	for i := 0; i+1 < len(x); i++ {
		h.Set(i, i, h.At(i, i)+1200*x[i]*x[i]-400*x[i+1]+2)
		h.Set(i+1, i+1, h.At(i+1, i+1)+200)
		h.Set(i, i+1, h.At(i, i+1)-400*x[i])
		h.Set(i+1, i, h.At(i+1, i)-400*x[i])
	}
}

// logisticObjective is the L2-regularized logistic loss of the reference
// problem, f(w) = (1/n) Σᵢ [log(1 + exp(xᵢᵀw)) − yᵢxᵢᵀw] + (λ/2)‖w‖², as
// a StochasticObjective (each fᵢ carries the whole penalty), an Objective
// and a HessianObjective.
type logisticObjective struct {
	x      *matrix.Dense
	y      []float64
	lambda float64
}

func (l logisticObjective) Samples() int { return l.x.Rows() }

func (l logisticObjective) BatchValueGrad(w, grad []float64, batch []int) float64 {
	for j := range grad {
		grad[j] = l.lambda * w[j] // ∇(λ/2)‖w‖²
	}
	f := 0.0
	scale := 1 / float64(len(batch))
	for _, i := range batch {
		xi := l.x.Row(i)
		z := matrix.Dot(xi, w)
		// log(1 + eᶻ) without overflow, and σ(z) = 1/(1 + e⁻ᶻ).
		f += softplus(z) - l.y[i]*z
		matrix.Axpy(scale*(sigmoid(z)-l.y[i]), xi, grad)
	}
	return f*scale + 0.5*l.lambda*matrix.Dot(w, w)
}

func (l logisticObjective) ValueGrad(w, grad []float64) float64 {
	return l.BatchValueGrad(w, grad, allSamples(l.Samples()))
}

func (l logisticObjective) Hessian(w []float64, h *matrix.Dense) {
	n, d := l.x.Dims()
	for i := range n {
		xi := l.x.Row(i)
		s := sigmoid(matrix.Dot(xi, w))
		c := s * (1 - s) / float64(n)
		for j := range d {
			matrix.Axpy(c*xi[j], xi, h.Row(j)) // H += c·xᵢxᵢᵀ, row j
		}
	}
	for j := range d {
		h.Set(j, j, h.At(j, j)+l.lambda)
	}
}

func softplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// lsqObjective is least squares as an average over samples,
// f(w) = (1/n) Σᵢ ½(xᵢᵀw − yᵢ)².
type lsqObjective struct {
	x *matrix.Dense
	y []float64
}

func (l lsqObjective) Samples() int { return l.x.Rows() }

func (l lsqObjective) BatchValueGrad(w, grad []float64, batch []int) float64 {
	clear(grad)
	f := 0.0
	scale := 1 / float64(len(batch))
	for _, i := range batch {
		xi := l.x.Row(i)
		r := matrix.Dot(xi, w) - l.y[i]
		f += 0.5 * r * r
		matrix.Axpy(scale*r, xi, grad)
	}
	return f * scale
}

// gdRef is the content of testdata/optimize_gd_ref.json.
type gdRef struct {
	Quadratic struct {
		A     [][]float64
		B     []float64
		X0    []float64
		Xstar []float64
		Fstar float64
		Mu, L float64
		GD    struct {
			Alpha    float64
			Iterates [][]float64
		}
		HeavyBall struct {
			Alpha, Beta float64
			Iterates    [][]float64
		} `json:"heavy_ball"`
		Nesterov struct {
			Alpha, Beta float64
			PointsY     [][]float64 `json:"points_y"`
		}
		Adam struct {
			Alpha, Beta1, Beta2, Epsilon float64
			Iterates                     [][]float64
		}
	}
	Rosenbrock struct {
		Point     []float64
		Value     float64
		Gradient  []float64
		Hessian   [][]float64
		X0, Xstar []float64
	}
	Logistic struct {
		X              [][]float64
		Y              []float64
		Lambda         float64
		Wstar          []float64
		Fstar          float64
		GradNorm       float64     `json:"gradnorm_at_wstar"`
		WstarBFGS      []float64   `json:"wstar_bfgs"`
		WstarSklearn   []float64   `json:"wstar_sklearn"`
		HessianAtZero  [][]float64 `json:"hessian_at_zero"`
		GradientAtZero []float64   `json:"gradient_at_zero"`
		ValueAtZero    float64     `json:"value_at_zero"`
	}
	LeastSquares struct {
		X     [][]float64
		Y     []float64
		Wstar []float64
		Fstar float64
	} `json:"least_squares"`
}

var (
	gdRefOnce sync.Once
	gdRefData *gdRef
	gdRefErr  error
)

// loadGDRef reads the reference file once.
func loadGDRef(t testing.TB) *gdRef {
	t.Helper()
	gdRefOnce.Do(func() {
		raw, err := os.ReadFile("../testdata/optimize_gd_ref.json")
		if err != nil {
			gdRefErr = err
			return
		}
		gdRefData = new(gdRef)
		gdRefErr = json.Unmarshal(raw, gdRefData)
	})
	if gdRefErr != nil {
		t.Fatalf("reading the reference values: %v", gdRefErr)
	}
	return gdRefData
}

// mustDense builds a matrix from rows or fails the test.
func mustDense(t testing.TB, rows [][]float64) *matrix.Dense {
	t.Helper()
	m, err := matrix.NewFromRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// refQuadratic returns the reference quadratic (d = 6, κ = 1000).
func refQuadratic(t testing.TB) (quadObjective, *gdRef) {
	ref := loadGDRef(t)
	return quadObjective{a: mustDense(t, ref.Quadratic.A), b: ref.Quadratic.B}, ref
}

// refLogistic returns the reference logistic-regression problem.
func refLogistic(t testing.TB) (logisticObjective, *gdRef) {
	ref := loadGDRef(t)
	return logisticObjective{x: mustDense(t, ref.Logistic.X), y: ref.Logistic.Y, lambda: ref.Logistic.Lambda}, ref
}

// dist returns ‖x − y‖₂.
func dist(x, y []float64) float64 {
	return distance(x, y, make([]float64, len(x)))
}

// compareIterates checks ‖got[k] − want[k]‖₂ ≤ perStep·max(k, 1) for every
// k, the bound of an error that grows by at most perStep at each step, and
// logs how close to the bound the worst step came.
func compareIterates(t *testing.T, got, want [][]float64, perStep float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d iterates, want %d", len(got), len(want))
	}
	worst := 0.0
	for k := range got {
		e := dist(got[k], want[k])
		tol := float64(max(k, 1)) * perStep
		worst = max(worst, e/tol)
		if e > tol {
			t.Errorf("iterate %d differs from numpy by %.3g > %.3g", k, e, tol)
		}
	}
	t.Logf("largest difference from numpy: %.3g of the bound", worst)
}

package matrix

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestColMeansAndCenter(t *testing.T) {
	x, _ := NewFromRows([][]float64{{1, 10}, {2, 20}, {6, 30}})
	mean, err := ColMeans(x)
	if err != nil || mean[0] != 3 || mean[1] != 20 {
		t.Fatalf("ColMeans = %v, %v", mean, err)
	}
	xc, m2, err := Center(x)
	want, _ := NewFromRows([][]float64{{-2, -10}, {-1, 0}, {3, 10}})
	if err != nil || !EqualApprox(xc, want, 0) || m2[1] != 20 {
		t.Errorf("Center = %v, %v", xc, err)
	}
	if x.At(0, 0) != 1 {
		t.Error("Center modified its input")
	}
	if _, err := ColMeans(New(0, 2)); !errors.Is(err, ErrEmpty) {
		t.Errorf("ColMeans of no rows: %v", err)
	}
	if _, _, err := Center(New(0, 2)); !errors.Is(err, ErrEmpty) {
		t.Errorf("Center of no rows: %v", err)
	}
}

func TestCovarianceClosedForm(t *testing.T) {
	// Samples (1, 10), (2, 20), (6, 30) as rows: deviations (−2, −1, 3) and
	// (−10, 0, 10). Σ d₀² = 14, Σ d₀d₁ = 50, Σ d₁² = 200; divide by n = 3
	// (the notes' convention) or n − 1 = 2.
	x, _ := NewFromRows([][]float64{{1, 10}, {2, 20}, {6, 30}})
	pop, err := Covariance(x, Population)
	if err != nil {
		t.Fatal(err)
	}
	smp, _ := Covariance(x, Sample)
	wantPop, _ := NewFromRows([][]float64{{14. / 3, 50. / 3}, {50. / 3, 200. / 3}})
	wantSmp, _ := NewFromRows([][]float64{{7, 25}, {25, 100}})
	if !EqualApprox(pop, wantPop, 8*eps) || !EqualApprox(smp, wantSmp, 8*eps) {
		t.Errorf("Covariance: 1/n %v 1/(n−1) %v", pop, smp)
	}
	// The zero value of Variance is Population.
	var v Variance
	if z, _ := Covariance(x, v); !EqualApprox(z, pop, 0) {
		t.Error("the zero Variance is not Population")
	}
}

func TestCovarianceProperties(t *testing.T) {
	// Against the definition S = (1/n) Σᵢ (xᵢ − x̄)(xᵢ − x̄)ᵀ computed with
	// an explicit sum, on data with a large common offset (which a
	// one-pass E[xxᵀ] − x̄x̄ᵀ formula would ruin).
	rng := rand.New(rand.NewPCG(8, 8))
	n, d := 50, 4
	x := randDense(rng, n, d)
	for i := range n {
		for j := range d {
			x.Set(i, j, x.At(i, j)+1e8)
		}
	}
	s, err := Covariance(x, Population)
	if err != nil {
		t.Fatal(err)
	}
	mean, _ := ColMeans(x)
	want := New(d, d)
	for i := range n {
		for j := range d {
			for k := range d {
				want.Set(j, k, want.At(j, k)+(x.At(i, j)-mean[j])*(x.At(i, k)-mean[k])/float64(n))
			}
		}
	}
	// The data carry an absolute error of ε·1e8 after centering, so the
	// entries of S (order 1/3) are good to about 1e8·ε relative.
	if !EqualApprox(s, want, 10*1e8*eps) || !s.IsSymmetric(0) {
		t.Errorf("Covariance differs from the definition:\n%v\n%v", s, want)
	}
	// Gram matrix of the centered data is n·S.
	xc, _, _ := Center(x)
	g := Gram(xc.T()) // (Xcᵀ)(Xcᵀ)ᵀ = XcᵀXc, d×d
	if !EqualApprox(Scale(1/float64(n), g), s, 10*float64(n)*eps) || !g.IsSymmetric(0) {
		t.Error("Gram(Xcᵀ)/n ≠ S")
	}
}

func TestGramClosedForm(t *testing.T) {
	x, _ := NewFromRows([][]float64{{1, 2}, {3, 4}, {0, 1}})
	want, _ := NewFromRows([][]float64{{5, 11, 2}, {11, 25, 4}, {2, 4, 1}})
	if g := Gram(x); !EqualApprox(g, want, 0) {
		t.Errorf("Gram = %v", g)
	}
}

func TestStandardize(t *testing.T) {
	// Column 0 has mean 2 and population std √(2/3); column 1 is constant:
	// centered but not scaled, std reported as 0.
	x, _ := NewFromRows([][]float64{{1, 7}, {2, 7}, {3, 7}})
	z, mean, std, err := Standardize(x, Population)
	if err != nil {
		t.Fatal(err)
	}
	s := math.Sqrt(2. / 3)
	want, _ := NewFromRows([][]float64{{-1 / s, 0}, {0, 0}, {1 / s, 0}})
	if !EqualApprox(z, want, 8*eps) || mean[0] != 2 || mean[1] != 7 || math.Abs(std[0]-s) > 2*eps || std[1] != 0 {
		t.Errorf("Standardize: z = %v mean %v std %v", z, mean, std)
	}
	_, _, std, _ = Standardize(x, Sample)
	if math.Abs(std[0]-1) > 2*eps {
		t.Errorf("Sample std = %v, want 1", std[0])
	}
	// Each standardized column has mean 0 and variance 1.
	rng := rand.New(rand.NewPCG(6, 6))
	r := Scale(1e5, randDense(rng, 40, 3))
	z, _, _, _ = Standardize(r, Population)
	c, _ := Covariance(z, Population)
	for j := range 3 {
		if math.Abs(c.At(j, j)-1) > 100*eps {
			t.Errorf("variance of standardized column %d = %v", j, c.At(j, j))
		}
	}
}

func TestStatsErrors(t *testing.T) {
	nan, _ := NewFromRows([][]float64{{1, math.NaN()}, {2, 3}})
	for name, f := range map[string]func(*Dense, Variance) error{
		"covariance": func(x *Dense, v Variance) error { _, err := Covariance(x, v); return err },
		"standardize": func(x *Dense, v Variance) error {
			_, _, _, err := Standardize(x, v)
			return err
		},
	} {
		if err := f(New(0, 2), Population); !errors.Is(err, ErrEmpty) {
			t.Errorf("%s of no rows: %v", name, err)
		}
		if err := f(New(3, 0), Population); !errors.Is(err, ErrEmpty) {
			t.Errorf("%s of no columns: %v", name, err)
		}
		if err := f(New(1, 2), Sample); !errors.Is(err, ErrEmpty) {
			t.Errorf("%s of one row with 1/(n−1): %v", name, err)
		}
		if err := f(New(1, 2), Population); err != nil {
			t.Errorf("%s of one row with 1/n: %v", name, err)
		}
		if err := f(nan, Population); !errors.Is(err, ErrNotFinite) {
			t.Errorf("%s with NaN: %v", name, err)
		}
	}
}

// MeanCovariance validates the data through the column means: every kind
// of non-finite entry (NaN, ±Inf, +Inf and −Inf in one column, whose sum
// is NaN) is reported with the entry's position, while finite entries
// whose column sum overflows are accepted; on valid data its results are
// the same bits as ColMeans and Covariance.
func TestMeanCovarianceValidatesThroughMeans(t *testing.T) {
	base := func() *Dense {
		x := New(5, 3)
		for i := range 5 {
			for j := range 3 {
				x.Set(i, j, float64(i*i-j))
			}
		}
		return x
	}
	for _, tc := range []struct {
		name string
		set  [][3]float64 // i, j, value
		want string
	}{
		{"NaN", [][3]float64{{3, 1, math.NaN()}}, "element (3, 1) is NaN"},
		{"+Inf", [][3]float64{{0, 2, math.Inf(1)}}, "element (0, 2) is +Inf"},
		{"-Inf", [][3]float64{{4, 0, math.Inf(-1)}}, "element (4, 0) is -Inf"},
		{"+Inf and -Inf", [][3]float64{{1, 0, math.Inf(1)}, {2, 0, math.Inf(-1)}}, "element (1, 0) is +Inf"},
	} {
		x := base()
		for _, s := range tc.set {
			x.Set(int(s[0]), int(s[1]), s[2])
		}
		_, _, err := MeanCovariance(x, Population)
		if !errors.Is(err, ErrNotFinite) || err.Error() != "matrix: covariance: non-finite value: "+tc.want {
			t.Errorf("%s: err = %v, want ErrNotFinite naming %s", tc.name, err, tc.want)
		}
	}
	huge := New(4, 2)
	for i := range 4 {
		huge.Set(i, 0, math.MaxFloat64)
		huge.Set(i, 1, float64(i))
	}
	mean, _, err := MeanCovariance(huge, Population)
	if err != nil || mean[0] != math.MaxFloat64 || mean[1] != 1.5 {
		t.Errorf("finite entries whose sum overflows: mean %v, err %v", mean, err)
	}
	x := base()
	mean, s, err := MeanCovariance(x, Sample)
	wantMean, _ := ColMeans(x)
	wantS, _ := Covariance(x, Sample)
	if err != nil || !slices.Equal(mean, wantMean) || !EqualApprox(s, wantS, 0) {
		t.Errorf("MeanCovariance = %v, %v, %v; want %v, %v", mean, s, err, wantMean, wantS)
	}
	if _, _, err := MeanCovariance(New(1, 3), Sample); !errors.Is(err, ErrEmpty) {
		t.Errorf("one row with Sample: err = %v, want ErrEmpty", err)
	}
}

// The whole-matrix passes shared among workers (passes.go) give the same
// bits for any number of them: NormMax, and ColMeans, whose sums are
// formed per block of passBlockRows rows and added in block order.
func TestPassesIndependentOfWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	x := New(3*passBlockRows+77, passParallel/(3*passBlockRows)+5) // above passParallel
	for i := range x.rows {
		for j := range x.cols {
			x.Set(i, j, rng.NormFloat64()*math.Pow(2, float64(rng.IntN(40)-20)))
		}
	}
	x.Set(2*passBlockRows+5, 3, -1e9) // the largest magnitude, in the third block
	// The reference: block sums in order, one worker, written out here.
	want := make([]float64, x.cols)
	for b0 := 0; b0 < x.rows; b0 += passBlockRows {
		block := make([]float64, x.cols)
		for i := b0; i < min(b0+passBlockRows, x.rows); i++ {
			for j, v := range x.Row(i) {
				block[j] += v
			}
		}
		for j := range want {
			want[j] += block[j]
		}
	}
	for j := range want {
		want[j] *= 1 / float64(x.rows)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 3, 7} {
		runtime.GOMAXPROCS(procs)
		if got := NormMax(x); got != 1e9 {
			t.Errorf("GOMAXPROCS=%d: NormMax = %v, want 1e9", procs, got)
		}
		if got, _ := ColMeans(x); !slices.Equal(got, want) {
			t.Errorf("GOMAXPROCS=%d: ColMeans differs from the block sums in order", procs)
		}
	}
}

// CheckFinite shares the rows of a large matrix among workers and still
// names the first bad element in row order, for any number of them.
func TestCheckFiniteIndependentOfWorkers(t *testing.T) {
	x := New(4*passBlockRows, passParallel/(4*passBlockRows)+3)
	x.Set(3*passBlockRows+2, 7, math.Inf(-1)) // in the last worker's range
	x.Set(2*passBlockRows+9, 1, math.NaN())   // earlier: the one reported
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 3, 5} {
		runtime.GOMAXPROCS(procs)
		err := x.CheckFinite()
		if want := "element (2057, 1) is NaN"; err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("GOMAXPROCS=%d: err = %v, want one naming %s", procs, err, want)
		}
	}
	if err := New(4*passBlockRows, passParallel/(4*passBlockRows)+3).CheckFinite(); err != nil {
		t.Errorf("finite matrix: %v", err)
	}
}

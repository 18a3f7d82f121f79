package eigen

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// pathLaplacians returns the Laplacian of `copies` disjoint paths of
// `length` nodes each, the nodes of the copies interleaved (node i is in
// copy i mod copies) so that the blocks are not visible by position.
func pathLaplacians(copies, length int) *matrix.Dense {
	n := copies * length
	l := matrix.New(n, n)
	for c := range copies {
		for s := 0; s+1 < length; s++ {
			i, j := s*copies+c, (s+1)*copies+c
			l.Set(i, j, -1)
			l.Set(j, i, -1)
			l.Set(i, i, l.At(i, i)+1)
			l.Set(j, j, l.At(j, j)+1)
		}
	}
	return l
}

// TestTopKRepeatedEigenvalues: the two examples of issue 13, item 14, on
// which a single Lanczos run found each repeated eigenvalue once.
// diag(10, 10, 10, 10, 9, 8.9, …) with k = 4 must give four 10s (it gave
// [8.9 9 10 10]), and the Laplacian of three disjoint identical paths has
// 0 and 2 − 2cos(π/L) three times each: the 3 (and 6) smallest pairs must
// find every copy, with orthonormal vectors and small residuals, also for
// a shuffled diagonal and through TopKFunc. Tolerances: the residual
// bound Tol·‖A‖₂ of TopK (Tol = 1e-10) and, for the values, the same (an
// eigenvalue error is at most the residual norm).
func TestTopKRepeatedEigenvalues(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	diag := func(n int) []float64 {
		d := []float64{10, 10, 10, 10}
		for i := 0; len(d) < n; i++ {
			d = append(d, 9-0.1*float64(i))
		}
		return d
	}
	d := diag(200)
	perm := rng.Perm(len(d))
	shuffled := make([]float64, len(d))
	for i, p := range perm {
		shuffled[i] = d[p]
	}
	const length = 100
	mu := 2 - 2*math.Cos(math.Pi/length) // smallest non-zero eigenvalue of a path
	cases := []struct {
		name     string
		a        *matrix.Dense
		k        int
		smallest bool
		want     []float64
	}{
		{"diag(10,10,10,10,9,8.9,…) n=30 k=4", matrix.Diag(diag(30)), 4, false, []float64{10, 10, 10, 10}},
		{"diag(10,10,10,10,9,8.9,…) n=200 k=4", matrix.Diag(d), 4, false, []float64{10, 10, 10, 10}},
		{"shuffled diagonal k=5", matrix.Diag(shuffled), 5, false, []float64{9, 10, 10, 10, 10}},
		{"3 paths, 3 smallest", pathLaplacians(3, length), 3, true, []float64{0, 0, 0}},
		{"3 paths, 6 smallest", pathLaplacians(3, length), 6, true, []float64{0, 0, 0, mu, mu, mu}},
	}
	for _, c := range cases {
		for _, viaFunc := range []bool{false, true} {
			name := fmt.Sprintf("%s (TopKFunc %v)", c.name, viaFunc)
			opts := TopKOptions{Smallest: c.smallest}
			var r *Result
			var err error
			if viaFunc {
				r, err = TopKFunc(c.a.Rows(), func(dst, x []float64) { matrix.Gemv(false, 1, c.a, x, 0, dst) }, c.k, opts)
			} else {
				r, err = TopK(c.a, c.k, opts)
			}
			if err != nil || r == nil {
				t.Fatalf("%s: %v, %v", name, r, err)
			}
			full, _ := Symmetric(c.a, SymmetricOptions{ValuesOnly: true})
			anorm := math.Max(math.Abs(full.Values[0]), math.Abs(full.Values[len(full.Values)-1]))
			tol := 1e-10 * anorm
			for j, want := range c.want {
				if math.Abs(r.Values[j]-want) > tol {
					t.Errorf("%s: values %v, want %v", name, r.Values, c.want)
					break
				}
			}
			for j := range c.k {
				v := r.Vectors.Col(j)
				av, _ := matrix.MulVec(c.a, v)
				matrix.Axpy(-r.Values[j], v, av)
				if res := matrix.Nrm2(av); res > tol {
					t.Errorf("%s: residual of pair %d is %.3g > %.3g", name, j, res, tol)
				}
			}
			vtv, _ := matrix.MulATB(r.Vectors, r.Vectors)
			o, _ := matrix.Sub(vtv, matrix.Identity(c.k))
			if e := matrix.NormFrobenius(o); e > 1e-9 {
				t.Errorf("%s: ‖VᵀV − I‖_F = %.3g", name, e)
			}
		}
	}
}

// TestTopKScalesAndErrors: TopK scales as Symmetric does (a subnormal
// matrix keeps its eigenvalues), and bad input is an error, never a nil
// result with a nil error.
func TestTopKScalesAndErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	b := randSym(rng, 60)
	a := matrix.ScalePow2(-1040, b)
	r, err := TopK(a, 3, TopKOptions{})
	ref, _ := TopK(matrix.ScalePow2(1040, a), 3, TopKOptions{})
	if err != nil || r == nil {
		t.Fatalf("subnormal 60×60: %v, %v", r, err)
	}
	for j := range 3 {
		if got := math.Ldexp(r.Values[j], 1040); math.Abs(got-ref.Values[j]) > 1e-9*math.Abs(ref.Values[2]) {
			t.Errorf("subnormal: λ%d = %g·2^-1040, want %g", j, got, ref.Values[j])
		}
	}
	for _, k := range []int{0, 61} {
		if r, err := TopK(b, k, TopKOptions{}); err == nil || r != nil {
			t.Errorf("k = %d: %v, %v", k, r, err)
		}
	}
	if r, err := TopKFunc(5, nil, 1, TopKOptions{}); err == nil || r != nil {
		t.Errorf("nil operator: %v, %v", r, err)
	}
	inf := func(dst, x []float64) {
		for i := range dst {
			dst[i] = math.Inf(1)
		}
	}
	for _, n := range []int{5, 100} {
		if r, err := TopKFunc(n, inf, 1, TopKOptions{}); err == nil || r != nil {
			t.Errorf("operator giving Inf, n = %d: %v, %v", n, r, err)
		}
	}
}

// TestNilMatrix: a nil matrix is an error wrapping matrix.ErrEmpty that
// says "nil", from every solver, never a nil-pointer panic.
func TestNilMatrix(t *testing.T) {
	var z *matrix.Dense
	calls := map[string]func() error{
		"Symmetric":     func() error { _, err := Symmetric(z, SymmetricOptions{}); return err },
		"Jacobi":        func() error { _, err := Jacobi(z, JacobiOptions{}); return err },
		"TopK":          func() error { _, err := TopK(z, 1, TopKOptions{}); return err },
		"Generalized A": func() error { _, err := Generalized(z, matrix.Identity(2), SymmetricOptions{}); return err },
		"Generalized B": func() error { _, err := Generalized(matrix.Identity(2), z, SymmetricOptions{}); return err },
		"Largest":       func() error { _, err := (*Result)(nil).Largest(1); return err },
		"Smallest":      func() error { _, err := (*Result)(nil).Smallest(1); return err },
	}
	for name, call := range calls {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s(nil) panicked: %v", name, r)
				}
			}()
			if err := call(); !errors.Is(err, matrix.ErrEmpty) || !strings.Contains(err.Error(), "nil") {
				t.Errorf("%s(nil): %v", name, err)
			}
		}()
	}
}

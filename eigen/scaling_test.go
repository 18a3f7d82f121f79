package eigen

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// TestSubnormalAndHugeScales: every solver works on 2ᵏA with max|aᵢⱼ| in
// [1/2, 1) (matrix.ScaleExponent), so a matrix of subnormal entries has
// the eigenvalues of its rescaled copy, scaled back, and no NaN. Before
// the scaling was shared with matrix's SVD, [1e-310] gave NaN and a nil
// error (2ᵏ overflowed).
func TestSubnormalAndHugeScales(t *testing.T) {
	all := map[string]solver{
		"qr": solvers["qr"], "dc": solvers["dc"], "jacobi": solvers["jacobi"],
		"default": func(a *matrix.Dense, vo bool) (*Result, error) {
			return Symmetric(a, SymmetricOptions{ValuesOnly: vo})
		},
	}
	for _, x := range []float64{1e-310, 5e-324, 1e308} {
		a, _ := matrix.NewFromSlice(1, 1, []float64{x})
		for name, solve := range all {
			r, err := solve(a, false)
			if err != nil || r.Values[0] != x || r.Vectors.At(0, 0) != 1 {
				t.Errorf("%s of [%g]: got %v, %v; want [%g] with vector [1]", name, x, r, err, x)
			}
		}
	}
	rng := rand.New(rand.NewPCG(12, 1))
	for _, c := range []struct {
		n, k int // A = 2ᵏ·B, B random symmetric of order 1
	}{{60, -1030}, {60, -1068}, {20, 1018}} {
		b := randSym(rng, c.n)
		a := matrix.ScalePow2(c.k, b)
		b = matrix.ScalePow2(-c.k, a) // B as represented in A (subnormals lose bits)
		for name, solve := range all {
			label := fmt.Sprintf("%s, %d×%d·2^%d", name, c.n, c.n, c.k)
			r, err := solve(a, false)
			if err != nil {
				t.Errorf("%s: %v", label, err)
				continue
			}
			ref, err := solve(b, false)
			if err != nil {
				t.Fatal(err)
			}
			checkEigen(t, label+" (rescaled)", b, &Result{Values: ref.Values, Vectors: r.Vectors})
			// Same working matrix 2ᵏ'A = 2ᵏ'B: the values agree to the
			// rounding of a subnormal result.
			tol := math.Ldexp(0x1p-1074, -c.k) + 4*eps*math.Abs(ref.Values[c.n-1])
			for j, v := range r.Values {
				if got := math.Ldexp(v, -c.k); math.Abs(got-ref.Values[j]) > tol || math.IsNaN(v) {
					t.Errorf("%s: λ%d = %g·2^%d, want %g", label, j, got, c.k, ref.Values[j])
					break
				}
			}
		}
	}
	// Mixed scales: a diagonal spanning the whole float64 range is its
	// own eigendecomposition; every solver must return it, to the
	// absolute accuracy n·ε·max|aᵢᵢ| (entries far below it may flush to
	// zero in the scaled copy) and without NaN.
	d := []float64{1e308, 1, 1e-310, 5e-324, -1e-300, -3}
	want := []float64{-3, -1e-300, 0, 1e-310, 1, 1e308}
	for name, solve := range all {
		r, err := solve(matrix.Diag(d), false)
		if err != nil {
			t.Errorf("%s, mixed diagonal: %v", name, err)
			continue
		}
		for j, v := range r.Values {
			if math.Abs(v-want[j]) > 6*eps*1e308 || math.IsNaN(v) {
				t.Errorf("%s, mixed diagonal: λ%d = %g, want %g", name, j, v, want[j])
			}
		}
	}
}

// TestEigenvalueOverflow: entries near the overflow threshold whose
// eigenvalues are still float64 are found (λ = ±√2·1e308); eigenvalues
// beyond the range (2·1.7e308) are an error wrapping ErrNotFinite, not
// −Inf with a nil error.
func TestEigenvalueOverflow(t *testing.T) {
	fits, _ := matrix.NewFromRows([][]float64{{1e308, 1e308}, {1e308, -1e308}})
	big, _ := matrix.NewFromRows([][]float64{{1.7e308, 1.7e308}, {1.7e308, 1.7e308}})
	for name, solve := range solvers {
		r, err := solve(fits, false)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if want := math.Sqrt2 * 1e308; math.Abs(r.Values[1]-want) > 4*eps*want || math.Abs(r.Values[0]+want) > 4*eps*want {
			t.Errorf("%s: got %v, want ±%g", name, r.Values, want)
		}
		for _, vo := range []bool{false, true} {
			if _, err := solve(big, vo); !errors.Is(err, matrix.ErrNotFinite) {
				t.Errorf("%s (values only %v) of an eigenvalue 3.4e308: got %v, want ErrNotFinite", name, vo, err)
			}
		}
	}
}

// TestAutoMethod: the zero options pick tridiagonal QR below autoDCMin and
// divide and conquer from it on, bit for bit the results of naming the
// method; the trace callbacks show which ran.
func TestAutoMethod(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	for _, n := range []int{autoDCMin - 1, autoDCMin} {
		a := randSym(rng, n)
		var steps, merges int
		auto, err := Symmetric(a, SymmetricOptions{
			Trace:      func(QRStep) { steps++ },
			MergeTrace: func(DCMerge) { merges++ },
		})
		if err != nil {
			t.Fatal(err)
		}
		want := TridiagonalQR
		if n >= autoDCMin {
			want = DivideConquer
		}
		named, _ := Symmetric(a, SymmetricOptions{Method: want})
		if !slices.Equal(auto.Values, named.Values) || !matrix.EqualApprox(auto.Vectors, named.Vectors, 0) {
			t.Errorf("n = %d: Auto differs from %v", n, want)
		}
		if (want == DivideConquer) != (merges > 0 && steps == 0) {
			t.Errorf("n = %d: %d QR steps and %d merges, want %v", n, steps, merges, want)
		}
		// A QR-step trace alone selects QR at any size.
		qrSteps := 0
		if _, err := Symmetric(a, SymmetricOptions{Trace: func(QRStep) { qrSteps++ }}); err != nil || qrSteps == 0 {
			t.Errorf("n = %d: Trace alone gave %d QR steps (%v)", n, qrSteps, err)
		}
	}
}

package eigen

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"mlnotes/matrix"
)

// The reference values of ../testdata/eigen_reference.json, written by
// testdata/gen/eigen_reference.py with numpy.linalg.eigh and
// scipy.linalg.eigh (LAPACK dsyevd and dsygvd); its "provenance" field says
// which versions. Every method must reproduce them.
type eigenReference struct {
	Provenance string `json:"provenance"`
	Cases      []struct {
		Name    string      `json:"name"`
		Source  string      `json:"source"`
		N       int         `json:"n"`
		A       [][]float64 `json:"a"`
		B       [][]float64 `json:"b"`
		Formula string      `json:"formula"`
		P       int         `json:"p"`
		Q       int         `json:"q"`
		R       int         `json:"r"`
		Values  []float64   `json:"values"`
		Vectors [][]float64 `json:"vectors"`
		Exact   []float64   `json:"exact"`
	} `json:"cases"`
}

// intMatrix is int_matrix of the generator:
// aᵢⱼ = ((i+1)(j+1)·p + (i+j)·q) mod r − ⌊r/2⌋, exact in both languages.
func intMatrix(n, p, q, r int) *matrix.Dense {
	a := matrix.New(n, n)
	for i := range n {
		for j := range n {
			a.Set(i, j, float64(((i+1)*(j+1)*p+(i+j)*q)%r-r/2))
		}
	}
	return a
}

func TestReferenceValues(t *testing.T) {
	data, err := os.ReadFile("../testdata/eigen_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref eigenReference
	if err := json.Unmarshal(data, &ref); err != nil {
		t.Fatalf("eigen_reference.json: %v", err)
	}
	if len(ref.Cases) < 9 {
		t.Fatalf("eigen_reference.json has %d cases", len(ref.Cases))
	}
	for _, c := range ref.Cases {
		var a *matrix.Dense
		switch c.Formula {
		case "mod":
			a = intMatrix(c.N, c.P, c.Q, c.R)
		case "second-difference":
			a = secondDifference(c.N)
		default:
			a, err = matrix.NewFromRows(c.A)
			if err != nil {
				t.Fatal(err)
			}
		}
		anorm := matrix.NormFrobenius(a)
		// Both sides are backward stable: each value is within a small
		// multiple of n·ε·‖A‖ of the exact one (Weyl), so of each other.
		tol := 4 * float64(c.N) * eps * anorm
		if c.B != nil {
			b, _ := matrix.NewFromRows(c.B)
			cb, _ := matrix.Cond(b)
			for _, method := range []Method{TridiagonalQR, DivideConquer} {
				r, err := Generalized(a, b, SymmetricOptions{Method: method})
				if err != nil {
					t.Fatal(err)
				}
				// The generalized values move by up to κ(B) times as much.
				compareReference(t, method.String()+" "+c.Name, r, c.Values, c.Vectors, tol*cb)
			}
			continue
		}
		for _, m := range methods {
			r, err := m.solve(a, false)
			if err != nil {
				t.Fatal(err)
			}
			vectors := c.Vectors
			compareReference(t, m.name+" "+c.Name, r, c.Values, vectors, tol)
			for i, w := range c.Exact {
				if math.Abs(r.Values[i]-w) > tol {
					t.Errorf("%s %s: λ%d = %.17g, exact %.17g", m.name, c.Name, i, r.Values[i], w)
				}
			}
		}
	}
}

// compareReference compares values to tol and, when given, the vectors
// (both under the sign rule) to tol divided by the gap to the nearest other
// eigenvalue: the Davis–Kahan bound on the angle of a perturbed
// eigenvector.
func compareReference(t *testing.T, name string, r *Result, values []float64, vectors [][]float64, tol float64) {
	t.Helper()
	for i, w := range values {
		if math.Abs(r.Values[i]-w) > tol {
			t.Errorf("%s: λ%d = %.17g, LAPACK %.17g", name, i, r.Values[i], w)
		}
	}
	if vectors == nil {
		return
	}
	n := len(values)
	for j := range n {
		gap := math.Inf(1)
		if j > 0 {
			gap = values[j] - values[j-1]
		}
		if j+1 < n {
			gap = math.Min(gap, values[j+1]-values[j])
		}
		vtol := math.Max(tol/gap, 16*float64(n)*eps) * 4
		for i := range n {
			if d := math.Abs(r.Vectors.At(i, j) - vectors[i][j]); d > vtol*(1+math.Abs(vectors[i][j])) {
				t.Errorf("%s: v%d[%d] = %.17g, LAPACK %.17g", name, j, i, r.Vectors.At(i, j), vectors[i][j])
				break
			}
		}
	}
}

package matrix

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// centredCopy returns A − 1cᵀ as a centred copy would hold it.
func centredCopy(a *Dense, centre []float64) *Dense {
	u := a.Clone()
	for i := range u.rows {
		Axpy(-1, centre, u.Row(i))
	}
	return u
}

// TestGemmCentered checks that GemmCentered gives the bits of Gemm on the
// centred copy A − 1cᵀ, for both op(B), on sizes around the tiles and
// blocks (the reference loops below 12³ included), A, B and C views in
// NaN-filled parents, the last of which must stay untouched; and, for
// every micro-kernel with one and two workers (the columns split between
// them for the widest C), that the packed path with the centre agrees
// with the packed path on the centred copy, bit for bit.
func TestGemmCentered(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 30))
	for _, s := range []gemmCase{{1, 1, 1}, {3, 5, 2}, {7, 9, 10}, {37, 13, 10}, {64, 784, 10}, {130, 300, 17}, {250, 40, 3}, {20, 30, 2*gemmColumnsMin + 8}} {
		for _, transB := range []bool{false, true} {
			a, _ := viewIn(rng, s.m, s.k)
			_, b := operands(rng, false, transB, s)
			centre := randDense(rng, 1, s.k).data
			for j := range centre {
				centre[j] += 10 // a centre away from the data, as a mean of shifted data
			}
			u := centredCopy(a, centre)
			want, _ := viewIn(rng, s.m, s.n)
			got, parent := viewIn(rng, s.m, s.n)
			got.Copy(want)
			name := fmt.Sprintf("%dx%dx%d transB=%v", s.m, s.k, s.n, transB)
			if err := Gemm(false, transB, -0.5, u, b, 2, want); err != nil {
				t.Fatal(err)
			}
			if err := GemmCentered(-0.5, a, centre, transB, b, 2, got); err != nil {
				t.Fatal(err)
			}
			sameDenseBits(t, name, got, want)
			checkParentUntouched(t, name, parent, 2, 3, s.m, s.n)
			for _, kern := range productKernels() {
				for workers := 1; workers <= 2; workers++ {
					w, g := New(s.m, s.n), New(s.m, s.n)
					gemmPacked(kern, false, transB, 1.5, u, b, w, false, workers, nil)
					gemmPackedShifted(kern, false, transB, 1.5, a, b, g, false, workers, nil, centre)
					sameDenseBits(t, fmt.Sprintf("%s %s workers=%d", kern.name, name, workers), g, w)
				}
			}
		}
	}
}

// sameDenseBits fails unless got and want hold the same numbers bit for bit.
func sameDenseBits(t *testing.T, name string, got, want *Dense) {
	t.Helper()
	for i := range want.rows {
		for j := range want.cols {
			if g, w := got.At(i, j), want.At(i, j); math.Float64bits(g) != math.Float64bits(w) {
				t.Fatalf("%s: C[%d,%d] = %v, want %v", name, i, j, g, w)
			}
		}
	}
}

// TestGemmCenteredErrors: the shapes, the centre's length, nil operands
// and aliasing are errors, as for Gemm.
func TestGemmCenteredErrors(t *testing.T) {
	a, b, c := New(4, 3), New(3, 2), New(4, 2)
	centre := make([]float64, 3)
	for _, tc := range []struct {
		name string
		err  error
		want error
	}{
		{"inner", GemmCentered(1, a, centre, false, New(2, 2), 0, c), ErrShape},
		{"C", GemmCentered(1, a, centre, false, b, 0, New(4, 3)), ErrShape},
		{"centre", GemmCentered(1, a, centre[:2], false, b, 0, c), ErrShape},
		{"transB", GemmCentered(1, a, centre, true, b, 0, c), ErrShape},
		{"alias", GemmCentered(1, a, centre, false, b, 0, a.Slice(0, 4, 0, 2)), ErrAlias},
	} {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.err, tc.want)
		}
	}
	if err := GemmCentered(1, nil, centre, false, b, 0, c); err == nil {
		t.Error("nil A accepted")
	}
}

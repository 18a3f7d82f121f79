package matrix

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestGemmPackedBSameBits checks that a product with a packed right operand
// has the bits of Gemm's on shapes that cross the block edges (k > kc,
// n > nc, partial slivers and row blocks), in all four transposition
// cases, with views for every operand, α and β ≠ 1, on one and on two
// goroutines, and that it writes nothing outside C.
func TestGemmPackedBSameBits(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(28, 2))
	kc, nc := activeKernel.kc, activeKernel.nc
	shapes := [][3]int{{10, 785, 300}, {10, 300, kc + 37}, {130, 41, 2*kc + 5}, {3, nc + 21, 40}, {25, 17, 13}}
	for _, s := range shapes {
		m, n, k := s[0], s[1], s[2]
		for _, transA := range []bool{false, true} {
			for _, transB := range []bool{false, true} {
				name := fmt.Sprintf("%dx%dx%d/%v%v", m, n, k, transA, transB)
				ar, ac := m, k
				if transA {
					ar, ac = k, m
				}
				br, bc := k, n
				if transB {
					br, bc = n, k
				}
				a, _ := viewIn(rng, ar, ac)
				b, _ := viewIn(rng, br, bc)
				c0, _ := viewIn(rng, m, n)
				want := c0.Clone()
				if err := Gemm(transA, transB, 0.75, a, b, -0.5, want); err != nil {
					t.Fatal(err)
				}
				pb, err := PackB(b, transB)
				if err != nil {
					t.Fatal(err)
				}
				if r, c := pb.Dims(); r != k || c != n {
					t.Fatalf("%s: Dims %d×%d", name, r, c)
				}
				for _, procs := range []int{1, 2} {
					runtime.GOMAXPROCS(procs)
					got, parent := viewIn(rng, m, n)
					got.Copy(c0)
					if err := GemmPackedB(transA, 0.75, a, pb, -0.5, got); err != nil {
						t.Fatal(err)
					}
					if !identical(got, want) {
						t.Fatalf("%s, GOMAXPROCS=%d: the bits differ from Gemm's", name, procs)
					}
					checkParentUntouched(t, name, parent, 2, 3, m, n)
				}
			}
		}
	}
}

// TestGemmPackedBErrors checks the shapes, aliasing and nil operands.
func TestGemmPackedBErrors(t *testing.T) {
	b := New(4, 3)
	pb, err := PackB(b, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := GemmPackedB(false, 1, New(2, 5), pb, 0, New(2, 3)); !errors.Is(err, ErrShape) {
		t.Errorf("inner dimensions 5 and 4: got %v", err)
	}
	if err := GemmPackedB(true, 1, New(2, 4), pb, 0, New(4, 3)); !errors.Is(err, ErrShape) {
		t.Errorf("C 4×3 for a 2×3 product: got %v", err)
	}
	sq := New(4, 4)
	pq, _ := PackB(New(4, 4), false)
	if err := GemmPackedB(false, 1, sq, pq, 0, sq); !errors.Is(err, ErrAlias) {
		t.Errorf("C = A: got %v", err)
	}
	if err := GemmPackedB(false, 1, New(2, 4), nil, 0, New(2, 3)); !errors.Is(err, ErrEmpty) {
		t.Errorf("nil packed B: got %v", err)
	}
	if _, err := PackB(nil, false); !errors.Is(err, ErrEmpty) {
		t.Errorf("PackB(nil): got %v", err)
	}
	// Empty operands: C is only scaled.
	pe, err := PackB(New(0, 3), false)
	if err != nil {
		t.Fatal(err)
	}
	c := New(2, 3)
	c.Set(1, 2, 4)
	if err := GemmPackedB(false, 1, New(2, 0), pe, 0.5, c); err != nil || c.At(1, 2) != 2 {
		t.Errorf("k = 0: got %v, c = %v", err, c.At(1, 2))
	}
}

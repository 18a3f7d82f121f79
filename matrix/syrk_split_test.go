package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestSyrkSplitAt checks where AᵀA is cut in two: nowhere below
// syrkSplitRows samples, below 8n samples or for a product too small to
// share, else at a multiple of kc within kc/2 of the middle, both halves
// non-empty.
func TestSyrkSplitAt(t *testing.T) {
	for _, kern := range productKernels() {
		kc := kern.kc
		whole := [][2]int{{syrkSplitRows - 1, 100}, {syrkSplitRows - 1, 1000}, {60000, 60000/8 + 1}, {syrkSplitRows, 13}, {syrkSplitRows, 1}}
		for _, s := range whole {
			if k1 := syrkSplitAt(kern, s[0], s[1]); k1 != 0 {
				t.Errorf("%s: k=%d n=%d cut at %d, want whole", kern.name, s[0], s[1], k1)
			}
		}
		cut := [][2]int{{syrkSplitRows, 14}, {syrkSplitRows, syrkSplitRows / 8}, {syrkSplitRows + 1, 100}, {syrkSplitRows + kc/2, 100}, {60000, 784}, {60000, 60000 / 8}, {99999, 3000}}
		for _, s := range cut {
			k, n := s[0], s[1]
			k1 := syrkSplitAt(kern, k, n)
			if k1 <= 0 || k1 >= k || k1%kc != 0 || math.Abs(float64(2*k1-k)) > float64(kc) {
				t.Errorf("%s: k=%d n=%d cut at %d, want a multiple of %d within %d of k/2", kern.name, k, n, k1, kc, kc/2)
			}
		}
	}
}

// TestSyrkSplitWorkers runs AᵀA, plain and centred, on sizes around the
// cut (samples just below and above syrkSplitRows, not multiples of kc;
// few and odd columns, and the fewest that the cut takes), on a strided
// view, for every kernel: the result must be within the triple loop's
// bound, and have the same bits on 1, 2, 3 and 4 workers, whether the
// halves run one after the other or side by side.
func TestSyrkSplitWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 28))
	shapes := [][2]int{{syrkSplitRows - 1, 14}, {syrkSplitRows, 13}, {syrkSplitRows, 14}, {syrkSplitRows + 1, 37}, {syrkSplitRows + 131, 64}, {3*syrkSplitRows + 5, 29}}
	for _, s := range shapes {
		k, n := s[0], s[1]
		x, _ := viewIn(rng, k, n)
		for i := range k {
			for j := range n {
				x.Set(i, j, x.At(i, j)+float64(j%7)) // means away from zero
			}
		}
		mean, _ := ColMeans(x)
		xc, _, _ := Center(x)
		const alpha = 0.7
		for _, m := range [][]float64{nil, mean} {
			ref, bound := naiveSyrk(true, alpha, x, 0, New(n, n))
			if m != nil {
				ref, bound = naiveSyrk(true, alpha, xc, 0, New(n, n))
			}
			for _, kern := range productKernels() {
				saved := activeKernel
				activeKernel = *kern
				var first *Dense
				for _, workers := range []int{1, 2, 3, 4} {
					name := fmt.Sprintf("%s k=%d n=%d centred=%v workers=%d (cut at %d)", kern.name, k, n, m != nil, workers, syrkSplitAt(syrkKernel(n), k, n))
					c, parent := viewIn(rng, n, n)
					scaleLower(0, c)
					syrkTransLowerOn(alpha, x, m, c, workers)
					checkParentUntouched(t, name, parent, 2, 3, n, n)
					mirrorLower(c)
					checkWithin(t, name, c, ref, bound)
					if first == nil {
						first = c
					} else if !identical(first, c) {
						t.Fatalf("%s: differs from one worker", name)
					}
				}
				activeKernel = saved
			}
		}
	}
}

// TestSyrkSplitAddsToC checks that the cut product adds to what C holds
// (Syrk with β ≠ 0, the upper triangle ignored) within the triple loop's
// bound.
func TestSyrkSplitAddsToC(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 29))
	k, n := syrkSplitRows+77, 45
	a, _ := viewIn(rng, k, n)
	c0 := randSym(rng, n)
	c, _ := viewIn(rng, n, n)
	for i := range n {
		for j := range n {
			c.Set(i, j, c0.At(i, j))
			if j > i {
				c.Set(i, j, 1e300)
			}
		}
	}
	if syrkSplitAt(syrkKernel(n), k, n) == 0 {
		t.Fatalf("k=%d n=%d is not cut", k, n)
	}
	if err := Syrk(true, -0.5, a, 2, c); err != nil {
		t.Fatal(err)
	}
	ref, bound := naiveSyrk(true, -0.5, a, 2, c0)
	checkWithin(t, "Syrk, cut", c, ref, bound)
	checkExactlySymmetric(t, "Syrk, cut", c)
}

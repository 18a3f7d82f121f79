package live

import (
	"math"
	"testing"
)

// The recorded paths are the methods' own iterates: gradient descent with
// a fixed step on the quadratic is xₖ = (I − αH)ᵏx₀, and Adam's first
// step moves every coordinate by α against the sign of the gradient.
func TestDescentPathsFollowTheMethods(t *testing.T) {
	const lr, iters = 0.05, 20
	q := newQuadratic(10)
	paths, err := descentPaths(q, lr, 0.9, iters)
	if err != nil {
		t.Fatal(err)
	}
	gd, ad := paths[0], paths[2]
	if len(gd.f) != iters+1 || len(ad.f) != iters+1 {
		t.Fatalf("%d and %d iterates, want %d", len(gd.f), len(ad.f), iters+1)
	}
	x := []float64{gd.x1[0], gd.x2[0]}
	g := make([]float64, 2)
	for k := 1; k <= iters; k++ {
		q.ValueGrad(x, g)
		x[0] -= lr * g[0]
		x[1] -= lr * g[1]
		tol := float64(4*k) * 0x1p-52 * math.Hypot(x[0], x[1]) * 10 // κ(H) = 10
		if math.Abs(gd.x1[k]-x[0]) > tol || math.Abs(gd.x2[k]-x[1]) > tol {
			t.Fatalf("gradient descent iterate %d: (%g, %g), want (%g, %g)", k, gd.x1[k], gd.x2[k], x[0], x[1])
		}
	}
	q.ValueGrad([]float64{ad.x1[0], ad.x2[0]}, g)
	d1, d2 := ad.x1[1]-ad.x1[0], ad.x2[1]-ad.x2[0]
	if math.Abs(math.Abs(d1)-lr) > 1e-6 || math.Abs(math.Abs(d2)-lr) > 1e-6 || d1*g[0] > 0 || d2*g[1] > 0 {
		t.Errorf("Adam's first step (%g, %g), gradient (%g, %g): want ±%g against it", d1, d2, g[0], g[1], lr)
	}
}

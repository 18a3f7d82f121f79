package live

import (
	"math"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// twoClasses returns 30 points on a line, two overlapping classes of 12
// and 18.
func twoClasses() (*matrix.Dense, []int) {
	x := matrix.New(30, 1)
	y := make([]int, 30)
	for i := range 30 {
		x.Set(i, 0, 0.1*float64(i)+0.8*math.Sin(float64(i)))
		if i >= 12 { // unbalanced: the intercept's gradient at 0 is not 0
			y[i] = 1
		}
	}
	return x, y
}

// The recorded paths are the methods' own iterates on the real loss:
// gradient descent with a fixed step is θₖ₊₁ = θₖ − α∇f(θₖ) from 0 (to
// rounding: each step adds at most a few ε of the iterate), the heavy ball
// with β = 0 is gradient descent iterate for iterate, Adam's first step
// moves every coordinate by α against the sign of the gradient, and every
// loss recorded is f at its iterate.
func TestDescentPathsFollowTheMethods(t *testing.T) {
	const lr, iters = 0.01, 20
	x, y := twoClasses()
	loss, err := learn.NewLogisticLoss(x, y, 1)
	if err != nil {
		t.Fatal(err)
	}
	gd, err := RunDescent(loss, "gd", lr, 0.9, iters)
	if err != nil || gd.Err != nil {
		t.Fatal(err, gd.Err)
	}
	mo0, err := RunDescent(loss, "momentum", lr, 0, iters)
	if err != nil || mo0.Err != nil {
		t.Fatal(err, mo0.Err)
	}
	ad, err := RunDescent(loss, "adam", lr, 0.9, iters)
	if err != nil || ad.Err != nil {
		t.Fatal(err, ad.Err)
	}
	for _, p := range []*DescentPath{gd, mo0, ad} {
		if len(p.X) != iters+1 || len(p.F) != iters+1 {
			t.Fatalf("%s: %d iterates, %d losses, want %d", p.Method, len(p.X), len(p.F), iters+1)
		}
	}
	th := []float64{0, 0}
	g := make([]float64, 2)
	for k := 0; k <= iters; k++ {
		f := loss.ValueGrad(th, g)
		tol := float64(4*(k+1)) * 0x1p-52 * math.Max(1, math.Hypot(th[0], th[1])) * 100
		for j := range th {
			if math.Abs(gd.X[k][j]-th[j]) > tol {
				t.Fatalf("gradient descent θ_%d = %v, want %v", k, gd.X[k], th)
			}
			if mo0.X[k][j] != gd.X[k][j] {
				t.Fatalf("heavy ball with β = 0: θ_%d = %v, gradient descent %v", k, mo0.X[k], gd.X[k])
			}
		}
		if math.Abs(gd.F[k]-f) > 1e-12*f {
			t.Fatalf("gradient descent f_%d = %.17g, want %.17g", k, gd.F[k], f)
		}
		th[0] -= lr * g[0]
		th[1] -= lr * g[1]
	}
	loss.ValueGrad([]float64{0, 0}, g)
	for j := range 2 {
		if d := ad.X[1][j]; math.Abs(math.Abs(d)-lr) > 1e-6 || d*g[j] > 0 {
			t.Errorf("Adam's first step θ₁ = %v, gradient %v: want ±%g against it", ad.X[1], g, lr)
		}
	}
	if f := loss.ValueGrad(ad.X[iters], g); f != ad.F[iters] {
		t.Errorf("Adam's last loss %.17g, f at its iterate %.17g", ad.F[iters], f)
	}
}

// A fixed step far above 2/L diverges: the path ends at the last finite
// iterate with the reason; bad settings are errors.
func TestDescentDivergesAndRefuses(t *testing.T) {
	x, y := twoClasses()
	loss, _ := learn.NewLogisticLoss(x, y, 0.1)
	p, err := RunDescent(loss, "gd", 1e6, 0, 50)
	if err != nil {
		t.Fatal(err)
	}
	if p.Err == nil || len(p.F) > 50 {
		t.Errorf("step 1e6: %d iterates, Err %v; want a path cut short with a reason", len(p.F), p.Err)
	}
	for _, c := range []struct {
		meth     string
		lr, beta float64
		iters    int
	}{{"newton", 0.1, 0, 5}, {"gd", 0, 0, 5}, {"gd", 0.1, 1, 5}, {"adam", 0.1, 0, 0}} {
		if _, err := RunDescent(loss, c.meth, c.lr, c.beta, c.iters); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

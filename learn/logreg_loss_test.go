package learn

import (
	"errors"
	"math"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// The exported loss is the objective Fit minimizes: at Fit's answer f is
// the model's Objective and ∇f meets Fit's tolerance; its gradient agrees
// with central differences; Model(θ) predicts as the fitted model does.
func TestLogisticLossIsFitsObjective(t *testing.T) {
	x, y := separableish()
	const lambda = 0.5
	m, err := LogisticRegression{Lambda: lambda}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewLogisticLoss(x, y, lambda)
	if err != nil {
		t.Fatal(err)
	}
	d := x.Cols()
	if l.Dim() != d+1 {
		t.Fatalf("Dim %d, want %d", l.Dim(), d+1)
	}
	theta := append(m.Coef.Row(0), m.Intercept[0])
	g := make([]float64, d+1)
	f := l.ValueGrad(theta, g)
	if f != m.Objective {
		t.Errorf("f(θ*) = %.17g, model's objective %.17g", f, m.Objective)
	}
	if n := matrix.Nrm2(g); n > 1e-8 {
		t.Errorf("‖∇f(θ*)‖ = %g, want ≤ 1e-8 (Fit's tolerance)", n)
	}
	if _, err := optimize.CheckGradient(l, []float64{0.3, -0.2, 0.1}, nil); err != nil {
		t.Error(err)
	}
	back, err := l.Model(theta)
	if err != nil {
		t.Fatal(err)
	}
	p1, _ := m.Predict(x)
	p2, err := back.Predict(x)
	if err != nil {
		t.Fatal(err)
	}
	for i := range p1 {
		if p1[i] != p2[i] {
			t.Fatalf("row %d: Model(θ*) predicts %d, the fit %d", i, p2[i], p1[i])
		}
	}
	if back.Objective != f || back.Lambda != lambda {
		t.Errorf("Model: objective %g, λ %g; want %g, %g", back.Objective, back.Lambda, f, lambda)
	}
	// Full-batch Adam's first step moves every coordinate by its rate
	// against the gradient's sign (not at all where the gradient is 0: the
	// intercept's, Σ(½ − tᵢ), on balanced classes).
	x0 := make([]float64, d+1)
	var first []float64
	_, _ = optimize.Adam(l, x0, &optimize.AdamSettings{LearningRate: 0.01, Epochs: 1, Trace: func(s optimize.Step) { first = append([]float64(nil), s.X...) }})
	l.ValueGrad(x0, g)
	for j := range first {
		want := 0.01
		if g[j] == 0 {
			want = 0
		}
		if math.Abs(math.Abs(first[j])-want) > 1e-6 || first[j]*g[j] > 0 {
			t.Errorf("Adam's first step θ_%d = %g, gradient %g", j, first[j], g[j])
		}
	}
}

// separableish returns 40 points of two overlapping classes in the plane.
func separableish() (*matrix.Dense, []int) {
	x := matrix.New(40, 2)
	y := make([]int, 40)
	for i := range 40 {
		c := i % 2
		a := float64(i) * 0.7
		x.Set(i, 0, math.Sin(a)+1.2*float64(c))
		x.Set(i, 1, math.Cos(1.3*a)-0.5*float64(c))
		y[i] = 3 + 4*c
	}
	return x, y
}

// Bad input is an error naming it.
func TestLogisticLossBadInput(t *testing.T) {
	x, y := separableish()
	three := append([]int(nil), y...)
	three[0] = 5
	for _, c := range []struct {
		name   string
		x      *matrix.Dense
		y      []int
		lambda float64
		want   error
	}{
		{"three classes", x, three, 1, ErrInvalidParameter},
		{"negative λ", x, y, -1, ErrInvalidParameter},
		{"short labels", x, y[:3], 1, matrix.ErrShape},
	} {
		if _, err := NewLogisticLoss(c.x, c.y, c.lambda); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	l, _ := NewLogisticLoss(x, y, 1)
	if _, err := l.Model([]float64{1, 2}); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("short θ: err = %v", err)
	}
	if _, err := l.Model([]float64{1, math.NaN(), 0}); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("NaN θ: err = %v", err)
	}
}

// Value is ValueGrad's value, bit for bit, wherever θ is: for one and for
// several features, over more rows than one block of ValueGrad's (so the
// blocks' partial sums are added as there), with and without a penalty,
// at large scores too (the exponentials underflow, log1p of 0).
func TestLogisticLossValueIsValueGrads(t *testing.T) {
	const n = logRegBlock + 77
	for _, d := range []int{1, 3} {
		x := matrix.New(n, d)
		y := make([]int, n)
		for i := range n {
			for j := range d {
				x.Set(i, j, math.Sin(float64(i*(j+2)))*float64(j+1)+0.01*float64(i%7))
			}
			y[i] = i % 3 % 2
		}
		for _, lambda := range []float64{0, 0.5} {
			l, err := NewLogisticLoss(x, y, lambda)
			if err != nil {
				t.Fatal(err)
			}
			g := make([]float64, d+1)
			for _, s := range []float64{0, 0.3, -2, 900} {
				theta := make([]float64, d+1)
				for j := range theta {
					theta[j] = s * float64(j+1) / float64(d+1) * math.Cos(float64(j))
				}
				want := l.ValueGrad(theta, g)
				if got := l.Value(theta); math.Float64bits(got) != math.Float64bits(want) {
					t.Errorf("d = %d, λ = %g, θ = %v: Value %.17g, ValueGrad %.17g", d, lambda, theta, got, want)
				}
			}
		}
	}
}

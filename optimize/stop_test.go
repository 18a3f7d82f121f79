package optimize

import (
	"errors"
	"math"
	"testing"

	"mlnotes/matrix"
)

func TestStopDefaults(t *testing.T) {
	s, err := Stop{}.resolve("test", 123)
	if err != nil {
		t.Fatal(err)
	}
	want := Stop{GradAbsTol: 1e-8, GradRelTol: 1e-8, MaxIter: 123}
	if s != want {
		t.Errorf("defaults %+v, want %+v", s, want)
	}
	s, _ = Stop{GradAbsTol: -1, GradRelTol: -2, FuncRelTol: -1, XRelTol: -1, MaxIter: 7}.resolve("test", 123)
	if s != (Stop{GradAbsTol: -1, GradRelTol: -1, MaxIter: 7}) {
		t.Errorf("disabled tests resolve to %+v", s)
	}
}

func TestStatusStrings(t *testing.T) {
	seen := map[string]bool{}
	for s := NotTerminated; s <= BadHessian; s++ {
		str := s.String()
		if str == "" || str == "unknown status" || seen[str] {
			t.Errorf("status %d has string %q", int(s), str)
		}
		seen[str] = true
		if s.Converged() != (s == GradientConverged || s == FunctionConverged || s == StepConverged) {
			t.Errorf("%v: Converged() = %v", s, s.Converged())
		}
	}
	if Status(-1).String() != "unknown status" || Status(99).String() != "unknown status" {
		t.Error("out-of-range status")
	}
}

// TestStopRules triggers each test on purpose on the Rosenbrock function
// plus 1 (so that f* ≠ 0 and the relative change of f goes to 0), where
// fixed-step descent is slow: the f and x tests stop it long before the
// gradient test would, and each reports its own status.
func TestStopRules(t *testing.T) {
	x0 := []float64{-1.2, 1}
	obj := ObjectiveFunc(func(x, g []float64) float64 { return rosenbrock{}.ValueGrad(x, g) + 1 })
	for _, tc := range []struct {
		name string
		stop Stop
		want Status
	}{
		{"function", Stop{FuncRelTol: 1e-6}, FunctionConverged},
		{"step", Stop{XRelTol: 1e-6}, StepConverged},
		{"relative gradient", Stop{GradAbsTol: -1, GradRelTol: 1e-2}, GradientConverged},
		{"absolute gradient", Stop{GradAbsTol: 1e-1, GradRelTol: -1}, GradientConverged},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var steps []Step
			tc.stop.MaxIter = 100000
			res, err := GradientDescent(obj, x0, &GDSettings{StepSize: 1e-3, Stop: tc.stop,
				Trace: func(s Step) { s.X = append([]float64(nil), s.X...); steps = append(steps, s) }})
			if err != nil || res.Status != tc.want || !res.Converged {
				t.Fatalf("got %v, %v", res.Status, err)
			}
			k := res.Iterations
			last, prev := steps[k], steps[k-1]
			// The test that fired holds at k, and did not hold at k − 1.
			g0 := steps[0].GradNorm
			switch tc.want {
			case FunctionConverged:
				if math.Abs(prev.F-last.F) > tc.stop.FuncRelTol*max(math.Abs(prev.F), math.Abs(last.F)) {
					t.Error("f test does not hold at the end")
				}
			case StepConverged:
				if dist(prev.X, last.X) > tc.stop.XRelTol*max(matrix.Nrm2(last.X), 1) {
					t.Error("x test does not hold at the end")
				}
			case GradientConverged:
				tol := max(tc.stop.GradAbsTol, tc.stop.GradRelTol*g0)
				if last.GradNorm > tol || prev.GradNorm <= tol {
					t.Errorf("gradient test: ‖∇f‖ %.3g then %.3g, tolerance %.3g", prev.GradNorm, last.GradNorm, tol)
				}
			}
			if len(res.Loss) != k+1 || len(steps) != k+1 {
				t.Errorf("%d losses, %d steps for %d iterations", len(res.Loss), len(steps), k)
			}
		})
	}
}

// TestStopRelativeGradientIsScaleFree: with the absolute test off, scaling
// f by s = 10⁶ (and the fixed step by 1/s) gives the same iterates up to
// rounding, so the relative gradient test stops at the same iteration.
func TestStopRelativeGradientIsScaleFree(t *testing.T) {
	q, ref := refQuadratic(t)
	rq := ref.Quadratic
	const s = 1e6
	scaled := ObjectiveFunc(func(x, g []float64) float64 {
		f := q.ValueGrad(x, g)
		matrix.ScaleVec(s, g)
		return s * f
	})
	stop := Stop{GradAbsTol: -1, GradRelTol: 1e-6}
	a, err := GradientDescent(q, rq.X0, &GDSettings{StepSize: 1 / rq.L, Stop: stop})
	if err != nil {
		t.Fatal(err)
	}
	b, err := GradientDescent(scaled, rq.X0, &GDSettings{StepSize: 1 / (s * rq.L), Stop: stop})
	if err != nil {
		t.Fatal(err)
	}
	if a.Iterations != b.Iterations {
		t.Errorf("%d iterations unscaled, %d scaled", a.Iterations, b.Iterations)
	}
}

// TestStopCapIsError: every batch method reports the cap as an error
// wrapping matrix.ErrNoConvergence, with the partial result.
func TestStopCapIsError(t *testing.T) {
	x0 := []float64{-1.2, 1}
	stop := Stop{MaxIter: 2}
	runs := map[string]func() (*Result, error){
		"gradient descent": func() (*Result, error) { return GradientDescent(rosenbrock{}, x0, &GDSettings{Stop: stop}) },
		"heavy ball":       func() (*Result, error) { return Momentum(rosenbrock{}, x0, &MomentumSettings{Stop: stop}) },
		"nesterov": func() (*Result, error) {
			return Momentum(rosenbrock{}, x0, &MomentumSettings{Nesterov: true, Stop: stop})
		},
		"newton": func() (*Result, error) { return Newton(rosenbrock{}, x0, &NewtonSettings{Stop: stop}) },
	}
	for name, run := range runs {
		res, err := run()
		if !errors.Is(err, matrix.ErrNoConvergence) || res == nil || res.Iterations != 2 ||
			res.Status != IterationLimit || res.Converged || len(res.Loss) != 3 {
			t.Errorf("%s: got %+v, %v", name, res, err)
			continue
		}
		checkMessage(t, err, "optimize: "+name+": no convergence: 2 iterations")
	}
}

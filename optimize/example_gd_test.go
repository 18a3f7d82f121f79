package optimize_test

import (
	"errors"
	"fmt"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// bowl is f(x, y) = (x − 1)² + 10(y + 2)², minimized at (1, −2).
func bowl(x, g []float64) float64 {
	g[0] = 2 * (x[0] - 1)
	g[1] = 20 * (x[1] + 2)
	return (x[0]-1)*(x[0]-1) + 10*(x[1]+2)*(x[1]+2)
}

func ExampleGradientDescent() {
	// The default: steepest descent with a backtracking Armijo line search.
	res, err := optimize.GradientDescent(optimize.ObjectiveFunc(bowl), []float64{0, 0}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("x = (%.4f, %.4f), f = %.4f, %v\n", res.X[0], res.X[1], res.F, res.Status)
	// Output: x = (1.0000, -2.0000), f = 0.0000, gradient norm below tolerance
}

func ExampleGradientDescent_fixedStep() {
	// A fixed step α = 0.05 < 2/L = 0.1 (L = 20): the loss history shows the
	// linear rate of gradient descent, here set by the flat direction x,
	// where the error shrinks by 1 − 2α = 0.9 per step, until
	// ‖∇f‖ ≤ 10⁻⁸‖∇f(x₀)‖.
	res, err := optimize.GradientDescent(optimize.ObjectiveFunc(bowl), []float64{0, 0},
		&optimize.GDSettings{StepSize: 0.05, Stop: optimize.Stop{MaxIter: 500}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for k := 0; k <= 20; k += 5 {
		fmt.Printf("f(x_%d) = %.4f\n", k, res.Loss[k])
	}
	fmt.Printf("%d iterations to ‖∇f‖ = %.1e\n", res.Iterations, res.GradNorm)
	// Output:
	// f(x_0) = 41.0000
	// f(x_5) = 0.3487
	// f(x_10) = 0.1216
	// f(x_15) = 0.0424
	// f(x_20) = 0.0148
	// 147 iterations to ‖∇f‖ = 3.8e-07
}

// rosen is the Rosenbrock function f(x, y) = 100(y − x²)² + (1 − x)², with
// its Hessian, for Newton's method.
type rosen struct{}

func (rosen) ValueGrad(x, g []float64) float64 {
	t, u := x[1]-x[0]*x[0], 1-x[0]
	g[0] = -400*x[0]*t - 2*u
	g[1] = 200 * t
	return 100*t*t + u*u
}

func (rosen) Hessian(x []float64, h *matrix.Dense) {
	h.Set(0, 0, 1200*x[0]*x[0]-400*x[1]+2)
	h.Set(0, 1, -400*x[0])
	h.Set(1, 0, -400*x[0])
	h.Set(1, 1, 200)
}

func ExampleNewton() {
	res, err := optimize.Newton(rosen{}, []float64{-1.2, 1}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("x = (%.4f, %.4f) after %d Newton steps\n", res.X[0], res.X[1], res.Iterations)
	// Output: x = (1.0000, 1.0000) after 21 Newton steps
}

func ExampleNewton_indefiniteHessian() {
	// f(x, y) = x⁴/4 − x²/2 + y²/2 has ∇²f = diag(3x² − 1, 1), indefinite
	// near x = 0. Newton shifts it by τI until it is positive definite
	// (Step.Shift), so the step still goes downhill, to a minimizer (±1, 0).
	obj := well{}
	res, err := optimize.Newton(obj, []float64{0.1, 1}, &optimize.NewtonSettings{
		Trace: func(s optimize.Step) {
			if s.Shift > 0 {
				fmt.Printf("iteration %d: Hessian shifted by τ = %.4f\n", s.Iteration, s.Shift)
			}
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("x = (%.4f, %.4f)\n", res.X[0], res.X[1])
	// Output:
	// iteration 1: Hessian shifted by τ = 0.9710
	// x = (1.0000, 0.0000)
}

type well struct{}

func (well) ValueGrad(x, g []float64) float64 {
	g[0], g[1] = x[0]*x[0]*x[0]-x[0], x[1]
	return x[0]*x[0]*x[0]*x[0]/4 - x[0]*x[0]/2 + x[1]*x[1]/2
}

func (well) Hessian(x []float64, h *matrix.Dense) {
	h.Set(0, 0, 3*x[0]*x[0]-1)
	h.Set(1, 1, 1)
}

func ExampleMomentum() {
	// On an ill-conditioned quadratic (κ = 100) Nesterov's method with
	// α = 1/L and β = (√κ−1)/(√κ+1) needs far fewer iterations than
	// gradient descent with its best fixed step 2/(L+μ).
	quad := optimize.ObjectiveFunc(func(x, g []float64) float64 {
		g[0], g[1] = x[0], 100*x[1]
		return 0.5 * (x[0]*x[0] + 100*x[1]*x[1])
	})
	x0 := []float64{1, 1}
	gd, _ := optimize.GradientDescent(quad, x0, &optimize.GDSettings{StepSize: 2.0 / 101})
	nag, _ := optimize.Momentum(quad, x0, &optimize.MomentumSettings{Nesterov: true, StepSize: 0.01, Momentum: 9.0 / 11})
	fmt.Printf("gradient descent: %d iterations\nNesterov: %d iterations\n", gd.Iterations, nag.Iterations)
	// Output:
	// gradient descent: 922 iterations
	// Nesterov: 157 iterations
}

// line is least squares on eight points of y = 2t + 1, with x = (slope,
// intercept): fᵢ(x) = ½(x₀tᵢ + x₁ − yᵢ)².
type line struct{ t, y []float64 }

func (l line) Samples() int { return len(l.t) }

func (l line) BatchValueGrad(x, g []float64, batch []int) float64 {
	g[0], g[1] = 0, 0
	f := 0.0
	for _, i := range batch {
		r := x[0]*l.t[i] + x[1] - l.y[i]
		f += 0.5 * r * r
		g[0] += r * l.t[i] / float64(len(batch))
		g[1] += r / float64(len(batch))
	}
	return f / float64(len(batch))
}

func newLine() line {
	t := []float64{-1, -0.5, 0, 0.25, 0.5, 1, 1.5, 2}
	y := make([]float64, len(t))
	for i, ti := range t {
		y[i] = 2*ti + 1
	}
	return line{t: t, y: y}
}

func ExampleSGD() {
	res, err := optimize.SGD(newLine(), []float64{0, 0}, &optimize.SGDSettings{
		LearningRate: 0.1, BatchSize: 2, Epochs: 200, Seed: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("slope %.4f, intercept %.4f\n", res.X[0], res.X[1])
	fmt.Printf("%v after %d epochs, converged: %v\n", res.Status, res.Iterations, res.Converged)
	fmt.Printf("loss in epochs 1, 10, 50: %.4f %.4f %.4f\n", res.Loss[0], res.Loss[9], res.Loss[49])
	// Output:
	// slope 2.0000, intercept 1.0000
	// epoch limit reached after 200 epochs, converged: false
	// loss in epochs 1, 10, 50: 2.4804 0.0009 0.0000
}

func ExampleAdam() {
	res, err := optimize.Adam(newLine(), []float64{0, 0}, &optimize.AdamSettings{
		LearningRate: 0.05, BatchSize: 4, Epochs: 300, Seed: 1, GradTol: 1e-6,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("slope %.4f, intercept %.4f, %v\n", res.X[0], res.X[1], res.Status)
	// Output: slope 2.0000, intercept 1.0000, gradient norm below tolerance
}

func ExampleCheckGradient() {
	// A gradient with a mistake: ∂f/∂y should be 20(y + 2).
	wrong := optimize.ObjectiveFunc(func(x, g []float64) float64 {
		f := bowl(x, g)
		g[1] = 10 * (x[1] + 2)
		return f
	})
	_, err := optimize.CheckGradient(wrong, []float64{0.5, 0.5}, nil)
	fmt.Println(errors.Is(err, optimize.ErrGradientMismatch))
	fmt.Println(err)

	rep, err := optimize.CheckGradient(optimize.ObjectiveFunc(bowl), []float64{0.5, 0.5}, nil)
	fmt.Println(err, rep.RelErr < 1e-9)
	// Output:
	// true
	// optimize: gradient check: gradient does not match finite differences: relative error 0.5 > 1e-06; worst at coordinate 1: analytic 25, finite difference 50
	// <nil> true
}

func ExampleFullBatch() {
	// An objective written for SGD also runs with the batch methods.
	res, err := optimize.GradientDescent(optimize.FullBatch(newLine()), []float64{0, 0}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("slope %.4f, intercept %.4f\n", res.X[0], res.X[1])
	// Output: slope 2.0000, intercept 1.0000
}

package learn

import (
	"fmt"
	"math"

	"mlnotes/matrix"
)

// GradCheck is the outcome of Network.GradientCheck.
type GradCheck struct {
	// Backprop is ∇f(θ) by backpropagation, Finite its finite-difference
	// estimate (layout of Theta).
	Backprop, Finite []float64
	// MaxRelErr is maxᵢ |gᵢ − ĝᵢ| / max(|gᵢ|, |ĝᵢ|, 10⁻⁸), the largest
	// relative error over all weights and biases, attained at Worst.
	MaxRelErr float64
	Worst     int
	// Kinks counts the parameters left out of MaxRelErr because their
	// difference stencil straddles a kink of a ReLU (f is not
	// differentiable there, and no difference quotient estimates a
	// derivative that does not exist); Finite holds 0 for them.
	Kinks int
}

// gradCheckStep is the relative step h of the five-point difference.
// Its error is about h⁴|f⁽⁵⁾|/30 + 1.5ε|f|/h; h = 10⁻⁴ keeps the first below
// 10⁻¹⁶ and the second near 3·10⁻¹² |f|, so a gradient entry of size
// 10⁻⁴·|f| or more is checked to better than 10⁻⁷ relative. A larger h would
// also risk stepping over the kink of a ReLU.
const gradCheckStep = 1e-4

// GradientCheck compares the gradient of the training objective
//
//	f(θ) = (1/n) Σᵢ J(xᵢ, dᵢ; θ) + (λ/2) Σₗ ‖Wˡ‖²_F
//
// on the rows of X (n×n₁) and D (n×n_L), computed by backpropagation, with
// the five-point central difference of every weight and bias,
//
//	ĝᵢ = (f(θ − 2hᵢeᵢ) − 8f(θ − hᵢeᵢ) + 8f(θ + hᵢeᵢ) − f(θ + 2hᵢeᵢ)) / (12hᵢ),
//
// hᵢ = 10⁻⁴·max(|θᵢ|, 1), and reports the largest elementwise relative
// error. Correct backpropagation gives 10⁻⁸ or less on smooth activations;
// a wrong index or a missing factor gives errors of order 1. It costs
// 4·NumParams + 1 passes over the n samples: use a few rows.
//
// Special cases:
//
//	a hard-limiter activation     error (ErrInvalidParameter): no gradient
//	shapes that do not fit        error (matrix.ErrShape)
//	NaN or ±Inf in X, D or θ      error (matrix.ErrNotFinite)
//
// Implements: not in the notes; it checks 004, "Backpropagation
// Algorithm".
//
// Reference: J. Nocedal and S. J. Wright, Numerical Optimization, 2nd ed.,
// Springer 2006, §8.1.
func (net *Network) GradientCheck(x, d *matrix.Dense, loss LossKind, lambda float64) (*GradCheck, error) {
	const op = "learn: network: gradient check"
	if err := net.checkTrainable(op, x, d, loss, lambda); err != nil {
		return nil, err
	}
	return gradCheck(newNetObjective(net, x, d, loss, lambda), net.Theta), nil
}

// checkTrainable validates a network, its data and its loss for training.
func (net *Network) checkTrainable(op string, x, d *matrix.Dense, loss LossKind, lambda float64) error {
	if err := net.check(op); err != nil {
		return err
	}
	for l := 2; l <= net.L(); l++ {
		if net.activation(l).Kind == ActHardLimiter {
			return fmt.Errorf("%s: %w: layer %d is a hard limiter, whose derivative is 0: backpropagation cannot train it", op, ErrInvalidParameter, l)
		}
	}
	if err := checkLoss(op, loss, net.Output); err != nil {
		return err
	}
	if !(lambda >= 0 && lambda < math.Inf(1)) {
		return fmt.Errorf("%s: %w: λ = %v, need a finite number ≥ 0", op, ErrInvalidParameter, lambda)
	}
	if err := checkData(op, x, 1); err != nil {
		return err
	}
	if x.Cols() != net.Sizes[0] {
		return fmt.Errorf("%s: %w: %d input columns, the network takes %d", op, matrix.ErrShape, x.Cols(), net.Sizes[0])
	}
	if d.Rows() != x.Rows() || d.Cols() != net.Sizes[net.L()-1] {
		return fmt.Errorf("%s: %w: targets %d×%d for %d samples and %d outputs", op, matrix.ErrShape, d.Rows(), d.Cols(), x.Rows(), net.Sizes[net.L()-1])
	}
	if err := d.CheckFinite(); err != nil {
		return fmt.Errorf("%s: targets: %w", op, err)
	}
	return nil
}

// gradCheck compares backpropagation with five-point differences of the
// full-batch objective o at θ.
func gradCheck(o *netObjective, theta []float64) *GradCheck {
	all := allRows(o.Samples())
	r := &GradCheck{Backprop: make([]float64, len(theta)), Finite: make([]float64, len(theta))}
	f0 := o.BatchValueGrad(theta, r.Backprop, all)
	th := append([]float64(nil), theta...)
	scratch := make([]float64, len(theta))
	f := func(i int, x float64) float64 {
		th[i] = x
		return o.BatchValueGrad(th, scratch, all)
	}
	for i, ti := range theta {
		h := gradCheckStep * max(math.Abs(ti), 1)
		fm2, fm1, fp1, fp2 := f(i, ti-2*h), f(i, ti-h), f(i, ti+h), f(i, ti+2*h)
		th[i] = ti
		if straddlesKink(fm1, f0, fp1, h) {
			r.Kinks++
			continue
		}
		// The differences first: equal values (a parameter f does not
		// depend on, such as the bias of a dead ReLU) then give exactly 0.
		r.Finite[i] = (8*(fp1-fm1) - (fp2 - fm2)) / (12 * h)
		g, gh := r.Backprop[i], r.Finite[i]
		if e := math.Abs(g-gh) / max(math.Abs(g), math.Abs(gh), 1e-8); e > r.MaxRelErr || math.IsNaN(e) {
			r.MaxRelErr, r.Worst = e, i
		}
	}
	return r
}

// allRows returns 0, 1, …, n−1.
func allRows(n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return idx
}

// kinkJump is the relative disagreement of the two one-sided difference
// quotients above which a stencil is taken to straddle a kink. Where f is
// smooth they differ by about h·|f″| (10⁻⁴·|f″| here), far below this
// fraction of |f′| unless f′ nearly vanishes; across a ReLU's kink they
// differ by the jump of the derivative, of the order of f′ itself.
const kinkJump = 1e-2

// straddlesKink reports whether f has a kink within h of θᵢ, from the
// values f(θ − h), f(θ), f(θ + h): its left and right slopes disagree.
func straddlesKink(fm, f0, fp, h float64) bool {
	left, right := (f0-fm)/h, (fp-f0)/h
	return math.Abs(right-left) > kinkJump*max(math.Abs(left), math.Abs(right), 1e-6)
}

package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// randomDense returns an n×d matrix of N(0, 1) entries from a seeded PCG.
func randomDense(n, d int, seed uint64) *matrix.Dense {
	rng := rand.New(rand.NewPCG(seed, 1))
	m := matrix.New(n, d)
	for i := range n {
		for j := range d {
			m.Set(i, j, rng.NormFloat64())
		}
	}
	return m
}

// oneHot returns the n×c matrix with dᵢₖ = 1 for k = labels[i].
func oneHot(labels []int, c int) *matrix.Dense {
	d := matrix.New(len(labels), c)
	for i, k := range labels {
		d.Set(i, k, 1)
	}
	return d
}

// TestActivationDerivatives checks every f′ against a central difference
// of f at points away from the kinks.
func TestActivationDerivatives(t *testing.T) {
	acts := []Activation{
		{Kind: ActIdentity}, {Kind: ActSigmoid}, {Kind: ActSigmoid, B: 2.5},
		{Kind: ActTanh}, {Kind: ActTanh, A: 1.7159, B: 2.0 / 3}, {Kind: ActReLU},
		{Kind: ActHardLimiter, Tau: 0.3},
	}
	for _, a := range acts {
		for _, x := range []float64{-3.1, -0.7, -0.05, 0.12, 0.9, 2.6} {
			h := 1e-5
			fd := (a.F(x+h) - a.F(x-h)) / (2 * h)
			got := a.Deriv(x, a.F(x))
			if math.Abs(got-fd) > 1e-8*max(1, math.Abs(fd)) {
				t.Errorf("%v: f′(%g) = %.12g, difference %.12g", a, x, got, fd)
			}
		}
	}
	// Values the notes' formulas give directly.
	if got := (Activation{Kind: ActSigmoid, B: 2}).F(0.5); math.Abs(got-1/(1+math.Exp(-1))) > 1e-15 {
		t.Errorf("sigmoid b=2 at 0.5: %v", got)
	}
	if got := (Activation{Kind: ActTanh, A: 2, B: 3}).F(0.25); math.Abs(got-2*math.Tanh(0.75)) > 1e-15 {
		t.Errorf("2·tanh(3·0.25): %v", got)
	}
	if (Activation{Kind: ActHardLimiter, Tau: 1}).F(1) != 0 || (Activation{Kind: ActHardLimiter, Tau: 1}).F(1.0001) != 1 {
		t.Error("hard limiter: f(τ) must be 0 and f(τ+) 1")
	}
	for _, bad := range []Activation{{Kind: "swish"}, {Kind: ActTanh, A: -1}, {Kind: ActSigmoid, B: math.NaN()}} {
		if err := bad.check("test", true); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	if _, err := ParseActivation("softmax"); err != nil {
		t.Error(err)
	}
}

// TestGradientCheckEveryActivationAndLoss runs the built-in gradient check
// on small networks with every hidden activation and every output/loss pair
// (weight decay on): the backpropagated gradient must agree with the
// five-point difference to 1e-6 relative, entry by entry.
func TestGradientCheckEveryActivationAndLoss(t *testing.T) {
	hidden := []Activation{
		{Kind: ActSigmoid, B: 1.5}, {Kind: ActTanh, A: 1.7159, B: 2.0 / 3}, {Kind: ActReLU}, {Kind: ActIdentity},
	}
	outputs := []struct {
		out  Activation
		loss LossKind
	}{
		{Activation{Kind: ActIdentity}, LossSquared},
		{Activation{Kind: ActSigmoid, B: 0.8}, LossSquared},
		{Activation{Kind: ActTanh, A: 1.2, B: 0.7}, LossSquared},
		{Activation{Kind: ActSoftmax}, LossSquared},
		{Activation{Kind: ActSoftmax}, LossCrossEntropy},
		{Activation{Kind: ActSigmoid, B: 1.3}, LossCrossEntropy},
	}
	x := randomDense(7, 4, 11)
	rng := rand.New(rand.NewPCG(5, 5))
	worst := 0.0
	for hi, f := range hidden {
		for oi, o := range outputs {
			net, err := NewNetwork([]int{4, 5, 3, 3}, f, o.out, uint64(10*hi+oi))
			if err != nil {
				t.Fatal(err)
			}
			for i := range net.Theta { // biases away from 0 too
				net.Theta[i] += 0.1 * rng.NormFloat64()
			}
			var d *matrix.Dense
			switch {
			case o.out.Kind == ActSoftmax || o.out.Kind == ActSigmoid:
				labels := make([]int, 7)
				for i := range labels {
					labels[i] = rng.IntN(3)
				}
				d = oneHot(labels, 3)
			default:
				d = randomDense(7, 3, uint64(hi+oi))
			}
			r, err := net.GradientCheck(x, d, o.loss, 0.01)
			if err != nil {
				t.Fatal(err)
			}
			worst = max(worst, r.MaxRelErr)
			if r.MaxRelErr > 1e-6 {
				t.Errorf("hidden %v, output %v, loss %s: relative error %.3g at θ[%d] (backprop %.10g, difference %.10g)",
					f, o.out, o.loss, r.MaxRelErr, r.Worst, r.Backprop[r.Worst], r.Finite[r.Worst])
			}
		}
	}
	t.Logf("largest relative error over %d networks: %.3g", len(hidden)*len(outputs), worst)
}

// TestDeltaRecursionByHand differentiates a 2-2-1 network (sigmoid hidden
// units, a linear output, J = ½(y − d)²) by hand, scalar by scalar as the
// notes write the recursion, and compares with backward.
func TestDeltaRecursionByHand(t *testing.T) {
	net, _ := NewNetwork([]int{2, 2, 1}, Activation{Kind: ActSigmoid}, Activation{Kind: ActIdentity}, 0)
	// w¹ᵢⱼ (input i → hidden j), b², w²ⱼ₁ (hidden j → output), b³.
	w1 := [2][2]float64{{0.5, -0.3}, {0.8, 0.2}}
	b2 := [2]float64{0.1, -0.4}
	w2 := [2]float64{1.5, -2.0}
	b3 := 0.3
	copy(net.Theta, []float64{w1[0][0], w1[0][1], w1[1][0], w1[1][1], b2[0], b2[1], w2[0], w2[1], b3})
	x1 := [2]float64{1.0, -2.0}
	d := 0.7
	sig := func(u float64) float64 { return 1 / (1 + math.Exp(-u)) }
	// Forward: ηⱼ² = Σᵢ wᵢⱼ¹ yᵢ¹ + bⱼ², yⱼ² = f(ηⱼ²), η³ = Σⱼ wⱼ₁² yⱼ² + b³, y³ = η³.
	var y2 [2]float64
	for j := range 2 {
		y2[j] = sig(w1[0][j]*x1[0] + w1[1][j]*x1[1] + b2[j])
	}
	y3 := w2[0]*y2[0] + w2[1]*y2[1] + b3
	// Backward: δ³ = (y³ − d)·1, δⱼ² = δ³ wⱼ₁² f′(ηⱼ²) with f′ = y(1 − y).
	delta3 := y3 - d
	var delta2 [2]float64
	for j := range 2 {
		delta2[j] = delta3 * w2[j] * y2[j] * (1 - y2[j])
	}
	// ∂J/∂wᵢⱼˡ = δⱼˡ⁺¹ yᵢˡ, ∂J/∂bⱼˡ⁺¹ = δⱼˡ⁺¹.
	want := []float64{
		delta2[0] * x1[0], delta2[1] * x1[0], delta2[0] * x1[1], delta2[1] * x1[1], delta2[0], delta2[1],
		delta3 * y2[0], delta3 * y2[1], delta3,
	}
	x, _ := matrix.NewFromRows([][]float64{x1[:]})
	dm, _ := matrix.NewFromRows([][]float64{{d}})
	o := newNetObjective(net, x, dm, LossSquared, 0)
	grad := make([]float64, net.NumParams())
	f := o.BatchValueGrad(net.Theta, grad, []int{0})
	if e := math.Abs(f - 0.5*(y3-d)*(y3-d)); e > 1e-15 {
		t.Errorf("J = %v, by hand %v", f, 0.5*(y3-d)*(y3-d))
	}
	for i := range want {
		if math.Abs(grad[i]-want[i]) > 4*eps*max(1, math.Abs(want[i])) {
			t.Errorf("∂J/∂θ[%d] = %.17g, by hand %.17g", i, grad[i], want[i])
		}
	}
	// The δ's the pass keeps are the ones computed by hand.
	p := o.pass
	if math.Abs(p.Delta[3].At(0, 0)-delta3) > 1e-15 || math.Abs(p.Delta[2].At(0, 1)-delta2[1]) > 1e-15 {
		t.Errorf("δ³ = %v, δ² = %v; by hand %v, %v", p.Delta[3].At(0, 0), p.Delta[2].Row(0), delta3, delta2)
	}
}

// xorData returns the four XOR points and their targets.
func xorData() (*matrix.Dense, *matrix.Dense) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0, 1}, {1, 0}, {1, 1}})
	d, _ := matrix.NewFromRows([][]float64{{0}, {1}, {1}, {0}})
	return x, d
}

// TestXOR trains the 2-2-1 network of the tour (tanh hidden units, a
// sigmoid output, the notes' squared loss) by full-batch momentum and
// checks that it classifies the four points right.
func TestXOR(t *testing.T) {
	x, d := xorData()
	net, err := NewNetwork([]int{2, 2, 1}, Activation{Kind: ActTanh}, Activation{Kind: ActSigmoid}, 1)
	if err != nil {
		t.Fatal(err)
	}
	h, err := net.Train(x, d, LossSquared, 0, Training{SGD: &optimize.SGDSettings{LearningRate: 0.5, Momentum: 0.9, BatchSize: 4, Epochs: 2000}})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := net.Forward(x)
	for i := range 4 {
		y := p.Y[3].At(i, 0)
		if (y > 0.5) != (d.At(i, 0) == 1) {
			t.Errorf("XOR%v = %.3f, want %v", x.Row(i), y, d.At(i, 0))
		}
	}
	if last := h.Loss[len(h.Loss)-1]; !(last < 0.01) {
		t.Errorf("final loss %v", last)
	}
}

// TestTrainingMatchesOptimize checks that the network's epoch loop is
// optimize's SGD, momentum, Nesterov and Adam: same settings, same shuffles,
// same updates, the same weights (bit for bit for SGD, to rounding for
// Adam).
func TestTrainingMatchesOptimize(t *testing.T) {
	x := randomDense(37, 5, 3)
	labels := make([]int, 37)
	for i := range labels {
		labels[i] = i % 3
	}
	d := oneHot(labels, 3)
	cases := []Training{
		{SGD: &optimize.SGDSettings{LearningRate: 0.05, BatchSize: 8, Epochs: 4, Seed: 9}},
		{SGD: &optimize.SGDSettings{LearningRate: 0.05, Momentum: 0.9, Decay: 0.1, BatchSize: 5, Epochs: 3, Seed: 2}},
		{SGD: &optimize.SGDSettings{LearningRate: 0.05, Momentum: 0.8, Nesterov: true, BatchSize: 6, Epochs: 3, Seed: 4}},
		{Adam: &optimize.AdamSettings{LearningRate: 0.01, BatchSize: 7, Epochs: 3, Seed: 5}},
	}
	for ci, tr := range cases {
		net, _ := NewNetwork([]int{5, 6, 3}, Activation{Kind: ActTanh}, Activation{Kind: ActSoftmax}, 7)
		theta0 := append([]float64(nil), net.Theta...)
		if _, err := net.Train(x, d, LossCrossEntropy, 0.001, tr); err != nil {
			t.Fatal(err)
		}
		o := newNetObjective(&Network{Sizes: net.Sizes, Hidden: net.Hidden, Output: net.Output, Theta: theta0}, x, d, LossCrossEntropy, 0.001)
		var res *optimize.Result
		var err error
		if tr.SGD != nil {
			res, err = optimize.SGD(o, theta0, tr.SGD)
		} else {
			res, err = optimize.Adam(o, theta0, tr.Adam)
		}
		if err != nil {
			t.Fatal(err)
		}
		if tr.SGD != nil && !slices.Equal(res.X, net.Theta) {
			t.Errorf("case %d: the weights differ from optimize's", ci)
		}
		// Adam multiplies by 1/(1−βᵗ) where optimize divides: a rounding
		// apart per step, amplified by the 18 steps through the network.
		for i := range res.X {
			if d := math.Abs(res.X[i] - net.Theta[i]); d > 1e-12*max(1, math.Abs(res.X[i])) {
				t.Errorf("case %d: θ[%d] = %.17g, optimize's %.17g", ci, i, net.Theta[i], res.X[i])
				break
			}
		}
	}
}

// TestTrainingErrors checks the bad-input cases of Train.
func TestTrainingErrors(t *testing.T) {
	x, d := xorData()
	mk := func() *Network {
		n, _ := NewNetwork([]int{2, 3, 1}, Activation{Kind: ActSigmoid}, Activation{Kind: ActSigmoid}, 1)
		return n
	}
	sgd := func(lr float64) Training {
		return Training{SGD: &optimize.SGDSettings{LearningRate: lr, BatchSize: 4, Epochs: 3}}
	}
	// A learning rate that blows the loss up: an error naming the epoch,
	// the weights left as they were.
	net, _ := NewNetwork([]int{2, 3, 1}, Activation{Kind: ActTanh}, Activation{Kind: ActIdentity}, 1)
	before := append([]float64(nil), net.Theta...)
	_, err := net.Train(x, d, LossSquared, 0, Training{SGD: &optimize.SGDSettings{LearningRate: 100, BatchSize: 1, Epochs: 50}})
	if !errors.Is(err, matrix.ErrNotFinite) || !strings.Contains(err.Error(), "epoch") {
		t.Errorf("diverging run: %v", err)
	}
	if !slices.Equal(before, net.Theta) {
		t.Error("a failed run changed the weights")
	}
	nan := x.Clone()
	nan.Set(1, 1, math.NaN())
	for name, c := range map[string]struct {
		x, d *matrix.Dense
		loss LossKind
		tr   Training
		want error
	}{
		"lr 0 → default, lr < 0": {x, d, LossSquared, sgd(-1), ErrInvalidParameter},
		"NaN input":              {nan, d, LossSquared, sgd(0.1), matrix.ErrNotFinite},
		"empty":                  {matrix.New(0, 2), matrix.New(0, 1), LossSquared, sgd(0.1), matrix.ErrEmpty},
		"wrong width":            {matrix.New(4, 3), d, LossSquared, sgd(0.1), matrix.ErrShape},
		"unknown loss":           {x, d, "hinge", sgd(0.1), ErrInvalidParameter},
		"xent on linear output":  {x, d, LossCrossEntropy, sgd(0.1), nil},
		"both optimizers":        {x, d, LossSquared, Training{SGD: &optimize.SGDSettings{}, Adam: &optimize.AdamSettings{}}, ErrInvalidParameter},
		"validation 1":           {x, d, LossSquared, Training{ValidationFraction: 1}, ErrInvalidParameter},
		"momentum 1":             {x, d, LossSquared, Training{SGD: &optimize.SGDSettings{Momentum: 1}}, ErrInvalidParameter},
	} {
		_, err := mk().Train(c.x, c.d, c.loss, 0, c.tr)
		if c.want == nil {
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
	if _, err := NewNetwork([]int{2, 0, 1}, Activation{Kind: ActReLU}, Activation{Kind: ActIdentity}, 0); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("width 0: %v", err)
	}
	if _, err := NewNetwork([]int{2, 3, 1}, Activation{Kind: ActSoftmax}, Activation{Kind: ActIdentity}, 0); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("softmax hidden: %v", err)
	}
	hl, _ := NewNetwork([]int{2, 3, 1}, Activation{Kind: ActHardLimiter}, Activation{Kind: ActIdentity}, 0)
	if _, err := hl.Train(x, d, LossSquared, 0, sgd(0.1)); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("hard limiter: %v", err)
	}
	if _, err := hl.Forward(x); err != nil {
		t.Errorf("a hard-limiter network can still be evaluated: %v", err)
	}
}

// TestEarlyStopping trains a wide network on noise with a validation split:
// the validation loss must stop improving, the run end before its budget,
// and the weights be those of the best epoch.
func TestEarlyStopping(t *testing.T) {
	x := randomDense(60, 3, 8)
	d := randomDense(60, 1, 9)
	net, _ := NewNetwork([]int{3, 40, 1}, Activation{Kind: ActTanh}, Activation{Kind: ActIdentity}, 2)
	h, err := net.Train(x, d, LossSquared, 0, Training{
		Adam: &optimize.AdamSettings{LearningRate: 0.01, BatchSize: 10, Epochs: 500}, ValidationFraction: 0.3, Patience: 5,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !h.Stopped || h.Epochs >= 500 || h.Epochs-h.BestEpoch != 5 {
		t.Fatalf("stopped %v after %d epochs, best %d", h.Stopped, h.Epochs, h.BestEpoch)
	}
	xt, dt, xv, dv := splitValidation(x, d, 0.3, 0, nil)
	if xt.Rows() != 42 || xv.Rows() != 18 || dt.Rows() != 42 {
		t.Fatalf("split %d + %d", xt.Rows(), xv.Rows())
	}
	vl, _ := net.dataLoss(xv, dv, LossSquared)
	if vl != h.ValidLoss[h.BestEpoch-1] {
		t.Errorf("validation loss of the kept weights %v, of the best epoch %v", vl, h.ValidLoss[h.BestEpoch-1])
	}
}

// TestNeuron checks the single neuron of the notes: a hard limiter with
// weights (1, 1) and τ = 1.5 computes AND, and a sigmoid neuron its
// formula.
func TestNeuron(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0, 1}, {1, 0}, {1, 1}})
	and := Neuron{Weights: []float64{1, 1}, F: Activation{Kind: ActHardLimiter, Tau: 1.5}}
	y, err := and.Output(x)
	if err != nil || !slices.Equal(y, []float64{0, 0, 0, 1}) {
		t.Errorf("AND: %v, %v", y, err)
	}
	s := Neuron{Weights: []float64{2, -1}, Bias: 0.5, F: Activation{Kind: ActSigmoid, B: 3}}
	y, _ = s.Output(x)
	for i := range 4 {
		eta := 2*x.At(i, 0) - x.At(i, 1) + 0.5
		if want := 1 / (1 + math.Exp(-3*eta)); math.Abs(y[i]-want) > 4*eps {
			t.Errorf("sigmoid neuron at %v: %v, want %v", x.Row(i), y[i], want)
		}
	}
	if _, err := (Neuron{Weights: []float64{1}, F: Activation{Kind: ActReLU}}).Output(x); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
	if _, err := (Neuron{Weights: []float64{1, 1}, F: Activation{Kind: ActSoftmax}}).Output(x); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("softmax neuron: %v", err)
	}
	if _, err := ParseActivation("swish"); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("unknown activation: %v", err)
	}
}

// A ReLU network whose units sit exactly on the kink (a zero input row
// and zero biases: η = 0) has no derivative there in the biases; the check
// leaves those parameters out and counts them instead of reporting an
// error of order 1, and still checks every other parameter to 1e-6.
func TestGradientCheckReLUKink(t *testing.T) {
	relu := Activation{Kind: ActReLU}
	net, err := NewNetwork([]int{3, 6, 2}, relu, Activation{Kind: ActIdentity}, 4)
	if err != nil {
		t.Fatal(err)
	}
	for l := 1; l < net.L(); l++ {
		clear(net.Bias(l)) // the biases into layer l + 1
	}
	x := mustRows(t, [][]float64{{0, 0, 0}, {0.5, -1, 2}, {1, 1, -0.5}})
	d := randomDense(3, 2, 9)
	r, err := net.GradientCheck(x, d, LossSquared, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Kinks == 0 || r.Kinks > 6 {
		t.Errorf("%d parameters at a kink, want the hidden biases (1 to 6)", r.Kinks)
	}
	if r.MaxRelErr > 1e-6 {
		t.Errorf("relative error %.3g at θ[%d] away from the kinks", r.MaxRelErr, r.Worst)
	}
}

// The classifier's validation split is stratified: round(fraction·n)
// rows, each class's share within one row of fraction·nⱼ, every row in
// exactly one part, and neither part empty.
func TestSplitValidationStratified(t *testing.T) {
	sizes := map[int]int{0: 90, 1: 9, 2: 1}
	var classes []int
	for c := range 3 {
		for range sizes[c] {
			classes = append(classes, c)
		}
	}
	n := len(classes)
	x := matrix.New(n, 1)
	d := matrix.New(n, 1)
	for i := range n {
		x.Set(i, 0, float64(i))
		d.Set(i, 0, float64(classes[i]))
	}
	for _, f := range []float64{0.1, 0.2, 0.5} {
		xt, dt, xv, dv := splitValidation(x, d, f, 7, classes)
		seen := make([]int, n)
		got := map[int]int{}
		for i := range xv.Rows() {
			seen[int(xv.At(i, 0))]++
			got[int(dv.At(i, 0))]++
		}
		for i := range xt.Rows() {
			seen[int(xt.At(i, 0))]++
			if dt.At(i, 0) != float64(classes[int(xt.At(i, 0))]) {
				t.Fatalf("f=%v: row and target separated", f)
			}
		}
		for i, k := range seen {
			if k != 1 {
				t.Fatalf("f=%v: row %d appears %d times", f, i, k)
			}
		}
		if want := int(math.Round(f * float64(n))); xv.Rows() != want {
			t.Errorf("f=%v: %d validation rows, want %d", f, xv.Rows(), want)
		}
		for c, nc := range sizes {
			if share := f * float64(nc); math.Abs(float64(got[c])-share) > 1 {
				t.Errorf("f=%v: class %d gives %d validation rows, its share is %.1f", f, c, got[c], share)
			}
		}
	}
	two := matrix.New(2, 1)
	_, _, xv, _ := splitValidation(two, two, 0.1, 1, []int{0, 1})
	xt, _, _, _ := splitValidation(two, two, 0.9, 1, []int{0, 1})
	if xv.Rows() != 1 || xt.Rows() != 1 {
		t.Errorf("rounding emptied a part: %d validation rows at 0.1, %d training rows at 0.9", xv.Rows(), xt.Rows())
	}
}

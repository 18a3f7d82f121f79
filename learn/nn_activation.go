package learn

import (
	"fmt"
	"math"

	"mlnotes/matrix"
)

// ActivationKind names an activation function f of 004, "Typical
// Activation function", or the softmax of an output layer.
type ActivationKind string

// The activation functions. The names are those the CLI accepts.
const (
	// ActIdentity is f(η) = η, the output of a linear unit (regression
	// outputs, linear autoencoders).
	ActIdentity ActivationKind = "identity"
	// ActSigmoid is f(η) = 1/(1 + exp(−bη)) with slope b > 0, and
	// f′(η) = b·f(η)(1 − f(η)).
	ActSigmoid ActivationKind = "sigmoid"
	// ActTanh is f(η) = a·tanh(bη) with a, b > 0, and
	// f′(η) = ab(1 − tanh²(bη)) = (b/a)(a² − f(η)²).
	ActTanh ActivationKind = "tanh"
	// ActReLU is f(η) = max(0, η), with f′(η) = 1 for η > 0 and 0 otherwise
	// (the value 0 chosen at the kink η = 0, as every library does).
	ActReLU ActivationKind = "relu"
	// ActHardLimiter is f(η) = 1 if η > τ, 0 otherwise: the neuron of the
	// perceptron. Its derivative is 0 wherever it exists, so no gradient
	// flows through it: a network with it can be evaluated (Neuron,
	// Network.Forward) but not trained by backpropagation.
	ActHardLimiter ActivationKind = "hard-limiter"
	// ActSoftmax is yₖ = exp(ηₖ)/Σⱼ exp(ηⱼ) over the units of an output
	// layer: not an elementwise function, allowed in the output layer only.
	ActSoftmax ActivationKind = "softmax"
)

// Activation is an activation function with its parameters. The zero value
// of A and B means 1; Tau is the threshold τ of the hard limiter (zero is a
// legitimate τ and the default).
//
// Implements: 004, "Typical Activation function" and
// "Single Neuron Models" (y = f(η)).
type Activation struct {
	Kind ActivationKind `json:"kind"`
	// A is the amplitude a > 0 of a·tanh(bη); zero means 1. (The notes also
	// list "a, b > 0" under the sigmoid, which has no a: docs/errata.md.)
	A float64 `json:"a,omitempty"`
	// B is the slope b > 0 of the sigmoid and of a·tanh(bη); zero means 1.
	B float64 `json:"b,omitempty"`
	// Tau is the threshold τ of the hard limiter.
	Tau float64 `json:"tau,omitempty"`
}

// ParseActivation returns the activation named by s ("identity", "sigmoid",
// "tanh", "relu", "hard-limiter", "softmax") with a = b = 1 and τ = 0.
func ParseActivation(s string) (Activation, error) {
	a := Activation{Kind: ActivationKind(s)}
	if err := a.check("learn: activation", true); err != nil {
		return Activation{}, err
	}
	return a, nil
}

// String returns the kind with the parameters that differ from 1 (τ from 0).
func (a Activation) String() string {
	switch {
	case a.Kind == ActTanh && (a.a() != 1 || a.b() != 1):
		return fmt.Sprintf("%g·tanh(%g·η)", a.a(), a.b())
	case a.Kind == ActSigmoid && a.b() != 1:
		return fmt.Sprintf("sigmoid(b=%g)", a.b())
	case a.Kind == ActHardLimiter && a.Tau != 0:
		return fmt.Sprintf("hard-limiter(τ=%g)", a.Tau)
	}
	return string(a.Kind)
}

func (a Activation) a() float64 {
	if a.A == 0 {
		return 1
	}
	return a.A
}

func (a Activation) b() float64 {
	if a.B == 0 {
		return 1
	}
	return a.B
}

// check validates the kind and the parameters; softmax is accepted only
// when output is set.
func (a Activation) check(op string, output bool) error {
	switch a.Kind {
	case ActIdentity, ActSigmoid, ActTanh, ActReLU, ActHardLimiter:
	case ActSoftmax:
		if !output {
			return fmt.Errorf("%s: %w: softmax is an output layer, not a hidden activation", op, ErrInvalidParameter)
		}
	default:
		return fmt.Errorf("%s: %w: unknown activation %q (identity, sigmoid, tanh, relu, hard-limiter, softmax)", op, ErrInvalidParameter, string(a.Kind))
	}
	for _, p := range []struct {
		name string
		v    float64
	}{{"a", a.A}, {"b", a.B}} {
		if !(p.v >= 0 && p.v < math.Inf(1)) {
			return fmt.Errorf("%s: %w: %s = %v, need a finite number > 0 (0 means 1)", op, ErrInvalidParameter, p.name, p.v)
		}
	}
	if math.IsNaN(a.Tau) || math.IsInf(a.Tau, 0) {
		return fmt.Errorf("%s: %w: τ = %v", op, ErrInvalidParameter, a.Tau)
	}
	return nil
}

// F returns f(η) for an elementwise activation (softmax of a single unit is 1).
func (a Activation) F(eta float64) float64 {
	switch a.Kind {
	case ActSigmoid:
		return 1 / (1 + matrix.Exp(-a.b()*eta)) // 1/(1 + e^(−bη))
	case ActTanh:
		return a.a() * math.Tanh(a.b()*eta) // a·tanh(bη)
	case ActReLU:
		return max(0, eta) // max(0, η)
	case ActHardLimiter:
		if eta > a.Tau {
			return 1
		}
		return 0
	case ActSoftmax:
		return 1
	}
	return eta
}

// Deriv returns f′(η), given η and y = f(η) (the sigmoid and tanh
// derivatives are cheapest from y). Softmax has no elementwise derivative:
// it returns NaN.
func (a Activation) Deriv(eta, y float64) float64 {
	switch a.Kind {
	case ActSigmoid:
		return a.b() * y * (1 - y) // b·f(1 − f)
	case ActTanh:
		aa := a.a()
		return a.b() / aa * (aa - y) * (aa + y) // (b/a)(a² − f²)
	case ActReLU:
		if eta > 0 {
			return 1
		}
		return 0
	case ActHardLimiter:
		return 0
	case ActSoftmax:
		return math.NaN()
	}
	return 1
}

// apply computes Y = f(H) elementwise for a B×n block (softmax: row by row).
// H and Y have the same shape and may be the same matrix.
func (a Activation) apply(h, y *matrix.Dense) {
	rows, cols := h.Dims()
	switch a.Kind {
	case ActSoftmax:
		for i := range rows {
			softmaxRow(h.Row(i), y.Row(i))
		}
		return
	case ActSigmoid:
		b := a.b()
		for i := range rows {
			hi, yi := h.Row(i), y.Row(i)[:cols]
			for j, v := range hi {
				yi[j] = 1 / (1 + matrix.Exp(-b*v))
			}
		}
		return
	case ActReLU:
		for i := range rows {
			hi, yi := h.Row(i), y.Row(i)[:cols]
			for j, v := range hi {
				yi[j] = max(0, v)
			}
		}
		return
	}
	for i := range rows {
		hi, yi := h.Row(i), y.Row(i)[:cols]
		for j, v := range hi {
			yi[j] = a.F(v)
		}
	}
}

// scaleByDeriv multiplies Δ elementwise by f′(H) (given H and Y = f(H)):
// the factor f′(ηⱼˡ) of the δ recursion. Not for softmax.
func (a Activation) scaleByDeriv(h, y, delta *matrix.Dense) {
	rows, cols := h.Dims()
	switch a.Kind {
	case ActIdentity:
		return
	case ActReLU:
		for i := range rows {
			hi, di := h.Row(i), delta.Row(i)[:cols]
			for j, v := range hi {
				if !(v > 0) {
					di[j] = 0
				}
			}
		}
		return
	case ActSigmoid:
		b := a.b()
		for i := range rows {
			yi, di := y.Row(i), delta.Row(i)[:cols]
			for j, v := range yi {
				di[j] *= b * v * (1 - v)
			}
		}
		return
	}
	for i := range rows {
		hi, yi, di := h.Row(i), y.Row(i), delta.Row(i)[:cols]
		for j := range di {
			di[j] *= a.Deriv(hi[j], yi[j])
		}
	}
}

// softmaxRow writes yₖ = exp(ηₖ − m)/Σⱼ exp(ηⱼ − m), m = maxⱼ ηⱼ, which
// cannot overflow and equals the softmax of η.
func softmaxRow(eta, y []float64) {
	m := eta[0]
	for _, v := range eta {
		m = max(m, v)
	}
	var s float64
	for k, v := range eta {
		y[k] = matrix.Exp(v - m)
		s += y[k]
	}
	inv := 1 / s
	for k := range eta {
		y[k] *= inv
	}
}

// Neuron is the single neuron of 004, "Single Neuron Models": net input η = Σᵢ wᵢxᵢ + bias
// and output y = f(η).
//
// Implements: 004, "Single Neuron Models" (the
// notes' η has no bias; Bias = 0 gives it).
type Neuron struct {
	Weights []float64 // w (length d)
	Bias    float64
	F       Activation
}

// Output returns y = f(η) for every row x of X (n×d).
func (u Neuron) Output(x *matrix.Dense) ([]float64, error) {
	if err := u.F.check("learn: neuron", false); err != nil {
		return nil, err
	}
	if err := checkQuery("learn: neuron", x, len(u.Weights)); err != nil {
		return nil, err
	}
	eta, _ := matrix.MulVec(x, u.Weights) // ηᵢ = Σⱼ wⱼxᵢⱼ
	for i := range eta {
		eta[i] = u.F.F(eta[i] + u.Bias) // yᵢ = f(ηᵢ)
	}
	return eta, nil
}

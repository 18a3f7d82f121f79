package learn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"mlnotes/matrix"
)

// Network is a multilayer feed-forward network in the notation of notes
// 004, "Multilayer feed-forward Network": layers l = 1, …, L of nₗ nodes
// (layer 1 is the input, layer L the output), weights wᵢⱼˡ from node i of
// layer l to node j of layer l+1, net inputs and outputs
//
//	ηⱼˡ⁺¹ = Σᵢ wᵢⱼˡ yᵢˡ + bⱼˡ⁺¹,   yⱼˡ⁺¹ = f(ηⱼˡ⁺¹),
//
// with the bias bⱼˡ⁺¹ the notes allow ("can also include a bias term").
// For a mini-batch of B samples, rows of the matrices Yˡ (B×nₗ) and Hˡ
// (B×nₗ, the η's), a layer is one matrix product:
//
//	Hˡ⁺¹ = Yˡ Wˡ + 1 (bˡ⁺¹)ᵀ,   Yˡ⁺¹ = f(Hˡ⁺¹),   Wˡ = [wᵢⱼˡ] is nₗ×nₗ₊₁.
//
// Every weight and bias lives in the one vector Theta, layer after layer:
// for l = 1, …, L−1 the nₗ×nₗ₊₁ matrix Wˡ row by row (wᵢⱼˡ at
// Theta[offset + i·nₗ₊₁ + j]) and then bˡ⁺¹; Weights and Bias return views
// into it. The optimizers see Theta as their x.
//
// Implements: 004, "Networks in Neurons",
// "Multilayer feed-forward Network".
type Network struct {
	// Sizes are n₁, …, n_L: the input width, the hidden widths and the
	// output width (L ≥ 2).
	Sizes []int `json:"sizes"`
	// Hidden is the activation f of layers 2, …, L−1 and Output that of
	// layer L (which may be ActSoftmax).
	Hidden Activation `json:"hidden"`
	Output Activation `json:"output"`
	// Theta holds all weights and biases (see the type's comment).
	Theta []float64 `json:"theta"`
}

// NewNetwork returns a network with the given sizes n₁, …, n_L and
// activations, its weights drawn from the seeded PCG generator with a
// variance scaled to the fan-in of each layer:
//
//	wᵢⱼˡ ~ U(−r, r),  r = √(3g/nₗ),  so that Var wᵢⱼˡ = g/nₗ,
//
// with g = 2 when layer l+1 is ReLU (He et al., 2015) and g = 1 otherwise
// (LeCun et al., 1998), divided by b² for a sigmoid or a·tanh(bη) of slope
// b so that bη starts with the variance η has for b = 1; the biases start
// at 0. Var ηⱼˡ⁺¹ = nₗ·Var w·E[y²] keeps the
// scale of the signal from layer to layer, the condition for gradients that
// neither vanish nor explode at the start.
//
// Special cases:
//
//	fewer than 2 layers, a width < 1       error (ErrInvalidParameter)
//	invalid activation, softmax hidden     error (ErrInvalidParameter)
//	parameters beyond the memory limit     error (matrix.ErrTooLarge)
//
// Reference: Y. LeCun, L. Bottou, G. Orr and K.-R. Müller, "Efficient
// BackProp", 1998; K. He, X. Zhang, S. Ren and J. Sun, "Delving deep into
// rectifiers", ICCV 2015.
func NewNetwork(sizes []int, hidden, output Activation, seed uint64) (*Network, error) {
	net := &Network{Sizes: append([]int(nil), sizes...), Hidden: hidden, Output: output}
	if err := net.checkShape("learn: network"); err != nil {
		return nil, err
	}
	if err := checkNetworkSize("learn: network", net.Sizes); err != nil {
		return nil, err
	}
	net.Theta = make([]float64, net.NumParams())
	rng := rand.New(rand.NewPCG(seed, initStream))
	for l := 1; l < net.L(); l++ {
		w, _ := net.layer(net.Theta, l)
		f := net.activation(l + 1)
		g := 1.0
		switch f.Kind {
		case ActReLU:
			g = 2
		case ActSigmoid, ActTanh:
			g = 1 / (f.b() * f.b()) // bη has the variance η has at b = 1
		}
		r := math.Sqrt(3 * g / float64(net.Sizes[l-1]))
		data, _ := w.Raw()
		for i := range data {
			data[i] = r * (2*rng.Float64() - 1)
		}
	}
	return net, nil
}

// initStream and splitStream are the second words of the PCG generators of
// the initial weights and of the validation split (the shuffles use the
// optimizers' stream, shuffleStream), so that one seed fixes a whole run.
const (
	initStream    = 0x6e6e2d696e6974 // "nn-init"
	splitStream   = 0x6e6e2d73706c74 // "nn-splt"
	shuffleStream = 0x6d6c6e6f746573 // "mlnotes", as in optimize's SGD and Adam
	noiseStream   = 0x6e6e2d6e6f6973 // "nn-nois", the masking noise of denoising autoencoders
)

// L returns the number of layers L (the input layer counts).
func (net *Network) L() int { return len(net.Sizes) }

// NumParams returns the number of weights and biases, Σₗ (nₗ + 1)·nₗ₊₁.
func (net *Network) NumParams() int {
	p := 0
	for l := 1; l < len(net.Sizes); l++ {
		p += (net.Sizes[l-1] + 1) * net.Sizes[l]
	}
	return p
}

// activation returns f of layer l (2 ≤ l ≤ L).
func (net *Network) activation(l int) Activation {
	if l == net.L() {
		return net.Output
	}
	return net.Hidden
}

// checkShape validates sizes and activations (not Theta's length).
func (net *Network) checkShape(op string) error {
	if len(net.Sizes) < 2 {
		return fmt.Errorf("%s: %w: %d layer(s), need at least an input and an output layer", op, ErrInvalidParameter, len(net.Sizes))
	}
	for l, n := range net.Sizes {
		if n < 1 {
			return fmt.Errorf("%s: %w: layer %d has width %d", op, ErrInvalidParameter, l+1, n)
		}
	}
	if len(net.Sizes) > 2 {
		if err := net.Hidden.check(op+": hidden layers", false); err != nil {
			return err
		}
	}
	return net.Output.check(op+": output layer", true)
}

// check validates the whole network, Theta included (after loading).
func (net *Network) check(op string) error {
	if err := net.checkShape(op); err != nil {
		return err
	}
	if len(net.Theta) != net.NumParams() {
		return fmt.Errorf("%s: %w: %d parameters for sizes %v, need %d", op, matrix.ErrShape, len(net.Theta), net.Sizes, net.NumParams())
	}
	if err := matrix.VecFinite(net.Theta); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// layer returns the views Wˡ (nₗ×nₗ₊₁) and bˡ⁺¹ (nₗ₊₁) into theta, for
// 1 ≤ l ≤ L−1. The same layout serves the gradient vector.
func (net *Network) layer(theta []float64, l int) (w *matrix.Dense, b []float64) {
	off := 0
	for k := 1; k < l; k++ {
		off += (net.Sizes[k-1] + 1) * net.Sizes[k]
	}
	nIn, nOut := net.Sizes[l-1], net.Sizes[l]
	w, _ = matrix.NewFromSlice(nIn, nOut, theta[off:off+nIn*nOut])
	return w, theta[off+nIn*nOut : off+(nIn+1)*nOut]
}

// Weights returns a view of Wˡ = [wᵢⱼˡ] (nₗ×nₗ₊₁), 1 ≤ l ≤ L−1: changing
// it changes the network.
func (net *Network) Weights(l int) *matrix.Dense {
	w, _ := net.layer(net.Theta, l)
	return w
}

// Bias returns a view of the biases bˡ⁺¹ of the nodes of layer l+1.
func (net *Network) Bias(l int) []float64 {
	_, b := net.layer(net.Theta, l)
	return b
}

// Pass holds a forward pass over a batch of B samples: Eta[l] = Hˡ and
// Y[l] = Yˡ (B×nₗ) for l = 1, …, L, indexed as in the notes (Eta[1] and
// the unused index 0 are nil; Y[1] is the input). Delta[l] holds δˡ after
// a backward pass (l = 2, …, L).
type Pass struct {
	Eta, Y, Delta []*matrix.Dense
}

// newPass allocates the matrices of a pass over up to rows samples.
func (net *Network) newPass(rows int) *Pass {
	L := net.L()
	p := &Pass{Eta: make([]*matrix.Dense, L+1), Y: make([]*matrix.Dense, L+1), Delta: make([]*matrix.Dense, L+1)}
	p.Y[1] = matrix.New(rows, net.Sizes[0])
	for l := 2; l <= L; l++ {
		n := net.Sizes[l-1]
		p.Eta[l], p.Y[l], p.Delta[l] = matrix.New(rows, n), matrix.New(rows, n), matrix.New(rows, n)
	}
	return p
}

// head returns the pass restricted to its first b rows (views).
func (p *Pass) head(b int) *Pass {
	if p.Y[1].Rows() == b {
		return p
	}
	q := &Pass{Eta: make([]*matrix.Dense, len(p.Y)), Y: make([]*matrix.Dense, len(p.Y)), Delta: make([]*matrix.Dense, len(p.Y))}
	for l := 1; l < len(p.Y); l++ {
		for _, m := range []struct{ dst, src []*matrix.Dense }{{q.Eta, p.Eta}, {q.Y, p.Y}, {q.Delta, p.Delta}} {
			if m.src[l] != nil {
				m.dst[l] = m.src[l].Slice(0, b, 0, m.src[l].Cols())
			}
		}
	}
	return q
}

// forward computes Hˡ and Yˡ for l = 2, …, L from Y¹ (already in p):
//
//	Hˡ⁺¹ = Yˡ Wˡ + 1(bˡ⁺¹)ᵀ   (ηⱼˡ⁺¹ = Σᵢ wᵢⱼˡ yᵢˡ + bⱼˡ⁺¹, one GEMM per layer)
//	Yˡ⁺¹ = f(Hˡ⁺¹)
func (net *Network) forward(theta []float64, p *Pass) {
	for l := 1; l < net.L(); l++ {
		w, b := net.layer(theta, l)
		eta := p.Eta[l+1]
		for i := range eta.Rows() {
			copy(eta.Row(i), b) // 1(bˡ⁺¹)ᵀ
		}
		matrix.Gemm(false, false, 1, p.Y[l], w, 1, eta) // + Yˡ Wˡ
		net.activation(l+1).apply(eta, p.Y[l+1])        // Yˡ⁺¹ = f(Hˡ⁺¹)
	}
}

// Forward runs the network on the rows of X (B×n₁) and returns the whole
// pass, every Hˡ and Yˡ kept: the output is Y[L].
func (net *Network) Forward(x *matrix.Dense) (*Pass, error) {
	const op = "learn: network: forward"
	if err := net.check(op); err != nil {
		return nil, err
	}
	if err := checkQuery(op, x, net.Sizes[0]); err != nil {
		return nil, err
	}
	p := net.newPass(x.Rows())
	p.Y[1].Copy(x)
	net.forward(net.Theta, p)
	return p, nil
}

// predictRows is the forward pass of a fitted model over X, a block of
// predictBlock rows at a time, returning the n×n_L output. A row with a
// net input that is not finite at any layer (weights or inputs so large
// that a sum overflowed: its sign, and so what the activation makes of
// it, is then an accident) is an error wrapping matrix.ErrNotFinite
// naming the row (score_check.go), never a silent NaN or a saturated unit.
func (net *Network) predictRows(op string, x *matrix.Dense) (*matrix.Dense, error) {
	return net.mapBlocks(op, x, net.L(), func(p *Pass) *matrix.Dense { return p.Y[net.L()] })
}

// mapBlocks runs the forward pass over X in blocks of rows and collects
// pick(pass) (a B×n block of some layer) into one n×width matrix, where
// width is the width of layer `layer`, checking that every net input up to it and
// the result are finite.
func (net *Network) mapBlocks(op string, x *matrix.Dense, layer int, pick func(p *Pass) *matrix.Dense) (*matrix.Dense, error) {
	n := x.Rows()
	out := matrix.New(n, net.Sizes[layer-1])
	bad := make([]bool, n)
	full := net.newPass(min(n, predictBlock))
	for i0 := 0; i0 < n; i0 += predictBlock {
		b := min(predictBlock, n-i0)
		p := full.head(b)
		p.Y[1].Copy(x.Slice(i0, i0+b, 0, x.Cols()))
		net.forward(net.Theta, p)
		res := pick(p)
		out.Slice(i0, i0+b, 0, out.Cols()).Copy(res)
		for r := range b {
			bad[i0+r] = !allFinite(res.Row(r))
			for l := 2; l <= layer && !bad[i0+r]; l++ {
				bad[i0+r] = !allFinite(p.Eta[l].Row(r))
			}
		}
	}
	if err := checkScores(op, "net input", n, func(i int) bool { return bad[i] }); err != nil {
		return nil, err
	}
	return out, nil
}

// predictBlock is the number of rows of a forward pass at prediction time:
// large enough for the products to run at full speed, small enough that
// the pass stays in cache.
const predictBlock = 256

package main

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

func init() {
	registerSection(section{order: 62, name: "xor", title: "A 2-2-1 network learns XOR by backpropagation",
		notes: `004, "Multilayer feed-forward Network", "Backpropagation Algorithm"`, run: tourXOR})
	registerSection(section{order: 63, name: "mlp-digits", title: "SGD, momentum and Adam on the same digits network",
		notes: `004, "Backpropagation Algorithm"`, run: tourMLPDigits})
	registerSection(section{order: 64, name: "autoencoders", title: "Autoencoders: plain, denoising and sparse",
		notes: `004, "Auto-Encoder", "Denoising Autoencoder", "Sparse Autoencoder"`, run: tourAutoencoders})
}

func tourXOR(t *tour) error {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0, 1}, {1, 0}, {1, 1}})
	d, _ := matrix.NewFromRows([][]float64{{0}, {1}, {1}, {0}})
	t.say("XOR is not linearly separable: no single neuron y = f(w₁x₁ + w₂x₂ + b) computes it")
	net, err := learn.NewNetwork([]int{2, 2, 1}, learn.Activation{Kind: learn.ActTanh}, learn.Activation{Kind: learn.ActSigmoid}, 1)
	if err != nil {
		return err
	}
	r, err := net.GradientCheck(x, d, learn.LossSquared, 0)
	if err != nil {
		return err
	}
	t.checkTrue("the δ recursion gives ∂J/∂wᵢⱼˡ = δⱼˡ⁺¹yᵢˡ: backpropagation against finite differences", r.MaxRelErr < 1e-6,
		fmt.Sprintf("largest relative error over the %d weights and biases %.1e", len(r.Backprop), r.MaxRelErr))
	h, err := net.Train(x, d, learn.LossSquared, 0, learn.Training{SGD: &optimize.SGDSettings{LearningRate: 0.5, Momentum: 0.9, BatchSize: 4, Epochs: 2000}})
	if err != nil {
		return err
	}
	t.say("2 inputs, 2 tanh hidden units, 1 sigmoid output, J = ½(y − d)², full-batch gradient descent with momentum 0.9, α = 0.5")
	t.say("loss after 1, 10, 100, 2000 epochs: %.4f, %.4f, %.4f, %.2e", h.Loss[0], h.Loss[9], h.Loss[99], h.Loss[len(h.Loss)-1])
	p, _ := net.Forward(x)
	right := 0
	for i := range 4 {
		y := p.Y[3].At(i, 0)
		t.say("  x = (%g, %g): y = %.3f, d = %g", x.At(i, 0), x.At(i, 1), y, d.At(i, 0))
		if (y > 0.5) == (d.At(i, 0) == 1) {
			right++
		}
	}
	t.checkTrue("the network computes XOR", right == 4, fmt.Sprintf("%d of 4 points right", right))
	w := net.Weights(1)
	t.say("hidden units: η₁ = %.2fx₁ + %.2fx₂ + %.2f, η₂ = %.2fx₁ + %.2fx₂ + %.2f — two lines that cut the square",
		w.At(0, 0), w.At(1, 0), net.Bias(1)[0], w.At(0, 1), w.At(1, 1), net.Bias(1)[1])

	out := func(a, b float64) float64 {
		q, _ := matrix.NewFromRows([][]float64{{a, b}})
		ps, _ := net.Forward(q)
		return ps.Y[3].At(0, 0)
	}
	// The plot reaches to x₁ = 3.2 so that the legend sits right of the
	// four points, off the data.
	f := &plot.Figure{Title: "XOR: the output y of the trained 2-2-1 network", XLabel: "x₁", YLabel: "x₂",
		XRange: plot.Range{Min: -0.5, Max: 3.2}, YRange: plot.Range{Min: -0.5, Max: 1.5}, Legend: plot.LegendUpperRight}
	f.ClassRegions(func(a, b float64) int {
		if out(a, b) > 0.5 {
			return 1
		}
		return 0
	})
	f.Contour("y = 0.5", out, []float64{0.5}, plot.Style{Color: color.Black})
	for j := range 2 { // the lines η_j = 0 of the hidden units
		wj0, wj1, bj := w.At(0, j), w.At(1, j), net.Bias(1)[j]
		f.Contour(fmt.Sprintf("hidden unit %d: net input 0", j+1), func(a, b float64) float64 { return wj0*a + wj1*b + bj },
			[]float64{0}, plot.Style{Color: plot.ClassColor(2 + j), Dashed: true})
	}
	// Four points: drawn large, so that each class's colour stands out
	// from the pale tint of its own region (blue on pale blue).
	f.ScatterClassesStyle(x.Col(0), x.Col(1), []int{0, 1, 1, 0}, []string{"XOR = 0", "XOR = 1"}, plot.Style{MarkerSize: 9})
	return t.savePlot(f, "nn-xor")
}

// digitsForNN returns the digits with pixels scaled to [0, 1], split into
// training rows (i % 4 ≠ 0) and test rows, and the labels.
func digitsForNN(t *tour) (xTrain *matrix.Dense, yTrain []int, xTest *matrix.Dense, yTest []int, err error) {
	tab, err := t.loadCSV("digits.csv")
	if err != nil {
		return nil, nil, nil, nil, err
	}
	x, y, _, err := tab.Split(tab.Data.Cols() - 1)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	var train, test [][]float64
	for i := range x.Rows() {
		r := append([]float64(nil), x.Row(i)...)
		matrix.ScaleVec(1.0/16, r)
		if i%4 == 0 {
			test, yTest = append(test, r), append(yTest, int(y[i]))
		} else {
			train, yTrain = append(train, r), append(yTrain, int(y[i]))
		}
	}
	xTrain, _ = matrix.NewFromRows(train)
	xTest, _ = matrix.NewFromRows(test)
	return xTrain, yTrain, xTest, yTest, nil
}

func tourMLPDigits(t *tour) error {
	xTrain, yTrain, xTest, yTest, err := digitsForNN(t)
	if err != nil {
		return err
	}
	const epochs = 20
	t.say("digits: %d training and %d test images of 8×8 pixels; a 64-64-10 network (ReLU, softmax, cross-entropy), batch 32, %d epochs",
		xTrain.Rows(), xTest.Rows(), epochs)
	runs := []struct {
		name string
		tr   learn.Training
	}{
		{"SGD, α = 0.01", learn.Training{SGD: &optimize.SGDSettings{LearningRate: 0.01, BatchSize: 32, Epochs: epochs}}},
		{"momentum β = 0.9, α = 0.01", learn.Training{SGD: &optimize.SGDSettings{LearningRate: 0.01, Momentum: 0.9, BatchSize: 32, Epochs: epochs}}},
		{"Adam, α = 0.001", learn.Training{Adam: &optimize.AdamSettings{LearningRate: 0.001, BatchSize: 32, Epochs: epochs}}},
	}
	f := &plot.Figure{Title: "Digits 64-64-10: training loss per epoch", XLabel: "epoch", YLabel: "mean cross-entropy", LogY: true}
	final := map[string]float64{}
	for i, r := range runs {
		var m *learn.MLPClassifierModel
		if err := t.step(r.name, func() (err error) {
			m, err = learn.MLP{Hidden: []int{64}, Training: r.tr}.Fit(xTrain, yTrain)
			return err
		}); err != nil {
			return err
		}
		pred, _ := m.Predict(xTest)
		acc := 0.0
		for j := range pred {
			if pred[j] == yTest[j] {
				acc++
			}
		}
		acc /= float64(len(pred))
		ep := make([]float64, len(m.History.Loss))
		for j := range ep {
			ep[j] = float64(j + 1)
		}
		f.Line(r.name, ep, m.History.Loss, plot.Style{Color: plot.ClassColor(i)})
		final[r.name] = m.History.Loss[epochs-1]
		t.say("%-28s loss after 1 epoch %.3f, after %d %.4f; test accuracy %.3f", r.name, m.History.Loss[0], epochs, m.History.Loss[epochs-1], acc)
	}
	sgd := final[runs[0].name]
	t.checkTrue("momentum and Adam end with a lower training loss than plain SGD at the same budget",
		final[runs[1].name] < sgd && final[runs[2].name] < sgd,
		fmt.Sprintf("%.4f and %.4f < %.4f", final[runs[1].name], final[runs[2].name], sgd))
	return t.savePlot(f, "nn-optimizers")
}

func tourAutoencoders(t *tour) error {
	xTrain, _, xTest, yTest, err := digitsForNN(t)
	if err != nil {
		return err
	}
	tr := learn.Training{Adam: &optimize.AdamSettings{LearningRate: 0.005, BatchSize: 32, Epochs: 30, Seed: 2}}
	const h = 32
	t.say("digits (pixels in [0, 1]) through a 64-%d-64 network: sigmoid hidden units, linear outputs, Adam, 30 epochs", h)
	t.say("denoising: 40 %% of the input pixels masked to 0; sparse: ρ = 0.05, β = 3, weight decay λ = 0.003")
	types := []learn.Autoencoder{
		{Hidden: h, Training: tr},
		{Hidden: h, Type: learn.AutoencoderDenoising, Corruption: 0.4, Training: tr},
		{Hidden: h, Type: learn.AutoencoderSparse, Rho: 0.05, Beta: 3, Lambda: 3e-3, Training: tr},
	}
	models := make([]*learn.AutoencoderModel, len(types))
	for i, a := range types {
		if err := t.step(string(a.Type)+" autoencoder", func() (err error) {
			models[i], err = a.Fit(xTrain)
			return err
		}); err != nil {
			return err
		}
	}
	// Masking noise on the test digits: 40 % of the pixels set to 0.
	masked := xTest.Clone()
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range masked.Rows() {
		for j := range masked.Cols() {
			if rng.Float64() < 0.4 {
				masked.Set(i, j, 0)
			}
		}
	}
	mse := func(a, b *matrix.Dense) float64 {
		var s float64
		for i := range a.Rows() {
			for j := range a.Cols() {
				e := a.At(i, j) - b.At(i, j)
				s += e * e
			}
		}
		return s / float64(a.Rows())
	}
	names := []string{"plain", "denoising", "sparse"}
	var fromMasked [3]float64
	for i, m := range models {
		clean, _ := m.ReconstructionError(xTest)
		rec, _ := m.Reconstruct(masked)
		fromMasked[i] = mse(rec, xTest)
		codes, _ := m.Encode(xTest)
		mean := 0.0
		for r := range codes.Rows() {
			for _, v := range codes.Row(r) {
				mean += v
			}
		}
		mean /= float64(codes.Rows() * codes.Cols())
		t.say("%-9s test error (1/n)Σ‖x − x̂‖²: clean %.3f, from masked inputs %.3f; mean hidden activation %.3f",
			names[i], clean, fromMasked[i], mean)
		if i == 2 {
			t.checkTrue("the sparse autoencoder keeps the mean activation ρ̂ near ρ = 0.05", mean < 0.1, fmt.Sprintf("ρ̂ = %.3f", mean))
		}
	}
	t.checkTrue("trained on masked inputs, the denoising autoencoder restores masked digits best",
		fromMasked[1] < fromMasked[0] && fromMasked[1] < fromMasked[2],
		fmt.Sprintf("%.3f against %.3f (plain) and %.3f (sparse)", fromMasked[1], fromMasked[0], fromMasked[2]))

	// A linear autoencoder reaches PCA and no further.
	const k = 8
	pca, err := learn.PCA{Components: k}.Fit(xTrain)
	if err != nil {
		return err
	}
	var lin *learn.AutoencoderModel
	if err := t.step("linear autoencoder", func() (err error) {
		lin, err = learn.Autoencoder{Hidden: k, Activation: learn.Activation{Kind: learn.ActIdentity},
			Training: learn.Training{Adam: &optimize.AdamSettings{LearningRate: 0.01, Decay: 0.02, BatchSize: 64, Epochs: 150, Seed: 1}}}.Fit(xTrain)
		return err
	}); err != nil {
		return err
	}
	pe, _ := pca.ReconstructionError(xTrain)
	le, _ := lin.ReconstructionError(xTrain)
	t.claim("a linear autoencoder with k hidden units can do no better than PCA with k components")
	t.checkTrue(fmt.Sprintf("k = %d: PCA's error Σⱼ>ₖ λⱼ ≤ the linear autoencoder's ≤ 1.02 × PCA's", k),
		le >= pe*(1-1e-9) && le <= 1.02*pe, fmt.Sprintf("%.4f ≤ %.4f", pe, le))

	// The picture grid: digits beside their reconstructions.
	grid := &plot.ImageGrid{Title: "Test digits and their reconstructions", Ink: true, Scaling: plot.ScaleUnit,
		ColLabels: []string{"digit", "plain", "denoising", "sparse", "masked", "denoised"}}
	for _, s := range []int{0, 1, 2, 3, 4, 5} {
		xi := xTest.Slice(s, s+1, 0, 64)
		mi := masked.Slice(s, s+1, 0, 64)
		row := []plot.GrayImage{{Width: 8, Height: 8, Pix: append([]float64(nil), xi.Row(0)...)}}
		for _, m := range models {
			r, _ := m.Reconstruct(xi)
			row = append(row, plot.GrayImage{Width: 8, Height: 8, Pix: clamp01(r.Row(0))})
		}
		dn, _ := models[1].Reconstruct(mi)
		row = append(row, plot.GrayImage{Width: 8, Height: 8, Pix: append([]float64(nil), mi.Row(0)...)},
			plot.GrayImage{Width: 8, Height: 8, Pix: clamp01(dn.Row(0))})
		grid.Images = append(grid.Images, row)
		grid.RowLabels = append(grid.RowLabels, fmt.Sprintf("%d", yTest[s]))
	}
	if err := t.saveGrid(grid, "autoencoder-reconstructions"); err != nil {
		return err
	}
	// The filters: column j of W¹ (the 64 weights wᵢⱼ¹ into hidden unit j) as
	// an 8×8 image. Weight decay has pulled the weights of the pixels that are
	// blank in every digit to 0.
	filters := &plot.ImageGrid{Title: "Filters of the sparse autoencoder", Scaling: plot.ScaleEach}
	w := models[2].Network.Weights(1)
	for r := range 4 {
		var row []plot.GrayImage
		for c := range 8 {
			row = append(row, plot.GrayImage{Width: 8, Height: 8, Pix: w.Col(r*8 + c)})
		}
		filters.Images = append(filters.Images, row)
	}
	return t.saveGrid(filters, "autoencoder-filters")
}

// clamp01 returns a copy of v with every value clamped to [0, 1].
func clamp01(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = math.Min(1, math.Max(0, x))
	}
	return out
}

package learn

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// anisotropic returns n samples of d correlated variables whose covariance
// has well separated eigenvalues (scales 3, 2, 1.4, 1, 0.6, … rotated).
func anisotropicSeeded(n, d int, seed uint64) *matrix.Dense {
	z := randomDense(n, d, seed)
	for i := range n {
		r := z.Row(i)
		for j := range d {
			r[j] *= 3 * math.Pow(0.7, float64(j))
		}
	}
	q, _ := matrix.FactorizeQR(randomDense(d, d, seed+1))
	x, _ := matrix.Mul(z, q.Q())
	for i := range n {
		matrix.Axpy(1, []float64{1, -2, 0.5, 3, 0, 1, 2, -1}[:d], x.Row(i))
	}
	return x
}

// TestLinearAutoencoderReachesPCA trains linear autoencoders (identity
// activations, k hidden units) to convergence and compares their mean
// squared reconstruction error with PCA's with k components, the sum of the
// discarded eigenvalues: within 2 %, and never below it (PCA's
// reconstruction is the best of rank k, Eckart–Young; a linear autoencoder
// can only reach it, Baldi and Hornik).
func TestLinearAutoencoderReachesPCA(t *testing.T) {
	wine, _ := loadDataset(t, "wine.csv")
	wineStd, _, _, _ := matrix.Standardize(wine, matrix.Population)
	for _, c := range []struct {
		name string
		x    *matrix.Dense
		k    int
	}{
		{"synthetic 400×6, k = 2", anisotropicSeeded(400, 6, 4), 2},
		{"synthetic 400×8, k = 4", anisotropicSeeded(400, 8, 6), 4},
		{"wine standardized, k = 3", wineStd, 3},
	} {
		pca, err := PCA{Components: c.k}.Fit(c.x)
		if err != nil {
			t.Fatal(err)
		}
		pcaErr, _ := pca.ReconstructionError(c.x)
		m, err := Autoencoder{Hidden: c.k, Activation: Activation{Kind: ActIdentity},
			Training: Training{Adam: &optimize.AdamSettings{LearningRate: 0.01, Decay: 0.01, BatchSize: 50, Epochs: 600, Seed: 1}}}.Fit(c.x)
		if err != nil {
			t.Fatal(err)
		}
		aeErr, _ := m.ReconstructionError(c.x)
		// PCA's error itself is computed to about n·d·ε relative.
		floor := pcaErr * (1 - float64(c.x.Rows()*c.x.Cols())*eps)
		t.Logf("%s: autoencoder %.6g, PCA %.6g (ratio %.5f)", c.name, aeErr, pcaErr, aeErr/pcaErr)
		if aeErr > 1.02*pcaErr || aeErr < floor {
			t.Errorf("%s: autoencoder error %.6g, PCA's %.6g", c.name, aeErr, pcaErr)
		}
	}
}

// TestAutoencoderGradients checks the gradient of the sparse objective
// (the KL term included) and of a denoising batch (a fixed mask) against
// finite differences.
func TestAutoencoderGradients(t *testing.T) {
	x := randomDense(9, 5, 31)
	net, _ := NewNetwork([]int{5, 4, 5}, Activation{Kind: ActSigmoid, B: 1.2}, Activation{Kind: ActIdentity}, 3)
	o := newNetObjective(net, x, x, LossSquared, 0.003)
	o.sparse = &sparsity{layer: 2, rho: 0.1, beta: 2.5}
	if r := gradCheck(o, net.Theta); r.MaxRelErr > 1e-6 {
		t.Errorf("sparse: relative error %.3g at θ[%d]", r.MaxRelErr, r.Worst)
	} else {
		t.Logf("sparse autoencoder: largest relative error %.3g", r.MaxRelErr)
	}
	o = newNetObjective(net, x, x, LossSquared, 0)
	o.corrupt = func(y1 *matrix.Dense) { // the same mask at every evaluation
		for i := range y1.Rows() {
			y1.Row(i)[(i*3)%5] = 0
		}
	}
	if r := gradCheck(o, net.Theta); r.MaxRelErr > 1e-6 {
		t.Errorf("denoising: relative error %.3g at θ[%d]", r.MaxRelErr, r.Worst)
	}
	// The KL term alone: its value and its effect on δ² by hand for one unit.
	sp := &sparsity{rho: 0.2, beta: 1.5}
	y, _ := matrix.NewFromRows([][]float64{{0.5}, {0.3}})
	delta := matrix.New(2, 1)
	got := sp.addGradient(y, delta)
	rh := 0.4
	want := 1.5 * (0.2*math.Log(0.2/rh) + 0.8*math.Log(0.8/(1-rh)))
	if math.Abs(got-want) > 4*eps*want || math.Abs(delta.At(0, 0)-1.5*(-0.2/rh+0.8/(1-rh))) > 4*eps {
		t.Errorf("KL %v (want %v), δ %v", got, want, delta.At(0, 0))
	}
}

// TestAutoencoderTypes trains the three autoencoders on the digits: the
// denoising one must reconstruct masked digits better than the plain one,
// the sparse one must keep its mean hidden activation near ρ (far below the
// plain sigmoid autoencoder's), and codes, decoding and persistence must
// agree.
func TestAutoencoderTypes(t *testing.T) {
	xTrain, _, xTest, _ := digitsSplit(t)
	epochs := 25
	if testing.Short() {
		epochs = 12 // the race run
	}
	tr := Training{Adam: &optimize.AdamSettings{LearningRate: 0.005, BatchSize: 32, Epochs: epochs, Seed: 2}}
	plain, err := Autoencoder{Hidden: 32, Training: tr}.Fit(xTrain)
	if err != nil {
		t.Fatal(err)
	}
	den, err := Autoencoder{Hidden: 32, Type: AutoencoderDenoising, Corruption: 0.4, Training: tr}.Fit(xTrain)
	if err != nil {
		t.Fatal(err)
	}
	sparse, err := Autoencoder{Hidden: 32, Type: AutoencoderSparse, Rho: 0.05, Beta: 3, Training: tr}.Fit(xTrain)
	if err != nil {
		t.Fatal(err)
	}
	// Masked test digits, reconstructed against the clean ones.
	masked := xTest.Clone()
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range masked.Rows() {
		for j := range masked.Cols() {
			if rng.Float64() < 0.4 {
				masked.Set(i, j, 0)
			}
		}
	}
	noisyErr := func(m *AutoencoderModel) float64 {
		xh, _ := m.Reconstruct(masked)
		var s float64
		for i := range xh.Rows() {
			for j := range xh.Cols() {
				e := xh.At(i, j) - xTest.At(i, j)
				s += e * e
			}
		}
		return s / float64(xh.Rows())
	}
	ep, ed := noisyErr(plain), noisyErr(den)
	cleanErr, _ := plain.ReconstructionError(xTest)
	t.Logf("masked test digits: plain %.3f, denoising %.3f (plain on clean digits %.3f)", ep, ed, cleanErr)
	if !(ed < 0.8*ep) {
		t.Errorf("denoising autoencoder %.3f on masked digits, plain %.3f", ed, ep)
	}
	meanCode := func(m *AutoencoderModel) float64 {
		c, _ := m.Encode(xTest)
		var s float64
		for i := range c.Rows() {
			for _, v := range c.Row(i) {
				s += v
			}
		}
		return s / float64(c.Rows()*c.Cols())
	}
	ms, mp := meanCode(sparse), meanCode(plain)
	t.Logf("mean hidden activation: sparse %.3f (ρ = 0.05), plain %.3f", ms, mp)
	if !(ms < 0.1 && ms < mp/3) {
		t.Errorf("sparse mean activation %.3f, plain %.3f", ms, mp)
	}
	// Decode(Encode(x)) is Reconstruct(x); loading gives the same bits.
	codes, _ := den.Encode(xTest)
	dec, _ := den.Decode(codes)
	rec, _ := den.Reconstruct(xTest)
	if !matrix.EqualApprox(dec, rec, 1e-12) {
		t.Error("Decode(Encode(x)) differs from Reconstruct(x)")
	}
	var buf bytes.Buffer
	den.Save(&buf)
	den2, err := LoadAutoencoder(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rec2, _ := den2.Reconstruct(xTest)
	if !slices.Equal(rec.Col(3), rec2.Col(3)) || den2.Corruption != 0.4 || den2.Type != AutoencoderDenoising {
		t.Error("the loaded model differs")
	}
}

// TestAutoencoderErrors checks the bad-input cases.
func TestAutoencoderErrors(t *testing.T) {
	x := randomDense(20, 4, 1)
	for name, c := range map[string]struct {
		a    Autoencoder
		want error
	}{
		"hidden 0":         {Autoencoder{}, ErrInvalidParameter},
		"corruption 1":     {Autoencoder{Hidden: 2, Type: AutoencoderDenoising, Corruption: 1}, ErrInvalidParameter},
		"corruption < 0":   {Autoencoder{Hidden: 2, Type: AutoencoderDenoising, Corruption: -0.1}, ErrInvalidParameter},
		"rho 1":            {Autoencoder{Hidden: 2, Type: AutoencoderSparse, Rho: 1}, ErrInvalidParameter},
		"sparse with relu": {Autoencoder{Hidden: 2, Type: AutoencoderSparse, Activation: Activation{Kind: ActReLU}}, ErrInvalidParameter},
		"unknown type":     {Autoencoder{Hidden: 2, Type: "variational"}, ErrInvalidParameter},
		"lr < 0":           {Autoencoder{Hidden: 2, Training: Training{SGD: &optimize.SGDSettings{LearningRate: -1}}}, ErrInvalidParameter},
	} {
		if _, err := c.a.Fit(x); !errors.Is(err, c.want) {
			t.Errorf("%s: %v", name, err)
		}
	}
	nan := x.Clone()
	nan.Set(0, 0, math.NaN())
	if _, err := (Autoencoder{Hidden: 2}).Fit(nan); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	m, _ := Autoencoder{Hidden: 2, Training: Training{Adam: &optimize.AdamSettings{Epochs: 1}}}.Fit(x)
	if _, err := m.Encode(matrix.New(2, 3)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
}

package main

import (
	"fmt"
	"math"
	"math/rand/v2"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() {
	registerSection(section{order: 30, name: "pca", title: "PCA on handwritten digits",
		notes: `000, "PCA Procedure"; 001, "Principal Component Analysis"; 003, "Principal Component Analysis"`, run: tourPCA})
	registerSection(section{order: 40, name: "whiten", title: "Whitening, ZCA and the Gram trick",
		notes: `004, "PCA and Whitening Transform", "ZCA Whitening", "High dimensional PCA"`, run: tourWhiten})
	registerSection(section{order: 50, name: "kpca", title: "Kernel PCA and spectral embedding on concentric circles",
		notes: `004, "Kernel PCA"; 002, "Rayleigh quotient"`, run: tourKernelPCA})
	registerSection(section{order: 60, name: "fisher", title: "Fisher's linear discriminant on iris",
		notes: `004, "Fisher Linear Discriminant"`, run: tourFisher})
}

func sum(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s
}

// tourPCA: explained variance and the 95% rule, the identities of the
// notes, reconstructions from more and more components, a 2-D scatter.
func tourPCA(t *tour) error {
	tab, err := t.loadCSV("digits.csv")
	if err != nil {
		return err
	}
	x, labels, _, _ := tab.Split(tab.Data.Cols() - 1)
	n, d := x.Dims()
	t.say("digits: %d images of 8×8 = %d pixels (the notes' example uses 28×28 = 784)", n, d)
	full, err := learn.PCA{}.Fit(x)
	if err != nil {
		return err
	}
	rule, _ := learn.PCA{VarianceFraction: 0.95}.Fit(x)
	t.claim("keep the smallest k whose eigenvalues explain 95%% of the variance (the 95%% rule)")
	t.say("k = %d components explain %.4f of the variance; k − 1 would explain %.4f", rule.K(), sum(rule.ExplainedVarianceRatio), sum(rule.ExplainedVarianceRatio[:rule.K()-1]))
	cmp, orig := rule.StorageCount(n)
	t.say("storage: k(d + n) = %d numbers instead of d·n = %d (%.0f%%)", cmp, orig, 100*float64(cmp)/float64(orig))

	k := 10
	m, _ := learn.PCA{Components: k}.Fit(x)
	y, _ := m.Transform(x)
	col := y.Col(0)
	tol := 16 * float64(n+d) * machineEps * m.TotalVariance
	t.claim("the variance of the projection on a principal direction is its eigenvalue")
	t.checkClose("var(y₁) = λ₁", matrixDot(col, col)/float64(n), m.Eigenvalues[0], tol)
	mse, _ := m.ReconstructionError(x)
	t.claim("the mean squared reconstruction error is the sum of the discarded eigenvalues")
	t.checkClose(fmt.Sprintf("reconstruction MSE with k = %d = Σ λ₁₁…λ₆₄", k), mse, sum(m.Eigenvalues[k:]), tol)
	ya, _ := full.Transform(x)
	xa, _ := full.Reconstruct(ya)
	diff, _ := matrix.Sub(x, xa)
	ratio := matrix.NormFrobenius(diff) / (float64(n+d) * machineEps * matrix.NormFrobenius(x))
	t.checkTrue("with all 64 components X = UZ exactly", ratio <= 10, fmtRatio("‖X − X̂‖/((n+d)ε‖X‖)", ratio))

	// The explained-variance curve with the 95% line.
	ks := make([]float64, d)
	cum := make([]float64, d)
	var c float64
	for j := range d {
		c += full.ExplainedVarianceRatio[j]
		ks[j], cum[j] = float64(j+1), c
	}
	f := &plot.Figure{Title: "Digits: cumulative explained variance", XLabel: "number of components k", YLabel: "fraction of variance",
		YRange: plot.Range{Min: 0, Max: 1.02}}
	f.Line("Σⱼ≤ₖ λⱼ / trace S", ks, cum, plot.Style{Color: plot.ClassColor(0), Marker: plot.MarkerCircle})
	f.HLine("95% rule", 0.95, plot.Style{Color: plot.ClassColor(1), Dashed: true})
	f.VLine(fmt.Sprintf("k = %d", rule.K()), float64(rule.K()), plot.Style{Color: plot.ClassColor(7), Dashed: true})
	if err := t.savePlot(f, "pca-explained-variance"); err != nil {
		return err
	}

	// Reconstructions from 1, 5, 10, 20 and 40 components, as in the notes' figure.
	counts := []int{1, 5, 10, 20, 40}
	samples := []int{0, 1, 2, 3, 4}
	var images [][]float64
	var rowLabels []string
	models := map[int]*learn.PCAModel{}
	for _, kk := range counts {
		models[kk], _ = learn.PCA{Components: kk}.Fit(x)
	}
	for _, s := range samples {
		rowLabels = append(rowLabels, fmt.Sprintf("digit %d", int(labels[s])))
		xi := x.Slice(s, s+1, 0, d)
		images = append(images, append([]float64(nil), xi.Row(0)...))
		for _, kk := range counts {
			yi, _ := models[kk].Transform(xi)
			xh, _ := models[kk].Reconstruct(yi)
			images = append(images, xh.Row(0))
		}
	}
	colLabels := []string{"original"}
	for _, kk := range counts {
		colLabels = append(colLabels, fmt.Sprintf("k = %d", kk))
	}
	grid := &plot.ImageGrid{Title: "Digits reconstructed from k principal components", RowLabels: rowLabels, ColLabels: colLabels, Ink: true}
	for r := range samples {
		var row []plot.GrayImage
		for c := range len(counts) + 1 {
			row = append(row, plot.GrayImage{Width: 8, Height: 8, Pix: images[r*(len(counts)+1)+c]})
		}
		grid.Images = append(grid.Images, row)
	}
	if err := t.saveGrid(grid, "pca-reconstructions"); err != nil {
		return err
	}
	t.claim("each column of the grid: the reconstruction error from k components is the sum of the other eigenvalues")
	for _, kk := range counts {
		mse, _ := models[kk].ReconstructionError(x)
		t.checkClose(fmt.Sprintf("k = %2d: (1/n)Σ‖x − x̂‖² = Σⱼ>ₖ λⱼ", kk), mse, sum(full.Eigenvalues[kk:]), tol)
	}

	// The first two principal components, coloured by digit.
	// PCA decorrelates: the covariance of the projections is diag(λ₁, λ₂).
	c12 := matrixDot(y.Col(0), y.Col(1)) / float64(n)
	t.claim("the projections on different principal directions are uncorrelated")
	t.checkTrue("cov(y₁, y₂) = 0", math.Abs(c12) <= tol, fmt.Sprintf("|cov(y₁, y₂)| = %.3g ≤ %.3g", math.Abs(c12), tol))
	sc := &plot.Figure{Title: "Digits on principal components 1 and 2", XLabel: "y₁", YLabel: "y₂"}
	classes := make([]int, n)
	names := make([]string, 10)
	for i := range n {
		classes[i] = int(labels[i])
	}
	for d := range names {
		names[d] = fmt.Sprintf("%d", d)
	}
	sc.ScatterClasses(y.Col(0), y.Col(1), classes, names)
	return t.savePlot(sc, "pca-digits-scatter")
}

func matrixDot(a, b []float64) float64 { return matrix.Dot(a, b) }

// tourWhiten: whitened and ZCA-whitened wine data have identity
// covariance; the Gram trick gives the covariance eigenvalues.
func tourWhiten(t *tour) error {
	tab, err := t.loadCSV("wine.csv")
	if err != nil {
		return err
	}
	x, _, _, _ := tab.Split(tab.Data.Cols() - 1)
	d := x.Cols()
	for _, method := range []learn.WhitenMethod{learn.PCAWhitening, learn.ZCAWhitening} {
		w, err := learn.Whiten{Method: method}.Fit(x)
		if err != nil {
			return err
		}
		z, _ := w.Transform(x)
		cov, _ := matrix.Covariance(z, matrix.Population)
		diff, _ := matrix.Sub(cov, matrix.Identity(d))
		p, _ := learn.PCA{}.Fit(x)
		kappa := p.Eigenvalues[0] / p.Eigenvalues[d-1]
		bound := float64(x.Rows()+d) * machineEps * kappa
		t.checkTrue(fmt.Sprintf("%s-whitened wine data have covariance I", method), matrix.NormFrobenius(diff) <= bound,
			fmt.Sprintf("‖cov(z) − I‖ = %.3g ≤ (n+d)·ε·κ(S) = %.3g", matrix.NormFrobenius(diff), bound))
	}
	// The Gram trick on 40 digits (n = 40 < d = 64).
	dig, err := t.loadCSV("digits.csv")
	if err != nil {
		return err
	}
	xd, _, _, _ := dig.Split(dig.Data.Cols() - 1)
	small := xd.Slice(0, 40, 0, 64).Clone()
	gram, err := learn.PCA{Components: 5, Method: learn.PCAGram}.Fit(small)
	if err != nil {
		return err
	}
	cov, _ := learn.PCA{Components: 5, Method: learn.PCACovariance}.Fit(small)
	t.claim("with n < d, the n×n matrix (1/n)AAᵀ has the same non-zero eigenvalues as the d×d covariance")
	worst := maxAbsDiff(gram.Eigenvalues[:40], cov.Eigenvalues[:40])
	bound := 16 * 104 * machineEps * cov.TotalVariance
	t.checkTrue("Gram-trick eigenvalues = covariance eigenvalues (40 digits, 64 pixels)", worst <= bound,
		fmt.Sprintf("max difference %.3g ≤ %.3g", worst, bound))
	return nil
}

// circles returns n points on each of two noisy concentric circles.
func circles(n int, seed uint64) (*matrix.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 7))
	x := matrix.New(2*n, 2)
	y := make([]int, 2*n)
	for i := range 2 * n {
		r := 1.0
		if i >= n {
			r, y[i] = 3, 1
		}
		th := 2 * math.Pi * rng.Float64()
		x.Set(i, 0, r*math.Cos(th)+0.15*rng.NormFloat64())
		x.Set(i, 1, r*math.Sin(th)+0.15*rng.NormFloat64())
	}
	return x, y
}

// tourKernelPCA: PCA cannot separate concentric circles along any
// direction; kernel PCA with a Gaussian kernel and spectral embedding can.
func tourKernelPCA(t *tour) error {
	x, y := circles(150, 1)
	p, _ := learn.PCA{Components: 2}.Fit(x)
	yp, _ := p.Transform(x)
	kp, err := learn.KernelPCA{Kernel: learn.Gaussian(2), Components: 2}.Fit(x)
	if err != nil {
		return err
	}
	yk, _ := kp.Transform(x)
	sp, err := learn.SpectralEmbedding{Components: 1, Sigma2: 0.5, Neighbors: 10}.Fit(x)
	if err != nil {
		return err
	}
	var acc [4]float64
	for i, v := range [][]float64{yp.Col(0), yp.Col(1), yk.Col(0), sp.Embedding.Col(0)} {
		if acc[i], err = learn.ThresholdAccuracy(v, y); err != nil {
			return err
		}
	}
	accP, accK, accS := math.Max(acc[0], acc[1]), acc[2], acc[3]
	t.say("300 points on two concentric circles (radius 1 and 3)")
	t.say("best threshold on one linear PCA component: %.3f accuracy (no direction separates rings)", accP)
	t.checkTrue("kernel PCA (Gaussian, σ² = 2) separates the circles on its first component", accK >= 0.99, fmt.Sprintf("accuracy %.3f ≥ 0.99", accK))
	t.checkTrue("spectral embedding (min trace(HᵀLH)) separates them too", accS >= 0.99, fmt.Sprintf("accuracy %.3f ≥ 0.99", accS))
	lin, _ := learn.KernelPCA{Kernel: learn.Linear(), Components: 1}.Fit(x)
	t.checkClose("kernel PCA with the linear kernel: μ₁/n = λ₁ of PCA", lin.Eigenvalues[0]/float64(x.Rows()), p.Eigenvalues[0], 1e-12)

	names := []string{"inner circle", "outer circle"}
	f := &plot.Figure{Title: "Concentric circles", XLabel: "x₁", YLabel: "x₂"}
	f.ScatterClasses(x.Col(0), x.Col(1), y, names)
	if err := t.savePlot(f, "kpca-circles-data"); err != nil {
		return err
	}
	g := &plot.Figure{Title: "Kernel PCA (Gaussian, σ² = 2): the circles separate", XLabel: "first kernel component", YLabel: "second kernel component"}
	g.ScatterClasses(yk.Col(0), yk.Col(1), y, names)
	return t.savePlot(g, "kpca-circles-projection")
}

// tourFisher: the Fisher direction on iris maximizes J(w).
func tourFisher(t *tour) error {
	tab, err := t.loadCSV("iris.csv")
	if err != nil {
		return err
	}
	x, yf, _, _ := tab.Split(tab.Data.Cols() - 1)
	var rows [][]float64
	var y []int
	for i, c := range yf {
		if c > 0 { // versicolor (1) and virginica (2): the overlapping pair
			rows = append(rows, x.Row(i))
			y = append(y, int(c))
		}
	}
	xs, _ := matrix.NewFromRows(rows)
	m, err := learn.FisherLDA{}.Fit(xs, y)
	if err != nil {
		return err
	}
	t.say("iris, versicolor against virginica: w = S_w⁻¹(M₁ − M₀)/‖·‖ = %.4f, J(w) = %.4f", m.W, m.Criterion)
	rng := rand.New(rand.NewPCG(3, 3))
	worse := 0
	for range 200 {
		w := append([]float64(nil), m.W...)
		for i := range w {
			w[i] += 0.1 * rng.NormFloat64()
		}
		if j, _ := m.CriterionAt(xs, y, w); j <= m.Criterion*(1+1e-12) {
			worse++
		}
	}
	t.claim("the Fisher direction maximizes J(w) = wᵀS_B w / wᵀS_w w")
	t.checkTrue("200 random perturbations of w all lower J", worse == 200, fmt.Sprintf("%d of 200 lower", worse))
	pred, _ := m.Predict(xs)
	right := 0
	for i := range pred {
		if pred[i] == y[i] {
			right++
		}
	}
	t.say("threshold rule wᵀx > %.4f: training accuracy %.3f", m.Threshold, float64(right)/float64(len(y)))
	if err := plotFisherThreshold(t, m, xs, y); err != nil {
		return err
	}

	// All three species in the two discriminant directions.
	yi := make([]int, len(yf))
	for i, v := range yf {
		yi[i] = int(v)
	}
	m3, err := learn.FisherLDA{}.Fit(x, yi)
	if err != nil {
		return err
	}
	z, _ := m3.Transform(x)
	t.say("all three species: the two directions of S_B v = λ S_w v")
	f := &plot.Figure{Title: "Iris in the two Fisher directions (S_B v = λ S_w v)", XLabel: "first discriminant", YLabel: "second discriminant"}
	f.ScatterClasses(z.Col(0), z.Col(1), yi, []string{"setosa", "versicolor", "virginica"})
	return t.savePlot(f, "fisher-iris-3")
}

// plotFisherThreshold draws the two-class rule the tour states: the
// versicolor and virginica rows at wᵀx along x, the threshold as a vertical
// line, and along y the coordinate of largest variance orthogonal to w
// (the first principal direction of the rows with their w-component
// removed), which spreads the points without hiding the rule.
func plotFisherThreshold(t *tour, m *learn.FisherModel, xs *matrix.Dense, y []int) error {
	proj, err := m.Project(xs)
	if err != nil {
		return err
	}
	ww := matrix.Dot(m.W, m.W)
	rest := xs.Clone()
	for i := range rest.Rows() {
		matrix.Axpy(-proj[i]/ww, m.W, rest.Row(i)) // xᵢ − (wᵀxᵢ/wᵀw)w
	}
	p, err := learn.PCA{Components: 1}.Fit(rest)
	if err != nil {
		return err
	}
	second, err := p.Transform(rest)
	if err != nil {
		return err
	}
	f := &plot.Figure{Title: "Iris, versicolor against virginica: the threshold on wᵀx", XLabel: "wᵀx", YLabel: "largest spread orthogonal to w"}
	// Classes 1 and 2 keep the colours they have in the three-species figure.
	f.ScatterClasses(proj, second.Col(0), y, []string{"setosa", "versicolor", "virginica"})
	f.VLine(fmt.Sprintf("threshold wᵀx = %.3f", m.Threshold), m.Threshold, plot.Style{Dashed: true})
	return t.savePlot(f, "fisher-iris")
}

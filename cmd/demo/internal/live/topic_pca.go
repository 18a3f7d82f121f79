package live

import (
	"bytes"
	"fmt"
	"image/color"
	"strings"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() { topics["pca"] = pcaTopic }

// digits reads the site's digits (64 pixel columns and the class column
// named "digit", excluded from the features as demo pca -target digit
// excludes it). Parsing the 1797 rows and splitting off the class is a
// good part of a redraw: the result is kept (it must not be changed).
func digits(files map[string]string) (*matrix.Dense, []int, error) {
	path := dataPath("digits")
	text, err := file(files, path)
	if err != nil {
		return nil, nil, err
	}
	d, err := memo(dataKey(files, "digits"), func() (labelledDigits, error) {
		t, err := matrix.ReadCSV(strings.NewReader(text))
		if err != nil {
			return labelledDigits{}, fmt.Errorf("%s: %v", path, err)
		}
		n, d := t.Data.Dims()
		if d < 2 || t.Names[d-1] != "digit" {
			return labelledDigits{}, fmt.Errorf("%s: the last column is not digit", path)
		}
		x := matrix.New(n, d-1)
		y := make([]int, n)
		for i := range n {
			copy(x.Row(i), t.Data.Row(i)[:d-1])
			y[i] = int(t.Data.At(i, d-1))
		}
		return labelledDigits{x, y}, nil
	})
	return d.x, d.y, err
}

// labelledDigits are the digits' pixels and classes.
type labelledDigits struct {
	x *matrix.Dense
	y []int
}

func pcaTopic(p *params, files map[string]string) (*Response, error) {
	p.choice("data", "digits", "digits")
	k := p.integer("k", 2, 1, 64)
	method := p.choice("method", "eig", "eig", "svd")
	if p.err != nil {
		return nil, p.err
	}
	x, y, err := digits(files)
	if err != nil {
		return nil, err
	}
	// The eig and svd methods find every direction, and k only chooses
	// how many are kept: the fit of all of them is kept for the data and
	// method, and a change of k takes its first k (leading).
	all, err := memo(dataKey(files, "digits")+" pca "+method, func() (*learn.PCAModel, error) {
		return learn.PCA{Components: x.Cols(), Method: learn.PCAMethod(method)}.Fit(x)
	})
	if err != nil {
		return nil, err
	}
	m := leading(all, k)
	proj, mse, err := m.TransformError(x)
	if err != nil {
		return nil, err
	}
	res := &Fields{}
	res.Add("command", command("pca", "-k", fmt.Sprint(k), "-method", method, "-target", "digit", "-json", dataPath("digits")))
	res.Add("eigenvalues", m.Eigenvalues)
	res.Add("explained_variance_ratio", m.ExplainedVarianceRatio)
	res.Add("k", m.K())
	res.Add("reconstruction_mse", mse)
	kept := 0.0
	for _, r := range m.ExplainedVarianceRatio {
		kept += r
	}
	figs := []*plot.Figure{}
	if k >= 2 {
		f := &plot.Figure{Title: "the digits on the first two principal components", XLabel: "y₁", YLabel: "y₂", Width: 560, Height: 440, Legend: plot.LegendNone}
		names := make([]string, 10)
		for c := range names {
			names[c] = fmt.Sprint(c)
		}
		f.ScatterClasses(proj.Col(0), proj.Col(1), y, names)
		figs = append(figs, f)
	}
	figs = append(figs, pcaSpectrum(m, k))
	r, err := respond(figs, []Number{
		{Label: "components", Field: "k", Text: fmt.Sprint(m.K())},
		{Label: "variance explained", Field: "explained_variance_ratio", Text: fmt.Sprintf("%.1f %%", 100*kept)},
		{Label: "mean squared reconstruction error", Field: "reconstruction_mse", Text: fmt.Sprintf("%.4g", mse)},
		{Label: "largest eigenvalues", Field: "eigenvalues", Text: fmtList(m.Eigenvalues[:min(4, len(m.Eigenvalues))])},
	}, res, 0, 0)
	if err != nil {
		return nil, err
	}
	grid, err := pcaReconstructions(m, x, y)
	if err != nil {
		return nil, err
	}
	r.Figures = append(r.Figures, grid)
	return r, nil
}

// leading returns the model of the first k components of m, a fit of
// every component by the eig or svd method: what learn.PCA{Components: k}
// fits with that method, bit for bit (those methods compute all the
// eigenvalues and directions whatever k is, then keep the first k rows,
// each signed by its own largest entry, and k ratios: learn/pca.go, Fit).
func leading(m *learn.PCAModel, k int) *learn.PCAModel {
	c := *m
	c.Components = m.Components.Slice(0, k, 0, m.Components.Cols()).Clone()
	c.ExplainedVarianceRatio = m.ExplainedVarianceRatio[:k:k]
	return &c
}

// pcaSpectrum draws the cumulative fraction of the variance explained by
// the first j components, j = 1…d, with the k kept marked.
func pcaSpectrum(m *learn.PCAModel, k int) *plot.Figure {
	f := &plot.Figure{Title: fmt.Sprintf("variance explained by the first j components (k = %d kept)", k), XLabel: "j", YLabel: "fraction of the variance",
		Width: 560, Height: 300, YRange: plot.Range{Min: 0, Max: 1}, Legend: plot.LegendNone}
	var xs, cum []float64
	s := 0.0
	for j, l := range m.Eigenvalues {
		if m.TotalVariance > 0 {
			s += l / m.TotalVariance
		}
		xs, cum = append(xs, float64(j+1)), append(cum, s)
	}
	f.Line("cumulative", xs, cum, plot.Style{Color: plot.ClassColor(0)})
	f.Scatter("k", xs[k-1:k], cum[k-1:k], plot.Style{Color: color.NRGBA{R: 220, G: 30, B: 160, A: 255}, MarkerSize: 6})
	return f
}

// pcaReconstructions draws one digit of each class 0–9 and its
// reconstruction x̄ + Aᵀy from the k components.
func pcaReconstructions(m *learn.PCAModel, x *matrix.Dense, y []int) (string, error) {
	var rows []int
	for c := range 10 {
		for i, l := range y {
			if l == c {
				rows = append(rows, i)
				break
			}
		}
	}
	sub := matrix.New(len(rows), x.Cols())
	for r, i := range rows {
		copy(sub.Row(r), x.Row(i))
	}
	proj, err := m.Transform(sub)
	if err != nil {
		return "", err
	}
	back, err := m.Reconstruct(proj)
	if err != nil {
		return "", err
	}
	img := func(v []float64) plot.GrayImage {
		return plot.GrayImage{Width: 8, Height: 8, Pix: append([]float64(nil), v...)}
	}
	g := &plot.ImageGrid{Title: fmt.Sprintf("digits and their reconstructions from %d components", m.K()), Ink: true,
		RowLabels: []string{"original", fmt.Sprintf("k = %d", m.K())}, Images: make([][]plot.GrayImage, 2), PixelSize: 5}
	for r := range rows {
		g.Images[0] = append(g.Images[0], img(sub.Row(r)))
		g.Images[1] = append(g.Images[1], img(back.Row(r)))
	}
	var b bytes.Buffer
	if err := g.WriteSVG(&b); err != nil {
		return "", err
	}
	return b.String(), nil
}

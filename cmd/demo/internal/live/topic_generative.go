package live

import (
	"fmt"
	"image/color"
	"math"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() { topics["generative"] = gmmTopic }

// gmmTopic fits a Gaussian mixture by EM and shows it after a chosen
// iteration: the state after k iterations is the fit with MaxIter = k
// (demo gmm -max-iter k), the same start replayed.
func gmmTopic(p *params, files map[string]string) (*Response, error) {
	data := p.choice("data", "xor", "xor", "blobs", "moons", "blobs3")
	if p.choice("method", "em", "em", "bayes") == "bayes" {
		for _, f := range []string{"k", "cov", "seed"} {
			p.refuse(f, "method=bayes (demo bayes)")
		}
		p.refuse("step", "method=bayes (not iterative)")
		return bayesTopic(p, files, data)
	}
	for _, f := range []string{"density", "priors", "loss"} {
		p.refuse(f, "method=em (demo gmm)")
	}
	k := p.integer("k", 4, 1, 8)
	cov := p.choice("cov", "full", "full", "diag", "spherical")
	seed := p.integer("seed", 1, 0, 1e9)
	step := p.integer("step", -1, 1, 1e6)
	if p.err != nil {
		return nil, p.err
	}
	ds, err := pointData(p, files, data)
	if err != nil {
		return nil, err
	}
	x := ds.x
	ct := map[string]learn.CovarianceType{"full": learn.FullCovariance, "diag": learn.DiagCovariance, "spherical": learn.SphericalCovariance}[cov]
	cfg := learn.GaussianMixture{K: k, Covariance: ct, Seed: uint64(seed)}
	full, err := cfg.Fit(x)
	if err != nil {
		return nil, err
	}
	steps := full.Iterations
	if step > steps {
		return nil, fmt.Errorf("step=%d: beyond the last step (%d EM iterations)", step, steps)
	}
	m, shown := full, steps
	words := []string{"gmm", "-k", fmt.Sprint(k), "-cov", cov, "-seed", fmt.Sprint(seed)}
	if step > 0 && step < steps {
		cfg.MaxIter, shown = step, step
		if m, err = cfg.Fit(x); err != nil {
			return nil, err
		}
		words = append(words, "-max-iter", fmt.Sprint(step))
	}
	res := &Fields{}
	res.Add("command", command(append(words, "-target", "label", "-json", ds.path)...))
	res.Add("weights", m.Weights)
	res.Add("means", m.Means.ToRows())
	res.Add("loglik", m.LogLikelihood)
	res.Add("iterations", m.Iterations)
	res.Add("converged", m.Converged)
	res.Add("bic", m.BIC)
	resp, err := m.PredictProba(x)
	if err != nil {
		return nil, err
	}
	pic := gmmPicture(ds, m, resp, fmt.Sprintf("EM after %d of %d iterations, k = %d, %s covariances", shown, steps, k, cov))
	r, err := respond([]*plot.Figure{pic, gmmLogLik(full.LogLikelihoods, shown)}, []Number{
		{Label: "EM iteration", Field: "iterations", Text: fmt.Sprintf("%d of %d", m.Iterations, steps)},
		{Label: "mean log-likelihood", Field: "loglik", Text: fmt.Sprintf("%.6g", m.LogLikelihood)},
		{Label: "BIC", Field: "bic", Text: fmt.Sprintf("%.6g", m.BIC)},
		{Label: "weights λₖ", Field: "weights", Text: fmtList(m.Weights)},
		{Label: "converged", Field: "converged", Text: fmt.Sprint(m.Converged)},
	}, res, steps, shown)
	if err != nil {
		return nil, err
	}
	return ds.attach(r, pic)
}

// gmmPicture draws the points coloured by their most responsible
// component (a ring where no component takes 90 % of the responsibility)
// and each component's ellipses at one and two standard deviations.
func gmmPicture(ds *dataSet, m *learn.GMMModel, resp *matrix.Dense, title string) *plot.Figure {
	x := ds.x
	f := ds.frame(title)
	k := len(m.Weights)
	px, py := make([][]float64, k), make([][]float64, k)
	var ux, uy []float64
	for i := range x.Rows() {
		best := 0
		for j := range k {
			if resp.At(i, j) > resp.At(i, best) {
				best = j
			}
		}
		px[best], py[best] = append(px[best], x.At(i, 0)), append(py[best], x.At(i, 1))
		if resp.At(i, best) < 0.9 {
			ux, uy = append(ux, x.At(i, 0)), append(uy, x.At(i, 1))
		}
	}
	for j := range k {
		c := plot.ClassColor(j)
		if len(px[j]) > 0 {
			f.Scatter(fmt.Sprintf("component %d", j), px[j], py[j], plot.Style{Color: c})
		}
		s := m.Covariances[j]
		for _, r := range []float64{1, 2} {
			ex, ey := ellipse(m.Means.At(j, 0), m.Means.At(j, 1), s.At(0, 0), s.At(0, 1), s.At(1, 1), r)
			f.Line("", ex, ey, plot.Style{Color: c, Width: 2.5, Dashed: r == 2})
		}
		f.Scatter("", []float64{m.Means.At(j, 0)}, []float64{m.Means.At(j, 1)}, plot.Style{Color: color.Black, Marker: plot.MarkerPlus, MarkerSize: 8})
	}
	if len(ux) > 0 {
		f.Scatter("uncertain", ux, uy, plot.Style{Color: color.Black, Marker: plot.MarkerRing})
	}
	ds.markEdits(f)
	return f
}

// ellipse returns the points of (x − μ)ᵀΣ⁻¹(x − μ) = r² for the 2×2
// covariance [a b; b c], from its eigenvalues and eigenvectors in closed
// form.
func ellipse(mx, my, a, b, c, r float64) ([]float64, []float64) {
	mid, half := (a+c)/2, math.Hypot((a-c)/2, b)
	l1, l2 := mid+half, math.Max(mid-half, 0)
	phi := 0.5 * math.Atan2(2*b, a-c)
	const n = 64
	xs, ys := make([]float64, n+1), make([]float64, n+1)
	for t := 0; t <= n; t++ {
		th := 2 * math.Pi * float64(t) / n
		u, v := r*math.Sqrt(l1)*math.Cos(th), r*math.Sqrt(l2)*math.Sin(th)
		xs[t] = mx + u*math.Cos(phi) - v*math.Sin(phi)
		ys[t] = my + u*math.Sin(phi) + v*math.Cos(phi)
	}
	return xs, ys
}

// gmmLogLik draws how far the mean log-likelihood is below its final value
// after each iteration, on a log axis (EM never lowers it).
func gmmLogLik(trace []float64, shown int) *plot.Figure {
	last := trace[len(trace)-1]
	gap := make([]float64, len(trace))
	for i, v := range trace {
		gap[i] = last - v
	}
	f := logTrace("EM: final log-likelihood minus the current one", "iteration", "ℓ* − ℓ", gap, shown)
	return f
}

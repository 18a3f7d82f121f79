package live

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() { topics["assess"] = assessTopic }

// assessLearner is the learner the assessment page scores, with the
// words of its demo command line.
type assessLearner struct {
	trainer learn.ClassifierTrainer
	words   []string
}

// assessTopic shows the notes' error estimates (004, "Model assessment"):
// the bootstrap resample by resample (demo bootstrap -B b), K-fold
// cross-validation (demo cv), hold-out (demo holdout) and the bias–variance
// decomposition over polynomial degree (demo biasvar).
func assessTopic(p *params, files map[string]string) (*Response, error) {
	method := p.choice("method", "bootstrap", "bootstrap", "cv", "holdout", "biasvar")
	if method == "biasvar" {
		return biasVarState(p)
	}
	for _, f := range []string{"n", "trials", "noise"} {
		p.refuse(f, "method="+method+" (only to biasvar)")
	}
	data := p.choice("data", "moons", "moons", "xor", "blobs")
	l := assessLearnerOf(p)
	seed := p.integer("seed", 0, 0, 1e6)
	switch method {
	case "bootstrap":
		p.refuse("k", "the bootstrap (the folds of cv)")
		p.refuse("frac", "the bootstrap (holdout's)")
	case "cv":
		p.refuse("B", "cv (the bootstrap's)")
		p.refuse("frac", "cv (holdout's)")
		p.refuse("step", "cv (only the bootstrap steps)")
	case "holdout":
		p.refuse("B", "holdout (the bootstrap's)")
		p.refuse("k", "holdout (the folds of cv)")
		p.refuse("step", "holdout (only the bootstrap steps)")
	}
	if p.err != nil {
		return nil, p.err
	}
	ds, err := pointData(p, files, data)
	if err != nil {
		return nil, err
	}
	var r *Response
	var pic *plot.Figure
	switch method {
	case "cv":
		r, pic, err = cvState(p, ds, l, uint64(seed))
	case "holdout":
		r, pic, err = holdoutState(p, ds, l, uint64(seed))
	default:
		r, pic, err = bootstrapState(p, ds, l, uint64(seed))
	}
	if err != nil {
		return nil, err
	}
	return ds.attach(r, pic)
}

// assessLearnerOf reads the learner and its one parameter: a tree's
// -max-depth, or k-NN's -k (named neighbours here, since k is cv's number
// of folds).
func assessLearnerOf(p *params) assessLearner {
	switch p.choice("learner", "tree", "tree", "knn") {
	case "knn":
		p.refuse("max-depth", "learner=knn (a tree's)")
		k := p.integer("neighbours", 5, 1, 50)
		return assessLearner{learn.KNN{K: k}, []string{"knn", "-k", strconv.Itoa(k)}}
	default:
		p.refuse("neighbours", "learner=tree (k-NN's)")
		d := p.integer("max-depth", 3, 1, 20)
		return assessLearner{learn.DecisionTree{Criterion: "gini", MaxDepth: d, MinSamplesSplit: 2, MinSamplesLeaf: 1}, []string{"tree", "-max-depth", strconv.Itoa(d)}}
	}
}

// bootstrapState records every resample once (Bootstrap.Resample) and
// shows resample b: the points it drew sized by how often, the points it
// left out (out of bag) as rings, and the running estimates. The numbers
// after b resamples are demo bootstrap -B b, the same first b resamples.
// It returns the state and its figure of the data.
func bootstrapState(p *params, ds *dataSet, l assessLearner, seed uint64) (*Response, *plot.Figure, error) {
	x, y := ds.x, ds.y
	b := p.integer("B", 50, 2, 500)
	step := p.integer("step", -1, 1, 1e6)
	if p.err != nil {
		return nil, nil, p.err
	}
	if step > b {
		return nil, nil, fmt.Errorf("step=%d: beyond the last step (B = %d resamples)", step, b)
	}
	shown := b
	if step > 0 {
		shown = step
	}
	var samples [][]int
	var losses [][]float64
	cfg := learn.Bootstrap{B: b, Seed: seed, Resample: func(_ int, s []int, loss []float64) {
		samples, losses = append(samples, s), append(losses, loss)
	}}
	full, err := cfg.EstimateClassifier(l.trainer, x, y)
	if err != nil {
		return nil, nil, err
	}
	run := runningBootstrap(samples, losses, full.TrainError)
	res := &Fields{}
	nums := []Number{{Label: "resample", Text: fmt.Sprintf("%d of %d", shown, b)}}
	cur := run[shown-1]
	if shown >= 2 {
		r := full
		if shown < b {
			if r, err = (learn.Bootstrap{B: shown, Seed: seed}).EstimateClassifier(l.trainer, x, y); err != nil {
				return nil, nil, err
			}
		}
		res.Add("command", command(append(append([]string{"bootstrap", "-B", strconv.Itoa(shown), "-seed", strconv.FormatUint(seed, 10), "-quiet", "-json"}, l.words...), ds.path)...))
		res.Add("learner", l.words[0])
		res.Add("e_boot1", r.EBoot1)
		res.Add("e_boot", r.EBoot)
		res.Add("train_error", r.TrainError)
		res.Add("e_632", r.E632)
		res.Add("left_out_fraction", r.LeftOutFraction)
		res.Add("skipped", r.Skipped)
		cur = bootEstimates{r.EBoot1, r.EBoot, r.E632, r.LeftOutFraction}
	} else {
		// demo bootstrap wants B ≥ 2: the first resample's numbers are
		// the page's own; the block names the command for two.
		res.Add("command", command(append(append([]string{"bootstrap", "-B", "2", "-seed", strconv.FormatUint(seed, 10), "-quiet", "-json"}, l.words...), ds.path)...))
		res.Add("learner", l.words[0])
	}
	field := func(f string) string {
		if shown < 2 {
			return ""
		}
		return f
	}
	nums = append(nums,
		Number{Label: "e¹_boot (every point, in or out)", Field: field("e_boot1"), Text: fmt.Sprintf("%.4f", cur.e1)},
		Number{Label: "e_boot (left-out points only)", Field: field("e_boot"), Text: fmt.Sprintf("%.4f", cur.eb)},
		Number{Label: "training error ē", Field: field("train_error"), Text: fmt.Sprintf("%.4f", full.TrainError)},
		Number{Label: ".632 estimate", Field: field("e_632"), Text: fmt.Sprintf("%.4f", cur.e632)},
		Number{Label: "mean fraction left out (→ e⁻¹ ≈ 0.368)", Field: field("left_out_fraction"), Text: fmt.Sprintf("%.4f", cur.left)})
	pic := ds.frame(fmt.Sprintf("resample %d of %d (%s, %s)", shown, b, l.words[0], ds.name))
	resamplePicture(pic, x, y, samples[shown-1], losses[shown-1])
	ds.markEdits(pic)
	r, err := respond([]*plot.Figure{pic, runningPicture(run, shown)}, nums, res, b, shown)
	return r, pic, err
}

// BootstrapFigures draws resample shown (from 1) of a bootstrap recorded
// by Bootstrap.Resample (samples and losses, in order; train is ē) on
// two-dimensional data: the points drawn, sized by how often, and the
// points left out; and the estimates e¹_boot, e_boot and .632 after each
// resample up to shown. The site's assessment page and the tour share it.
func BootstrapFigures(x *matrix.Dense, y []int, samples [][]int, losses [][]float64, train float64, shown int, title string) (resample, estimates *plot.Figure) {
	run := runningBootstrap(samples, losses, train)
	resample = frameOn(around(x), title)
	resamplePicture(resample, x, y, samples[shown-1], losses[shown-1])
	return resample, runningPicture(run, shown)
}

// bootEstimates are the estimates after some resamples.
type bootEstimates struct{ e1, eb, e632, left float64 }

// runningBootstrap returns the estimates after each prefix of the
// resamples (e_boot over the points some resample of the prefix left out).
func runningBootstrap(samples [][]int, losses [][]float64, train float64) []bootEstimates {
	n := len(losses[0])
	outSum, outCnt := make([]float64, n), make([]int, n)
	e1, left := 0.0, 0.0
	var out []bootEstimates
	for b, s := range samples {
		in := make([]bool, n)
		for _, i := range s {
			in[i] = true
		}
		sum, l := 0.0, 0
		for i, v := range losses[b] {
			sum += v
			if !in[i] {
				outSum[i] += v
				outCnt[i]++
				l++
			}
		}
		e1 += sum / float64(n)
		left += float64(l) / float64(n)
		eb, used := 0.0, 0
		for i := range n {
			if outCnt[i] > 0 {
				eb += outSum[i] / float64(outCnt[i])
				used++
			}
		}
		if used > 0 {
			eb /= float64(used)
		}
		k := float64(b + 1)
		out = append(out, bootEstimates{e1 / k, eb, 0.368*train + 0.632*eb, left / k})
	}
	return out
}

var (
	outOfBag = color.NRGBA{R: 120, G: 120, B: 120, A: 255}
	mistaken = color.NRGBA{R: 220, G: 30, B: 160, A: 255}
)

// resamplePicture draws one resample on f: a point drawn c times is a dot
// of area proportional to c in its class colour; a point left out is a
// grey ring, crossed when the resample's model gets it wrong.
func resamplePicture(f *plot.Figure, x *matrix.Dense, y []int, sample []int, loss []float64) {
	count := make([]int, len(y))
	for _, i := range sample {
		count[i]++
	}
	for i, c := range count {
		px, py := []float64{x.At(i, 0)}, []float64{x.At(i, 1)}
		if c == 0 {
			f.Scatter("", px, py, plot.Style{Color: outOfBag, Marker: plot.MarkerRing, MarkerSize: 4})
			if loss[i] > 0 {
				f.Scatter("", px, py, plot.Style{Color: mistaken, Marker: plot.MarkerCross, MarkerSize: 5})
			}
			continue
		}
		f.Scatter("", px, py, plot.Style{Color: plot.ClassColor(y[i]), MarkerSize: 3 * math.Sqrt(float64(c))})
	}
}

// runningPicture draws the estimates after each resample up to step.
func runningPicture(run []bootEstimates, step int) *plot.Figure {
	f := &plot.Figure{Title: "the estimates after b resamples", XLabel: "resamples b", YLabel: "error", Width: 560, Height: 300,
		XRange: plot.Range{Min: 0, Max: float64(len(run)) + 1}, Legend: plot.LegendLowerRight}
	var xs, e1, eb, e632 []float64
	for b := range step {
		xs = append(xs, float64(b+1))
		e1, eb, e632 = append(e1, run[b].e1), append(eb, run[b].eb), append(e632, run[b].e632)
	}
	f.Line("e¹_boot", xs, e1, plot.Style{Color: plot.ClassColor(0)})
	f.Line("e_boot", xs, eb, plot.Style{Color: plot.ClassColor(1)})
	f.Line(".632", xs, e632, plot.Style{Color: plot.ClassColor(2), Dashed: true})
	return f
}

// cvState shows K-fold cross-validation: the points coloured by fold and
// the score of every fold as a bar (demo cv). It returns the state and
// its figure of the data.
func cvState(p *params, ds *dataSet, l assessLearner, seed uint64) (*Response, *plot.Figure, error) {
	x, y := ds.x, ds.y
	k := p.integer("k", 5, 2, 20)
	if p.err != nil {
		return nil, nil, p.err
	}
	rho, err := learn.KFold(len(y), k, seed)
	if err != nil {
		return nil, nil, err
	}
	cv, err := learn.CrossValidateClassifier(l.trainer, x, y, rho)
	if err != nil {
		return nil, nil, err
	}
	res := &Fields{}
	res.Add("command", command(append(append([]string{"cv", "-k", strconv.Itoa(k), "-seed", strconv.FormatUint(seed, 10), "-quiet", "-json"}, l.words...), ds.path)...))
	res.Add("learner", l.words[0])
	res.Add("fold_scores", cv.FoldScores)
	res.Add("mean", cv.Mean)
	res.Add("std", cv.Std)
	res.Add("e_cv", cv.ECV)
	f := &plot.Figure{Title: fmt.Sprintf("accuracy of each of the %d folds (%s on %s)", k, l.words[0], ds.name), XLabel: "fold", YLabel: "accuracy on the fold",
		Width: 560, Height: 300, XRange: plot.Range{Min: 0.3, Max: float64(k) + 0.7}, YRange: plot.Range{Min: 0, Max: 1.05}, Legend: plot.LegendLowerRight}
	for j, s := range cv.FoldScores {
		c := float64(j + 1)
		f.Band("", []float64{c - 0.35, c + 0.35}, []float64{0, 0}, []float64{s, s}, plot.Style{Color: plot.ClassColor(j)})
	}
	f.HLine("mean", cv.Mean, plot.Style{Color: mistaken, Dashed: true})
	pic := foldPicture(ds, rho, k)
	r, err := respond([]*plot.Figure{pic, f}, []Number{
		{Label: "fold scores (accuracy)", Field: "fold_scores", Text: joinFloats(cv.FoldScores, "%.3f")},
		{Label: "mean ± std", Field: "mean", Text: fmt.Sprintf("%.4f ± %.4f", cv.Mean, cv.Std)},
		{Label: "e_cv (error rate over all points)", Field: "e_cv", Text: fmt.Sprintf("%.4f", cv.ECV)},
	}, res, 0, 0)
	return r, pic, err
}

// foldPicture draws the data coloured by the fold ρ(i) each point is held
// out in, the points added or moved ringed.
func foldPicture(ds *dataSet, rho []int, k int) *plot.Figure {
	x := ds.x
	f := ds.frame(fmt.Sprintf("the data by fold ρ(i), K = %d", k))
	for j := range k {
		var px, py []float64
		for i, r := range rho {
			if r == j {
				px, py = append(px, x.At(i, 0)), append(py, x.At(i, 1))
			}
		}
		f.Scatter("", px, py, plot.Style{Color: plot.ClassColor(j), MarkerSize: 3})
	}
	ds.markEdits(f)
	return f
}

// holdoutState shows a hold-out split: training points filled, held-out
// points as rings (demo holdout). It returns the state and its figure of
// the data.
func holdoutState(p *params, ds *dataSet, l assessLearner, seed uint64) (*Response, *plot.Figure, error) {
	x, y := ds.x, ds.y
	frac := p.float("frac", 0.25, 0, 0.9)
	if p.err != nil {
		return nil, nil, p.err
	}
	tr, va, err := learn.HoldOutSplit(len(y), frac, seed)
	if err != nil {
		return nil, nil, err
	}
	r, err := learn.HoldOutClassifier(l.trainer, x, y, tr, va)
	if err != nil {
		return nil, nil, err
	}
	res := &Fields{}
	res.Add("command", command(append(append([]string{"holdout", "-frac", fmtFloat(frac), "-seed", strconv.FormatUint(seed, 10), "-json"}, l.words...), ds.path)...))
	res.Add("learner", l.words[0])
	res.Add("train_size", len(tr))
	res.Add("validation_size", len(va))
	res.Add("train_score", r.TrainScore)
	res.Add("validation_score", r.ValidationScore)
	f := ds.frame(fmt.Sprintf("%d training points, %d held out (rings)", len(tr), len(va)))
	for _, i := range tr {
		f.Scatter("", []float64{x.At(i, 0)}, []float64{x.At(i, 1)}, plot.Style{Color: plot.ClassColor(y[i]), MarkerSize: 3})
	}
	for _, i := range va {
		f.Scatter("", []float64{x.At(i, 0)}, []float64{x.At(i, 1)}, plot.Style{Color: plot.ClassColor(y[i]), Marker: plot.MarkerRing, MarkerSize: 4})
	}
	ds.markEdits(f)
	resp, err := respond([]*plot.Figure{f}, []Number{
		{Label: "training / validation points", Field: "train_size", Text: fmt.Sprintf("%d / %d", len(tr), len(va))},
		{Label: "training accuracy", Field: "train_score", Text: fmt.Sprintf("%.4f", r.TrainScore)},
		{Label: "validation accuracy", Field: "validation_score", Text: fmt.Sprintf("%.4f", r.ValidationScore)},
	}, res, 0, 0)
	return resp, f, err
}

// biasVarDegrees are the polynomial degrees of the bias–variance curves.
// They stop at 6: from degree 7 the Vandermonde least squares is so
// ill-conditioned that the WebAssembly build (portable kernels) and the
// native command differ by more than the site's check allows (1e-12
// relative; 1.5e-10 seen at degree 7 with 30 points).
var biasVarDegrees = []int{0, 1, 2, 3, 4, 5, 6}

// biasVarState draws bias², variance and the expected error of polynomial
// least squares on the noisy sine over the degree (demo biasvar).
func biasVarState(p *params) (*Response, error) {
	for _, f := range []string{"data", "learner", "max-depth", "neighbours", "B", "k", "frac", "step", "add", "move"} {
		p.refuse(f, "method=biasvar (a noisy sine, polynomial least squares)")
	}
	n := p.integer("n", 20, 12, 200)
	trials := p.integer("trials", 200, 2, 1000)
	noise := p.float("noise", 0.3, 0, 2)
	seed := p.integer("seed", 0, 0, 1e6)
	if p.err != nil {
		return nil, p.err
	}
	bv := learn.BiasVariance{Sigma: noise, N: n, Trials: trials, Seed: uint64(seed)}
	var rows []map[string]any
	var deg, b2, va, er []float64
	for _, d := range biasVarDegrees {
		r, err := bv.Run(learn.VandermondeFit(d))
		if err != nil {
			return nil, err
		}
		rows = append(rows, map[string]any{"degree": d, "bias2": r.MeanBias2, "variance": r.MeanVariance, "noise": r.Noise, "error": r.MeanError})
		deg, b2, va, er = append(deg, float64(d)), append(b2, r.MeanBias2), append(va, r.MeanVariance), append(er, r.MeanError)
	}
	ds := make([]string, len(biasVarDegrees))
	for i, d := range biasVarDegrees {
		ds[i] = strconv.Itoa(d)
	}
	res := &Fields{}
	res.Add("command", command("biasvar", "-degrees", strings.Join(ds, ","), "-n", strconv.Itoa(n), "-trials", strconv.Itoa(trials),
		"-noise", fmtFloat(noise), "-seed", strconv.Itoa(seed), "-json"))
	res.Add("degrees", rows)
	f := &plot.Figure{Title: fmt.Sprintf("bias² + variance + σ² over the degree (%d points, %d training sets)", n, trials), XLabel: "polynomial degree",
		YLabel: "mean over x₀", Width: 560, Height: 340, LogY: true, Legend: plot.LegendUpperRight}
	f.Line("bias²", deg, b2, plot.Style{Color: plot.ClassColor(0), Marker: plot.MarkerCircle, MarkerSize: 3})
	f.Line("variance", deg, va, plot.Style{Color: plot.ClassColor(1), Marker: plot.MarkerCircle, MarkerSize: 3})
	f.Line("expected error", deg, er, plot.Style{Color: plot.ClassColor(2), Marker: plot.MarkerCircle, MarkerSize: 3})
	f.HLine("σ²", noise*noise, plot.Style{Color: outOfBag, Dashed: true})
	best := 0
	for i := range er {
		if er[i] < er[best] {
			best = i
		}
	}
	return respond([]*plot.Figure{f}, []Number{
		{Label: "degree with the least expected error", Field: "degrees", Text: strconv.Itoa(biasVarDegrees[best])},
		{Label: "its bias², variance, error", Text: fmt.Sprintf("%.4g, %.4g, %.4g", b2[best], va[best], er[best])},
		{Label: "noise σ²", Text: fmt.Sprintf("%.4g", noise*noise)},
	}, res, 0, 0)
}

// joinFloats formats values with format, separated by spaces.
func joinFloats(v []float64, format string) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf(format, x)
	}
	return strings.Join(s, " ")
}

package live

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() { topics["fisher"] = fisherTopic }

// irisPetals reads the site's iris and keeps the two petal measurements
// (demo lda -drop sepal_length -drop sepal_width), the class last.
func irisPetals(files map[string]string) (*matrix.Dense, []int, error) {
	path := dataPath("iris")
	text, err := file(files, path)
	if err != nil {
		return nil, nil, err
	}
	t, err := matrix.ReadCSV(strings.NewReader(text))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	cols := []int{slices.Index(t.Names, "petal_length"), slices.Index(t.Names, "petal_width"), slices.Index(t.Names, "species")}
	if slices.Contains(cols, -1) || cols[2] != len(t.Names)-1 {
		return nil, nil, fmt.Errorf("%s: want the columns petal_length, petal_width and species (last)", path)
	}
	n := t.Data.Rows()
	x := matrix.New(n, 2)
	y := make([]int, n)
	for i := range n {
		x.Set(i, 0, t.Data.At(i, cols[0]))
		x.Set(i, 1, t.Data.At(i, cols[1]))
		y[i] = int(t.Data.At(i, cols[2]))
	}
	return x, y, nil
}

// fisherTopic shows Fisher's discriminant of a two-dimensional data set:
// the direction w on the data and the projected classes (demo lda).
func fisherTopic(p *params, files map[string]string) (*Response, error) {
	data := p.choice("data", "blobs", "blobs", "moons", "xor", "iris")
	ridge := p.nonNegative("ridge", 0, 1e6)
	if p.err != nil {
		return nil, p.err
	}
	var ds *dataSet
	var err error
	args := []string{"lda", "-ridge", fmtFloat(ridge)}
	if data == "iris" {
		p.refuse("add", "data=iris (its four columns are not clickable)")
		p.refuse("move", "data=iris (its four columns are not clickable)")
		if p.err != nil {
			return nil, p.err
		}
		x, y, err := irisPetals(files)
		if err != nil {
			return nil, err
		}
		ds = &dataSet{name: data, path: dataPath(data), x: x, y: y, win: around(x), base: len(y), edited: make([]bool, len(y))}
		args = append(args, "-drop", "sepal_length", "-drop", "sepal_width")
	} else if ds, err = pointData(p, files, data); err != nil {
		return nil, err
	}
	x, y := ds.x, ds.y
	m, err := learn.FisherLDA{Ridge: ridge}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	acc, err := trainingAccuracy(m, x, y)
	if err != nil {
		return nil, err
	}
	res := &Fields{}
	res.Add("command", command(append(args, "-json", ds.path)...))
	res.Add("classes", m.Classes)
	res.Add("w", m.W)
	res.Add("criterion", m.Criterion)
	nums := []Number{
		{Label: "direction w", Field: "w", Text: fmt.Sprintf("(%.4f, %.4f)", m.W[0], m.W[1])},
		{Label: "J(w) = wᵀS_B w / wᵀS_w w", Field: "criterion", Text: fmt.Sprintf("%.6g", m.Criterion)},
	}
	if m.Directions != nil {
		res.Add("eigenvalues", m.Eigenvalues)
		nums = append(nums, Number{Label: "eigenvalues of S_B v = λ S_w v", Field: "eigenvalues", Text: fmtList(m.Eigenvalues)})
	} else {
		res.Add("threshold", m.Threshold)
		nums = append(nums, Number{Label: "threshold on wᵀx (midpoint of m₀, m₁)", Field: "threshold", Text: fmt.Sprintf("%.4f", m.Threshold)})
	}
	res.Add("train_accuracy", acc)
	nums = append(nums, Number{Label: "training accuracy", Field: "train_accuracy", Text: fmt.Sprintf("%.3f", acc)})
	pic := fisherData(ds, m, data)
	r, err := respond([]*plot.Figure{pic, fisherHistograms(x, y, m)}, nums, res, 0, 0)
	if err != nil || data == "iris" {
		return r, err
	}
	return ds.attach(r, pic)
}

// fisherData draws the data, the line through the mean of the data along
// w and, for two classes, the boundary wᵀx = threshold.
func fisherData(ds *dataSet, m *learn.FisherModel, data string) *plot.Figure {
	x, y, b := ds.x, ds.y, ds.win
	f := ds.frame(fmt.Sprintf("Fisher's direction w on %s", data))
	n := float64(x.Rows())
	cx, cy := 0.0, 0.0
	for i := range x.Rows() {
		cx += x.At(i, 0) / n
		cy += x.At(i, 1) / n
	}
	if m.Directions == nil {
		f.Contour("wᵀx = threshold", func(a, c float64) float64 { return m.W[0]*a + m.W[1]*c - m.Threshold },
			[]float64{0}, plot.Style{Color: color.Gray{Y: 90}, Dashed: true})
	}
	f.ScatterClasses(x.Col(0), x.Col(1), y, classNames(m.Classes))
	ds.markEdits(f)
	// The line x̄ + t·w across the window, with an arrow head at x̄ + w·r.
	r := math.Hypot(b.x1-b.x0, b.y1-b.y0)
	f.Line("w", []float64{cx - r*m.W[0], cx + r*m.W[0]}, []float64{cy - r*m.W[1], cy + r*m.W[1]},
		plot.Style{Color: color.NRGBA{R: 220, G: 30, B: 160, A: 255}, Width: 3})
	f.Annotate(cx+0.3*r*m.W[0], cy+0.3*r*m.W[1], "w", plot.AlignLeft)
	return f
}

// fisherHistograms draws the projections zᵢ = wᵀxᵢ of every class as a
// histogram (20 bins over their range) and, for two classes, the
// threshold.
func fisherHistograms(x *matrix.Dense, y []int, m *learn.FisherModel) *plot.Figure {
	z, err := m.Project(x)
	f := &plot.Figure{Title: "the projections z = wᵀx, one histogram per class", XLabel: "z = wᵀx", YLabel: "count",
		Width: 560, Height: 300, Legend: plot.LegendNone}
	if err != nil {
		return f
	}
	lo, hi := slices.Min(z), slices.Max(z)
	const bins = 20
	width := (hi - lo) / bins
	if width == 0 {
		width = 1
	}
	for k, c := range m.Classes {
		counts := make([]float64, bins)
		for i, zi := range z {
			if y[i] == c {
				counts[min(bins-1, int((zi-lo)/width))]++
			}
		}
		var xs, top, zero []float64
		for j, v := range counts {
			a := lo + float64(j)*width
			xs = append(xs, a, a+width)
			top = append(top, v, v)
			zero = append(zero, 0, 0)
		}
		st := plot.Style{Color: plot.ClassColor(k), Width: 1.5}
		f.Band(fmt.Sprint(c), xs, zero, top, st)
	}
	if m.Directions == nil {
		f.VLine("threshold", m.Threshold, plot.Style{Color: color.Gray{Y: 90}, Dashed: true})
	}
	return f
}

// classNames returns the labels as the legend shows them.
func classNames(classes []int) []string {
	out := make([]string, slices.Max(classes)+1)
	for i := range out {
		out[i] = fmt.Sprintf("class %d", i)
	}
	return out
}

// nonNegative reads name, a number in [0, hi] (def when absent), for the
// penalties and ridges whose flags accept 0.
func (p *params) nonNegative(name string, def, hi float64) float64 {
	v := def
	if s, ok := p.get(name); ok {
		f, err := strconv.ParseFloat(s, 64)
		switch {
		case err != nil:
			p.fail("%s=%s: not a number", name, s)
		case !(f >= 0 && f <= hi):
			p.fail("%s=%s: want a value in [0, %g]", name, s, hi)
		default:
			v = f
		}
	}
	p.norm[name] = fmtFloat(v)
	return v
}

package plot

import (
	"image/color"
	"math"
	"math/rand/v2"
	"strconv"
)

// sampleFigures builds one figure of each kind the tour draws, on synthetic
// data: the tests render them all, and a look at them (see
// docs/plotting.md) is how their layout was judged.
func sampleFigures() map[string]*Figure {
	figs := map[string]*Figure{}

	// An explained-variance curve with the 95% reference line.
	{
		f := &Figure{Title: "Explained variance, digits", XLabel: "number of components k", YLabel: "cumulative explained variance"}
		var k, cum []float64
		total := 0.0
		for i := 1; i <= 64; i++ {
			k = append(k, float64(i))
			total += math.Exp(-float64(i) / 9)
			cum = append(cum, total)
		}
		for i := range cum {
			cum[i] /= total
		}
		f.Line("cumulative ratio", k, cum, Style{Marker: MarkerCircle, MarkerSize: 3})
		f.HLine("95%", 0.95, Style{Dashed: true, Color: color.Gray{0x55}})
		f.VLine("", 27, Style{Dashed: true, Color: color.Gray{0x99}, Width: 1})
		f.Annotate(28, 0.6, "k = 27 for 95%", AlignLeft)
		figs["variance"] = f
	}

	// A scatter of ten classes.
	{
		rng := rand.New(rand.NewPCG(1, 2))
		f := &Figure{Title: "Digits on the first two principal components", XLabel: "PC 1", YLabel: "PC 2"}
		var x, y []float64
		var cls []int
		for c := 0; c < 10; c++ {
			cx, cy := 20*math.Cos(float64(c)*0.63), 15*math.Sin(float64(c)*0.63)
			for i := 0; i < 40; i++ {
				x = append(x, cx+4*rng.NormFloat64())
				y = append(y, cy+4*rng.NormFloat64())
				cls = append(cls, c)
			}
		}
		f.ScatterClasses(x, y, cls, nil)
		figs["scatter"] = f
	}

	// Decision regions, boundary, margins and support vectors.
	{
		rng := rand.New(rand.NewPCG(3, 4))
		f := &Figure{Title: "Gaussian-kernel SVM on two moons", XLabel: "x₁", YLabel: "x₂"}
		var x, y []float64
		var cls []int
		for i := 0; i < 100; i++ {
			t := math.Pi * rng.Float64()
			c := i % 2
			if c == 0 {
				x, y = append(x, math.Cos(t)+0.1*rng.NormFloat64()), append(y, math.Sin(t)+0.1*rng.NormFloat64())
			} else {
				x, y = append(x, 1-math.Cos(t)+0.1*rng.NormFloat64()), append(y, 0.5-math.Sin(t)+0.1*rng.NormFloat64())
			}
			cls = append(cls, c)
		}
		decision := func(px, py float64) float64 {
			return 2 * (math.Sin(2*px)*0.8 - py + 0.25)
		}
		f.ClassRegions(func(px, py float64) int {
			if decision(px, py) >= 0 {
				return 0
			}
			return 1
		})
		f.Contour("f(x) = 0", decision, []float64{0}, Style{Color: color.Black})
		f.Contour("f(x) = ±1", decision, []float64{-1, 1}, Style{Color: color.Black, Dashed: true, Width: 1.5})
		f.ScatterClasses(x, y, cls, []string{"y = +1", "y = −1"})
		var sx, sy []float64
		for i := range x {
			if math.Abs(decision(x[i], y[i])) <= 1 {
				sx, sy = append(sx, x[i]), append(sy, y[i])
			}
		}
		f.Scatter("support vectors", sx, sy, Style{Marker: MarkerRing, Color: color.Black})
		figs["regions"] = f
	}

	// A regression with its ε-tube.
	{
		rng := rand.New(rand.NewPCG(5, 6))
		f := &Figure{Title: "ε-SVR on a noisy sine, ε = 0.2", XLabel: "x", YLabel: "y"}
		var x, fx, lo, hi, xs, ys []float64
		for i := 0; i <= 200; i++ {
			t := 2 * math.Pi * float64(i) / 200
			x = append(x, t)
			fx = append(fx, math.Sin(t))
			lo, hi = append(lo, math.Sin(t)-0.2), append(hi, math.Sin(t)+0.2)
		}
		for i := 0; i < 60; i++ {
			t := 2 * math.Pi * rng.Float64()
			xs, ys = append(xs, t), append(ys, math.Sin(t)+0.15*rng.NormFloat64())
		}
		f.Band("ε-tube", x, lo, hi, Style{Dashed: true, Width: 1})
		f.Line("f(x)", x, fx, Style{Color: ClassColor(0)})
		f.Scatter("data", xs, ys, Style{Color: color.Gray{0x33}, MarkerSize: 3})
		figs["band"] = f
	}

	// A convergence trace on a logarithmic axis, with a tolerance line.
	{
		f := &Figure{Title: "Jacobi: off-diagonal norm per sweep", XLabel: "sweep", YLabel: "off(A)", LogY: true}
		var sweep, off, off2 []float64
		v, w := 40.0, 12.0
		for i := 0; i <= 7; i++ {
			sweep = append(sweep, float64(i))
			off, off2 = append(off, v), append(off2, w)
			v, w = v*v*v/2000+1e-17, w*w/30+1e-17 // cubic and quadratic convergence
		}
		f.Line("n = 100", sweep, off, Style{Marker: MarkerCircle})
		f.Line("n = 30", sweep, off2, Style{Marker: MarkerSquare})
		f.HLine("tolerance", 1e-12, Style{Dashed: true, Color: color.Gray{0x55}})
		figs["log"] = f
	}
	return figs
}

// sampleImageGrid is a grid of synthetic "reconstructions": a ring drawn on an
// n×n image, blurred less and less from left to right.
func sampleImageGrid(n int) *ImageGrid {
	ks := []int{1, 5, 10, 20, 40}
	g := &ImageGrid{Title: "Reconstruction from k components", Ink: true}
	for _, k := range ks {
		g.ColLabels = append(g.ColLabels, "k = "+itoa(k))
	}
	g.ColLabels = append(g.ColLabels, "original")
	for row := 0; row < 3; row++ {
		g.RowLabels = append(g.RowLabels, "digit "+itoa(row))
		var cells []GrayImage
		for c := 0; c <= len(ks); c++ {
			sharp := 1.0
			if c < len(ks) {
				sharp = float64(ks[c]) / 40
			}
			pix := make([]float64, n*n)
			for i := range pix {
				x := (float64(i%n)+0.5)/float64(n)*2 - 1
				y := (float64(i/n)+0.5)/float64(n)*2 - 1
				r := math.Hypot(x*(1+0.3*float64(row)), y)
				pix[i] = 16 * math.Exp(-math.Pow((r-0.6)/(0.15+0.4*(1-sharp)), 2)) * (0.3 + 0.7*sharp)
			}
			cells = append(cells, GrayImage{Width: n, Height: n, Pix: pix})
		}
		g.Images = append(g.Images, cells)
	}
	return g
}

func itoa(k int) string { return strconv.Itoa(k) }

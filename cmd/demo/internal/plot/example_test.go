package plot_test

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"strings"

	"mlnotes/cmd/demo/internal/plot"
)

// The explained-variance curve of the 95% rule (notes 003, "Approximate
// Representation"), with the rule drawn as a dashed reference line.
func ExampleFigure() {
	eigenvalues := []float64{4.2, 2.1, 0.9, 0.4, 0.2, 0.1, 0.05, 0.05}
	total := 0.0
	for _, l := range eigenvalues {
		total += l
	}
	var k, ratio []float64
	sum := 0.0
	for i, l := range eigenvalues {
		sum += l
		k, ratio = append(k, float64(i+1)), append(ratio, sum/total)
	}
	f := &plot.Figure{Title: "Explained variance", XLabel: "k", YLabel: "Σλ₁…λₖ / Σλ"}
	f.Line("cumulative", k, ratio, plot.Style{Marker: plot.MarkerCircle})
	f.HLine("95%", 0.95, plot.Style{Dashed: true, Color: color.Gray{0x55}})

	var buf bytes.Buffer
	if err := f.WritePNG(&buf); err != nil {
		fmt.Println(err)
		return
	}
	img, err := png.Decode(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("PNG bounds:", img.Bounds())

	buf.Reset()
	if err := f.WriteSVG(&buf); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("SVG mentions the legend:", strings.Contains(buf.String(), ">95%<"))
	// Output:
	// PNG bounds: (0,0)-(800,600)
	// SVG mentions the legend: true
}

// Decision regions of a classifier with its boundary f = 0, the margins
// f = ±1 dashed, the training points by class and the support vectors
// ringed.
func ExampleFigure_Contour() {
	decision := func(x, y float64) float64 { return x + y - 1 } // a linear machine
	x := []float64{0, 0.2, 0.5, 1.5, 1.2, 0.9}
	y := []float64{0, 0.4, 0.1, 1.0, 0.6, 1.3}
	class := []int{0, 0, 0, 1, 1, 1}

	f := &plot.Figure{Title: "Linear SVM", XLabel: "x₁", YLabel: "x₂", Width: 600, Height: 450}
	f.ClassRegions(func(x, y float64) int {
		if decision(x, y) < 0 {
			return 0
		}
		return 1
	})
	f.Contour("f(x) = 0", decision, []float64{0}, plot.Style{Color: color.Black})
	f.Contour("f(x) = ±1", decision, []float64{-1, 1}, plot.Style{Color: color.Black, Dashed: true})
	f.ScatterClasses(x, y, class, []string{"y = −1", "y = +1"})
	f.Scatter("support vectors", []float64{0.2, 1.2}, []float64{0.4, 0.6}, plot.Style{Marker: plot.MarkerRing, Color: color.Black})

	var buf bytes.Buffer
	if err := f.WritePNG(&buf); err != nil {
		fmt.Println(err)
		return
	}
	cfg, err := png.DecodeConfig(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d×%d PNG\n", cfg.Width, cfg.Height)
	// Output:
	// 600×450 PNG
}

// Nice ticks for data from 0 to 97: steps of 1, 2 or 5 times a power of
// ten, and an axis that ends on a tick.
func ExampleNiceTicks() {
	t, err := plot.NiceTicks(0, 97, 6)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Labels, "step", t.Step)
	t, _ = plot.NiceTicks(-0.73, 0.31, 8)
	fmt.Println(t.Labels)
	// Output:
	// [0 20 40 60 80 100] step 20
	// [−0.8 −0.6 −0.4 −0.2 0 0.2 0.4]
}

// The unit circle as the zero level set of x² + y² − 1.
func ExampleContourLines() {
	f := func(x, y float64) float64 { return x*x + y*y - 1 }
	lines, err := plot.ContourLines(f, plot.Range{Min: -2, Max: 2}, plot.Range{Min: -2, Max: 2}, 64, 64, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	worst := 0.0
	for _, p := range lines[0] {
		worst = math.Max(worst, math.Abs(math.Hypot(p.X, p.Y)-1))
	}
	fmt.Printf("%d closed curve: %v, max |r − 1| < 0.001: %v\n", len(lines), lines[0][0] == lines[0][len(lines[0])-1], worst < 0.001)
	// Output:
	// 1 closed curve: true, max |r − 1| < 0.001: true
}

// A grid of digits reconstructed from k components beside the original,
// the figure of notes 000, "Reconstruction of x from y".
func ExampleImageGrid() {
	stripe := func(weight float64) plot.GrayImage {
		pix := make([]float64, 64)
		for r := 0; r < 8; r++ {
			pix[r*8+3], pix[r*8+4] = 16*weight, 16*weight // a "1"
		}
		return plot.GrayImage{Width: 8, Height: 8, Pix: pix}
	}
	g := &plot.ImageGrid{
		Title:     "Reconstructions",
		Images:    [][]plot.GrayImage{{stripe(0.3), stripe(0.7), stripe(1)}},
		ColLabels: []string{"k = 1", "k = 5", "original"},
		RowLabels: []string{"digit 1"},
		Ink:       true,
	}
	w, h, err := g.Size()
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	if err := g.WritePNG(&buf); err != nil {
		fmt.Println(err)
		return
	}
	img, _ := png.Decode(&buf)
	fmt.Println(w, h, img.Bounds().Size())
	// Output:
	// 414 173 (414,173)
}

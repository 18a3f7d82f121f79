package plot

import (
	"errors"
	"math"
	"testing"
)

func TestContourUnitCircle(t *testing.T) {
	// f(x, y) = x² + y² − 1 on [−2, 2]²: the level set f = 0 is the unit
	// circle. Along a grid edge f is a quadratic with second derivative 2,
	// so linear interpolation misses it by at most h²/4 (h the cell side):
	// every traced point has |x² + y² − 1| ≤ h²/4, i.e. lies within about
	// h²/8 of the circle, far inside the brief's "within a cell size".
	f := func(x, y float64) float64 { return x*x + y*y - 1 }
	for _, n := range []int{8, 40, 101, 400} {
		h := 4 / float64(n)
		lines, err := ContourLines(f, Range{-2, 2}, Range{-2, 2}, n, n, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != 1 {
			t.Fatalf("n = %d: %d lines, want one closed curve", n, len(lines))
		}
		line := lines[0]
		if line[0] != line[len(line)-1] {
			t.Errorf("n = %d: curve not closed: %v … %v", n, line[0], line[len(line)-1])
		}
		// A closed curve crossing n-cell grid edges: at least 4 points, and
		// the number of crossings is about the circle's length in cells.
		if len(line) < 5 {
			t.Errorf("n = %d: only %d points", n, len(line))
		}
		bound := h*h/4 + 16*eps // interpolation error plus rounding of f
		worst := 0.0
		for _, p := range line {
			worst = math.Max(worst, math.Abs(f(p.X, p.Y)))
			if r := math.Hypot(p.X, p.Y); math.Abs(r-1) > h {
				t.Errorf("n = %d: point %v at radius %g, more than a cell %g from the circle", n, p, r, h)
			}
		}
		if worst > bound {
			t.Errorf("n = %d: max |f| on the traced curve %g > h²/4 = %g", n, worst, bound)
		}
		// The curve goes once around the origin: its winding number is ±1.
		turn := 0.0
		for i := 1; i < len(line); i++ {
			a0 := math.Atan2(line[i-1].Y, line[i-1].X)
			a1 := math.Atan2(line[i].Y, line[i].X)
			d := a1 - a0
			d -= 2 * math.Pi * math.Round(d/(2*math.Pi))
			turn += d
		}
		if w := math.Round(turn / (2 * math.Pi)); math.Abs(w) != 1 {
			t.Errorf("n = %d: winding number %g, want ±1", n, w)
		}
	}
}

func TestContourLinearExact(t *testing.T) {
	// For a linear f, linear interpolation is exact: the traced points
	// satisfy f = level up to rounding, c·ε·(|x| + |y| + |level|).
	f := func(x, y float64) float64 { return 0.3*x - 1.7*y + 0.1 }
	for _, level := range []float64{-1, 0, 0.5} {
		lines, err := ContourLines(f, Range{-3, 2}, Range{-1, 1.5}, 37, 23, level)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != 1 {
			t.Fatalf("level %g: %d lines, want 1 open line", level, len(lines))
		}
		for _, p := range lines[0] {
			if d := math.Abs(f(p.X, p.Y) - level); d > 64*eps*(math.Abs(p.X)+math.Abs(p.Y)+1) {
				t.Errorf("level %g: f(%v) − level = %g", level, p, d)
			}
		}
		// The open line runs from one side of the domain to another.
		for _, p := range []Point{lines[0][0], lines[0][len(lines[0])-1]} {
			onEdge := math.Abs(p.X+3) < 1e-12 || math.Abs(p.X-2) < 1e-12 || math.Abs(p.Y+1) < 1e-12 || math.Abs(p.Y-1.5) < 1e-12
			if !onEdge {
				t.Errorf("level %g: line ends at %v, inside the domain", level, p)
			}
		}
	}
}

func TestContourSaddle(t *testing.T) {
	// f = x·y has a saddle at the origin; the level 0.25 gives the two
	// branches of the hyperbola xy = 1/4 in the first and third quadrants,
	// which must not be joined across the saddle.
	f := func(x, y float64) float64 { return x * y }
	lines, err := ContourLines(f, Range{-1, 1}, Range{-1, 1}, 20, 20, 0.25)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2 branches", len(lines))
	}
	for _, line := range lines {
		sign := math.Copysign(1, line[0].X)
		for _, p := range line {
			if math.Copysign(1, p.X) != sign || math.Copysign(1, p.Y) != sign {
				t.Errorf("branch crosses quadrants at %v", p)
			}
		}
	}
	// A grid corner exactly on the saddle: level 0 on a grid through the
	// origin. Cells there have all four corners ≥ 0 or a mix; nothing may
	// crash and every point must satisfy xy = 0 (the axes).
	lines, err = ContourLines(f, Range{-1, 1}, Range{-1, 1}, 4, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range lines {
		for _, p := range line {
			if math.Abs(p.X*p.Y) > 1e-15 {
				t.Errorf("point %v off the axes", p)
			}
		}
	}
}

func TestContourSaddleCell(t *testing.T) {
	// One cell with f(0,0) = a, f(1,0) = p, f(0,1) = q, f(1,1) = b, where
	// a, b < 0 < p, q: a saddle at level 0. The bilinear interpolant's
	// saddle value (ab − pq)/(a + b − p − q) decides: at or above the level,
	// the corners below, (0,0) and (1,1), are cut off; below it, the
	// corners above, (1,0) and (0,1).
	below := [2]Point{{0, 0}, {1, 1}}
	above := [2]Point{{1, 0}, {0, 1}}
	for _, c := range []struct {
		a, p, q, b float64
		cut        [2]Point
	}{
		{-1, 1, 1, -1, below},     // saddle value 0
		{-3, 1, 1, -3, above},     // saddle value −1
		{-1, 4, 4, -1, below},     // saddle value 1.5
		{-1, 1.9, 0.2, -1, above}, // saddle value −0.151, though the corner mean is +0.025
	} {
		g := &sampledGrid{xr: Range{0, 1}, yr: Range{0, 1}, nx: 1, ny: 1, v: []float64{c.a, c.p, c.q, c.b}}
		segs := g.segments(0)
		if len(segs) != 2 {
			t.Fatalf("%+v: %d segments, want 2", c, len(segs))
		}
		for _, s := range segs {
			// The segment's midpoint lies near the corner it cuts off.
			mid := Point{(s.p[0].X + s.p[1].X) / 2, (s.p[0].Y + s.p[1].Y) / 2}
			d0 := math.Hypot(mid.X-c.cut[0].X, mid.Y-c.cut[0].Y)
			d1 := math.Hypot(mid.X-c.cut[1].X, mid.Y-c.cut[1].Y)
			if math.Min(d0, d1) > 0.5 {
				t.Errorf("%+v: segment %v does not cut off corner %v or %v", c, s.p, c.cut[0], c.cut[1])
			}
		}
	}
}

func TestContourNonFinite(t *testing.T) {
	// NaN inside the unit disc: the cells around NaN corners are skipped
	// and the circle |(x, y)| = 1.5 is still traced.
	f := func(x, y float64) float64 {
		r := math.Hypot(x, y)
		if r < 0.5 {
			return math.NaN()
		}
		if r < 0.7 {
			return math.Inf(1)
		}
		return r - 1.5
	}
	lines, err := ContourLines(f, Range{-2, 2}, Range{-2, 2}, 40, 40, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 1 {
		t.Fatalf("%d lines, want 1", len(lines))
	}
	for _, p := range lines[0] {
		if math.Abs(math.Hypot(p.X, p.Y)-1.5) > 0.1 {
			t.Errorf("point %v off the circle of radius 1.5", p)
		}
	}
}

func TestContourNoLines(t *testing.T) {
	for _, f := range []func(x, y float64) float64{
		func(x, y float64) float64 { return 3 },          // constant
		func(x, y float64) float64 { return x + 10 },     // level out of range
		func(x, y float64) float64 { return math.NaN() }, // nowhere defined
	} {
		lines, err := ContourLines(f, Range{0, 1}, Range{0, 1}, 5, 5, 0)
		if err != nil || lines == nil || len(lines) != 0 {
			t.Errorf("got %v, %v; want an empty non-nil slice", lines, err)
		}
	}
}

func TestContourErrors(t *testing.T) {
	f := func(x, y float64) float64 { return x }
	cases := []struct {
		name   string
		f      func(x, y float64) float64
		xr, yr Range
		nx, ny int
		level  float64
	}{
		{"nil f", nil, Range{0, 1}, Range{0, 1}, 4, 4, 0},
		{"no cells", f, Range{0, 1}, Range{0, 1}, 0, 4, 0},
		{"reversed range", f, Range{1, 0}, Range{0, 1}, 4, 4, 0},
		{"empty range", f, Range{0, 1}, Range{2, 2}, 4, 4, 0},
		{"NaN range", f, Range{0, math.NaN()}, Range{0, 1}, 4, 4, 0},
		{"NaN level", f, Range{0, 1}, Range{0, 1}, 4, 4, math.NaN()},
	}
	for _, c := range cases {
		if _, err := ContourLines(c.f, c.xr, c.yr, c.nx, c.ny, c.level); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: error %v, want ErrInvalid", c.name, err)
		}
	}
}

func TestContourDeterministic(t *testing.T) {
	f := func(x, y float64) float64 { return math.Sin(3*x) * math.Cos(2*y) }
	a, _ := ContourLines(f, Range{-3, 3}, Range{-3, 3}, 60, 60, 0.3)
	b, _ := ContourLines(f, Range{-3, 3}, Range{-3, 3}, 60, 60, 0.3)
	if len(a) != len(b) {
		t.Fatalf("%d and %d lines", len(a), len(b))
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			t.Fatalf("line %d: %d and %d points", i, len(a[i]), len(b[i]))
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				t.Fatalf("line %d point %d differs", i, j)
			}
		}
	}
	// Every segment is used exactly once: the chained lines hold as many
	// segments as marching squares found.
	g := sampleGrid(f, Range{-3, 3}, Range{-3, 3}, 60, 60)
	total := 0
	for _, l := range a {
		total += len(l) - 1
	}
	if n := len(g.segments(0.3)); total != n {
		t.Errorf("lines hold %d segments, marching squares found %d", total, n)
	}
}

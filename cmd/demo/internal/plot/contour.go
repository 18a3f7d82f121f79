package plot

import (
	"mlnotes/matrix"
)

// Point is a position in data coordinates.
type Point struct{ X, Y float64 }

// ContourLines traces the level set f(x, y) = level by marching squares. f is
// sampled at the (nx+1)×(ny+1) corners of a grid of nx×ny equal cells over
// [xr.Min, xr.Max]×[yr.Min, yr.Max]; on each cell edge whose end values lie
// on both sides of the level (one < level ≤ the other) the crossing is placed
// by linear interpolation, x = x₀ + t·(x₁ − x₀) with t = (level − f₀)/(f₁ − f₀),
// and the crossings of each cell are joined by segments. Segments that share
// a crossing are chained into polylines; a closed curve comes back to its
// first point. Cost: (nx+1)(ny+1) evaluations of f and O(nx·ny) work.
//
// A cell whose four corners straddle the level in the saddle pattern (two
// opposite corners above, two below) is resolved by the asymptotic decider:
// the bilinear interpolant of the corners has a saddle point of value
// (f₀₀f₁₁ − f₁₀f₀₁)/(f₀₀ + f₁₁ − f₁₀ − f₀₁), and the corners on the other
// side of the level from it are cut off, so the contours agree with the
// topology of that interpolant.
//
// For a smooth f the traced points lie on the true curve up to the
// interpolation error: with h the cell size and M a bound on the second
// derivative of f along an edge, |f(p) − level| ≤ M·h²/8 at every traced p.
//
// Special cases:
//
//	a corner where f is NaN or ±Inf  the cells around it are skipped (a gap)
//	f constant, or level out of range no lines (an empty, non-nil slice)
//	nx < 1, ny < 1, empty or non-finite range, non-finite level  ErrInvalid
//	f nil                            ErrInvalid
//
// Reference: W. E. Lorensen and H. E. Cline, "Marching cubes: a high
// resolution 3D surface construction algorithm", SIGGRAPH 1987 (the 2-D case
// is marching squares); G. M. Nielson and B. Hamann, "The asymptotic
// decider: resolving the ambiguity in marching cubes", Visualization '91.
func ContourLines(f func(x, y float64) float64, xr, yr Range, nx, ny int, level float64) ([][]Point, error) {
	const op = "contour lines"
	switch {
	case f == nil:
		return nil, newError(op, ErrInvalid, "nil function")
	case nx < 1 || ny < 1:
		return nil, newError(op, ErrInvalid, "grid of %d×%d cells", nx, ny)
	case !finite(level):
		return nil, newError(op, ErrInvalid, "level %g is not finite", level)
	case !validRange(xr) || !validRange(yr):
		return nil, newError(op, ErrInvalid, "ranges [%g, %g]×[%g, %g] are not finite and increasing", xr.Min, xr.Max, yr.Min, yr.Max)
	case nx > 1e4 || ny > 1e4:
		return nil, newError(op, matrix.ErrShape, "grid of %d×%d cells is too large", nx, ny)
	}
	return sampleGrid(f, xr, yr, nx, ny).trace(level), nil
}

func validRange(r Range) bool { return finite(r.Min) && finite(r.Max) && r.Min < r.Max }

// sampledGrid holds f at the grid corners: v[j*(nx+1)+i] = f(x_i, y_j) with
// x_i = x₀ + i·(x₁ − x₀)/nx and y_j likewise (j grows with y).
type sampledGrid struct {
	xr, yr Range
	nx, ny int
	v      []float64
}

func sampleGrid(f func(x, y float64) float64, xr, yr Range, nx, ny int) *sampledGrid {
	g := &sampledGrid{xr: xr, yr: yr, nx: nx, ny: ny, v: make([]float64, (nx+1)*(ny+1))}
	for j := 0; j <= ny; j++ {
		for i := 0; i <= nx; i++ {
			g.v[j*(nx+1)+i] = f(g.x(float64(i)), g.y(float64(j)))
		}
	}
	return g
}

// x and y map fractional grid indices to data coordinates.
func (g *sampledGrid) x(i float64) float64 {
	return g.xr.Min + i/float64(g.nx)*(g.xr.Max-g.xr.Min)
}

func (g *sampledGrid) y(j float64) float64 {
	return g.yr.Min + j/float64(g.ny)*(g.yr.Max-g.yr.Min)
}

func (g *sampledGrid) at(i, j int) float64 { return g.v[j*(g.nx+1)+i] }

// A crossing lies on a grid edge. Edges are numbered so that the two cells
// sharing an edge name it alike: edge 2·(j·(nx+1)+i) runs from corner (i, j)
// to (i+1, j) and edge 2·(j·(nx+1)+i)+1 from (i, j) to (i, j+1).
func (g *sampledGrid) hEdge(i, j int) int { return 2 * (j*(g.nx+1) + i) }
func (g *sampledGrid) vEdge(i, j int) int { return 2*(j*(g.nx+1)+i) + 1 }

// crossing returns the interpolated point of the level on the edge from
// corner (i0, j0) with value a to corner (i1, j1) with value b.
func (g *sampledGrid) crossing(i0, j0, i1, j1 int, a, b, level float64) Point {
	t := (level - a) / (b - a) // t = (level − f₀)/(f₁ − f₀) ∈ [0, 1]
	return Point{
		g.x(float64(i0) + t*float64(i1-i0)),
		g.y(float64(j0) + t*float64(j1-j0)),
	}
}

// contourSegment joins the crossings on two edges of a cell.
type contourSegment struct {
	edge [2]int
	p    [2]Point
}

// trace returns the polylines of the level set.
func (g *sampledGrid) trace(level float64) [][]Point {
	return chain(g.segments(level))
}

// segments runs marching squares over every cell.
func (g *sampledGrid) segments(level float64) []contourSegment {
	var segs []contourSegment
	for j := 0; j < g.ny; j++ {
		for i := 0; i < g.nx; i++ {
			segs = g.cellSegments(i, j, level, segs)
		}
	}
	return segs
}

// cellSegments appends the segments of cell (i, j). Its corners, counter-
// clockwise from the lower left, are c₀ = (i, j), c₁ = (i+1, j),
// c₂ = (i+1, j+1), c₃ = (i, j+1); edge k joins corner k to corner k+1 mod 4.
func (g *sampledGrid) cellSegments(i, j int, level float64, segs []contourSegment) []contourSegment {
	ci := [4][2]int{{i, j}, {i + 1, j}, {i + 1, j + 1}, {i, j + 1}}
	var val [4]float64
	var above [4]bool
	for k, c := range ci {
		val[k] = g.at(c[0], c[1])
		if !finite(val[k]) {
			return segs
		}
		above[k] = val[k] >= level
	}
	if above[0] == above[1] && above[1] == above[2] && above[2] == above[3] {
		return segs // most cells: the level crosses no edge
	}
	edgeID := [4]int{g.hEdge(i, j), g.vEdge(i+1, j), g.hEdge(i, j+1), g.vEdge(i, j)}
	var crossed []int // the edges the level crosses, 0, 2 or 4 of them
	for k := 0; k < 4; k++ {
		if above[k] != above[(k+1)%4] {
			crossed = append(crossed, k)
		}
	}
	point := func(k int) Point {
		a, b := ci[k], ci[(k+1)%4]
		// Interpolate from the lower-indexed corner so that both cells that
		// share the edge compute the very same point.
		if a[0] > b[0] || a[1] > b[1] {
			a, b = b, a
		}
		return g.crossing(a[0], a[1], b[0], b[1], g.at(a[0], a[1]), g.at(b[0], b[1]), level)
	}
	join := func(e1, e2 int) contourSegment {
		return contourSegment{edge: [2]int{edgeID[e1], edgeID[e2]}, p: [2]Point{point(e1), point(e2)}}
	}
	switch len(crossed) {
	case 2:
		segs = append(segs, join(crossed[0], crossed[1]))
	case 4:
		// Saddle. With a = f − level at the corners, the bilinear saddle
		// value less the level is (a₀a₂ − a₁a₃)/(a₀ + a₂ − a₁ − a₃)
		// (corners 0, 2 and 1, 3 are the two diagonals). Each corner on the
		// other side of the saddle is cut off by joining its two edges
		// (edges k−1 and k meet at corner k).
		var a [4]float64
		for k := range a {
			a[k] = val[k] - level
		}
		saddle := (a[0]*a[2] - a[1]*a[3]) / (a[0] + a[2] - a[1] - a[3])
		centerAbove := saddle >= 0
		for k := 0; k < 4; k++ {
			if above[k] != centerAbove {
				segs = append(segs, join((k+3)%4, k))
			}
		}
	}
	return segs
}

// chain links segments that share an edge crossing into polylines, in the
// order the segments were found, so the result is deterministic.
func chain(segs []contourSegment) [][]Point {
	byEdge := make(map[int][]int, 2*len(segs)) // edge → the (at most 2) segments on it
	for s, seg := range segs {
		for _, e := range seg.edge {
			byEdge[e] = append(byEdge[e], s)
		}
	}
	used := make([]bool, len(segs))
	// walk follows the chain from segment s leaving through edge e and
	// returns the points met, up to a loose end or back at edge stop, where
	// the curve closes.
	walk := func(s, e, stop int) (pts []Point, closed bool) {
		for {
			next := -1
			for _, t := range byEdge[e] {
				if t != s && !used[t] {
					next = t
				}
			}
			if next < 0 {
				return pts, false
			}
			used[next] = true
			seg := segs[next]
			end := 1 // leave through the edge we did not come in by
			if seg.edge[1] == e {
				end = 0
			}
			pts = append(pts, seg.p[end])
			s, e = next, seg.edge[end]
			if e == stop {
				return pts, true
			}
		}
	}
	lines := [][]Point{}
	for s, seg := range segs {
		if used[s] {
			continue
		}
		used[s] = true
		forward, closed := walk(s, seg.edge[1], seg.edge[0])
		var backward []Point
		if !closed {
			backward, _ = walk(s, seg.edge[0], -1)
		}
		line := make([]Point, 0, len(backward)+2+len(forward))
		for k := len(backward) - 1; k >= 0; k-- {
			line = append(line, backward[k])
		}
		line = append(line, seg.p[0], seg.p[1])
		line = append(line, forward...)
		lines = append(lines, line)
	}
	return lines
}

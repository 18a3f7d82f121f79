package live

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"hash/fnv"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/matrix"
)

// Points added and moved by clicking (docs/live.md, "Points added and
// moved"). A state's parameter add lists added points as their CSV rows
// with ':' for ',' ("x1:x2:class", comma-separated); move lists moved rows
// of the shipped file as "row:x1:x2" (row 0-based, after the header).
// An edited state's command reads NAME-edited.csv, the shipped file with
// those rows changed and added, which the page offers for download
// (Response.Files) and .ci/browser writes before it runs the command.

// maxAdded bounds the points a state may add (the address stays short).
const maxAdded = 200

// File is a file a state's command reads that the site does not ship.
type File struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Pick tells the page where its first figure takes clicks: the plot area
// in the SVG's pixels, the data window it shows, the data drawn (x1, x2,
// class per row; rows from Base on are added) and the classes a new point
// may take.
type Pick struct {
	Area    [4]float64   `json:"area"`   // x0, y0, x1, y1 in pixels, y downwards
	Window  [4]float64   `json:"window"` // x1 from, to; x2 from, to
	Points  [][3]float64 `json:"points"`
	Base    int          `json:"base"`
	Classes []int        `json:"classes"`
}

// dataSet is a page's two-feature labelled data: a shipped data set with
// the points its state adds and moves.
type dataSet struct {
	name    string // the shipped data set
	path    string // the CSV the command reads
	x       *matrix.Dense
	y       []int
	key     string // identifies the data in cache keys
	win     window // the figure's window: the shipped data's, whatever the edits
	base    int    // rows of the shipped data
	edited  []bool // rows added or moved
	classes []int
	file    *File // the edited CSV, nil when nothing is edited
}

// pointData reads the data set name and applies the state's add and move
// parameters; a malformed list, a point outside the plot or a class the
// data does not have is an error naming it.
func pointData(p *params, files map[string]string, name string) (*dataSet, error) {
	addRaw, hasAdd := p.get("add")
	moveRaw, hasMove := p.get("move")
	path := dataPath(name)
	text, err := file(files, path)
	if err != nil {
		return nil, err
	}
	recs, err := readRecords(path, text)
	if err != nil {
		return nil, err
	}
	x, y, err := parseLabelled(path, recs)
	if err != nil {
		return nil, err
	}
	if x.Cols() != 2 {
		return nil, fmt.Errorf("%s: %d features, want 2 to click on", path, x.Cols())
	}
	ds := &dataSet{name: name, path: path, x: x, y: y, key: dataKey(files, name), win: around(x), base: len(y), edited: make([]bool, len(y))}
	for _, c := range y {
		if !slices.Contains(ds.classes, c) {
			ds.classes = append(ds.classes, c)
		}
	}
	slices.Sort(ds.classes)
	if !hasAdd && !hasMove {
		return ds, nil
	}
	var moved map[int]bool
	if hasMove {
		if moved, err = ds.applyMoves(recs, moveRaw); err != nil {
			return nil, err
		}
		p.norm["move"] = joinRows(recs, moved, func(i int, r []string) string { return fmt.Sprintf("%d:%s:%s", i-1, r[0], r[1]) })
	}
	n0 := len(recs)
	if hasAdd {
		if recs, err = ds.appendAdded(recs, addRaw); err != nil {
			return nil, err
		}
		added := map[int]bool{}
		for i := n0; i < len(recs); i++ {
			added[i] = true
		}
		p.norm["add"] = joinRows(recs, added, func(_ int, r []string) string { return strings.Join(r, ":") })
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(recs) // writing to a bytes.Buffer does not fail
	ds.path = name + "-edited.csv"
	ds.file = &File{Name: ds.path, Text: b.String()}
	// The page's data is the file's, parsed back: what the command reads.
	if ds.x, ds.y, err = parseLabelled(ds.path, recs); err != nil {
		return nil, err
	}
	h := fnv.New64a()
	h.Write(b.Bytes())
	ds.key = ds.path + "#" + string(h.Sum(nil))
	ds.edited = make([]bool, len(ds.y))
	for i := range ds.edited {
		ds.edited[i] = i >= ds.base || moved[i+1]
	}
	return ds, nil
}

// joinRows lists the records marked in rows, in order, as f writes them.
func joinRows(recs [][]string, rows map[int]bool, f func(i int, r []string) string) string {
	var out []string
	for i, r := range recs {
		if rows[i] {
			out = append(out, f(i, r))
		}
	}
	return strings.Join(out, ",")
}

// applyMoves sets the features of the rows listed in raw ("row:x1:x2,…")
// and returns the records changed (indices into recs, header 0).
func (ds *dataSet) applyMoves(recs [][]string, raw string) (map[int]bool, error) {
	moved := map[int]bool{}
	for k, item := range strings.Split(raw, ",") {
		f := strings.Split(item, ":")
		if len(f) != 3 {
			return nil, fmt.Errorf("move=%s: item %d %q is not row:x1:x2", raw, k+1, item)
		}
		i, err := strconv.Atoi(f[0])
		if err != nil || i < 0 || i >= ds.base {
			return nil, fmt.Errorf("move=%s: item %d: row %q is not a row of %s (0 to %d)", raw, k+1, f[0], ds.name, ds.base-1)
		}
		if moved[i+1] {
			return nil, fmt.Errorf("move=%s: row %d moved twice", raw, i)
		}
		a, b, err := ds.inside("move", raw, k, f[1], f[2])
		if err != nil {
			return nil, err
		}
		recs[i+1][0], recs[i+1][1] = a, b
		moved[i+1] = true
	}
	return moved, nil
}

// appendAdded appends the points listed in raw ("x1:x2:class,…").
func (ds *dataSet) appendAdded(recs [][]string, raw string) ([][]string, error) {
	items := strings.Split(raw, ",")
	if len(items) > maxAdded {
		return nil, fmt.Errorf("add: %d points, at most %d", len(items), maxAdded)
	}
	for k, item := range items {
		f := strings.Split(item, ":")
		if len(f) != 3 {
			return nil, fmt.Errorf("add=%s: item %d %q is not x1:x2:class", raw, k+1, item)
		}
		a, b, err := ds.inside("add", raw, k, f[0], f[1])
		if err != nil {
			return nil, err
		}
		c, err := strconv.Atoi(f[2])
		if err != nil || !slices.Contains(ds.classes, c) {
			return nil, fmt.Errorf("add=%s: item %d: class %q is not one of %s's classes %v", raw, k+1, f[2], ds.name, ds.classes)
		}
		recs = append(recs, []string{a, b, strconv.Itoa(c)})
	}
	return recs, nil
}

// inside parses a point and checks that it lies in the plot; it returns
// the coordinates as the edited file writes them.
func (ds *dataSet) inside(param, raw string, k int, sa, sb string) (string, string, error) {
	a, errA := strconv.ParseFloat(sa, 64)
	b, errB := strconv.ParseFloat(sb, 64)
	if errA != nil || errB != nil {
		return "", "", fmt.Errorf("%s=%s: item %d: (%s, %s) is not a pair of numbers", param, raw, k+1, sa, sb)
	}
	w := ds.win
	if !(a >= w.x0 && a <= w.x1 && b >= w.y0 && b <= w.y1) {
		return "", "", fmt.Errorf("%s: point (%s, %s) is outside the plot [%.3g, %.3g] × [%.3g, %.3g]", param, sa, sb, w.x0, w.x1, w.y0, w.y1)
	}
	return fmtFloat(a), fmtFloat(b), nil
}

// editColor marks the points added or moved (and the ring the page drags).
var editColor = color.NRGBA{R: 0xdc, G: 0x1e, B: 0xa0, A: 0xff}

// markEdits rings the points added or moved.
func (ds *dataSet) markEdits(f *plot.Figure) {
	var ex, ey []float64
	for i, e := range ds.edited {
		if e {
			ex, ey = append(ex, ds.x.At(i, 0)), append(ey, ds.x.At(i, 1))
		}
	}
	if len(ex) > 0 {
		f.Scatter("added or moved", ex, ey, plot.Style{Color: editColor, Marker: plot.MarkerRing, MarkerSize: 8, Width: 2})
	}
}

// frame returns a figure drawn on the data set's window.
func (ds *dataSet) frame(title string) *plot.Figure { return frameOn(ds.win, title) }

// pick describes the figure f, drawn on the data set's window, for the
// page's clicks.
func (ds *dataSet) pick(f *plot.Figure) (*Pick, error) {
	x0, y0, x1, y1, xr, yr, err := f.PlotArea()
	if err != nil {
		return nil, err
	}
	pk := &Pick{Area: [4]float64{x0, y0, x1, y1}, Window: [4]float64{xr.Min, xr.Max, yr.Min, yr.Max}, Base: ds.base, Classes: ds.classes}
	for i, c := range ds.y {
		pk.Points = append(pk.Points, [3]float64{ds.x.At(i, 0), ds.x.At(i, 1), float64(c)})
	}
	return pk, nil
}

// readRecords parses a CSV file with its header.
func readRecords(path, text string) ([][]string, error) {
	recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(recs) < 2 {
		return nil, fmt.Errorf("%s: no rows", path)
	}
	return recs, nil
}

// attach adds to r the edited file and the click description of its
// first figure f.
func (ds *dataSet) attach(r *Response, f *plot.Figure) (*Response, error) {
	pk, err := ds.pick(f)
	if err != nil {
		return nil, err
	}
	r.Pick = pk
	if ds.file != nil {
		r.Files = append(r.Files, *ds.file)
	}
	return r, nil
}

package main

// Reading a data file for a supervised model: the feature columns, the
// label column, missing values, LIBSVM files, and the labels as classes
// or targets.

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"mlnotes/matrix"
)

// readOptions are the flags that say how to read a data file.
type readOptions struct {
	sep    rune
	format string
	target string
	dropNA bool
	stderr io.Writer
	cmd    string
}

func (o readOptions) isLibSVM(path string) bool {
	return o.format == "libsvm" || o.format == "" && isLibSVMPath(path)
}

// columnLayout records where the columns were in a header-less training
// file, so that a header-less file laid out the same way can be read.
type columnLayout struct {
	Columns int   `json:"columns"` // fields per record (0 for LIBSVM)
	Target  int   `json:"target"`  // 0-based index of the label column (−1 for LIBSVM)
	Dropped []int `json:"dropped,omitempty"`
}

// sample is a data file as read for a model: the features, the label
// cells (nil when the file has no label column), and where rows came from.
type sample struct {
	path      string
	x         *matrix.Dense
	features  []string // names of x's columns; nil without a header
	label     []string // label cells, trimmed
	labelName string   // the label column's header name ("" without one)
	labelDesc string   // the label column for messages: `column 5 ("species")`
	lines     []int    // the line of each row
	// dropped are the positions, among the file's records, of the rows
	// -drop-na left out (in order); records is the number of records.
	dropped []int
	records int
}

// buildSample takes the feature columns feat and the label column lab (−1:
// none) of t, handling missing cells as -drop-na says.
func buildSample(t *rawTable, feat []int, lab int, o readOptions) (*sample, error) {
	// The columns used: feat, then lab (not a copy of feat: on a file of
	// 10 million columns that is 80 MB).
	used := func(k int) int {
		if k < len(feat) {
			return feat[k]
		}
		return lab
	}
	nUsed := len(feat)
	if lab >= 0 {
		nUsed++
	}
	// Missing values: count the rows that have one, name the first.
	records := t.records()
	keep := make([]bool, records)
	missing, first, firstCol := 0, -1, -1
	for i := range records {
		keep[i] = true
		for k := range nUsed {
			if j := used(k); isMissing(t.cell(i, j)) {
				keep[i] = false
				if first < 0 {
					first, firstCol = i, j
				}
			}
		}
		if !keep[i] {
			missing++
		}
	}
	if missing > 0 {
		if !o.dropNA {
			rows := "1 row has one"
			if missing > 1 {
				rows = fmt.Sprintf("%d rows have one", missing)
			}
			return nil, fmt.Errorf("%s: line %d, %s: missing value (empty or NA); %s (-drop-na drops them)", t.path, t.lines[first], t.columnName(firstCol), rows)
		}
		if missing == records {
			return nil, fmt.Errorf("%s: every row has a missing value (empty or NA); -drop-na leaves nothing", t.path)
		}
		fmt.Fprintf(o.stderr, "demo %s: %s: dropped %d of %d rows with a missing value (-drop-na): %s\n", o.cmd, t.path, missing, records, droppedLines(t.lines, keep))
	}
	n := records - missing
	// The feature matrix, with the table still held: refused in one line
	// when both would not fit.
	what := fmt.Sprintf("the %d×%d feature matrix, with the table read", n, len(feat))
	if err := matrix.CheckAlloc("read csv", what, matrix.AddBytes(t.bytes(), matrix.FloatBytes(n, len(feat)), 8*int64(len(feat)))); err != nil {
		return nil, fmt.Errorf("%s: %w", t.path, err)
	}
	smp := &sample{path: t.path, x: matrix.New(n, len(feat)), lines: make([]int, 0, n), records: records}
	for i, k := range keep {
		if !k {
			smp.dropped = append(smp.dropped, i)
		}
	}
	if lab >= 0 {
		smp.label = make([]string, 0, n)
		smp.labelDesc = t.columnName(lab)
		if t.names != nil {
			smp.labelName = t.names[lab]
		}
	}
	if t.names != nil {
		smp.features = featureNames(t.names, feat)
	}
	r := 0
	for i := range records {
		if !keep[i] {
			continue
		}
		row := smp.x.Row(r)
		for k, j := range feat {
			v, err := parseNumber(t.cell(i, j))
			if err != nil {
				return nil, featureCellError(t, i, j, err)
			}
			row[k] = v
		}
		if lab >= 0 {
			smp.label = append(smp.label, strings.Clone(t.cell(i, lab))) // not the record's text
		}
		smp.lines = append(smp.lines, t.lines[i])
		r++
	}
	return smp, nil
}

// featureNames returns the names of the columns feat: a slice of names
// when they are consecutive columns (the usual case: every column but the
// label), so that 10 million names are not copied; a copy otherwise.
func featureNames(names []string, feat []int) []string {
	if len(feat) > 0 && feat[len(feat)-1]-feat[0] == len(feat)-1 {
		consecutive := true
		for k := 1; k < len(feat) && consecutive; k++ {
			consecutive = feat[k] == feat[k-1]+1
		}
		if consecutive {
			return slices.Clip(names[feat[0] : feat[0]+len(feat)])
		}
	}
	out := make([]string, len(feat))
	for k, j := range feat {
		out[k] = names[j]
	}
	return out
}

// featureCellError explains a feature cell that is not a number: a column
// whose first value is text is a text column (drop it); otherwise the
// cell is a typo at its line.
func featureCellError(t *rawTable, i, j int, err error) error {
	for k := range t.records() {
		cell := t.cell(k, j)
		if isMissing(cell) {
			continue
		}
		if !isNumberCell(cell) && k <= i {
			key := strconv.Itoa(j)
			if t.names != nil {
				key = t.names[j]
			}
			return fmt.Errorf("%s: %s holds text (%q on line %d), not numbers: leave it out with -drop %s, or make it the label with -target %s",
				t.path, t.columnName(j), cell, t.lines[k], key, key)
		}
		break
	}
	return fmt.Errorf("%s: line %d, %s: %v", t.path, t.lines[i], t.columnName(j), err)
}

// readLibSVMSample reads a LIBSVM file into a sample with at least d
// columns (d = 0: as many as the largest index), for a command whose peak
// on the dense matrix p estimates: a file whose dense form would not fit
// is refused before the matrix is allocated (checkLibSVMDense).
func readLibSVMSample(path string, d int, p densePeak) (*sample, error) {
	data, err := readLibSVM(path)
	if err != nil {
		return nil, err
	}
	if d == 0 {
		if data.d == 0 {
			return nil, fmt.Errorf("%s: no feature on any line", path)
		}
		d = data.d
	} else if data.d > d {
		return nil, fmt.Errorf("%s: feature index %d, but the model has %d features", path, data.d, d)
	}
	width := fmt.Sprintf("line %d names feature %d", data.dLine, data.d)
	if data.d < d {
		width = fmt.Sprintf("the model has %d features", d)
	}
	if err := checkLibSVMDense(data, d, width, p); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	smp := &sample{path: path, x: matrix.New(len(data.labels), d), label: data.labels, lines: data.lines, labelDesc: "the label (first item)"}
	for i := range data.labels {
		row := smp.x.Row(i)
		for k, j := range data.index[i] {
			row[j-1] = data.value[i][k]
		}
	}
	return smp, nil
}

// where names row i of a sample for messages: "line 7".
func (smp *sample) where(i int) string {
	return fmt.Sprintf("%s: line %d", smp.path, smp.lines[i])
}

// labelNames decides, at training, whether the labels are integers (nil)
// or names (the sorted distinct labels).
func (smp *sample) labelNames() ([]string, error) {
	for _, c := range smp.label {
		if !isNumberCell(c) {
			names := slices.Clone(smp.label)
			sort.Strings(names)
			return slices.Compact(names), nil
		}
	}
	return nil, nil
}

// classes turns the label cells into classes: the index of each name in
// names, or, with names nil, the integer each cell holds.
func (smp *sample) classes(names []string) ([]int, error) {
	out := make([]int, len(smp.label))
	index := make(map[string]int, len(names))
	for k, n := range names {
		index[n] = k
	}
	for i, c := range smp.label {
		if names != nil {
			k, ok := index[c]
			if !ok {
				return nil, fmt.Errorf("%s, %s: label %q is not a class of the model (%s)", smp.where(i), smp.labelDesc, c, quote(names))
			}
			out[i] = k
			continue
		}
		v, err := parseNumber(c)
		if err != nil {
			return nil, fmt.Errorf("%s, %s: label %v", smp.where(i), smp.labelDesc, err)
		}
		if v != math.Trunc(v) || math.Abs(v) > 1<<53 {
			return nil, fmt.Errorf("%s, %s: label %s is not an integer class", smp.where(i), smp.labelDesc, c)
		}
		out[i] = int(v)
	}
	return out, nil
}

// targets parses the label cells as real regression targets.
func (smp *sample) targets() ([]float64, error) {
	out := make([]float64, len(smp.label))
	for i, c := range smp.label {
		v, err := parseNumber(c)
		if err != nil {
			return nil, fmt.Errorf("%s, %s: target %v", smp.where(i), smp.labelDesc, err)
		}
		out[i] = v
	}
	return out, nil
}

// droppedLines names the lines of the dropped records: "line 4", "lines
// 4, 9 and 17", or the first five and how many more.
func droppedLines(lines []int, keep []bool) string {
	var names []string
	count := 0
	for i, k := range keep {
		if k {
			continue
		}
		count++
		if len(names) < 5 {
			names = append(names, strconv.Itoa(lines[i]))
		}
	}
	switch {
	case count == 1:
		return "line " + names[0]
	case count > len(names):
		return fmt.Sprintf("lines %s and %d more", strings.Join(names, ", "), count-len(names))
	}
	return fmt.Sprintf("lines %s and %s", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

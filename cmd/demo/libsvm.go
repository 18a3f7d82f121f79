package main

// LIBSVM's sparse data format, read wherever a CSV file is: a file whose
// name ends in .libsvm or .svm, or any file with -format libsvm. One sample
// per line:
//
//	label index:value index:value …
//
// with 1-based feature indices in increasing order; absent features are 0.
// The label is a number (or any word: text labels work as in CSV). Blank
// lines are skipped. Reference: C.-C. Chang and C.-J. Lin, "LIBSVM: a
// library for support vector machines", ACM TIST 2(3), 2011, and the README
// of the LIBSVM distribution (the format of svm-train's input).

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"mlnotes/matrix"
)

// libsvmData is a LIBSVM file: labels, and the sparse rows.
type libsvmData struct {
	labels []string
	index  [][]int // 1-based, increasing
	value  [][]float64
	lines  []int
	d      int // the largest index
	dLine  int // the first line that names feature d
	// nonZeros counts the index:value items of every line.
	nonZeros int
}

// isLibSVMPath reports a file name that means the LIBSVM format.
func isLibSVMPath(path string) bool {
	p := strings.ToLower(path)
	return strings.HasSuffix(p, ".libsvm") || strings.HasSuffix(p, ".svm")
}

// readLibSVM reads a LIBSVM file.
func readLibSVM(path string) (*libsvmData, error) {
	content, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d, err := parseLibSVM(content)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}

// parseLibSVM is readLibSVM on the bytes of a file.
func parseLibSVM(content []byte) (*libsvmData, error) {
	if bytes.HasPrefix(content, gzipMagic) {
		return nil, errGzip
	}
	content = bytes.TrimPrefix(content, []byte("\uFEFF"))
	data := &libsvmData{}
	for n, line := range strings.Split(string(content), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		lineNo := n + 1
		idx := make([]int, 0, len(fields)-1)
		val := make([]float64, 0, len(fields)-1)
		if strings.Contains(fields[0], ":") {
			return nil, fmt.Errorf("line %d: the line starts with %s, not with a label (LIBSVM: label index:value …)", lineNo, matrix.QuoteCell(fields[0]))
		}
		for k, f := range fields[1:] {
			is, vs, ok := strings.Cut(f, ":")
			if !ok {
				return nil, fmt.Errorf("line %d, item %d: %s is not index:value", lineNo, k+2, matrix.QuoteCell(f))
			}
			i, err := strconv.Atoi(is)
			if err != nil || i < 1 {
				return nil, fmt.Errorf("line %d, item %d: index %s is not an integer ≥ 1 (LIBSVM counts features from 1)", lineNo, k+2, matrix.QuoteCell(is))
			}
			if len(idx) > 0 && i <= idx[len(idx)-1] {
				return nil, fmt.Errorf("line %d, item %d: index %d after %d; indices must increase", lineNo, k+2, i, idx[len(idx)-1])
			}
			v, err := parseNumber(vs)
			if err != nil {
				return nil, fmt.Errorf("line %d, feature %d: %v", lineNo, i, err)
			}
			idx, val = append(idx, i), append(val, v)
			if i > data.d {
				data.d, data.dLine = i, lineNo
			}
		}
		data.labels = append(data.labels, fields[0])
		data.index = append(data.index, idx)
		data.value = append(data.value, val)
		data.lines = append(data.lines, lineNo)
		data.nonZeros += len(idx)
	}
	if len(data.labels) == 0 {
		return nil, fmt.Errorf("no data rows")
	}
	return data, nil
}

// formatIndexValue writes one "index:value" item, the value in the
// shortest form that reads back to the same float64.
func formatIndexValue(j int, v float64) string {
	return strconv.Itoa(j) + ":" + strconv.FormatFloat(v, 'g', -1, 64)
}

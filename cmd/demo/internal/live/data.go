package live

import (
	"fmt"
	"strconv"
	"strings"

	"mlnotes/matrix"
)

// dataPath is the site-relative path of a data set's CSV file.
func dataPath(name string) string { return "data/" + name + ".csv" }

// labelled reads a data set of the site (a header, then rows of features
// with the integer class last) from files, or asks for it.
func labelled(files map[string]string, name string) (*matrix.Dense, []int, error) {
	path := dataPath(name)
	text, ok := files[path]
	if !ok {
		return nil, nil, &errNeed{paths: []string{path}}
	}
	recs, err := readRecords(path, text)
	if err != nil {
		return nil, nil, err
	}
	return parseLabelled(path, recs)
}

// parseLabelled reads the features and the integer class (last) of the
// records after the header.
func parseLabelled(path string, recs [][]string) (*matrix.Dense, []int, error) {
	recs = recs[1:]
	d := len(recs[0]) - 1
	x := matrix.New(len(recs), d)
	y := make([]int, len(recs))
	for i, r := range recs {
		if len(r) != d+1 {
			return nil, nil, fmt.Errorf("%s: row %d: %d fields, want %d", path, i+2, len(r), d+1)
		}
		for j := range d {
			v, err := strconv.ParseFloat(r[j], 64)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: row %d: %v", path, i+2, err)
			}
			x.Set(i, j, v)
		}
		c, err := strconv.Atoi(r[d])
		if err != nil {
			return nil, nil, fmt.Errorf("%s: row %d: %v", path, i+2, err)
		}
		y[i] = c
	}
	return x, y, nil
}

// file returns a site file's text, or asks for it.
func file(files map[string]string, path string) (string, error) {
	text, ok := files[path]
	if !ok {
		return "", &errNeed{paths: []string{path}}
	}
	return text, nil
}

// squareMatrix reads a data set of the site that is a matrix (CSV, every
// column used, as demo eig reads it).
func squareMatrix(files map[string]string, name string) (*matrix.Dense, error) {
	text, err := file(files, dataPath(name))
	if err != nil {
		return nil, err
	}
	t, err := matrix.ReadCSV(strings.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", dataPath(name), err)
	}
	return t.Data, nil
}

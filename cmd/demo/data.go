package main

import (
	"fmt"
	"io"

	"mlnotes/matrix"
)

// loadMatrix reads a CSV operand as a matrix; every column is used.
func loadMatrix(path string) (*matrix.Dense, error) {
	t, err := matrix.ReadCSVFile(path)
	if err != nil {
		return nil, err
	}
	return t.Data, nil
}

// loadTwo reads the A and B operands of solve and lstsq and checks that
// they have the same number of rows.
func loadTwo(ops []string) (a, b *matrix.Dense, err error) {
	if a, err = loadMatrix(ops[0]); err != nil {
		return nil, nil, err
	}
	if b, err = loadMatrix(ops[1]); err != nil {
		return nil, nil, err
	}
	if a.Rows() != b.Rows() {
		return nil, nil, fmt.Errorf("%s has %d rows but %s has %d", ops[0], a.Rows(), ops[1], b.Rows())
	}
	return a, b, nil
}

// loadFeatures reads the data of an unsupervised command: a CSV operand,
// or an IDX image file with -idx (then there must be no operand). With a
// target column (-target COL), that column is removed from the features.
func loadFeatures(ops []string, target, idx string) (*matrix.Dense, error) {
	if idx != "" {
		if len(ops) > 0 {
			return nil, &usageError{msg: "give either -idx FILE or a CSV file, not both"}
		}
		if target != "" {
			return nil, &usageError{msg: "-target applies to CSV input, not to -idx images"}
		}
		x, _, _, err := matrix.ReadIDXImagesFile(idx)
		return x, err
	}
	if len(ops) != 1 {
		return nil, &usageError{msg: fmt.Sprintf("expected one CSV file operand (or -idx FILE), got %d", len(ops))}
	}
	if target == "" {
		t, err := matrix.ReadCSVFile(ops[0])
		if err != nil {
			return nil, err
		}
		return t.Data, nil
	}
	x, _, err := readLabelledTable(ops[0], target)
	return x, err
}

// readLabelledTable reads a CSV file whose column target (a name or a
// 0-based index; "" for the last) is a label — numbers or words — and
// every other column a feature: the features and the label cells.
func readLabelledTable(path, target string) (*matrix.Dense, []string, error) {
	t, err := readRawTable(path, 0)
	if err != nil {
		return nil, nil, err
	}
	lab := t.width - 1
	if target != "" {
		if lab, err = t.column(target); err != nil {
			return nil, nil, fmt.Errorf("%s: -target: %w", path, err)
		}
	}
	if err := t.checkSample(t.width); err != nil {
		return nil, nil, err
	}
	feat := make([]int, 0, t.width) // no growth: 8 bytes a column
	for j := range t.width {
		if j != lab {
			feat = append(feat, j)
		}
	}
	if len(feat) == 0 {
		return nil, nil, fmt.Errorf("%s: no feature columns left after removing the target", path)
	}
	smp, err := buildSample(t, feat, lab, readOptions{stderr: io.Discard})
	if err != nil {
		return nil, nil, err
	}
	return smp.x, smp.label, nil
}

// loadLabelled reads the data of select: the target is the last column,
// or the column named by -target. A target of numbers is returned as it
// is (words nil); a target with a word in it is a class label: y holds
// the index of each class among the sorted names (words).
func loadLabelled(path, target string) (x *matrix.Dense, y []float64, words []string, err error) {
	x, cells, err := readLabelledTable(path, target)
	if err != nil {
		return nil, nil, nil, err
	}
	smp := &sample{path: path, label: cells}
	if words, _ = smp.labelNames(); words == nil {
		y, err = smp.targets()
		return x, y, nil, err
	}
	classes, err := smp.classes(words)
	if err != nil {
		return nil, nil, nil, err
	}
	y = make([]float64, len(classes))
	for i, c := range classes {
		y[i] = float64(c)
	}
	return x, y, words, nil
}

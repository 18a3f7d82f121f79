package learn

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// LabelEncoder turns class names (setosa, versicolor, …) into the integer
// labels every classifier of learn trains on: the distinct names sorted
// (byte order), name k ↔ label k for k = 0..K−1.
type LabelEncoder struct{}

// LabelEncoderModel is a fitted label encoder: Names[k] is the name of
// label k, sorted and distinct.
type LabelEncoderModel struct {
	Names []string
}

// Fit collects the distinct names of y (at least one) in sorted order.
func (LabelEncoder) Fit(y []string) (*LabelEncoderModel, error) {
	if len(y) == 0 {
		return nil, fmt.Errorf("learn: label encoder: %w: no labels", ErrInvalidParameter)
	}
	names := slices.Clone(y)
	slices.Sort(names)
	return &LabelEncoderModel{Names: slices.Compact(names)}, nil
}

// K returns the number of classes.
func (m *LabelEncoderModel) K() int { return len(m.Names) }

// Encode returns the label of every name. A name that is not one of Names
// is an error naming it, its position and the known names.
func (m *LabelEncoderModel) Encode(y []string) ([]int, error) {
	if m == nil {
		return nil, errNilModel("learn: label encoder: encode")
	}
	out := make([]int, len(y))
	for i, name := range y {
		k, ok := slices.BinarySearch(m.Names, name)
		if !ok {
			return nil, fmt.Errorf("learn: label encoder: %w: label %q (item %d) is not a known class (%s)", ErrInvalidParameter, name, i, quoteNames(m.Names))
		}
		out[i] = k
	}
	return out, nil
}

// Decode returns the name of every label; a label outside 0..K−1 is an
// error naming it.
func (m *LabelEncoderModel) Decode(c []int) ([]string, error) {
	if m == nil {
		return nil, errNilModel("learn: label encoder: decode")
	}
	out := make([]string, len(c))
	for i, k := range c {
		if k < 0 || k >= len(m.Names) {
			return nil, fmt.Errorf("learn: label encoder: %w: label %d (item %d) has no name among the %d classes", ErrInvalidParameter, k, i, len(m.Names))
		}
		out[i] = m.Names[k]
	}
	return out, nil
}

// Save writes the encoder as JSON (format "mlnotes/label-encoder",
// version 1).
func (m *LabelEncoderModel) Save(w io.Writer) error { return saveModel(w, "label-encoder", m) }

// LoadLabelEncoder reads an encoder written by LabelEncoderModel.Save; its
// names must be sorted and distinct.
func LoadLabelEncoder(r io.Reader) (*LabelEncoderModel, error) {
	var m LabelEncoderModel
	if err := loadModel(r, "label-encoder", &m); err != nil {
		return nil, err
	}
	if err := checkNames(m.Names); err != nil {
		return nil, fmt.Errorf("learn: load label-encoder: %w: %v", ErrFormat, err)
	}
	return &m, nil
}

// checkNames validates class names read from a file.
func checkNames(names []string) error {
	if len(names) == 0 {
		return fmt.Errorf("no class names")
	}
	for i := 1; i < len(names); i++ {
		if names[i-1] >= names[i] {
			return fmt.Errorf("class names %q and %q are not sorted and distinct", names[i-1], names[i])
		}
	}
	return nil
}

// quoteNames lists names for a message, the first ten of them.
func quoteNames(names []string) string {
	q := make([]string, 0, min(len(names), 11))
	for i, n := range names {
		if i == 10 {
			q = append(q, fmt.Sprintf("… %d more", len(names)-10))
			break
		}
		q = append(q, fmt.Sprintf("%q", n))
	}
	return strings.Join(q, ", ")
}

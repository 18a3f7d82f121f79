package learn

import (
	"fmt"
	"io"

	"slices"
	"strings"
)

// Save writes the tree as JSON under the envelope "mlnotes/tree".
func (m *TreeClassifierModel) Save(w io.Writer) error { return saveModel(w, "tree", m) }

// Save writes the tree as JSON under the envelope "mlnotes/tree"; a
// regression tree is the one without classes.
func (m *TreeRegressorModel) Save(w io.Writer) error { return saveModel(w, "tree", m) }

// LoadTreeClassifier reads a classification tree written by Save (of this
// version or of the TreeModel of earlier ones) and checks that it is a tree
// that can predict: every error wraps ErrFormat, a regression tree among
// them.
func LoadTreeClassifier(r io.Reader) (*TreeClassifierModel, error) {
	var m TreeClassifierModel
	if err := loadModel(r, "tree", &m); err != nil {
		return nil, err
	}
	if m.Classes == nil {
		return nil, fmt.Errorf("learn: load tree: %w: the file holds a regression tree; use LoadTreeRegressor", ErrFormat)
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("learn: load tree: %w: %v", ErrFormat, err)
	}
	return &m, nil
}

// LoadTreeRegressor reads a regression tree written by Save, with the
// checks of LoadTreeClassifier; a classification tree is an error.
func LoadTreeRegressor(r io.Reader) (*TreeRegressorModel, error) {
	var m TreeClassifierModel // the file layout of both trees
	if err := loadModel(r, "tree", &m); err != nil {
		return nil, err
	}
	if m.Classes != nil {
		return nil, fmt.Errorf("learn: load tree: %w: the file holds a classification tree; use LoadTreeClassifier", ErrFormat)
	}
	if err := m.Tree.check(1); err != nil {
		return nil, fmt.Errorf("learn: load tree: %w: %v", ErrFormat, err)
	}
	return &TreeRegressorModel{m.Tree}, nil
}

// check validates a classification tree read from a file: sorted distinct
// classes, and the checks of Tree.check with one value per class.
func (m *TreeClassifierModel) check() error {
	if len(m.Classes) == 0 || !slices.IsSorted(m.Classes) || len(slices.Compact(slices.Clone(m.Classes))) != len(m.Classes) {
		return fmt.Errorf("classes %v are not sorted and distinct", m.Classes)
	}
	return m.Tree.check(len(m.Classes))
}

// check validates a tree read from a file: children after their parent
// (so no cycles), features in range, finite thresholds and values, nvalues
// values in every node.
func (m *Tree) check(nvalues int) error {
	if m.Features < 1 {
		return fmt.Errorf("%d features", m.Features)
	}
	if len(m.Nodes) == 0 {
		return fmt.Errorf("no nodes")
	}
	if len(m.Importances) != m.Features {
		return fmt.Errorf("%d importances for %d features", len(m.Importances), m.Features)
	}
	for k, n := range m.Nodes {
		if len(n.Value) != nvalues {
			return fmt.Errorf("node %d has %d values, want %d", k, len(n.Value), nvalues)
		}
		for _, v := range n.Value {
			if !isFiniteValue(v) {
				return fmt.Errorf("node %d has value %g", k, v)
			}
		}
		if n.Feature == -1 {
			continue
		}
		if n.Feature < 0 || n.Feature >= m.Features {
			return fmt.Errorf("node %d splits on feature %d of %d", k, n.Feature, m.Features)
		}
		if !isFiniteValue(n.Threshold) {
			return fmt.Errorf("node %d has threshold %g", k, n.Threshold)
		}
		if n.Left <= k || n.Right <= k || n.Left >= len(m.Nodes) || n.Right >= len(m.Nodes) || n.Left == n.Right {
			return fmt.Errorf("node %d has children %d and %d", k, n.Left, n.Right)
		}
	}
	return nil
}

// Text prints the tree for reading, one line per node in the layout of
// scikit-learn's export_text: the rule of each branch, indented by depth,
// and at each leaf the predicted class with its sample count. names, if
// not nil, gives the feature names; otherwise feature_j (0-based).
func (m *TreeClassifierModel) Text(names []string) string { return m.TextNamed(names, nil) }

// TextNamed is Text with the classes printed by name: classNames[c] for
// the label c (when 0 ≤ c < len(classNames)), as the CLI does for text
// labels.
func (m *TreeClassifierModel) TextNamed(names, classNames []string) string {
	return m.Tree.text(names, func(v []float64) string {
		c := m.Classes[argmax(v)]
		if c >= 0 && c < len(classNames) {
			return "class: " + classNames[c]
		}
		return fmt.Sprintf("class: %d", c)
	})
}

// Text is TreeClassifierModel.Text for a regression tree: each leaf shows
// its value.
func (m *TreeRegressorModel) Text(names []string) string {
	return m.Tree.text(names, func(v []float64) string { return fmt.Sprintf("value: %.4g", v[0]) })
}

// text prints the tree with leaf(Value) at every leaf.
func (m *Tree) text(names []string, leaf func([]float64) string) string {
	var sb strings.Builder
	name := func(j int) string {
		if j < len(names) {
			return names[j]
		}
		return fmt.Sprintf("feature_%d", j)
	}
	var walk func(k, depth int)
	walk = func(k, depth int) {
		n := m.Nodes[k]
		indent := strings.Repeat("|   ", depth) + "|--- "
		if n.Feature < 0 {
			fmt.Fprintf(&sb, "%s%s (samples %d)\n", indent, leaf(n.Value), n.Samples)
			return
		}
		fmt.Fprintf(&sb, "%s%s <= %.4g\n", indent, name(n.Feature), n.Threshold)
		walk(n.Left, depth+1)
		fmt.Fprintf(&sb, "%s%s >  %.4g\n", indent, name(n.Feature), n.Threshold)
		walk(n.Right, depth+1)
	}
	walk(0, 0)
	return sb.String()
}

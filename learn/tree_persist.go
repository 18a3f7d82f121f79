package learn

import (
	"fmt"
	"io"

	"slices"
	"strings"
)

// Save writes the tree as JSON under the envelope "mlnotes/tree".
func (m *TreeModel) Save(w io.Writer) error { return saveModel(w, "tree", m) }

// LoadTree reads a tree written by Save and checks that it is a tree that
// can predict: every error wraps ErrFormat.
func LoadTree(r io.Reader) (*TreeModel, error) {
	var m TreeModel
	if err := loadModel(r, "tree", &m); err != nil {
		return nil, err
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("learn: load tree: %w: %v", ErrFormat, err)
	}
	return &m, nil
}

// check validates a tree read from a file: children after their parent
// (so no cycles), features in range, finite thresholds and values, leaf
// values of the right length.
func (m *TreeModel) check() error {
	if m.Features < 1 {
		return fmt.Errorf("%d features", m.Features)
	}
	if len(m.Nodes) == 0 {
		return fmt.Errorf("no nodes")
	}
	if m.Classes != nil && (len(m.Classes) == 0 || !slices.IsSorted(m.Classes) || len(slices.Compact(slices.Clone(m.Classes))) != len(m.Classes)) {
		return fmt.Errorf("classes %v are not sorted and distinct", m.Classes)
	}
	if len(m.Importances) != m.Features {
		return fmt.Errorf("%d importances for %d features", len(m.Importances), m.Features)
	}
	want := max(1, len(m.Classes))
	for k, n := range m.Nodes {
		if len(n.Value) != want {
			return fmt.Errorf("node %d has %d values, want %d", k, len(n.Value), want)
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
// and at each leaf the predicted class (or value) with its sample count.
// names, if not nil, gives the feature names; otherwise feature_j (0-based).
func (m *TreeModel) Text(names []string) string { return m.TextNamed(names, nil) }

// TextNamed is Text with the classes printed by name: classNames[c] for
// the label c (when 0 ≤ c < len(classNames)), as the CLI does for text
// labels.
func (m *TreeModel) TextNamed(names, classNames []string) string {
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
			if m.Classes != nil {
				c := m.Classes[argmax(n.Value)]
				label := fmt.Sprint(c)
				if c >= 0 && c < len(classNames) {
					label = classNames[c]
				}
				fmt.Fprintf(&sb, "%sclass: %s (samples %d)\n", indent, label, n.Samples)
			} else {
				fmt.Fprintf(&sb, "%svalue: %.4g (samples %d)\n", indent, n.Value[0], n.Samples)
			}
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

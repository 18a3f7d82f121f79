package learn

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// modelLoaders are the loaders of every model that can be saved, by the
// name in their envelope ("mlnotes/<name>"): Load's table.
var modelLoaders = loaders

// savedModels fits a small model of every kind that can be saved and
// returns the saved files, several for the kinds whose file has variants
// (a classifier and a regressor tree, stumps and trees in AdaBoost, …).
func savedModels(tb testing.TB) map[string][]byte {
	tb.Helper()
	x, _ := matrix.NewFromRows([][]float64{{0, 0.5}, {1, 1}, {0, 1.5}, {1, 0}, {2, 2.5}, {2, 0}, {0.5, 3}, {3, 0.5}})
	y2 := []int{0, 0, 1, 1, 0, 1, 1, 0}
	y3 := []int{0, 1, 2, 0, 1, 2, 0, 1}
	yr := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	tr := Training{Adam: &optimize.AdamSettings{Epochs: 2}}
	type saver interface{ Save(io.Writer) error }
	fits := map[string]func() (saver, error){
		"adaboost/stumps":  func() (saver, error) { return AdaBoost{Rounds: 3}.Fit(x, y3) },
		"adaboost/trees":   func() (saver, error) { return AdaBoost{Rounds: 2, Base: DecisionTree{MaxDepth: 1}}.Fit(x, y2) },
		"adaline":          func() (saver, error) { return Adaline{}.Fit(x, y2) },
		"fisher":           func() (saver, error) { return FisherLDA{}.Fit(x, y3) },
		"forest":           func() (saver, error) { return RandomForest{Trees: 2, Seed: 1}.Fit(x, y3) },
		"forest-regressor": func() (saver, error) { return RandomForest{Trees: 2, Seed: 1}.FitRegression(x, yr) },
		"bayes":            func() (saver, error) { return Bayes{}.Fit(x, y2) },
		"gmm":              func() (saver, error) { return GaussianMixture{K: 2, Seed: 1}.Fit(x) },
		"kernel-pca":       func() (saver, error) { return KernelPCA{Kernel: Gaussian(1), Components: 2}.Fit(x) },
		"knn":              func() (saver, error) { return KNN{K: 3}.Fit(x, y3) },
		"linreg":           func() (saver, error) { return LinearRegression{}.Fit(x, yr) },
		"logreg":           func() (saver, error) { return LogisticRegression{}.Fit(x, y3) },
		"autoencoder":      func() (saver, error) { return Autoencoder{Hidden: 1, Training: tr}.Fit(x) },
		"mlp-classifier": func() (saver, error) {
			return MLP{Hidden: []int{3}, Training: tr}.Fit(x, y3)
		},
		"mlp-regressor": func() (saver, error) { return MLP{Hidden: []int{2}, Training: tr}.FitRegression(x, yr) },
		"pca":           func() (saver, error) { return PCA{Components: 1}.Fit(x) },
		"perceptron":    func() (saver, error) { return Perceptron{}.Fit(x, y3) },
		"ridge":         func() (saver, error) { return Ridge{Lambda: 0.5}.Fit(x, yr) },
		"select":        func() (saver, error) { return SelectFeatures{K: 1}.Fit(x, yr) },
		"svm/c": func() (saver, error) {
			return SVM{Kernel: Gaussian(1), Probability: true}.Fit(x, y3)
		},
		"svm/nu": func() (saver, error) { return SVM{Type: NuSVC, Nu: 0.5, Kernel: Gaussian(1)}.Fit(x, y2) },
		"svm/eps-svr": func() (saver, error) {
			return SVM{Type: EpsSVR, Kernel: Polynomial(2)}.FitRegression(x, yr)
		},
		"tree/classifier": func() (saver, error) { return DecisionTree{}.Fit(x, y3) },
		"tree/regressor":  func() (saver, error) { return DecisionTree{MaxDepth: 2}.FitRegression(x, yr) },
		"whiten":          func() (saver, error) { return Whiten{}.Fit(x) },
	}
	out := map[string][]byte{}
	for name, fit := range fits {
		m, err := fit()
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		var b bytes.Buffer
		if err := m.Save(&b); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		out[name] = b.Bytes()
	}
	return out
}

// mutateModel applies one structured mutation to a saved model: kind 0
// truncates it at pos; the others edit its JSON tree at the node numbered
// pos (in depth-first order): drop or duplicate an element of an array,
// empty an array, swap two elements, or replace a number by 0, −1, a huge
// value, a non-integer, 2⁵³ + 1 or null. The result is nil when the
// mutation does not apply (the node is not an array, the file is not JSON).
func mutateModel(data []byte, kind, pos int) []byte {
	out, _ := mutateModelAt(data, kind, pos)
	return out
}

// mutateModelAt is mutateModel that also returns the path of the node
// it edited ("model.Classes[0]").
func mutateModelAt(data []byte, kind, pos int) ([]byte, string) {
	if kind%mutationKinds == 0 {
		if len(data) == 0 {
			return nil, ""
		}
		return data[:pos%len(data)], fmt.Sprintf("byte %d", pos%len(data))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var root any
	if dec.Decode(&root) != nil {
		return nil, ""
	}
	var nodes []*any
	var paths []string
	var walk func(p *any, path string)
	walk = func(p *any, path string) {
		nodes, paths = append(nodes, p), append(paths, path)
		switch v := (*p).(type) {
		case []any:
			for i := range v {
				walk(&v[i], fmt.Sprintf("%s[%d]", path, i))
			}
		case *object:
			for i := range v.vals {
				walk(&v.vals[i], path+"."+v.keys[i])
			}
		}
	}
	root = editable(root)
	walk(&root, "")
	path := paths[pos%len(nodes)]
	p := nodes[pos%len(nodes)]
	arr, isArr := (*p).([]any)
	_, isNum := (*p).(json.Number)
	switch kind % mutationKinds {
	case 1: // drop the last element
		if !isArr || len(arr) == 0 {
			return nil, ""
		}
		*p = arr[:len(arr)-1]
	case 2: // duplicate the first element
		if !isArr || len(arr) == 0 {
			return nil, ""
		}
		*p = append([]any{arr[0]}, arr...)
	case 3:
		if !isArr {
			return nil, ""
		}
		*p = []any{}
	case 4:
		if !isArr || len(arr) < 2 {
			return nil, ""
		}
		arr[0], arr[len(arr)-1] = arr[len(arr)-1], arr[0]
	default:
		if !isNum {
			return nil, ""
		}
		*p = []any{json.Number("0"), json.Number("-1"), json.Number("1e308"), json.Number("0.5"),
			json.Number("9007199254740993"), nil}[kind%mutationKinds-5]
	}
	out, err := json.Marshal(materialize(root))
	if err != nil {
		return nil, ""
	}
	return out, path
}

// mutationKinds is the number of mutations of mutateModel.
const mutationKinds = 11

// editable and materialize convert a decoded JSON tree to and from a form
// whose every node is addressable: objects become *object.
type object struct {
	keys []string
	vals []any
}

func editable(v any) any {
	switch v := v.(type) {
	case []any:
		for i := range v {
			v[i] = editable(v[i])
		}
		return v
	case map[string]any:
		o := &object{keys: slices.Sorted(func(yield func(string) bool) {
			for k := range v {
				if !yield(k) {
					return
				}
			}
		})}
		for _, k := range o.keys {
			o.vals = append(o.vals, editable(v[k]))
		}
		return o
	}
	return v
}

func materialize(v any) any {
	switch v := v.(type) {
	case []any:
		out := make([]any, len(v))
		for i := range v {
			out[i] = materialize(v[i])
		}
		return out
	case *object:
		m := map[string]any{}
		for i, k := range v.keys {
			m[k] = materialize(v.vals[i])
		}
		return m
	}
	return v
}

// exerciseModel runs a loaded model on queries of several widths (the
// right one among them): it must answer or return an error, never panic,
// and a classifier's labels must be strictly increasing, with every
// prediction among them.
func exerciseModel(t *testing.T, name string, m any) {
	t.Helper()
	for d := 1; d <= 4; d++ {
		q := matrix.New(2, d)
		q.Set(1, d-1, 1)
		if c, ok := m.(ProbabilisticClassifier); ok {
			labels := c.Labels()
			if checkIncreasing("labels", labels) != nil {
				t.Fatalf("%s: labels %v", name, labels)
			}
			if p, err := c.Predict(q); err == nil {
				for _, v := range p {
					if _, found := slices.BinarySearch(labels, v); !found {
						t.Fatalf("%s: predicts %d, not among the labels %v", name, v, labels)
					}
				}
			}
			if p, err := c.PredictProba(q); err == nil && p.Cols() != len(labels) {
				t.Fatalf("%s: %d probability columns for %d labels", name, p.Cols(), len(labels))
			}
			continue
		}
		switch m := m.(type) {
		case Classifier:
			m.Predict(q)
		case Regressor:
			m.Predict(q)
		}
		if tr, ok := m.(interface {
			Transform(*matrix.Dense) (*matrix.Dense, error)
		}); ok {
			tr.Transform(q)
		}
	}
}

// loadMutated loads data with every loader (or only the one named) and
// with Load: each returns a model or an error wrapping ErrFormat, and a
// model it returns is exercised. It reports whether the named loader
// accepted the data.
func loadMutated(t *testing.T, only string, data []byte) bool {
	t.Helper()
	accepted := false
	for kind, load := range modelLoaders {
		if only != "" && kind != only {
			continue
		}
		m, err := load(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("%s: %v does not wrap ErrFormat", kind, err)
			}
			if strings.Contains(err.Error(), "\n") || len(err.Error()) > 2000 {
				t.Fatalf("%s: an unreadable message: %.300q", kind, err)
			}
			continue
		}
		accepted = true
		exerciseModel(t, kind, m)
	}
	// Load, the loader of every format, agrees with the model's own.
	m, err := Load(bytes.NewReader(data))
	switch {
	case err != nil && !errors.Is(err, ErrFormat):
		t.Fatalf("Load: %v does not wrap ErrFormat", err)
	case err == nil:
		exerciseModel(t, "Load", m)
	case only != "" && accepted:
		t.Fatalf("Load refuses what Load%s accepts: %v", only, err)
	}
	return accepted
}

// FuzzLoadModels: every loader and Load, on a saved model of every kind truncated or
// mutated (mutateModel: elements of arrays dropped, duplicated, emptied or
// swapped; numbers replaced by 0, −1, 10³⁰⁸, ½, 2⁵³ + 1 or null) and on
// whatever bytes the fuzzer makes of them, returns a model or an error
// wrapping ErrFormat, never panics, and a model it returns answers queries
// of any width without panicking, its predictions among its labels.
func FuzzLoadModels(f *testing.F) {
	saved := savedModels(f)
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range saved {
			if !yield(k) {
				return
			}
		}
	}) {
		f.Add(saved[name], uint8(0), uint16(len(saved[name])))
		f.Add(saved[name], uint8(2), uint16(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, kind uint8, pos uint16) {
		loadMutated(t, "", data)
		if m := mutateModel(data, int(kind), int(pos)); m != nil {
			loadMutated(t, "", m)
		}
	})
}

// variableArrays are the arrays of a saved model whose length is free: one
// element more or fewer is another valid model (a forest of another size,
// a linear neuron on another number of features), not an inconsistency.
var variableArrays = map[string]bool{
	"forest .model.trees":           true,
	"forest-regressor .model.trees": true,
	"adaline .model.Coef":           true,
	"perceptron .model.Coef":        true,
}

// optionalArrays may be empty, but when present have their one length: a
// mixture's log-likelihood trace is absent from files written before it
// existed.
var optionalArrays = map[string]bool{
	"gmm .model.trace": true,
}

// TestLoadMutatedModels runs the mutations of FuzzLoadModels exhaustively
// on every saved model: truncations (every 7th byte), and every mutation
// at every node of its JSON (with -short, a fifth of them). Beyond the fuzz target's checks it
// requires that dropping, duplicating or emptying an array be refused
// unless the array's length is free (variableArrays): a model file whose
// arrays do not fit together (two equal classes, eigenvalues or a history
// of the wrong length) must not load (issue 25, item 5).
func TestLoadMutatedModels(t *testing.T) {
	step := 1 // every node; with -short every fifth
	if testing.Short() {
		step = 5
	}
	for name, data := range savedModels(t) {
		kind, _, _ := strings.Cut(name, "/")
		for pos := 0; pos < len(data); pos += 7 * step {
			if bytes.Equal(bytes.TrimSpace(data[:pos]), bytes.TrimSpace(data)) {
				continue // only the final newline cut
			}
			if loadMutated(t, kind, data[:pos]) {
				t.Errorf("%s truncated to %d bytes loads", name, pos)
			}
		}
		_, nodes := countNodes(data)
		for k := 1; k < mutationKinds; k++ {
			for pos := k % step; pos < nodes; pos += step {
				m, path := mutateModelAt(data, k, pos)
				if m == nil {
					continue
				}
				key := kind + " " + path
				if loadMutated(t, kind, m) && k <= 3 && !variableArrays[key] && !(k == 3 && optionalArrays[key]) {
					t.Errorf("%s: %s of %s loads", name, []string{"", "dropping the last element", "duplicating the first element", "emptying"}[k], path)
				}
			}
		}
	}
}

// countNodes returns whether data is JSON and the number of nodes of its
// tree, as mutateModelAt numbers them.
func countNodes(data []byte) (bool, int) {
	var root any
	if json.Unmarshal(data, &root) != nil {
		return false, 0
	}
	var count func(v any) int
	count = func(v any) int {
		n := 1
		switch v := v.(type) {
		case []any:
			for _, e := range v {
				n += count(e)
			}
		case map[string]any:
			for _, e := range v {
				n += count(e)
			}
		}
		return n
	}
	return true, count(root)
}

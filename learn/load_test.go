package learn

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"mlnotes/matrix"
)

// cliPrediction is the output of `demo predict -json` kept beside each
// command-line model in testdata/models (see its README).
type cliPrediction struct {
	Predictions []json.RawMessage `json:"predictions"`
	Decision    [][]float64       `json:"decision"`
}

// readCSVFeatures reads a CSV file with a header: every column but the
// last as features, the last as label cells.
func readCSVFeatures(t *testing.T, path string) (*matrix.Dense, []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	recs = recs[1:]
	d := len(recs[0]) - 1
	x := matrix.New(len(recs), d)
	labels := make([]string, len(recs))
	for i, rec := range recs {
		for j := range d {
			if x.Row(i)[j], err = strconv.ParseFloat(rec[j], 64); err != nil {
				t.Fatal(err)
			}
		}
		labels[i] = rec[d]
	}
	return x, labels
}

// TestLoadCLIModels loads every model file that `demo CMD -save` wrote
// into testdata/models and checks that the library predicts, on the raw
// rows of the training file, what `demo predict` printed: the same class
// names or labels, the same bits of every regression value and decision
// value.
func TestLoadCLIModels(t *testing.T) {
	cases := []struct{ model, data string }{
		{"svm_rbf_standard", "../testdata/iris.csv"},
		{"svr_minmax", "../testdata/diabetes.csv"},
		{"logreg_words_standard", "testdata/models/iris_words.csv"},
		{"knn_standard_pca", "../testdata/wine.csv"},
		{"knn_regressor_standard", "../testdata/diabetes.csv"},
		{"tree_words", "testdata/models/iris_words.csv"},
		{"tree_regressor_pca", "../testdata/diabetes.csv"},
		{"ridge_standard_pca", "../testdata/diabetes.csv"},
	}
	for _, c := range cases {
		t.Run(c.model, func(t *testing.T) {
			dir := filepath.Join("testdata", "models")
			f, err := os.Open(filepath.Join(dir, c.model+".json"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			m, err := Load(f)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(filepath.Join(dir, c.model+".predict.json"))
			if err != nil {
				t.Fatal(err)
			}
			var want cliPrediction
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			x, _ := readCSVFeatures(t, c.data)
			switch m := m.(type) {
			case *PipelineClassifierModel:
				got, err := m.PredictNames(x)
				if err != nil {
					t.Fatal(err)
				}
				for i, w := range want.Predictions {
					ws := strings.Trim(string(w), `"`)
					if got[i] != ws {
						t.Fatalf("row %d: Load predicts %q, demo predict %s", i, got[i], ws)
					}
				}
				if want.Decision != nil {
					dec, err := m.DecisionFunction(x)
					if err != nil {
						t.Fatal(err)
					}
					scale := 0.0
					for _, row := range want.Decision {
						scale = max(scale, maxAbs(row))
					}
					for i, row := range want.Decision {
						for j, v := range row {
							if g := dec.At(i, j); !goldenClose(g, v, x.Rows()+x.Cols(), scale) {
								t.Fatalf("decision (%d, %d): Load %v, demo predict %v", i, j, g, v)
							}
						}
					}
				}
			case *PipelineRegressorModel:
				got, err := m.Predict(x)
				if err != nil {
					t.Fatal(err)
				}
				wantValues := make([]float64, len(want.Predictions))
				for i, w := range want.Predictions {
					v, err := strconv.ParseFloat(string(w), 64)
					if err != nil {
						t.Fatal(err)
					}
					wantValues[i] = v
				}
				scale := maxAbs(wantValues)
				for i, v := range wantValues {
					if !goldenClose(got[i], v, x.Rows()+x.Cols(), scale) {
						t.Fatalf("row %d: Load predicts %v, demo predict %v", i, got[i], v)
					}
				}
			default:
				t.Fatalf("Load returned %T, want a pipeline", m)
			}
		})
	}
}

// TestStandardScalerMatchesCLI refits StandardScaler (MinMaxScaler) and PCA
// on the training files of four command-line models and checks that their centers,
// scales and components are the bits the command line saved.
func TestStandardScalerMatchesCLI(t *testing.T) {
	for _, c := range []struct {
		model, data string
		k           int
	}{
		{"svm_rbf_standard", "../testdata/iris.csv", 0},
		{"knn_standard_pca", "../testdata/wine.csv", 3},
		{"ridge_standard_pca", "../testdata/diabetes.csv", 5},
		{"svr_minmax", "../testdata/diabetes.csv", 0},
	} {
		raw, err := os.ReadFile(filepath.Join("testdata", "models", c.model+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var f cliModelFile
		if err := json.Unmarshal(raw, &f); err != nil {
			t.Fatal(err)
		}
		x, _ := readCSVFeatures(t, c.data)
		var scaler TransformerTrainer = StandardScaler{}
		if f.Preprocess.Scaler == ScaleMinMax {
			scaler = MinMaxScaler{}
		}
		st, err := scaler.FitTransformer(x)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*ScalerModel)
		sameGolden(t, c.model+" center", s.Center, f.Preprocess.Center, x.Rows()+x.Cols())
		sameGolden(t, c.model+" scale", s.Scale, f.Preprocess.Scale, x.Rows()+x.Cols())
		if c.k == 0 {
			continue
		}
		xs, err := s.Transform(x)
		if err != nil {
			t.Fatal(err)
		}
		p, err := PCA{Components: c.k}.Fit(xs)
		if err != nil {
			t.Fatal(err)
		}
		sameGolden(t, c.model+" pca mean", p.Mean, f.Preprocess.PCAMean, x.Rows()+x.Cols())
		for j, row := range f.Preprocess.PCAComponents {
			sameGolden(t, c.model+" pca component", p.Components.Row(j), row, x.Rows()+x.Cols())
		}
	}
}

func sameVecBits(t *testing.T, what string, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	for i := range got {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
			t.Fatalf("%s[%d] = %v, want %v", what, i, got[i], want[i])
		}
	}
}

// sameGolden checks got against the values want of a golden file: bit for
// bit on the build that wrote them, within goldenClose's bound elsewhere (m
// is the longest sum behind the values).
func sameGolden(t *testing.T, what string, got, want []float64, m int) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	scale := maxAbs(want)
	for i := range got {
		if !goldenClose(got[i], want[i], m, scale) {
			t.Fatalf("%s[%d] = %v, want %v", what, i, got[i], want[i])
		}
	}
}

// TestLoadRefusals checks that files Load cannot read are errors wrapping
// ErrFormat that name what the file holds.
func TestLoadRefusals(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{``, "not a model file"},
		{`[1,2]`, "not a model file"},
		{"\x1f\x8b\x08", "gzip"},
		{`{"format":"sklearn/pickle"}`, `"sklearn/pickle"`},
		{`{"format":"mlnotes/quantum","version":1,"model":{}}`, `"mlnotes/quantum"`},
		{`{"format":"mlnotes/ridge","version":0,"model":{}}`, "version 0"},
		{`{"format":"mlnotes/cli-model","version":2}`, "version 2 of mlnotes/cli-model"},
		{`{"format":"mlnotes/cli-model","version":1,"kind":"svm","task":"classification","n_features":2,"model":{"format":"mlnotes/ridge","version":1,"model":{}}}`, `"mlnotes/ridge"`},
		{`{"format":"mlnotes/cli-model","version":1,"kind":"ridge","task":"guess","n_features":2,"model":{}}`, `task "guess"`},
		{`{"format":"mlnotes/cli-model","version":1,"kind":"ridge","task":"regression","n_features":2,"preprocess":{"scaler":"robust"},"model":{}}`, `unknown scaler "robust"`},
		{`{"format":"mlnotes/pipeline","version":1,"model":{"task":"regression","steps":[],"model":{"format":"mlnotes/label-encoder","version":1,"model":{"Names":["a"]}}}}`, "not a regressor"},
		{`{"format":"mlnotes/scaler","version":1,"model":{"Method":"standard","Center":[0],"Scale":[0]}}`, "scale 0"},
		{`{"format":"mlnotes/label-encoder","version":1,"model":{"Names":["b","a"]}}`, "not sorted"},
		{`{"format":"mlnotes/pipeline","version":1,"model":{"task":"classification","steps":[{"format":"mlnotes/pca","version":1,"model":{"Mean":[0],"Components":null}}],"model":{}}}`, "components"},
		{`{"format":"mlnotes/pipeline","version":1,"model":{"task":"classification","steps":[],"model":{"format":"mlnotes/pipeline","version":1,"model":{"task":"x","steps":[],"model":{}}}}}`, `task "x"`},
		{`{"format":"mlnotes/pipeline","version":1,"model":{"task":"regression","steps":[{"format":"mlnotes/label-encoder","version":1,"model":{"Names":["a"]}}],"model":{}}}`, "not a transformer"},
		{`{"format":"mlnotes/cli-model","version":1,"kind":"ridge","task":"regression","n_features":2,"preprocess":{"pca_mean":[0,0],"pca_components":[[1,0],[1]]},"model":{"format":"mlnotes/ridge","version":1,"model":{}}}`, "PCA component 2"},
		{`{"format":"mlnotes/cli-model","version":1,"kind":"ridge","task":"regression","n_features":2,"labels":["a"],"model":{}}`, "class labels in a regression"},
	} {
		_, err := Load(strings.NewReader(c.in))
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Load(%.60q) = %v, want an ErrFormat naming %s", c.in, err, c.want)
		}
	}
	if _, err := Load(nil); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("Load(nil) = %v", err)
	}
}

// FuzzLoad feeds arbitrary bytes (seeded with the model files of
// testdata/models) to Load: it must return a model or an error, never
// panic, and a model it returns must predict on a row without panicking.
func FuzzLoad(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "models", "*.json"))
	for _, p := range files {
		if strings.HasSuffix(p, ".predict.json") {
			continue
		}
		if b, err := os.ReadFile(p); err == nil && len(b) < 4000 {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"format":"mlnotes/pipeline","version":1,"model":{"task":"classification","steps":[{"format":"mlnotes/pca","version":1,"model":{"Mean":[0],"Components":null}}],"model":null}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Load(bytes.NewReader(b))
		if err != nil {
			return
		}
		x := matrix.New(1, 4)
		switch m := m.(type) {
		case Classifier:
			m.Predict(x)
		case Regressor:
			m.Predict(x)
		}
	})
}

// TestLoadReadsEverySavedKind finds every format name that a Save method
// of the package passes to saveModel and checks that Load has a reader for
// it: a model given a Save method must also be given to Load.
func TestLoadReadsEverySavedKind(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`saveModel\(\w+, "([^"]+)"`)
	found := 0
	for _, p := range files {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllSubmatch(src, -1) {
			found++
			kind := string(m[1])
			if loaders[kind] == nil && nestedLoaders[kind] == nil {
				t.Errorf("%s saves %q, which Load does not read (add it to loaders or nestedLoaders in load.go)", p, kind)
			}
		}
	}
	if found < 20 {
		t.Errorf("found %d calls of saveModel: the pattern no longer matches the code", found)
	}
}

// TestPipelineConcurrentPredict predicts with one fitted pipeline from 16
// goroutines at once (run with -race) and checks every answer.
func TestPipelineConcurrentPredict(t *testing.T) {
	x, names := readCSVFeatures(t, "testdata/models/iris_words.csv")
	m, err := Pipeline{Steps: []TransformerTrainer{StandardScaler{}, PCA{Components: 2}}, Learner: KNN{K: 3}}.FitNames(x, names)
	if err != nil {
		t.Fatal(err)
	}
	want, err := m.PredictNames(x)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := m.PredictNames(x)
			if err != nil || strings.Join(got, ",") != strings.Join(want, ",") {
				errs <- fmt.Sprint(err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("concurrent predictions differ (%s)", e)
	}
}

// TestLoadSavedBeforeSplitThroughLoad reads the model files written before
// the classifier/regressor split (testdata/saved) with Load: each comes
// back as the Classifier or Regressor of its task and predicts what the
// old model predicted, bit for bit.
func TestLoadSavedBeforeSplitThroughLoad(t *testing.T) {
	x := mustRows(t, [][]float64{{0, 0}, {1, 0.2}, {0.1, 1}, {2, 2.1}, {2.2, 1.8}, {1.9, 2.3}, {4, 0.1}, {4.2, 0.3}, {3.8, -0.2}})
	raw, err := os.ReadFile(filepath.Join("testdata", "saved", "predictions.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want map[string][]float64
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	for name, w := range want {
		f, err := os.Open(filepath.Join("testdata", "saved", name))
		if err != nil {
			t.Fatal(err)
		}
		m, err := Load(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var got []float64
		switch m := m.(type) {
		case Classifier:
			p, err := m.Predict(x)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range p {
				got = append(got, float64(c))
			}
		case Regressor:
			if got, err = m.Predict(x); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("%s: Load gave %T", name, m)
		}
		if scale := savedTermsScale(t, name, x); scale > 0 && !goldenBuild {
			for i := range w {
				if !goldenClose(got[i], w[i], x.Rows()+x.Cols(), max(scale, maxAbs(w))) {
					t.Fatalf("%s[%d] = %v, want %v", name, i, got[i], w[i])
				}
			}
			continue
		}
		sameGolden(t, name, got, w, x.Rows()+x.Cols())
	}
}

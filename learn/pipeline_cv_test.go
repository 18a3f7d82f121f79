package learn

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"testing"

	"mlnotes/matrix"
)

// pipelineCVReference is testdata/pipeline_cv_reference.json, written by
// testdata/gen/pipeline_cv_sklearn.py.
type pipelineCVReference struct {
	Folds map[string][]int `json:"folds"`
	Cases []struct {
		Data    string             `json:"data"`
		Learner string             `json:"learner"`
		Params  map[string]float64 `json:"params"`
		PCA     int                `json:"pca"`
		Scores  []float64          `json:"scores"`
	} `json:"cases"`
}

// TestPipelineCrossValidationSklearn cross-validates Pipeline{StandardScaler,
// (PCA k), learner} on the folds scikit-learn used and compares every fold's
// score with its cross_val_score of the same Pipeline: both refit the
// scaler and the PCA inside each training part.
//
// Conventions (the generator's docstring has scikit-learn's side):
// KNN{K} is KNeighbors(n_neighbors=K, uniform, Euclidean); the SVM is a
// C-SVM with the Gaussian kernel of the same γ and LIBSVM's tolerance 10⁻³,
// as SVC; LogisticRegression{Lambda} minimizes scikit-learn's objective
// with C = 1/λ (multinomial), to its default tolerance 10⁻⁸ against
// scikit-learn's 10⁻¹⁰; Ridge{Lambda} is Ridge(alpha = λ), the intercept
// unpenalized. Accuracies are counts over the part's size in both and must
// be equal; a part's mean squared error agrees to 10⁻¹⁰ relative, the
// issue's bound (the learners agree with scikit-learn to about 10⁻¹³ in
// their own reference tests; the scores are sums of a few hundred squares).
func TestPipelineCrossValidationSklearn(t *testing.T) {
	raw, err := os.ReadFile("../testdata/pipeline_cv_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref pipelineCVReference
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	data := map[string]struct {
		x *matrix.Dense
		y []float64
	}{}
	for name := range ref.Folds {
		x, cells := readCSVFeatures(t, "../testdata/"+name+".csv")
		y := make([]float64, len(cells))
		for i, c := range cells {
			if y[i], err = strconv.ParseFloat(c, 64); err != nil {
				t.Fatal(err)
			}
		}
		data[name] = struct {
			x *matrix.Dense
			y []float64
		}{x, y}
	}
	for _, c := range ref.Cases {
		d, rho := data[c.Data], ref.Folds[c.Data]
		steps := []TransformerTrainer{StandardScaler{}}
		if c.PCA > 0 {
			steps = append(steps, PCA{Components: c.PCA})
		}
		var learner any
		switch c.Learner {
		case "knn", "knn-regressor":
			learner = KNN{K: int(c.Params["k"])}
		case "svm":
			learner = SVM{Type: CSVC, Kernel: Kernel{Type: GaussianKernel, Gamma: c.Params["gamma"]}, C: c.Params["C"]}
		case "logreg":
			learner = LogisticRegression{Lambda: c.Params["lambda"]}
		case "ridge":
			learner = Ridge{Lambda: c.Params["lambda"]}
		default:
			t.Fatalf("unknown learner %q", c.Learner)
		}
		p := Pipeline{Steps: steps, Learner: learner}
		var res *CVResult
		if c.Learner == "ridge" || c.Learner == "knn-regressor" {
			res, err = CrossValidateRegressor(p, d.x, d.y, rho)
		} else {
			y := make([]int, len(d.y))
			for i, v := range d.y {
				y[i] = int(v)
			}
			res, err = CrossValidateClassifier(p, d.x, y, rho)
		}
		if err != nil {
			t.Fatalf("%s %s pca %d: %v", c.Data, c.Learner, c.PCA, err)
		}
		for f, want := range c.Scores {
			got := res.FoldScores[f]
			ok := got == want
			if c.Learner == "ridge" || c.Learner == "knn-regressor" {
				ok = math.Abs(got-want) <= 1e-10*math.Abs(want)
			}
			if !ok {
				t.Errorf("%s %s pca %d fold %d: %.17g, scikit-learn %.17g", c.Data, c.Learner, c.PCA, f, got, want)
			}
		}
	}
}

package learn

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// ensembleRef is testdata/ensemble_reference.json, written by
// testdata/gen/ensemble_reference.py with scikit-learn 1.2.1.
type ensembleRef struct {
	CVRidge struct {
		Alpha   float64   `json:"alpha"`
		Folds   []int     `json:"folds"`
		FoldMSE []float64 `json:"fold_mse"`
	} `json:"cv_ridge_diabetes"`
	CVKNN struct {
		K       int       `json:"k"`
		Folds   []int     `json:"folds"`
		FoldAcc []float64 `json:"fold_accuracy"`
	} `json:"cv_knn_breast_cancer"`
	CVTree struct {
		MaxDepth int       `json:"max_depth"`
		Folds    []int     `json:"folds"`
		FoldAcc  []float64 `json:"fold_accuracy"`
	} `json:"cv_tree_synthetic"`
	Synthetic struct {
		XTrain [][]float64 `json:"x_train"`
		YTrain []int       `json:"y_train"`
		XTest  [][]float64 `json:"x_test"`
		YTest  []int       `json:"y_test"`
	} `json:"synthetic"`
	Trees []struct {
		Criterion       string    `json:"criterion"`
		MaxDepth        int       `json:"max_depth"`
		MinSamplesSplit int       `json:"min_samples_split"`
		MinSamplesLeaf  int       `json:"min_samples_leaf"`
		Nodes           int       `json:"nodes"`
		Leaves          int       `json:"leaves"`
		Depth           int       `json:"depth"`
		RootFeature     int       `json:"root_feature"`
		RootThreshold   float64   `json:"root_threshold"`
		Importances     []float64 `json:"importances"`
		Predictions     []int     `json:"predictions"`
	} `json:"trees"`
	RegressionTree struct {
		YTrain        []float64 `json:"y_train"`
		MaxDepth      int       `json:"max_depth"`
		Nodes         int       `json:"nodes"`
		RootFeature   int       `json:"root_feature"`
		RootThreshold float64   `json:"root_threshold"`
		Predictions   []float64 `json:"predictions"`
	} `json:"regression_tree"`
	Ensembles struct {
		Train        []int              `json:"breast_cancer_train"`
		Test         []int              `json:"breast_cancer_test"`
		BreastCancer map[string]float64 `json:"breast_cancer"`
		Synthetic    map[string]float64 `json:"synthetic"`
	} `json:"ensembles"`
}

func loadEnsembleRef(t testing.TB) *ensembleRef {
	t.Helper()
	raw, err := os.ReadFile("../testdata/ensemble_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var r ensembleRef
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

// ridgeTrainer is ridge regression with an unpenalized intercept, written
// here for the cross-validation check only (the library's ridge lives in
// linreg*.go): centre X and y, solve the stacked least-squares problem
// [Xc; √λ I] w ≈ [yc; 0] with matrix.LeastSquares, b = ȳ − x̄ᵀw.
func ridgeTrainer(lambda float64) RegressorTrainer {
	return RegressorFunc(func(x *matrix.Dense, y []float64) (Regressor, error) {
		n, d := x.Dims()
		xc, mean, err := matrix.Center(x)
		if err != nil {
			return nil, err
		}
		ybar := 0.0
		for _, v := range y {
			ybar += v
		}
		ybar /= float64(n)
		a := matrix.New(n+d, d)
		rhs := matrix.New(n+d, 1)
		for i := range n {
			copy(a.Row(i), xc.Row(i))
			rhs.Set(i, 0, y[i]-ybar)
		}
		for j := range d {
			a.Set(n+j, j, math.Sqrt(lambda))
		}
		w, _, err := matrix.LeastSquares(a, rhs, 0)
		if err != nil {
			return nil, err
		}
		wv := w.Col(0)
		return linearModel{w: wv, b: ybar - matrix.Dot(mean, wv)}, nil
	})
}

type linearModel struct {
	w []float64
	b float64
}

func (m linearModel) Predict(x *matrix.Dense) ([]float64, error) {
	out, err := matrix.MulVec(x, m.w)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i] += m.b
	}
	return out, nil
}

// TestCrossValidationMatchesSklearn: with scikit-learn's fold assignment,
// the fold scores of ridge (to 1e-8 relative), 5-NN and a depth-3 tree
// (exactly) are scikit-learn's cross_val_score.
func TestCrossValidationMatchesSklearn(t *testing.T) {
	ref := loadEnsembleRef(t)
	x, y := loadDataset(t, "diabetes.csv")
	cv, err := CrossValidateRegressor(ridgeTrainer(ref.CVRidge.Alpha), x, y, ref.CVRidge.Folds)
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range ref.CVRidge.FoldMSE {
		if got := cv.FoldScores[k]; math.Abs(got-want) > 1e-8*want {
			t.Errorf("ridge fold %d: MSE %.12g, scikit-learn %.12g", k, got, want)
		}
	}
	xb, yb := loadLabelled(t, "breast_cancer.csv")
	cv, err = CrossValidateClassifier(KNN{K: ref.CVKNN.K}, xb, yb, ref.CVKNN.Folds)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cv.FoldScores, ref.CVKNN.FoldAcc) {
		t.Errorf("5-NN fold accuracies %v, scikit-learn %v", cv.FoldScores, ref.CVKNN.FoldAcc)
	}
	xs := mustRows(t, ref.Synthetic.XTrain)
	cv, err = CrossValidateClassifier(DecisionTree{MaxDepth: ref.CVTree.MaxDepth}, xs, ref.Synthetic.YTrain, ref.CVTree.Folds)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cv.FoldScores, ref.CVTree.FoldAcc) {
		t.Errorf("tree fold accuracies %v, scikit-learn %v", cv.FoldScores, ref.CVTree.FoldAcc)
	}
}

// TestTreeMatchesSklearn: on continuous float32-exact data (no two
// candidate splits tie), every tree has scikit-learn's node count, leaf
// count, depth, root split, importances (to rounding) and test
// predictions.
func TestTreeMatchesSklearn(t *testing.T) {
	ref := loadEnsembleRef(t)
	x := mustRows(t, ref.Synthetic.XTrain)
	xt := mustRows(t, ref.Synthetic.XTest)
	for _, r := range ref.Trees {
		m, err := DecisionTree{Criterion: r.Criterion, MaxDepth: r.MaxDepth, MinSamplesSplit: r.MinSamplesSplit, MinSamplesLeaf: r.MinSamplesLeaf}.Fit(x, ref.Synthetic.YTrain)
		if err != nil {
			t.Fatal(err)
		}
		root := m.Nodes[0]
		if len(m.Nodes) != r.Nodes || m.Leaves() != r.Leaves || m.Depth() != r.Depth || root.Feature != r.RootFeature || root.Threshold != r.RootThreshold {
			t.Errorf("%s depth %d: nodes %d leaves %d depth %d root x%d ≤ %v; scikit-learn %d %d %d x%d ≤ %v", r.Criterion, r.MaxDepth,
				len(m.Nodes), m.Leaves(), m.Depth(), root.Feature, root.Threshold, r.Nodes, r.Leaves, r.Depth, r.RootFeature, r.RootThreshold)
		}
		for j, want := range r.Importances {
			if math.Abs(m.Importances[j]-want) > 1e-12 {
				t.Errorf("%s depth %d: importance %d = %.15g, scikit-learn %.15g", r.Criterion, r.MaxDepth, j, m.Importances[j], want)
			}
		}
		p, err := m.Predict(xt)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(p, r.Predictions) {
			t.Errorf("%s depth %d: test predictions differ from scikit-learn's", r.Criterion, r.MaxDepth)
		}
	}
	rt := ref.RegressionTree
	m, err := DecisionTree{MaxDepth: rt.MaxDepth}.FitRegression(x, rt.YTrain)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Nodes) != rt.Nodes || m.Nodes[0].Feature != rt.RootFeature || m.Nodes[0].Threshold != rt.RootThreshold {
		t.Errorf("regression tree: %d nodes, root x%d ≤ %v; scikit-learn %d, x%d ≤ %v", len(m.Nodes), m.Nodes[0].Feature, m.Nodes[0].Threshold, rt.Nodes, rt.RootFeature, rt.RootThreshold)
	}
	p, err := m.Predict(xt)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range rt.Predictions {
		// A leaf mean of ≤ 400 targets, summed in another order.
		if math.Abs(p[i]-want) > 400*eps*(1+math.Abs(want)) {
			t.Errorf("regression tree prediction %d: %.15g, scikit-learn %.15g", i, p[i], want)
		}
	}
}

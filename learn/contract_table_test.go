package learn

import (
	"io"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// The learners of the common-checks suite (contract_test.go): every
// classifier and regressor of the package, each through the interfaces
// ClassifierTrainer and RegressorTrainer, with the loader of its saved
// form and the reasons a check does not apply to it. Config types are the
// exported types it covers: TestContractCoversEveryLearner fails when an
// exported type with a FitClassifier, FitRegressor or Fit(x, y) method is
// neither here nor in contractNotLearners.

// contractLearner is one row of the suite's table.
type contractLearner struct {
	name string
	// types are the exported configuration types this row exercises.
	types []string
	// classifier or regressor builds the trainer for a seed (learners
	// without one ignore it) and a number of workers (RandomForest's
	// Workers; others ignore it and follow GOMAXPROCS).
	classifier func(seed uint64, workers int) ClassifierTrainer
	regressor  func(seed uint64, workers int) RegressorTrainer
	// load reads what the fitted model's Save wrote.
	load func(r io.Reader) (any, error)
	// thresholds: the model only compares features with thresholds, so it
	// scores every finite row, ±1e308 included (score_check.go).
	thresholds bool
	// coupled: the class probabilities come from LIBSVM's iterative
	// pairwise coupling, which keeps Σp = 1 only to the rounding of its
	// sweeps: the suite allows the coupling's own tolerance, 64kε
	// (coupleProbabilities), instead of the kε of one normalization.
	coupled bool
	// oneFeature: the learner takes exactly one feature (the notes'
	// polynomial fit); the suite gives it the first column.
	oneFeature bool
}

// contractNotLearners are the exported types with a Fit-like method (and
// functions returning a trainer) that the suite does not run, and why.
// GaussianMixture is not here: its Fit takes no y (unsupervised).
var contractNotLearners = map[string]string{
	"ClassifierFunc": "an adapter: every learner of the table goes through it or the interface",
	"RegressorFunc":  "an adapter, as ClassifierFunc",
	"SelectFeatures": "a feature selector (a transformer of X), not a predictor of y",
}

func contractLearners() []contractLearner {
	small := &optimize.AdamSettings{LearningRate: 0.01, BatchSize: 16, Epochs: 60}
	mlpTraining := func(seed uint64) Training {
		a := *small
		a.Seed = seed
		return Training{Adam: &a}
	}
	return []contractLearner{
		{name: "knn", types: []string{"KNN"},
			classifier: func(uint64, int) ClassifierTrainer { return KNN{K: 3} },
			load:       func(r io.Reader) (any, error) { return LoadKNN(r) }},
		{name: "knn-regressor", types: []string{"KNN"},
			regressor: func(uint64, int) RegressorTrainer { return KNN{K: 3} },
			load:      func(r io.Reader) (any, error) { return LoadKNNRegressor(r) }},
		{name: "tree", types: []string{"DecisionTree"}, thresholds: true,
			classifier: func(s uint64, _ int) ClassifierTrainer { return DecisionTree{MaxDepth: 4, Seed: s} },
			load:       func(r io.Reader) (any, error) { return LoadTreeClassifier(r) }},
		{name: "tree-regressor", types: []string{"DecisionTree"}, thresholds: true,
			regressor: func(s uint64, _ int) RegressorTrainer { return DecisionTree{MaxDepth: 4, Seed: s} },
			load:      func(r io.Reader) (any, error) { return LoadTreeRegressor(r) }},
		{name: "forest", types: []string{"RandomForest"}, thresholds: true,
			classifier: func(s uint64, w int) ClassifierTrainer { return RandomForest{Trees: 8, Seed: s, Workers: w} },
			load:       func(r io.Reader) (any, error) { return LoadForest(r) }},
		{name: "forest-regressor", types: []string{"RandomForest"}, thresholds: true,
			regressor: func(s uint64, w int) RegressorTrainer { return RandomForest{Trees: 8, Seed: s, Workers: w} },
			load:      func(r io.Reader) (any, error) { return LoadForestRegressor(r) }},
		{name: "stump", types: []string{"Stump"}, thresholds: true,
			classifier: func(uint64, int) ClassifierTrainer { return Stump{} },
			load:       func(r io.Reader) (any, error) { return LoadStump(r) }},
		{name: "adaboost", types: []string{"AdaBoost"}, thresholds: true,
			classifier: func(uint64, int) ClassifierTrainer { return AdaBoost{Rounds: 8} },
			load:       func(r io.Reader) (any, error) { return LoadAdaBoost(r) }},
		{name: "adaboost-resample-trees", types: []string{"AdaBoost"}, thresholds: true,
			classifier: func(s uint64, _ int) ClassifierTrainer {
				return AdaBoost{Rounds: 5, Base: DecisionTree{MaxDepth: 2}, Resample: true, Seed: s}
			},
			load: func(r io.Reader) (any, error) { return LoadAdaBoost(r) }},
		{name: "bagging-tree", types: []string{"Bagging"}, thresholds: true,
			classifier: func(s uint64, _ int) ClassifierTrainer {
				return Bagging{Base: DecisionTree{MaxDepth: 3}, B: 5, Seed: s}
			},
			load: func(r io.Reader) (any, error) { return LoadBaggingClassifier(r) }},
		{name: "bagging-ridge", types: []string{"Bagging"},
			regressor: func(s uint64, _ int) RegressorTrainer { return Bagging{Base: Ridge{Lambda: 0.1}, B: 5, Seed: s} },
			load:      func(r io.Reader) (any, error) { return LoadBaggingRegressor(r) }},
		{name: "boost3-perceptron", types: []string{"Boost3"},
			classifier: func(s uint64, _ int) ClassifierTrainer {
				return Boost3{Base: Perceptron{MaxIter: 50, Seed: s}, Seed: s}
			},
			load: func(r io.Reader) (any, error) { return LoadBoost3(r) }},
		{name: "perceptron", types: []string{"Perceptron"},
			classifier: func(s uint64, _ int) ClassifierTrainer { return Perceptron{MaxIter: 50, Seed: s} },
			load:       func(r io.Reader) (any, error) { return LoadPerceptron(r) }},
		{name: "adaline", types: []string{"Adaline"},
			classifier: func(s uint64, _ int) ClassifierTrainer { return Adaline{MaxIter: 30, Seed: s} },
			load:       func(r io.Reader) (any, error) { return LoadAdaline(r) }},
		{name: "logreg", types: []string{"LogisticRegression"},
			classifier: func(uint64, int) ClassifierTrainer { return LogisticRegression{Lambda: 1} },
			load:       func(r io.Reader) (any, error) { return LoadLogistic(r) }},
		{name: "fisher", types: []string{"FisherLDA"},
			classifier: func(uint64, int) ClassifierTrainer { return FisherLDA{} },
			load:       func(r io.Reader) (any, error) { return LoadFisher(r) }},
		{name: "bayes-gauss", types: []string{"Bayes"},
			classifier: func(uint64, int) ClassifierTrainer { return Bayes{} },
			load:       func(r io.Reader) (any, error) { return LoadBayes(r) }},
		{name: "bayes-shared", types: []string{"Bayes"},
			classifier: func(uint64, int) ClassifierTrainer { return Bayes{Density: SharedGaussDensity} },
			load:       func(r io.Reader) (any, error) { return LoadBayes(r) }},
		{name: "bayes-kde", types: []string{"Bayes"},
			classifier: func(uint64, int) ClassifierTrainer { return Bayes{Density: KDEDensity} },
			load:       func(r io.Reader) (any, error) { return LoadBayes(r) }},
		{name: "mlp", types: []string{"MLP"},
			classifier: func(s uint64, _ int) ClassifierTrainer { return MLP{Hidden: []int{6}, Training: mlpTraining(s)} },
			load:       func(r io.Reader) (any, error) { return LoadMLPClassifier(r) }},
		{name: "mlp-regressor", types: []string{"MLP"},
			regressor: func(s uint64, _ int) RegressorTrainer { return MLP{Hidden: []int{6}, Training: mlpTraining(s)} },
			load:      func(r io.Reader) (any, error) { return LoadMLPRegressor(r) }},
		{name: "svm-c", types: []string{"SVM"}, coupled: true,
			classifier: func(uint64, int) ClassifierTrainer { return SVM{Kernel: Gaussian(2), Probability: true} },
			load:       func(r io.Reader) (any, error) { return LoadSVMClassifier(r) }},
		{name: "svm-nu", types: []string{"SVM"},
			classifier: func(uint64, int) ClassifierTrainer { return SVM{Type: NuSVC, Kernel: Linear()} },
			load:       func(r io.Reader) (any, error) { return LoadSVMClassifier(r) }},
		{name: "svm-eps-svr", types: []string{"SVM"},
			regressor: func(uint64, int) RegressorTrainer { return SVM{Type: EpsSVR} },
			load:      func(r io.Reader) (any, error) { return LoadSVMRegressor(r) }},
		{name: "svm-nu-svr", types: []string{"SVM"},
			regressor: func(uint64, int) RegressorTrainer { return SVM{Type: NuSVR, Kernel: Linear()} },
			load:      func(r io.Reader) (any, error) { return LoadSVMRegressor(r) }},
		{name: "linreg", types: []string{"LinearRegression"},
			regressor: func(uint64, int) RegressorTrainer { return LinearRegression{Solver: SolverSVD} },
			load:      func(r io.Reader) (any, error) { return LoadLinear(r) }},
		{name: "linreg-qr-poly", types: []string{"LinearRegression"},
			regressor: func(uint64, int) RegressorTrainer {
				return LinearRegression{Basis: Basis{Kind: BasisPoly, Degree: 2}}
			},
			load: func(r io.Reader) (any, error) { return LoadLinear(r) }},
		{name: "pipeline-knn", types: []string{"Pipeline"},
			classifier: func(uint64, int) ClassifierTrainer {
				return Pipeline{Steps: []TransformerTrainer{StandardScaler{}}, Learner: KNN{K: 3}}
			},
			load: func(r io.Reader) (any, error) { return Load(r) }},
		{name: "pipeline-ridge", types: []string{"Pipeline"},
			regressor: func(uint64, int) RegressorTrainer {
				return Pipeline{Steps: []TransformerTrainer{MinMaxScaler{}}, Learner: Ridge{Lambda: 0.5}}
			},
			load: func(r io.Reader) (any, error) { return Load(r) }},
		{name: "ridge", types: []string{"Ridge"},
			regressor: func(uint64, int) RegressorTrainer { return Ridge{Lambda: 0.5} },
			load:      func(r io.Reader) (any, error) { return LoadRidge(r) }},
		{name: "pipeline-scaled-logreg", types: []string{"Pipeline"},
			classifier: func(uint64, int) ClassifierTrainer {
				return Pipeline{Steps: []TransformerTrainer{StandardScaler{}}, Learner: LogisticRegression{Lambda: 1}}
			},
			load: Load},
		{name: "pipeline-minmax-ridge", types: []string{"Pipeline"},
			regressor: func(uint64, int) RegressorTrainer {
				return Pipeline{Steps: []TransformerTrainer{MinMaxScaler{}}, Learner: Ridge{Lambda: 0.5}}
			},
			load: Load},
		{name: "vandermonde", types: []string{"VandermondeFit"}, oneFeature: true,
			regressor: func(uint64, int) RegressorTrainer { return VandermondeFit(3) }},
	}
}

// contractData returns n samples of d features in three clusters and their
// labels, which are not 0…k−1 (−3, 7, 1000, as scikit-learn's checks use
// labels that are not indices), and real targets of a smooth function.
func contractData(n, d int) (*matrix.Dense, []int, []float64) {
	labels := []int{-3, 7, 1000}
	x := matrix.New(n, d)
	y := make([]int, n)
	t := make([]float64, n)
	for i := range n {
		c := i % 3
		y[i] = labels[c]
		r := x.Row(i)
		s := 0.0
		for j := range r {
			// a deterministic spread around the centre of the class
			r[j] = 3*float64(c) - 3 + 0.8*float64((i*7+j*13)%11-5)/5
			if j%2 == 1 {
				r[j] = -r[j] + 0.3*float64(j)
			}
			s += float64(j+1) * r[j]
		}
		t[i] = 0.5*s + float64(c) + 0.1*float64(i%5)
	}
	return x, y, t
}

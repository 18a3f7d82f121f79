package learn_test

// The programs of docs/using-go.md, "Using mlnotes from Go", each as a
// runnable example: the page shows the same code.

import (
	"bytes"
	"fmt"
	"os"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// Classify a CSV file whose label column holds words: standardize the
// features, fit a Gaussian-kernel SVM, and predict class names for new
// flowers.
func Example_classifyCSV() {
	tab, err := matrix.ReadLabeledCSVFile("testdata/models/iris_words.csv", "species")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := learn.Pipeline{
		Steps:   []learn.TransformerTrainer{learn.StandardScaler{}},
		Learner: learn.SVM{Kernel: learn.Kernel{Type: learn.GaussianKernel, Gamma: 0.25}, C: 1},
	}
	m, err := p.FitNames(tab.Data, tab.Labels)
	if err != nil {
		fmt.Println(err)
		return
	}
	fitted, _ := m.PredictNames(tab.Data)
	right := 0
	for i, name := range fitted {
		if name == tab.Labels[i] {
			right++
		}
	}
	fmt.Printf("%d flowers, features %v\nclasses %v\n", len(tab.Labels), tab.Names, m.Names)
	fmt.Printf("training accuracy %.4f\n", float64(right)/float64(len(fitted)))

	flowers, _ := matrix.NewFromRows([][]float64{{5.0, 3.4, 1.5, 0.2}, {6.0, 2.8, 4.4, 1.3}, {7.2, 3.1, 6.0, 2.2}})
	names, err := m.PredictNames(flowers)
	fmt.Println(names, err)
	// Output:
	// 150 flowers, features [sepal_length sepal_width petal_length petal_width]
	// classes [setosa versicolor virginica]
	// training accuracy 0.9733
	// [setosa versicolor virginica] <nil>
}

// Regress: standardize the ten diabetes features, fit ridge regression,
// and estimate its error on unseen patients by 5-fold cross-validation.
func Example_regress() {
	tab, err := matrix.ReadCSVFile("../testdata/diabetes.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	target, err := tab.Column("progression")
	if err != nil {
		fmt.Println(err)
		return
	}
	x, y, _, _ := tab.Split(target)
	p := learn.Pipeline{Steps: []learn.TransformerTrainer{learn.StandardScaler{}}, Learner: learn.Ridge{Lambda: 1}}
	m, err := p.FitRegression(x, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	pred, _ := m.Predict(x)
	mse := 0.0
	for i, v := range pred {
		mse += (v - y[i]) * (v - y[i]) / float64(len(y))
	}
	rho, _ := learn.KFold(len(y), 5, 1)
	cv, err := learn.CrossValidateRegressor(p, x, y, rho)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("training MSE %.1f, cross-validated MSE %.1f\n", mse, cv.ECV)
	fmt.Printf("first patient: predicted %.1f, observed %.0f\n", pred[0], y[0])
	// Output:
	// training MSE 2860.7, cross-validated MSE 2950.5
	// first patient: predicted 205.5, observed 151
}

// Cross-validate a pipeline on word labels: the label encoder numbers the
// species, and each of the ten folds refits the scaler and the PCA on its
// training part only.
func Example_crossValidatePipeline() {
	tab, err := matrix.ReadLabeledCSVFile("testdata/models/iris_words.csv", "species")
	if err != nil {
		fmt.Println(err)
		return
	}
	enc, _ := learn.LabelEncoder{}.Fit(tab.Labels)
	y, _ := enc.Encode(tab.Labels)
	p := learn.Pipeline{
		Steps:   []learn.TransformerTrainer{learn.StandardScaler{}, learn.PCA{Components: 2}},
		Learner: learn.LogisticRegression{Lambda: 0.1},
	}
	rho, _ := learn.StratifiedKFold(y, 10, 1)
	cv, err := learn.CrossValidateClassifier(p, tab.Data, y, rho)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("accuracy %.4f ± %.4f over %d folds, error rate e_cv %.4f\n", cv.Mean, cv.Std, len(cv.FoldScores), cv.ECV)
	// Output: accuracy 0.9200 ± 0.0526 over 10 folds, error rate e_cv 0.0800
}

// Save a fitted pipeline and load it back: the loaded model predicts the
// same names (and the same bits).
func Example_saveAndLoad() {
	tab, err := matrix.ReadLabeledCSVFile("testdata/models/iris_words.csv", "species")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := learn.Pipeline{Steps: []learn.TransformerTrainer{learn.MinMaxScaler{}}, Learner: learn.KNN{K: 5}}
	m, err := p.FitNames(tab.Data, tab.Labels)
	if err != nil {
		fmt.Println(err)
		return
	}
	m.Features = tab.Names
	var file bytes.Buffer // or an *os.File
	if err := m.Save(&file); err != nil {
		fmt.Println(err)
		return
	}
	loaded, err := learn.Load(&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	back := loaded.(*learn.PipelineClassifierModel)
	before, _ := m.PredictNames(tab.Data)
	after, _ := back.PredictNames(tab.Data)
	same := len(before) == len(after)
	for i := range before {
		same = same && before[i] == after[i]
	}
	fmt.Printf("%T, features %v, same %d predictions: %v\n", loaded, back.Features, len(after), same)
	// Output: *learn.PipelineClassifierModel, features [sepal_length sepal_width petal_length petal_width], same 150 predictions: true
}

// Use a model saved by the command line,
//
//	demo svm -type c -kernel rbf -gamma 0.25 -scale standard -save svm_rbf_standard.json testdata/iris.csv
//
// Load returns a pipeline (its standardization, then the SVM) that takes
// raw rows; iris.csv's labels are integers, so Names is nil and Predict
// gives the file's labels 0, 1, 2.
func Example_cliModel() {
	f, err := os.Open("testdata/models/svm_rbf_standard.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	loaded, err := learn.Load(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	m := loaded.(*learn.PipelineClassifierModel)
	fmt.Printf("steps [%T], model %T\n", m.Steps[0], m.Model)
	fmt.Println("features", m.Features, "classes", m.Classes)
	flowers, _ := matrix.NewFromRows([][]float64{{5.0, 3.4, 1.5, 0.2}, {6.0, 2.8, 4.4, 1.3}, {7.2, 3.1, 6.0, 2.2}})
	labels, err := m.Predict(flowers)
	fmt.Println(labels, err)
	// Output:
	// steps [*learn.ScalerModel], model *learn.SVMClassifierModel
	// features [sepal_length sepal_width petal_length petal_width] classes [0 1 2]
	// [0 1 2] <nil>
}

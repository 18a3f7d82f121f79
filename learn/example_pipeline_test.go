package learn_test

import (
	"encoding/csv"
	"fmt"
	"os"
	"strconv"

	"mlnotes/learn"
	"mlnotes/matrix"
)

func ExampleStandardScaler() {
	// Heights in metres and weights in grams: standardized, both columns
	// have mean 0 and standard deviation 1 (divisor n); the constant third
	// column is centred and left unscaled.
	x, _ := matrix.NewFromRows([][]float64{{1.6, 60000, 3}, {1.7, 70000, 3}, {1.8, 80000, 3}})
	s, _ := learn.StandardScaler{}.Fit(x)
	z, _ := s.Transform(x)
	fmt.Printf("center %.4g, scale %.4g\n", s.Center, s.Scale)
	fmt.Printf("first row %.4f\n", z.Row(0))
	// Output:
	// center [1.7 7e+04 3], scale [0.08165 8165 1]
	// first row [-1.2247 -1.2247 0.0000]
}

func ExampleLabelEncoder() {
	enc, _ := learn.LabelEncoder{}.Fit([]string{"virginica", "setosa", "versicolor", "setosa"})
	y, _ := enc.Encode([]string{"setosa", "virginica"})
	back, _ := enc.Decode([]int{1})
	_, err := enc.Encode([]string{"rosa"})
	fmt.Println(enc.Names, y, back)
	fmt.Println(err)
	// Output:
	// [setosa versicolor virginica] [0 2] [versicolor]
	// learn: label encoder: invalid parameter: label "rosa" (item 0) is not a known class ("setosa", "versicolor", "virginica")
}

// readIris reads ../testdata/iris.csv: four features and the species.
func readIris() (*matrix.Dense, []int) {
	f, _ := os.Open("../testdata/iris.csv")
	defer f.Close()
	recs, _ := csv.NewReader(f).ReadAll()
	x := matrix.New(len(recs)-1, 4)
	y := make([]int, len(recs)-1)
	for i, rec := range recs[1:] {
		for j := range 4 {
			x.Row(i)[j], _ = strconv.ParseFloat(rec[j], 64)
		}
		y[i], _ = strconv.Atoi(rec[4])
	}
	return x, y
}

func ExamplePipeline() {
	// Standardize, project on two principal components, then k-NN: five-fold
	// cross-validation refits the scaler and the PCA inside every training
	// part, so the rows of a part never shape the preprocessing that scores
	// them (scikit-learn's cross_val_score of the same Pipeline gives the
	// same five accuracies on the same folds).
	x, y := readIris()
	p := learn.Pipeline{
		Steps:   []learn.TransformerTrainer{learn.StandardScaler{}, learn.PCA{Components: 2}},
		Learner: learn.KNN{K: 5},
	}
	rho, _ := learn.StratifiedKFold(y, 5, 1)
	cv, err := learn.CrossValidateClassifier(p, x, y, rho)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("fold accuracies %.4f, mean %.4f\n", cv.FoldScores, cv.Mean)
	// Output: fold accuracies [0.9333 0.9667 0.8333 0.9000 0.8667], mean 0.9000
}

func ExampleLoad() {
	// A model saved by the command line,
	//	demo logreg -lambda 0.1 -scale standard -save logreg_words_standard.json iris_words.csv
	// loads as a pipeline (its scaling, then the model) that predicts the
	// class names of the training file from raw rows.
	f, err := os.Open("testdata/models/logreg_words_standard.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	m, err := learn.Load(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := m.(*learn.PipelineClassifierModel)
	x, _ := matrix.NewFromRows([][]float64{{5.1, 3.5, 1.4, 0.2}, {6.4, 3.2, 4.5, 1.5}, {6.3, 3.3, 6.0, 2.5}})
	names, _ := p.PredictNames(x)
	fmt.Println(p.Features)
	fmt.Println(names)
	// Output:
	// [sepal_length sepal_width petal_length petal_width]
	// [setosa versicolor virginica]
}

func ExamplePipeline_FitNames() {
	// Word labels: the pipeline numbers the sorted names 0..K−1 for the
	// learner and predicts names; saved, it keeps them.
	x, _ := matrix.NewFromRows([][]float64{{1, 200}, {2, 180}, {8, 20}, {9, 40}, {5, 600}, {6, 640}})
	names := []string{"owl", "owl", "cat", "cat", "emu", "emu"}
	p := learn.Pipeline{Steps: []learn.TransformerTrainer{learn.StandardScaler{}}, Learner: learn.KNN{K: 1}}
	m, err := p.FitNames(x, names)
	if err != nil {
		fmt.Println(err)
		return
	}
	q, _ := matrix.NewFromRows([][]float64{{1.5, 210}, {8.5, 30}, {5.5, 610}})
	got, _ := m.PredictNames(q)
	labels, _ := m.Predict(q)
	fmt.Println(m.Names, got, labels)
	// Output: [cat emu owl] [owl cat emu] [2 0 1]
}

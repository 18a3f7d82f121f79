package main

import "strconv"

// state is a page state to measure and the control a redraw changes:
// value(i) is the control's i-th value, none seen before on that page (so
// that no fit the module keeps is reused), except on eigen.html, whose
// method has two values only (from the third redraw on, both fits are
// kept and a redraw only draws).
type state struct {
	name    string // as printed
	page    string // the page and its query
	control string
	value   func(i int) string
}

func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

var states = []state{
	{"svm (200 moons, rbf)", "svm.html", "C", func(i int) string { return num(10 + float64(i+1)/8) }},
	{"eigen (Jacobi 6×6)", "eigen.html", "method", alternate("qr", "jacobi")},
	{"eigen (Jacobi 12×12)", "eigen.html?data=random12", "method", alternate("qr", "jacobi")},
	{"pca (1797 digits, k = 2)", "pca.html", "k", func(i int) string { return strconv.Itoa(3 + i) }},
	{"generative (EM, 200 points, k = 4)", "generative.html", "seed", func(i int) string { return strconv.Itoa(2 + i) }},
	{"nn (200 xor points, 100 epochs)", "nn.html", "lr", func(i int) string { return num(0.05 + float64(i+1)/1000) }},
	{"fisher (blobs)", "fisher.html", "ridge", func(i int) string { return num(float64(i+1) / 100) }},
	{"linear (poly, degree 9)", "linear.html", "lambda", func(i int) string { return num(float64(i+2) / 1000) }},
	{"logistic (moons, 60 iterations)", "logistic.html", "lambda", func(i int) string { return num(1 + float64(i+1)/10) }},
	{"ensemble (AdaBoost, 30 rounds)", "ensemble.html", "rounds", func(i int) string { return strconv.Itoa(31 + i) }},
	{"assess (bootstrap, B = 50, tree)", "assess.html", "B", func(i int) string { return strconv.Itoa(51 + i) }},
}

func alternate(a, b string) func(int) string {
	return func(i int) string {
		if i%2 == 0 {
			return a
		}
		return b
	}
}

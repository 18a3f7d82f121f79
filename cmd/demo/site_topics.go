package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"mlnotes/cmd/demo/internal/toydata"
	"mlnotes/matrix"
)

// siteTopic is one page of the site (docs/live.md, "How to add a topic"):
// its file under site/topics/ and the livewasm topic of the same name.
type siteTopic struct {
	Name  string // page name: site/topics/NAME.html, NAME.html in the site, livewasm topic NAME
	Title string
	Notes string // where the notes treat it
	Steps bool   // the page has the step-through controls
	Done  bool   // the page exists; the index lists the others as to come
	// Checks are the states .ci/browser loads besides the default one:
	// "ready QUERY" must draw, "error QUERY" must show one message.
	Checks []string
}

// siteTopics are the topics of docs/index.md in its order.
var siteTopics = []siteTopic{
	{Name: "eigen", Title: "Symmetric eigenproblems", Notes: `002 "Rayleigh quotient"; the eigenvalue problem S u = λu of every PCA note`, Steps: true, Done: true,
		Checks: []string{"ready data=hilbert6&method=qr", "ready data=random12&step=30", "ready data=random6&step=7",
			"error data=nosuch", "error step=0", "error step=100000", "error method=power"}},
	{Name: "pca", Title: "PCA and its relatives", Notes: `000 "Dimensionality reduction", "PCA Procedure"; 001 "Principal Component Analysis"; 003 "P.C.A. Algorithm"`, Done: true,
		Checks: []string{"ready k=10", "ready k=30&method=svd", "error k=0", "error k=65", "error data=mnist", "error step=3"}},
	{Name: "fisher", Title: "Fisher's discriminant", Notes: `004 "Fisher Linear Discriminant"`, Done: true,
		Checks: []string{"ready data=moons", "ready data=iris", "ready data=xor&ridge=10", "ready data=moons&add=0.5:0.25:1,1.6:0.9:0&move=2:0:0",
			"error data=iris&add=5:1.5:1", "error add=0.5:0.25:1,x", "error ridge=-1", "error data=nosuch", "error step=2", "error data=iris&ridge=x"}},
	{Name: "linear", Title: "Linear models and feature selection", Notes: `001 "Linear models"; 002; 004 "Ridge Regression"`, Done: true,
		Checks: []string{"ready basis=gauss&centers=12&lambda=0.01", "ready degree=3&lambda=1e-9&score=mi", "ready basis=none&lambda=0",
			"error degree=0", "error basis=gauss&degree=3", "error lambda=-1", "error score=chi2", "error step=2"}},
	{Name: "logistic", Title: "Logistic regression", Notes: `004 "Logistic Regression"`, Steps: true, Done: true,
		Checks: []string{"ready data=xor&lambda=0.1", "ready lr=0.02&adam-lr=0.1&step=25", "ready momentum=0&step=3", "ready data=blobs&lr=0.02&iters=200", "ready data=blobs&lambda=10&lr=10&iters=200",
			"ready data=xor&add=0.5:0.5:1,0.2:0.9:0&move=4:0.5:0.6&step=10", "ready add=0.5:0.25:1&lambda=0.1",
			"error add=9:9:1", "error add=0.5:0.25:2", "error lambda=-1", "error step=61", "error momentum=1", "error adam-lr=0", "error kappa=10", "error data=iris"}},
	{Name: "generative", Title: "The generative methods", Notes: `004 "Mixture density Estimate and EM algorithm"`, Steps: true, Done: true,
		Checks: []string{"ready data=blobs&k=2&cov=diag", "ready data=moons&k=6&step=5", "ready k=4&seed=7&step=2",
			"ready add=0.2:0.2:0,0.3:0.1:1&move=5:0.5:0.5&k=3", "ready data=moons&add=0.5:0.25:0&step=3",
			"ready method=bayes", "ready method=bayes&density=kde&priors=0.2,0.8&loss=0:1:4:0", "ready method=bayes&data=moons&density=shared&priors=equal&add=0.5:0.25:1",
			"ready method=bayes&data=blobs3", "ready method=bayes&data=blobs3&priors=0.2,0.3,0.5&loss=0:1:10:1:0:1:1:1:0&add=1:1:2&move=0:0.5:0.5",
			"ready method=bayes&data=blobs3&density=kde&priors=equal&loss=0:2:2:1:0:1:1:1:0", "ready data=blobs3&k=3",
			"error method=bayes&data=blobs3&loss=0:1:1:0", "error method=bayes&data=blobs3&priors=0.5,0.5", "error method=bayes&data=blobs3&add=1:1:3",
			"error add=9:9:0", "error move=0:x:1", "error method=bayes&priors=0.2,0.2", "error method=bayes&loss=0:1:1", "error method=bayes&loss=0:-1:1:0",
			"error method=bayes&k=3", "error method=em&density=kde", "error k=0", "error cov=tied", "error step=100000", "error data=iris"}},
	{Name: "nn", Title: "Neural networks and autoencoders", Notes: `004 "Multilayer feed-forward Network", "Backpropagation Algorithm"`, Steps: true, Done: true,
		Checks: []string{"ready data=moons&hidden=16&activation=relu&epochs=200", "ready optimizer=momentum&lr=0.1&step=20", "ready step=5",
			"ready add=0.1:0.1:1,0.2:-0.1:1&move=3:0:0&step=20", "ready data=moons&add=0.5:0.25:0,0.4:0.3:0&hidden=4",
			"error add=1e9:0:0", "error add=0.1:0.1", "error hidden=0", "error activation=softsign", "error step=101", "error lr=-1"}},
	{Name: "svm", Title: "Support vector machines", Notes: `004 "Support Vector Machines(SVM)", "Using Slack Variable", "Kernel function", "SMO Algorithm"`, Steps: true, Done: true,
		Checks: []string{"ready kernel=linear&C=1&data=blobs", "ready kernel=poly&degree=2&data=xor&step=25", "ready kernel=rbf&C=10&gamma=0.5&data=moons&step=40",
			"ready add=0.5:0.25:0,1.6:0.9:1&move=0:0.1:0.2&C=1", "ready data=xor&add=0.5:0.25:0&step=10",
			"error add=9:9:1", "error add=0.5:0.25:7", "error move=500:0:0", "error move=1:0:0,1:0.1:0", "error C=-1", "error data=spirals", "error step=100000", "error kernel=linear&gamma=2", "error colour=red"}},
	{Name: "assess", Title: "Assessment", Notes: `004 "Model assessment" (bootstrap, cross-validation)`, Steps: true, Done: true,
		Checks: []string{"ready step=1", "ready learner=knn&neighbours=3&B=30&step=12&data=xor", "ready method=cv&k=10&learner=knn", "ready method=holdout&frac=0.3&data=blobs",
			"ready method=biasvar&n=30&noise=0.2",
			"ready add=0.5:0.25:1,1.5:0.9:0&move=3:0:0&step=7", "ready method=cv&data=xor&add=0.5:0.5:0&k=4", "ready method=holdout&add=0.2:0.2:1&move=0:1:0.5&learner=knn",
			"error add=0.5:0.25:5", "error move=0:99:0", "error method=biasvar&add=0.5:0.5:0", "error B=1", "error step=51", "error method=cv&B=20", "error method=biasvar&data=moons", "error learner=svm"}},
	{Name: "ensemble", Title: "Ensembles", Notes: `004 "Boosting" (AdaBoost)`, Steps: true, Done: true,
		Checks: []string{"ready data=xor&rounds=60", "ready step=6", "ready data=blobs&rounds=10&step=3", "ready add=0.5:0.25:1,1.5:0.9:0&move=7:0:0&step=12",
			"error add=0.5:0.25:2", "error rounds=0", "error step=31", "error data=circles", "error base=tree"}},
}

// siteData are the data sets the site ships in data/ (the CSV files the
// pages' command lines read), generated by the functions the tour uses.
var siteData = []struct {
	name string
	gen  func() (*matrix.Dense, []int)
}{
	{"moons", func() (*matrix.Dense, []int) { return toydata.Moons(100, 0.15, 1) }}, // the tour's SVM moons
	{"xor", func() (*matrix.Dense, []int) { return toydata.XOR(50, 0.2, 1) }},
	{"blobs", func() (*matrix.Dense, []int) { return toydata.Blobs(100, 3, 1) }},
	{"blobs3", toydata.ThreeClasses}, // the tour's three classes of the Bayes classifier
}

// siteMatrices are the matrices the site ships in data/ without a header:
// the symmetric matrices read by demo eig, and the regression data.
var siteMatrices = []struct {
	name string
	gen  func() *matrix.Dense
}{
	{"random6", func() *matrix.Dense { return toydata.RandomSymmetric(6, 1) }},
	{"random12", func() *matrix.Dense { return toydata.RandomSymmetric(12, 2) }},
	{"hilbert6", func() *matrix.Dense { return toydata.Hilbert(6) }},
	// The tour's noisy sine (x, y), read by demo ridge: 15 training and
	// 500 test points.
	{"sine", func() *matrix.Dense { return toydata.Table(toydata.NoisySine(15, 0.25, 1)) }},
	{"sine-test", func() *matrix.Dense { return toydata.Table(toydata.NoisySine(500, 0.25, 2)) }},
}

// siteRepoData are data sets of the repository's testdata/ that the site
// ships as they are (the tour reads the same files).
var siteRepoData = []string{"digits", "iris", "diabetes"}

// siteDataNames lists every data set of the site (data/NAME.csv).
func siteDataNames() []string {
	var out []string
	for _, d := range siteData {
		out = append(out, d.name)
	}
	for _, d := range siteMatrices {
		out = append(out, d.name)
	}
	return append(out, siteRepoData...)
}

// writeSiteData writes the data set name as CSV; root is the module root
// (for siteRepoData).
func writeSiteData(root, name string, w io.Writer) error {
	if slices.Contains(siteRepoData, name) {
		b, err := os.ReadFile(filepath.Join(root, "testdata", name+".csv"))
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	}
	for _, d := range siteData {
		if d.name == name {
			x, y := d.gen()
			return toydata.WriteCSV(w, x, y)
		}
	}
	for _, d := range siteMatrices {
		if d.name == name {
			return matrix.WriteCSV(w, d.gen(), nil)
		}
	}
	return fmt.Errorf("no data set %q", name)
}

// writeChecks writes checks.txt, the list of states .ci/browser loads:
// "WANT PAGE?QUERY" per line, every page's default state first.
func writeChecks(w io.Writer) error {
	if _, err := fmt.Fprintln(w, "ready index.html"); err != nil {
		return err
	}
	for _, t := range siteTopics {
		if !t.Done {
			continue
		}
		if _, err := fmt.Fprintf(w, "ready %s.html\n", t.Name); err != nil {
			return err
		}
		for _, c := range t.Checks {
			want, q, _ := strings.Cut(c, " ")
			if _, err := fmt.Fprintf(w, "%s %s.html?%s\n", want, t.Name, q); err != nil {
				return err
			}
		}
	}
	return nil
}

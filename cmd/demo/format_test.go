package main

import (
	"path/filepath"
	"testing"
)

// TestFormatFlagEveryPath: -format says how a data file is read whatever
// its name, on every path that reads one: training, -test, -load -test,
// predict, the meta commands (cv, boost3's -test), and mlp's choice of task
// from the labels. A CSV file named .svm is read as CSV with -format csv,
// a LIBSVM file named .txt or .csv as LIBSVM with -format libsvm; the
// answers are those of the same data under their natural names.
func TestFormatFlagEveryPath(t *testing.T) {
	const table = "a,b,y\n1,2,0\n2,1,1\n3,3,0\n4,1,1\n0,0,0\n5,5,1\n1,3,0\n6,2,1\n"
	const sparse = "0 1:1 2:2\n1 1:2 2:1\n0 1:3 2:3\n1 1:4 2:1\n0 2:0\n1 1:5 2:5\n0 1:1 2:3\n1 1:6 2:2\n"
	csvAsSVM := writeCSV(t, "table.svm", table)      // CSV content, LIBSVM name
	csvPlain := writeCSV(t, "table.csv", table)      // CSV content, CSV name
	svmAsCSV := writeCSV(t, "sparse.csv", sparse)    // LIBSVM content, CSV name
	svmAsTxt := writeCSV(t, "sparse.txt", sparse)    // LIBSVM content, no telling name
	svmPlain := writeCSV(t, "sparse.libsvm", sparse) // LIBSVM content, LIBSVM name
	dir := t.TempDir()
	mCSV, mSVM := filepath.Join(dir, "c.json"), filepath.Join(dir, "s.json")
	want, _ := mustRun(t, "knn", "-k", "1", "-json", "-save", mCSV, "-test", csvPlain, csvPlain)
	wantS, _ := mustRun(t, "knn", "-k", "1", "-json", "-save", mSVM, "-test", svmPlain, svmPlain)
	if want != wantS {
		t.Fatalf("the same data as CSV and LIBSVM: %s and %s", want, wantS)
	}
	same := func(args []string, ref string) {
		t.Helper()
		got, _ := mustRun(t, args...)
		if got != ref {
			t.Errorf("demo %v:\n%s\nwant\n%s", args, got, ref)
		}
	}
	// Training and -test.
	same([]string{"knn", "-k", "1", "-json", "-format", "csv", "-test", csvAsSVM, csvAsSVM}, want)
	same([]string{"knn", "-k", "1", "-json", "-format", "libsvm", "-test", svmAsCSV, svmAsTxt}, want)
	// -load -test, with either model.
	testOf := func(m string) string {
		out, _ := mustRun(t, "knn", "-load", m, "-json", "-test", csvPlain)
		return out
	}
	for _, m := range []string{mCSV, mSVM} {
		ref := testOf(m)
		same([]string{"knn", "-load", m, "-json", "-format", "csv", "-test", csvAsSVM}, ref)
		same([]string{"knn", "-load", m, "-json", "-format", "libsvm", "-test", svmAsCSV}, ref)
		// predict.
		pref, _ := mustRun(t, "predict", "-model", m, "-json", csvPlain)
		same([]string{"predict", "-model", m, "-json", "-format", "csv", csvAsSVM}, pref)
		same([]string{"predict", "-model", m, "-json", "-format", "libsvm", svmAsCSV}, pref)
		same([]string{"predict", "-model", m, "-json", "-format", "libsvm", svmAsTxt}, pref)
	}
	// The meta commands.
	cv, _ := mustRun(t, "cv", "-k", "2", "-quiet", "-json", "knn", "-k", "1", csvPlain)
	same([]string{"cv", "-k", "2", "-quiet", "-json", "-format", "csv", "knn", "-k", "1", csvAsSVM}, cv)
	same([]string{"cv", "-k", "2", "-quiet", "-json", "-format", "libsvm", "knn", "-k", "1", svmAsCSV}, cv)
	b3, _ := mustRun(t, "boost3", "-n1", "3", "-json", "-test", csvPlain, "tree", csvPlain)
	same([]string{"boost3", "-n1", "3", "-json", "-format", "libsvm", "-test", svmAsCSV, "tree", svmAsTxt}, b3)
	// mlp decides classification from the labels of the file as read.
	mlp, _ := mustRun(t, "mlp", "-hidden", "2", "-epochs", "3", "-quiet", "-json", csvPlain)
	same([]string{"mlp", "-hidden", "2", "-epochs", "3", "-quiet", "-json", "-format", "libsvm", svmAsCSV}, mlp)
	same([]string{"mlp", "-hidden", "2", "-epochs", "3", "-quiet", "-json", "-format", "csv", csvAsSVM}, mlp)
	// Read in the wrong format, each file is an error naming it.
	mustFail(t, 1, []string{"knn", "-k", "1", "-format", "libsvm", csvPlain}, "table.csv")
	mustFail(t, 1, []string{"predict", "-model", mCSV, "-format", "csv", svmPlain}, "sparse.libsvm")
	mustFail(t, 1, []string{"knn", "-load", mCSV, "-format", "libsvm", "-test", csvAsSVM}, "table.svm")
	mustFail(t, 2, []string{"predict", "-model", mCSV, "-format", "arff", csvPlain}, "-format")
	mustFail(t, 2, []string{"cv", "-format", "arff", "knn", csvPlain}, "-format")
}

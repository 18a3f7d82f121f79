package main

import (
	"strings"
	"testing"
)

// animals is a small file whose label column holds words, not last.
const animals = "w,animal,h\n1,bird,0.2\n1.2,bird,0.1\n0.9,bird,0.3\n3,cat,2\n3.2,cat,2.2\n2.9,cat,1.9\n6,dog,4\n6.1,dog,4.3\n5.8,dog,3.9\n"

// TestWordLabelsUnsupervised: pca, gmm, kpca, gauss, autoencoder and
// select -score mi read a word label column named by -target, leave it out
// of the features, and give what they give on the same file with the
// label column deleted (or, for select, numbered as classes).
func TestWordLabelsUnsupervised(t *testing.T) {
	words := writeCSV(t, "animals.csv", animals)
	var plain, coded strings.Builder
	for i, line := range strings.Split(strings.TrimSpace(animals), "\n") {
		c := strings.Split(line, ",")
		plain.WriteString(c[0] + "," + c[2] + "\n")
		if i == 0 {
			coded.WriteString(line + "\n")
			continue
		}
		code := map[string]string{"bird": "0", "cat": "1", "dog": "2"}[c[1]]
		coded.WriteString(c[0] + "," + code + "," + c[2] + "\n")
	}
	features := writeCSV(t, "features.csv", plain.String())
	numbered := writeCSV(t, "numbered.csv", coded.String())
	for _, args := range [][]string{
		{"pca", "-json", "-k", "1"},
		{"gmm", "-json", "-k", "2", "-seed", "1"},
		{"kpca", "-json", "-kernel", "rbf", "-sigma2", "2", "-k", "1"},
		{"gauss", "-json"},
		{"autoencoder", "-json", "-hidden", "1", "-epochs", "3", "-quiet"},
	} {
		got := first(mustRun(t, append(args, "-target", "animal", words)...))
		want := first(mustRun(t, append(args, features)...))
		if got != want {
			t.Errorf("%v -target animal:\n%s\nwithout the column:\n%s", args, got, want)
		}
	}
	got := first(mustRun(t, "select", "-json", "-score", "mi", "-target", "animal", words))
	want := first(mustRun(t, "select", "-json", "-score", "mi", "-target", "animal", numbered))
	if got != want {
		t.Errorf("select -score mi on words:\n%s\non class numbers:\n%s", got, want)
	}
	mustFail(t, 1, []string{"select", "-score", "pearson", "-target", "animal", words}, "words", "-score mi")
	mustFail(t, 1, []string{"select", "-score", "mi", "-bins", "2", "-target", "animal", words}, "3 classes", "-bins")
}

// TestClassNamesOnce: lda and a multi-class svm print the class names once
// in text (classes, as names), and JSON keeps both fields.
func TestClassNamesOnce(t *testing.T) {
	words := writeCSV(t, "animals.csv", animals)
	for _, cmd := range []string{"lda", "svm"} {
		text := first(mustRun(t, cmd, "-target", "animal", words))
		if strings.Count(text, "bird") != 1 || strings.Contains(text, "labels:") || strings.Contains(text, "[0 1 2]") {
			t.Errorf("%s:\n%s", cmd, text)
		}
		obj := jsonOf(t, first(mustRun(t, cmd, "-json", "-target", "animal", words)))
		cl, lb := as[[]any](t, obj["classes"]), as[[]any](t, obj["labels"])
		if len(cl) != 3 || cl[0] != "bird" || len(lb) != 3 || lb[2] != "dog" {
			t.Errorf("%s -json: classes %v, labels %v", cmd, cl, lb)
		}
	}
}

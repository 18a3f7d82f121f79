package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// The two rules of checkLibSVMDense on parsed files: a dense form beyond
// the memory limit is matrix.ErrTooLarge; below it, one out of proportion
// to the file's non-zeros is errTooSparse while MLNOTES_MEMORY_LIMIT is
// unset, and allowed once the variable says how much memory may be used.
func TestCheckLibSVMDense(t *testing.T) {
	defer matrix.SetMemoryLimit(0)
	parse := func(s string) *libsvmData {
		d, err := parseLibSVM([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	tiny := parse("1 67108864:1\n0 1:1\n") // 2×2²⁶, 2 non-zeros
	tree := peakOf("tree", "")
	dense := parse(strings.Repeat("1 1:1 2:2 3:3\n", 100))
	cases := []struct {
		env  string
		data *libsvmData
		d    int
		p    densePeak
		want error
	}{
		{"", tiny, tiny.d, tree, errTooSparse},
		{"", tiny, tiny.d, peakOf("cv", "svm"), errTooSparse},
		{"", tiny, tiny.d, peakOf("mlp", ""), errTooSparse}, // 1000 vectors of 2²⁶: 537 GB
		{"1GB", tiny, tiny.d, tree, matrix.ErrTooLarge},
		{"", dense, 3, tree, nil},
		{"", dense, 1 << 20, peakOf("predict", ""), errTooSparse}, // 100 rows for a model of 2²⁰ features
		{"64GiB", tiny, tiny.d, tree, nil},
		{"64GiB", dense, 1 << 20, peakOf("predict", ""), nil},
	}
	for _, c := range cases {
		t.Setenv(memoryLimitEnv, c.env)
		if err := applyMemoryLimit(); err != nil {
			t.Fatal(err)
		}
		if c.env == "" {
			matrix.SetMemoryLimit(64 << 30) // the same on every machine
		}
		err := checkLibSVMDense(c.data, c.d, "width", c.p)
		if c.want == nil && err != nil || c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s on %d×%d, %s=%q: %v, want %v", c.p.name, len(c.data.labels), c.d, memoryLimitEnv, c.env, err, c.want)
		}
	}
	// The size the message suggests is enough.
	t.Setenv(memoryLimitEnv, "")
	matrix.SetMemoryLimit(64 << 30)
	mid := parse("1 1:1\n0 20000000:1\n") // 2×2·10⁷: about 2.24 GB for tree
	err := checkLibSVMDense(mid, mid.d, "width", tree)
	_, suggested, ok := strings.Cut(fmt.Sprint(err), "to at least ")
	suggested, _, _ = strings.Cut(suggested, " here")
	if !errors.Is(err, errTooSparse) || !ok {
		t.Fatalf("2×20000000 for tree: %v", err)
	}
	t.Setenv(memoryLimitEnv, suggested)
	if err := applyMemoryLimit(); err != nil {
		t.Fatal(err)
	}
	if err := checkLibSVMDense(mid, mid.d, "width", tree); err != nil {
		t.Errorf("with %s=%q: %v", memoryLimitEnv, suggested, err)
	}
	// The estimate grows with the learner a command assesses.
	if a, b := peakOf("cv", "tree").bytes(10, 10, 2), peakOf("tree", "").bytes(10, 10, 2); a <= b {
		t.Errorf("cv tree %d bytes, tree %d", a, b)
	}
	// and with the classes of a learner that keeps a vector per class.
	if a, b := peakOf("cv", "logreg").bytes(10, 10, 10), peakOf("cv", "logreg").bytes(10, 10, 2); a <= b {
		t.Errorf("cv logreg: %d bytes for 10 classes, %d for 2", a, b)
	}
}

// predict and -test refuse a LIBSVM file whose rows, at the model's width,
// would be a dense matrix out of proportion to the file, before building it.
func TestLibSVMPredictBoundedBeforeDense(t *testing.T) {
	t.Setenv(memoryLimitEnv, "")
	train := writeCSV(t, "train.svm", "1 65536:1\n0 1:1\n")
	model := writeCSV(t, "m.json", "")
	mustRun(t, "tree", "-save", model, train)
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "%d 1:%d\n", i%2, i)
	}
	many := writeCSV(t, "many.svm", b.String()) // 300×65536 dense: 157 MB, 4 copies
	wantOneLine(t, []string{"predict", "-model", model, many}, exitError, "the model has 65536 features", "300×65536", "for 300 non-zero values", memoryLimitEnv)
	wantOneLine(t, []string{"tree", "-test", many, train}, exitError, "the model has 65536 features", "300×65536")
	t.Setenv(memoryLimitEnv, "100MB")
	wantOneLine(t, []string{"predict", "-model", model, many}, exitError, "300×65536", "too large for the memory limit", "limit is 100 MB")
}

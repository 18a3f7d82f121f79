package main

// The size of a LIBSVM file's dense form, decided before it is built.
//
// A LIBSVM file is sparse: "1 67108864:1" is 14 bytes and one non-zero
// value. The learners of mlnotes take dense matrices (matrix.Dense), so
// the file becomes an n×d matrix, d its largest feature index, which the
// learners then copy (scaled, sorted, resampled) and beside which they keep
// vectors of length d (weights, gradients, L-BFGS histories). Once the
// file is parsed, n, d and the number of non-zero values are known, so the
// peak can be estimated before anything dense is allocated, and the file
// refused in one line when
//
//   - the estimate exceeds both sparseFloor and sparseRatio times the
//     sparse form of the file (an index and a value per non-zero, a label
//     per row) while MLNOTES_MEMORY_LIMIT is unset: errTooSparse, whatever
//     the memory of the machine; or
//   - the estimate exceeds the memory limit (matrix.MemoryLimit,
//     MLNOTES_MEMORY_LIMIT): an error wrapping matrix.ErrTooLarge.
//
// A file refused by the first rule is what scikit-learn would keep as a
// sparse matrix; here
//     it would take memory out of all proportion to the file (a 20-byte
//     file naming feature 2²⁶ took 4 to 14 GB and minutes). Setting
//     MLNOTES_MEMORY_LIMIT says how much memory may be used, and then only
//     that limit applies.

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strings"

	"mlnotes/matrix"
)

// densePeak is a command's estimated peak, in float64 values, on an n×d
// dense matrix whose labels take k distinct values: copies·n·d +
// (perFeature + perClass·k)·d.
type densePeak struct {
	name       string // the command, for messages
	copies     int    // copies of the n×d matrix (the data, its scaled copy, the learner's)
	perFeature int    // vectors of length d (gradients, histories, sorted lists)
	perClass   int    // vectors of length d for each class (a weight vector per class and its history)
}

// densePeaks are the estimates by command, measured as the peak resident
// memory of each command on 2×2²⁰ and 32×2²⁰ LIBSVM files (the garbage
// collector's headroom included) and rounded up, with a margin for dense
// data (a tree leaves the constant columns of a sparse file out; it sorts
// every column of a dense one). A command that is not
// listed gets defaultPeak. The commands that assess or combine a learner
// add their own to the learner's (metaPeaks).
var densePeaks = map[string]densePeak{
	"tree":       {copies: 6, perFeature: 4},
	"svm":        {copies: 6, perFeature: 4},
	"logreg":     {copies: 6, perFeature: 8, perClass: 16},
	"knn":        {copies: 4, perFeature: 2},
	"forest":     {copies: 8, perFeature: 160},
	"adaboost":   {copies: 6, perFeature: 8},
	"bayes":      {copies: 6, perFeature: 8},
	"linreg":     {copies: 8, perFeature: 8},
	"ridge":      {copies: 6, perFeature: 8},
	"perceptron": {copies: 4, perFeature: 4, perClass: 2},
	"adaline":    {copies: 4, perFeature: 4, perClass: 2},
	"lda":        {copies: 6, perFeature: 8},
	"mlp":        {copies: 6, perFeature: 10 * 100}, // about 10 copies of the weights of the default 100 hidden units
	"stump":      {copies: 4, perFeature: 4},
	"predict":    {copies: 4, perFeature: 4},
}

// defaultPeak is the estimate of a command densePeaks does not list.
var defaultPeak = densePeak{copies: 8, perFeature: 8}

// metaPeaks are what the commands that assess or combine a learner hold
// beside the learner's own peak: the parts of the data they train on
// (folds, resamples) and the members they keep.
var metaPeaks = map[string]densePeak{
	"cv":        {copies: 3, perFeature: 4},
	"holdout":   {copies: 3, perFeature: 4},
	"bootstrap": {copies: 4, perFeature: 8},
	"grid":      {copies: 3, perFeature: 4},
	"bag":       {copies: 8, perFeature: 80},
	"boost3":    {copies: 4, perFeature: 8},
}

// peakOf returns the estimate for a command, or for a command that
// assesses or combines learner (learner "" otherwise).
func peakOf(cmd, learner string) densePeak {
	p, ok := densePeaks[cmd]
	if !ok {
		p = defaultPeak
	}
	if m, ok := metaPeaks[cmd]; ok {
		in, ok := densePeaks[learner]
		if !ok {
			in = defaultPeak
		}
		p = densePeak{copies: m.copies + in.copies, perFeature: m.perFeature + in.perFeature, perClass: in.perClass}
	}
	p.name = cmd
	if learner != "" {
		p.name += " " + learner
	}
	return p
}

// vectors is the number of vectors of length d for k classes.
func (p densePeak) vectors(k int) int {
	return p.perFeature + p.perClass*min(k, 1<<20)
}

// bytes is the estimated peak for n rows of d features and k classes,
// saturating.
func (p densePeak) bytes(n, d, k int) int64 {
	return matrix.AddBytes(matrix.FloatBytes(p.copies, n, d), matrix.FloatBytes(p.vectors(k), d))
}

// sparseFloor and sparseRatio bound the dense form of a sparse file while
// MLNOTES_MEMORY_LIMIT is unset: its estimated peak may exceed 256 MB only
// when it is at most 1024 times the file's sparse form (16 bytes per
// non-zero and per row): a density of about 0.3% for most learners.
const (
	sparseFloor = 256e6
	sparseRatio = 1024
)

// errTooSparse reports a LIBSVM file whose dense form would be out of all
// proportion to the file.
var errTooSparse = errors.New("too sparse for a dense learner")

// memoryLimitSet reports whether MLNOTES_MEMORY_LIMIT sets the limit.
func memoryLimitSet() bool {
	return strings.TrimSpace(os.Getenv(memoryLimitEnv)) != ""
}

// checkLibSVMDense decides, before the n×d dense matrix of data is built,
// whether the command whose estimate is p may have it. width names where
// d comes from, for messages ("line 1 names feature 67108864", "the model
// has 5000 features").
func checkLibSVMDense(data *libsvmData, d int, width string, p densePeak) error {
	n, k := len(data.labels), 0
	if p.perClass > 0 {
		k = len(distinct(data.labels))
	}
	need, what := p.estimate(n, d, k)
	what = width + ": as a dense matrix " + what
	sparse := matrix.FloatBytes(2, data.nonZeros+n)
	allowed := max(sparseFloor, matrix.FloatBytes(sparseRatio, 2, data.nonZeros+n))
	if need > allowed && !memoryLimitSet() {
		return tooSparseError(what, data, d, need, sparse)
	}
	return p.checkLimit(need, what)
}

// estimate returns the peak for n rows of d features and k classes and
// its description for messages.
func (p densePeak) estimate(n, d, k int) (need int64, what string) {
	need = p.bytes(n, d, k)
	size := "about " + matrix.FormatBytes(need)
	if need == math.MaxInt64 {
		size = matrix.FormatBytes(need) // "more than 9.2 EB"
	}
	return need, fmt.Sprintf("the %d×%d data need %s at the peak of %s (%d copies of it, %d vectors of length %d)",
		n, d, size, p.name, p.copies, p.vectors(k), d)
}

// checkLimit refuses a peak of need bytes beyond the memory limit.
func (p densePeak) checkLimit(need int64, what string) error {
	if limit := matrix.MemoryLimit(); need > limit {
		return fmt.Errorf("%w: %s, the limit is %s", matrix.ErrTooLarge, what, matrix.FormatBytes(limit))
	}
	return nil
}

// checkDensePeak refuses, before the command's learner copies them, the
// features of a CSV file whose estimated peak exceeds the memory limit:
// the matrix itself fitted (buildSample checks it), but the copies a
// learner makes of it (scaling, sorted columns, L-BFGS histories) would
// not, and the Go runtime ends a process that runs out of memory with a
// trace instead of an error (under ulimit -v 3 GB, logreg and tree on 2
// rows of 10 million columns did).
func checkDensePeak(smp *sample, p densePeak) error {
	n, d := smp.x.Dims()
	k := 0
	if p.perClass > 0 {
		k = len(distinct(smp.label))
	}
	need, what := p.estimate(n, d, k)
	if err := p.checkLimit(need, what); err != nil {
		return fmt.Errorf("%s: %w", smp.path, err)
	}
	return nil
}

// tooSparseError explains errTooSparse: the dense form, the non-zeros,
// why it is refused and how to allow it.
func tooSparseError(what string, data *libsvmData, d int, need, sparse int64) error {
	n := len(data.labels)
	density := 100 * float64(data.nonZeros) / (float64(n) * float64(d))
	values := "values"
	if data.nonZeros == 1 {
		values = "value"
	}
	lift := fmt.Sprintf("setting %s lifts this rule", memoryLimitEnv)
	if need < math.MaxInt64/2 {
		// 1% more, so that the three digits FormatBytes prints, rounded
		// to the nearest, are never below need.
		lift = fmt.Sprintf("setting %s (to at least %s here) lifts this rule", memoryLimitEnv, matrix.FormatBytes(need+need/100))
	}
	return fmt.Errorf("%w: %s for %d non-zero %s (%.2g%% of the cells); the learners take dense matrices only (no sparse input, unlike scikit-learn), and beyond %s a file may need at most %d times its sparse form (%s); %s",
		errTooSparse, what, data.nonZeros, values, density, matrix.FormatBytes(sparseFloor), sparseRatio, matrix.FormatBytes(sparse), lift)
}

// distinct returns the set of labels.
func distinct(labels []string) map[string]bool {
	set := map[string]bool{}
	for _, l := range labels {
		set[l] = true
	}
	return set
}

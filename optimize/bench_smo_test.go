package optimize_test

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// The SMO benchmark: a C-SVM with the RBF kernel, C = 1, γ = 1/20,
// Tol = 1e-3 and a 100 MB cache, on a fixed synthetic two-class problem
// with 20 features, as svm-train -s 0 -t 2 -g 0.05 -c 1 -e 0.001 -m 100
// runs it. Write the same data for LIBSVM with
//
//	go test ./optimize -run TestWriteSMOBenchData -smo.benchdata DIR
//
// which creates DIR/smo_bench_2000.libsvm and DIR/smo_bench_5000.libsvm
// (docs/smo.md, "Performance", has the commands and the figures).

var benchDataDir = flag.String("smo.benchdata", "", "directory to write the SMO benchmark data sets to, in LIBSVM format")

// benchProblem returns n points with 20 features and labels ±1: the
// classes are standard normal clouds whose means differ by 1.2 along each
// of the first four axes (so they overlap), with a fixed seed.
func benchProblem(n int) (x *matrix.Dense, y []float64) {
	const d = 20
	r := rand.New(rand.NewPCG(2005, uint64(n)))
	x = matrix.New(n, d)
	y = make([]float64, n)
	for i := range n {
		y[i] = 1
		if r.IntN(2) == 0 {
			y[i] = -1
		}
		row := x.Row(i)
		for f := range row {
			row[f] = r.NormFloat64()
		}
		for f := range 4 {
			row[f] += 0.6 * y[i]
		}
	}
	return x, y
}

func TestWriteSMOBenchData(t *testing.T) {
	if *benchDataDir == "" {
		t.Skip("set -smo.benchdata DIR to write the benchmark data")
	}
	for _, n := range []int{2000, 5000} {
		x, y := benchProblem(n)
		if err := writeLibsvm(fmt.Sprintf("%s/smo_bench_%d.libsvm", *benchDataDir, n), x, y); err != nil {
			t.Fatal(err)
		}
	}
}

// writeLibsvm writes "label 1:v1 2:v2 …" lines with values printed exactly
// (shortest representation that reads back to the same float64).
func writeLibsvm(path string, x *matrix.Dense, y []float64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for i := range x.Rows() {
		fmt.Fprintf(w, "%+g", y[i])
		for k, v := range x.Row(i) {
			fmt.Fprintf(w, " %d:%s", k+1, strconv.FormatFloat(v, 'g', -1, 64))
		}
		fmt.Fprintln(w)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func BenchmarkSMO(b *testing.B) {
	for _, n := range []int{2000, 5000} {
		b.Run(fmt.Sprintf("rbf/n=%d", n), func(b *testing.B) {
			x, y := benchProblem(n)
			q, err := optimize.SignedQ(newRBFKernel(x, 1.0/20), y)
			if err != nil {
				b.Fatal(err)
			}
			qp := &optimize.QP{Q: q, P: make([]float64, n), Y: y, C: make([]float64, n)}
			for i := range n {
				qp.P[i], qp.C[i] = -1, 1
			}
			var res *optimize.SMOResult
			for b.Loop() {
				res, err = optimize.SMO(qp, &optimize.SMOSettings{Tol: 1e-3, CacheMB: 100})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.Iterations), "iter")
			b.ReportMetric(res.Objective, "obj")
			b.ReportMetric(float64(res.NumFree+res.NumUpper), "nSV")
			b.ReportMetric(float64(res.RowsComputed), "rows")
		})
	}
}

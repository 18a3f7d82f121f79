package main

import (
	"fmt"
	"io"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

func init() {
	register(command{
		name:    "eig",
		args:    "[-method auto|qr|dc|jacobi] [-b B.csv] [-k K] [-largest|-smallest] [-values-only] [-trace] [-json] A.csv",
		summary: "eigenvalues and eigenvectors of a symmetric matrix (or of A v = λ B v)",
		run:     runEig,
	})
}

// runEig implements `demo eig` (docs/cli.md, "Eigenproblems").
func runEig(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("eig")
	fs, asJSON := newFlags(c, stderr)
	method := fs.String("method", "auto", "auto (qr below n = 180, dc from there on), qr (tridiagonal QR), dc (divide and conquer, fastest for large n) or jacobi (for n up to a few hundred)")
	bFile := fs.String("b", "", "solve the generalized problem A v = λ B v with this SPD `B.csv`")
	k := fs.Int("k", 0, "keep only `K` eigenpairs (the largest unless -smallest)")
	largest := fs.Bool("largest", false, "with -k: the k largest eigenvalues (the default)")
	smallest := fs.Bool("smallest", false, "with -k: the k smallest eigenvalues")
	valuesOnly := fs.Bool("values-only", false, "compute the eigenvalues only")
	trace := fs.Bool("trace", false, "write the convergence steps to stderr (jacobi: every rotation for n ≤ 50, and every sweep)")
	traceMatrix := fs.Bool("trace-matrix", false, "with -method jacobi -trace: also the matrix after each sweep (n ≤ 12)")
	ops, err := parseFlags(c, fs, args, 1, 1)
	if err != nil {
		return err
	}
	usage := func(msg string) error { return &usageError{msg: msg, usage: "demo eig " + c.args} }
	if *method != "auto" && *method != "qr" && *method != "dc" && *method != "jacobi" {
		return usage(fmt.Sprintf("-method %q: want auto, qr, dc or jacobi", *method))
	}
	if *largest && *smallest {
		return usage("-largest and -smallest exclude each other")
	}
	if (*largest || *smallest) && *k == 0 {
		return usage("-largest and -smallest need -k")
	}
	if *k < 0 {
		return usage(fmt.Sprintf("-k %d: must be positive", *k))
	}
	if *bFile != "" && *method == "jacobi" {
		return usage("the generalized problem (-b) is solved by the auto, qr or dc method")
	}
	if *traceMatrix && (*method != "jacobi" || !*trace) {
		return usage("-trace-matrix goes with -method jacobi -trace")
	}
	a, err := loadMatrix(ops[0])
	if err != nil {
		return err
	}
	if *traceMatrix && a.Rows() > summaryMax {
		return fmt.Errorf("-trace-matrix: n = %d: the matrix after each sweep is printed for n ≤ %d", a.Rows(), summaryMax)
	}
	res, err := solveEig(a, *bFile, *method, *valuesOnly, *trace, *traceMatrix, stderr)
	if err != nil {
		return err
	}
	if *k > 0 {
		if *smallest {
			res, err = res.Smallest(*k)
		} else {
			res, err = res.Largest(*k)
		}
		if err != nil {
			return err
		}
	}
	fields := []field{{"values", res.Values}}
	if res.Vectors != nil {
		fields = append(fields, field{"vectors", res.Vectors})
	}
	if err := emit(stdout, *asJSON, fields); err != nil || *asJSON || res.Vectors == nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, "(the eigenvectors are the columns of vectors, in the order of values)")
	return err
}

func solveEig(a *matrix.Dense, bFile, method string, valuesOnly, trace, traceMatrix bool, stderr io.Writer) (*eigen.Result, error) {
	qrOpts := eigen.SymmetricOptions{ValuesOnly: valuesOnly}
	switch method {
	case "qr":
		qrOpts.Method = eigen.TridiagonalQR
	case "dc":
		qrOpts.Method = eigen.DivideConquer
	}
	if trace {
		qrOpts.Trace = func(s eigen.QRStep) { fmt.Fprintln(stderr, formatQRStep(s)) }
		qrOpts.MergeTrace = func(m eigen.DCMerge) { fmt.Fprintln(stderr, formatDCMerge(m)) }
	}
	if bFile != "" {
		b, err := loadMatrix(bFile)
		if err != nil {
			return nil, err
		}
		return eigen.Generalized(a, b, qrOpts)
	}
	if method == "jacobi" {
		opts := eigen.JacobiOptions{ValuesOnly: valuesOnly}
		if trace {
			n := a.Rows()
			fmt.Fprintf(stderr, "jacobi n = %d: about %.2g flops per sweep, 6 to 10 sweeps (for n beyond a few hundred, -method dc is far faster)\n", n, jacobiSweepFlops(n, valuesOnly))
			opts.TraceMatrix = traceMatrix
			opts.Trace = func(s eigen.JacobiSweep) {
				fmt.Fprintln(stderr, formatJacobiSweep(s))
				if s.A != nil {
					fmt.Fprint(stderr, formatMatrixString(s.A))
				}
			}
			if n <= jacobiRotationTraceMax {
				fmt.Fprintln(stderr, jacobiRotationHeader)
				opts.Rotation = func(r eigen.JacobiRotation) { fmt.Fprintln(stderr, formatJacobiRotation(r)) }
			}
			// Inside a sweep, a line at every tenth of the pivot rows for
			// matrices large enough to take seconds per sweep.
			if step := (n - 1) / 10; n >= 100 {
				opts.Progress = func(sweep, p int) {
					if (p+1)%step == 0 {
						fmt.Fprintf(stderr, "jacobi sweep %3d  row %d of %d\n", sweep, p+1, n-1)
					}
				}
			}
		}
		return eigen.Jacobi(a, opts)
	}
	return eigen.Symmetric(a, qrOpts)
}

// jacobiSweepFlops is the cost of one cyclic Jacobi sweep: n(n−1)/2
// rotations, each updating two rows and two columns of A (8n flops) and,
// with vectors, two rows of V (4n more).
func jacobiSweepFlops(n int, valuesOnly bool) float64 {
	perRotation := 12.0 * float64(n)
	if valuesOnly {
		perRotation = 8 * float64(n)
	}
	return float64(n) * float64(n-1) / 2 * perRotation
}

// The fixed trace formats of the eigensolvers (docs/cli.md, "Traces").

// jacobiRotationTraceMax is the largest n whose Jacobi trace lists every
// rotation (n(n−1)/2 lines a sweep).
const jacobiRotationTraceMax = 50

// jacobiRotationHeader names the columns of formatJacobiRotation.
const jacobiRotationHeader = "jacobi  sweep     p     q       angle     off(A)"

func formatJacobiRotation(r eigen.JacobiRotation) string {
	return fmt.Sprintf("jacobi  %5d %5d %5d %+.4e  %.3e", r.Sweep, r.P, r.Q, r.Angle, r.OffNorm)
}

func formatJacobiSweep(s eigen.JacobiSweep) string {
	return fmt.Sprintf("jacobi sweep %3d  off(A) %.3e  rotations %d", s.Sweep, s.OffNorm, s.Rotations)
}

func formatDCMerge(m eigen.DCMerge) string {
	return fmt.Sprintf("dc merge  block [%d, %d]  deflated %d  secular iterations %d", m.Low, m.High, m.Deflated, m.SecularIterations)
}

func formatQRStep(s eigen.QRStep) string {
	return fmt.Sprintf("qr step %4d  block [%d, %d]  shift %+.6e  |e| %.3e", s.Iteration, s.Low, s.High, s.Shift, s.OffDiag)
}

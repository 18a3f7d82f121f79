package main

import (
	"io"

	"mlnotes/matrix"
)

// The linear-algebra commands: one factorization or solve per command, on
// CSV files (docs/cli.md, "Linear algebra").
func init() {
	register(
		command{name: "solve", args: "[-json] A.csv b.csv", summary: "solve A x = b for square A (LU with partial pivoting)", run: runSolve},
		command{name: "lstsq", args: "[-json] A.csv b.csv", summary: "minimum-norm least squares min ‖Ax − b‖ (SVD)", run: runLstsq},
		command{name: "inv", args: "[-json] A.csv", summary: "inverse of a square matrix", run: unary("inv", func(a *matrix.Dense) ([]field, error) {
			inv, err := matrix.Inverse(a)
			return []field{{"inverse", inv}}, err
		})},
		command{name: "det", args: "[-json] A.csv", summary: "determinant of a square matrix", run: unary("det", func(a *matrix.Dense) ([]field, error) {
			d, err := matrix.Det(a)
			return []field{{"det", d}}, err
		})},
		command{name: "chol", args: "[-json] A.csv", summary: "Cholesky factor L of a symmetric positive definite A = LLᵀ", run: unary("chol", func(a *matrix.Dense) ([]field, error) {
			c, err := matrix.FactorizeCholesky(a)
			if err != nil {
				return nil, err
			}
			return []field{{"l", c.L()}}, nil
		})},
		command{name: "qr", args: "[-json] A.csv", summary: "thin Householder QR: A = QR", run: unary("qr", func(a *matrix.Dense) ([]field, error) {
			f, err := matrix.FactorizeQR(a)
			if err != nil {
				return nil, err
			}
			return []field{{"q", f.Q()}, {"r", f.R()}}, nil
		})},
		command{name: "svd", args: "[-json] A.csv", summary: "thin singular value decomposition A = UΣVᵀ", run: unary("svd", func(a *matrix.Dense) ([]field, error) {
			f, err := matrix.FactorizeSVD(a, matrix.SVDThin)
			if err != nil {
				return nil, err
			}
			return []field{{"s", f.Values()}, {"u", f.U()}, {"v", f.V()}, {"rank", f.Rank(0)}}, nil
		})},
		command{name: "pinv", args: "[-json] A.csv", summary: "Moore–Penrose pseudo-inverse (SVD)", run: unary("pinv", func(a *matrix.Dense) ([]field, error) {
			p, err := matrix.PseudoInverse(a)
			return []field{{"pinv", p}}, err
		})},
	)
}

// unary builds the run function of a command with one matrix operand.
func unary(name string, compute func(a *matrix.Dense) ([]field, error)) func([]string, io.Writer, io.Writer) error {
	return func(args []string, stdout, stderr io.Writer) error {
		c, _ := findCommand(name)
		fs, asJSON := newFlags(c, stderr)
		ops, err := parseFlags(c, fs, args, 1, 1)
		if err != nil {
			return err
		}
		a, err := loadMatrix(ops[0])
		if err != nil {
			return err
		}
		fields, err := compute(a)
		if err != nil {
			return err
		}
		return emit(stdout, *asJSON, fields)
	}
}

func runSolve(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("solve")
	fs, asJSON := newFlags(c, stderr)
	ops, err := parseFlags(c, fs, args, 2, 2)
	if err != nil {
		return err
	}
	a, b, err := loadTwo(ops)
	if err != nil {
		return err
	}
	x, err := matrix.Solve(a, b)
	if err != nil {
		return err
	}
	return emit(stdout, *asJSON, []field{{"x", x}})
}

func runLstsq(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("lstsq")
	fs, asJSON := newFlags(c, stderr)
	ops, err := parseFlags(c, fs, args, 2, 2)
	if err != nil {
		return err
	}
	a, b, err := loadTwo(ops)
	if err != nil {
		return err
	}
	x, rank, err := matrix.LeastSquares(a, b, 0)
	if err != nil {
		return err
	}
	ax, _ := matrix.Mul(a, x)
	r, _ := matrix.Sub(ax, b)
	return emit(stdout, *asJSON, []field{{"x", x}, {"rank", rank}, {"residual_norm", matrix.NormFrobenius(r)}})
}

package learn

import (
	"testing"

	"mlnotes/matrix"
)

// TestDecisionFunctionSharesKernelValues checks that the one-versus-one
// decision values computed from the shared support vectors are bit for bit
// those of the machines evaluated one by one (the inner product of a query
// row and a support vector does not depend on the other rows of the
// product), for every kernel family, on
// the ten digit classes (45 machines sharing most of their support), and
// that a model whose support indices disagree falls back to the machines.
func TestDecisionFunctionSharesKernelValues(t *testing.T) {
	x, yf := loadDataset(t, "digits.csv")
	n := 600
	x = x.Slice(0, n, 0, x.Cols())
	y := make([]int, n)
	for i := range y {
		y[i] = int(yf[i])
	}
	query := x.Slice(0, 200, 0, x.Cols())
	for _, k := range []Kernel{Linear(), {Type: PolynomialKernel, Degree: 3, Gamma: 0.001, Coef0: 1}, {Type: GaussianKernel, Gamma: 0.001}} {
		m, err := SVM{Kernel: k, C: 1}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		sv, pos, ok := m.core().sharedSupport()
		if !ok {
			t.Fatalf("%v: the support of a fitted model is not shared", k)
		}
		total := 0
		for _, mach := range m.Machines {
			total += len(mach.Support)
		}
		if len(sv.norms) >= total {
			t.Errorf("%v: %d distinct support vectors for %d in all: nothing shared", k, len(sv.norms), total)
		}
		got := kernelDecisions(m.Kernel, query, sv, m.Machines, pos)
		for j := range m.Machines {
			want := m.core().machineDecisions(query, j)
			for i, w := range want {
				if g := got.At(i, j); g != w {
					t.Fatalf("%v, machine %d, row %d: shared %v, alone %v", k, j, i, g, w)
				}
			}
		}
	}

	m, err := SVM{Kernel: Gaussian(50), C: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	// Give machine 1 a support vector with machine 0's first index but a
	// different row: the indices no longer identify the rows.
	m.Machines[1].Support[0] = m.Machines[0].Support[0]
	m.Machines[1].SupportVectors.Row(0)[0] += 1
	if _, _, ok := m.core().sharedSupport(); ok {
		t.Fatal("conflicting support indices were shared")
	}
	all, err := m.DecisionFunction(query)
	if err != nil {
		t.Fatal(err)
	}
	want := m.core().machineDecisions(query, 1)
	if !matrix.EqualApprox(all.Slice(0, all.Rows(), 1, 2), colMatrix(want), 0) {
		t.Error("the fallback does not evaluate the machines one by one")
	}
}

// colMatrix returns v as an n×1 matrix.
func colMatrix(v []float64) *matrix.Dense {
	c := matrix.New(len(v), 1)
	c.SetCol(0, v)
	return c
}

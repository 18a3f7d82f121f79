package learn

import (
	"errors"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// TestSVMKernelOverflow: training data whose kernel values overflow
// (‖x‖² beyond float64, or a polynomial that overflows) are refused with
// matrix.ErrNotFinite naming the kernel, for every kernel and type, before
// SMO sees an infinite or NaN Q.
func TestSVMKernelOverflow(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{1e200, 1}, {-1e200, 2}, {3, 1e160}, {1, -2}})
	y := []int{0, 1, 0, 1}
	t1 := []float64{1, 2, 3, 4}
	for _, k := range []Kernel{Linear(), Gaussian(1), Polynomial(3)} {
		if _, err := (SVM{Kernel: k}).Fit(x, y); !errors.Is(err, matrix.ErrNotFinite) || !strings.Contains(err.Error(), "k(x, x)") {
			t.Errorf("%v classifier: %v", k.Type, err)
		}
		if _, err := (SVM{Type: EpsSVR, Kernel: k}).FitRegression(x, t1); !errors.Is(err, matrix.ErrNotFinite) {
			t.Errorf("%v regressor: %v", k.Type, err)
		}
	}
	// Entries of 1e100 give finite norms, but the cube of (1 + xᵀy) overflows.
	big, _ := matrix.NewFromRows([][]float64{{1e100, 0}, {0, 1}, {1, 1}, {2, 0}})
	if _, err := (SVM{Kernel: Polynomial(4)}).Fit(big, y); err == nil || !strings.Contains(err.Error(), "polynomial") {
		t.Errorf("poly: %v", err)
	}
	if _, err := (SVM{Kernel: Gaussian(1)}).Fit(big, y); err != nil {
		t.Errorf("gaussian on 1e100: %v", err)
	}
}

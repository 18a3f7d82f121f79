package optimize

import "testing"

// TestNilInputs: nil problems, objectives and kernel matrices are errors,
// never nil-pointer panics (issue 13, item 9).
func TestNilInputs(t *testing.T) {
	for name, f := range map[string]func() error{
		"SMO":         func() error { _, err := SMO(nil, nil); return err },
		"SMO nil Q":   func() error { _, err := SMO(&QP{}, nil); return err },
		"GD":          func() error { _, err := GradientDescent(nil, []float64{1}, nil); return err },
		"Momentum":    func() error { _, err := Momentum(nil, []float64{1}, nil); return err },
		"Newton":      func() error { _, err := Newton(nil, []float64{1}, nil); return err },
		"SGD":         func() error { _, err := SGD(nil, []float64{1}, nil); return err },
		"CertifySMO":  func() error { _, err := CertifySMO(nil, nil); return err },
		"SignedQ":     func() error { _, err := SignedQ(nil, nil); return err },
		"CheckGrad":   func() error { _, err := CheckGradient(nil, []float64{1}, nil); return err },
		"RegressionQ": func() error { _, err := SMO(&QP{Q: RegressionQ(nil)}, nil); return err },
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic %v", name, r)
				}
			}()
			if err := f(); err == nil {
				t.Errorf("%s: no error", name)
			}
		}()
	}
}

package matrix

import (
	"errors"
	"io"
	"testing"
)

// TestNilMatrices: a nil *Dense given to an exported function is an error
// wrapping ErrEmpty that says "nil" (issue 13, item 9), never a nil-pointer
// panic; functions without an error result treat it as the empty matrix.
// (Syrk, in syrk.go, is left to the owner of the kernels.)
func TestNilMatrices(t *testing.T) {
	var z *Dense
	a := Identity(2)
	b := New(2, 1)
	withErr := map[string]func() error{
		"Add":               func() error { _, err := Add(z, a); return err },
		"Add b":             func() error { _, err := Add(a, z); return err },
		"Sub":               func() error { _, err := Sub(z, a); return err },
		"MulElem":           func() error { _, err := MulElem(a, z); return err },
		"DivElem":           func() error { _, err := DivElem(z, z); return err },
		"FactorizeCholesky": func() error { _, err := FactorizeCholesky(z); return err },
		"WriteCSV":          func() error { return WriteCSV(io.Discard, z, nil) },
		"LeastSquares":      func() error { _, _, err := LeastSquares(z, b, 0); return err },
		"LeastSquares b":    func() error { _, _, err := LeastSquares(a, z, 0); return err },
		"PseudoInverse":     func() error { _, err := PseudoInverse(z); return err },
		"Rank":              func() error { _, err := Rank(z); return err },
		"Cond":              func() error { _, err := Cond(z); return err },
		"FactorizeLU":       func() error { _, err := FactorizeLU(z); return err },
		"Mul":               func() error { _, err := Mul(z, a); return err },
		"MulATB":            func() error { _, err := MulATB(a, z); return err },
		"MulABT":            func() error { _, err := MulABT(z, z); return err },
		"Gemm":              func() error { return Gemm(false, false, 1, a, a, 0, z) },
		"Gemm a":            func() error { return Gemm(false, false, 1, z, a, 0, a.Clone()) },
		"Syrk":              func() error { return Syrk(false, 1, a, 0, z) },
		"Syrk a":            func() error { return Syrk(false, 1, z, 0, a.Clone()) },
		"MulVec":            func() error { _, err := MulVec(z, []float64{1, 2}); return err },
		"MulVecT":           func() error { _, err := MulVecT(z, []float64{1, 2}); return err },
		"Gemv":              func() error { return Gemv(false, 1, z, []float64{1, 2}, 0, []float64{0, 0}) },
		"Trace":             func() error { _, err := Trace(z); return err },
		"FactorizeQR":       func() error { _, err := FactorizeQR(z); return err },
		"Solve":             func() error { _, err := Solve(z, b); return err },
		"Solve b":           func() error { _, err := Solve(a, z); return err },
		"Inverse":           func() error { _, err := Inverse(z); return err },
		"Det":               func() error { _, err := Det(z); return err },
		"ColMeans":          func() error { _, err := ColMeans(z); return err },
		"Center":            func() error { _, _, err := Center(z); return err },
		"Covariance":        func() error { _, err := Covariance(z, Population); return err },
		"Standardize":       func() error { _, _, _, err := Standardize(z, Population); return err },
		"FactorizeSVD":      func() error { _, err := FactorizeSVD(z, SVDThin); return err },
		"CheckFinite":       func() error { return z.CheckFinite() },
		"LU.Solve":          func() error { f, _ := FactorizeLU(a); _, err := f.Solve(z); return err },
		"Cholesky.Solve":    func() error { f, _ := FactorizeCholesky(a); _, err := f.Solve(z); return err },
		"QR.LeastSquares":   func() error { f, _ := FactorizeQR(a); _, err := f.LeastSquares(z); return err },
		"QR.ApplyQT":        func() error { f, _ := FactorizeQR(a); _, err := f.ApplyQT(z); return err },
	}
	for name, f := range withErr {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s(nil) panicked: %v", name, r)
				}
			}()
			if err := f(); !errors.Is(err, ErrEmpty) {
				t.Errorf("%s(nil): %v, want ErrEmpty", name, err)
			}
		}()
	}
	noErr := map[string]func(){
		"Scale":         func() { Scale(2, z) },
		"Apply":         func() { Apply(func(x float64) float64 { return x }, z) },
		"EqualApprox":   func() { EqualApprox(z, a, 0) },
		"NormFrobenius": func() { NormFrobenius(z) },
		"Norm1":         func() { Norm1(z) },
		"NormInf":       func() { NormInf(z) },
		"NormMax":       func() { NormMax(z) },
		"ScaleExponent": func() { ScaleExponent(z) },
		"ScalePow2":     func() { ScalePow2(3, z) },
		"NormOffDiag":   func() { NormOffDiag(z) },
		"Gram":          func() { Gram(z) },
		"Dims":          func() { z.Dims() },
		"IsEmpty":       func() { z.IsEmpty() },
		"String":        func() { _ = z.String() },
		"Clone":         func() { z.Clone() },
		"T":             func() { z.T() },
		"IsSymmetric":   func() { z.IsSymmetric(0) },
	}
	for name, f := range noErr {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s(nil) panicked: %v", name, r)
				}
			}()
			f()
		}()
	}
}

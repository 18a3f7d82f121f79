package learn

import (
	"encoding/binary"
	"math"
	"testing"

	"mlnotes/matrix"
)

// FuzzGenerative feeds arbitrary small matrices (any float64 bits: NaN,
// ±Inf, subnormals, values near the overflow threshold) to every
// generative learner: each must return a model or an error, never panic,
// and a returned model must give no NaN on its own (finite) training data
// — a log-density may be −Inf only for the Parzen box, a posterior never.
func FuzzGenerative(f *testing.F) {
	f.Add(uint8(6), uint8(2), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Add(uint8(5), uint8(1), make([]byte, 40))
	huge := make([]byte, 8*12)
	for i := range 12 {
		binary.LittleEndian.PutUint64(huge[8*i:], math.Float64bits(float64(i%5+1)*1e200*float64(1-2*(i%2))))
	}
	f.Add(uint8(6), uint8(2), huge)
	tiny := make([]byte, 8*8)
	for i := range 8 {
		binary.LittleEndian.PutUint64(tiny[8*i:], math.Float64bits(float64(i+1)*1e-310))
	}
	f.Add(uint8(4), uint8(2), tiny)
	f.Fuzz(func(t *testing.T, rows, cols uint8, raw []byte) {
		n, d := int(rows%9), int(cols%4)
		x := matrix.New(n, d)
		for i := range n {
			for j := range d {
				p := 8 * (i*d + j)
				if p+8 <= len(raw) {
					x.Set(i, j, math.Float64frombits(binary.LittleEndian.Uint64(raw[p:])))
				} else if len(raw) > 0 {
					x.Set(i, j, float64(raw[(i*d+j)%len(raw)]))
				}
			}
		}
		y := make([]int, n)
		for i := range y {
			y[i] = i % 2
		}
		finite := x.CheckFinite() == nil
		noNaN := func(name string, v []float64, allowNegInf bool) {
			for _, e := range v {
				if math.IsNaN(e) || math.IsInf(e, 1) || (math.IsInf(e, -1) && !allowNegInf) {
					t.Fatalf("%s: %v on data %v", name, v, x)
				}
			}
		}
		call := func(name string, f func() error) {
			if err := noPanic(f); err != nil && isPanic(err) {
				t.Fatalf("%s: %v", name, err)
			}
		}
		call("gaussian mle", func() error {
			g, err := GaussianMLE{Reg: 1e-9}.Fit(x)
			if err == nil && finite {
				v, _ := g.LogPdfRows(x)
				noNaN("gaussian log-density", v, false)
			}
			return err
		})
		for _, dens := range []ClassDensity{GaussDensity, SharedGaussDensity, KDEDensity, ParzenDensity} {
			call("bayes "+dens.String(), func() error {
				m, err := Bayes{Density: dens, Reg: 1e-9}.Fit(x, y)
				if err == nil && finite {
					p, _ := m.PredictProba(x)
					if p.CheckFinite() != nil {
						t.Fatalf("bayes %v: posteriors %v", dens, p)
					}
				}
				return err
			})
		}
		for k := 1; k <= 3; k++ {
			for _, ct := range []CovarianceType{FullCovariance, DiagCovariance, SphericalCovariance} {
				call("gmm", func() error {
					m, err := GaussianMixture{K: k, Covariance: ct, MaxIter: 20}.Fit(x)
					if err == nil && finite {
						v, _ := m.LogDensity(x)
						noNaN("gmm log-density", v, false)
						noNaN("gmm trace", m.LogLikelihoods, false)
						// Not checkMonotoneEM: its rounding allowance (1e-12
						// relative) assumes covariances of moderate condition;
						// here r = 1e-6 can sit beside variances of 1e264.
					}
					return err
				})
			}
		}
		for _, kern := range []KDEKernel{GaussWindow, BoxWindow} {
			call("kde", func() error {
				m, err := KernelDensity{Kernel: kern}.Fit(x)
				if err == nil && finite {
					v, _ := m.LogDensity(x)
					noNaN("kde log-density", v, kern == BoxWindow)
				}
				return err
			})
		}
	})
}

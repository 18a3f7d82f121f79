package learn

import (
	"encoding/binary"
	"math"
	"testing"

	"mlnotes/matrix"
)

// FuzzPCAFamily feeds arbitrary small matrices (any float64 bits: NaN,
// ±Inf, subnormals, huge values) and shapes to every learner of the
// family: each must return a model or an error, never panic, and a
// returned PCA model must have finite, descending, non-negative
// eigenvalues.
func FuzzPCAFamily(f *testing.F) {
	f.Add(uint8(3), uint8(2), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Add(uint8(4), uint8(3), make([]byte, 96))
	inf := make([]byte, 8*6)
	binary.LittleEndian.PutUint64(inf[8:], math.Float64bits(math.Inf(1)))
	f.Add(uint8(3), uint8(2), inf)
	huge := make([]byte, 8*6)
	for i := range 6 {
		binary.LittleEndian.PutUint64(huge[8*i:], math.Float64bits(float64(i+1)*1e200))
	}
	f.Add(uint8(3), uint8(2), huge)
	f.Add(uint8(1), uint8(5), []byte{7})
	f.Fuzz(func(t *testing.T, rows, cols uint8, raw []byte) {
		n, d := int(rows%9), int(cols%6)
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
		for _, l := range pcaFamily {
			m, err := fitNoPanic(t, l, x, y)
			if err != nil || m == nil {
				continue
			}
			if p, ok := m.(*PCAModel); ok {
				for j, v := range p.Eigenvalues {
					if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || j > 0 && v > p.Eigenvalues[j-1] {
						t.Fatalf("%s: eigenvalues %v", l.name, p.Eigenvalues)
					}
				}
			}
			if l.transform != nil {
				if err := noPanic(func() error { _, err := l.transform(m, x); return err }); err != nil && isPanic(err) {
					t.Fatalf("%s: transform: %v", l.name, err)
				}
			}
		}
		for _, k := range []Kernel{Polynomial(40), Gaussian(1e-300)} {
			if err := noPanic(func() error { _, err := (KernelPCA{Kernel: k, Components: 1}).Fit(x); return err }); err != nil && isPanic(err) {
				t.Fatalf("kernel pca %v: %v", k, err)
			}
		}
	})
}

func fitNoPanic(t *testing.T, l familyLearner, x *matrix.Dense, y []int) (any, error) {
	var m any
	err := noPanic(func() error {
		var err error
		m, err = l.fit(x, y)
		return err
	})
	if err != nil && isPanic(err) {
		t.Fatalf("%s on %d×%d: %v", l.name, x.Rows(), x.Cols(), err)
	}
	return m, err
}

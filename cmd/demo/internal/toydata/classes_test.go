package toydata

import (
	"math"
	"testing"
)

// ThreeClasses has 80 points of each class in the order of the centres,
// and each class's sample mean lies within four standard errors of its
// centre (x₂'s deviation is 0.7 of x₁'s); the same seed gives the same
// points.
func TestThreeClassesAroundTheirCentres(t *testing.T) {
	x, y := ThreeClasses()
	centres := [][2]float64{{0, 0}, {2.5, 0.5}, {1, 2.5}}
	sd := []float64{0.9, 0.7, 1.1}
	if x.Rows() != 240 || x.Cols() != 2 || len(y) != 240 {
		t.Fatalf("%d×%d points, %d labels; want 240×2 and 240", x.Rows(), x.Cols(), len(y))
	}
	for c, ctr := range centres {
		var m [2]float64
		for i := c * 80; i < (c+1)*80; i++ {
			if y[i] != c {
				t.Fatalf("label of row %d is %d, want %d", i, y[i], c)
			}
			m[0] += x.At(i, 0) / 80
			m[1] += x.At(i, 1) / 80
		}
		for j, s := range []float64{sd[c], 0.7 * sd[c]} {
			if se := s / math.Sqrt(80); math.Abs(m[j]-ctr[j]) > 4*se {
				t.Errorf("class %d: mean of x%d %.3f, centre %.3f ± %.3f", c, j+1, m[j], ctr[j], 4*se)
			}
		}
	}
	x2, _ := ThreeClasses()
	for i := range 240 {
		if x2.At(i, 0) != x.At(i, 0) || x2.At(i, 1) != x.At(i, 1) {
			t.Fatalf("row %d differs between two calls", i)
		}
	}
}

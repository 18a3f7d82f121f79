package matrix

import (
	"math"
	"testing"
)

// TestColMeansNearOverflow: the mean of entries whose sum overflows is the
// finite mean, and Center subtracts it (the differences here fit float64).
func TestColMeansNearOverflow(t *testing.T) {
	x, _ := NewFromRows([][]float64{{1.7e308, 1}, {1.5e308, 2}, {1.6e308, 3}, {0.5e308, 4}})
	mean, err := ColMeans(x)
	if err != nil {
		t.Fatal(err)
	}
	want := 1.7e308/4 + 1.5e308/4 + 1.6e308/4 + 0.5e308/4
	if math.Abs(mean[0]-want) > 4*eps*1.7e308 || mean[1] != 2.5 {
		t.Errorf("means %v, want [%g 2.5]", mean, want)
	}
	c, _, err := Center(x)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.CheckFinite(); err != nil {
		t.Errorf("centred: %v", err)
	}
	// The ordinary path is unchanged: an exact small case.
	y, _ := NewFromRows([][]float64{{1, 2}, {3, 5}})
	if m, _ := ColMeans(y); m[0] != 2 || m[1] != 3.5 {
		t.Errorf("means %v", m)
	}
}

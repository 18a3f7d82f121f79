package live

import (
	"math"
	"math/rand/v2"
	"testing"
)

// above decides as at(a, b) > level does, at every point: cells far from
// the level, cells across it, values a few ulps from it, and NaN.
func TestAboveIsAtAboveLevel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 40 {
		g := 1 + rng.IntN(12)
		s := &sampled{w: window{-1, 2, 0.5, 3}, g: g, vals: make([]float64, (g+1)*(g+1))}
		level := []float64{0, 0.5, -3}[trial%3]
		for i := range s.vals {
			switch rng.IntN(4) {
			case 0:
				s.vals[i] = level + (rng.Float64()-0.5)*1e-15 // within ulps of the level
			case 1:
				s.vals[i] = level
			default:
				s.vals[i] = level + rng.NormFloat64()
			}
		}
		if trial == 0 {
			s.vals[0] = math.NaN()
		}
		for range 2000 {
			a, b := -1.2+3.4*rng.Float64(), 0.3+3*rng.Float64()
			if got, want := s.above(a, b, level), s.at(a, b) > level; got != want {
				t.Fatalf("g = %d, level %g, (%g, %g): above %v, at %.17g", g, level, a, b, got, s.at(a, b))
			}
		}
	}
}

package plot

import (
	"math"
	"strconv"
)

// niceTicks returns tick positions covering [lo, hi] at a step of 1, 2 or 5
// times a power of ten, chosen so that there are about n of them.
func niceTicks(lo, hi float64, n int) []float64 {
	if !(hi > lo) {
		return []float64{lo}
	}
	raw := (hi - lo) / float64(max(n, 1))
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	step := p
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			step = m * p
			break
		}
	}
	var ticks []float64
	for t := math.Ceil(lo/step-1e-9) * step; t <= hi+step*1e-9; t += step {
		if math.Abs(t) < step*1e-9 {
			t = 0
		}
		ticks = append(ticks, t)
	}
	return ticks
}

// niceRange widens [lo, hi] a little and handles empty or degenerate data.
func niceRange(lo, hi float64) (float64, float64) {
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || math.IsNaN(lo) || math.IsNaN(hi) {
		return 0, 1
	}
	if hi == lo {
		d := math.Max(1, math.Abs(lo)*0.1)
		return lo - d, hi + d
	}
	pad := 0.04 * (hi - lo)
	return lo - pad, hi + pad
}

// tickLabel formats a tick value compactly.
func tickLabel(v float64) string {
	if v == 0 {
		return "0"
	}
	if a := math.Abs(v); a >= 1e5 || a < 1e-3 {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

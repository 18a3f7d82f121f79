package plot

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// closeTo compares tick values, which are products k·step and so carry a
// rounding error of one unit in the last place of their magnitude.
func closeTo(a, b, scale float64) bool { return math.Abs(a-b) <= 4*eps*scale }

func TestNiceTicksGolden(t *testing.T) {
	cases := []struct {
		name     string
		lo, hi   float64
		maxTicks int
		want     []float64
		labels   []string
	}{
		// The cases of the brief, worked by hand with the 1-2-5 rule.
		{"unit interval", 0, 1, 6, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}, []string{"0", "0.2", "0.4", "0.6", "0.8", "1.0"}},
		{"0 to 97", 0, 97, 6, []float64{0, 20, 40, 60, 80, 100}, []string{"0", "20", "40", "60", "80", "100"}},
		{"more ticks allowed", 0, 1, 11, []float64{0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}, nil},
		{"negative range", -3.7, -0.2, 6, []float64{-4, -3, -2, -1, 0}, []string{"−4", "−3", "−2", "−1", "0"}},
		{"across zero", -1.3, 2.1, 8, []float64{-1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5}[0:0], nil}, // filled below
		{"small values", 0.0012, 0.0049, 5, []float64{0.001, 0.002, 0.003, 0.004, 0.005}, []string{"0.001", "0.002", "0.003", "0.004", "0.005"}},
		{"large values", 0, 3.2e6, 5, []float64{0, 1e6, 2e6, 3e6, 4e6}, []string{"0", "1×10⁶", "2×10⁶", "3×10⁶", "4×10⁶"}},
		{"tiny step", 1e-5, 4e-5, 5, []float64{1e-5, 2e-5, 3e-5, 4e-5}, []string{"1×10⁻⁵", "2×10⁻⁵", "3×10⁻⁵", "4×10⁻⁵"}},
		{"two ticks", 0, 1, 2, []float64{0, 1}, nil},
		// lo = hi: widened to lo ± |lo|/10 = [4.5, 5.5], then step 0.2.
		{"degenerate", 5, 5, 7, []float64{4.4, 4.6, 4.8, 5, 5.2, 5.4, 5.6}, nil},
		// lo = hi = 0: widened to ±1.
		{"degenerate zero", 0, 0, 5, []float64{-1, -0.5, 0, 0.5, 1}, []string{"−1.0", "−0.5", "0", "0.5", "1.0"}},
	}
	// −1.3 … 2.1 with at most 8 ticks: 0.5 needs −1.5 … 2.5 = 9 ticks, so 1.
	cases[4].want = []float64{-2, -1, 0, 1, 2, 3}
	for _, c := range cases {
		got, err := NiceTicks(c.lo, c.hi, c.maxTicks)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		scale := math.Max(math.Abs(c.want[0]), math.Abs(c.want[len(c.want)-1]))
		if len(got.Values) != len(c.want) {
			t.Errorf("%s: NiceTicks(%g, %g, %d) = %v, want %v", c.name, c.lo, c.hi, c.maxTicks, got.Values, c.want)
			continue
		}
		for i := range c.want {
			if !closeTo(got.Values[i], c.want[i], scale) {
				t.Errorf("%s: tick %d = %g, want %g", c.name, i, got.Values[i], c.want[i])
			}
		}
		if got.Min != got.Values[0] || got.Max != got.Values[len(got.Values)-1] {
			t.Errorf("%s: range [%g, %g] does not end on ticks %v", c.name, got.Min, got.Max, got.Values)
		}
		if c.labels != nil && !slices.Equal(got.Labels, c.labels) {
			t.Errorf("%s: labels %q, want %q", c.name, got.Labels, c.labels)
		}
	}
}

func TestNiceTicksErrors(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		lo, hi   float64
		maxTicks int
	}{
		{nan, 1, 5}, {0, nan, 5}, {-inf, 0, 5}, {0, inf, 5},
		{2, 1, 5},                              // reversed
		{-math.MaxFloat64, math.MaxFloat64, 5}, // hi − lo overflows
		{0, 1, 1}, {0, 1, 0}, {0, 1, -3},       // too few ticks
	}
	for _, c := range cases {
		if _, err := NiceTicks(c.lo, c.hi, c.maxTicks); !errors.Is(err, ErrInvalid) {
			t.Errorf("NiceTicks(%g, %g, %d): error %v, want ErrInvalid", c.lo, c.hi, c.maxTicks, err)
		}
	}
}

// checkTicks verifies the invariants of a tick set for data [lo, hi].
func checkTicks(t *testing.T, tk Ticks, lo, hi float64, maxTicks int, loose bool) {
	t.Helper()
	n := len(tk.Values)
	if loose {
		maxTicks = max(maxTicks, 3) // see the special cases of NiceTicks
	}
	if n > maxTicks {
		t.Errorf("[%g, %g]: %d ticks, at most %d wanted", lo, hi, n, maxTicks)
	}
	// The step is m·10ᵉ with m ∈ {1, 2, 5}.
	e := math.Floor(math.Log10(tk.Step))
	m := tk.Step / math.Pow(10, e)
	if !slices.ContainsFunc([]float64{1, 2, 5, 10}, func(v float64) bool { return math.Abs(m-v) <= 1e-12*v }) {
		t.Errorf("[%g, %g]: step %g is not 1, 2 or 5 times a power of ten", lo, hi, tk.Step)
	}
	scale := math.Max(math.Abs(tk.Min), math.Abs(tk.Max))
	for i, v := range tk.Values {
		// Every tick is a multiple of the step, inside the axis range.
		if k := v / tk.Step; math.Abs(k-math.Round(k)) > 16*eps*math.Max(1, math.Abs(k)) {
			t.Errorf("[%g, %g]: tick %g is not a multiple of %g", lo, hi, v, tk.Step)
		}
		if v < tk.Min-4*eps*scale || v > tk.Max+4*eps*scale {
			t.Errorf("[%g, %g]: tick %g outside the axis [%g, %g]", lo, hi, v, tk.Min, tk.Max)
		}
		if i > 0 && !closeTo(v-tk.Values[i-1], tk.Step, scale) {
			t.Errorf("[%g, %g]: ticks %g, %g are not one step %g apart", lo, hi, tk.Values[i-1], v, tk.Step)
		}
	}
	if loose && (tk.Min > lo || tk.Max < hi) {
		t.Errorf("[%g, %g]: axis [%g, %g] does not cover the data", lo, hi, tk.Min, tk.Max)
	}
	// Labels tell the ticks apart.
	seen := map[string]bool{}
	for _, l := range tk.Labels {
		if seen[l] {
			t.Errorf("[%g, %g]: duplicate label %q in %q", lo, hi, l, tk.Labels)
		}
		seen[l] = true
	}
}

func TestNiceTicksProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 2000; trial++ {
		// Ranges of every magnitude, sign and width, including very
		// narrow ones (relative width down to 10⁻⁹).
		mag := math.Pow(10, float64(rng.IntN(25)-12))
		lo := (rng.Float64()*2 - 1) * mag
		hi := lo + mag*math.Pow(10, -9*rng.Float64())*rng.Float64()
		maxTicks := 2 + rng.IntN(12)
		tk, err := NiceTicks(lo, hi, maxTicks)
		if err != nil {
			t.Fatalf("NiceTicks(%g, %g, %d): %v", lo, hi, maxTicks, err)
		}
		checkTicks(t, tk, lo, hi, maxTicks, true)
		// Minimality: the next smaller nice step gives too many ticks.
		if w0, w1 := widenDegenerate(lo, hi); w0 == lo && w1 == hi {
			smaller := prevNiceStep(tk.Step)
			count := math.Ceil(snap(hi/smaller)) - math.Floor(snap(lo/smaller)) + 1
			if count <= float64(maxTicks) && smaller < hi-lo {
				t.Errorf("[%g, %g]: step %g chosen though %g gives %g ≤ %d ticks", lo, hi, tk.Step, smaller, count, maxTicks)
			}
		}
		within, err := ticksWithin(lo, hi, maxTicks)
		if err != nil {
			t.Fatalf("ticksWithin(%g, %g, %d): %v", lo, hi, maxTicks, err)
		}
		checkTicks(t, within, lo, hi, maxTicks, false)
		if maxTicks >= 3 && len(within.Values) == 0 {
			t.Errorf("ticksWithin(%g, %g, %d): no tick", lo, hi, maxTicks)
		}
		if w0, w1 := widenDegenerate(lo, hi); w0 == lo && w1 == hi && (within.Min != lo || within.Max != hi) {
			t.Errorf("ticksWithin changed the fixed range [%g, %g] to [%g, %g]", lo, hi, within.Min, within.Max)
		}
	}
}

// prevNiceStep returns the nice step just below s.
func prevNiceStep(s float64) float64 {
	e := math.Floor(math.Log10(s) + 1e-9)
	switch m := math.Round(s / math.Pow(10, e)); m {
	case 1:
		return 5 * math.Pow(10, e-1)
	case 2:
		return math.Pow(10, e)
	default:
		return 2 * math.Pow(10, e)
	}
}

func TestTicksWithinFixedRange(t *testing.T) {
	// A fixed range keeps its bounds; the ticks are the multiples of the
	// step inside it: 0.05 … 1.05 with at most 6 ticks → 0.2, 0.4, …, 1.0.
	tk, err := ticksWithin(0.05, 1.05, 6)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{0.2, 0.4, 0.6, 0.8, 1}
	if tk.Min != 0.05 || tk.Max != 1.05 || len(tk.Values) != len(want) {
		t.Fatalf("ticksWithin(0.05, 1.05, 6) = %+v, want range kept and ticks %v", tk, want)
	}
	for i := range want {
		if !closeTo(tk.Values[i], want[i], 1) {
			t.Errorf("tick %d = %g, want %g", i, tk.Values[i], want[i])
		}
	}
}

func TestSuperscript(t *testing.T) {
	if got := superscript("-12"); got != "⁻¹²" {
		t.Errorf("superscript(-12) = %q", got)
	}
}

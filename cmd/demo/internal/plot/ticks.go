package plot

import (
	"math"
	"strconv"
	"strings"
)

// Ticks are the labelled positions along one axis.
type Ticks struct {
	Min, Max float64   // the axis range
	Step     float64   // distance between ticks: 1, 2 or 5 times a power of ten
	Values   []float64 // the tick positions, ascending, multiples of Step
	Labels   []string  // Values printed with as many decimals as Step needs

	suffix string // "×10ᵉ" ending every non-zero label in scientific notation
}

// shortLabels returns the labels without their common power of ten, which a
// figure shows once, in the axis title (see axisTitle).
func (t Ticks) shortLabels() []string {
	if t.suffix == "" {
		return t.Labels
	}
	short := make([]string, len(t.Labels))
	for i, l := range t.Labels {
		short[i] = strings.TrimSuffix(l, t.suffix)
	}
	return short
}

// axisTitle appends the power of ten that shortLabels removed to an axis
// label: "norm" becomes "norm (×10⁶)".
func axisTitle(label string, t Ticks) string {
	switch {
	case t.suffix == "":
		return label
	case label == "":
		return t.suffix
	}
	return label + " (" + t.suffix + ")"
}

// eps is the unit roundoff of float64, 2⁻⁵².
const eps = 0x1p-52

// niceMantissas are the allowed leading digits of a tick step.
var niceMantissas = [...]float64{1, 2, 5}

// NiceTicks chooses "nice" ticks for data in [lo, hi] by loose labelling: the
// step is the smallest s = m·10ᵉ with m ∈ {1, 2, 5} for which the widened
// range [⌊lo/s⌋·s, ⌈hi/s⌉·s] holds at most maxTicks ticks, and the axis spans
// that widened range, so that both ends carry a label. For example [0, 1]
// gives 0, 0.2, …, 1 and [0, 97] gives 0, 20, …, 100 with maxTicks = 6.
//
// Labels use the decimal point and the minus sign "−" (U+2212); values of
// magnitude 10⁶ or more, and steps below 10⁻⁴, are written as m×10ᵉ.
//
// Special cases:
//
//	lo = hi                       the range is widened to lo ± |lo|/10 (± 1 for 0) first
//	hi − lo < 10⁻¹⁰·max(|lo|,|hi|)  likewise: labels cannot show a smaller difference
//	lo > hi, NaN or ±Inf bounds   ErrInvalid
//	hi − lo overflows             ErrInvalid
//	maxTicks < 2                  ErrInvalid
//	maxTicks = 2, lo < k·s < hi   3 ticks: no nice step s has a 2-tick loose range
//
// Reference: P. S. Heckbert, "Nice numbers for graph labels", in Graphics
// Gems, Academic Press, 1990, pp. 61–63 (loose labelling).
func NiceTicks(lo, hi float64, maxTicks int) (Ticks, error) {
	if err := checkTickRange("nice ticks", lo, hi, maxTicks); err != nil {
		return Ticks{}, err
	}
	lo, hi = widenDegenerate(lo, hi)
	step := niceStep(lo, hi, maxTicks, true)
	kLo, kHi := math.Floor(snap(lo/step)), math.Ceil(snap(hi/step))
	return makeTicks(kLo*step, kHi*step, step, kLo, kHi), nil
}

// ticksWithin chooses ticks inside a fixed axis range [lo, hi]: the smallest
// nice step s with at most maxTicks multiples of s in [lo, hi]. The axis keeps
// exactly the range it was given. With maxTicks ≥ 3 there is at least one
// tick: the next smaller step s′ ≥ s/2.5 gave more than 3 ticks, so
// hi − lo ≥ 3s′ ≥ 1.2s holds a multiple of s.
func ticksWithin(lo, hi float64, maxTicks int) (Ticks, error) {
	if err := checkTickRange("ticks", lo, hi, maxTicks); err != nil {
		return Ticks{}, err
	}
	lo, hi = widenDegenerate(lo, hi)
	step := niceStep(lo, hi, maxTicks, false)
	kLo, kHi := math.Ceil(snap(lo/step)), math.Floor(snap(hi/step))
	return makeTicks(lo, hi, step, kLo, kHi), nil
}

func checkTickRange(op string, lo, hi float64, maxTicks int) error {
	switch {
	case math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0):
		return newError(op, ErrInvalid, "range [%g, %g] is not finite", lo, hi)
	case lo > hi:
		return newError(op, ErrInvalid, "range [%g, %g] has min > max", lo, hi)
	case math.IsInf(hi-lo, 0):
		return newError(op, ErrInvalid, "range [%g, %g] is too wide to subdivide", lo, hi)
	case maxTicks < 2:
		return newError(op, ErrInvalid, "at most %d ticks requested, need at least 2", maxTicks)
	}
	return nil
}

// widenDegenerate turns an empty or nearly empty range into one that tick
// labels can resolve; labels print at most about 10 significant digits.
func widenDegenerate(lo, hi float64) (float64, float64) {
	mag := math.Max(math.Abs(lo), math.Abs(hi))
	if hi-lo > 1e-10*mag && hi > lo {
		return lo, hi
	}
	mid := lo/2 + hi/2
	half := math.Abs(mid) / 10
	if half == 0 {
		half = 1
	}
	return mid - half, mid + half
}

// niceStep returns the smallest step m·10ᵉ (m ∈ {1, 2, 5}) giving at most
// maxTicks ticks: counted on the widened range when loose, inside [lo, hi]
// otherwise.
func niceStep(lo, hi float64, maxTicks int, loose bool) float64 {
	count := func(s float64) float64 {
		if loose {
			return math.Ceil(snap(hi/s)) - math.Floor(snap(lo/s)) + 1
		}
		return math.Floor(snap(hi/s)) - math.Ceil(snap(lo/s)) + 1
	}
	// Any step below (hi − lo)/maxTicks gives more than maxTicks ticks, so
	// the search starts one decade below that bound. A step s ≥ hi − lo
	// gives at most 3 ticks (⌈hi/s⌉ − ⌊lo/s⌋ < (hi − lo)/s + 2), so the
	// search stops at the first such step: only maxTicks = 2 can be
	// exceeded, by a loose range that straddles a multiple of every step.
	e := math.Floor(math.Log10((hi-lo)/float64(maxTicks))) - 1
	for ; ; e++ {
		p := math.Pow(10, e)
		for _, m := range niceMantissas {
			if s := m * p; count(s) <= float64(maxTicks) || s >= hi-lo {
				return s
			}
		}
	}
}

// snap rounds q to the nearest integer when it is within rounding error of
// it, so that 0.3/0.1 = 2.9999999999999996 counts as 3. A quotient of two
// rounded values is off by a few units in its last place, hence 16·ε·|q|.
func snap(q float64) float64 {
	if r := math.Round(q); math.Abs(q-r) <= 16*eps*math.Max(1, math.Abs(q)) {
		return r
	}
	return q
}

// makeTicks lists the ticks k·step for k = kLo … kHi on the axis [min, max].
func makeTicks(min, max, step, kLo, kHi float64) Ticks {
	t := Ticks{Min: min, Max: max, Step: step}
	f := newTickFormat(min, max, step)
	if f.sci {
		t.suffix = "×10" + superscript(strconv.Itoa(f.exponent))
	}
	for k := kLo; k <= kHi; k++ {
		v := k * step // a product, not a running sum, so errors do not accumulate
		t.Values = append(t.Values, v)
		t.Labels = append(t.Labels, f.format(v))
	}
	return t
}

// tickFormat prints tick values with the precision their step needs.
type tickFormat struct {
	step     float64
	exponent int // print v/10^exponent × 10^exponent when sci
	decimals int
	sci      bool
}

func newTickFormat(min, max, step float64) tickFormat {
	stepExp := int(math.Floor(math.Log10(step) + 1e-9))
	mag := math.Max(math.Abs(min), math.Abs(max))
	f := tickFormat{step: step, decimals: max0(-stepExp)}
	if mag >= 1e6 || step < 1e-4 {
		f.sci = true
		f.exponent = int(math.Floor(math.Log10(mag) + 1e-9))
		f.decimals = max0(f.exponent - stepExp)
	}
	return f
}

func max0(n int) int {
	if n < 0 {
		return 0
	}
	return n
}

func (f tickFormat) format(v float64) string {
	if math.Abs(v) < f.step*1e-9 {
		return "0" // no "−0" and no "0.0×10⁻⁵"
	}
	var s string
	if f.sci {
		s = strconv.FormatFloat(v/math.Pow(10, float64(f.exponent)), 'f', f.decimals, 64)
		s = strings.ReplaceAll(s, "-", "−") + "×10" + superscript(strconv.Itoa(f.exponent))
	} else {
		s = strconv.FormatFloat(v, 'f', f.decimals, 64)
	}
	return strings.ReplaceAll(s, "-", "−")
}

// superscript rewrites the digits and minus sign of s as superscripts.
func superscript(s string) string {
	const sup = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteString(string([]rune(sup)[r-'0']))
		case r == '-':
			b.WriteRune('⁻')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

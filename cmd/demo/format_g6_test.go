package main

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

// g6Checker compares appendG6 with strconv on one value after another and
// reports the first few differences.
type g6Checker struct {
	t         *testing.T
	buf, want []byte
	n, bad    int
}

// check compares appendG6(v) with strconv.AppendFloat(v, 'g', 6, 64), and
// with a leading byte already in the buffer, so appending is checked too.
func (c *g6Checker) check(v float64) {
	c.n++
	c.buf = appendG6(append(c.buf[:0], '|'), v)
	c.want = strconv.AppendFloat(append(c.want[:0], '|'), v, 'g', 6, 64)
	if string(c.buf) != string(c.want) && c.bad < 10 {
		c.bad++
		c.t.Errorf("appendG6(%v) [bits %#016x] = %q, strconv %q", v, math.Float64bits(v), c.buf[1:], c.want[1:])
	}
}

// checkBoth checks v and −v.
func (c *g6Checker) checkBoth(v float64) {
	c.check(v)
	c.check(-v)
}

// g6Ulps are the distances, in ulps, at which checkAround checks the
// neighbours of a value: from inside the fast path's margin around a
// rounding boundary (up to 64 ulps of t for t < 2¹⁷, 8 for t near 10⁶)
// to well outside it.
var g6Ulps = []uint64{1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144}

// checkAround checks ±v and the float64s g6Ulps away from it on either
// side.
func (c *g6Checker) checkAround(v float64) {
	c.checkBoth(v)
	bits := math.Float64bits(math.Abs(v))
	if bits > 0x7ff0000000000000 { // NaN
		return
	}
	for _, d := range g6Ulps {
		if bits+d <= 0x7ff0000000000000 {
			c.checkBoth(math.Float64frombits(bits + d))
		}
		if bits >= d {
			c.checkBoth(math.Float64frombits(bits - d))
		}
	}
}

// parse returns the float64 nearest the decimal s.
func (c *g6Checker) parse(s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && v == 0 { // ±Inf on overflow is still worth checking
		c.t.Fatalf("ParseFloat(%q): %v", s, err)
	}
	return v
}

// TestAppendG6Special: zeros, infinities, NaN, the extremes of float64 and
// its subnormals, and integers (which the callers print otherwise, but
// appendG6 must still print as strconv does).
func TestAppendG6Special(t *testing.T) {
	c := &g6Checker{t: t}
	for _, v := range []float64{
		0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(),
		math.Float64frombits(0x7ff8000000000001), math.Float64frombits(0xfff0000000000001),
		math.MaxFloat64, math.SmallestNonzeroFloat64, 0x1p-1022, 0x1p-1023, 0x1p-1074 * 3,
	} {
		c.checkAround(v)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 { // subnormals and the lowest normals
		c.checkBoth(math.Float64frombits(rng.Uint64N(1 << 53)))
	}
	for i := range 20000 { // integers, small and large
		c.checkBoth(float64(i))
		c.checkBoth(float64(rng.Int64N(1 << 53)))
		c.checkBoth(float64(rng.Int64N(1e7)))
	}
	// Exact ties: v = (n+½)·10^(E−5) is a float64 for integers up to 2⁵³,
	// and strconv rounds them to even.
	for _, s := range []string{"100000.5", "123456.5", "123457.5", "999999.5", "1000005", "1234565", "1234575", "9999995", "99999950", "2.5", "0.5"} {
		c.checkAround(c.parse(s))
	}
}

// TestAppendG6Random: random bit patterns (every exponent), and values
// uniform in each decade [10^e, 10^(e+1)) for e = −30 … 30.
func TestAppendG6Random(t *testing.T) {
	c := &g6Checker{t: t}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 400000 {
		c.check(math.Float64frombits(rng.Uint64()))
	}
	for e := -30; e <= 30; e++ {
		lo, hi := math.Pow(10, float64(e)), math.Pow(10, float64(e+1))
		for range 6000 {
			c.checkBoth(lo + (hi-lo)*rng.Float64())
		}
	}
	for range 100000 { // the benchmark's mix: normal, scaled by 10³
		c.check(rng.NormFloat64() * 1e3)
	}
}

// TestAppendG6Boundaries: values at and next to rounding boundaries
// d.ddddd5·10^e for every decimal exponent of float64, the carries
// 9.999995·10^e that change the exponent (among them those across %g's
// switch points e = −5/−4 and 5/6), and the powers of ten.
func TestAppendG6Boundaries(t *testing.T) {
	c := &g6Checker{t: t}
	rng := rand.New(rand.NewPCG(5, 6))
	for e := -324; e <= 308; e++ {
		exp := "e" + strconv.Itoa(e-5)
		c.checkAround(c.parse("1" + "e" + strconv.Itoa(e)))
		c.checkAround(c.parse("9999995" + "e" + strconv.Itoa(e-6)))
		c.checkAround(c.parse("1000005" + "e" + strconv.Itoa(e-6)))
		for range 30 {
			n := 100000 + rng.IntN(900000)
			c.checkAround(c.parse(strconv.Itoa(n) + ".5" + exp))
		}
	}
	for e := -7; e <= 8; e++ { // dense near %g's switch points
		exp := "e" + strconv.Itoa(e-5)
		for n := 999500; n < 1000000; n++ {
			c.checkAround(c.parse(strconv.Itoa(n) + ".5" + exp))
		}
	}
	t.Logf("%d values", c.n)
}

// g6PowRat returns b^k as an exact rational.
func g6PowRat(b, k int) *big.Rat {
	r := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(int64(b)), big.NewInt(int64(max(k, -k))), nil))
	if k < 0 {
		r.Inv(r)
	}
	return r
}

// TestG6ExponentEstimate: for every binary exponent e₂ of a normal float64,
// the estimate e = (e₂·78913)>>18 satisfies 10^e ≤ 2^e₂ < 10^(e+1), so the
// decimal exponent of any a ∈ [2^e₂, 2^(e₂+1)) is e or e+1.
func TestG6ExponentEstimate(t *testing.T) {
	for e2 := -1022; e2 <= 1023; e2++ {
		e := (e2 * 78913) >> 18
		p2 := g6PowRat(2, e2)
		if g6PowRat(10, e).Cmp(p2) > 0 || p2.Cmp(g6PowRat(10, e+1)) >= 0 {
			t.Errorf("e₂ = %d: estimate %d is not ⌊log₁₀ 2^e₂⌋", e2, e)
		}
	}
}

// TestG6Pow10: the table holds 10^k correctly rounded, exactly for
// 0 ≤ k ≤ 22, as the error bound assumes.
func TestG6Pow10(t *testing.T) {
	for i, v := range g6Pow10 {
		k := i - 308
		want, exact := g6PowRat(10, k).Float64()
		if v != want || (0 <= k && k <= 22 && !exact) {
			t.Errorf("g6Pow10[308%+d] = %v, want %v (exact %v)", k, v, want, exact)
		}
	}
}

// TestAppendG6FastPath: nearly every input takes the fast path; the
// fraction is logged for random bits and for the benchmark's mix.
func TestAppendG6FastPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 200000
	var bitsFast, mixFast int
	for range n {
		if _, _, ok := g6Round(math.Float64frombits(rng.Uint64())); ok {
			bitsFast++
		}
		if _, _, ok := g6Round(rng.NormFloat64() * 1e3); ok {
			mixFast++
		}
	}
	t.Logf("fast path: %.4f%% of random bit patterns, %.4f%% of the normal·10³ mix",
		100*float64(bitsFast)/n, 100*float64(mixFast)/n)
	if mixFast < n-10 || bitsFast < n*98/100 {
		t.Errorf("fast path taken by only %d and %d of %d", mixFast, bitsFast, n)
	}
}

// FuzzAppendG6 compares appendG6 with strconv on any float64.
func FuzzAppendG6(f *testing.F) {
	for _, v := range []float64{
		0, 1, -1, 0.5, 123456.5, 999999.5, 9.999995e-05, 9.999995e+05, 1e-5, 1e-4, 1e5, 1e6, 1e22, 1e23,
		math.Pi, -math.E, 1e-300, 1e300, math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.NaN(),
	} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v float64) {
		got := string(appendG6(nil, v))
		if want := strconv.FormatFloat(v, 'g', 6, 64); got != want {
			t.Errorf("appendG6(%v) [bits %#016x] = %q, strconv %q", v, math.Float64bits(v), got, want)
		}
	})
}

// g6BenchValues is the benchmarks' mix: normally distributed values scaled
// by 10³, like PCA projections.
func g6BenchValues() []float64 {
	rng := rand.New(rand.NewPCG(9, 10))
	v := make([]float64, 1<<16)
	for i := range v {
		v[i] = rng.NormFloat64() * 1e3
	}
	return v
}

// BenchmarkAppendG6 times appendG6 on the mix; ns/op is per number.
func BenchmarkAppendG6(b *testing.B) {
	vs, buf := g6BenchValues(), make([]byte, 0, 64)
	i := 0
	for b.Loop() {
		buf = appendG6(buf[:0], vs[i&(1<<16-1)])
		i++
	}
}

// BenchmarkAppendFloatG6 times strconv on the same mix, for comparison.
func BenchmarkAppendFloatG6(b *testing.B) {
	vs, buf := g6BenchValues(), make([]byte, 0, 64)
	i := 0
	for b.Loop() {
		buf = strconv.AppendFloat(buf[:0], vs[i&(1<<16-1)], 'g', 6, 64)
		i++
	}
}

// TestFormatNumberMatchesStrconv: formatNumber and appendNumber, which
// print through appendG6, still print what strconv alone did: integers
// without a fraction, −0 as 0, everything else with 'g' and 6 digits.
func TestFormatNumberMatchesStrconv(t *testing.T) {
	ref := func(v float64) string {
		if v == 0 {
			v = 0
		}
		if v == math.Trunc(v) && math.Abs(v) < 1e15 {
			return strconv.FormatFloat(v, 'f', -1, 64)
		}
		return strconv.FormatFloat(v, 'g', 6, 64)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	vs := []float64{0, math.Copysign(0, -1), 1, -1, 1e15, 1e15 - 1, 999999.5, 1e-5, math.Inf(1), math.NaN(), math.MaxFloat64}
	for range 20000 {
		vs = append(vs, rng.NormFloat64()*1e3, math.Round(rng.NormFloat64()*1e6), math.Float64frombits(rng.Uint64()))
	}
	var b []byte
	for _, v := range vs {
		want := ref(v)
		if got := formatNumber(v); got != want {
			t.Errorf("formatNumber(%v) = %q, want %q", v, got, want)
		}
		if b = appendNumber(append(b[:0], 'x'), v); string(b[1:]) != want {
			t.Errorf("appendNumber(%v) = %q, want %q", v, b[1:], want)
		}
	}
}

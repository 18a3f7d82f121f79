package main

// A fast strconv.AppendFloat(b, v, 'g', 6, 64) for the CLI's text output:
// PCA's projections alone are three million numbers, and strconv's exact
// fixed-precision path takes about three times as long per number as the
// fast path below (BenchmarkAppendG6, BenchmarkAppendFloatG6).
//
// The fast path rounds |v| to six significant digits with one float64
// multiplication by a power of ten, and accepts the digits only when the
// error bound below proves them to be the correctly rounded digits that
// strconv prints. Every other input goes to strconv itself: ±0,
// subnormals, |v| < 2⁻¹⁰⁰⁶ ≈ 1.5·10⁻³⁰³, ±Inf, NaN, and the values whose
// scaled form lies within g6Margin of a rounding boundary (exact ties
// among them, which strconv rounds to even). So the output is strconv's,
// byte for byte, for every float64.
//
// Why the fast path is exact. Let a = |v| (normal) and e its decimal
// exponent, chosen as below. strconv prints the digits round(T) of the
// exact T = a·10^(5−e), which lies in [10⁵, 10⁶) for the right e. We
// compute t = fl(a·p) with p = g6Pow10[308+5−e] = 10^(5−e)·(1+ε₁) (exact
// for 0 ≤ 5−e ≤ 22, correctly rounded otherwise), the multiplication
// adding its own (1+ε₂), |ε₁|, |ε₂| ≤ u = 2⁻⁵³; so
//
//	|t − T| ≤ T·(2u + u²) < 2.3·10⁻¹⁰ < 2⁻³²   for T ≤ 10⁶·(1+u).
//
// n = round(t) comes exactly from t + 2⁵² (whose ulp is 1), and t − n is
// exact. If |t − n| < ½ − g6Margin, with g6Margin = 2⁻³⁰ four times the
// bound, then |T − n| < ½: T rounds to n as t does, and strconv prints n.
// Otherwise t is too near a boundary k+½ to tell, and strconv decides.
//
// Choosing e. For a ∈ [2^e₂, 2^(e₂+1)) the estimate e = ⌊e₂·log₁₀2⌋
// satisfies 10^e ≤ a < 10^(e+2) (TestG6ExponentEstimate checks every
// e₂), so the exponent is e or e+1: e+1 when a ≥ g6Pow10[308+e+1]. That
// entry is 10^(e+1) rounded, so for a between it and the exact 10^(e+1)
// (relatively within u) the comparison may choose the other exponent than
// the exact one. Both choices print 1·10^(e+1) there: with e, T is within
// 10⁶·u of 10⁶, rounds to 10⁶ and carries into the exponent (as every a
// that rounds up to a power of ten does, 999999.5 and above); with e+1,
// T is within 10⁵·u of 10⁵ and rounds to it.

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
)

// g6Margin is how close t may come to a rounding boundary k+½ before the
// fast path leaves v to strconv: four times the bound 2⁻³² on |t − T|.
const g6Margin = 0x1p-30

// g6Triple[i] holds the three ASCII digits of i, 0 ≤ i < 1000, the first
// in the low byte.
var g6Triple = func() (p [1000]uint32) {
	for i := range p {
		p[i] = uint32('0'+i/100) | uint32('0'+i/10%10)<<8 | uint32('0'+i%10)<<16
	}
	return p
}()

// appendG6 appends strconv.FormatFloat(v, 'g', 6, 64) to b: exactly that,
// for every float64. Like append it may reallocate b; unlike append it
// writes 16 bytes into b's spare capacity, so bytes of b's backing array
// past the returned length may change.
func appendG6(b []byte, v float64) []byte {
	n, e, ok := g6Round(v)
	if !ok {
		return strconv.AppendFloat(b, v, 'g', 6, 64)
	}
	w0, w1, m := g6Text(int(math.Float64bits(v)>>63), n, e)
	l := len(b)
	if cap(b)-l < 16 {
		b = append(b, make([]byte, 16)...)[:l]
	}
	out := (*[16]byte)(b[l : l+16])
	binary.LittleEndian.PutUint64(out[:8], w0)
	binary.LittleEndian.PutUint64(out[8:], w1)
	return b[:l+m]
}

// g6Round returns |v| rounded to six significant digits as n·10^(e−5),
// 10⁵ ≤ n < 10⁶, when it can prove the rounding (see the file comment);
// ok is false when v must go to strconv instead.
func g6Round(v float64) (n uint32, e int, ok bool) {
	bits := math.Float64bits(v)
	be := int(bits>>52) & 0x7ff
	// Biased exponents 17 … 2046 are the normal |v| ≥ 2⁻¹⁰⁰⁶, e ≥ −303;
	// below, 10^(5−e) would overflow. 0 is ±0 and the subnormals, 2047
	// ±Inf and NaN.
	if uint(be-17) >= 2047-17 {
		return 0, 0, false
	}
	e = ((be - 1023) * 78913) >> 18 // ⌊e₂·log₁₀2⌋: 78913/2¹⁸ ≈ log₁₀2
	// e++ if |v| ≥ 10^(e+1), without a branch: positive floats order as
	// their bits do, and the difference's sign bit is the comparison.
	abs := bits &^ (1 << 63)
	e += int((math.Float64bits(g6Pow10[308+e+1]) - abs - 1) >> 63)
	// The conversion rounds the product, so it is never fused with the sum.
	t := float64(math.Float64frombits(abs) * g6Pow10[308+5-e])
	r := t + 0x1p52 // 2⁵² + round(t), ties to even
	n = uint32(math.Float64bits(r))
	if 0.5-math.Abs(t-(r-0x1p52)) <= g6Margin {
		return 0, 0, false // at or too near a rounding boundary
	}
	if n == 1e6 { // 999999.5 and above: carry into the exponent
		n, e = 1e5, e+1
	}
	return n, e, true
}

// g6Digits returns the six digits of n, 10⁵ ≤ n < 10⁶, as ASCII in one
// little-endian word (the first digit in the low byte, the top two bytes
// zero), and how many remain once trailing zeros are dropped.
func g6Digits(n uint32) (x uint64, nd int) {
	hi := n / 1000
	x = uint64(g6Triple[hi]) | uint64(g6Triple[n-1000*hi])<<24
	return x, (bits.Len64(x-0x303030303030) + 7) / 8
}

// g6Text returns the text of −ˢn·10^(e−5) for sign bit s and
// 10⁵ ≤ n < 10⁶, as %g with six significant digits writes it: bytes 0–7
// little-endian in w0, 8–15 in w1, the first m of them. Trailing zeros are
// dropped, and the decimal point with them when no fraction remains; the
// form is d.ddddde±XX when e < −4 or e ≥ 6, positional otherwise. The
// decimal point and the rest are spliced in with shifts, not branches.
func g6Text(s int, n uint32, e int) (w0, w1 uint64, m int) {
	x, nd := g6Digits(n)
	sh := uint(8*s) & 63 // the sign moves the rest up by s bytes
	switch {
	case e < -4 || e >= 6: // d.ddddd, then e±XX
		p := 1 // "d" or "d.dd…"
		if nd > 1 {
			p = nd + 1
		}
		ex, el := g6Exponent(e)
		q := uint(8*p) & 63
		w0 = (x&0xff|'.'<<8|(x&^0xff)<<8)&(1<<q-1) | ex<<q
		w1 = ex >> (64 - q)
		m = p + el
	case e < 0: // "0." and −e−1 zeros, then the digits
		q := uint(8-8*e) & 63
		w0 = 0x3030303030302e30&(1<<q-1) | x<<q // "0.000000"
		w1 = x >> (64 - q)
		m = 1 - e + nd
	default: // e+1 digits, then the point and the rest if any: ≤ 7 bytes
		q := uint(8+8*e) & 63
		low := uint64(1)<<q - 1
		m = e + 1
		if nd > m {
			m = nd + 1
		}
		return (x&low|'.'<<q|(x&^low)<<8)<<sh | uint64(s)*'-', 0, m + s
	}
	return w0<<sh | uint64(s)*'-', w1<<sh | w0>>(64-sh), m + s
}

// g6Exponent returns e as strconv writes an exponent, 'e', the sign and
// at least two digits (e+06, e-05, e+100), as a little-endian word, and
// its length.
func g6Exponent(e int) (ex uint64, el int) {
	sign := uint64('+')
	if e < 0 {
		sign, e = '-', -e
	}
	if e < 100 {
		return 'e' | sign<<8 | uint64(g6Triple[e])>>8<<16, 4
	}
	return 'e' | sign<<8 | uint64(g6Triple[e])<<16, 5
}

// g6Pow10[308+k] is 10^k rounded to the nearest float64, k = −308 … 308:
// Go converts each constant with correct rounding (exactly for
// 0 ≤ k ≤ 22), and TestG6Pow10 checks every entry.
var g6Pow10 = [617]float64{
	1e-308, 1e-307, 1e-306, 1e-305, 1e-304, 1e-303, 1e-302, 1e-301, 1e-300, 1e-299,
	1e-298, 1e-297, 1e-296, 1e-295, 1e-294, 1e-293, 1e-292, 1e-291, 1e-290, 1e-289,
	1e-288, 1e-287, 1e-286, 1e-285, 1e-284, 1e-283, 1e-282, 1e-281, 1e-280, 1e-279,
	1e-278, 1e-277, 1e-276, 1e-275, 1e-274, 1e-273, 1e-272, 1e-271, 1e-270, 1e-269,
	1e-268, 1e-267, 1e-266, 1e-265, 1e-264, 1e-263, 1e-262, 1e-261, 1e-260, 1e-259,
	1e-258, 1e-257, 1e-256, 1e-255, 1e-254, 1e-253, 1e-252, 1e-251, 1e-250, 1e-249,
	1e-248, 1e-247, 1e-246, 1e-245, 1e-244, 1e-243, 1e-242, 1e-241, 1e-240, 1e-239,
	1e-238, 1e-237, 1e-236, 1e-235, 1e-234, 1e-233, 1e-232, 1e-231, 1e-230, 1e-229,
	1e-228, 1e-227, 1e-226, 1e-225, 1e-224, 1e-223, 1e-222, 1e-221, 1e-220, 1e-219,
	1e-218, 1e-217, 1e-216, 1e-215, 1e-214, 1e-213, 1e-212, 1e-211, 1e-210, 1e-209,
	1e-208, 1e-207, 1e-206, 1e-205, 1e-204, 1e-203, 1e-202, 1e-201, 1e-200, 1e-199,
	1e-198, 1e-197, 1e-196, 1e-195, 1e-194, 1e-193, 1e-192, 1e-191, 1e-190, 1e-189,
	1e-188, 1e-187, 1e-186, 1e-185, 1e-184, 1e-183, 1e-182, 1e-181, 1e-180, 1e-179,
	1e-178, 1e-177, 1e-176, 1e-175, 1e-174, 1e-173, 1e-172, 1e-171, 1e-170, 1e-169,
	1e-168, 1e-167, 1e-166, 1e-165, 1e-164, 1e-163, 1e-162, 1e-161, 1e-160, 1e-159,
	1e-158, 1e-157, 1e-156, 1e-155, 1e-154, 1e-153, 1e-152, 1e-151, 1e-150, 1e-149,
	1e-148, 1e-147, 1e-146, 1e-145, 1e-144, 1e-143, 1e-142, 1e-141, 1e-140, 1e-139,
	1e-138, 1e-137, 1e-136, 1e-135, 1e-134, 1e-133, 1e-132, 1e-131, 1e-130, 1e-129,
	1e-128, 1e-127, 1e-126, 1e-125, 1e-124, 1e-123, 1e-122, 1e-121, 1e-120, 1e-119,
	1e-118, 1e-117, 1e-116, 1e-115, 1e-114, 1e-113, 1e-112, 1e-111, 1e-110, 1e-109,
	1e-108, 1e-107, 1e-106, 1e-105, 1e-104, 1e-103, 1e-102, 1e-101, 1e-100, 1e-99,
	1e-98, 1e-97, 1e-96, 1e-95, 1e-94, 1e-93, 1e-92, 1e-91, 1e-90, 1e-89,
	1e-88, 1e-87, 1e-86, 1e-85, 1e-84, 1e-83, 1e-82, 1e-81, 1e-80, 1e-79,
	1e-78, 1e-77, 1e-76, 1e-75, 1e-74, 1e-73, 1e-72, 1e-71, 1e-70, 1e-69,
	1e-68, 1e-67, 1e-66, 1e-65, 1e-64, 1e-63, 1e-62, 1e-61, 1e-60, 1e-59,
	1e-58, 1e-57, 1e-56, 1e-55, 1e-54, 1e-53, 1e-52, 1e-51, 1e-50, 1e-49,
	1e-48, 1e-47, 1e-46, 1e-45, 1e-44, 1e-43, 1e-42, 1e-41, 1e-40, 1e-39,
	1e-38, 1e-37, 1e-36, 1e-35, 1e-34, 1e-33, 1e-32, 1e-31, 1e-30, 1e-29,
	1e-28, 1e-27, 1e-26, 1e-25, 1e-24, 1e-23, 1e-22, 1e-21, 1e-20, 1e-19,
	1e-18, 1e-17, 1e-16, 1e-15, 1e-14, 1e-13, 1e-12, 1e-11, 1e-10, 1e-9,
	1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1e0, 1e1,
	1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21,
	1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31,
	1e32, 1e33, 1e34, 1e35, 1e36, 1e37, 1e38, 1e39, 1e40, 1e41,
	1e42, 1e43, 1e44, 1e45, 1e46, 1e47, 1e48, 1e49, 1e50, 1e51,
	1e52, 1e53, 1e54, 1e55, 1e56, 1e57, 1e58, 1e59, 1e60, 1e61,
	1e62, 1e63, 1e64, 1e65, 1e66, 1e67, 1e68, 1e69, 1e70, 1e71,
	1e72, 1e73, 1e74, 1e75, 1e76, 1e77, 1e78, 1e79, 1e80, 1e81,
	1e82, 1e83, 1e84, 1e85, 1e86, 1e87, 1e88, 1e89, 1e90, 1e91,
	1e92, 1e93, 1e94, 1e95, 1e96, 1e97, 1e98, 1e99, 1e100, 1e101,
	1e102, 1e103, 1e104, 1e105, 1e106, 1e107, 1e108, 1e109, 1e110, 1e111,
	1e112, 1e113, 1e114, 1e115, 1e116, 1e117, 1e118, 1e119, 1e120, 1e121,
	1e122, 1e123, 1e124, 1e125, 1e126, 1e127, 1e128, 1e129, 1e130, 1e131,
	1e132, 1e133, 1e134, 1e135, 1e136, 1e137, 1e138, 1e139, 1e140, 1e141,
	1e142, 1e143, 1e144, 1e145, 1e146, 1e147, 1e148, 1e149, 1e150, 1e151,
	1e152, 1e153, 1e154, 1e155, 1e156, 1e157, 1e158, 1e159, 1e160, 1e161,
	1e162, 1e163, 1e164, 1e165, 1e166, 1e167, 1e168, 1e169, 1e170, 1e171,
	1e172, 1e173, 1e174, 1e175, 1e176, 1e177, 1e178, 1e179, 1e180, 1e181,
	1e182, 1e183, 1e184, 1e185, 1e186, 1e187, 1e188, 1e189, 1e190, 1e191,
	1e192, 1e193, 1e194, 1e195, 1e196, 1e197, 1e198, 1e199, 1e200, 1e201,
	1e202, 1e203, 1e204, 1e205, 1e206, 1e207, 1e208, 1e209, 1e210, 1e211,
	1e212, 1e213, 1e214, 1e215, 1e216, 1e217, 1e218, 1e219, 1e220, 1e221,
	1e222, 1e223, 1e224, 1e225, 1e226, 1e227, 1e228, 1e229, 1e230, 1e231,
	1e232, 1e233, 1e234, 1e235, 1e236, 1e237, 1e238, 1e239, 1e240, 1e241,
	1e242, 1e243, 1e244, 1e245, 1e246, 1e247, 1e248, 1e249, 1e250, 1e251,
	1e252, 1e253, 1e254, 1e255, 1e256, 1e257, 1e258, 1e259, 1e260, 1e261,
	1e262, 1e263, 1e264, 1e265, 1e266, 1e267, 1e268, 1e269, 1e270, 1e271,
	1e272, 1e273, 1e274, 1e275, 1e276, 1e277, 1e278, 1e279, 1e280, 1e281,
	1e282, 1e283, 1e284, 1e285, 1e286, 1e287, 1e288, 1e289, 1e290, 1e291,
	1e292, 1e293, 1e294, 1e295, 1e296, 1e297, 1e298, 1e299, 1e300, 1e301,
	1e302, 1e303, 1e304, 1e305, 1e306, 1e307, 1e308,
}

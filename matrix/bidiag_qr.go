package matrix

import "math"

// The implicit-shift QR iteration on an upper bidiagonal matrix, the second
// half of the Golub–Kahan–Reinsch SVD, in the form of LAPACK's dbdsqr
// (Demmel and Kahan, 1990).
//
// B (diagonal d, superdiagonal e) is driven to diagonal form by sweeps of
// plane rotations, B ← Pᵀ B Q, each sweep being one step of the QR
// algorithm on the tridiagonal BᵀB without ever forming it:
//
//   - with a shift σ (an estimate of the smallest singular value of the
//     trailing 2×2 block), the first right rotation is the one that the
//     QR step on BᵀB − σ²I would start with, and the bulge it creates is
//     chased down the band by alternating left and right rotations;
//   - with σ = 0 (the Demmel–Kahan zero-shift sweep) the same chase is
//     written so that no subtraction can cancel, and every singular value,
//     however small, keeps high relative accuracy.
//
// The zero shift is chosen when the shift would be negligible next to the
// smallest singular value estimate, which is also what makes a zero on the
// diagonal harmless: it is driven to the bottom and splits off.
//
// A superdiagonal entry is set to zero (the matrix splits) when it is
// negligible relative to its neighbours by the recurrence of Demmel and
// Kahan, |eⱼ| ≤ tol·μⱼ with μⱼ a running lower bound of the smallest
// singular value of the block above j, or absolutely small, below
// tol·σ_min/√n. Each split changes B by less than tol relative to the
// singular values near it, so the whole iteration is backward stable, and
// the singular values are accurate to tol relative.
//
// Blocks are chased from the top when |d_top| ≥ |d_bottom|, from the
// bottom otherwise (graded matrices converge at the small end).
//
// The rotations of one sweep are collected and applied to the vectors
// afterwards (applyRotations): the left ones to the columns of U, the right
// ones to the columns of V, so that UBVᵀ stays equal to the input.

// bidiagQRTolMultiple is the multiple of ε in the relative convergence
// test.
const bidiagQRTolMultiple = 10

// bidiagQRMaxSweepsPerValue bounds the work: the iteration fails after
// 6·n² inner steps, the limit of dbdsqr (about 2 sweeps per singular value
// are typical).
const bidiagQRMaxSweepsPerValue = 6

// bidiagonalQR computes the singular values of the n×n upper bidiagonal B
// (d, e) in place: on return d holds them, unsorted and possibly negative
// (the caller takes |dᵢ| and flips the corresponding column of V), and e
// is zero. u (rows × n or more columns) and v (rows × n), when not nil,
// are multiplied on the right by the left and right rotations.
func bidiagonalQR(d, e []float64, u, v *Dense) error {
	return bidiagonalQRLimit(d, e, u, v, bidiagQRMaxSweepsPerValue*len(d)*len(d))
}

// bidiagonalQRLimit is bidiagonalQR with a bound on the inner steps, so
// that the tests can reach the no-convergence error.
func bidiagonalQRLimit(d, e []float64, u, v *Dense, maxit int) error {
	n := len(d)
	if n <= 1 {
		return nil
	}
	const eps = 0x1p-53 // unit roundoff, as LAPACK's dlamch("E")
	const unfl = 0x1p-1022
	tol := bidiagQRTolMultiple * eps
	// σ_min estimate of the whole matrix, for the absolute threshold.
	mu := math.Abs(d[0])
	sminoa := mu
	for i := 1; i < n && sminoa > 0; i++ {
		mu = math.Abs(d[i]) * (mu / (mu + math.Abs(e[i-1])))
		sminoa = min(sminoa, mu)
	}
	sminoa /= math.Sqrt(float64(n))
	thresh := max(tol*sminoa, float64(bidiagQRMaxSweepsPerValue*n*n)*unfl)

	rot := make([]float64, 4*n) // cosr, sinr, cosl, sinl of one sweep
	cr, sr, cl, sl := rot[:n], rot[n:2*n], rot[2*n:3*n], rot[3*n:]
	apply := func(lo, k int, vc, vs, uc, us []float64, backward bool) {
		var seqs []rotationSeq
		if v != nil {
			seqs = append(seqs, rotationSeq{x: v, lo: lo, c: vc[:k], s: vs[:k], backward: backward})
		}
		if u != nil {
			seqs = append(seqs, rotationSeq{x: u, lo: lo, c: uc[:k], s: us[:k], backward: backward})
		}
		if len(seqs) > 0 {
			applyRotations(seqs...)
		}
	}

	iter := 0
	oldll, oldm := -1, -1
	dir := 0 // 1: chase from the top, 2: from the bottom
	m := n - 1
	for m > 0 {
		if iter > maxit {
			return newError("svd", ErrNoConvergence, "bidiagonal QR did not converge in %d inner steps", maxit)
		}
		// Find the unreduced block ll … m at the bottom: the last e that is
		// negligible in absolute terms splits it.
		smax := math.Abs(d[m])
		ll := -1
		for i := m - 1; i >= 0; i-- {
			if math.Abs(e[i]) <= thresh {
				e[i] = 0
				ll = i
				break
			}
			smax = max(smax, math.Abs(d[i]), math.Abs(e[i]))
		}
		if ll == m-1 { // dₘ has converged
			m--
			continue
		}
		ll++
		if ll > oldm || m < oldll {
			// A new block: chase towards the end with the smaller entry.
			if math.Abs(d[ll]) >= math.Abs(d[m]) {
				dir = 1
			} else {
				dir = 2
			}
		}
		// Relative convergence tests (Demmel–Kahan), and the running
		// estimate sminl of the smallest singular value of the block.
		var sminl float64
		if dir == 1 {
			if math.Abs(e[m-1]) <= tol*math.Abs(d[m]) {
				e[m-1] = 0
				continue
			}
			mu := math.Abs(d[ll])
			sminl = mu
			split := false
			for i := ll; i < m; i++ {
				if math.Abs(e[i]) <= tol*mu {
					e[i] = 0
					split = true
					break
				}
				mu = math.Abs(d[i+1]) * (mu / (mu + math.Abs(e[i])))
				sminl = min(sminl, mu)
			}
			if split {
				continue
			}
		} else {
			if math.Abs(e[ll]) <= tol*math.Abs(d[ll]) {
				e[ll] = 0
				continue
			}
			mu := math.Abs(d[m])
			sminl = mu
			split := false
			for i := m - 1; i >= ll; i-- {
				if math.Abs(e[i]) <= tol*mu {
					e[i] = 0
					split = true
					break
				}
				mu = math.Abs(d[i]) * (mu / (mu + math.Abs(e[i])))
				sminl = min(sminl, mu)
			}
			if split {
				continue
			}
		}
		oldll, oldm = ll, m

		// The shift: the smaller singular value of the trailing (or
		// leading) 2×2 block, or zero when it is negligible.
		var shift float64
		if !(float64(n)*tol*(sminl/smax) <= max(eps, 0.01*tol)) {
			var sll float64
			if dir == 1 {
				sll = math.Abs(d[ll])
				shift = smallerSingularValue2x2(d[m-1], e[m-1], d[m])
			} else {
				sll = math.Abs(d[m])
				shift = smallerSingularValue2x2(d[ll], e[ll], d[ll+1])
			}
			if sll > 0 && (shift/sll)*(shift/sll) < eps {
				shift = 0
			}
		}
		iter += m - ll
		k := m - ll // rotations in the sweep

		switch {
		case shift == 0 && dir == 1:
			// Zero-shift sweep from the top.
			cs, oldcs := 1.0, 1.0
			var sn, oldsn, r float64
			for i := ll; i < m; i++ {
				cs, sn, r = givens(d[i]*cs, e[i])
				if i > ll {
					e[i-1] = oldsn * r
				}
				oldcs, oldsn, d[i] = givens(oldcs*r, d[i+1]*sn)
				cr[i-ll], sr[i-ll], cl[i-ll], sl[i-ll] = cs, sn, oldcs, oldsn
			}
			h := d[m] * cs
			d[m] = h * oldcs
			e[m-1] = h * oldsn
			apply(ll, k, cr, sr, cl, sl, false)
			if math.Abs(e[m-1]) <= thresh {
				e[m-1] = 0
			}
		case shift == 0:
			// Zero-shift sweep from the bottom.
			cs, oldcs := 1.0, 1.0
			var sn, oldsn, r float64
			for i := m; i > ll; i-- {
				cs, sn, r = givens(d[i]*cs, e[i-1])
				if i < m {
					e[i] = oldsn * r
				}
				oldcs, oldsn, d[i] = givens(oldcs*r, d[i-1]*sn)
				j := i - 1 - ll
				cr[j], sr[j], cl[j], sl[j] = cs, -sn, oldcs, -oldsn
			}
			h := d[ll] * cs
			d[ll] = h * oldcs
			e[ll] = h * oldsn
			apply(ll, k, cl, sl, cr, sr, true)
			if math.Abs(e[ll]) <= thresh {
				e[ll] = 0
			}
		case dir == 1:
			// Shifted sweep from the top: the first rotation starts the QR
			// step on BᵀB − σ²I, the rest chase the bulge down.
			f := (math.Abs(d[ll]) - shift) * (math.Copysign(1, d[ll]) + shift/d[ll])
			g := e[ll]
			for i := ll; i < m; i++ {
				cosr, sinr, r := givens(f, g)
				if i > ll {
					e[i-1] = r
				}
				f = cosr*d[i] + sinr*e[i]
				e[i] = cosr*e[i] - sinr*d[i]
				g = sinr * d[i+1]
				d[i+1] = cosr * d[i+1]
				cosl, sinl, r := givens(f, g)
				d[i] = r
				f = cosl*e[i] + sinl*d[i+1]
				d[i+1] = cosl*d[i+1] - sinl*e[i]
				if i < m-1 {
					g = sinl * e[i+1]
					e[i+1] = cosl * e[i+1]
				}
				cr[i-ll], sr[i-ll], cl[i-ll], sl[i-ll] = cosr, sinr, cosl, sinl
			}
			e[m-1] = f
			apply(ll, k, cr, sr, cl, sl, false)
			if math.Abs(e[m-1]) <= thresh {
				e[m-1] = 0
			}
		default:
			// Shifted sweep from the bottom.
			f := (math.Abs(d[m]) - shift) * (math.Copysign(1, d[m]) + shift/d[m])
			g := e[m-1]
			for i := m; i > ll; i-- {
				cosr, sinr, r := givens(f, g)
				if i < m {
					e[i] = r
				}
				f = cosr*d[i] + sinr*e[i-1]
				e[i-1] = cosr*e[i-1] - sinr*d[i]
				g = sinr * d[i-1]
				d[i-1] = cosr * d[i-1]
				cosl, sinl, r := givens(f, g)
				d[i] = r
				f = cosl*e[i-1] + sinl*d[i-1]
				d[i-1] = cosl*d[i-1] - sinl*e[i-1]
				if i > ll+1 {
					g = sinl * e[i-2]
					e[i-2] = cosl * e[i-2]
				}
				j := i - 1 - ll
				cr[j], sr[j], cl[j], sl[j] = cosr, -sinr, cosl, -sinl
			}
			e[ll] = f
			if math.Abs(e[ll]) <= thresh {
				e[ll] = 0
			}
			apply(ll, k, cl, sl, cr, sr, true)
		}
	}
	return nil
}

// givens returns c, s and r with [c s; −s c]·[f; g] = [r; 0] and
// c² + s² = 1 (LAPACK's dlartg): r = ±√(f² + g²) with the sign of f.
func givens(f, g float64) (c, s, r float64) {
	switch {
	case g == 0:
		return 1, 0, f
	case f == 0:
		return 0, math.Copysign(1, g), math.Abs(g)
	}
	ss := f*f + g*g
	if ss > 0x1p-900 && ss < 0x1p900 {
		r = math.Sqrt(ss)
	} else {
		r = math.Hypot(f, g) // no overflow or underflow in the squares
	}
	r = math.Copysign(r, f)
	return f / r, g / r, r
}

// smallerSingularValue2x2 returns the smaller singular value of the upper
// triangular [f g; 0 h], computed without overflow and to high relative
// accuracy (LAPACK's dlas2).
func smallerSingularValue2x2(f, g, h float64) float64 {
	fa, ga, ha := math.Abs(f), math.Abs(g), math.Abs(h)
	fhmn, fhmx := min(fa, ha), max(fa, ha)
	switch {
	case fhmn == 0:
		return 0
	case ga < fhmx:
		as := 1 + fhmn/fhmx
		at := (fhmx - fhmn) / fhmx
		au := (ga / fhmx) * (ga / fhmx)
		c := 2 / (math.Sqrt(as*as+au) + math.Sqrt(at*at+au))
		return fhmn * c
	default:
		au := fhmx / ga
		if au == 0 {
			// ga is so much larger that fhmx/ga underflows: σ_min ≈ fhmn·fhmx/ga.
			return (fhmn * fhmx) / ga
		}
		as := 1 + fhmn/fhmx
		at := (fhmx - fhmn) / fhmx
		c := 1 / (math.Sqrt(1+(as*au)*(as*au)) + math.Sqrt(1+(at*au)*(at*au)))
		return 2 * (fhmn * c) * au
	}
}

package main

import (
	"math"

	"mlnotes/cmd/demo/internal/live"
	"mlnotes/eigen"
	"mlnotes/matrix"
)

func init() {
	registerSection(section{
		order: 20,
		name:  "eigen",
		title: "Symmetric eigenproblems: Jacobi, tridiagonal QR, divide and conquer",
		notes: `002, "Rayleigh quotient"; 000, "PCA Procedure"`,
		run:   tourEigen,
	})
}

// tourEigen solves the eigenproblem of the wine covariance with Jacobi and
// QR, shows each converge, checks the Rayleigh-quotient facts of the
// slides, and shows divide and conquer at work on a larger matrix.
func tourEigen(t *tour) error {
	wine, err := t.loadCSV("wine.csv")
	if err != nil {
		return err
	}
	x, _, _, _ := wine.Split(wine.Data.Cols() - 1)
	z, _, _, err := matrix.Standardize(x, matrix.Population)
	if err != nil {
		return err
	}
	s, err := matrix.Covariance(z, matrix.Population) // the correlation matrix, 13×13
	if err != nil {
		return err
	}
	n := s.Rows()
	t.say("wine: %d samples × %d features, standardized; S is their 13×13 correlation matrix", x.Rows(), n)

	t.say("Jacobi: each sweep rotates every pair (p, q) to zero s_pq; off(S) falls quadratically:")
	var rots []eigen.JacobiRotation
	jac, err := eigen.Jacobi(s, eigen.JacobiOptions{Trace: func(sw eigen.JacobiSweep) {
		t.say("  %s", formatJacobiSweep(sw))
	}, Rotation: func(r eigen.JacobiRotation) { rots = append(rots, r) }})
	if err != nil {
		return err
	}
	if err := tourJacobiPictures(t, rots); err != nil {
		return err
	}
	t.say("tridiagonal QR: Householder reduction to T = QᵀSQ, then implicit QR steps with Wilkinson shifts:")
	var steps []eigen.QRStep
	qr, err := eigen.Symmetric(s, eigen.SymmetricOptions{Trace: func(st eigen.QRStep) {
		if steps = append(steps, st); len(steps) <= 4 {
			t.say("  %s", formatQRStep(st))
		}
	}})
	if err != nil {
		return err
	}
	t.say("%d QR steps in all (the first 4 shown), %.1f per eigenvalue: the last off-diagonal converges cubically", len(steps), float64(len(steps))/float64(n))
	if err := t.savePlot(live.QRFigure(steps, 0), "eigen-qr-offdiagonal"); err != nil {
		return err
	}
	maxDiff := maxAbsDiff(jac.Values, qr.Values)
	bound := float64(n) * machineEps * matrix.NormFrobenius(s)
	t.checkTrue("Jacobi and QR agree on every eigenvalue", maxDiff <= bound,
		"max |λ_jacobi − λ_qr| = "+formatNumber(maxDiff)+" ≤ nε‖S‖ = "+formatNumber(bound))

	t.claim("the Rayleigh quotient wᵀSw/wᵀw of an eigenvector is its eigenvalue; over all w it is largest at the top eigenvector")
	top := qr.Vectors.Col(n - 1)
	sw, _ := matrix.MulVec(s, top)
	t.checkClose("Rayleigh quotient of the top eigenvector = λ_max", matrix.Dot(top, sw), qr.Values[n-1], 16*machineEps*float64(n))
	t.claim("max trace(HᵀSH) over HᵀH = I with k columns is the sum of the k largest eigenvalues")
	k := 3
	h, _ := qr.Largest(k)
	sh, _ := matrix.Mul(s, h.Vectors)
	hsh, _ := matrix.MulATB(h.Vectors, sh)
	tr, _ := matrix.Trace(hsh)
	t.checkClose("trace(HᵀSH) at the top-3 eigenvectors = λ₁ + λ₂ + λ₃", tr, h.Values[0]+h.Values[1]+h.Values[2], 16*machineEps*float64(n))
	return tourDivideConquer(t)
}

// tourJacobiPictures draws, as the eigenproblems page of the site does,
// the matrix at the end of the first sweep (a heat map: what is left off
// the diagonal) and off(S) after every rotation on a log axis.
func tourJacobiPictures(t *tour, rots []eigen.JacobiRotation) error {
	end1 := 1
	for k, r := range rots {
		if r.Sweep == 1 {
			end1 = k + 1
		}
	}
	heat, off := live.JacobiFigures(rots, end1)
	t.say("%d rotations in all; after the first sweep (rotation %d) off(S) = %.3g", len(rots), end1, rots[end1-1].OffNorm)
	if err := t.savePlot(heat, "eigen-jacobi-sweep1"); err != nil {
		return err
	}
	return t.savePlot(off, "eigen-jacobi-off")
}

// tourDivideConquer solves the 64×64 covariance of the digits by divide
// and conquer, shows its merges and checks it against tridiagonal QR.
func tourDivideConquer(t *tour) error {
	digits, err := t.loadCSV("digits.csv")
	if err != nil {
		return err
	}
	x, _, _, _ := digits.Split(digits.Data.Cols() - 1)
	s, err := matrix.Covariance(x, matrix.Population)
	if err != nil {
		return err
	}
	n := s.Rows()
	t.say("divide and conquer on the %d×%d covariance of the digits: T is cut in two, each half solved", n, n)
	t.say("(by QR once small), and the halves glued by a rank-one correction whose new eigenvalues")
	t.say("are the roots of the secular equation; the eigenvector work becomes matrix products:")
	dc, err := eigen.Symmetric(s, eigen.SymmetricOptions{Method: eigen.DivideConquer, MergeTrace: func(m eigen.DCMerge) {
		t.say("  %s", formatDCMerge(m))
	}})
	if err != nil {
		return err
	}
	qr, err := eigen.Symmetric(s, eigen.SymmetricOptions{})
	if err != nil {
		return err
	}
	maxDiff := maxAbsDiff(dc.Values, qr.Values)
	bound := float64(n) * machineEps * matrix.NormFrobenius(s)
	t.checkTrue("divide and conquer and QR agree on every eigenvalue", maxDiff <= bound,
		"max |λ_dc − λ_qr| = "+formatNumber(maxDiff)+" ≤ nε‖S‖ = "+formatNumber(bound))
	vtv, _ := matrix.MulATB(dc.Vectors, dc.Vectors)
	for i := range n {
		vtv.Set(i, i, vtv.At(i, i)-1)
	}
	orth := matrix.NormFrobenius(vtv) / (float64(n) * machineEps)
	t.checkTrue("the divide-and-conquer eigenvectors are orthonormal", orth <= 10,
		"‖VᵀV − I‖/(nε) = "+formatNumber(orth)+" ≤ 10")
	return nil
}

// maxAbsDiff returns maxᵢ |aᵢ − bᵢ| over two lists of equal length.
func maxAbsDiff(a, b []float64) float64 {
	var m float64
	for i := range a {
		m = math.Max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

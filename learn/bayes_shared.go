package learn

import "mlnotes/matrix"

// sharedWhitening serves the shared-covariance Bayes classifier (004,
// "Bayes Classifier": Gaussian classes N(Mⱼ, Σ) with one Σ = LLᵀ). The
// Mahalanobis distance of xᵢ to class j is ‖L⁻¹(xᵢ − c) − L⁻¹(Mⱼ − c)‖²
// for any point c, so the n right-hand sides L⁻¹(xᵢ − c) are solved once
// for all the classes: d²n + c·dn flops instead of c·d²n. Taking c the
// average of the class means keeps both terms of the size of the data's
// spread, so the subtraction loses no more than the direct form
// L⁻¹(xᵢ − Mⱼ) does when the data sit far from the origin.
type sharedWhitening struct {
	z      *matrix.Dense // L⁻¹(Xᵀ − c1ᵀ), d×n
	centre []float64     // c
	chol   *matrix.Cholesky
}

// whitenShared whitens the samples held as the columns of xt (d×n) with
// the common factor of the classes gs.
func whitenShared(xt *matrix.Dense, gs []*MultivariateNormal) *sharedWhitening {
	d := xt.Rows()
	centre := make([]float64, d)
	for _, g := range gs {
		matrix.Axpy(1/float64(len(gs)), g.mean, centre)
	}
	z := xt.Clone()
	for k, c := range centre {
		zk := z.Row(k)
		for i := range zk {
			zk[i] -= c
		}
	}
	chol := gs[0].chol
	_ = chol.SolveLowerCols(z) // heights agree by construction
	return &sharedWhitening{z: z, centre: centre, chol: chol}
}

// logPdf writes log f(xᵢ) of the class density g into out.
func (s *sharedWhitening) logPdf(g *MultivariateNormal, out []float64) {
	nu := make([]float64, len(g.mean)) // L⁻¹(Mⱼ − c)
	for k, m := range g.mean {
		nu[k] = m - s.centre[k]
	}
	s.chol.SolveLower(nu)
	clear(out)
	for k, v := range nu {
		for i, zv := range s.z.Row(k) {
			t := zv - v
			out[i] += t * t
		}
	}
	for i, q := range out {
		out[i] = g.logNorm - 0.5*q
	}
}

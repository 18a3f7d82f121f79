package learn

import (
	"math"

	"mlnotes/matrix"
)

// The shared-covariance Bayes classifier (004, "Bayes Classifier":
// Gaussian classes N(Mⱼ, Σ) with one Σ = LLᵀ) in two forms.
//
// The exact log-densities (BayesModel.LogJoint, sharedWhitening). With c
// any point, zᵢ = L⁻¹(xᵢ − c) and νⱼ = L⁻¹(Mⱼ − c),
//
//	log pⱼfⱼ(xᵢ) = log pⱼ + logNorm − ½‖zᵢ − νⱼ‖²,            (1)
//
// so the n right-hand sides zᵢ are solved once for all the classes:
// d²n + M·dn flops instead of M·d²n.
//
// The linear discriminants (Predict, LogPosteriors, PredictProba, Risk;
// sharedDiscriminant). Expanding the square in (1),
//
//	log pⱼfⱼ(xᵢ) = −½‖zᵢ‖² + νⱼᵀzᵢ + log pⱼ + logNorm − ½‖νⱼ‖²
//	             = common(xᵢ) + aⱼᵀ(xᵢ − c) + bⱼ,                (2)
//	aⱼ = L⁻ᵀνⱼ = Σ⁻¹(Mⱼ − c),  bⱼ = log pⱼ + logNorm − ½‖νⱼ‖²,
//
// and common(xᵢ) = −½‖zᵢ‖² is the same for every class: it cancels in the
// argmax and in the log-sum-exp of the posteriors. What remains for all
// the points is one product (X − 1cᵀ)A, n×d times d×M, 2dMn flops against
// the d²n of the triangular solve (for Fashion-MNIST, d = 784 and M = 10,
// 39 times fewer). These are the linear discriminants of LDA (Hastie,
// Tibshirani and Friedman, The Elements of Statistical Learning, §4.3,
// eq. 4.10, there with c = 0).
//
// Why c is the average of the class means, in both forms: fl(xᵢ − c) is
// accurate to ε|xᵢ − c|, of the size of the data's spread around the classes
// and not of |xᵢ|, and the terms of (2) stay of the size of the scores
// themselves. With c = 0 instead, aⱼ = Σ⁻¹Mⱼ, and the scores
// xᵢᵀΣ⁻¹Mⱼ − ½MⱼᵀΣ⁻¹Mⱼ, whose differences between classes are of order
// one, would be differences of terms of order |x|²/σ²: rounding errors of
// ε|x|²/σ², twelve of the sixteen digits lost for data around 10⁶ with
// unit spread σ. Nor is the product formed as XA − 1(cᵀA): its terms of
// size |xᵢ||aⱼ| would cancel to |xᵢ − c||aⱼ|, six digits lost at 10⁶.

// sharedCentre returns c = (1/M) Σⱼ Mⱼ, the average of the class means of
// gs (the same rounding wherever it is used, so that the two forms share
// their c and νⱼ bit for bit).
func sharedCentre(gs []*MultivariateNormal) []float64 {
	centre := make([]float64, gs[0].Dim())
	for _, g := range gs {
		matrix.Axpy(1/float64(len(gs)), g.mean, centre)
	}
	return centre
}

// sharedNu returns νⱼ = L⁻¹(Mⱼ − c) for the class density g.
func sharedNu(g *MultivariateNormal, centre []float64, chol *matrix.Cholesky) []float64 {
	nu := make([]float64, len(g.mean))
	for k, m := range g.mean {
		nu[k] = m - centre[k]
	}
	chol.SolveLower(nu)
	return nu
}

// sharedWhitening holds the whitened samples of form (1).
type sharedWhitening struct {
	z      *matrix.Dense // L⁻¹(Xᵀ − c1ᵀ), d×n
	centre []float64     // c
	chol   *matrix.Cholesky
}

// whitenShared whitens the samples held as the columns of xt (d×n) with
// the common factor of the classes gs.
func whitenShared(xt *matrix.Dense, gs []*MultivariateNormal) *sharedWhitening {
	centre := sharedCentre(gs)
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

// logPdf writes log f(xᵢ) = logNorm − ½‖zᵢ − νⱼ‖² of the class density g
// into out, for the samples held as the columns of xt (d×n, the ones
// whitened), with work (d×n, or nil) as scratch.
//
// A NaN comes from ∞ − ∞: zᵢ and νⱼ both overflowed, because xᵢ or Mⱼ lies
// beyond ~10³⁰⁸ standard deviations of c although xᵢ may be near Mⱼ (two
// classes that far apart; FuzzGenerative found it). The class's own form
// log f = logNorm − ½‖L⁻¹(xᵢ − Mⱼ)‖², which overflows only when xᵢ is that
// far from Mⱼ, then serves for the whole column.
func (s *sharedWhitening) logPdf(g *MultivariateNormal, xt, work *matrix.Dense, out []float64) {
	nu := sharedNu(g, s.centre, s.chol)
	clear(out)
	for k, v := range nu {
		for i, zv := range s.z.Row(k) {
			t := zv - v
			out[i] += t * t
		}
	}
	for i, q := range out {
		if q != q {
			g.logPdfT(xt, work, out)
			return
		}
		out[i] = g.logNorm - 0.5*q
	}
}

// sharedDiscriminant holds the class-dependent part of form (2), without
// the priors (which are added at each call, so that it depends on the
// Gaussians alone).
type sharedDiscriminant struct {
	from   []*MultivariateNormal // the class densities it was derived from
	centre []float64             // c
	a      *matrix.Dense         // aⱼ = Σ⁻¹(Mⱼ − c) as column j, d×M
	b      []float64             // logNorm − ½‖νⱼ‖², bⱼ without log pⱼ
}

// newSharedDiscriminant derives aⱼ and bⱼ from the class densities gs
// (sharing one covariance): 2d²M flops, M forward substitutions for the
// νⱼ and one back substitution Lᵀ A = [ν₁ … ν_M] with M right-hand sides.
// It returns nil when a coefficient is not finite (a covariance so
// ill-conditioned that Σ⁻¹(Mⱼ − c) overflows); the callers then use the
// exact form (1).
func newSharedDiscriminant(gs []*MultivariateNormal) *sharedDiscriminant {
	d, nc := gs[0].Dim(), len(gs)
	chol := gs[0].chol
	s := &sharedDiscriminant{from: gs, centre: sharedCentre(gs), a: matrix.New(d, nc), b: make([]float64, nc)}
	for j, g := range gs {
		nu := sharedNu(g, s.centre, chol)
		s.b[j] = g.logNorm - 0.5*matrix.Dot(nu, nu) // logNorm − ½‖νⱼ‖²
		s.a.SetCol(j, nu)
	}
	_ = chol.SolveUpperCols(s.a) // aⱼ = L⁻ᵀνⱼ; heights agree by construction
	if s.a.CheckFinite() != nil || matrix.VecFinite(s.b) != nil {
		return nil
	}
	return s
}

// derivedFrom reports whether s was derived from exactly the densities gs.
func (s *sharedDiscriminant) derivedFrom(gs []*MultivariateNormal) bool {
	if s == nil || len(s.from) != len(gs) {
		return false
	}
	for j, g := range gs {
		if s.from[j] != g {
			return false
		}
	}
	return true
}

// scores returns the n×M matrix of aⱼᵀ(xᵢ − c) + bⱼ + log pⱼ, which is
// log pⱼfⱼ(xᵢ) − common(xᵢ) of (2), for the rows xᵢ of X (n×d).
// A row with an entry that is not finite (an xᵢ − c or a product beyond
// the range of float64, or a NaN or an infinity in xᵢ) is left so for the
// caller.
func (s *sharedDiscriminant) scores(x *matrix.Dense, priors []float64) *matrix.Dense {
	n := x.Rows()
	nc := len(s.b)
	g := matrix.New(n, nc)
	// G = (X − 1cᵀ)A, Gᵢⱼ = aⱼᵀ(xᵢ − c), each xᵢₖ − cₖ rounded once as
	// in a centred copy (accurate to ε|xᵢₖ − cₖ|, see above), but
	// subtracted as the product packs X: X is read once. On 10000×784
	// queries and 10 classes (one core) the product took 15–16 ms on
	// centred copies of blocks of 48–96 rows (B repacked for each) and 38
	// ms on one centred copy of all of X.
	_ = matrix.GemmCentered(1, x, s.centre, false, s.a, 0, g) // shapes agree by construction
	// G += 1(b + log p)ᵀ.
	bp := make([]float64, nc)
	for j, v := range s.b {
		bp[j] = v + math.Log(priors[j])
	}
	for i := range n {
		matrix.Axpy(1, bp, g.Row(i))
	}
	return g
}

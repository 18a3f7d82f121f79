package learn

import (
	"math"

	"mlnotes/matrix"
)

// logObjective is the penalized negative log-likelihood of logistic and
// softmax regression,
//
//	f(θ) = Σᵢ −log p(yᵢ | xᵢ) + (λ/2)‖W‖²_F,
//
// over θ = the rows of Θ (r × (d+1)), row k = (wₖ, bₖ), so that with the
// data augmented as aᵢ = (xᵢ, 1), zᵢₖ = Θₖ·aᵢ = wₖᵀxᵢ + bₖ. The
// intercepts bₖ are not penalized. For two classes the code works on X
// itself and adds the intercept apart (z = Xw + b, and ∂f/∂b = Σᵢ rᵢ), so
// that no augmented copy of the data is made: for 20000×50 that copy cost
// 15% of an L-BFGS fit. For K classes it forms A = [X 1] once, and the
// products with Θ include the intercepts. (Adding them apart there too is
// the same arithmetic rounded differently, and on the unscaled digits
// that alone moved L-BFGS from 1928 to 3325 iterations to reach ‖∇f‖∞ ≤
// 2·10⁻³: the count is that sensitive to rounding, so the K-class path
// keeps its order of operations.)
//
// Two classes (r = 1): p(1 | x) = σ(z), and −log p(tᵢ | xᵢ) =
// log(1 + eᶻ) − tᵢz with tᵢ ∈ {0, 1}; ∇f = Aᵀ(σ(z) − t) + λ(w, 0);
// ∇²f = Aᵀ diag(σ(1 − σ)) A + λ diag(1, …, 1, 0).
//
// K > 2 classes (r = K): p(k | x) = e^{zₖ}/Σⱼ e^{zⱼ} (softmax), and
// −log p(yᵢ | xᵢ) = logΣⱼ e^{zᵢⱼ} − zᵢ,yᵢ with the log-sum-exp taken after
// subtracting maxⱼ zᵢⱼ, so that no exponential overflows;
// ∇f = (P − Y)ᵀA + λ(W, 0) with Y the one-hot labels.
//
// Implements: 004, "Logistic Regression" (the model P[y = 1 | X] =
// 1/(1 + exp(−WᵀX)) fitted by maximum likelihood, and its multinomial
// extension).
type logObjective struct {
	x      *matrix.Dense // n × d, the data (not copied)
	y      []int         // class index in 0..K−1 of every sample
	r      int           // rows of Θ: 1 for two classes, K otherwise
	lambda float64
	// scratch
	z, res *matrix.Dense // n × r
	b      *matrix.Dense // a scaled copy of A (K classes) or of a block of its rows (two) for the Hessian
	a      *matrix.Dense // n × (d+1), A = [X 1], for K > 2 classes only
	// K classes, ValueGrad: A packed once as the right operand of both of
	// its products (Aᵀ for Zᵀ = ΘAᵀ, A for ∇ = (P − Y)ᵀA), and the
	// scores and residuals as K × n.
	packT, packN *matrix.PackedB
	zT, resT     *matrix.Dense
}

func newLogObjective(x *matrix.Dense, y []int, k int, lambda float64) *logObjective {
	r := k
	if k == 2 {
		r = 1
	}
	n := x.Rows()
	o := &logObjective{x: x, y: y, r: r, lambda: lambda, z: matrix.New(n, r), res: matrix.New(n, r)}
	if r > 1 {
		o.a = augmentRight(x)
	}
	return o
}

// cols returns d + 1, the columns of Θ.
func (o *logObjective) cols() int { return o.x.Cols() + 1 }

// params returns the number of parameters r·(d+1).
func (o *logObjective) params() int { return o.r * o.cols() }

// theta views θ as Θ (r × (d+1)).
func (o *logObjective) theta(x []float64) *matrix.Dense {
	t, _ := matrix.NewFromSlice(o.r, o.cols(), x)
	return t
}

// scores computes Z = AΘᵀ = XWᵀ + 1bᵀ into o.z by one matrix product:
// for two classes Gemv onto z = b1, for K classes Gemm with A.
func (o *logObjective) scores(x []float64) {
	if o.r > 1 {
		_ = matrix.Gemm(false, true, 1, o.a, o.theta(x), 0, o.z)
		return
	}
	d := o.x.Cols()
	z, _ := o.z.Raw() // n×1: contiguous
	for i := range z {
		z[i] = x[d]
	}
	_ = matrix.Gemv(false, 1, o.x, x[:d], 1, z)
}

// logRegBlock is the number of rows of X that ValueGrad processes at a
// time in the two-class case: 256 rows of 50 numbers are 100 KB, which stay
// in the L2 cache between the product that reads them for the scores and
// the one that reads them again for the gradient.
const logRegBlock = 256

// ValueGrad returns f(θ) and writes ∇f(θ) into grad.
//
// Two classes: block after block of rows of X (logRegBlock at a time), the
// scores z = X_B w + b by one matrix–vector product, the exponentials
// e = exp(−|z|) by one call of matrix.ExpTo, the loss terms and residuals
// rᵢ = σ(zᵢ) − tᵢ, and ∇_w += X_Bᵀ r by a second product while the block
// is still in cache: X (20000×50 is 8 MB) is read from memory once, and
// both passes over a block run on the Gemv kernels.
//
// K classes: Zᵀ = ΘAᵀ and ∇ = (P − Y)ᵀA as two matrix products, the
// softmax and its log-sum-exp fused with the loss in one pass over Zᵀ
// between them. A is packed for the products once, at the first call
// (softmaxPacks): a product of the K parameter rows with A costs K
// multiply-adds per number of A, and packing A anew for each one cost
// twice the arithmetic. The products have the bits Gemm gives Z = AΘᵀ and
// (P − Y)ᵀA, so the iterates are those of the plain products.
func (o *logObjective) ValueGrad(x, grad []float64) float64 {
	clear(grad)
	dc := o.x.Cols() + 1
	f := 0.0
	if o.r == 1 {
		f = o.binary(x, grad)
	} else {
		o.softmaxPacks()
		if o.packT != nil {
			_ = matrix.GemmPackedB(false, 1, o.theta(x), o.packT, 0, o.zT)
		} else {
			_ = matrix.Gemm(false, true, 1, o.theta(x), o.a, 0, o.zT)
		}
		f = o.softmaxResiduals()
		if o.packN != nil {
			_ = matrix.GemmPackedB(false, 1, o.resT, o.packN, 0, o.theta(grad))
		} else {
			_ = matrix.Gemm(false, false, 1, o.resT, o.a, 0, o.theta(grad))
		}
	}
	pen := 0.0
	for k := range o.r {
		wk, gk := x[k*dc:k*dc+dc-1], grad[k*dc:k*dc+dc-1]
		pen += matrix.Dot(wk, wk)
		matrix.Axpy(o.lambda, wk, gk)
	}
	return f + 0.5*o.lambda*pen
}

// binary returns Σᵢ −log p(yᵢ | xᵢ) for two classes and, when grad is not
// nil, adds its gradient to grad (ValueGrad's two-class part).
func (o *logObjective) binary(x, grad []float64) float64 {
	n, d := o.x.Dims()
	f := 0.0
	zAll, _ := o.z.Raw() // n×1: contiguous
	rAll, _ := o.res.Raw()
	w, b := x[:d], x[d]
	for i0 := 0; i0 < n; i0 += logRegBlock {
		i1 := min(i0+logRegBlock, n)
		xb := o.x.Slice(i0, i1, 0, d)
		z, r := zAll[i0:i1], rAll[i0:i1]
		if grad == nil && d == 1 {
			// z = b + x·w, the bits Gemv gives for one feature (its dot
			// product of one term is the product, rounded once, then
			// added to b; the conversion keeps the two roundings, unfused)
			// without its overhead per row: the loss surface of the
			// logistic-regression page is 41² values on one feature.
			xs, stride := xb.Raw()
			for j := range z {
				z[j] = b + float64(xs[j*stride]*w[0])
			}
		} else {
			for j := range z {
				z[j] = b
			}
			_ = matrix.Gemv(false, 1, xb, w, 1, z)
		}
		for j, v := range z {
			r[j] = -math.Abs(v)
		}
		matrix.ExpTo(r, r)
		if grad == nil {
			for j, v := range z {
				e, t := r[j], float64(o.y[i0+j])
				f += max(v, 0) + math.Log1p(e) - t*v
			}
			continue
		}
		for j, v := range z {
			// one exponential for both: e = exp(−|z|),
			// log(1 + eᶻ) = max(z, 0) + log1p(e), σ(z) = 1/(1 + e) or e/(1 + e).
			e, t := r[j], float64(o.y[i0+j])
			f += max(v, 0) + math.Log1p(e) - t*v
			s := 1 / (1 + e)
			if v < 0 {
				s = e * s
			}
			r[j] = s - t
			grad[d] += r[j]
		}
		_ = matrix.Gemv(true, 1, xb, r, 1, grad[:d])
	}
	return f
}

// binaryValue returns f(θ) for two classes: ValueGrad's value by the same
// arithmetic, without the gradient.
func (o *logObjective) binaryValue(x []float64) float64 {
	w := x[:o.x.Cols()]
	return o.binary(x, nil) + 0.5*o.lambda*matrix.Dot(w, w)
}

// softmaxPacks packs A for the K-class ValueGrad at its first call (Aᵀ
// and A, each as large as A, or an eighth of it when A holds at most 256
// distinct numbers, as grey levels do: PackB then keeps one-byte codes,
// and the two products, bound by reading A, ran 2.3 times faster on
// Fashion-MNIST with the same bits) and makes the K × n scores and
// residuals.
// A copy the memory limit refuses (PackB's only error, A being set) is
// left nil, and ValueGrad then calls Gemm, which packs A anew each time
// (the same bits, except below Gemm's small-product threshold, where it
// runs its reference loops).
func (o *logObjective) softmaxPacks() {
	if o.zT != nil {
		return
	}
	o.packT, _ = matrix.PackB(o.a, true)
	o.packN, _ = matrix.PackB(o.a, false)
	n := o.x.Rows()
	o.zT, o.resT = matrix.New(o.r, n), matrix.New(o.r, n)
}

// softmaxResiduals returns Σᵢ −log p(yᵢ | xᵢ) from the scores Zᵀ (K × n)
// and writes the residuals P − Y into o.resT: for sample i, with
// m = maxₖ zₖᵢ, eₖ = exp(zₖᵢ − m) and s = Σₖ eₖ ≥ 1, the loss is
// m + log s − z_yᵢ,i and pₖᵢ = eₖ·(1/s).
func (o *logObjective) softmaxResiduals() float64 {
	n := o.x.Rows()
	zt, _ := o.zT.Raw() // K × n: contiguous
	rt, _ := o.resT.Raw()
	f := 0.0
	for i, yi := range o.y {
		m := zt[i]
		for k := 1; k < o.r; k++ {
			m = max(m, zt[k*n+i])
		}
		s := 0.0
		for k := range o.r {
			e := math.Exp(zt[k*n+i] - m)
			rt[k*n+i] = e
			s += e
		}
		f += m + math.Log(s) - zt[yi*n+i]
		inv := 1 / s
		for k := range o.r {
			rt[k*n+i] *= inv
		}
		rt[yi*n+i]--
	}
	return f
}

// Hessian writes ∇²f(θ) into h. For softmax the Hessian is singular along
// the directions that add one vector to every row of Θ (the
// probabilities do not change): for the intercepts always, for the
// weights when λ = 0. Along each such direction u (unit over the classes
// in one column of Θ) it adds c·uuᵀ, c the largest diagonal entry: the
// gradient is orthogonal to u (Σₖ(pᵢₖ − yᵢₖ) = 0, and Σₖ wₖ stays 0 with
// λ > 0 from Θ = 0), so the Newton step p solving (H + c·uuᵀ)p = −∇f has
// uᵀp = 0 and is the Newton step on the complement, where H is positive
// definite: the iteration is Newton's, without a singular matrix.
func (o *logObjective) Hessian(x []float64, h *matrix.Dense) {
	o.scores(x)
	n, d := o.x.Dims()
	dc := d + 1
	if o.r == 1 {
		// Aᵀ diag(σ(1 − σ)) A = Σ over blocks of B_Bᵀ B_B with the rows
		// of B = diag(√(σ(1 − σ))) A formed a block at a time in a small
		// scratch matrix, which stays in cache for Syrk to pack (forming
		// all of B, 8 MB for 20000×51, and packing it from memory made the
		// Newton fit 13% slower).
		if o.b == nil {
			o.b = matrix.New(min(n, logRegBlock), dc)
		}
		z, _ := o.z.Raw()
		for i0 := 0; i0 < n; i0 += logRegBlock {
			i1 := min(i0+logRegBlock, n)
			bb := o.b.Slice(0, i1-i0, 0, dc)
			for i := i0; i < i1; i++ {
				p := logistic(z[i])
				s := math.Sqrt(p * (1 - p))
				bi, xi := bb.Row(i-i0), o.x.Row(i)
				for j, v := range xi {
					bi[j] = s * v
				}
				bi[d] = s
			}
			beta := 1.0
			if i0 == 0 {
				beta = 0
			}
			_ = matrix.Syrk(true, 1, bb, beta, h)
		}
		for j := range dc - 1 {
			h.Set(j, j, h.At(j, j)+o.lambda)
		}
		return
	}
	if o.b == nil {
		o.b = matrix.New(n, dc)
	}
	k := o.r
	prob := o.res // reuse: P
	for i := range n {
		zi, pi := o.z.Row(i), prob.Row(i)
		lse := logSumExp(zi)
		for c, v := range zi {
			pi[c] = math.Exp(v - lse)
		}
	}
	block := matrix.New(dc, dc)
	for c := range k {
		for l := c; l < k; l++ {
			// block (c, l) = Aᵀ diag(p_c(δ_cl − p_l)) A
			for i := range n {
				pi := prob.Row(i)
				w := -pi[c] * pi[l]
				if c == l {
					w += pi[c]
				}
				bi, ai := o.b.Row(i), o.a.Row(i)
				for j, v := range ai {
					bi[j] = w * v
				}
			}
			_ = matrix.Gemm(true, false, 1, o.b, o.a, 0, block)
			for j := range dc {
				for m := range dc {
					v := block.At(j, m)
					if c == l && j == m && j < dc-1 {
						v += o.lambda
					}
					h.Set(c*dc+j, l*dc+m, v)
					h.Set(l*dc+m, c*dc+j, v)
				}
			}
		}
	}
	// symmetrize exactly (the off-diagonal blocks were written twice alike;
	// the diagonal blocks come from a product that may differ in the last
	// bit between (j, m) and (m, j))
	size := k * dc
	for i := range size {
		for j := range i {
			v := 0.5 * (h.At(i, j) + h.At(j, i))
			h.Set(i, j, v)
			h.Set(j, i, v)
		}
	}
	c := 0.0
	for i := range size {
		c = max(c, h.At(i, i))
	}
	c = max(c, 1)
	for j := range dc {
		if j < dc-1 && o.lambda > 0 {
			continue
		}
		// u = (1/√K) Σ_c e_(c, j): add (c/K) to every entry of the column
		for a := range k {
			for b := range k {
				h.Set(a*dc+j, b*dc+j, h.At(a*dc+j, b*dc+j)+c/float64(k))
			}
		}
	}
}

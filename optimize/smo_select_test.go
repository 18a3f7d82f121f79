package optimize

import (
	"math"
	"math/rand/v2"
	"testing"
)

// partnerReference is WSS 2's choice of j as written in docs/smo.md (5),
// a division for every candidate: partner must agree with it to the bit.
func partnerReference(sv *solver, i int, gmax float64) (gmin float64, j int) {
	y, g, qi := sv.y, sv.grad, sv.cache.row(i)
	gmin, j, best := math.Inf(1), -1, math.Inf(1)
	for _, t := range sv.act.idx {
		v := -y[t]*g[t] + sv.lowPen[t]
		if v < gmin {
			gmin = v
		}
		if b := gmax - v; b > 0 {
			a := sv.qd[i] + sv.qd[t] - 2*y[i]*y[t]*qi[t]
			if a <= 0 {
				a = tau
			}
			if gain := -b * b / a; gain <= best {
				best, j = gain, t
			}
		}
	}
	return gmin, j
}

// partner skips the division only for candidates that cannot win: the same
// j and M(α) as the reference on gradients drawn to make near-ties, exact
// ties (duplicated points), gains near the subnormal numbers and near
// overflow, and curvatures aᵢₜ ≤ 0 (an indefinite Q).
func TestPartnerSameAsReference(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 3))
	ties := 0
	for trial := range 1000 {
		n := 2 + r.IntN(40)
		x, y := blobs(r, n, 3, 1)
		for k := 1; k < n; k += 3 {
			x[k], y[k] = x[k-1], y[k-1] // duplicated points: exact ties
		}
		q := signed(rbfK(x, 0.3), y)
		if trial%7 == 0 { // indefinite: some aᵢₜ ≤ 0
			for a := range q {
				q[a][(a+1)%n] += 1.5
				q[(a+1)%n][a] = q[a][(a+1)%n]
			}
		}
		qp := svmQP(newDenseQ(q), y, 1)
		alpha := make([]float64, n)
		for k := range alpha {
			alpha[k] = []float64{0, 1, 0.5, r.Float64()}[r.IntN(4)]
			if k%3 == 1 {
				alpha[k] = alpha[k-1]
			}
		}
		sv := newSolver(qp, &SMOSettings{}, alpha)
		scale := math.Ldexp(1, []int{0, -500, -520, -530, 500, 505}[trial%6])
		base := r.NormFloat64()
		for k := range sv.grad {
			switch r.IntN(3) {
			case 0:
				sv.grad[k] = base * scale // ties in b
			case 1:
				sv.grad[k] = base * scale * (1 + float64(r.IntN(3)-1)*0x1p-52) // near-ties
			default:
				sv.grad[k] = r.NormFloat64() * scale
			}
			if k%3 == 1 {
				sv.grad[k] = sv.grad[k-1]
			}
		}
		if trial%3 == 0 { // a shrunk active set
			sv.act.idx = sv.act.idx[:0]
			for k := range n {
				if r.IntN(3) > 0 {
					sv.act.idx = append(sv.act.idx, k)
				}
			}
		}
		gmax, i := sv.maxUp()
		if i < 0 {
			continue
		}
		gmin, j := sv.partner(i, gmax)
		wantMin, wantJ := partnerReference(sv, i, gmax)
		if wantJ%3 == 1 {
			ties++ // j won a tie with its duplicate
		}
		if j != wantJ || math.Float64bits(gmin) != math.Float64bits(wantMin) {
			t.Fatalf("trial %d: partner gives j = %d, M = %v; the reference %d, %v", trial, j, gmin, wantJ, wantMin)
		}
	}
	if ties < 50 {
		t.Errorf("only %d of the trials chose j among exact ties", ties)
	}
}

// The m(α) and i that step finds during its gradient update are those a
// separate pass (maxUp) would find, to the bit, after every step, with
// shrinking between steps.
func TestStepFindsNextMaximum(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 3))
	x, y := blobs(r, 120, 4, 0.8)
	qp := svmQP(newDenseQ(signed(rbfK(x, 0.5), y)), y, 2)
	sv := newSolver(qp, &SMOSettings{Tol: 1e-8}, make([]float64, len(y)))
	for it := 0; it < 2000; it++ {
		if it%50 == 49 {
			sv.shrink()
		}
		i, j := sv.selectPair()
		if j < 0 {
			break
		}
		sv.step(i, j)
		if !sv.upValid {
			t.Fatalf("step %d left no maximum", it)
		}
		gmax, arg := sv.maxUp()
		if arg != sv.upArg || math.Float64bits(gmax) != math.Float64bits(sv.upMax) {
			t.Fatalf("step %d: the update found m = %v at %d, a pass %v at %d", it, sv.upMax, sv.upArg, gmax, arg)
		}
	}
}

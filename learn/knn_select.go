package learn

import (
	"cmp"
	"math"
	"slices"

	"mlnotes/matrix"
)

// The selection of a query's k nearest training points, fed the inner
// products g of the query with the training points a tile at a time
// (matrix.PackedB.Tiles), in ascending order of training index, while the
// tile is still in cache.
//
// The squared distance from the query to training point j is formed as
// tⱼ = qn + xnⱼ − 2gⱼ (clamped to 0, +Inf when Inf − Inf gives NaN) and
// kept, if strictly less than the k-th smallest so far, in a sorted
// buffer of k by insertion: O(n·k), the right cost for the small k of
// nearest neighbours, and ties in training order (a later point must be
// strictly nearer to displace an earlier one).
//
// tⱼ carries errors of up to about δ = (d + 2)ε(√qn + √xnⱼ)² (the sums of
// d products behind qn, xnⱼ and gⱼ, Cauchy–Schwarz for |gⱼ|, two
// additions), and gⱼ itself is rounded differently as the product's
// blocking changes with the rows queried with q, so points at (nearly)
// equal distance could be ranked one way in one query and the other way
// in another. Every point that may belong to the k nearest — tⱼ within
// reach = dist[k−1] + 2δ of the k-th's, δ taken at the largest training
// norm and doubled for the products' own rounding — is measured again
// directly, Σᵢ(qᵢ − xⱼᵢ)², a number of q and xⱼ alone, and the k smallest
// of those (ties to the lower index) are the answer. Usually only the k
// points themselves qualify.
//
// Since dist[k−1] only decreases as points arrive, a point beyond the
// current reach is beyond the final one too: each tⱼ is compared once
// with the current reach, all but a few are dropped on that compare, and
// the few kept are filtered by the final reach at the end. In the
// degenerate case of most training points within rounding of the same
// distance they are all kept, as many per block of queries as the
// distances of the block.

// knnSelection is the running selection of one query.
type knnSelection struct {
	k       int
	qn      float64   // ‖q‖²
	delta2  float64   // 2δ
	idx     []int     // the k nearest so far, nearest first
	dist    []float64 // their squared distances max(0, t)
	reach   float64   // dist[k−1] + 2δ once k points are in, +Inf before
	cand    []knnCandidate
	pruneAt int // len(cand) at which those beyond reach are dropped
}

// knnCandidate is a training point within reach when it was met.
type knnCandidate struct {
	j int
	t float64 // qn + xnⱼ − 2gⱼ
}

// newSelection starts the selection for a query of dimension dims with
// squared norm qn; xnMax is the largest squared norm of a training point.
func newSelection(k, dims int, qn, xnMax float64) knnSelection {
	s := math.Sqrt(qn) + math.Sqrt(xnMax)
	delta := 2 * float64(dims+2) * eps * s * s // twice the bound, for the products' own rounding
	return knnSelection{
		k: k, qn: qn, delta2: 2 * delta,
		idx: make([]int, 0, k), dist: make([]float64, 0, k),
		reach: math.Inf(1), pruneAt: 4*k + 64,
	}
}

// scan meets training points j0, j0+1, … with inner products g and
// squared norms xn (from j0 on).
func (s *knnSelection) scan(j0 int, g, xn []float64) {
	xn = xn[:len(g)]
	qn := s.qn
	for c, v := range g {
		t := qn + xn[c] - 2*v
		if t > s.reach {
			continue // the common case: beyond reach, now and at the end
		}
		s.meet(j0+c, t) // within reach, or NaN
	}
}

// meet takes training point j with t = qn + xnⱼ − 2gⱼ into the buffer of
// the k nearest if it belongs there and among the
// candidates if it is within the reach that follows.
func (s *knnSelection) meet(j int, t float64) {
	d := max(0, t)
	if math.IsNaN(d) { // Inf − Inf: the norms overflowed
		d = math.Inf(1)
	}
	k := s.k
	if len(s.idx) < k || d < s.dist[k-1] {
		p := len(s.idx)
		for p > 0 && s.dist[p-1] > d {
			p--
		}
		if len(s.idx) < k {
			s.idx, s.dist = append(s.idx, 0), append(s.dist, 0)
		}
		copy(s.idx[p+1:], s.idx[p:len(s.idx)-1])
		copy(s.dist[p+1:], s.dist[p:len(s.dist)-1])
		s.idx[p], s.dist[p] = j, d
		if len(s.idx) == k && isFiniteValue(s.dist[k-1]) {
			s.reach = s.dist[k-1] + s.delta2
		}
	}
	if t <= s.reach && t <= math.MaxFloat64 { // finite and within reach
		s.cand = append(s.cand, knnCandidate{j, t})
		if len(s.cand) >= s.pruneAt {
			s.prune()
		}
	}
}

// prune drops the candidates beyond the current reach and, if most are
// still within it, lets the list grow to twice its length before the
// next pruning: amortized O(1) a candidate, and the list stays near the
// number of points within reach.
func (s *knnSelection) prune() {
	s.cand = slices.DeleteFunc(s.cand, func(c knnCandidate) bool { return c.t > s.reach })
	s.pruneAt = max(s.pruneAt, 2*len(s.cand))
}

// finish returns the k nearest training points by direct distance among
// the candidates within the final reach, in ascending order of (distance,
// index), and the squared distance of the nearest (q is the query, x the
// training set). When the k-th distance is not
// finite (an overflow: the row is refused) it returns the buffer as it is.
func (s *knnSelection) finish(q []float64, x *matrix.Dense) ([]int, float64) {
	k := s.k
	if !isFiniteValue(s.dist[k-1]) {
		return s.idx, s.dist[0]
	}
	type cand struct {
		j int
		d float64
	}
	cs := make([]cand, 0, len(s.cand))
	for _, c := range s.cand {
		if c.t <= s.reach {
			cs = append(cs, cand{c.j, directDist2(q, x.Row(c.j))})
		}
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if a.d != b.d {
			return cmp.Compare(a.d, b.d)
		}
		return cmp.Compare(a.j, b.j)
	})
	out := make([]int, k)
	for i := range out {
		out[i] = cs[i].j
	}
	return out, cs[0].d
}

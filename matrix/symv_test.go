package matrix

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// symvKernels are the dotAxpy4 implementations to test: the portable one
// always, and every vector kernel this machine can run (not only the one
// SymvUpper chooses).
func symvKernels() []*dotAxpy4Kernel {
	return append([]*dotAxpy4Kernel{&portableDotAxpy4}, dotAxpy4Fast()...)
}

// TestDotAxpy4KernelsAgree checks every vector kernel of the symmetric
// product's four-row pass against the portable loop, on every length
// around their unrolling (16, 8, 4 and the masked or scalar tail) and
// longer ones, on rows of a view with an odd stride inside a NaN-filled
// parent, starting at several columns; x and y are followed by NaNs, so a
// kernel that reads past their end gets a NaN and one that writes past it
// is seen.
//
// Rounding bounds (Higham §3.1). A dot product of n terms in any order,
// with or without fused multiply-adds, is within γₙ ≈ nε times the sum
// of the magnitudes of its terms from the exact value; the kernels and the
// loop thus differ by at most 2(n+3)ε Σⱼ|a_rj xⱼ| (the 3 covers the
// reduction of the partial sums, and γₙ's 1/(1 − nε)). An element of y
// is y plus four products: at most four products and four sums rounded,
// within 7ε(|y| + Σᵣ|x4[r]a_rj|) in either, so they differ by at most
// twice that.
func TestDotAxpy4KernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 31))
	lengths := []int{}
	for n := 1; n <= 40; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 63, 64, 65, 127, 128, 129, 1001)
	x4 := [4]float64{0.5, -1.25, 2, -0.75}
	for _, kern := range dotAxpy4Fast() {
		for _, n := range lengths {
			for _, j0 := range []int{0, 1, 3} {
				name := fmt.Sprintf("%s n=%d j0=%d", kern.name, n, j0)
				a, parent := viewIn(rng, 6, n+j0)
				xb := append(randDense(rng, 1, n).data, math.NaN(), math.NaN())
				y0 := randDense(rng, 1, n).data
				x := xb[:n]
				yGot := append(append([]float64(nil), y0...), math.NaN(), math.NaN())[:n]
				yWant := append([]float64(nil), y0...)

				var got, want [4]float64
				kern.run(a, 1, j0, x, &x4, yGot, &got)
				dotAxpy4Portable(a, 1, j0, x, &x4, yWant, &want)
				for r := range 4 {
					var abs float64
					for j, xj := range x {
						abs += math.Abs(a.At(1+r, j0+j) * xj)
					}
					if d := math.Abs(got[r] - want[r]); !(d <= 2*float64(n+3)*eps*abs) {
						t.Fatalf("%s: dot of row %d %v, portable %v (difference %.3g)", name, r, got[r], want[r], d)
					}
				}
				for j := range n {
					abs := math.Abs(y0[j])
					for r := range 4 {
						abs += math.Abs(x4[r] * a.At(1+r, j0+j))
					}
					if d := math.Abs(yGot[j] - yWant[j]); !(d <= 2*7*eps*abs) {
						t.Fatalf("%s: y[%d] = %v, portable %v (difference %.3g)", name, j, yGot[j], yWant[j], d)
					}
				}
				if tail := yGot[n : n+2]; !math.IsNaN(tail[0]) || !math.IsNaN(tail[1]) {
					t.Fatalf("%s: wrote %v past the end of y", name, tail)
				}
				checkParentUntouched(t, name, parent, 2, 3, 6, n+j0)

				// y's elements are rounded the same way wherever they fall
				// (full trips, the rest, the tail): a range split in two
				// gives the bits of the whole range.
				ySplit := append([]float64(nil), y0...)
				var s [4]float64
				h := n / 2
				kern.run(a, 1, j0, x[:h], &x4, ySplit[:h], &s)
				kern.run(a, 1, j0+h, x[h:], &x4, ySplit[h:], &s)
				for j := range n {
					if math.Float64bits(ySplit[j]) != math.Float64bits(yGot[j]) {
						t.Fatalf("%s: split at %d changes y[%d]", name, h, j)
					}
				}
			}
		}
	}
}

// TestSymvUpper checks SymvUpper and SymvUpperRows with every dotAxpy4
// kernel against the plain double loop over the full symmetric matrix, on
// orders around the four-row groups and the kernels' unrolling, on views
// inside NaN-filled parents whose entries below the diagonal are NaN too
// (they must not be read), whole and split into row ranges that start
// anywhere.
//
// Rounding bound: each yᵢ is a sum of m products bᵢⱼxⱼ, in both
// computations (the ranges' contributions added at the end are still one
// summation of the m terms), so each is within γₘ Σⱼ|bᵢⱼxⱼ| of the exact
// value (Higham §3.1), and they differ by at most 2(m+3)ε Σⱼ|bᵢⱼxⱼ|.
func TestSymvUpper(t *testing.T) {
	saved := symvKernel
	defer func() { symvKernel = saved }()
	rng := rand.New(rand.NewPCG(32, 32))
	for _, kern := range symvKernels() {
		symvKernel = kern
		for _, m := range []int{1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 20, 21, 31, 33, 64, 65, 100} {
			full := randDense(rng, m, m)
			for i := range m {
				for j := range i {
					full.Set(i, j, full.At(j, i))
				}
			}
			b, parent := viewIn(rng, m, m)
			for i := range m {
				for j := range m {
					if j < i {
						b.Set(i, j, math.NaN())
					} else {
						b.Set(i, j, full.At(i, j))
					}
				}
			}
			x := randDense(rng, 1, m).data
			want := make([]float64, m)
			bound := make([]float64, m)
			for i := range m {
				for j := range m {
					want[i] += full.At(i, j) * x[j]
					bound[i] += math.Abs(full.At(i, j) * x[j])
				}
				bound[i] *= 2 * float64(m+3) * eps
			}
			check := func(name string, got []float64) {
				t.Helper()
				for i := range m {
					if d := math.Abs(got[i] - want[i]); !(d <= bound[i]) {
						t.Fatalf("%s: y[%d] = %v, want %v (difference %.3g, bound %.3g)", name, i, got[i], want[i], d, bound[i])
					}
				}
			}
			name := fmt.Sprintf("%s m=%d", kern.name, m)
			y := make([]float64, m)
			for i := range y {
				y[i] = math.NaN() // overwritten, not read
			}
			if err := SymvUpper(b, x, y); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			check(name, y)
			checkParentUntouched(t, name, parent, 2, 3, m, m)

			// Three ranges [0, p), [p, q), [q, m), added.
			for _, cut := range [][2]int{{0, m}, {m / 3, 2 * m / 3}, {1, m - 1}, {4, 8}, {m / 2, m / 2}} {
				p, q := min(cut[0], m), min(max(cut[1], cut[0]), m)
				sum := make([]float64, m)
				part := make([]float64, m)
				for _, r := range [][2]int{{0, p}, {p, q}, {q, m}} {
					for i := range part {
						part[i] = 7 // y[:r0] is left alone
					}
					if err := SymvUpperRows(b, x, part, r[0], r[1]); err != nil {
						t.Fatalf("%s rows %d…%d: %v", name, r[0], r[1], err)
					}
					for i := range m {
						if i < r[0] {
							if part[i] != 7 {
								t.Fatalf("%s rows %d…%d: changed y[%d]", name, r[0], r[1], i)
							}
							continue
						}
						sum[i] += part[i]
					}
				}
				check(fmt.Sprintf("%s ranges at %d, %d", name, p, q), sum)
			}
		}
	}
}

// TestSymvUpperErrors checks the errors of the shapes that do not fit.
func TestSymvUpperErrors(t *testing.T) {
	b := New(3, 3)
	v3 := make([]float64, 3)
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"nil", SymvUpper(nil, v3, v3), ErrEmpty},
		{"not square", SymvUpper(New(3, 4), v3, v3), ErrNotSquare},
		{"short x", SymvUpper(b, v3[:2], v3), ErrShape},
		{"short y", SymvUpper(b, v3, v3[:2]), ErrShape},
		{"r0 > r1", SymvUpperRows(b, v3, v3, 2, 1), ErrShape},
		{"r0 < 0", SymvUpperRows(b, v3, v3, -1, 1), ErrShape},
		{"r1 > m", SymvUpperRows(b, v3, v3, 0, 4), ErrShape},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: got %v, want an error wrapping %v", c.name, c.err, c.want)
		}
	}
}

// BenchmarkSymvUpper measures y = Bx on the upper triangle of an m×m
// matrix (the products of the tridiagonal reduction at n = 1000 go from
// m = 999 down), on one goroutine, with every dotAxpy4 implementation: at
// m = 1000 the triangle (4 MB) is read from L3, at m = 400 (640 KB) from
// L2. The metric GB/s counts the 8·m(m+1)/2 bytes of the triangle read.
func BenchmarkSymvUpper(b *testing.B) {
	saved := symvKernel
	defer func() { symvKernel = saved }()
	rng := rand.New(rand.NewPCG(33, 33))
	for _, m := range []int{400, 1000} {
		a := randDense(rng, m, m)
		x, y := randDense(rng, 1, m).data, make([]float64, m)
		for _, kern := range symvKernels() {
			b.Run(fmt.Sprintf("m=%d/%s", m, kern.name), func(b *testing.B) {
				symvKernel = kern
				cpu := processCPU()
				for b.Loop() {
					SymvUpper(a, x, y)
				}
				b.ReportMetric(float64(8*m*(m+1)/2)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
				reportCPU(b, cpu)
			})
		}
	}
}

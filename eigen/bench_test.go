package eigen

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

func BenchmarkSym(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	mats := map[int]any{}
	get := func(n int) any {
		if m, ok := mats[n]; ok {
			return m
		}
		mats[n] = randSym(rng, n)
		return mats[n]
	}
	// The zero-options call: the method Symmetric picks by size (Auto).
	for _, n := range []int{100, 300, 1000} {
		a := get(n).(*matrix.Dense)
		b.Run(fmt.Sprintf("default/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				Symmetric(a, SymmetricOptions{})
			}
		})
	}
	for _, n := range []int{50, 100, 150, 200, 300, 1000} {
		a := get(n).(*matrix.Dense)
		b.Run(fmt.Sprintf("qr/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				Symmetric(a, SymmetricOptions{Method: TridiagonalQR})
			}
		})
	}
	for _, n := range []int{50, 100, 150, 200, 300, 1000} {
		a := get(n).(*matrix.Dense)
		b.Run(fmt.Sprintf("dc/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				Symmetric(a, SymmetricOptions{Method: DivideConquer})
			}
		})
	}
	a := get(1000).(*matrix.Dense)
	b.Run("qr-values/n=1000", func(b *testing.B) {
		for b.Loop() {
			Symmetric(a, SymmetricOptions{ValuesOnly: true})
		}
	})
	for _, n := range []int{100, 300} {
		a := get(n).(*matrix.Dense)
		b.Run(fmt.Sprintf("jacobi/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				Jacobi(a, JacobiOptions{})
			}
		})
	}
}

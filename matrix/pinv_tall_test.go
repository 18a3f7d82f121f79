package matrix

import (
	"math/rand/v2"
	"testing"
)

// PseudoInverse forms V Σ⁺ Uᵀ without the m×m identity of applyPinv: the
// same numbers (Uᵀ I is Uᵀ exactly), and a tall matrix of many rows needs
// only its own size.
func TestPseudoInverseWithoutIdentity(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	a := New(40, 3)
	for i := range 40 {
		for j := range 3 {
			a.Set(i, j, rng.NormFloat64())
		}
	}
	f, err := FactorizeSVD(a, SVDThin)
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.PseudoInverse(0)
	if err != nil {
		t.Fatal(err)
	}
	want := f.applyPinv(Identity(40), f.scaledTolerance(0))
	for i := range 3 {
		for j := range 40 {
			if got.At(i, j) != want.At(i, j) {
				t.Fatalf("A⁺[%d,%d] = %v, via the identity %v", i, j, got.At(i, j), want.At(i, j))
			}
		}
	}
	prev := SetMemoryLimit(64 << 20)
	defer SetMemoryLimit(prev)
	tall := New(200_000, 2) // the identity would need 320 GB
	tall.Set(0, 0, 1)
	tall.Set(1, 1, 2)
	p, err := PseudoInverse(tall)
	if err != nil || p.At(0, 0) != 1 || p.At(1, 1) != 0.5 {
		t.Errorf("pseudo-inverse of a tall matrix: %v", err)
	}
}

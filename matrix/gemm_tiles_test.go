package matrix

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestTilesSameBits: the tiles of PackedB.Tiles, put side by side, are
// GemmPackedB's product bit for bit, on shapes that cross the blocks of
// the inner index (k > kc), the panels (n > nc), partial slivers and
// tiles, with A a view and op(B) = B or Bᵀ; the tiles come in ascending
// order of column, each within one panel.
func TestTilesSameBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 3))
	kc, nc := activeKernel.kc, activeKernel.nc
	shapes := [][3]int{{10, 785, 300}, {240, 1000, kc + 37}, {130, 41, 2*kc + 5}, {3, nc + 21, 40}, {25, 17, 13}, {1, 50, 1}}
	for _, s := range shapes {
		m, n, k := s[0], s[1], s[2]
		for _, transB := range []bool{false, true} {
			name := fmt.Sprintf("%dx%dx%d/%v", m, n, k, transB)
			br, bc := k, n
			if transB {
				br, bc = n, k
			}
			a, _ := viewIn(rng, m, k)
			b, _ := viewIn(rng, br, bc)
			pb, err := PackB(b, transB)
			if err != nil {
				t.Fatal(err)
			}
			want := New(m, n)
			if err := GemmPackedB(false, 1, a, pb, 0, want); err != nil {
				t.Fatal(err)
			}
			got := New(m, n)
			next := 0
			err = pb.Tiles(a, func(j0 int, c *Dense) {
				if j0 != next || c.rows != m || c.cols < 1 || j0/nc != (j0+c.cols-1)/nc {
					t.Fatalf("%s: tile of %d×%d at column %d, want it at %d within one panel", name, c.rows, c.cols, j0, next)
				}
				got.Slice(0, m, j0, j0+c.cols).Copy(c)
				next += c.cols
			})
			if err != nil {
				t.Fatal(err)
			}
			if next != n {
				t.Fatalf("%s: tiles cover %d of %d columns", name, next, n)
			}
			if !identical(got, want) {
				t.Fatalf("%s: the bits differ from GemmPackedB's", name)
			}
		}
	}
}

// TestTilesEdges: wrong inner dimension and nil operands are errors; no
// rows or no columns call nothing, and no inner index gives zero tiles.
func TestTilesEdges(t *testing.T) {
	pb, err := PackB(New(4, 3), false)
	if err != nil {
		t.Fatal(err)
	}
	visit := func(int, *Dense) { t.Error("visit called") }
	if err := pb.Tiles(New(2, 5), visit); !errors.Is(err, ErrShape) {
		t.Errorf("inner dimensions 5 and 4: got %v", err)
	}
	if err := pb.Tiles(nil, visit); !errors.Is(err, ErrEmpty) {
		t.Errorf("nil A: got %v", err)
	}
	var none *PackedB
	if err := none.Tiles(New(2, 4), visit); !errors.Is(err, ErrEmpty) {
		t.Errorf("nil packed B: got %v", err)
	}
	if err := pb.Tiles(New(0, 4), visit); err != nil {
		t.Errorf("no rows: %v", err)
	}
	pe, _ := PackB(New(4, 0), false)
	if err := pe.Tiles(New(2, 4), visit); err != nil {
		t.Errorf("no columns: %v", err)
	}
	pk, _ := PackB(New(0, 3), false)
	cols := 0
	err = pk.Tiles(New(2, 0), func(_ int, c *Dense) {
		cols += c.cols
		if NormMax(c) != 0 {
			t.Errorf("k = 0: tile %v, want zeros", c)
		}
	})
	if err != nil || cols != 3 {
		t.Errorf("k = 0: %v, %d columns", err, cols)
	}
}

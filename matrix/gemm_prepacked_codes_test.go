package matrix

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestByteCoder checks the codes: given in the order the numbers are first
// seen, one per bit pattern (0 and −0, and NaNs of different payloads, are
// distinct), refused for the 257th distinct number without disturbing the
// others, and read back exactly from the table.
func TestByteCoder(t *testing.T) {
	var c ByteCoder
	nan1, nan2 := math.Float64frombits(0x7ff8000000000001), math.Float64frombits(0x7ff8000000000002)
	seen := []float64{0, math.Copysign(0, -1), nan1, nan2, math.Inf(1), 5e-324, -1}
	for want, v := range seen {
		for range 2 { // a second time: the same code
			got, ok := c.Code(v)
			if !ok || int(got) != want {
				t.Fatalf("Code(%v) = %d, %v; want %d", v, got, ok, want)
			}
		}
	}
	for i := len(seen); i < 256; i++ {
		if got, ok := c.Code(float64(i)); !ok || int(got) != i {
			t.Fatalf("Code(%d) = %d, %v", i, got, ok)
		}
	}
	if _, ok := c.Code(1e9); ok {
		t.Fatal("a 257th distinct number got a code")
	}
	if got, ok := c.Code(nan2); !ok || got != 3 {
		t.Fatalf("after the refusal, Code(NaN 2) = %d, %v; want 3", got, ok)
	}
	table := c.Table()
	if c.Len() != 256 {
		t.Fatalf("Len %d", c.Len())
	}
	for code, v := range seen {
		if math.Float64bits(table[code]) != math.Float64bits(v) {
			t.Errorf("table[%d] = %v, want %v (bits)", code, table[code], v)
		}
	}
}

// codedIn returns an r×c view (in a NaN-filled parent) whose entries are
// drawn from values.
func codedIn(rng *rand.Rand, r, c int, values []float64) *Dense {
	parent := New(r+3, c+5)
	for i := range parent.data {
		parent.data[i] = math.NaN()
	}
	v := parent.Slice(1, 1+r, 2, 2+c)
	for i := range r {
		for j := range c {
			v.Set(i, j, values[rng.IntN(len(values))])
		}
	}
	return v
}

// greyLevels returns k/255·s for k = 0 … 255: Fashion-MNIST's pixels scaled
// by s.
func greyLevels(s float64) []float64 {
	g := make([]float64, 256)
	for k := range g {
		g[k] = float64(k) * (1.0 / 255) * s
	}
	return g
}

// TestPackBCodedSameBits checks that a PackedB kept as byte codes gives the
// bits of the plain PackedB in GemmPackedB and in Tiles, for every product
// kernel, on one and two goroutines, with both transpositions of B and A,
// α and β ≠ 1, on shapes that cross the block edges (k > kc, partial
// slivers, rows from one tile to several row blocks: the kernel that
// gathers from the table and the decoded sliver both run), and with table
// entries that are −0, subnormal, huge, infinite or NaN — code 0 is a NaN
// in one case, which must not reach C through the padding of the last
// sliver.
func TestPackBCodedSameBits(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(33, 1))
	odd := []float64{math.NaN(), math.Copysign(0, -1), 5e-324, 1e300, -2.5, math.Inf(-1), 0, 1, 0.1}
	tables := map[string][]float64{"grey": greyLevels(1), "odd": odd, "three": {0, 1, -1}}
	saved := activeKernel
	defer func() { activeKernel = saved }()
	for _, kern := range productKernels() {
		activeKernel = *kern
		kc := kern.kc
		shapes := [][3]int{{10, 785, 300}, {1, 33, kc + 17}, {12, 16, 2*kc + 3}, {13, 40, 7}, {25, 17, kc}, {130, 50, 20}}
		for tname, values := range tables {
			for _, s := range shapes {
				m, n, k := s[0], s[1], s[2]
				for _, transB := range []bool{false, true} {
					for _, transA := range []bool{false, true} {
						name := fmt.Sprintf("%s/%s/%dx%dx%d/%v%v", kern.name, tname, m, n, k, transA, transB)
						br, bc := k, n
						if transB {
							br, bc = n, k
						}
						b := codedIn(rng, br, bc, values)
						if tname == "odd" {
							b.Set(0, 0, math.NaN()) // code 0
						}
						ar, ac := m, k
						if transA {
							ar, ac = k, m
						}
						a, _ := viewIn(rng, ar, ac)
						plain, err := packBCoded(b, transB, false)
						if err != nil {
							t.Fatal(err)
						}
						coded, err := PackB(b, transB)
						if err != nil {
							t.Fatal(err)
						}
						if coded.coded == nil {
							t.Fatalf("%s: %d distinct numbers were not coded", name, len(values))
						}
						c0, _ := viewIn(rng, m, n)
						want := c0.Clone()
						if err := GemmPackedB(transA, 0.75, a, plain, -0.5, want); err != nil {
							t.Fatal(err)
						}
						for _, procs := range []int{1, 2} {
							runtime.GOMAXPROCS(procs)
							got, parent := viewIn(rng, m, n)
							got.Copy(c0)
							if err := GemmPackedB(transA, 0.75, a, coded, -0.5, got); err != nil {
								t.Fatal(err)
							}
							if !identical(got, want) {
								t.Fatalf("%s, GOMAXPROCS=%d: the coded product's bits differ from the plain one's", name, procs)
							}
							checkParentUntouched(t, name, parent, 2, 3, m, n)
						}
						if !transA {
							checkTilesSame(t, name, a, plain, coded)
						}
					}
				}
			}
		}
	}
}

// checkTilesSame checks that Tiles gives the same tiles, bit for bit, from
// the plain and the coded form of one PackedB.
func checkTilesSame(t *testing.T, name string, a *Dense, plain, coded *PackedB) {
	t.Helper()
	m, n := a.rows, plain.cols
	want, got := New(m, n), New(m, n)
	collect := func(dst *Dense) func(int, *Dense) {
		return func(j0 int, c *Dense) { dst.Slice(0, m, j0, j0+c.cols).Copy(c) }
	}
	if err := plain.Tiles(a, collect(want)); err != nil {
		t.Fatal(err)
	}
	if err := coded.Tiles(a, collect(got)); err != nil {
		t.Fatal(err)
	}
	if !identical(got, want) {
		t.Fatalf("%s: Tiles of the coded operand differ from the plain one's", name)
	}
}

// TestPackBCodedOnlyFewValues checks when PackB codes: 256 distinct numbers
// are coded (zero counted), 257 are not and take the plain panels, with
// the same product either way; and the coded copy is an eighth of the
// plain one, so it fits a memory limit the plain copy exceeds.
func TestPackBCodedOnlyFewValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 2))
	b := New(40, 30)
	for i := range b.data {
		b.data[i] = float64(i % 256) // 256 values, 0 … 255
	}
	p, err := PackB(b, false)
	if err != nil || p.coded == nil {
		t.Fatalf("256 distinct numbers: coded %v, err %v", p != nil && p.coded != nil, err)
	}
	b.data[len(b.data)-1] = 0.5 // the 257th
	q, err := PackB(b, true)
	if err != nil || q.coded != nil || q.panels == nil {
		t.Fatalf("257 distinct numbers: coded %v, err %v", q != nil && q.coded != nil, err)
	}
	a, _ := viewIn(rng, 7, 30)
	want, got := New(7, 40), New(7, 40)
	if err := Gemm(false, true, 1, a, b, 0, want); err != nil {
		t.Fatal(err)
	}
	if err := GemmPackedB(false, 1, a, q, 0, got); err != nil || !identical(got, want) {
		t.Fatalf("257 distinct numbers: the product differs from Gemm's (err %v)", err)
	}

	big := New(1000, 100) // 800 KB of float64, 100 KB of codes
	defer SetMemoryLimit(SetMemoryLimit(400 << 10))
	if p, err := PackB(big, false); err != nil || p.coded == nil {
		t.Fatalf("one distinct number under a 400 KiB limit: coded %v, err %v", p != nil && p.coded != nil, err)
	}
	for i := range big.data {
		big.data[i] = float64(i)
	}
	if _, err := PackB(big, false); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("10⁵ distinct numbers under a 400 KiB limit: got %v, want ErrTooLarge", err)
	}
}

// TestKernelCodesTwin checks each kernel that reads B̃ as codes against its
// plain twin on the decoded sliver: the same tile, bit for bit, for inner
// lengths around the unrolling, into a tile of C that already holds
// numbers.
func TestKernelCodesTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 3))
	values := greyLevels(3)
	values[7] = math.Copysign(0, -1)
	for _, kern := range productKernels() {
		if kern.runCodes == nil {
			continue
		}
		mr, nr := kern.mr, kern.nr
		for _, kc := range []int{0, 1, 3, 4, 5, 8, 255, 256} {
			a := make([]float64, mr*max(kc, 1))
			for i := range a {
				a[i] = 2*rng.Float64() - 1
			}
			codes := make([]uint8, nr*max(kc, 1))
			for i := range codes {
				codes[i] = uint8(rng.IntN(256))
			}
			var table [256]float64
			copy(table[:], values)
			b := make([]float64, len(codes))
			decodeCodesGo(b, codes, &table)
			const ldc = 21
			want := make([]float64, (mr-1)*ldc+nr)
			for i := range want {
				want[i] = rng.NormFloat64()
			}
			got := append([]float64(nil), want...)
			kern.run(kc, a, b, want, ldc)
			kern.runCodes(kc, a, codes, got, ldc, &table)
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("%s kc=%d: entry %d is %v, the plain kernel's %v", kern.name, kc, i, got[i], want[i])
				}
			}
		}
	}
}

// TestDecodeCodes checks decodeCodes against the portable loop for lengths
// around its groups of 16, with table entries of every kind (NaN payloads
// included), and that it writes nothing past the codes.
func TestDecodeCodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 4))
	var table [256]float64
	for i := range table {
		table[i] = math.Float64frombits(rng.Uint64())
	}
	for _, n := range []int{0, 1, 15, 16, 17, 31, 32, 33, 4096, 4100} {
		codes := make([]uint8, n)
		for i := range codes {
			codes[i] = uint8(rng.IntN(256))
		}
		want := make([]float64, n+3)
		got := make([]float64, n+3)
		for i := range got {
			got[i], want[i] = -7, -7
		}
		decodeCodesGo(want, codes, &table)
		decodeCodes(got, codes, &table)
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				t.Fatalf("n = %d: entry %d is %x, want %x", n, i, math.Float64bits(got[i]), math.Float64bits(want[i]))
			}
		}
	}
}

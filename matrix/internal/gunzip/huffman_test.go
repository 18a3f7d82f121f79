package gunzip

import (
	"math/rand/v2"
	"testing"
)

// randomCompleteLengths returns code lengths of a random complete prefix
// code with k codes of at most maxLen bits, given to random symbols among
// nsym: it starts from the one-leaf tree and splits random leaves that are
// not yet maxLen deep until it has k leaves. Half of the splits take one
// of the newest leaves, which makes long codes and many subtables.
func randomCompleteLengths(r *rand.Rand, nsym, k, maxLen int) []uint8 {
	leaves := []int{0}
	for len(leaves) < k {
		i := r.IntN(len(leaves))
		if r.IntN(2) == 0 {
			i = max(0, len(leaves)-1-r.IntN(4))
		}
		if leaves[i] >= maxLen {
			continue
		}
		leaves[i]++
		leaves = append(leaves, leaves[i])
	}
	lengths := make([]uint8, nsym)
	for i, sym := range r.Perm(nsym)[:k] {
		lengths[sym] = uint8(leaves[i])
	}
	return lengths
}

// lookupSim decodes the symbol at the start of the bit string x (first
// bit lowest) with table the way huffblock.go does, and returns its
// entry and the number of code bits used.
func lookupSim(table []uint32, rootBits uint, x uint64) (uint32, uint) {
	e := table[x&(1<<rootBits-1)]
	used := uint(0)
	if e&flagSubtable != 0 {
		x >>= rootBits
		used = rootBits
		e = table[int(e>>entryValueShift)+int(x&(1<<(e>>entryCodeLenPos&15)-1))]
	}
	return e, used + uint(e>>entryCodeLenPos&15)
}

// TestBuildTableDecodesEveryCode builds tables for random complete codes
// of every size, including codes that need many subtables, and checks
// that each symbol's code, followed by random bits, decodes to that
// symbol with its code length.
func TestBuildTableDecodesEveryCode(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var templates [numLitLen]uint32
	for sym := range templates {
		templates[sym] = uint32(sym) << entryValueShift
	}
	kinds := []struct {
		name     string
		nsym     int
		rootBits uint
		table    []uint32
	}{
		{"literal/length", maxLitLen, litLenRootBits, new(litLenTable)[:]},
		{"distance", maxDist, distRootBits, new(distTable)[:]},
	}
	for _, kind := range kinds {
		for trial := 0; trial < 300; trial++ {
			k := 2 + r.IntN(kind.nsym-1)
			lengths := randomCompleteLengths(r, kind.nsym, k, maxCodeLength)
			if !buildTable(kind.table, kind.rootBits, lengths, templates[:]) {
				t.Fatalf("%s: complete code rejected: %v", kind.name, lengths)
			}
			codes := canonical(lengths)
			for sym, l := range lengths {
				if l == 0 {
					continue
				}
				var rev uint64
				for i := 0; i < int(l); i++ {
					rev |= (codes[sym] >> uint(int(l)-1-i) & 1) << uint(i)
				}
				x := rev | r.Uint64()<<l
				e, used := lookupSim(kind.table, kind.rootBits, x)
				if int(e>>entryValueShift) != sym || used != uint(l) || e&flagExceptional != 0 {
					t.Fatalf("%s: symbol %d (length %d) decodes as %d with %d bits", kind.name, sym, l, e>>entryValueShift, used)
				}
			}
		}
	}
}

// TestBuildTableKraft checks the acceptance rule against Kraft's sum for
// random length vectors: complete codes pass, over-subscribed ones fail,
// and incomplete ones fail except the empty code and a single 1-bit code.
func TestBuildTableKraft(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var templates [numLitLen]uint32
	table := new(litLenTable)
	for trial := 0; trial < 3000; trial++ {
		n := 1 + r.IntN(40)
		lengths := make([]uint8, n)
		for i := range lengths {
			if r.IntN(3) > 0 {
				lengths[i] = uint8(1 + r.IntN(maxCodeLength))
			}
		}
		if trial%5 == 0 {
			// A complete code with one length changed by ±1.
			lengths = randomCompleteLengths(r, n+1, 1+r.IntN(n), maxCodeLength)
			if i := r.IntN(len(lengths)); lengths[i] > 1 && lengths[i] < maxCodeLength {
				lengths[i] += uint8(2*r.IntN(2)) - 1
			}
		}
		var kraft, codes, ones int // kraft = Σ 2^(15−l)
		for _, l := range lengths {
			if l != 0 {
				kraft += 1 << (maxCodeLength - l)
				codes++
				if l == 1 {
					ones++
				}
			}
		}
		want := kraft == 1<<maxCodeLength || codes == 0 || (codes == 1 && ones == 1)
		if got := buildTable(table[:], litLenRootBits, lengths, templates[:]); got != want {
			t.Fatalf("lengths %v (Kraft sum %d/2^15): accepted %v, want %v", lengths, kraft, got, want)
		}
	}
}

package gunzip

import "math/bits"

// Huffman decoding tables.
//
// DEFLATE describes each Huffman code by its code lengths alone (RFC 1951
// §3.2.2): the codes are "canonical", assigned in order of increasing
// length and, within a length, in increasing symbol order, so that the
// lengths determine every code. Codes are written most significant bit
// first, while the bit reader delivers bits least significant first; so
// the next k bits of the buffer, read as a number, are the next k-bit
// code with its bits reversed. A table indexed by those k bits answers
// "which symbol starts here, and how long is its code" in one lookup: a
// code of length l ≤ k owns every index whose low l bits are its reversed
// code, that is 2^(k−l) entries spaced 2^l apart.
//
// A table covering 15 bits, the longest code, would have 32768 entries;
// building it for every block would cost more than decoding a typical
// block. So the main table covers the first rootBits bits (11 for
// literals/lengths, 8 for distances, small enough to stay in the level-1
// cache), and each longer code is found in a subtable: the main entry for
// its first rootBits bits points to a subtable indexed by the bits that
// follow. Codes longer than rootBits are rare, because a long code means
// a rare symbol. This two-level scheme is the one zlib's inflate uses.
//
// Each entry is a uint32 that tells the decoder everything it needs
// without looking anything else up:
//
//	bits  0–5   number of bits to consume: the code length (counted from
//	            the subtable's first bit inside a subtable) plus the
//	            symbol's extra bits, so that a length or distance takes
//	            its code and its extra bits in one shift. In a subtable
//	            pointer: rootBits
//	bits  8–11  code length alone; the extra bits are the consumed bits
//	            above it. In a subtable pointer: the subtable's index bits
//	bit  12     end of block (symbol 256)
//	bit  13     subtable pointer
//	bit  14     exceptional: end of block, subtable pointer or invalid;
//	            one test moves all three off the common path
//	bit  15     literal
//	bits 16–31  the value: literal byte, length base, distance base,
//	            code-length symbol, or the subtable's offset in the table
//
// An invalid entry (exceptional without end-of-block or subtable flag)
// stands for codes that no symbol owns: symbols 286–287 and 30–31 of the
// fixed codes, the unused half of a one-symbol code, and every bit
// pattern of an empty code.
const (
	entryConsumeMask = 0x3f
	entryCodeLenPos  = 8
	flagEndOfBlock   = 1 << 12
	flagSubtable     = 1 << 13
	flagExceptional  = 1 << 14
	flagLiteral      = 1 << 15
	entryValueShift  = 16
	invalidEntry     = flagExceptional
)

// Main-table sizes in bits, and the table types. The array lengths are
// powers of two so that an index masked with len−1 needs no bounds check,
// and they hold main table plus subtables for any complete code. Why:
// in canonical order the long codes come sorted by length, so the groups
// of codes sharing a subtable are sorted by length too. A group whose
// codes all have one length l fills its 2^(l−rootBits) entries with one
// code each, so all such groups together have at most one entry per
// symbol. A group with mixed lengths (shortest < longest) has a longest
// code strictly longer than the longest of the mixed group before it, so
// there is at most one such group per longest length, rootBits+2 … 15.
// Literal/length codes (286 symbols, 11 root bits): at most
// 2048 + 286 + (4 + 8 + 16) = 2362 entries of 4096. Distance codes (30
// symbols, 8 root bits): at most 256 + 30 + (4 + 8 + … + 128) = 538 of
// 1024. buildTable checks the bound anyway.
const (
	litLenRootBits  = 11
	distRootBits    = 8
	codeLenRootBits = 7 // code-length codes are at most 7 bits: no subtables
)

type (
	litLenTable  [4096]uint32
	distTable    [1024]uint32
	codeLenTable [1 << codeLenRootBits]uint32
)

// buildTable fills table with the decoding entries of the canonical
// Huffman code whose code lengths are lengths[sym] (0 = symbol unused),
// the first 1<<rootBits entries being the main table and subtables
// following. templates[sym] is the code-independent part of symbol sym's
// entry (alphabet.go).
//
// It returns false when the lengths do not describe a complete prefix
// code. A complete code uses every bit pattern: Σ 2^(−l) over the codes
// is exactly 1 (Kraft's equality). A sum above 1 (over-subscribed) cannot
// be decoded at all, and a sum below 1 (incomplete) leaves bit patterns
// that mean nothing. As compress/flate and zlib do, two incomplete codes
// are accepted: the empty code, which fails only if a symbol is ever
// decoded with it (a distance code of a block that has only literals),
// and a single code of length 1, which an encoder writes when one symbol
// is used; the other one-bit pattern gets the invalid entry.
func buildTable(table []uint32, rootBits uint, lengths []uint8, templates []uint32) bool {
	// count[l] = number of codes of length l.
	var count [maxCodeLength + 1]int
	for _, l := range lengths {
		count[l]++
	}
	count[0] = 0

	// Kraft: left is 2^l − Σ_{l' ≤ l} count[l']·2^(l−l'), the codes of
	// length l still unassigned after all shorter codes took their share.
	left, total := 1, 0
	for l := 1; l <= maxCodeLength; l++ {
		left = left<<1 - count[l]
		if left < 0 {
			return false // over-subscribed
		}
		total += count[l]
	}
	rootSize := 1 << rootBits
	if left != 0 {
		if total != 0 && !(total == 1 && count[1] == 1) {
			return false // incomplete
		}
		for i := range table[:rootSize] {
			table[i] = invalidEntry
		}
	}

	// Symbols sorted by (code length, symbol): the order in which the
	// canonical codes are handed out.
	var offset [maxCodeLength + 2]int
	for l := 1; l <= maxCodeLength; l++ {
		offset[l+1] = offset[l] + count[l]
	}
	var sorted [numLitLen]uint16
	for sym, l := range lengths {
		if l != 0 {
			sorted[offset[l]] = uint16(sym)
			offset[l]++
		}
	}
	symbols := sorted[:total]

	// codes[i] = the canonical code of symbols[i], with its bits reversed
	// into reading order (§3.2.2: each code is the previous one plus 1,
	// shifted left when the length grows).
	var codes [numLitLen]uint16
	code, prevLen := 0, 0
	for i, sym := range symbols {
		l := int(lengths[sym])
		code <<= l - prevLen
		prevLen = l
		codes[i] = bits.Reverse16(uint16(code)) >> (16 - l)
		code++
	}

	// Codes no longer than rootBits fill 2^(rootBits−l) main entries.
	i := 0
	for ; i < total && uint(lengths[symbols[i]]) <= rootBits; i++ {
		l := uint(lengths[symbols[i]])
		e := templates[symbols[i]] + uint32(l)<<entryCodeLenPos + uint32(l)
		for j := int(codes[i]); j < rootSize; j += 1 << l {
			table[j] = e
		}
	}

	// Longer codes go to subtables, one per distinct first rootBits bits.
	// In canonical order the codes that share their first bits are
	// contiguous and the last of them is the longest, so a subtable's size
	// is known when its first code is met.
	next := rootSize // first free entry after the main table
	for i < total {
		prefix := int(codes[i]) & (rootSize - 1)
		last := i
		for last+1 < total && int(codes[last+1])&(rootSize-1) == prefix {
			last++
		}
		subBits := uint(lengths[symbols[last]]) - rootBits
		start := next
		next += 1 << subBits
		if next > len(table) || start >= 1<<16 {
			return false // cannot happen for a complete code (see the bounds above)
		}
		table[prefix] = uint32(start)<<entryValueShift | flagExceptional | flagSubtable |
			uint32(subBits)<<entryCodeLenPos | uint32(rootBits)
		for ; i <= last; i++ {
			l := uint(lengths[symbols[i]]) - rootBits // bits after the prefix
			e := templates[symbols[i]] + uint32(l)<<entryCodeLenPos + uint32(l)
			for j := int(codes[i]) >> rootBits; j < 1<<subBits; j += 1 << l {
				table[start+j] = e
			}
		}
	}
	return true
}

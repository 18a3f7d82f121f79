package gunzip

// The alphabets of DEFLATE (RFC 1951 §3.2.5) and what each symbol means,
// as table-entry templates for buildTable (huffman.go).
//
// One Huffman code covers literals and lengths together (the literal/length
// alphabet, symbols 0–287): 0–255 are literal bytes, 256 ends the block,
// and 257–285 are match lengths, each a base plus a number of extra bits
// that follow the code in the stream. A second code covers distances
// (symbols 0–31), again a base plus extra bits. Symbols 286, 287, 30 and
// 31 take part in the fixed code but never occur in valid data.

// Sizes of the alphabets.
const (
	numLitLen     = 288 // literal/length symbols in the fixed code
	maxLitLen     = 286 // literal/length symbols a dynamic header may declare
	numDist       = 32  // distance symbols in the fixed code
	maxDist       = 30  // distance symbols a dynamic header may declare
	numCodeLen    = 19  // code-length symbols (§3.2.7)
	endOfBlock    = 256 // the literal/length symbol that ends a block
	maxCodeLength = 15  // the longest Huffman code DEFLATE allows
	maxMatch      = 258 // the longest match a length symbol can give
)

// lengthBase and lengthExtra give, for the length symbols 257–285, the
// shortest match length and the number of extra bits (§3.2.5, first table).
// Symbol 284 with all five extra bits set gives 227 + 31 = 258, the same
// length as symbol 285; zlib and compress/flate accept it, and so do we.
var lengthBase = [29]uint16{
	3, 4, 5, 6, 7, 8, 9, 10, // 257–264, 0 extra bits
	11, 13, 15, 17, // 265–268, 1
	19, 23, 27, 31, // 269–272, 2
	35, 43, 51, 59, // 273–276, 3
	67, 83, 99, 115, // 277–280, 4
	131, 163, 195, 227, // 281–284, 5
	258, // 285, 0
}

var lengthExtra = [29]uint8{
	0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 1, 1,
	2, 2, 2, 2,
	3, 3, 3, 3,
	4, 4, 4, 4,
	5, 5, 5, 5,
	0,
}

// distBase and distExtra give, for the distance symbols 0–29, the
// shortest distance and the number of extra bits (§3.2.5, second table).
// The longest distance is 24577 + 2¹³ − 1 = 32768, the window size.
var distBase = [30]uint16{
	1, 2, 3, 4, // 0–3, 0 extra bits
	5, 7, 9, 13, 17, 25, 33, 49, 65, 97, // 4–13, 1–5
	129, 193, 257, 385, 513, 769, 1025, 1537, // 14–21, 6–9
	2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577, // 22–29, 10–13
}

var distExtra = [30]uint8{
	0, 0, 0, 0,
	1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
	6, 6, 7, 7, 8, 8, 9, 9,
	10, 10, 11, 11, 12, 12, 13, 13,
}

// codeLenOrder is the order in which a dynamic block header lists the
// code lengths of the code-length alphabet (§3.2.7): the symbols likely to
// be unused come last, so that trailing zeros can be left out.
var codeLenOrder = [numCodeLen]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// Templates: the part of each symbol's table entry that does not depend
// on its code (huffman.go explains the entry format). buildTable adds the
// code length.
var (
	litLenTemplates  = makeLitLenTemplates()
	distTemplates    = makeDistTemplates()
	codeLenTemplates = makeCodeLenTemplates()
)

// makeLitLenTemplates: literals carry their byte and the literal flag,
// symbol 256 the end-of-block flag, lengths their base and extra-bit
// count, and 286–287 the invalid entry.
func makeLitLenTemplates() [numLitLen]uint32 {
	var t [numLitLen]uint32
	for sym := 0; sym < 256; sym++ {
		t[sym] = uint32(sym)<<entryValueShift | flagLiteral
	}
	t[endOfBlock] = flagExceptional | flagEndOfBlock
	for i := range lengthBase {
		t[257+i] = uint32(lengthBase[i])<<entryValueShift | uint32(lengthExtra[i])
	}
	t[286], t[287] = invalidEntry, invalidEntry
	return t
}

// makeDistTemplates: distances carry their base and extra-bit count, and
// 30–31 the invalid entry.
func makeDistTemplates() [numDist]uint32 {
	var t [numDist]uint32
	for i := range distBase {
		t[i] = uint32(distBase[i])<<entryValueShift | uint32(distExtra[i])
	}
	t[30], t[31] = invalidEntry, invalidEntry
	return t
}

// makeCodeLenTemplates: a code-length symbol is just its number.
func makeCodeLenTemplates() [numCodeLen]uint32 {
	var t [numCodeLen]uint32
	for sym := range t {
		t[sym] = uint32(sym) << entryValueShift
	}
	return t
}

// The fixed Huffman codes of block type 1 (§3.2.6), built once.
var fixedLitLen, fixedDist = makeFixedTables()

// makeFixedTables builds the tables of the fixed codes: literal/length
// symbols 0–143 have 8-bit codes, 144–255 9-bit, 256–279 7-bit and
// 280–287 8-bit; the 32 distance symbols all have 5-bit codes.
func makeFixedTables() (*litLenTable, *distTable) {
	var lengths [numLitLen]uint8
	for sym := range lengths {
		switch {
		case sym < 144:
			lengths[sym] = 8
		case sym < 256:
			lengths[sym] = 9
		case sym < 280:
			lengths[sym] = 7
		default:
			lengths[sym] = 8
		}
	}
	lt, dt := new(litLenTable), new(distTable)
	if !buildTable(lt[:], litLenRootBits, lengths[:], litLenTemplates[:]) {
		panic("gunzip: the fixed literal/length code is not complete")
	}
	var dlengths [numDist]uint8
	for sym := range dlengths {
		dlengths[sym] = 5
	}
	if !buildTable(dt[:], distRootBits, dlengths[:], distTemplates[:]) {
		panic("gunzip: the fixed distance code is not complete")
	}
	return lt, dt
}

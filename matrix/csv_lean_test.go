package matrix

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// sameOutcome fails unless got and want (a table or an error each) are
// the same: equal names (nil-ness included) and data bit for bit, or
// errors with the same message wrapping the same sentinel.
func sameOutcome(t *testing.T, in []byte, gotNames, wantNames []string, got, want *Dense, gotErr, wantErr error) {
	t.Helper()
	if (gotErr == nil) != (wantErr == nil) {
		t.Fatalf("input %q:\n lean error %v\n  ref error %v", in, gotErr, wantErr)
	}
	if gotErr != nil {
		if gotErr.Error() != wantErr.Error() {
			t.Fatalf("input %q:\n lean %q\n  ref %q", in, gotErr, wantErr)
		}
		for _, s := range []error{ErrFormat, ErrEmpty, ErrNotFinite, ErrNoColumn} {
			if errors.Is(gotErr, s) != errors.Is(wantErr, s) {
				t.Fatalf("input %q: lean %v and ref %v differ on %v", in, gotErr, wantErr, s)
			}
		}
		return
	}
	if !slices.Equal(gotNames, wantNames) || (gotNames == nil) != (wantNames == nil) {
		t.Fatalf("input %q: names %q, ref %q", in, gotNames, wantNames)
	}
	if !denseSameBits(got, want) {
		t.Fatalf("input %q: data\n%v ref\n%v", in, got, want)
	}
}

// compareCSVReaders reads in with ReadCSV and ReadLabeledCSV (last column,
// and column 0) and with their encoding/csv references.
func compareCSVReaders(t *testing.T, in []byte) {
	t.Helper()
	tab, err := ReadCSV(bytes.NewReader(in))
	ref, refErr := refReadCSV(bytes.NewReader(in))
	var tn, rn []string
	var td, rd *Dense
	if err == nil && refErr == nil {
		tn, rn, td, rd = tab.Names, ref.Names, tab.Data, ref.Data
	}
	sameOutcome(t, in, tn, rn, td, rd, err, refErr)
	for _, label := range []string{"", "0"} {
		lt, err := ReadLabeledCSV(bytes.NewReader(in), label)
		lref, refErr := refReadLabeledCSV(bytes.NewReader(in), label)
		if err == nil && refErr == nil {
			sameOutcome(t, in, lt.Names, lref.Names, lt.Data, lref.Data, nil, nil)
			if !slices.Equal(lt.Labels, lref.Labels) || lt.Label != lref.Label {
				t.Fatalf("input %q, label %q: labels %q (%q), ref %q (%q)", in, label, lt.Labels, lt.Label, lref.Labels, lref.Label)
			}
			continue
		}
		sameOutcome(t, in, nil, nil, nil, nil, err, refErr)
	}
}

// leanSeeds are inputs where a line-based reader could part from
// encoding/csv: quotes that open on one line and close on another, a CR
// alone, a final CR, quotes after a long line, trailing separators.
var leanSeeds = []string{
	"a,b\n\"1\n\",2\n3,x\n", "\"a\r\nb\",c\r\n1,2\r\n", "1,2\r", "1,2\r\r\n3,4\n", "a\r\n\r\n\r\n1\r",
	"\"\"\n1\n", "\"  \"\n1,2\n", "  \n\"\",\"\"\n", "a,b\n1,\"2\"\"\"\n", "a,b\n\"1\" ,2\n",
	"x\n\"1\"\n\"\n", "x,y\n1,2,\n", ",\n", ",,\n1,2,3\n", "x\n\"\n\n\n\"\n",
	"\uFEFF\"a\",b\n1,2\n", "a,b\n1,\"2\n3\",4\n", "\"a\"\"b\",c\n1,2\n1,\"NaN\"\n",
	"a,b\n+Inf,1\n", "a,b\n1e400,-1e400\n", "a,b\nNA,1\n", "1,2\n\"3\",\"x\"\n",
	"a,label\n1,\"big cat\"\n2,\" \"\n", "a\n\"1\"x\n", "a\n1\n\"2\" \n",
}

func TestCSVLeanMatchesReference(t *testing.T) {
	for _, s := range append(slices.Clone(csvSeeds), leanSeeds...) {
		compareCSVReaders(t, []byte(s))
	}
	// Lines longer than the reader's buffer, with a quoted field at the
	// end, one across the buffer's edge, and one spanning lines.
	long := strings.Repeat("0.5,", csvBufferSize/4+100)
	for _, s := range []string{
		long + "1\n" + long + "2\n",
		long + "\"1\"\n" + long + "2\n",
		"h" + long + "z\n" + long + "\"1\n\"\n" + long + "x\n",
		long[:csvBufferSize-1] + "\"1,5\"\n",
		long + "\"1\n" + long + "\"\n",
	} {
		compareCSVReaders(t, []byte(s))
	}
	// Random inputs from a vocabulary of numbers, words, quotes, white
	// space, separators and line ends.
	rng := rand.New(rand.NewPCG(25, 2026))
	for range 3000 {
		compareCSVReaders(t, randomCSV(rng))
	}
}

// csvTokens are the pieces randomCSV builds inputs from.
var csvTokens = []string{
	"0.5", "-1", "1e308", "-1e400", "1e-400", "NaN", "inf", "-Infinity", "+Inf",
	"NA", "na", "x", "é", "1_000", "0x1p-2", " ", "\t", "",
	"\"", "\"\"", "\"a,b\"", "\"1\"", "\" 2 \"", "\"1\n2\"",
	",", ",", ",", "\n", "\n", "\r\n", "\r", "\uFEFF",
}

// randomCSV is either a grid of random cells (sometimes ragged, with a
// header, CRLF or blank lines) or a random string of tokens.
func randomCSV(rng *rand.Rand) []byte {
	var b strings.Builder
	if rng.IntN(2) == 0 {
		for range rng.IntN(30) {
			b.WriteString(csvTokens[rng.IntN(len(csvTokens))])
		}
		return []byte(b.String())
	}
	rows, cols := 1+rng.IntN(4), 1+rng.IntN(4)
	end := []string{"\n", "\r\n"}[rng.IntN(2)]
	if rng.IntN(2) == 0 {
		for j := range cols {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString([]string{"a", "b", "\"c,d\"", " e ", "a", "1"}[rng.IntN(6)])
		}
		b.WriteString(end)
	}
	for range rows {
		w := cols
		if rng.IntN(10) == 0 {
			w += rng.IntN(3) - 1
		}
		for j := range w {
			if j > 0 {
				b.WriteByte(',')
			}
			if rng.IntN(8) == 0 {
				b.WriteString(csvTokens[rng.IntN(len(csvTokens))])
			} else {
				b.WriteString([]string{"0.5", "-2", "3e2", " 4 ", "\"5\"", "1e-5"}[rng.IntN(6)])
			}
		}
		b.WriteString(end)
		if rng.IntN(6) == 0 {
			b.WriteString([]string{"\n", "  \n", "\r\n"}[rng.IntN(3)])
		}
	}
	return []byte(b.String())
}

// FuzzCSVLeanMatchesReference checks that ReadCSV and ReadLabeledCSV give
// what their encoding/csv references give: the same tables bit for bit,
// or the same errors.
func FuzzCSVLeanMatchesReference(f *testing.F) {
	for _, s := range append(slices.Clone(csvSeeds), leanSeeds...) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		compareCSVReaders(t, in)
	})
}

// TestCSVRecordsOneByte: a reader that returns one byte at a time gives
// the same records (the quoted path reads through the same buffer).
func TestCSVRecordsOneByte(t *testing.T) {
	in := "a,\"b\nc\"\r\n\n1,\"2\"\r\n3,4\n\"5\n\",6"
	tab, err := ReadCSV(iotest.OneByteReader(strings.NewReader(in)))
	ref, refErr := refReadCSV(strings.NewReader(in))
	if err != nil || refErr != nil {
		t.Fatal(err, refErr)
	}
	sameOutcome(t, []byte(in), tab.Names, ref.Names, tab.Data, ref.Data, nil, nil)
}

// tallCSV is n rows of d random numbers (17 significant digits, as
// WriteCSV writes them) with a header.
func tallCSV(n, d int) []byte {
	m := randDense(rand.New(rand.NewPCG(5, 6)), n, d)
	names := make([]string, d)
	for j := range names {
		names[j] = "x" + strings.Repeat("_", j)
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, m, names); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// BenchmarkReadCSVTall reads a 200000×20 table of random numbers (about
// 75 MB) from memory: the lean reader and, as Ref, encoding/csv's.
func BenchmarkReadCSVTall(b *testing.B) {
	raw := tallCSV(200_000, 20)
	for _, c := range []struct {
		name string
		read func(r *bytes.Reader) error
	}{
		{"Lean", func(r *bytes.Reader) error { _, err := ReadCSV(r); return err }},
		{"Ref", func(r *bytes.Reader) error { _, err := refReadCSV(r); return err }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				if err := c.read(bytes.NewReader(raw)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

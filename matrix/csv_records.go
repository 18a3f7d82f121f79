package matrix

// The records of a delimited text file, read one line at a time without a
// string per field: the lean path under ReadCSV, ReadLabeledCSV and the
// demo command's tables (issue 25).
//
// encoding/csv returns a record as one string per field and keeps, for
// each field, an index and a position: about 40 bytes per field beyond the
// text. A line of 10 million numbers then costs 1.2 GB while being read, 29
// times the file, and under a limited address space the Go runtime ended
// the process ("fatal error: out of memory") before any size check could
// run. CSVRecords reads a line into one reused buffer and finds its fields
// in place, one after another, so that a line of n fields of b bytes each
// costs its n·(b+1) bytes while it is the current record (twice that while
// the first line longer than the buffered reader's 64 kB is assembled).
//
// Only lines without a double quote take this path; a line that holds one
// is handed, with the lines that follow it as far as its record reaches,
// to encoding/csv, so that quoting (and every quoting error, with its line
// and byte) is exactly encoding/csv's.

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"io"
	"slices"
	"unicode/utf8"
)

// csvBufferSize is the size of the buffered reader under CSVRecords: large
// enough that ordinary lines are read in one piece.
const csvBufferSize = 64 << 10

// CSVRecords reads the records of a delimited text file one at a time, as
// encoding/csv.Reader does with Comma set to the separator and
// FieldsPerRecord −1 (records of any width), but without a string per
// field: a record's fields are byte slices into a buffer that the next
// call to Next reuses.
//
// The syntax is encoding/csv's (RFC 4180): fields may be quoted, with ""
// for a quote inside quotes and line breaks inside quotes; CRLF line ends
// are read as LF, and a final CR before the end of the input is dropped.
// Records that are blank (an empty line, or a single field of white space)
// are skipped; they still count in line numbers. Fields are not trimmed.
// The caller handles a byte-order mark and compression before the first
// call.
//
// A line without a double quote is split where the separator occurs,
// reading it into one reused buffer; a line with one is parsed by
// encoding/csv, together with the lines its record spans.
//
// Reference: RFC 4180, "Common Format and MIME Type for Comma-Separated
// Values (CSV) Files" (2005).
type CSVRecords struct {
	br    *bufio.Reader
	sep   rune
	sepb  []byte // sep, UTF-8 encoded
	lines int    // the physical lines consumed so far
	raw   []byte // a line longer than br's buffer, assembled (reused)
	spill int    // bytes of the line being assembled beyond raw's capacity
	rec   csvRecord

	// The quoted path: an encoding/csv reader fed line by line, and the
	// buffers of the fields it returns (reused).
	cr     *csv.Reader
	feed   *lineFeeder
	packed []byte
	fldbuf []int
	endbuf []int
}

// NewCSVRecords returns a reader of the records of r whose fields are
// separated by sep (a comma for CSV; a separator that encoding/csv refuses,
// such as '"', '\r' or '\n', makes Next return encoding/csv's error on the
// first quoted record and splits unquoted lines where it occurs).
func NewCSVRecords(r io.Reader, sep rune) *CSVRecords {
	sepb := utf8.AppendRune(nil, sep)
	return &CSVRecords{br: bufio.NewReaderSize(r, csvBufferSize), sep: sep, sepb: sepb, rec: csvRecord{sep: sepb}}
}

// Next advances to the next record that is not blank. It returns io.EOF at
// the end of the input, a *csv.ParseError (whose lines count from the
// start of the input) for a quoting error, and an error of the underlying
// reader unchanged.
func (c *CSVRecords) Next() error {
	for {
		raw, err := c.readLine()
		if len(raw) == 0 && err != nil {
			return err // io.EOF at the end, or a read error
		}
		if err != nil && err != io.EOF {
			return err
		}
		if bytes.IndexByte(raw, '"') >= 0 {
			if err := c.readQuoted(raw); err != nil {
				return err
			}
		} else {
			c.lines++
			c.split(lineBody(raw))
		}
		if !c.rec.blank() {
			return nil
		}
	}
}

// Len returns the number of fields of the current record.
func (c *CSVRecords) Len() int { return c.rec.Len() }

// Field returns field j of the current record, untrimmed; the bytes are
// valid until the next call to Next.
func (c *CSVRecords) Field(j int) []byte { return c.rec.Field(j) }

// Line returns the line on which the current record starts (1-based,
// counting blank lines, as an editor shows it).
func (c *CSVRecords) Line() int { return c.rec.line }

// FieldLine returns the line on which field j of the current record
// starts: Line, unless a quoted field before it spans lines.
func (c *CSVRecords) FieldLine(j int) int { return c.rec.FieldLine(j) }

// csvRecord is a record: its fields' text, separated by sep. The fields
// of a quoted record (parsed by encoding/csv) end where ends says; those
// of an unquoted line are found by a cursor that moves forward from one
// field to the next, so that reading them in order is one pass.
type csvRecord struct {
	text  []byte // the fields, separated by sep
	sep   []byte
	n     int   // the number of fields
	ends  []int // quoted: field j ends at text[ends[j]]; nil for an unquoted line
	line  int   // the line on which the record starts (1-based)
	flds  []int // quoted: the line on which each field starts; nil otherwise
	field int   // unquoted: the field the cursor is on (−1: none yet)
	start int   // unquoted: where that field starts in text
	end   int   // unquoted: where it ends
}

// Len returns the number of fields.
func (r *csvRecord) Len() int { return r.n }

// Field returns field j, untrimmed. On an unquoted line, asking for the
// fields in order costs one pass over the line; going back starts over.
func (r *csvRecord) Field(j int) []byte {
	start, end := r.bounds(j)
	return r.text[start:end]
}

// bounds returns where field j starts and ends in text.
func (r *csvRecord) bounds(j int) (start, end int) {
	if r.ends != nil {
		if j > 0 {
			start = r.ends[j-1] + len(r.sep)
		}
		return start, r.ends[j]
	}
	if j < 0 || j >= r.n {
		panic("matrix: csv record: field index out of range")
	}
	if j < r.field {
		r.field, r.end = -1, -len(r.sep)
	}
	for r.field < j {
		r.start = r.end + len(r.sep)
		r.end = len(r.text)
		if i := bytes.Index(r.text[r.start:], r.sep); i >= 0 {
			r.end = r.start + i
		}
		r.field++
	}
	return r.start, r.end
}

// FieldLine returns the line on which field j starts.
func (r *csvRecord) FieldLine(j int) int {
	if r.flds != nil {
		return r.flds[j]
	}
	return r.line
}

// blank reports a record that encoding/csv returns but the readers skip:
// one field of white space only.
func (r *csvRecord) blank() bool {
	return r.n == 1 && len(bytes.TrimSpace(r.text)) == 0
}

// clone copies the record out of the reader's buffers.
func (r *csvRecord) clone() *csvRecord {
	return &csvRecord{text: bytes.Clone(r.text), sep: r.sep, n: r.n, ends: slices.Clone(r.ends),
		line: r.line, flds: slices.Clone(r.flds), field: -1, end: -len(r.sep)}
}

// readLine reads one physical line with its line end, as encoding/csv's
// readLine does: the slice is br's buffer, or raw for a line longer than
// it. raw is reused; when a line outgrows it, the pieces beyond its
// capacity are kept apart and raw is then allocated once at the line's
// length, so that assembling a line of L bytes allocates at most 2L.
func (c *CSVRecords) readLine() ([]byte, error) {
	line, err := c.br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	c.raw, c.spill = c.raw[:0], 0
	var pieces [][]byte
	for {
		if len(pieces) == 0 && len(c.raw)+len(line) <= cap(c.raw) {
			c.raw = append(c.raw, line...)
		} else {
			if err := c.checkLine(len(line)); err != nil {
				return nil, err
			}
			pieces = append(pieces, bytes.Clone(line))
			c.spill += len(line)
		}
		if err != bufio.ErrBufferFull {
			break
		}
		line, err = c.br.ReadSlice('\n')
	}
	if pieces != nil {
		if err := c.checkLine(len(c.raw) + c.spill); err != nil {
			return nil, err
		}
		whole := make([]byte, 0, len(c.raw)+c.spill)
		whole = append(whole, c.raw...)
		for _, p := range pieces {
			whole = append(whole, p...)
		}
		freed := int64(c.spill)
		c.raw, c.spill, pieces = whole, 0, nil
		collectGarbage(freed)
	}
	return c.raw, err
}

// lineBody is a physical line without its end, normalized as
// encoding/csv normalizes it: "\r\n" and "\n" end a line, and a CR that
// ends the input is dropped.
func lineBody(raw []byte) []byte {
	n := len(raw)
	switch {
	case n >= 2 && raw[n-2] == '\r' && raw[n-1] == '\n':
		return raw[:n-2]
	case n >= 1 && (raw[n-1] == '\n' || raw[n-1] == '\r'):
		// A final CR without LF is the end of the input: ReadSlice only
		// returns a line without '\n' there.
		return raw[:n-1]
	}
	return raw
}

// split makes the line body the current record: its fields end where the
// separator occurs. An empty body is one empty field, skipped as blank
// (encoding/csv skips empty lines).
func (c *CSVRecords) split(body []byte) {
	r := &c.rec
	r.text, r.line, r.flds, r.ends = body, c.lines, nil, nil
	r.n = 1 + bytes.Count(body, c.sepb)
	r.field, r.end = -1, -len(c.sepb)
}

// readQuoted parses the record that starts with the line raw (which holds
// a double quote) with encoding/csv, feeding it the following lines one at
// a time so that it reads no further than the record's last line. One
// encoding/csv reader serves every quoted record: it has seen exactly the
// lines fed to it, so its line numbers are ours less the lines read on
// the lean path.
func (c *CSVRecords) readQuoted(raw []byte) error {
	if c.cr == nil {
		c.feed = &lineFeeder{c: c}
		c.cr = csv.NewReader(c.feed)
		c.cr.Comma = c.sep
		c.cr.FieldsPerRecord = -1
		c.cr.ReuseRecord = true
	}
	offset := c.lines - c.feed.lines()
	c.feed.pending = append(c.feed.first[:0], raw...)
	c.feed.first = c.feed.pending
	rec, err := c.cr.Read()
	c.lines = offset + c.feed.lines()
	if err != nil {
		if pe, ok := err.(*csv.ParseError); ok {
			pe.StartLine += offset
			pe.Line += offset
		}
		return err
	}
	c.packed, c.endbuf, c.fldbuf = c.packed[:0], c.endbuf[:0], c.fldbuf[:0]
	for j, f := range rec {
		if j > 0 {
			c.packed = append(c.packed, c.sepb...)
		}
		c.packed = append(c.packed, f...)
		c.endbuf = append(c.endbuf, len(c.packed))
		line, _ := c.cr.FieldPos(j)
		c.fldbuf = append(c.fldbuf, line+offset)
	}
	c.rec = csvRecord{text: c.packed, sep: c.sepb, n: len(rec), ends: c.endbuf, line: c.fldbuf[0], flds: c.fldbuf}
	return nil
}

// lineFeeder hands encoding/csv the input one line per Read: the line
// already read, then the next lines of the CSVRecords' reader. encoding/csv
// asks for another line only when a quoted field goes on past a line end,
// so nothing after the record's last line is consumed.
type lineFeeder struct {
	pending []byte // the rest of the current line
	first   []byte // a copy of the record's first line (reused)
	c       *CSVRecords
	newline int  // line ends handed out
	partial bool // bytes handed out after the last line end
	done    error
}

func (f *lineFeeder) Read(p []byte) (int, error) {
	if len(f.pending) == 0 {
		if f.done != nil {
			return 0, f.done
		}
		line, err := f.c.br.ReadSlice('\n')
		if err != nil && err != bufio.ErrBufferFull {
			f.done = err
		}
		if len(line) == 0 {
			return 0, f.done
		}
		f.pending = line
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	if n == 0 {
		return 0, nil
	}
	if p[n-1] == '\n' && len(f.pending) == 0 {
		f.newline++
		f.partial = false
	} else {
		f.partial = true
	}
	return n, nil
}

// lines is the number of physical lines handed out: the line ends, and a
// last line without one.
func (f *lineFeeder) lines() int {
	if f.partial {
		return f.newline + 1
	}
	return f.newline
}

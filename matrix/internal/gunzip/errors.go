package gunzip

import (
	"errors"
	"fmt"
	"io"
)

// Sentinel errors. Every error that Decompress returns is an *Error that
// wraps one of these or io.ErrUnexpectedEOF, so callers test the kind of
// failure with errors.Is and read the position with errors.As.
var (
	// ErrHeader reports a gzip member header that is not valid (RFC 1952
	// §2.3): wrong magic bytes, a compression method other than 8
	// (deflate), a file name or comment without its terminating zero byte
	// within 512 bytes, a header CRC that does not match, or bytes after
	// the last member that do not start another member.
	ErrHeader = errors.New("invalid gzip header")
	// ErrCorrupt reports DEFLATE data that breaks RFC 1951: reserved block
	// type 3, a stored block whose LEN and NLEN disagree, Huffman code
	// lengths that over-subscribe or leave part of the code space unused,
	// a code that is not in the table, or a distance that reaches back
	// before the start of the member's output.
	ErrCorrupt = errors.New("corrupt deflate data")
	// ErrChecksum reports a member whose CRC-32 or length (ISIZE) in the
	// trailer (RFC 1952 §2.3.1) differs from the decoded data.
	ErrChecksum = errors.New("checksum mismatch")
	// ErrTooLarge reports an output that would pass the limit given to
	// DecompressLimit; decoding stops there, before allocating more.
	ErrTooLarge = errors.New("output too large")
)

// Error is the structured error of the package: Op names the part of the
// format being decoded ("header", "block", "dynamic table", "trailer"),
// Err is one of the sentinels above or io.ErrUnexpectedEOF for input that
// ends too early, Offset is the byte of src at which the problem was
// found (approximate inside compressed data, where the decoder holds up
// to eight bytes ahead), and Detail says what was wrong.
//
// Its message reads "gunzip: <op>: <sentinel>: <detail> (input byte N)".
type Error struct {
	Op     string
	Err    error
	Detail string
	Offset int
}

// Error formats the error as "gunzip: <op>: <sentinel>: <detail> (input
// byte N)".
func (e *Error) Error() string {
	s := "gunzip: " + e.Op + ": " + e.Err.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s + fmt.Sprintf(" (input byte %d)", e.Offset)
}

// Unwrap returns the sentinel, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// corrupt, truncated and badHeader build the three common errors. They are
// kept out of line (they are only called on failure) so that the hot loop
// that calls them stays small.

//go:noinline
func corrupt(op string, offset int, detail string) error {
	return &Error{Op: op, Err: ErrCorrupt, Detail: detail, Offset: offset}
}

//go:noinline
func truncated(op string, offset int, detail string) error {
	return &Error{Op: op, Err: io.ErrUnexpectedEOF, Detail: detail, Offset: offset}
}

func badHeader(offset int, detail string) error {
	return &Error{Op: "header", Err: ErrHeader, Detail: detail, Offset: offset}
}

package matrix

// A nil *Dense is a programming slip that Go would report as a nil-pointer
// panic deep inside a kernel. Exported functions check for it first and
// return an error wrapping ErrEmpty that says "nil matrix"; functions
// without an error result treat nil as the empty matrix, and the size
// methods (Dims, Rows, Cols, IsEmpty) report 0×0.

// errNil is the error for a nil matrix given to op.
func errNil(op string) *Error { return newError(op, ErrEmpty, "nil matrix") }

// checkNotNil returns errNil(op) if any of ms is nil.
func checkNotNil(op string, ms ...*Dense) error {
	for _, m := range ms {
		if m == nil {
			return errNil(op)
		}
	}
	return nil
}

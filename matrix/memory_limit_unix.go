//go:build unix

package matrix

import (
	"math"
	"syscall"
)

// addressSpaceLimit returns the soft RLIMIT_AS (ulimit -v), less the
// quarter that the Go runtime, the program and the operation's inputs
// take besides one allocation, or math.MaxInt64 when it is unlimited.
func addressSpaceLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= math.MaxInt64 { // RLIM_INFINITY is all ones
		return math.MaxInt64
	}
	return int64(r.Cur / 4 * 3)
}

//go:build !unix

package matrix

import "math"

// addressSpaceLimit is unlimited where there is no RLIMIT_AS.
func addressSpaceLimit() int64 { return math.MaxInt64 }

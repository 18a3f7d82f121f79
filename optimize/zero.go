package optimize

import "math"

// Zero asks for a real zero in a setting whose zero value stands for a
// non-zero default: MomentumSettings.Momentum (β = 0, no momentum) and
// AdamSettings.Beta1, Beta2 (no averaging). The convention, the same in
// every package of mlnotes (see the package documentation, "Zero values
// and defaults"), is that any negative value of such a setting means zero;
// Zero names it so that the call reads as what it asks.
const Zero = -1.0

// zeroOr resolves a setting with the project's convention: 0 means the
// default def, a finite negative value means a real zero, anything else
// (including NaN and ±Inf, for the caller's range check) is kept.
func zeroOr(v, def float64) float64 {
	switch {
	case v == 0:
		return def
	case v < 0 && !math.IsInf(v, -1):
		return 0
	}
	return v
}

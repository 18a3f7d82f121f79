//go:build unix

package matrix

import (
	"os"
	"testing"
)

// Under ulimit -v the limit is three quarters of what the process has not
// reserved yet: the Go runtime's own reservation (over a gigabyte of
// address space before main) is not free for an allocation.
func TestAddressSpaceLeft(t *testing.T) {
	for _, c := range []struct{ limit, reserved, want int64 }{
		{2000 << 20, 0, 1500 << 20},
		{2000 << 20, 1200 << 20, 600 << 20},
		{1000 << 20, 1200 << 20, 3}, // nothing left: 3 bytes, never 0 (the default)
	} {
		if got := addressSpaceLeft(c.limit, c.reserved); got != c.want {
			t.Errorf("addressSpaceLeft(%d, %d) = %d, want %d", c.limit, c.reserved, got, c.want)
		}
	}
	if _, err := os.Stat("/proc/self/status"); err == nil {
		if v := virtualSize(); v <= 0 {
			t.Errorf("virtualSize() = %d with /proc/self/status present", v)
		}
	}
}

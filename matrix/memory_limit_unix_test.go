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
		{2000 << 20, 0, (2000 - 128) << 20 / 4 * 3}, // 128 MB: heapArenaSlack
		{2000 << 20, 1200 << 20, (800 - 128) << 20 / 4 * 3},
		{1000 << 20, 1200 << 20, 3}, // nothing left: 3 bytes, never 0 (the default)
		{1300 << 20, 1200 << 20, 3}, // less than the slack left
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

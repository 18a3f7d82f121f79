package matrix

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// withMemoryLimit sets the limit for one test and restores it after.
func withMemoryLimit(t *testing.T, bytes int64) {
	t.Helper()
	prev := SetMemoryLimit(bytes)
	t.Cleanup(func() { SetMemoryLimit(prev) })
}

func TestFloatBytesSaturates(t *testing.T) {
	for _, c := range []struct {
		dims []int
		want int64
	}{
		{[]int{3, 4}, 96},
		{[]int{200000, 200000}, 320e9},
		{[]int{10000000, 10000000}, 8e14},
		{[]int{1 << 40, 1 << 40}, math.MaxInt64},
		{[]int{math.MaxInt, 2}, math.MaxInt64},
		{[]int{5, 0}, 0},
		{[]int{-1, 5}, 0},
	} {
		if got := FloatBytes(c.dims...); got != c.want {
			t.Errorf("FloatBytes(%v) = %d, want %d", c.dims, got, c.want)
		}
	}
	if got := AddBytes(math.MaxInt64-1, 5); got != math.MaxInt64 {
		t.Errorf("AddBytes saturates at %d, got %d", int64(math.MaxInt64), got)
	}
}

func TestMemoryLimitDefaultAndSet(t *testing.T) {
	def := MemoryLimit()
	if def <= 0 {
		t.Fatalf("default limit %d", def)
	}
	withMemoryLimit(t, 1000)
	if MemoryLimit() != 1000 {
		t.Fatalf("limit %d after SetMemoryLimit(1000)", MemoryLimit())
	}
	if err := CheckAlloc("op", "the thing", 1000); err != nil {
		t.Errorf("1000 bytes at a limit of 1000: %v", err)
	}
	err := CheckDims("op", "Gram matrix", 200000, 200000)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "the 200000×200000 Gram matrix needs 320 GB, the limit is 1 kB") {
		t.Errorf("got %v", err)
	}
	if SetMemoryLimit(0); MemoryLimit() != def {
		t.Errorf("SetMemoryLimit(0) gives %d, want the default %d", MemoryLimit(), def)
	}
}

// The d×d matrices of wide data (3 rows of 200 000 columns: 320 GB) are
// refused before they are allocated, at the default limit too.
func TestWideDataRefusedBeforeAllocation(t *testing.T) {
	withMemoryLimit(t, 64<<30)
	x := New(3, 200000)
	for j := range 200000 {
		x.Set(j%3, j, float64(j%7))
	}
	if _, err := Covariance(x, Population); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Covariance: got %v, want ErrTooLarge", err)
	}
	b := New(3, 200000)
	if _, _, err := LeastSquares(x, b, 0); !errors.Is(err, ErrTooLarge) {
		t.Errorf("LeastSquares with a 200000×200000 solution: got %v, want ErrTooLarge", err)
	}
	// A 200000×1 solution is fine: the thin SVD works on the 3×3 side.
	sol, _, err := LeastSquares(x, New(3, 1), 0)
	if err != nil || sol.Rows() != 200000 {
		t.Errorf("LeastSquares with one right-hand side: %v", err)
	}
}

func TestFormatBytes(t *testing.T) {
	for b, want := range map[int64]string{512: "512 B", 1500: "1.5 kB", 320e9: "320 GB", 1.28e12: "1.28 TB", math.MaxInt64: "more than 9.2 EB"} {
		if got := FormatBytes(b); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", b, got, want)
		}
	}
}

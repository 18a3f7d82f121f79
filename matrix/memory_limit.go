package matrix

import (
	"bufio"
	"fmt"
	"math"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// The memory limit: how many bytes one operation may ask for before it
// allocates. An n×n Gram matrix of 200 000 rows needs 320 GB; asked of the
// Go runtime it ends the process with a runtime trace ("fatal error: out
// of memory") or, beyond the address space, a panic in make. Operations
// whose storage is known from the shapes of their inputs compare it with
// this limit first (CheckAlloc) and return an error wrapping ErrTooLarge
// instead.
//
// The limit is not a cap on what a data set may need: its default is the
// memory the process can have: the physical memory of the machine
// (MemTotal of /proc/meminfo where that file exists, 64 GiB elsewhere),
// or less when a control group (memory.max) or the address-space limit
// (ulimit -v, less what the process has already reserved) says so;
// beyond it the allocation could only end in swapping or in the
// out-of-memory killer. SetMemoryLimit moves it either
// way (the demo command reads MLNOTES_MEMORY_LIMIT).
var (
	memoryLimit        atomic.Int64 // 0: the default
	defaultMemoryOnce  sync.Once
	defaultMemoryBytes int64
)

// fallbackMemoryLimit is the default where the physical memory cannot be
// read (no /proc/meminfo: macOS, Windows, WebAssembly).
const fallbackMemoryLimit = 64 << 30

// MemoryLimit returns the number of bytes an operation may allocate: the
// value of the last SetMemoryLimit, or the physical memory of the machine.
func MemoryLimit() int64 {
	if l := memoryLimit.Load(); l > 0 {
		return l
	}
	defaultMemoryOnce.Do(func() {
		defaultMemoryBytes = min(physicalMemory(), cgroupMemory(), addressSpaceLimit())
	})
	return defaultMemoryBytes
}

// SetMemoryLimit sets the limit of MemoryLimit to bytes and returns the
// previous setting; bytes ≤ 0 restores the default (the physical memory).
// It is safe for concurrent use; operations already past their check are
// not affected.
func SetMemoryLimit(bytes int64) (previous int64) {
	previous = MemoryLimit()
	memoryLimit.Store(max(bytes, 0))
	return previous
}

// physicalMemory reads MemTotal from /proc/meminfo, or returns the
// fallback when the file is absent or unreadable.
func physicalMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallbackMemoryLimit
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil || kb <= 0 || kb > math.MaxInt64/1024 {
			break
		}
		return kb * 1024
	}
	return fallbackMemoryLimit
}

// cgroupMemory reads the memory.max of the control group (version 2) the
// process runs in, or returns math.MaxInt64 when there is none ("max", no
// file).
func cgroupMemory() int64 {
	b, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return math.MaxInt64
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || v <= 0 {
		return math.MaxInt64
	}
	return v
}

// FloatBytes returns the bytes of the float64 storage of a matrix or
// tensor with the given dimensions (8·Π dims), saturating at
// math.MaxInt64 instead of overflowing; a negative dimension counts as 0.
func FloatBytes(dims ...int) int64 {
	p := uint64(8)
	for _, d := range dims {
		if d <= 0 {
			return 0
		}
		hi, lo := bits.Mul64(p, uint64(d))
		if hi != 0 || lo > math.MaxInt64 {
			return math.MaxInt64
		}
		p = lo
	}
	return int64(p)
}

// AddBytes returns the sum of byte counts, saturating at math.MaxInt64.
func AddBytes(b ...int64) int64 {
	var s int64
	for _, x := range b {
		if x > math.MaxInt64-s {
			return math.MaxInt64
		}
		s += max(x, 0)
	}
	return s
}

// CheckAlloc returns nil when bytes fit within MemoryLimit, and otherwise
// an *Error of operation op wrapping ErrTooLarge whose detail says what
// needs the memory, how much, and the limit: for example "matrix: gram:
// too large for the memory limit: the 200000×200000 Gram matrix needs
// 320 GB, the limit is 25.3 GB". Operations call it with their estimated
// peak (FloatBytes, AddBytes) before they allocate.
func CheckAlloc(op, what string, bytes int64) error {
	limit := MemoryLimit()
	if bytes <= limit {
		return nil
	}
	return &Error{Op: op, Err: ErrTooLarge, Detail: fmt.Sprintf("%s needs %s, the limit is %s", what, FormatBytes(bytes), FormatBytes(limit))}
}

// CheckDims is CheckAlloc for one rows×cols float64 matrix, described in
// the message as "the rows×cols <what>".
func CheckDims(op, what string, rows, cols int) error {
	return CheckAlloc(op, fmt.Sprintf("the %d×%d %s", rows, cols, what), FloatBytes(rows, cols))
}

// FormatBytes writes a byte count for a person: "512 B", "1.5 MB",
// "320 GB" (decimal units, three significant digits), "more than 9.2 EB"
// for the saturated count.
func FormatBytes(b int64) string {
	if b == math.MaxInt64 {
		return "more than 9.2 EB"
	}
	units := []string{"B", "kB", "MB", "GB", "TB", "PB", "EB"}
	v, u := float64(b), 0
	for v >= 1000 && u < len(units)-1 {
		v /= 1000
		u++
	}
	if u == 0 {
		return fmt.Sprintf("%d B", b)
	}
	return strconv.FormatFloat(v, 'g', 3, 64) + " " + units[u]
}

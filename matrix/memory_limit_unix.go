//go:build unix

package matrix

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// addressSpaceLimit returns the part of the soft RLIMIT_AS (ulimit -v)
// that one allocation may take, or math.MaxInt64 when it is unlimited:
// three quarters of what the process has not yet reserved. The Go runtime
// reserves over a gigabyte of address space before main runs (its page
// summaries, thread stacks: VmSize of /proc/self/status), none of it
// resident; counted as free, it made `ulimit -v 2000000` admit 1.5 GB
// where 0.7 GB remained, and the allocation ended in "fatal error: out of
// memory" instead of an ErrTooLarge. Where VmSize cannot be read, the
// reservation counts as nothing.
func addressSpaceLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= math.MaxInt64 { // RLIM_INFINITY is all ones
		return math.MaxInt64
	}
	return addressSpaceLeft(int64(r.Cur), virtualSize())
}

// addressSpaceLeft is three quarters of limit less the reserved bytes and
// heapArenaSlack, and at least 3 bytes (never 0, which SetMemoryLimit
// reads as the default).
func addressSpaceLeft(limit, reserved int64) int64 {
	return max(limit-reserved-heapArenaSlack, 4) / 4 * 3
}

// heapArenaSlack is address space kept back for the Go heap's own growth:
// it reserves address space in arenas of 64 MB, a large object takes whole
// arenas of its own, and arenas the heap has used are not given back to
// the rest of the address space. Without it, under ulimit -v 1.6 GB a
// table reader whose every allocation fitted the limit (224 MB) ended in
// "cannot allocate 79691776-byte block (188448768 in use)", one run in
// three.
const heapArenaSlack = 128 << 20

// virtualSize reads VmSize from /proc/self/status: the address space the
// process has reserved, or 0 when the file is absent or unreadable.
func virtualSize() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "VmSize:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil || kb <= 0 || kb > math.MaxInt64/1024 {
			return 0
		}
		return kb * 1024
	}
	return 0
}

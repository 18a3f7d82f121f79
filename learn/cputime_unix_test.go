//go:build linux || darwin

package learn

import (
	"syscall"
	"testing"
	"time"
)

// processCPU returns the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds the metric cpu-ns/op, the process's CPU time per
// operation since start: on a shared machine a benchmark on one goroutine
// waits for a core part of the time, which its CPU time does not count.
func reportCPU(b *testing.B, start time.Duration) {
	if b.N > 0 {
		b.ReportMetric(float64((processCPU()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

//go:build unix

package main

import "syscall"

// processCPUSeconds is the CPU time (user + system) the process has used
// so far, over all its threads, and whether the system reports it. On a
// shared machine it is a steadier measure of work than the wall clock:
// it does not count the time spent waiting for a core.
func processCPUSeconds() (float64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9, true
}

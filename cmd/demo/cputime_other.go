//go:build !unix

package main

// processCPUSeconds reports no CPU time where the system offers no
// getrusage (Windows, WebAssembly): the bench table then leaves its CPU
// columns out.
func processCPUSeconds() (float64, bool) { return 0, false }

//go:build !(linux || darwin)

package learn

import (
	"testing"
	"time"
)

// processCPU is not measured on this system.
func processCPU() time.Duration { return 0 }

// reportCPU reports nothing where processCPU is not measured.
func reportCPU(b *testing.B, start time.Duration) {}

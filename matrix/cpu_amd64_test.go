//go:build amd64 && !purego && linux

package matrix

import (
	"os"
	"strings"
	"testing"
)

// TestDetectCPUAgreesWithLinux compares what CPUID and XGETBV told
// detectCPU with the flags Linux reports in /proc/cpuinfo, which the
// kernel clears for instruction sets whose register state it does not
// save. A disagreement means the kernels would be chosen wrongly here.
func TestDetectCPUAgreesWithLinux(t *testing.T) {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Logf("no /proc/cpuinfo (%v): only the consistency of the flags is checked", err)
	}
	if hostCPU.avx512 && !hostCPU.avx2FMA || hostCPU.avx512vl && !hostCPU.avx512 || hostCPU.avx512vnni && !hostCPU.avx512 {
		t.Fatalf("inconsistent features %+v", hostCPU)
	}
	if err != nil {
		return
	}
	flags := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if name, list, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "flags" {
			for _, f := range strings.Fields(list) {
				flags[f] = true
			}
			break
		}
	}
	if len(flags) == 0 {
		t.Logf("no flags line in /proc/cpuinfo: only the consistency of the flags is checked")
		return
	}
	if want := flags["avx2"] && flags["fma"]; hostCPU.avx2FMA != want {
		t.Errorf("AVX2 and FMA: detected %v, /proc/cpuinfo says %v", hostCPU.avx2FMA, want)
	}
	if want := flags["avx512f"]; hostCPU.avx512 != want {
		t.Errorf("AVX-512F: detected %v, /proc/cpuinfo says %v", hostCPU.avx512, want)
	}
	if want := flags["avx512f"] && flags["avx512vl"]; hostCPU.avx512vl != want {
		t.Errorf("AVX-512VL: detected %v, /proc/cpuinfo says %v", hostCPU.avx512vl, want)
	}
	if want := flags["avx512f"] && flags["avx512_vnni"]; hostCPU.avx512vnni != want {
		t.Errorf("AVX-512 VNNI: detected %v, /proc/cpuinfo says %v", hostCPU.avx512vnni, want)
	}
	want := "portable 3×2"
	switch {
	case hostCPU.avx512:
		want = avx512Kernel.name
	case hostCPU.avx2FMA:
		want = avx2Kernel.name
	}
	if activeKernel.name != want {
		t.Errorf("active kernel %q, want %q", activeKernel.name, want)
	}
}

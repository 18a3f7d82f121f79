package optimize

import (
	"syscall"
	"unsafe"
)

// hugePagesAdvised says that rowSlab aligns large slabs to huge pages.
const hugePagesAdvised = true

// hugePage is the size of a transparent huge page on amd64 and arm64.
const hugePage = 2 << 20

// rowSlab returns a zeroed slice of n float64s for the rows of the cache,
// and asks the kernel to back it with transparent huge pages where the
// system allows it (madvise MADV_HUGEPAGE): the cache fills up to its
// budget with rows written once, and every 4 KiB page first written costs
// a page fault (on a virtual machine, several microseconds: a quarter of
// the training time of a 5000-point problem). The advice is only advice:
// when it is refused the slab is ordinary memory.
func rowSlab(n int) []float64 {
	if n*8 < 2*hugePage {
		return make([]float64, n)
	}
	s := make([]float64, n+hugePage/8)
	// The kernel uses huge pages only for whole aligned 2 MiB ranges:
	// start the rows at the first boundary in s and advise every whole
	// range up to the end of the allocation (the padding after the rows
	// is never written).
	base := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	start := (base + hugePage - 1) &^ (hugePage - 1)
	end := (base + uintptr(len(s))*8) &^ (hugePage - 1)
	skip := int(start-base) / 8
	b := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s)), start-base)), end-start)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
	return s[skip : skip+n : skip+n]
}

package matrix

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestWorkersFollowGOMAXPROCS checks that every parallel kernel of the
// package asks for its number of goroutines at each call: after
// GOMAXPROCS changes, the next call uses the new value (issue 13, item
// 18), and the product's bits do not change with it.
//
// The symptom the issue reported, a first "-cpu 1" benchmark result at
// the two-goroutine speed, came from the testing package, not from a
// cached count: with -cpu 1,2 it runs each benchmark's first round before
// it sets GOMAXPROCS (golang.org/issue/49980), and a benchmark written
// with b.Loop does all its timing in that round. The benchmarks of this
// package loop over b.N, where that round is a single untimed call.
func TestWorkersFollowGOMAXPROCS(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(24, 24))
	a, b := randDense(rng, 130, 120), randDense(rng, 120, 110)
	big := New(1000, 1000)
	var first *Dense
	for _, asked := range []int{2, 1, 3, 1, 2} {
		runtime.GOMAXPROCS(asked)
		// The value in effect: WebAssembly has one thread, and its runtime
		// keeps GOMAXPROCS at 1 whatever is asked.
		procs := runtime.GOMAXPROCS(0)
		if procs != asked && runtime.GOARCH != "wasm" {
			t.Fatalf("GOMAXPROCS(%d) left GOMAXPROCS at %d", asked, procs)
		}
		if got := gemmWorkers(1000, 1000, 1000); got != procs {
			t.Errorf("GOMAXPROCS=%d: gemmWorkers = %d", procs, got)
		}
		if got := gemvWorkers(big); got != procs {
			t.Errorf("GOMAXPROCS=%d: gemvWorkers = %d", procs, got)
		}
		if got := rotationWorkers(1000, 1<<20); got != procs {
			t.Errorf("GOMAXPROCS=%d: rotationWorkers = %d", procs, got)
		}
		// Small work stays on one goroutine whatever GOMAXPROCS is.
		if gemmWorkers(10, 10, 10) != 1 || gemvWorkers(New(10, 10)) != 1 || rotationWorkers(10, 10) != 1 {
			t.Errorf("GOMAXPROCS=%d: small problems should not be split", procs)
		}
		c, err := Mul(a, b)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = c
		} else if !identical(first, c) {
			t.Fatalf("GOMAXPROCS=%d: the product differs from the first one", procs)
		}
	}
}

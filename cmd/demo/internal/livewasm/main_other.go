//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "livewasm: this program runs in a browser; build it with GOOS=js GOARCH=wasm (demo site does)")
	os.Exit(2)
}

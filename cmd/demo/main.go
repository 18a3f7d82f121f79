// Command demo is the guided tour of mlnotes (run it with no arguments) and a
// command-line interface to its algorithms over CSV files (demo help).
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "demo: not yet")
	os.Exit(2)
}

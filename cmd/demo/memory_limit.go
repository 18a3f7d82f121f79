package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"mlnotes/matrix"
)

// memoryLimitEnv names the environment variable that moves the library's
// memory limit (matrix.MemoryLimit, by default the physical memory): a
// size such as 64GB, 500MB or 2TiB, or a number of bytes. Operations whose
// storage exceeds it are refused before they allocate (docs/cli.md,
// "Memory limit").
const memoryLimitEnv = "MLNOTES_MEMORY_LIMIT"

// setGCMemoryLimit gives the Go runtime's garbage collector the memory
// the process can have (matrix.MemoryLimit's default: the physical memory,
// a control group's memory.max, or what ulimit -v leaves) as its soft
// limit, unless GOMEMLIMIT sets one. Without it the collector lets the
// heap grow to twice what is live before it collects, and under ulimit -v
// the garbage of reading a large file (the buffers a growing table
// leaves behind) could take the address space that the size checks had
// counted on: the process ended in "fatal error: out of memory" instead of
// the check's error (issue 25).
func setGCMemoryLimit() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(matrix.MemoryLimit())
	}
}

// applyMemoryLimit sets the limit from the environment (the default when
// the variable is unset or empty); a value that is not a size is a usage
// error.
func applyMemoryLimit() error {
	v := strings.TrimSpace(os.Getenv(memoryLimitEnv))
	if v == "" {
		matrix.SetMemoryLimit(0)
		return nil
	}
	b, err := parseByteSize(v)
	if err != nil {
		return &usageError{msg: fmt.Sprintf("%s=%q: %v", memoryLimitEnv, v, err)}
	}
	matrix.SetMemoryLimit(b)
	return nil
}

// byteUnits are the suffixes parseByteSize accepts: decimal (kB, MB, GB,
// TB, and their one-letter forms) as FormatBytes prints, and binary (KiB …
// TiB).
var byteUnits = []struct {
	suffix string
	scale  float64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"kB", 1e3}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"k", 1e3}, {"K", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"B", 1},
}

// parseByteSize reads "64GB", "1.5 GiB", "2e9" as a positive number of
// bytes.
func parseByteSize(s string) (int64, error) {
	num, scale := s, 1.0
	for _, u := range byteUnits {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			num, scale = strings.TrimSpace(rest), u.scale
			break
		}
	}
	x, err := strconv.ParseFloat(num, 64)
	b := x * scale
	if err != nil || !(b >= 1) || b >= math.MaxInt64 {
		return 0, errors.New("want a positive size such as 64GB, 512MiB or a number of bytes")
	}
	return int64(b), nil
}

// tooLargeHint is appended to the message of an error wrapping
// matrix.ErrTooLarge: how to lift the limit when the machine can do more.
func tooLargeHint(err error) string {
	if !errors.Is(err, matrix.ErrTooLarge) {
		return ""
	}
	return fmt.Sprintf(" (set %s to move the limit)", memoryLimitEnv)
}

// sizeFlags are the flags whose values set the size of a model or of a
// computation (widths, counts of members, basis functions, repetitions).
var sizeFlags = []string{"hidden", "trees", "B", "degree", "centers", "n", "trials", "rounds"}

// sizeFlagError turns an error wrapping matrix.ErrTooLarge into a usage
// error (exit 2) naming the size flags set on the command line, when
// there are any: the memory that `mlp -hidden 1000000000` implies is a
// bad command line, not bad data. Other errors are returned unchanged.
func sizeFlagError(fs *flag.FlagSet, err error) error {
	if !errors.Is(err, matrix.ErrTooLarge) {
		return err
	}
	var set []string
	fs.Visit(func(f *flag.Flag) {
		for _, name := range sizeFlags {
			if f.Name == name {
				set = append(set, "-"+name+" "+f.Value.String())
			}
		}
	})
	if len(set) == 0 {
		return err
	}
	return &usageError{msg: strings.Join(set, " ") + ": " + err.Error() + tooLargeHint(err)}
}

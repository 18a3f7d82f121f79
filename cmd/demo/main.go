// Command demo is the guided tour of mlnotes and a command-line interface to
// its algorithms over CSV files.
//
// With no arguments it runs the tour: topic by topic, in the order of the
// lecture notes, it states what the notes claim, computes it on a real
// dataset embedded in the binary, and prints the check that the claim holds.
// Pictures go to ./demo-out/ (-out DIR). `demo -list` names the topics and
// `demo -only NAME` runs one.
//
// With a command name it runs one operation on CSV files; `demo help` lists
// the commands. Every command prints aligned text, or one JSON object with
// -json. The exit status is 0 on success, 1 for a data or computation error
// (one line on stderr) and 2 for a usage error. The contract is documented
// in docs/cli.md.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	setGCMemoryLimit()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit statuses of the command-line contract (docs/cli.md).
const (
	exitOK    = 0
	exitError = 1 // bad data or a failed computation
	exitUsage = 2 // bad command line
)

// run executes one invocation and returns its exit status. It never lets a
// panic escape: a panic is a bug, reported in one line with status 1.
func run(args []string, stdout, stderr io.Writer) (status int) {
	// A progress heartbeat writes from a goroutine of its own: every
	// write to stderr goes through one lock.
	stderr = &lockedWriter{w: stderr}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "demo: internal error: %v\n", r)
			status = exitError
		}
	}()
	if err := applyMemoryLimit(); err != nil {
		fmt.Fprintf(stderr, "demo: %v\n", err)
		return exitUsage
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return report(stderr, "tour", runTour(args, stdout, stderr))
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" {
		return report(stderr, "help", printHelp(stdout, args[1:]))
	}
	cmd, ok := findCommand(name)
	if !ok {
		fmt.Fprintf(stderr, "demo: unknown command %q (run 'demo help' for the list)\n", name)
		return exitUsage
	}
	// The files the command writes are staged and renamed over their
	// targets only when it succeeds (output_files.go).
	files := &outputFiles{}
	defer files.finish(errFailed) // after a panic: remove what was staged
	err := cmd.run(args[1:], &commandStdout{Writer: stdout, files: files}, stderr)
	return report(stderr, name, files.finish(err))
}

// report turns an error into the one-line message and exit status of the
// contract.
func report(stderr io.Writer, name string, err error) int {
	if err == nil {
		return exitOK
	}
	if ue, ok := err.(*usageError); ok {
		// One line, as for every error: the synopsis of a command can run to
		// several long lines, so the message points to it instead.
		hint := ""
		if ue.usage != "" && name != "" {
			hint = fmt.Sprintf(" (usage: demo help %s)", name)
		}
		fmt.Fprintf(stderr, "demo %s: %s%s\n", name, ue.msg, hint)
		return exitUsage
	}
	if err == errHelpShown {
		return exitOK
	}
	fmt.Fprintf(stderr, "demo %s: %v%s\n", name, err, tooLargeHint(err))
	return exitError
}

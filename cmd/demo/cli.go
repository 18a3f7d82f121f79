package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"mlnotes/matrix"
)

// command is one subcommand of demo: `demo NAME [flags] FILES...`.
type command struct {
	name    string
	args    string // synopsis of flags and operands, for help and usage errors
	summary string // one line for `demo help`
	help    string // optional paragraph for `demo help NAME`, after the flags
	run     func(args []string, stdout, stderr io.Writer) error
	// learner, for a supervised command, declares the hyper-parameter
	// flags of its learner and returns the constructor of the learn
	// trainer they describe: what cv, grid, holdout, bootstrap, bag and
	// boost3 use when the command is named as their LEARNER, and what the
	// command itself trains. An entry with a learner and no run is a
	// learner only (stump).
	learner learnerDeclare
}

// commands lists every subcommand in the order `demo help` shows them. Each
// file of this package that implements commands adds its own in an init
// function, so the list grows with the library without a central switch.
// It is the one registry of the command line: commands, and through their
// learner field, the learners of cv, grid and the other commands over a
// LEARNER; model files need no registry (learn.Load reads every kind).
var commands []command

// register adds commands; "%s" in a command's args stands for its name
// (supervisedArgs uses it for the -load form).
func register(c ...command) {
	for _, cmd := range c {
		cmd.args = strings.ReplaceAll(cmd.args, "%s", cmd.name)
		commands = append(commands, cmd)
	}
}

// findCommand returns the command that runs as `demo NAME`.
func findCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name && c.run != nil {
			return c, true
		}
	}
	return command{}, false
}

// usageError is a bad command line: exit status 2.
type usageError struct {
	msg   string
	usage string
}

func (e *usageError) Error() string { return e.msg }

// errHelpShown ends a command after -h printed its flags (exit status 0).
var errHelpShown = errors.New("help shown")

// newFlags returns the flag set of a command, with the -json flag every
// command has, writing its own messages to stderr.
func newFlags(c command, stderr io.Writer) (*flag.FlagSet, *bool) {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: demo %s %s\n", c.name, c.args)
		printFlags(stderr, fs)
	}
	return fs, fs.Bool("json", false, "print one JSON object instead of text")
}

// parseQuietly is fs.Parse(args) that shows the usage (fs.Usage) for -h
// only: the flag package also calls fs.Usage on an unknown flag or a bad
// value, which would put the whole flag list on stderr before the one-line
// message the contract asks for (docs/cli.md, "Exit status").
func parseQuietly(fs *flag.FlagSet, args []string) error {
	usage := fs.Usage
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.Usage = usage
	if errors.Is(err, flag.ErrHelp) && usage != nil {
		usage()
	}
	return err
}

// parseFlags parses args allowing flags after operands (`demo svd A.csv
// -json` and `demo svd -json A.csv` are the same) and checks the number of
// operands. A parse failure or a wrong count is a usage error.
func parseFlags(c command, fs *flag.FlagSet, args []string, minOps, maxOps int) ([]string, error) {
	fs.SetOutput(io.Discard) // report flag errors ourselves, in one line
	var ops []string
	for {
		if err := parseQuietly(fs, args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelpShown // flag has called fs.Usage
			}
			return nil, &usageError{msg: err.Error(), usage: "demo " + c.name + " " + c.args}
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		ops = append(ops, args[0])
		args = args[1:]
	}
	if err := checkPathFlags(fs); err != nil {
		err.usage = "demo " + c.name + " " + c.args
		return nil, err
	}
	if len(ops) < minOps || (maxOps >= 0 && len(ops) > maxOps) {
		want := fmt.Sprintf("%d", minOps)
		if maxOps != minOps {
			want = fmt.Sprintf("%d to %d", minOps, maxOps)
			if maxOps < 0 {
				want = fmt.Sprintf("at least %d", minOps)
			}
		}
		return nil, &usageError{
			msg:   fmt.Sprintf("expected %s file operand(s), got %d", want, len(ops)),
			usage: "demo " + c.name + " " + c.args,
		}
	}
	return ops, nil
}

// checkPathFlags refuses a flag that names a file or folder (its usage
// text has a placeholder such as `M.json`, `FILE` or `DIR`) given as the
// empty string: `-save ""` would otherwise train and save nothing with exit
// 0, and `-test ""` would silently skip the test set.
func checkPathFlags(fs *flag.FlagSet) *usageError {
	var bad *usageError
	fs.Visit(func(f *flag.Flag) {
		name, _ := flag.UnquoteUsage(f)
		isPath := strings.Contains(name, ".") || name == "FILE" || name == "DIR"
		if bad == nil && isPath && f.Value.String() == "" {
			bad = &usageError{msg: fmt.Sprintf("-%s \"\": needs a %s name", f.Name, map[bool]string{true: "folder", false: "file"}[name == "DIR"])}
		}
	})
	return bad
}

// printHelp lists the commands, or describes one (`demo help svd`). An
// unknown command name, or more than one, is a usage error.
func printHelp(w io.Writer, args []string) error {
	if len(args) > 1 {
		return &usageError{msg: fmt.Sprintf("%d arguments: want at most one command name", len(args)), usage: "demo help [COMMAND]"}
	}
	if len(args) == 1 {
		c, ok := findCommand(args[0])
		if !ok {
			return &usageError{msg: fmt.Sprintf("unknown command %q (run 'demo help' for the list)", args[0])}
		}
		fmt.Fprintf(w, "demo %s: %s\n\n", c.name, c.summary)
		// -help makes a command print its synopsis and every flag with
		// its default, and stop (-help, not -h: bayes and kde have a
		// flag -h, the window width).
		c.run([]string{"-help"}, io.Discard, w)
		if c.help != "" {
			fmt.Fprintf(w, "\n%s\n", strings.TrimSuffix(c.help, "\n"))
		}
		return nil
	}
	fmt.Fprintln(w, "demo: the guided tour of mlnotes and a CLI over CSV files")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "  demo                 run the guided tour (-list, -only NAME, -out DIR)")
	fmt.Fprintln(w, "  demo help [COMMAND]  this text, or one command's synopsis")
	fmt.Fprintln(w)
	width := 0
	for _, c := range commands {
		if c.run == nil {
			continue
		}
		width = max(width, len(c.name))
	}
	sorted := slices.Clone(commands)
	for _, c := range sorted {
		if c.run == nil {
			continue // a learner only
		}
		fmt.Fprintf(w, "  demo %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Every command reads CSV (a header row is detected), prints aligned text or,")
	fmt.Fprintln(w, "with -json, one JSON object. Exit status: 0 ok, 1 data or computation error,")
	fmt.Fprintln(w, "2 usage error. See docs/cli.md.")
	return nil
}

// quote formats a list of names for messages: "a", "b" and "c".
func quote(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = matrix.QuoteCell(n)
	}
	return strings.Join(q, ", ")
}

// printFlags lists every flag of fs with its meaning and its default, the
// default shown even when it is zero or empty (docs/cli.md: `demo help CMD`
// shows every default).
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		head := "  -" + f.Name
		if name != "" {
			head += " " + name
		}
		def := f.DefValue
		switch {
		case def == "":
			def = "none"
		case def == "false" && name == "":
			def = "off"
		}
		if strings.Contains(usage, "default") { // the usage says it in words
			fmt.Fprintf(w, "%s\n    \t%s\n", head, usage)
			return
		}
		fmt.Fprintf(w, "%s\n    \t%s (default: %s)\n", head, usage, def)
	})
}

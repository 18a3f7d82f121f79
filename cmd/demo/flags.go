package main

// Helpers of the flag sets every command shares.

import (
	"flag"
	"strings"
)

// flagSet reports whether the flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			found = true
		}
	})
	return found
}

// withUsage turns a usage error from a helper into one that carries the
// command's synopsis; other errors pass through.
func withUsage(err error, c command) error {
	if ue, ok := err.(*usageError); ok && ue.usage == "" {
		ue.usage = "demo " + c.name + " " + c.args
	}
	return err
}

// containsFlag reports whether -name or --name appears among the arguments.
func containsFlag(args []string, name string) bool {
	for _, a := range args {
		if a == "-"+name || a == "--"+name || len(a) > len(name)+1 && (a[:len(name)+2] == "-"+name+"=" || a[:min(len(a), len(name)+3)] == "--"+name+"=") {
			return true
		}
	}
	return false
}

// columnList is the value of -drop: repeatable, or comma-separated.
type columnList []string

func (c *columnList) String() string { return strings.Join(*c, ",") }

func (c *columnList) Set(s string) error {
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*c = append(*c, p)
		}
	}
	return nil
}

package learn

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestDocInvariantsNameChecks: the checks that learn/doc.go's Invariants
// section says the common-checks suite runs are checks of the suite.
func TestDocInvariantsNameChecks(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	start := strings.Index(doc, "// # Invariants")
	end := strings.Index(doc, "// # Rows that cannot be scored")
	if start < 0 || end < start {
		t.Fatal("doc.go has no Invariants section before \"Rows that cannot be scored\"")
	}
	section := strings.ReplaceAll(doc[start:end], "\n//", "")
	// The checks are listed between the dashes after TestContract.
	_, list, ok := strings.Cut(section, "TestContract) checks each of them for every")
	if ok {
		_, list, ok = strings.Cut(list, "—")
	}
	if ok {
		list, _, ok = strings.Cut(list, "—")
	}
	if !ok {
		t.Fatal("the Invariants section no longer lists the checks between dashes after TestContract")
	}
	names := map[string]bool{}
	for _, c := range contractChecks {
		names[c.name] = true
	}
	var cited []string
	for _, item := range strings.Split(regexp.MustCompile(`\([^)]*\)`).ReplaceAllString(list, ""), ",") {
		cited = append(cited, strings.TrimSpace(item))
	}
	if len(cited) < 6 {
		t.Fatalf("the section names %d checks (%v): the pattern no longer matches", len(cited), cited)
	}
	for _, name := range cited {
		if !names[name] {
			t.Errorf("doc.go's Invariants cite the check %q, which contractChecks does not have", name)
		}
	}
}

// TestUsingGoPageOutputs: every output block of docs/using-go.md is the
// checked output of an example of example_using_go_test.go, so the page
// cannot drift from what the programs print.
func TestUsingGoPageOutputs(t *testing.T) {
	page, err := os.ReadFile("../docs/using-go.md")
	if err != nil {
		t.Fatal(err)
	}
	examples, err := os.ReadFile("example_using_go_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var outputs []string // the examples' outputs, one line after the other
	for _, block := range regexp.MustCompile(`(?m)^\t// Output:(.*)\n((?:\t// .*\n)*)`).FindAllStringSubmatch(string(examples), -1) {
		var lines []string
		if s := strings.TrimSpace(block[1]); s != "" {
			lines = append(lines, s)
		}
		for _, l := range strings.Split(strings.TrimRight(block[2], "\n"), "\n") {
			if l != "" {
				lines = append(lines, strings.TrimPrefix(l, "\t// "))
			}
		}
		outputs = append(outputs, strings.Join(lines, "\n"))
	}
	// Output blocks are the fenced blocks without a language.
	var blocks []string
	var cur []string
	in, plain := false, false
	for _, line := range strings.Split(string(page), "\n") {
		switch {
		case !in && strings.HasPrefix(line, "```"):
			in, plain, cur = true, line == "```", nil
		case in && line == "```":
			if plain {
				blocks = append(blocks, strings.Join(cur, "\n"))
			}
			in = false
		case in:
			cur = append(cur, line)
		}
	}
	if len(outputs) != 5 || len(blocks) != 5 {
		t.Fatalf("%d example outputs and %d output blocks on the page, want 5 and 5", len(outputs), len(blocks))
	}
	for i, b := range blocks {
		if b != outputs[i] {
			t.Errorf("output block %d of using-go.md:\n%s\nthe example prints:\n%s", i+1, b, outputs[i])
		}
	}
}

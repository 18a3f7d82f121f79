package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// limitedWriter accepts n bytes and then fails, as stdout on a full disk
// or under a file-size limit does (n = 0: /dev/full).
type limitedWriter struct{ n int }

func (w *limitedWriter) Write(p []byte) (int, error) {
	if len(p) <= w.n {
		w.n -= len(p)
		return len(p), nil
	}
	k := w.n
	w.n = 0
	return k, errors.New("no space left on device")
}

const trainCSV = "a,b,y\n1,2,0\n2,1,1\n3,5,0\n4,4,1\n5,1,0\n6,2,1\n1,1,0\n2,2,1\n"

// A command whose stdout fails leaves the files it would have written as
// they were, and no temporary file behind.
func TestFailedCommandKeepsOldFiles(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.csv")
	model := filepath.Join(dir, "m.json")
	preds := filepath.Join(dir, "p.csv")
	codes := filepath.Join(dir, "c.csv")
	os.WriteFile(data, []byte(trainCSV), 0o644)
	for _, p := range []string{model, preds, codes} {
		os.WriteFile(p, []byte("old\n"), 0o644)
	}
	var good bytes.Buffer
	if status := run([]string{"tree", "-save", filepath.Join(dir, "good.json"), data}, &good, &good); status != exitOK {
		t.Fatalf("tree -save: %s", good.String())
	}
	for _, n := range []int{0, 5} {
		for _, args := range [][]string{
			{"tree", "-save", model, data},
			{"predict", "-model", filepath.Join(dir, "good.json"), "-out", preds, data},
			{"autoencoder", "-hidden", "2", "-epochs", "2", "-codes", codes, data},
		} {
			var stderr bytes.Buffer
			if status := run(args, &limitedWriter{n}, &stderr); status != exitError {
				t.Errorf("%s with stdout failing after %d bytes: status %d, %s", args[0], n, status, stderr.String())
			}
		}
		for _, p := range []string{model, preds, codes} {
			if b, _ := os.ReadFile(p); string(b) != "old\n" {
				t.Errorf("stdout failing after %d bytes: %s now holds %q", n, filepath.Base(p), b)
			}
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	// The same commands with a working stdout replace the files.
	for _, args := range [][]string{
		{"tree", "-save", model, data},
		{"predict", "-model", filepath.Join(dir, "good.json"), "-out", preds, data},
	} {
		var out bytes.Buffer
		if status := run(args, &out, &out); status != exitOK {
			t.Fatalf("%v: %s", args, out.String())
		}
	}
	if b, _ := os.ReadFile(model); !bytes.HasPrefix(b, []byte("{")) {
		t.Errorf("the model was not written: %q", b)
	}
	if b, _ := os.ReadFile(preds); !bytes.HasPrefix(b, []byte("prediction")) {
		t.Errorf("the predictions were not written: %q", b)
	}
}

// An output that is one of the command's inputs is refused with exit 2,
// by name and through a link, and the input is untouched.
func TestOutputThatIsAnInputRefused(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.csv")
	test := filepath.Join(dir, "t.csv")
	os.WriteFile(data, []byte(trainCSV), 0o644)
	os.WriteFile(test, []byte(trainCSV), 0o644)
	model := filepath.Join(dir, "m.json")
	var out bytes.Buffer
	if status := run([]string{"tree", "-save", model, data}, &out, &out); status != exitOK {
		t.Fatal(out.String())
	}
	link := filepath.Join(dir, "link.csv")
	linked := os.Symlink(data, link) == nil
	cases := [][]string{
		{"predict", "-model", model, "-out", model, data},
		{"predict", "-model", model, "-out", data, data},
		{"tree", "-save", data, data},
		{"tree", "-save", test, "-test", test, data},
		{"autoencoder", "-hidden", "2", "-codes", data, data},
		{"predict", "-model", model, "-out", "./" + filepath.Base(data), data},
	}
	if linked {
		cases = append(cases, []string{"tree", "-save", link, data})
	}
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	for _, args := range cases {
		before, _ := os.ReadFile(data)
		beforeModel, _ := os.ReadFile(model)
		var stderr bytes.Buffer
		status := run(args, &out, &stderr)
		if status != exitUsage || !strings.Contains(stderr.String(), "also an input") {
			t.Errorf("%v: status %d, %q; want 2 and the output named as an input", args, status, stderr.String())
		}
		after, _ := os.ReadFile(data)
		afterModel, _ := os.ReadFile(model)
		if !bytes.Equal(before, after) || !bytes.Equal(beforeModel, afterModel) {
			t.Errorf("%v changed an input", args)
		}
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mlnotes/cmd/demo/internal/live"
)

func testRoot(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := moduleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// Every page renders, and every code reference names a declaration whose
// lines exist and start it.
func TestSitePagesAndCodeLines(t *testing.T) {
	ix, err := indexCode(testRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	pages, err := renderPages(ix)
	if err != nil {
		t.Fatal(err)
	}
	for _, tp := range siteTopics {
		if _, ok := pages[tp.Name+".html"]; ok != tp.Done {
			t.Errorf("page %s: built %v, done %v", tp.Name, ok, tp.Done)
		}
	}
	if _, ok := pages["index.html"]; !ok {
		t.Error("no index.html")
	}
	refs := 0
	for name, b := range pages {
		for _, part := range strings.Split(string(b), `<details class="code" id="code-`)[1:] {
			sym, _, _ := strings.Cut(part, `"`)
			s, err := ix.lookup(sym)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			lines := ix.lines[s.File]
			if !(1 <= s.DocStart && s.DocStart <= s.Start && s.Start <= s.End && s.End <= len(lines)) {
				t.Errorf("%s: %s: lines %d–%d (doc from %d) outside %s (%d lines)", name, sym, s.Start, s.End, s.DocStart, s.File, len(lines))
				continue
			}
			first := strings.TrimSpace(lines[s.Start-1])
			short := sym[strings.LastIndex(sym, ".")+1:]
			if !strings.Contains(first, short) {
				t.Errorf("%s: %s: line %s:%d is %q", name, sym, s.File, s.Start, first)
			}
			refs++
		}
	}
	if refs == 0 {
		t.Error("no code references found")
	}
}

// A reference to a missing declaration stops the build with its name.
func TestSiteMissingSymbol(t *testing.T) {
	ix, err := indexCode(testRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ix.codeHTML("learn.NoSuchThing"); err == nil || !strings.Contains(err.Error(), "learn.NoSuchThing") {
		t.Errorf("err = %v, want one naming learn.NoSuchThing", err)
	}
	if _, err := moduleRoot(t.TempDir()); err == nil || !strings.Contains(err.Error(), "go.mod") {
		t.Errorf("moduleRoot outside the repository: err = %v", err)
	}
}

// siteFiles returns the site's data files as live.Run takes them, and
// writes them under dir/data.
func siteFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	if err := os.MkdirAll(filepath.Join(dir, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range siteDataNames() {
		var b bytes.Buffer
		if err := writeSiteData(testRoot(t), name, &b); err != nil {
			t.Fatal(err)
		}
		path := "data/" + name + ".csv"
		files[path] = b.String()
		if err := os.WriteFile(filepath.Join(dir, path), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// What every page computes for its default state and its checked states
// is what its demo command prints: the command's flags exist, it succeeds
// and every field of the result block has the command's value (exactly:
// natively both run the same code). The error states are refused.
func TestSiteStatesAgreeWithCommands(t *testing.T) {
	dir := t.TempDir()
	files := siteFiles(t, dir)
	t.Chdir(dir)
	for _, tp := range siteTopics {
		if !tp.Done {
			continue
		}
		for _, c := range append([]string{"ready "}, tp.Checks...) {
			want, query, _ := strings.Cut(c, " ")
			q, err := url.ParseQuery(query)
			if err != nil {
				t.Fatal(err)
			}
			params := map[string]string{}
			for k, v := range q {
				params[k] = v[0]
			}
			r, err := live.Run(tp.Name, params, files)
			if want == "error" {
				if err == nil {
					t.Errorf("%s?%s: no error", tp.Name, query)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s?%s: %v", tp.Name, query, err)
				continue
			}
			checkAgainstCommand(t, tp.Name+"?"+query, r)
		}
	}
}

func checkAgainstCommand(t *testing.T, state string, r *live.Response) {
	t.Helper()
	b, err := json.Marshal(r.Result)
	if err != nil {
		t.Fatal(err)
	}
	var page map[string]any
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Files { // the files the page offers for download
		if err := os.WriteFile(f.Name, []byte(f.Text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkFieldsAgainstCommand(t, state, page)
	if len(r.Figures) == 0 || !strings.Contains(r.Figures[0], "<svg") {
		t.Errorf("%s: no figure", state)
	}
}

// checkFieldsAgainstCommand runs the command of one object of the result
// block and compares its fields, then those of every entry of also (the
// page's other commands).
func checkFieldsAgainstCommand(t *testing.T, state string, page map[string]any) {
	t.Helper()
	words := strings.Fields(page["command"].(string))
	if len(words) < 2 || words[0] != "demo" {
		t.Fatalf("%s: command %q", state, page["command"])
	}
	var out, errb bytes.Buffer
	if st := run(words[1:], &out, &errb); st != exitOK {
		t.Errorf("%s: %s: status %d: %s", state, page["command"], st, errb.String())
		return
	}
	var native map[string]any
	if err := json.Unmarshal(out.Bytes(), &native); err != nil {
		t.Fatalf("%s: %v", state, err)
	}
	for k, v := range page {
		switch k {
		case "command":
			continue
		case "rounding": // the tolerance's κ and m, not a field of the command
			r, ok := v.(map[string]any)
			if k, _ := r["condition"].(float64); !ok || !(k >= 1) {
				t.Errorf("%s: rounding %v: want an object with a condition κ ≥ 1", state, v)
			}
			continue
		case "also":
			for _, m := range v.([]any) {
				checkFieldsAgainstCommand(t, state, m.(map[string]any))
			}
			continue
		}
		if w, ok := native[k]; !ok || fmt.Sprint(w) != fmt.Sprint(v) {
			t.Errorf("%s: %s: field %s: page %v, command %v (present %v)", state, page["command"], k, v, w, ok)
		}
	}
}

// demo serve on a port in use exits 1 with one line.
func TestServePortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback network:", err)
	}
	defer ln.Close()
	var out, errb bytes.Buffer
	st := run([]string{"serve", "-addr", ln.Addr().String(), "-dir", t.TempDir()}, &out, &errb)
	if st != exitError || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "in use") {
		t.Errorf("status %d, stderr %q; want 1 and one line saying the port is in use", st, errb.String())
	}
}

package main

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// siteFS holds the site's hand-written sources: the page layout, the
// topics' pages, the style sheet and the JavaScript glue (docs/live.md).
//
//go:embed site
var siteFS embed.FS

// siteOptions configure buildSite.
type siteOptions struct {
	out    string    // output directory (created)
	root   string    // module root: the code excerpts and the WebAssembly program come from it
	noWasm bool      // skip the WebAssembly build (tests of the pages)
	log    io.Writer // progress lines
}

// buildSite writes the whole site into o.out.
func buildSite(o siteOptions) error {
	ix, err := indexCode(o.root)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(o.out, "data"), 0o755); err != nil {
		return err
	}
	pages, err := renderPages(ix)
	if err != nil {
		return err
	}
	for name, b := range pages {
		if err := os.WriteFile(filepath.Join(o.out, name), b, 0o644); err != nil {
			return err
		}
	}
	for _, static := range []string{"live.js", "style.css"} {
		b, err := siteFS.ReadFile("site/" + static)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(o.out, static), b, 0o644); err != nil {
			return err
		}
	}
	for _, name := range siteDataNames() {
		var b bytes.Buffer
		if err := writeSiteData(o.root, name, &b); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(o.out, "data", name+".csv"), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	var checks bytes.Buffer
	if err := writeChecks(&checks); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(o.out, "checks.txt"), checks.Bytes(), 0o644); err != nil {
		return err
	}
	if o.noWasm {
		return nil
	}
	return buildWasm(o)
}

// pageData is what the layout template sees.
type pageData struct {
	Topic  siteTopic
	Topics []siteTopic
	// Controls and Text are the page's two templates: the form of
	// controls above the figure and the equations with their code below.
	Controls, Text template.HTML
}

// renderPages renders index.html and every done topic's page. A code
// reference that does not resolve is an error naming it.
func renderPages(ix *codeIndex) (map[string][]byte, error) {
	funcs := template.FuncMap{"code": ix.codeHTML}
	layout, err := template.New("layout.html").Funcs(funcs).ParseFS(siteFS, "site/layout.html")
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	render := func(t siteTopic, body string) error {
		bt, err := template.New(t.Name).Funcs(funcs).Parse(body)
		if err != nil {
			return fmt.Errorf("page %s: %w", t.Name, err)
		}
		d := pageData{Topic: t, Topics: siteTopics}
		part := func(name string) (template.HTML, error) {
			if bt.Lookup(name) == nil {
				return "", nil
			}
			var b bytes.Buffer
			err := bt.ExecuteTemplate(&b, name, d)
			return template.HTML(b.String()), err
		}
		if d.Controls, err = part("controls"); err != nil {
			return fmt.Errorf("page %s: %w", t.Name, err)
		}
		if d.Text, err = part("text"); err != nil {
			return fmt.Errorf("page %s: %w", t.Name, err)
		}
		var page bytes.Buffer
		if err := layout.Execute(&page, d); err != nil {
			return fmt.Errorf("page %s: %w", t.Name, err)
		}
		out[t.Name+".html"] = page.Bytes()
		return nil
	}
	idx, err := siteFS.ReadFile("site/index.html")
	if err != nil {
		return nil, err
	}
	if err := render(siteTopic{Name: "index", Title: "The notes, live"}, string(idx)); err != nil {
		return nil, err
	}
	for _, t := range siteTopics {
		if !t.Done {
			continue
		}
		b, err := siteFS.ReadFile("site/topics/" + t.Name + ".html")
		if err != nil {
			return nil, fmt.Errorf("page %s: %w", t.Name, err)
		}
		if err := render(t, string(b)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// buildWasm puts mlnotes.wasm (cmd/demo/internal/livewasm for js/wasm) and
// Go's wasm_exec.js into o.out. The module is cached in the user cache
// directory under the hash of the module's Go source and the Go version,
// so that serve starts at once when nothing changed.
func buildWasm(o siteOptions) error {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v (the site's WebAssembly is built with the go command)", err)
	}
	gr := strings.TrimSpace(string(goroot))
	execJS := filepath.Join(gr, "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(execJS); err != nil {
		execJS = filepath.Join(gr, "misc", "wasm", "wasm_exec.js")
	}
	if err := copyFile(execJS, filepath.Join(o.out, "wasm_exec.js")); err != nil {
		return fmt.Errorf("wasm_exec.js: %w", err)
	}
	key, err := sourceHash(o.root)
	if err != nil {
		return err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	cached := filepath.Join(cache, "mlnotes-site", key+".wasm")
	dst := filepath.Join(o.out, "mlnotes.wasm")
	if copyFile(cached, dst) == nil {
		return nil
	}
	if o.log != nil {
		fmt.Fprintln(o.log, "building the WebAssembly module (GOOS=js GOARCH=wasm go build ./cmd/demo/internal/livewasm)…")
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", dst, "./cmd/demo/internal/livewasm")
	cmd.Dir = o.root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the WebAssembly module: %v\n%s", err, msg)
	}
	if err := os.MkdirAll(filepath.Dir(cached), 0o755); err == nil {
		// Keep one module: the ones of older sources are not used again.
		old, _ := filepath.Glob(filepath.Join(filepath.Dir(cached), "*.wasm"))
		for _, f := range old {
			_ = os.Remove(f)
		}
		_ = copyFile(dst, cached) // a cache that cannot be written only costs time
	}
	return nil
}

// wasmSources are the directories whose Go files make the WebAssembly
// module (the library and cmd/demo/internal); a change elsewhere in
// cmd/demo does not rebuild it.
var wasmSources = []string{"matrix", "eigen", "optimize", "learn", "cmd/demo/internal"}

// sourceHash hashes the Go version, go.mod and every non-test .go file of
// wasmSources.
func sourceHash(root string) (string, error) {
	h := sha256.New()
	fmt.Fprintln(h, runtime.Version())
	add := func(path string) error {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(b))
		h.Write(b)
		return nil
	}
	if err := add(filepath.Join(root, "go.mod")); err != nil {
		return "", err
	}
	for _, dir := range wasmSources {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			return add(path)
		})
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}

package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"html"
	"html/template"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// codePackages are the library's packages whose symbols a page may cite.
var codePackages = []string{"matrix", "eigen", "optimize", "learn"}

// codeSpan is where a symbol is declared: a file of the repository and
// its line range (the doc comment included).
type codeSpan struct {
	File       string // slash-separated, relative to the module root
	Start, End int    // 1-based, inclusive
	DocStart   int    // first line of the doc comment (Start when none)
}

// codeIndex maps "pkg.Func", "pkg.Type" and "pkg.Type.Method" to their
// declarations, read with go/parser from the module's source.
type codeIndex struct {
	root  string
	spans map[string]codeSpan
	lines map[string][]string // file → its lines
}

// indexCode parses the non-test Go files of codePackages under root.
func indexCode(root string) (*codeIndex, error) {
	ix := &codeIndex{root: root, spans: map[string]codeSpan{}, lines: map[string][]string{}}
	fset := token.NewFileSet()
	for _, pkg := range codePackages {
		files, err := filepath.Glob(filepath.Join(root, pkg, "*.go"))
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("no Go files in %s: the site is built from the mlnotes repository", filepath.Join(root, pkg))
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			if err := ix.addFile(fset, pkg, path); err != nil {
				return nil, err
			}
		}
	}
	return ix, nil
}

func (ix *codeIndex) addFile(fset *token.FileSet, pkg, path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	rel := pkg + "/" + filepath.Base(path)
	ix.lines[rel] = strings.Split(string(src), "\n")
	span := func(doc *ast.CommentGroup, n ast.Node) codeSpan {
		s := codeSpan{File: rel, Start: fset.Position(n.Pos()).Line, End: fset.Position(n.End()).Line}
		s.DocStart = s.Start
		if doc != nil {
			s.DocStart = fset.Position(doc.Pos()).Line
		}
		return s
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := pkg + "." + d.Name.Name
			if d.Recv != nil && len(d.Recv.List) == 1 {
				name = pkg + "." + recvName(d.Recv.List[0].Type) + "." + d.Name.Name
			}
			ix.spans[name] = span(d.Doc, d)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					doc := s.Doc
					if doc == nil && len(d.Specs) == 1 {
						doc = d.Doc
					}
					var n ast.Node = s
					if len(d.Specs) == 1 {
						n = d
					}
					ix.spans[pkg+"."+s.Name.Name] = span(doc, n)
				case *ast.ValueSpec:
					for _, id := range s.Names {
						ix.spans[pkg+"."+id.Name] = span(s.Doc, s)
					}
				}
			}
		}
	}
	return nil
}

// recvName is the type name of a method receiver (T, *T, T[P]).
func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

// lookup returns the declaration of symbol or an error naming it.
func (ix *codeIndex) lookup(symbol string) (codeSpan, error) {
	s, ok := ix.spans[symbol]
	if !ok {
		return s, fmt.Errorf("code reference %q: no such declaration in %s", symbol, strings.Join(codePackages, ", "))
	}
	return s, nil
}

// symbols lists the indexed names, sorted (for messages and tests).
func (ix *codeIndex) symbols() []string {
	var out []string
	for k := range ix.spans {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// codeHTML renders a declaration: a heading naming the symbol and
// file:lines, and the lines with their numbers, the declaration's own
// lines (without the doc comment) highlighted.
func (ix *codeIndex) codeHTML(symbol string) (template.HTML, error) {
	s, err := ix.lookup(symbol)
	if err != nil {
		return "", err
	}
	lines := ix.lines[s.File]
	var b strings.Builder
	fmt.Fprintf(&b, `<details class="code" id="code-%s"><summary><code>%s</code> — <span class="where">%s:%d–%d</span></summary><pre>`,
		html.EscapeString(symbol), html.EscapeString(symbol), s.File, s.Start, s.End)
	for n := s.DocStart; n <= s.End && n <= len(lines); n++ {
		cls := "doc"
		if n >= s.Start {
			cls = "hl"
		}
		fmt.Fprintf(&b, `<span class="%s"><span class="ln">%4d</span> %s</span>`+"\n", cls, n, html.EscapeString(strings.ReplaceAll(lines[n-1], "\t", "    ")))
	}
	b.WriteString("</pre></details>")
	return template.HTML(b.String()), nil
}

// moduleRoot finds the mlnotes module from dir upwards: the site's code
// excerpts come from its source.
func moduleRoot(dir string) (string, error) {
	start := dir
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(strings.TrimSpace(string(b)), "module mlnotes") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod of module mlnotes in %s or above: the site is built from the repository's source, run the command inside it", start)
		}
		dir = parent
	}
}

package main

import (
	"bytes"
	"io"
	"math"
	"strings"
	"testing"
)

// FuzzRawTable: the separator detection and the text-table reader never
// panic, and what they accept is rectangular with trimmed cells.
func FuzzRawTable(f *testing.F) {
	for _, s := range []string{
		"", "\n", "a,b\n1,2\n", "a;b\n1;2\n", "a\tb\n1\t2\n", "1,2,cat\n3,4,dog\n", "a,b\n1,\n", "a,b\nNA,2\n",
		"\uFEFF\uFEFF,0\n0,0", "\x1f\x8b\x08", "\"a;b\",c\n1,2\n", "a,b\n1,2,3\n", "a,a\n1,2\n", "x\n", "1;2,5\n3;4,5\n",
		"\"a\nb\";c\n1;2\n", "a\r\nb\r\n", ",\n,\n",
	} {
		f.Add([]byte(s), byte(0))
	}
	f.Fuzz(func(t *testing.T, in []byte, sepByte byte) {
		var sep rune
		switch sepByte % 4 {
		case 1:
			sep = ','
		case 2:
			sep = ';'
		case 3:
			sep = '\t'
		}
		if got := detectSeparator(in); got != ',' && got != ';' && got != '\t' {
			t.Fatalf("detected %q", got)
		}
		tab, err := parseRawTable(in, sep)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("a message of several lines: %q", err)
			}
			return
		}
		if tab.records() == 0 || tab.records() != len(tab.lines) || tab.names != nil && len(tab.names) != tab.width {
			t.Fatalf("shape: %d records, %d lines, width %d, %d names", tab.records(), len(tab.lines), tab.width, len(tab.names))
		}
		for i, ends := range tab.ends {
			if len(ends) != tab.width {
				t.Fatalf("ragged record %d: %d cells, width %d", i, len(ends), tab.width)
			}
		}
		for i := range tab.records() {
			for j := range tab.width {
				if c := tab.cell(i, j); strings.TrimSpace(c) != c {
					t.Fatalf("untrimmed cell %q", c)
				}
			}
		}
		// The driver's reading of it: features and a label column.
		if tab.width < 2 {
			return
		}
		feat := make([]int, tab.width-1)
		for j := range feat {
			feat[j] = j
		}
		smp, err := buildSample(tab, feat, tab.width-1, readOptions{dropNA: sepByte&4 != 0, stderr: io.Discard})
		if err != nil {
			return
		}
		if err := smp.x.CheckFinite(); err != nil || smp.x.Rows() != len(smp.label) || smp.x.Rows() != len(smp.lines) {
			t.Fatalf("sample %v: %d labels, %d lines", err, len(smp.label), len(smp.lines))
		}
		names, _ := smp.labelNames()
		if cls, err := smp.classes(names); err == nil && names != nil {
			for _, c := range cls {
				if c < 0 || c >= len(names) {
					t.Fatalf("class %d of %d names", c, len(names))
				}
			}
		}
	})
}

// FuzzLibSVM: the LIBSVM reader never panics; what it accepts has
// increasing indices ≥ 1 and finite values, and rebuilds the same data when
// written back in the format.
func FuzzLibSVM(f *testing.F) {
	for _, s := range []string{
		"", "1 1:2\n", "-1 3:1 7:0.5\n+1 1:3\n", "1\n", "a 1:1\n", "1 2:1 1:1\n", "1 0:1\n", "1 1:x\n",
		"1 1:1e999\n", "1:1\n", "1 999999999:1\n", "\x1f\x8b", "1 1:1 1:1\n", "1\t1:1\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := parseLibSVM(in)
		if err != nil {
			return
		}
		var b bytes.Buffer
		for i, lab := range d.labels {
			b.WriteString(lab)
			for k, j := range d.index[i] {
				if j < 1 || j > d.d || k > 0 && j <= d.index[i][k-1] {
					t.Fatalf("line %d: index %d", d.lines[i], j)
				}
				v := d.value[i][k]
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("value %v", v)
				}
				b.WriteString(" " + strings.TrimSpace(formatIndexValue(j, v)))
			}
			b.WriteByte('\n')
		}
		again, err := parseLibSVM(b.Bytes())
		if err != nil || len(again.labels) != len(d.labels) || again.d != d.d {
			t.Fatalf("written back as %q: %v", b.String(), err)
		}
	})
}

// FuzzModelFile: reading a model file never panics.
func FuzzModelFile(f *testing.F) {
	for _, s := range []string{
		"", "{}", "[]", `{"format":"mlnotes/cli-model","version":1,"kind":"svm","task":"classification","n_features":1,"model":{}}`,
		`{"format":"mlnotes/svm","version":1,"model":null}`, `{"format":"mlnotes/cli-model","version":1,"kind":"fisher","task":"classification","n_features":2,"layout":{"columns":3,"target":5},"model":{}}`,
		`{"format":"mlnotes/cli-model","version":1,"kind":"fisher","task":"classification","n_features":2,"preprocess":{"scaler":"standard","center":[0],"scale":[1]},"model":{}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		parseCLIModel(in)
	})
}

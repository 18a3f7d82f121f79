package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// compare runs agree on one field as compareCommand does.
func compare(page, native any, tol float64) (float64, error) {
	scale := map[string]float64{}
	scales("f", page, scale)
	scales("f", native, scale)
	worst := 0.0
	err := agree("f", "f", page, native, tol, scale, &worst)
	return worst, err
}

// Numbers agree normwise: an entry may differ by τ times the largest
// entry of its field (both sides), however small the entry itself.
func TestAgreeIsNormwise(t *testing.T) {
	const tol = 1e-13
	page := []any{180.0, 1e-35}
	ok := []any{180.0 + 1e-11, 2e-33} // 1e-11 ≤ 1.8e-11, 2e-33 ≪ 1.8e-11
	if w, err := compare(page, ok, tol); err != nil || w > 1 {
		t.Errorf("within τ·max: %v (worst %g)", err, w)
	}
	if _, err := compare(page, []any{180.0 + 2e-11, 1e-35}, tol); err == nil {
		t.Error("180 and 180 + 2e-11 agree with τ = 1e-13")
	}
	// The same field of an array's objects shares one scale.
	objs := func(v float64) []any {
		return []any{map[string]any{"degree": 0.0, "variance": 0.04}, map[string]any{"degree": 1.0, "variance": v}}
	}
	if _, err := compare(objs(1e-4), objs(1e-4+3e-15), tol); err != nil {
		t.Errorf("variance within τ·0.04: %v", err)
	}
	if _, err := compare(objs(1e-4), objs(1e-4+5e-15), tol); err == nil {
		t.Error("variance beyond τ·0.04 accepted")
	}
	// Anything else is exact, and a zero field has no room.
	for _, c := range [][2]any{{"rbf", "linear"}, {true, false}, {0.0, 1e-300}, {[]any{1.0}, []any{1.0, 2.0}}} {
		if _, err := compare(c[0], c[1], tol); err == nil {
			t.Errorf("%v and %v agree", c[0], c[1])
		}
	}
}

func TestRoundingOf(t *testing.T) {
	r, err := roundingOf(map[string]any{"command": "demo x"}, 600)
	if err != nil || r.terms != 600 || r.condition != 1 || r.tolerance() != 600*eps {
		t.Errorf("no entry: %+v, %v", r, err)
	}
	r, err = roundingOf(map[string]any{"rounding": map[string]any{"condition": 1e4, "terms": 210.0}}, 0)
	if err != nil || r.terms != 210 || r.condition != 1e4 {
		t.Errorf("entry: %+v, %v", r, err)
	}
	for _, bad := range []any{
		"1e4",
		map[string]any{"condition": "big"},
		map[string]any{"condition": 0.5},
		map[string]any{"kappa": 2.0},
		map[string]any{"condition": 1e308, "terms": 1e308},
	} {
		if _, err := roundingOf(map[string]any{"rounding": bad}, 10); err == nil {
			t.Errorf("rounding %v accepted", bad)
		}
	}
	if _, err := roundingOf(map[string]any{}, 0); err == nil {
		t.Error("a command reading no file and no terms given: accepted")
	}
}

func TestDataValues(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("data/a.csv", "x1,x2,label\n1,2,0\n3,4,1\n")
	write("b.csv", "x\n1\n2\n3\n")
	n, err := dataValues(strings.Fields("svm -C 1 -test data/a.csv -json data/a.csv b.csv"), dir)
	if err != nil || n != 6+6+3 {
		t.Errorf("%d values, %v; want 15", n, err)
	}
	if _, err := dataValues([]string{"data/missing.csv"}, dir); err == nil {
		t.Error("a missing file counted")
	}
}

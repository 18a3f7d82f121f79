package learn

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestKDEPersistence: save → load gives the same log-densities bit for bit
// for both windows; a nil model, corrupt or inconsistent files are errors.
func TestKDEPersistence(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	x := randData(rng, 40, 3)
	q := randData(rng, 15, 3)
	for _, c := range []KernelDensity{{}, {Kernel: BoxWindow, H: 1.5}} {
		m, err := c.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := m.Save(&buf); err != nil {
			t.Fatal(err)
		}
		saved := buf.String()
		got, err := LoadKDE(&buf)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := m.LogDensity(q)
		b, err := got.LogDensity(q)
		if err != nil || !sameOutputs(a, b) {
			t.Errorf("%v: loaded log-densities differ (%v)", c.Kernel, err)
		}
		for name, s := range map[string]string{
			"truncated":        saved[:len(saved)/2],
			"negative h":       strings.Replace(saved, `"h": `, `"h": -`, 1),
			"unknown kernel":   strings.Replace(saved, `"kernel": `, `"kernel": 7`, 1),
			"another model":    strings.Replace(saved, "mlnotes/kde", "mlnotes/knn", 1),
			"no training data": strings.Replace(saved, `"x": `, `"y": `, 1),
		} {
			if _, err := LoadKDE(strings.NewReader(s)); !errors.Is(err, ErrFormat) {
				t.Errorf("%s: %v, want ErrFormat", name, err)
			}
		}
	}
	var nilModel *KDEModel
	if err := nilModel.Save(&bytes.Buffer{}); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("nil model: %v", err)
	}
}

package learn

import (
	"bytes"
	"errors"
	"io"
	"math"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// FuzzLoadNetworks feeds arbitrary bytes to the three loaders of the
// network models: each returns an error wrapping ErrFormat, or a model that
// predicts finite values on a finite query without panicking.
func FuzzLoadNetworks(f *testing.F) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}})
	tr := Training{Adam: &optimize.AdamSettings{Epochs: 2}}
	c, _ := MLP{Hidden: []int{3}, Training: tr}.Fit(x, []int{0, 1, 1, 0})
	r, _ := MLP{Hidden: []int{2, 2}, Activation: Activation{Kind: ActTanh}, Training: tr}.FitRegression(x, []float64{0, 1, 2, 3})
	a, _ := Autoencoder{Hidden: 1, Training: tr}.Fit(x)
	for _, m := range []interface{ Save(io.Writer) error }{c, r, a} {
		var buf bytes.Buffer
		if err := m.Save(&buf); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte(`{"format":"mlnotes/mlp-classifier","version":1,"model":{"network":{"sizes":[2,2],"hidden":{"kind":""},"output":{"kind":"softmax"},"theta":[1,2,3,4,5,6]},"classes":[0,1]}}`))
	f.Add([]byte(`{"format":"mlnotes/autoencoder","version":1,"model":{"network":{"sizes":[1000000000,1000000000,1000000000],"hidden":{"kind":"relu"},"output":{"kind":"identity"},"theta":[]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		q, _ := matrix.NewFromRows([][]float64{{0.5, -1}})
		if m, err := LoadMLPClassifier(bytes.NewReader(data)); err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("classifier: %v does not wrap ErrFormat", err)
			}
		} else if m.Network.Sizes[0] == 2 {
			p, err := m.PredictProba(q)
			if err != nil && !errors.Is(err, matrix.ErrNotFinite) || err == nil && math.IsNaN(p.At(0, 0)) {
				t.Fatalf("classifier: %v, %v", p, err)
			}
		}
		if m, err := LoadMLPRegressor(bytes.NewReader(data)); err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("regressor: %v does not wrap ErrFormat", err)
			}
		} else if m.Network.Sizes[0] == 2 {
			if _, err := m.Predict(q); err != nil && !errors.Is(err, matrix.ErrNotFinite) {
				t.Fatal(err)
			}
		}
		if m, err := LoadAutoencoder(bytes.NewReader(data)); err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("autoencoder: %v does not wrap ErrFormat", err)
			}
		} else if m.Network.Sizes[0] == 2 {
			if _, err := m.Reconstruct(q); err != nil && !errors.Is(err, matrix.ErrNotFinite) {
				t.Fatal(err)
			}
		}
	})
}

package main

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// writeMatrixJSON writes exactly what encoding/json writes for the rows,
// for values of every magnitude and both signs (the %f/%e switch points,
// negative zero, subnormals), in shapes with one, a few and many row
// blocks; a non-finite entry is an error, as for encoding/json.
func TestAppendMatrixJSONMatchesEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	special := []float64{0, math.Copysign(0, -1), 1e-6, 9.999999e-7, 1e21, 9.99e20, 5e-324, -2.5e-310, 1e-9, 123456789, -0.1, 1.7976931348623157e308}
	for _, shape := range [][2]int{{0, 3}, {1, 1}, {3, 4}, {700, 5}, {2000, 2}} {
		m := matrix.New(shape[0], shape[1])
		for i := range m.Rows() {
			row := m.Row(i)
			for j := range row {
				if rng.IntN(4) == 0 {
					row[j] = special[rng.IntN(len(special))]
				} else {
					row[j] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(60)-30))
				}
			}
		}
		var got bytes.Buffer
		if err := writeMatrixJSON(&got, m); err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(m.ToRows())
		if m.Rows() == 0 {
			want = []byte("[]")
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("%v: got %.200s…, want %.200s…", shape, got.Bytes(), want)
		}
	}
	bad := matrix.New(600, 2)
	bad.Set(599, 1, math.Inf(-1))
	var b bytes.Buffer
	if err := writeMatrixJSON(&b, bad); err == nil {
		t.Error("an infinite entry must be an error")
	}
}

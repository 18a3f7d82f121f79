package matrix

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func TestDenseJSONRoundTripIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	parent := randDense(rng, 5, 6)
	parent.Set(0, 0, math.SmallestNonzeroFloat64)
	parent.Set(0, 1, math.MaxFloat64)
	parent.Set(0, 2, math.Copysign(0, -1))
	view := parent.Slice(0, 4, 0, 5) // strided view
	b, err := json.Marshal(view)
	if err != nil {
		t.Fatal(err)
	}
	var back Dense
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !EqualApprox(&back, view, 0) || math.Signbit(back.At(0, 2)) != true {
		t.Fatalf("round trip changed the matrix:\n%v\n%v", view, &back)
	}
	if err := json.Unmarshal([]byte(`{"rows":2,"cols":2,"data":[1,2,3]}`), &back); !errors.Is(err, ErrFormat) {
		t.Errorf("short data: got %v", err)
	}
	parent.Set(1, 1, math.NaN())
	if _, err := json.Marshal(parent); err == nil {
		t.Error("NaN encoded without error")
	}
}

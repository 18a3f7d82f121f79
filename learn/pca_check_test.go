package learn

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// familyLearner adapts one learner of the PCA family to the common checks
// (STYLE.md, item 12): fit, an optional out-of-sample map, and persistence.
type familyLearner struct {
	name      string
	fit       func(x *matrix.Dense, y []int) (any, error)
	transform func(m any, x *matrix.Dense) (*matrix.Dense, error) // nil: no out-of-sample map
	load      func(r io.Reader) (any, error)                      // nil: not persistent
}

var pcaFamily = []familyLearner{
	{
		name:      "pca",
		fit:       func(x *matrix.Dense, _ []int) (any, error) { return PCA{Components: 1}.Fit(x) },
		transform: func(m any, x *matrix.Dense) (*matrix.Dense, error) { return m.(*PCAModel).Transform(x) },
		load:      func(r io.Reader) (any, error) { return LoadPCA(r) },
	},
	{
		name:      "pca-svd",
		fit:       func(x *matrix.Dense, _ []int) (any, error) { return PCA{Components: 1, Method: PCASVD}.Fit(x) },
		transform: func(m any, x *matrix.Dense) (*matrix.Dense, error) { return m.(*PCAModel).Transform(x) },
		load:      func(r io.Reader) (any, error) { return LoadPCA(r) },
	},
	{
		name:      "pca-gram",
		fit:       func(x *matrix.Dense, _ []int) (any, error) { return PCA{Components: 1, Method: PCAGram}.Fit(x) },
		transform: func(m any, x *matrix.Dense) (*matrix.Dense, error) { return m.(*PCAModel).Transform(x) },
		load:      func(r io.Reader) (any, error) { return LoadPCA(r) },
	},
	{
		name:      "pca-deflation",
		fit:       func(x *matrix.Dense, _ []int) (any, error) { return PCA{Components: 1, Method: PCADeflation}.Fit(x) },
		transform: func(m any, x *matrix.Dense) (*matrix.Dense, error) { return m.(*PCAModel).Transform(x) },
		load:      func(r io.Reader) (any, error) { return LoadPCA(r) },
	},
	{
		name:      "whiten-zca",
		fit:       func(x *matrix.Dense, _ []int) (any, error) { return Whiten{Method: ZCAWhitening}.Fit(x) },
		transform: func(m any, x *matrix.Dense) (*matrix.Dense, error) { return m.(*WhitenModel).Transform(x) },
		load:      func(r io.Reader) (any, error) { return LoadWhiten(r) },
	},
	{
		name: "kernel-pca",
		fit: func(x *matrix.Dense, _ []int) (any, error) {
			return KernelPCA{Kernel: Gaussian(4), Components: 1}.Fit(x)
		},
		transform: func(m any, x *matrix.Dense) (*matrix.Dense, error) { return m.(*KernelPCAModel).Transform(x) },
		load:      func(r io.Reader) (any, error) { return LoadKernelPCA(r) },
	},
	{
		name: "spectral",
		fit: func(x *matrix.Dense, _ []int) (any, error) {
			return SpectralEmbedding{Components: 1, Sigma2: 50}.Fit(x)
		},
	},
	{
		name: "fisher",
		fit:  func(x *matrix.Dense, y []int) (any, error) { return FisherLDA{}.Fit(x, y) },
		transform: func(m any, x *matrix.Dense) (*matrix.Dense, error) {
			return m.(*FisherModel).Transform(x)
		},
		load: func(r io.Reader) (any, error) { return LoadFisher(r) },
	},
}

// noPanic runs f and turns a panic into an error, so that a check can
// report which input made a learner panic.
func noPanic(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

func save(m any) []byte {
	var b bytes.Buffer
	if err := m.(interface{ Save(io.Writer) error }).Save(&b); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// TestPCAFamilyCommonChecks: every learner of the family refuses bad data
// with an error (never a panic), leaves its input alone, fits the same
// model twice, survives save and load bit for bit, maps a batch as it maps
// the rows one by one, and handles a single feature.
func TestPCAFamilyCommonChecks(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	const n, d = 40, 3
	x := randData(rng, n, d)
	y := make([]int, n)
	for i := range n {
		if i%2 == 1 {
			y[i] = 1
			matrix.Axpy(1, []float64{2, 1, 0}, x.Row(i))
		}
	}
	nan, inf := x.Clone(), x.Clone()
	nan.Set(5, 1, math.NaN())
	inf.Set(7, 2, math.Inf(-1))
	for _, l := range pcaFamily {
		bad := map[string]struct {
			x *matrix.Dense
			y []int
		}{
			"NaN":        {nan, y},
			"Inf":        {inf, y},
			"no rows":    {matrix.New(0, d), nil},
			"no columns": {matrix.New(n, 0), y},
			"one sample": {x.Slice(0, 1, 0, d).Clone(), y[:1]},
		}
		for what, c := range bad {
			err := noPanic(func() error { _, err := l.fit(c.x, c.y); return err })
			if err == nil || isPanic(err) {
				t.Errorf("%s: %s: got %v, want an error", l.name, what, err)
			}
		}
		before := x.Clone()
		m1, err := l.fit(x, y)
		if err != nil {
			t.Fatalf("%s: %v", l.name, err)
		}
		if !matrix.EqualApprox(x, before, 0) {
			t.Errorf("%s: Fit modified its input", l.name)
		}
		m2, _ := l.fit(x, y)
		if !reflect.DeepEqual(m1, m2) {
			t.Errorf("%s: two fits differ", l.name)
		}
		one := x.Slice(0, n, 0, 1).Clone()
		if err := noPanic(func() error { _, err := l.fit(one, y); return err }); err != nil {
			t.Errorf("%s: one feature: %v", l.name, err)
		}
		if l.transform == nil {
			continue
		}
		whole, err := l.transform(m1, x)
		if err != nil {
			t.Fatalf("%s: %v", l.name, err)
		}
		for what, q := range map[string]*matrix.Dense{"NaN": nan, "width": matrix.New(2, d+1), "no rows": matrix.New(0, d)} {
			if err := noPanic(func() error { _, err := l.transform(m1, q); return err }); err == nil || isPanic(err) {
				t.Errorf("%s: transform of %s query: %v", l.name, what, err)
			}
		}
		// Row by row: the same numbers up to the rounding of a
		// differently blocked product, c·d·ε·‖x‖·‖W‖.
		scale := matrix.NormMax(whole)*float64(d) + 1
		for i := range n {
			r, _ := l.transform(m1, x.Slice(i, i+1, 0, d))
			for j := range r.Cols() {
				if math.Abs(r.At(0, j)-whole.At(i, j)) > 16*float64(d)*eps*scale {
					t.Fatalf("%s: row %d alone maps to %v, in the batch to %v", l.name, i, r.Row(0), whole.Row(i))
				}
			}
		}
		if l.load == nil {
			continue
		}
		saved := save(m1)
		back, err := l.load(bytes.NewReader(saved))
		if err != nil {
			t.Fatalf("%s: load: %v", l.name, err)
		}
		if !bytes.Equal(save(back), saved) || !reflect.DeepEqual(back, m1) {
			t.Errorf("%s: the loaded model differs from the saved one", l.name)
		}
		again, _ := l.transform(back, x)
		if !sameBits(again, whole) {
			t.Errorf("%s: the loaded model maps differently", l.name)
		}
		if _, err := l.load(bytes.NewReader(saved[:len(saved)/2])); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: truncated file: %v", l.name, err)
		}
		// The envelope names the model and the format version; another
		// version is refused rather than guessed at.
		var env struct {
			Format  string
			Version int
		}
		if err := json.Unmarshal(saved, &env); err != nil || !strings.HasPrefix(env.Format, "mlnotes/") || env.Version != formatVersion {
			t.Errorf("%s: envelope %+v (%v)", l.name, env, err)
		}
		v2 := bytes.Replace(saved, []byte(`"version": 1`), []byte(`"version": 2`), 1)
		if _, err := l.load(bytes.NewReader(v2)); !errors.Is(err, ErrFormat) || bytes.Equal(v2, saved) {
			t.Errorf("%s: version 2 file: %v", l.name, err)
		}
	}
}

// isPanic reports whether err is a panic caught by noPanic.
func isPanic(err error) bool { return strings.HasPrefix(err.Error(), "panic:") }

// sameBits reports whether two matrices hold the same float64 bits.
func sameBits(a, b *matrix.Dense) bool {
	if a.Rows() != b.Rows() || a.Cols() != b.Cols() {
		return false
	}
	for i := range a.Rows() {
		for j := range a.Cols() {
			if math.Float64bits(a.At(i, j)) != math.Float64bits(b.At(i, j)) {
				return false
			}
		}
	}
	return true
}

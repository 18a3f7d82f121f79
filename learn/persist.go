package learn

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
)

// ErrFormat reports a saved model that cannot be loaded: not JSON, another
// model's file, or an unknown format version.
var ErrFormat = errors.New("invalid model file")

// formatVersion is the version of the saved-model format written by this
// code. Loading refuses other versions rather than guessing.
const formatVersion = 1

// envelope is the outer form of every saved model:
// {"format": "mlnotes/<model>", "version": 1, "model": {...}}.
type envelope struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Model   json.RawMessage `json:"model"`
}

// saveModel writes model inside an envelope. float64 values are written in
// the shortest form that reads back to the same bits, so a loaded model
// predicts bit for bit as the saved one.
func saveModel(w io.Writer, format string, model any) error {
	if w == nil {
		return fmt.Errorf("learn: save %s: %w: nil writer", format, ErrInvalidParameter)
	}
	if v := reflect.ValueOf(model); model == nil || (v.Kind() == reflect.Pointer && v.IsNil()) {
		return fmt.Errorf("learn: save %s: %w: nil model", format, ErrInvalidParameter)
	}
	raw, err := json.Marshal(model)
	if err != nil {
		return fmt.Errorf("learn: save %s: %w", format, err)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(envelope{Format: "mlnotes/" + format, Version: formatVersion, Model: raw})
}

// loadModel reads an envelope written by saveModel into model, checking the
// format name and version. The envelope must be the whole input: anything
// but white space after it (a second object, a truncated edit, two files
// concatenated) is an error, so a model file means one thing.
func loadModel(r io.Reader, format string, model any) error {
	if r == nil {
		return fmt.Errorf("learn: load %s: %w: nil reader", format, ErrInvalidParameter)
	}
	var env envelope
	dec := json.NewDecoder(r)
	if err := dec.Decode(&env); err != nil {
		return fmt.Errorf("learn: load %s: %w: %v", format, ErrFormat, err)
	}
	if tok, err := dec.Token(); err != io.EOF {
		if err == nil {
			err = fmt.Errorf("%v", tok)
		}
		return fmt.Errorf("learn: load %s: %w: data after the model (%v)", format, ErrFormat, err)
	}
	if env.Format != "mlnotes/"+format {
		return fmt.Errorf("learn: load %s: %w: the file holds %q", format, ErrFormat, env.Format)
	}
	if env.Version != formatVersion {
		return fmt.Errorf("learn: load %s: %w: version %d, this code reads version %d", format, ErrFormat, env.Version, formatVersion)
	}
	if len(env.Model) == 0 || string(env.Model) == "null" {
		return fmt.Errorf("learn: load %s: %w: no model in the file", format, ErrFormat)
	}
	if err := json.Unmarshal(env.Model, model); err != nil {
		return fmt.Errorf("learn: load %s: %w: %v", format, ErrFormat, err)
	}
	return nil
}

// The checks below are shared by the loaders: a saved file whose arrays do
// not fit together is refused with an error naming the field (the JSON key
// as the file spells it), never loaded into a model that would panic or
// answer wrongly later.

// checkLength requires the array field to have want entries.
func checkLength(field string, got, want int) error {
	if got != want {
		return fmt.Errorf("%s has %d entries, want %d", field, got, want)
	}
	return nil
}

// checkIncreasing requires the labels of field to be strictly increasing
// (sorted and without duplicates), as every model keeps its classes.
func checkIncreasing(field string, v []int) error {
	for i := 1; i < len(v); i++ {
		if v[i] <= v[i-1] {
			return fmt.Errorf("%s %v are not strictly increasing (entry %d)", field, v, i)
		}
	}
	return nil
}

// checkDescending requires the values of field (eigenvalues) to be
// finite and in descending order.
func checkDescending(field string, v []float64) error {
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%s[%d] is %v", field, i, x)
		}
		if i > 0 && x > v[i-1] {
			return fmt.Errorf("%s are not in descending order (entry %d)", field, i)
		}
	}
	return nil
}

// checkPermutation requires field to hold every index 0, 1, …, n−1 once.
func checkPermutation(field string, v []int, n int) error {
	if err := checkLength(field, len(v), n); err != nil {
		return err
	}
	seen := make([]bool, n)
	for i, j := range v {
		if j < 0 || j >= n || seen[j] {
			return fmt.Errorf("%s[%d] = %d: not a permutation of 0…%d", field, i, j, n-1)
		}
		seen[j] = true
	}
	return nil
}

// formatError builds the error of a loader: "learn: load <model>:
// invalid model file: <detail>".
func formatError(model string, detail error) error {
	return fmt.Errorf("learn: load %s: %w: %v", model, ErrFormat, detail)
}

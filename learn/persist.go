package learn

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

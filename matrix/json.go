package matrix

import (
	"encoding/json"
	"fmt"
)

// denseJSON is the stored form of a Dense: dimensions and the elements row
// by row. encoding/json writes every float64 in its shortest form that reads
// back to the same bits, so a matrix survives a round trip exactly.
type denseJSON struct {
	Rows int       `json:"rows"`
	Cols int       `json:"cols"`
	Data []float64 `json:"data"`
}

// MarshalJSON encodes m as {"rows": r, "cols": c, "data": [row-major
// elements]}. Non-finite elements cannot be encoded and give an error.
func (m *Dense) MarshalJSON() ([]byte, error) {
	if err := m.CheckFinite(); err != nil {
		return nil, err
	}
	c := m
	if m.stride != m.cols {
		c = m.Clone()
	}
	return json.Marshal(denseJSON{Rows: c.rows, Cols: c.cols, Data: c.data[:c.rows*c.cols]})
}

// UnmarshalJSON decodes the form written by MarshalJSON, checking that the
// number of elements matches the dimensions.
func (m *Dense) UnmarshalJSON(b []byte) error {
	var d denseJSON
	if err := json.Unmarshal(b, &d); err != nil {
		return &Error{Op: "decode json", Err: ErrFormat, Detail: err.Error()}
	}
	if d.Rows < 0 || d.Cols < 0 || len(d.Data) != d.Rows*d.Cols {
		return &Error{Op: "decode json", Err: ErrFormat, Detail: fmt.Sprintf("%d values for a %d×%d matrix", len(d.Data), d.Rows, d.Cols)}
	}
	if d.Data == nil {
		d.Data = []float64{}
	}
	*m = Dense{rows: d.Rows, cols: d.Cols, stride: d.Cols, data: d.Data}
	return nil
}

package learn

import (
	"fmt"
	"io"
)

// Save writes the kernel density estimate (window, bandwidth and training
// points) under "mlnotes/kde", in the form a Bayes model keeps for each
// class (generative_persist.go).
func (m *KDEModel) Save(w io.Writer) error {
	if m == nil {
		return saveModel(w, "kde", nil)
	}
	return saveModel(w, "kde", kdeJSON{m.Kernel, m.H, m.X})
}

// LoadKDE reads an estimate written by KDEModel.Save; the centred copy of
// the points is formed again, so the loaded estimate gives the saved one's
// densities bit for bit. Every error wraps ErrFormat.
func LoadKDE(r io.Reader) (*KDEModel, error) {
	var k kdeJSON
	if err := loadModel(r, "kde", &k); err != nil {
		return nil, err
	}
	m, err := loadKDE(k)
	if err != nil {
		return nil, fmt.Errorf("learn: load kde: %w: %v", ErrFormat, err)
	}
	return m, nil
}

package learn

import (
	"errors"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// TestSharedInvalidParameter: a bad setting refused by optimize and one
// refused by learn wrap the one sentinel, so errors.Is answers the same
// whichever package's name the caller tests with.
func TestSharedInvalidParameter(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0}, {1}, {2}})
	_, learnErr := SVM{C: -1}.Fit(x, []int{0, 1, 1})
	square := optimize.ObjectiveFunc(func(x, g []float64) float64 {
		g[0] = 2 * x[0]
		return x[0] * x[0]
	})
	_, optErr := optimize.GradientDescent(square, []float64{1}, &optimize.GDSettings{StepSize: -1})
	for name, err := range map[string]error{"learn": learnErr, "optimize": optErr} {
		for _, want := range []error{ErrInvalidParameter, optimize.ErrInvalidParameter, matrix.ErrInvalidParameter} {
			if !errors.Is(err, want) {
				t.Errorf("%s: %v does not wrap %v", name, err, want)
			}
		}
	}
}

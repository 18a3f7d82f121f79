package main

import (
	"math"

	"mlnotes/cmd/demo/internal/toydata"
	"mlnotes/learn"
	"mlnotes/matrix"
)

// Pieces that several tour sections share: the noisy sine of the
// regression and assessment sections, and the class map of a grid that the
// decision-region pictures colour.

// noisySine returns n points x ~ U(0, 1), y = sin 2πx + σε.
// (toydata.NoisySine, shared with the site).
func noisySine(n int, sigma float64, seed uint64) (*matrix.Dense, []float64) {
	return toydata.NoisySine(n, sigma, seed)
}

// classGrid predicts the class of every node of a g×g grid over the box
// in one batched call and returns a nearest-node lookup for ClassRegions.
func classGrid(m learn.Classifier, x0, x1, y0, y1 float64, g int) (func(a, b float64) int, error) {
	pts := matrix.New((g+1)*(g+1), 2)
	for i := 0; i <= g; i++ {
		for j := 0; j <= g; j++ {
			pts.Set(i*(g+1)+j, 0, x0+(x1-x0)*float64(i)/float64(g))
			pts.Set(i*(g+1)+j, 1, y0+(y1-y0)*float64(j)/float64(g))
		}
	}
	cls, err := m.Predict(pts)
	if err != nil {
		return nil, err
	}
	return func(a, b float64) int {
		i := int(math.Round(math.Max(0, math.Min(1, (a-x0)/(x1-x0))) * float64(g)))
		j := int(math.Round(math.Max(0, math.Min(1, (b-y0)/(y1-y0))) * float64(g)))
		return cls[i*(g+1)+j]
	}, nil
}

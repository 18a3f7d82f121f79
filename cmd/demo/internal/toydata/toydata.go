// Package toydata generates the small two-dimensional data sets of the tour
// and of the site (two moons, XOR clouds, Gaussian blobs), so that both draw
// the same points and the site can ship them as CSV files for the demo
// command lines it prints.
package toydata

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"

	"mlnotes/matrix"
)

// Moons returns two interleaved half circles of n points each with Gaussian
// noise of standard deviation noise: class 0 on the upper arc, class 1 on
// the lower one.
func Moons(n int, noise float64, seed uint64) (*matrix.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 11))
	x := matrix.New(2*n, 2)
	y := make([]int, 2*n)
	for i := range n {
		a := math.Pi * rng.Float64()
		x.Set(i, 0, math.Cos(a)+noise*rng.NormFloat64())
		x.Set(i, 1, math.Sin(a)+noise*rng.NormFloat64())
		b := math.Pi * rng.Float64()
		x.Set(n+i, 0, 1-math.Cos(b)+noise*rng.NormFloat64())
		x.Set(n+i, 1, 0.5-math.Sin(b)+noise*rng.NormFloat64())
		y[n+i] = 1
	}
	return x, y
}

// XOR returns four Gaussian clouds of n points each (standard deviation
// noise) at the corners of the square [0, 1]²: class 1 where exactly one
// coordinate is 1, the exclusive or.
func XOR(n int, noise float64, seed uint64) (*matrix.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 13))
	x := matrix.New(4*n, 2)
	y := make([]int, 4*n)
	for c := range 4 {
		a, b := float64(c&1), float64(c>>1)
		for i := range n {
			r := c*n + i
			x.Set(r, 0, a+noise*rng.NormFloat64())
			x.Set(r, 1, b+noise*rng.NormFloat64())
			y[r] = (c & 1) ^ (c >> 1)
		}
	}
	return x, y
}

// Blobs returns two round Gaussian clouds of n points each with standard
// deviation 1, centred at (−sep/2, 0) and (sep/2, 0).
func Blobs(n int, sep float64, seed uint64) (*matrix.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 17))
	x := matrix.New(2*n, 2)
	y := make([]int, 2*n)
	for c := range 2 {
		for i := range n {
			r := c*n + i
			x.Set(r, 0, (float64(c)-0.5)*sep+rng.NormFloat64())
			x.Set(r, 1, rng.NormFloat64())
			y[r] = c
		}
	}
	return x, y
}

// WriteCSV writes the points with a header x1,x2,label: the coordinates in
// the shortest form that reads back to the same float64 and the class as an
// integer, the layout that demo's supervised commands read (the label is
// the last column).
func WriteCSV(w io.Writer, x *matrix.Dense, y []int) error {
	n, d := x.Dims()
	if len(y) != n {
		return fmt.Errorf("toydata: %d labels for %d points", len(y), n)
	}
	buf := []byte{}
	for j := range d {
		buf = append(buf, "x"+strconv.Itoa(j+1)+","...)
	}
	buf = append(buf, "label\n"...)
	for i := range n {
		for _, v := range x.Row(i) {
			buf = strconv.AppendFloat(buf, v, 'g', -1, 64)
			buf = append(buf, ',')
		}
		buf = strconv.AppendInt(buf, int64(y[i]), 10)
		buf = append(buf, '\n')
	}
	_, err := w.Write(buf)
	return err
}

// RandomSymmetric returns an n×n symmetric matrix with standard normal
// entries on and above the diagonal.
func RandomSymmetric(n int, seed uint64) *matrix.Dense {
	rng := rand.New(rand.NewPCG(seed, 19))
	a := matrix.New(n, n)
	for i := range n {
		for j := i; j < n; j++ {
			v := math.Round(100*rng.NormFloat64()) / 100
			a.Set(i, j, v)
			a.Set(j, i, v)
		}
	}
	return a
}

// Hilbert returns the n×n Hilbert matrix 1/(i + j + 1), positive definite
// with eigenvalues spread over many decades.
func Hilbert(n int) *matrix.Dense {
	a := matrix.New(n, n)
	for i := range n {
		for j := range n {
			a.Set(i, j, 1/float64(i+j+1))
		}
	}
	return a
}

package learn

import (
	"testing"

	"mlnotes/matrix"
)

// BenchmarkKNNPredict: 5-NN prediction of 1200 queries against 60000
// training rows of 784 uniform numbers (the shape of the full
// Fashion-MNIST training set): five blocks of 240 queries, each a product
// with all of Xᵀ (packed once) selected from tile by tile. One core,
// loaded machine, CPU a prediction: 3.7 s with 128 MB slabs of distances,
// 2.2–2.3 s with the tiles (the kernel 70 % of the profile, packing Xᵀ
// 14 %).
func BenchmarkKNNPredict(b *testing.B) {
	s := splitmix64(7)
	fill := func(m *matrix.Dense) {
		raw, _ := m.Raw()
		for i := range raw {
			raw[i] = s.uniform()
		}
	}
	x, q := matrix.New(60000, 784), matrix.New(1200, 784)
	fill(x)
	fill(q)
	y := make([]int, x.Rows())
	for i := range y {
		y[i] = int(s.next() % 10)
	}
	model, err := KNN{K: 5}.Fit(x, y)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := model.Predict(q); err != nil {
			b.Fatal(err)
		}
	}
}

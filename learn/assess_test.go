package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// meanRegressor predicts the training mean: its cross-validation error has
// a closed form.
var meanRegressor = RegressorFunc(func(x *matrix.Dense, y []float64) (Regressor, error) {
	s := 0.0
	for _, v := range y {
		s += v
	}
	return constRegressor(s / float64(len(y))), nil
})

type constRegressor float64

func (c constRegressor) Predict(x *matrix.Dense) ([]float64, error) {
	out := make([]float64, x.Rows())
	for i := range out {
		out[i] = float64(c)
	}
	return out, nil
}

// TestKFoldPartition: ρ deals every point to one of K parts of sizes
// differing by at most one; the same seed gives the same ρ; the stratified
// ρ also balances every class.
func TestKFoldPartition(t *testing.T) {
	y := make([]int, 103)
	for i := range y {
		y[i] = []int{4, -1, 4, 9, 4}[i%5]
	}
	for _, k := range []int{2, 5, 10, 103} {
		rho, err := KFold(len(y), k, 7)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := KFold(len(y), k, 7)
		if !slices.Equal(rho, again) {
			t.Errorf("K=%d: the same seed gave two index functions", k)
		}
		checkBalanced(t, rho, k, len(y))
		srho, err := StratifiedKFold(y, k, 7)
		if err != nil {
			t.Fatal(err)
		}
		checkBalanced(t, srho, k, len(y))
		for _, c := range []int{4, -1, 9} {
			var sub []int
			for i, v := range y {
				if v == c {
					sub = append(sub, srho[i])
				}
			}
			cnt := make([]int, k)
			for _, f := range sub {
				cnt[f]++
			}
			if slices.Max(cnt)-slices.Min(cnt) > 1 {
				t.Errorf("K=%d class %d: fold counts %v", k, c, cnt)
			}
		}
	}
	for _, k := range []int{1, 0, 104} {
		if _, err := KFold(103, k, 0); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("K=%d: %v", k, err)
		}
		if _, err := StratifiedKFold(y, k, 0); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("stratified K=%d: %v", k, err)
		}
	}
}

func checkBalanced(t *testing.T, rho []int, k, n int) {
	t.Helper()
	cnt := make([]int, k)
	for _, f := range rho {
		cnt[f]++
	}
	if slices.Max(cnt)-slices.Min(cnt) > 1 || len(rho) != n {
		t.Errorf("K=%d: part sizes %v", k, cnt)
	}
}

// TestCrossValidationGolden: leave-one-out 1-NN on five points of a line
// (one mistake, e_cv = 1/5), and leave-one-out of the mean predictor,
// whose error at yᵢ is (n/(n−1))²(yᵢ − ȳ)².
func TestCrossValidationGolden(t *testing.T) {
	x := col(0, 1, 2, 10, 11)
	loo := []int{0, 1, 2, 3, 4}
	cv, err := CrossValidateClassifier(KNN{K: 1}, x, []int{0, 0, 1, 1, 1}, loo)
	if err != nil {
		t.Fatal(err)
	}
	if cv.ECV != 0.2 || !slices.Equal(cv.FoldScores, []float64{1, 1, 0, 1, 1}) || cv.Mean != 0.8 {
		t.Errorf("1-NN LOO: e_cv %v, fold scores %v, mean %v", cv.ECV, cv.FoldScores, cv.Mean)
	}
	if want := math.Sqrt(0.2); math.Abs(cv.Std-want) > 4*eps {
		t.Errorf("std %v, want √0.2 = %v", cv.Std, want)
	}
	y := []float64{3, -1, 4, 1, 5, 9, 2, 6}
	n := float64(len(y))
	ybar := 0.0
	for _, v := range y {
		ybar += v / n
	}
	want := 0.0
	for _, v := range y {
		want += (n / (n - 1)) * (n / (n - 1)) * (v - ybar) * (v - ybar) / n
	}
	xr := col(0, 1, 2, 3, 4, 5, 6, 7)
	cvr, err := CrossValidateRegressor(meanRegressor, xr, y, []int{0, 1, 2, 3, 4, 5, 6, 7})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(cvr.ECV-want) > 64*eps*want {
		t.Errorf("mean predictor LOO: e_cv %v, closed form %v", cvr.ECV, want)
	}
}

// TestCrossValidationIdentities: e_cv is the mean of the per-point
// losses; with equal parts it is 1 − mean accuracy; every point is
// predicted by the model that did not see it.
func TestCrossValidationIdentities(t *testing.T) {
	x, y := loadLabelled(t, "iris.csv")
	rho, _ := StratifiedKFold(y, 5, 3)
	cv, err := CrossValidateClassifier(KNN{K: 3}, x, y, rho)
	if err != nil {
		t.Fatal(err)
	}
	s := 0.0
	for _, l := range cv.Losses {
		s += l
	}
	if cv.ECV != s/150 || math.Abs(cv.ECV-(1-cv.Mean)) > 4*eps {
		t.Errorf("e_cv %v, mean loss %v, 1 − mean accuracy %v", cv.ECV, s/150, 1-cv.Mean)
	}
	// Folds from the caller: wrong length, an empty part, one part, a
	// negative part, and part numbers that no 150 points can fill (the
	// largest would overflow K = max ρ + 1, or ask for its count).
	huge := func(f int) []int { r := slices.Clone(rho); r[17] = f; return r }
	for _, bad := range [][]int{rho[:149], slices.Repeat([]int{0, 2}, 75), make([]int, 150),
		huge(-1), huge(150), huge(1 << 40), huge(math.MaxInt)} {
		if _, err := CrossValidateClassifier(KNN{K: 3}, x, y, bad); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("bad folds: %v", err)
		}
	}
}

// TestHoldOut: the split sizes, disjointness and (stratified) class
// proportions; the scores of a 1-NN (training accuracy 1).
func TestHoldOut(t *testing.T) {
	x, y := loadLabelled(t, "iris.csv")
	for _, strat := range []bool{false, true} {
		var tr, va []int
		var err error
		if strat {
			tr, va, err = StratifiedHoldOutSplit(y, 0.2, 5)
		} else {
			tr, va, err = HoldOutSplit(150, 0.2, 5)
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(va) != 30 || len(tr) != 120 || len(slices.Compact(slices.Sorted(slices.Values(slices.Concat(tr, va))))) != 150 {
			t.Fatalf("split sizes %d + %d", len(tr), len(va))
		}
		if strat {
			cnt := map[int]int{}
			for _, i := range va {
				cnt[y[i]]++
			}
			if cnt[0] != 10 || cnt[1] != 10 || cnt[2] != 10 {
				t.Errorf("stratified validation classes %v, want 10 each", cnt)
			}
		}
		r, err := HoldOutClassifier(KNN{K: 1}, x, y, tr, va)
		if err != nil {
			t.Fatal(err)
		}
		if r.TrainScore != 1 || r.ValidationScore < 0.85 {
			t.Errorf("1-NN hold-out: train %v validation %v", r.TrainScore, r.ValidationScore)
		}
	}
	for _, f := range []float64{0, 1, -0.5, math.NaN()} {
		if _, _, err := HoldOutSplit(10, f, 0); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("frac %v: %v", f, err)
		}
	}
}

// TestModelSelectionCurve: on a noisy sine, polynomial least squares has
// a training error that never rises with the degree (nested models) and
// a cross-validated error that is U-shaped: lowest in between.
func TestModelSelectionCurve(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	n := 40
	x := matrix.New(n, 1)
	y := make([]float64, n)
	for i := range n {
		v := rng.Float64()
		x.Set(i, 0, v)
		y[i] = math.Sin(2*math.Pi*v) + 0.3*rng.NormFloat64()
	}
	rho, _ := KFold(n, 5, 1)
	deg := []float64{0, 1, 3, 5, 12}
	curve, err := ModelSelectionCurveRegressor(func(p float64) RegressorTrainer { return VandermondeFit(int(p)) }, deg, x, y, rho)
	if err != nil {
		t.Fatal(err)
	}
	for j := 1; j < len(curve); j++ {
		if curve[j].TrainError > curve[j-1].TrainError*(1+1e-10) {
			t.Errorf("training error rises from degree %v to %v: %v → %v", curve[j-1].Param, curve[j].Param, curve[j-1].TrainError, curve[j].TrainError)
		}
	}
	if !(curve[2].ValidationError < curve[0].ValidationError && curve[2].ValidationError < curve[4].ValidationError) {
		t.Errorf("validation errors %v are not U-shaped", curve)
	}
}

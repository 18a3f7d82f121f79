package live

import (
	"fmt"
	"image/color"
	"slices"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

func init() { topics["nn"] = nnTopic }

// nnState is the state of the neural-network page: demo mlp's flags.
type nnState struct {
	data, activation, optimizer string
	hidden, epochs, seed, step  int
	lr                          float64
}

func readNNState(p *params) nnState {
	return nnState{
		data:       p.choice("data", "xor", "xor", "moons", "blobs"),
		hidden:     p.integer("hidden", 8, 1, 64),
		activation: p.choice("activation", "tanh", "tanh", "relu", "sigmoid"),
		optimizer:  p.choice("optimizer", "adam", "adam", "momentum", "sgd"),
		lr:         p.float("lr", 0.05, 0, 10),
		epochs:     p.integer("epochs", 100, 1, 1000),
		seed:       p.integer("seed", 1, 0, 1e9),
		step:       p.integer("step", -1, 1, 1e6),
	}
}

// config is the MLP that demo mlp builds from the same flags (full-batch
// below 200 points: B = min(200, n)), with traces that record the run.
func (s nnState) config(n, epochs int, r *nnRun) learn.MLP {
	act := map[string]learn.ActivationKind{"tanh": learn.ActTanh, "relu": learn.ActReLU, "sigmoid": learn.ActSigmoid}[s.activation]
	batch := min(200, n)
	theta := func(st optimize.Step) { r.thetas = append(r.thetas, slices.Clone(st.X)) }
	var t learn.Training
	switch s.optimizer {
	case "adam":
		t.Adam = &optimize.AdamSettings{LearningRate: s.lr, BatchSize: batch, Epochs: epochs, Seed: uint64(s.seed), Trace: theta}
	case "momentum":
		t.SGD = &optimize.SGDSettings{LearningRate: s.lr, Momentum: 0.9, BatchSize: batch, Epochs: epochs, Seed: uint64(s.seed), Trace: theta}
	default:
		t.SGD = &optimize.SGDSettings{LearningRate: s.lr, BatchSize: batch, Epochs: epochs, Seed: uint64(s.seed), Trace: theta}
	}
	t.Trace = func(s learn.TraceStep) {
		r.curve = append(r.curve, s.Epoch.Loss)
		r.accuracy = append(r.accuracy, s.Epoch.Accuracy)
	}
	return learn.MLP{Hidden: []int{s.hidden}, Activation: learn.Activation{Kind: act}, Training: t}
}

// nnRun is a training run recorded epoch by epoch: the loss, the running
// accuracy and the weights θ after each epoch (optimize's Trace gives θ).
// Without a validation split an epoch depends only on the ones before it
// (the rate αₑ, the shuffles and Adam's step count do not depend on the
// number of epochs asked for), so the network after epoch k of the run is
// bit for bit the one demo mlp -epochs k trains: a step shows it without
// training again.
type nnRun struct {
	m        *learn.MLPClassifierModel // after the last epoch
	curve    []float64
	accuracy []float64
	thetas   [][]float64
}

// at returns the model after epoch k (1 ≤ k ≤ the epochs run).
func (r nnRun) at(k int) *learn.MLPClassifierModel {
	if k == len(r.thetas) {
		return r.m
	}
	net := *r.m.Network
	net.Theta = r.thetas[k-1]
	return &learn.MLPClassifierModel{Network: &net, Classes: r.m.Classes,
		History: &learn.History{Loss: r.curve[:k], Accuracy: r.accuracy[:k], Epochs: k, BestEpoch: k}}
}

func nnTopic(p *params, files map[string]string) (*Response, error) {
	s := readNNState(p)
	if p.err != nil {
		return nil, p.err
	}
	if s.step > s.epochs {
		return nil, fmt.Errorf("step=%d: beyond the last step (%d epochs)", s.step, s.epochs)
	}
	ds, err := pointData(p, files, s.data)
	if err != nil {
		return nil, err
	}
	x, y := ds.x, ds.y
	shown := s.epochs
	if s.step > 0 {
		shown = s.step
	}
	// One run to the last epoch is recorded and kept: a step shows its
	// network after that epoch (nnRun), the lower figure its whole curve.
	key := fmt.Sprintf("nn %s %d %s %s %v %d %s ", s.activation, s.hidden, s.optimizer, ds.key, s.lr, s.seed, s.data)
	all, err := memo(key+fmt.Sprint(s.epochs), func() (nnRun, error) {
		var r nnRun
		m, err := s.config(len(y), s.epochs, &r).Fit(x, y)
		r.m = m
		if err == nil && (len(r.thetas) != s.epochs || len(r.curve) != s.epochs) {
			err = fmt.Errorf("internal error: %d of %d epochs recorded", len(r.thetas), s.epochs)
		}
		return r, err
	})
	if err != nil {
		return nil, err
	}
	m, curve, full := all.at(shown), all.curve[:shown], all.curve
	acc, err := trainingAccuracy(m, x, y)
	if err != nil {
		return nil, err
	}
	f := ds.path
	res := &Fields{}
	res.Add("command", command("mlp", "-hidden", fmt.Sprint(s.hidden), "-activation", s.activation, "-optimizer", s.optimizer,
		"-lr", fmtFloat(s.lr), "-epochs", fmt.Sprint(shown), "-seed", fmt.Sprint(s.seed), "-quiet", "-test", f, "-json", f))
	res.Add("epochs", m.History.Epochs)
	res.Add("loss_curve", curve)
	res.Add("test_accuracy", acc)
	regions := nnRegions(ds, m, fmt.Sprintf("2-%d-2 network (%s) after %d of %d epochs", s.hidden, s.activation, shown, s.epochs))
	r, err := respond([]*plot.Figure{regions, nnLoss(full, shown)}, []Number{
		{Label: "epoch", Field: "epochs", Text: fmt.Sprintf("%d of %d", shown, s.epochs)},
		{Label: "training loss (mean cross-entropy)", Field: "loss_curve", Text: fmt.Sprintf("%.4g", curve[len(curve)-1])},
		{Label: "training accuracy", Field: "test_accuracy", Text: fmt.Sprintf("%.3f", acc)},
	}, res, s.epochs, shown)
	if err != nil {
		return nil, err
	}
	return ds.attach(r, regions)
}

// nnRegions draws the network's decision regions, the boundary P(class 1)
// = ½ and the data.
func nnRegions(ds *dataSet, m *learn.MLPClassifierModel, title string) *plot.Figure {
	x, y := ds.x, ds.y
	f := ds.frame(title)
	prob, err := evalGrid(ds.win, 60, func(pts *matrix.Dense) ([]float64, error) {
		pr, err := m.PredictProba(pts)
		if err != nil {
			return nil, err
		}
		return pr.Col(1), nil
	})
	if err != nil {
		return f
	}
	f.ClassRegions(func(a, b float64) int {
		if prob.above(a, b, 0.5) {
			return 1
		}
		return 0
	})
	prob.contour(f, "P = ½", []float64{0.5}, plot.Style{Color: color.Black})
	f.ScatterClasses(x.Col(0), x.Col(1), y, []string{"class 0", "class 1"})
	ds.markEdits(f)
	return f
}

// nnLoss draws the training loss per epoch on a log axis, the epoch shown
// marked.
func nnLoss(curve []float64, shown int) *plot.Figure {
	return logTrace("backpropagation: the training loss per epoch", "epoch", "loss", curve, shown)
}

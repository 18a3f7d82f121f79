package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// nnJSON runs a command with -json and decodes its output.
func nnJSON(t *testing.T, args ...string) (map[string]any, string) {
	t.Helper()
	status, out, errOut := runDemo(append(args, "-json")...)
	if status != 0 {
		t.Fatalf("demo %v: status %d: %s", args, status, errOut)
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatalf("demo %v: %v in %q", args, err, out)
	}
	return obj, errOut
}

// regressionCSV writes n rows "a,b,t" with t = sin(a) + b²/2.
func regressionCSV(t *testing.T, name string, n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 3))
	var b strings.Builder
	b.WriteString("a,b,t\n")
	for range n {
		a, c := r.NormFloat64(), r.NormFloat64()
		fmt.Fprintf(&b, "%v,%v,%v\n", a, c, math.Sin(a)+c*c/2)
	}
	return writeCSV(t, name, b.String())
}

// TestMLPCommand checks the fields of `demo mlp`, the task chosen from the
// label column, the gradient check, the progress lines on stderr, -quiet,
// and that -save then -load and `demo predict` give the same predictions.
func TestMLPCommand(t *testing.T) {
	iris := "../../testdata/iris.csv"
	obj, errOut := nnJSON(t, "mlp", "-hidden", "8,6", "-activation", "tanh", "-epochs", "30", "-batch", "16", "-lr", "0.01",
		"-scale", "standard", "-gradcheck", "-test", iris, iris)
	for _, k := range []string{"train_accuracy", "test_accuracy", "epochs", "loss_curve", "gradcheck", "predictions"} {
		if _, ok := obj[k]; !ok {
			t.Errorf("field %s missing: %v", k, obj)
		}
	}
	if g := obj["gradcheck"].(float64); !(g < 1e-6) {
		t.Errorf("gradcheck %v", g)
	}
	if c := obj["loss_curve"].([]any); len(c) != 30 || obj["epochs"].(float64) != 30 {
		t.Errorf("%d losses for %v epochs", len(c), obj["epochs"])
	}
	if acc := obj["train_accuracy"].(float64); acc < 0.9 {
		t.Errorf("train accuracy %v", acc)
	}
	if !strings.Contains(errOut, "epoch   30/30") || !strings.Contains(errOut, "time") {
		t.Errorf("progress on stderr: %q", errOut)
	}
	if _, errOut := nnJSON(t, "mlp", "-quiet", "-epochs", "2", iris); errOut != "" {
		t.Errorf("-quiet printed %q", errOut)
	}
	// A real-valued label column: a regressor, with its own fields.
	train, test := regressionCSV(t, "train.csv", 200, 1), regressionCSV(t, "test.csv", 50, 2)
	model := filepath.Join(t.TempDir(), "m.json")
	obj, _ = nnJSON(t, "mlp", "-quiet", "-hidden", "16", "-activation", "tanh", "-epochs", "100", "-batch", "20", "-lr", "0.01",
		"-optimizer", "momentum", "-valid", "0.2", "-gradcheck", "-test", test, "-save", model, train)
	for _, k := range []string{"train_mse", "test_mse", "epochs", "loss_curve", "best_epoch", "gradcheck"} {
		if _, ok := obj[k]; !ok {
			t.Errorf("regression: field %s missing: %v", k, obj)
		}
	}
	if g := obj["gradcheck"].(float64); !(g < 1e-6) {
		t.Errorf("regression gradcheck %v", g)
	}
	loaded, _ := nnJSON(t, "mlp", "-load", model, "-test", test)
	if loaded["test_mse"] != obj["test_mse"] || !slices.Equal(loaded["predictions"].([]any), obj["predictions"].([]any)) {
		t.Errorf("-load: %v vs %v", loaded["test_mse"], obj["test_mse"])
	}
	status, out, errOut := runDemo("predict", "-model", model, "-json", test)
	if status != 0 || !strings.Contains(out, "predictions") {
		t.Errorf("predict: %d %s %s", status, out, errOut)
	}
	// Classification model files load too, with probabilities.
	cmodel := filepath.Join(t.TempDir(), "c.json")
	nnJSON(t, "mlp", "-quiet", "-hidden", "4", "-epochs", "5", "-save", cmodel, iris)
	if status, out, errOut := runDemo("predict", "-model", cmodel, "-proba", "-json", iris); status != 0 || !strings.Contains(out, "proba") {
		t.Errorf("predict -proba: %d %s %s", status, out, errOut)
	}
}

// TestAutoencoderCommand checks the fields of the three autoencoders and
// -codes.
func TestAutoencoderCommand(t *testing.T) {
	digits := "../../testdata/digits.csv"
	codes := filepath.Join(t.TempDir(), "codes.csv")
	for _, args := range [][]string{
		{"-type", "plain", "-codes", codes},
		{"-type", "denoising", "-corrupt", "0.3"},
		{"-type", "sparse", "-rho", "0.1", "-beta", "2"},
		{"-type", "plain", "-activation", "identity", "-optimizer", "sgd", "-lr", "0.0001"},
	} {
		obj, _ := nnJSON(t, append([]string{"autoencoder", "-quiet", "-hidden", "12", "-epochs", "3", "-batch", "64",
			"-target", "digit", "-test", digits}, append(args, digits)...)...)
		for _, k := range []string{"train_mse", "test_mse", "epochs", "loss_curve"} {
			if _, ok := obj[k]; !ok {
				t.Errorf("%v: field %s missing", args, k)
			}
		}
		if obj["train_mse"] != obj["test_mse"] {
			t.Errorf("%v: the same file gives train %v, test %v", args, obj["train_mse"], obj["test_mse"])
		}
	}
	raw, err := os.ReadFile(codes)
	if err != nil || !strings.HasPrefix(string(raw), "h1,h2,") || strings.Count(string(raw), "\n") != 1798 {
		t.Errorf("codes file: %v, %d lines", err, strings.Count(string(raw), "\n"))
	}
}

// TestNNCommandErrors checks the exit status and the one-line message of
// bad input, with nothing on stdout.
func TestNNCommandErrors(t *testing.T) {
	iris := "../../testdata/iris.csv"
	nan := writeCSV(t, "nan.csv", "a,b,y\n1,2,0\nNaN,1,1\n")
	narrow := writeCSV(t, "narrow.csv", "a,y\n1,0\n2,1\n")
	reg := regressionCSV(t, "r.csv", 40, 3)
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"mlp", "-hidden", "0", iris}, 2, "-hidden"},
		{[]string{"mlp", "-hidden", "4,x", iris}, 2, "-hidden"},
		{[]string{"mlp", "-activation", "swish", iris}, 2, "-activation"},
		{[]string{"mlp", "-lr", "0", iris}, 2, "-lr"},
		{[]string{"mlp", "-lr", "-0.1", iris}, 2, "-lr"},
		{[]string{"mlp", "-optimizer", "lbfgs", iris}, 2, "-optimizer"},
		{[]string{"mlp", "-valid", "1", iris}, 2, "-valid"},
		{[]string{"mlp", "-task", "regress", "-loss", "xent", iris}, 2, "-loss"},
		{[]string{"mlp", "-epochs", "0", iris}, 2, "-epochs"},
		{[]string{"mlp", nan}, 1, "NaN"},
		{[]string{"mlp", "-quiet", "-epochs", "2", "-test", narrow, iris}, 1, "narrow.csv"},
		{[]string{"mlp", "-quiet", "-optimizer", "sgd", "-lr", "1e3", "-batch", "1", "-epochs", "50", "-hidden", "8", reg}, 1, "epoch"},
		{[]string{"autoencoder", iris}, 2, "-hidden"},
		{[]string{"autoencoder", "-hidden", "2", "-type", "denoising", "-corrupt", "1", iris}, 2, "-corrupt"},
		{[]string{"autoencoder", "-hidden", "2", "-type", "sparse", "-rho", "1.5", iris}, 2, "-rho"},
		{[]string{"autoencoder", "-hidden", "2", "-type", "sparse", "-activation", "relu", iris}, 2, "sigmoid"},
		{[]string{"autoencoder", "-hidden", "2", "-activation", "softmax", iris}, 2, "-activation"},
		{[]string{"autoencoder", "-hidden", "2", "-lr", "0", iris}, 2, "-lr"},
		{[]string{"autoencoder", "-hidden", "2", nan}, 1, "NaN"},
		{[]string{"autoencoder", "-quiet", "-hidden", "2", "-epochs", "1", "-test", narrow, iris}, 1, "narrow.csv"},
	} {
		status, out, errOut := runDemo(c.args...)
		if status != c.status || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("demo %v: status %d, stdout %q, stderr %q", c.args, status, out, errOut)
		}
		if c.status == 1 && strings.Count(strings.TrimSpace(errOut), "\n") > 0 && !strings.Contains(errOut, "epoch ") {
			t.Errorf("demo %v: more than one line on stderr: %q", c.args, errOut)
		}
	}
}

// TestAutoencoderScale: on features of scale 10³ the loss barely moves and
// stderr says to scale; with -scale standard the warning is gone and the
// reconstruction error is measured on the standardized features (unit
// variance, so of order 1, against order 10⁶ unscaled); a bad -scale is a
// usage error.
func TestAutoencoderScale(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		for j := range 4 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%d", 3000+(i*37+j*911)%4000)
		}
		b.WriteByte('\n')
	}
	big := writeCSV(t, "big.csv", b.String())
	raw, errOut := mustRun(t, "autoencoder", "-hidden", "2", "-epochs", "30", "-quiet", "-json", big)
	rawMSE := jsonOf(t, raw)["train_mse"].(float64)
	if !strings.Contains(errOut, "-scale standard") {
		t.Errorf("unscaled: stderr %q", errOut)
	}
	out, errOut := mustRun(t, "autoencoder", "-hidden", "2", "-epochs", "30", "-quiet", "-scale", "standard", "-json", big)
	if mse := jsonOf(t, out)["train_mse"].(float64); errOut != "" || !(mse < rawMSE*1e-4) {
		t.Errorf("-scale standard: train_mse %v (unscaled %v), stderr %q", mse, rawMSE, errOut)
	}
	mustFail(t, 2, []string{"autoencoder", "-hidden", "2", "-scale", "z", big}, "-scale")
}

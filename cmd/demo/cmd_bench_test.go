package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeIDX writes a gzipped unsigned-byte IDX file with the given
// dimensions and values.
func writeIDX(t *testing.T, path string, dims []int, values []byte) {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte{0, 0, 0x08, byte(len(dims))})
	for _, d := range dims {
		binary.Write(zw, binary.BigEndian, uint32(d))
	}
	zw.Write(values)
	zw.Close()
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// fakeFashion writes a tiny Fashion-MNIST look-alike of 4×4 images: two
// classes, bright on the left half or on the right half.
func fakeFashion(t *testing.T, nTrain, nTest int) string {
	t.Helper()
	dir := t.TempDir()
	images := func(n int) ([]byte, []byte) {
		px, lab := make([]byte, 16*n), make([]byte, n)
		for i := range n {
			lab[i] = byte(i % 2)
			for p := range 16 {
				left := p%4 < 2
				v := byte(20 + (i*7+p*13)%40)
				if left == (lab[i] == 0) {
					v += 180
				}
				px[16*i+p] = v
			}
		}
		return px, lab
	}
	px, lab := images(nTrain)
	writeIDX(t, filepath.Join(dir, fashionFiles[0]), []int{nTrain, 4, 4}, px)
	writeIDX(t, filepath.Join(dir, fashionFiles[1]), []int{nTrain}, lab)
	px, lab = images(nTest)
	writeIDX(t, filepath.Join(dir, fashionFiles[2]), []int{nTest, 4, 4}, px)
	writeIDX(t, filepath.Join(dir, fashionFiles[3]), []int{nTest}, lab)
	return dir
}

func TestBenchFashionOnTinyData(t *testing.T) {
	dir := fakeFashion(t, 40, 20)
	status, out, errOut := runDemo("bench", "fashion", "-dir", dir, "-train", "30", "-methods", "fisher,svm-rbf,pca-svm", "-quiet", "-json")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	var got struct {
		Results []benchResult `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %q", out)
	}
	if len(got.Results) != 3 || got.Results[0].Method != "fisher" || got.Results[2].Method != "pca-svm" {
		t.Fatalf("rows %+v", got.Results)
	}
	for _, r := range got.Results {
		// The classes are separated by a wide margin: every method is right.
		if r.TestAccuracy != 1 || r.FitSeconds < 0 || r.PredictSeconds < 0 {
			t.Errorf("%+v", r)
		}
	}
	if errOut != "" {
		t.Errorf("-quiet still wrote %q", errOut)
	}
}

func TestBenchBadInput(t *testing.T) {
	dir := fakeFashion(t, 10, 4)
	truncated := t.TempDir()
	for _, f := range fashionFiles {
		data, _ := os.ReadFile(filepath.Join(dir, f))
		os.WriteFile(filepath.Join(truncated, f), data[:len(data)/2], 0o644)
	}
	missingOne := t.TempDir()
	for _, f := range fashionFiles[:3] {
		data, _ := os.ReadFile(filepath.Join(dir, f))
		os.WriteFile(filepath.Join(missingOne, f), data, 0o644)
	}
	cases := []struct {
		args   []string
		status int
		msg    string
	}{
		{[]string{"bench", "fashion", "-dir", filepath.Join(dir, "nope")}, 1, "dataset-fashion-mnist"},
		{[]string{"bench", "fashion", "-dir", missingOne}, 1, "is missing"},
		{[]string{"bench", "fashion", "-dir", truncated}, 1, "idx"},
		{[]string{"bench", "fashion", "-dir", dir, "-train", "11"}, 2, "has 10 images"},
		{[]string{"bench", "fashion", "-dir", dir, "-train", "-1"}, 2, "-train"},
		{[]string{"bench", "fashion", "-dir", dir, "-methods", "fisher,magic"}, 2, "unknown method \"magic\""},
		{[]string{"bench", "mnist"}, 2, "unknown benchmark"},
		{[]string{"bench"}, 2, "expected"},
	}
	for _, c := range cases {
		status, out, errOut := runDemo(c.args...)
		if status != c.status || out != "" || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: status %d (want %d), stdout %q, stderr %q (want %q)", c.args, status, c.status, out, errOut, c.msg)
		}
	}
}

// A row whose learner fails is reported with its reason while the other
// rows still run; the command then exits with status 1 after the table.
func TestBenchFailedRowDoesNotStopTheOthers(t *testing.T) {
	dir := fakeFashion(t, 40, 20)
	// Four training images: k-NN's k = 5 is more than the points.
	status, out, errOut := runDemo("bench", "fashion", "-dir", dir, "-train", "4", "-methods", "knn,fisher", "-quiet", "-json")
	if status != 1 || !strings.Contains(errOut, "1 row(s) failed: knn") {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	var got struct {
		Results []benchResult `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %q", out)
	}
	if len(got.Results) != 2 || !strings.Contains(got.Results[0].Error, "k = 5") || got.Results[1].Error != "" || got.Results[1].TestAccuracy != 1 {
		t.Fatalf("rows %+v", got.Results)
	}
	status, out, _ = runDemo("bench", "fashion", "-dir", dir, "-train", "4", "-methods", "knn,fisher", "-quiet")
	if status != 1 || !strings.Contains(out, "failed") || !strings.Contains(out, "fisher") {
		t.Fatalf("text table: status %d, %q", status, out)
	}
}

// TestCPUClockCountsWork: where the system reports CPU time, a busy loop
// of a few tens of milliseconds shows up in it; elsewhere it reads 0.
func TestCPUClockCountsWork(t *testing.T) {
	c := newCPUClock()
	x := 0.0
	for start := time.Now(); time.Since(start) < 50*time.Millisecond; {
		for i := range 1000 {
			x += math.Sqrt(float64(i))
		}
	}
	used := c.since()
	if _, ok := processCPUSeconds(); !ok {
		if used != 0 {
			t.Errorf("no CPU clock here, yet since() = %g", used)
		}
		return
	}
	if used <= 0 || math.IsNaN(x) {
		t.Errorf("50 ms of work used %g s of CPU", used)
	}
}

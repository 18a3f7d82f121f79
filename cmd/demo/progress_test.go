package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

// fakeProgress is a progress printer on a clock the test moves.
func fakeProgress(b *strings.Builder) (*progressPrinter, *time.Time) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := t0
	p := newProgress(b, "svm", false)
	p.now, p.start = func() time.Time { return clock }, t0
	return p, &clock
}

// TestProgressPrinter: nothing for work done within a second; then at
// most one line a second, and the last state at the end.
func TestProgressPrinter(t *testing.T) {
	var quick strings.Builder
	p, clock := fakeProgress(&quick)
	for i := range 100 {
		*clock = clock.Add(5 * time.Millisecond)
		p.update("step %d", i)
	}
	p.done()
	if quick.Len() != 0 {
		t.Errorf("0.5 s of work printed %q", quick.String())
	}

	var slow strings.Builder
	p, clock = fakeProgress(&slow)
	for i := range 1000 {
		*clock = clock.Add(10 * time.Millisecond) // 10 s in all
		p.update("step %d", i+1)
	}
	p.done()
	lines := strings.Split(strings.TrimSpace(slow.String()), "\n")
	if len(lines) < 9 || len(lines) > 11 || !strings.HasPrefix(lines[len(lines)-1], "demo svm: step 1000  time 10.0s") {
		t.Errorf("10 s of work printed %d lines:\n%s", len(lines), slow.String())
	}
	var prev time.Duration
	for _, l := range lines[:len(lines)-1] {
		var sec float64
		if _, err := fmt.Sscanf(l[strings.LastIndex(l, "time ")+5:], "%gs", &sec); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if d := time.Duration(sec * float64(time.Second)); d-prev < time.Second-10*time.Millisecond {
			t.Errorf("two lines %v apart", d-prev)
		} else {
			prev = d
		}
	}

	// The trace of the learners: SMO steps, a machine's end.
	var tr strings.Builder
	p, clock = fakeProgress(&tr)
	f := p.trace(nil)
	*clock = clock.Add(2 * time.Second)
	f(learn.TraceStep{Iteration: 1000, SMO: &optimize.SMOStep{Iteration: 1000, Violation: 0.5}})
	f(learn.TraceStep{SMO: &optimize.SMOStep{Final: true}})
	*clock = clock.Add(2 * time.Second)
	f(learn.TraceStep{Iteration: 2000, SMO: &optimize.SMOStep{Iteration: 2000, Violation: 0.25}})
	if !strings.Contains(tr.String(), "machine 1: SMO iteration 1000") || !strings.Contains(tr.String(), "machine 2: SMO iteration 2000") {
		t.Errorf("trace progress:\n%s", tr.String())
	}

	// -quiet: a nil printer, whose methods do nothing.
	var q *progressPrinter = newProgress(&tr, "svm", true)
	q.update("x")
	q.done()
	if q.count("trees") != nil || q.trace(nil) != nil {
		t.Error("a quiet printer gives callbacks")
	}
}

// TestChunkedKNNPrediction: k-NN predictions made in blocks for the
// progress lines are the predictions made at once, and the progress ends
// on the last row.
func TestChunkedKNNPrediction(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 0))
	x := matrix.New(3000, 3)
	y := make([]int, 3000)
	target := make([]float64, 3000)
	for i := range 3000 {
		for j := range 3 {
			x.Set(i, j, rng.NormFloat64())
		}
		if x.At(i, 0)+x.At(i, 1) > 0 {
			y[i] = 1
		}
		target[i] = x.At(i, 2) + x.At(i, 0)
	}
	c, err := learn.KNN{K: 5}.Fit(x.Slice(0, 500, 0, 3), y[:500])
	if err != nil {
		t.Fatal(err)
	}
	r, err := learn.KNN{K: 5}.FitRegression(x.Slice(0, 500, 0, 3), target[:500])
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	p, clock := fakeProgress(&b)
	*clock = clock.Add(5 * time.Second)
	got, err := chunkedPredict(p, c, x, c.Predict)
	want, _ := c.Predict(x)
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("chunked classes differ (err %v)", err)
	}
	gotR, err := chunkedPredict(p, r, x, r.Predict)
	wantR, _ := r.Predict(x)
	if err != nil || !slices.Equal(gotR, wantR) {
		t.Errorf("chunked values differ (err %v)", err)
	}
	p.done()
	if !strings.Contains(b.String(), "predicting: 3000/3000 rows") {
		t.Errorf("progress:\n%s", b.String())
	}
}

// TestProgressHeartbeat: a heartbeat's tick prints a new state once a
// second has passed, an unchanged one again only after heartbeatRepeat,
// with the prefix; stop ends the ticks and may be called twice.
func TestProgressHeartbeat(t *testing.T) {
	var b strings.Builder
	p, clock := fakeProgress(&b)
	p.setPrefix("svm-rbf (10/11): ")
	p.update("fitting")
	*clock = clock.Add(500 * time.Millisecond)
	p.refresh()
	if b.Len() != 0 {
		t.Fatalf("printed within a second: %q", b.String())
	}
	*clock = clock.Add(700 * time.Millisecond)
	p.refresh() // 1.2 s: the state is new
	*clock = clock.Add(5 * time.Second)
	p.refresh() // unchanged for 5 s: nothing
	*clock = clock.Add(5 * time.Second)
	p.refresh() // unchanged for 10 s: again
	want := "demo svm: svm-rbf (10/11): fitting  time 1.2s\ndemo svm: svm-rbf (10/11): fitting  time 11.2s\n"
	if b.String() != want {
		t.Errorf("heartbeat printed\n%s\nwant\n%s", b.String(), want)
	}
	stop := p.heartbeat()
	stop()
	stop()
	var q *progressPrinter
	q.refresh()
	q.heartbeat()()
	q.begin("x")()
	q.setPrefix("x")
	if q.count("trees") != nil || q.leaves() != nil || q.smoTraced(learn.SVM{}, 10).Trace != nil {
		t.Error("a quiet printer gives callbacks")
	}
}

// TestSMOTraceEvery: about 10⁶/n steps between updates, from 1 to 100.
func TestSMOTraceEvery(t *testing.T) {
	for _, c := range []struct{ n, want int }{{0, 100}, {150, 100}, {10000, 100}, {20000, 50}, {200000, 5}, {5000000, 1}} {
		if got := smoTraceEvery(c.n); got != c.want {
			t.Errorf("smoTraceEvery(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

// TestProgressMilestone: a milestone is printed at once even right after
// another line (bench's finished rows survive an interrupted run), and
// nothing is printed within the first second.
func TestProgressMilestone(t *testing.T) {
	var b strings.Builder
	p, clock := fakeProgress(&b)
	p.milestone("row 0 done")
	if b.Len() != 0 {
		t.Errorf("a milestone within the first second printed %q", b.String())
	}
	*clock = clock.Add(2 * time.Second)
	p.update("fitting")
	*clock = clock.Add(10 * time.Millisecond)
	p.milestone("row 1 done")
	*clock = clock.Add(10 * time.Millisecond)
	p.milestone("row 2 done")
	p.done()
	out := b.String()
	for _, want := range []string{"fitting", "row 1 done", "row 2 done"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Count(out, "row 2 done") != 1 {
		t.Errorf("done printed the last milestone again:\n%s", out)
	}
}

package main

// Progress lines on stderr for long work, as mlp prints its epochs: at
// most one line a second, nothing at all for work done within a second,
// and the last state when the work ends (if a line was printed, or the
// work took longer than a second); -quiet silences them.

import (
	"fmt"
	"io"
	"sync"
	"time"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// lockedWriter serializes the writes to w: run gives it to every command
// as stderr, so that a heartbeat's lines and the command's own messages
// never write at once.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// progressClock is the clock of every progress printer (tests replace it
// with one they move).
var progressClock = time.Now

// progressPrinter prints the state of one command's work. Its methods may
// be called from several goroutines (the forest's workers, a heartbeat).
type progressPrinter struct {
	w     io.Writer
	name  string
	now   func() time.Time // progressClock; tests may replace it
	mu    sync.Mutex
	start time.Time
	last  time.Time // when the last line was printed (zero: none yet)
	// The latest state, printed or not: prefix, then format and args,
	// formatted only when a line is printed (updates are cheap).
	prefix string
	format string
	args   []any
	shown  bool // the state has been printed
}

// newProgress returns the progress printer of command name on stderr, or
// nil with -quiet (every method of a nil printer does nothing).
func newProgress(stderr io.Writer, name string, quiet bool) *progressPrinter {
	if quiet {
		return nil
	}
	return &progressPrinter{w: stderr, name: name, now: progressClock, start: progressClock()}
}

// update records the state and prints it if a second has passed since the
// start and since the last line.
func (p *progressPrinter) update(format string, a ...any) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.format, p.args, p.shown = format, a, false
	now := p.now()
	if now.Sub(p.start) >= time.Second && now.Sub(p.last) >= time.Second {
		p.print(now)
	}
}

// milestone records the state and prints it at once, however recently a
// line was printed, once the work has run a second: a state worth keeping
// in a log (bench's finished row, which an interrupted run would
// otherwise lose to the one-line-a-second rule).
func (p *progressPrinter) milestone(format string, a ...any) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.format, p.args, p.shown = format, a, false
	if now := p.now(); now.Sub(p.start) >= time.Second {
		p.print(now)
	}
}

// setPrefix puts prefix before every later state (bench: the method).
func (p *progressPrinter) setPrefix(prefix string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.prefix = prefix
}

// done prints the last state, unless it is printed already or the work
// took less than a second and printed nothing.
func (p *progressPrinter) done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if p.format != "" && !p.shown && (!p.last.IsZero() || now.Sub(p.start) >= time.Second) {
		p.print(now)
	}
}

// refresh is a heartbeat's tick: it prints a state not yet printed once a
// second has passed (as update would), and prints again a state that has
// not changed for heartbeatRepeat, so that a long step without news of
// its own (a Gram matrix, an eigensolver) still shows that it runs.
func (p *progressPrinter) refresh() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	wait := time.Second
	if p.shown {
		wait = heartbeatRepeat
	}
	if p.format != "" && now.Sub(p.start) >= time.Second && now.Sub(p.last) >= wait {
		p.print(now)
	}
}

// heartbeatRepeat is how long a heartbeat waits before it prints an
// unchanged state again.
const heartbeatRepeat = 10 * time.Second

// heartbeat calls refresh four times a second until stop is called (stop
// returns when the heartbeat has ended, so that it prints nothing after
// it; a second call does nothing).
func (p *progressPrinter) heartbeat() (stop func()) {
	if p == nil {
		return func() {}
	}
	quit, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
				p.refresh()
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(quit)
			<-ended
		})
	}
}

// begin starts a piece of work: it sets the first state and a heartbeat
// (so that a first step that gives no news still shows), and returns the
// function that ends both and prints the last state (done).
func (p *progressPrinter) begin(format string, a ...any) (end func()) {
	stop := p.heartbeat()
	p.update(format, a...)
	return func() {
		stop()
		p.done()
	}
}

func (p *progressPrinter) print(now time.Time) {
	fmt.Fprintf(p.w, "demo %s: %s%s  time %.1fs\n", p.name, p.prefix, fmt.Sprintf(p.format, p.args...), now.Sub(p.start).Seconds())
	p.last, p.shown = now, true
}

// count returns a callback of done out of total (learn's Progress of the
// forest and bagging) that updates p with what (trees, models), leaving
// the end to the caller.
func (p *progressPrinter) count(what string) func(done, total int) {
	if p == nil {
		return nil
	}
	return func(done, total int) { p.update("%d/%d %s", done, total, what) }
}

// smoTraced returns the SVM, to be trained on n rows, with its SMO steps
// reported on p: every smoTraceEvery(n)-th step and the end of every
// machine. Without p it is returned as it is.
func (p *progressPrinter) smoTraced(c learn.SVM, n int) learn.SVM {
	if p != nil {
		c.Trace, c.TraceEvery = p.trace(nil), smoTraceEvery(n)
	}
	return c
}

// smoTraceEvery is how many SMO steps on n rows go between two updates
// of the progress: about 10⁶/n (a step costs O(n) or more, so that an
// update comes every few milliseconds at any n), from 1 to 100. An update
// is a cheap call: the printer formats a line at most once a second.
func smoTraceEvery(n int) int {
	return max(1, min(100, 1_000_000/max(n, 1)))
}

// leaves returns a learn.DecisionTree Progress callback that updates p
// with the training rows that have reached a leaf.
func (p *progressPrinter) leaves() func(done, total int) {
	if p == nil {
		return nil
	}
	leaves := 0
	return func(done, total int) {
		leaves++
		p.update("growing: %d/%d rows in %d leaves", done, total, leaves)
	}
}

// trace returns a learn.Trace that updates p with each step of an
// iterative learner (SVM, logistic regression, EM, AdaBoost, the
// perceptron, a network's epochs), calling
// also next (a -trace printer) when it is set.
func (p *progressPrinter) trace(next learn.Trace) learn.Trace {
	if p == nil {
		return next
	}
	machine := 1
	return func(s learn.TraceStep) {
		if next != nil {
			next(s)
		}
		switch {
		case s.SMO != nil:
			if s.SMO.Final { // the report that ends a machine
				p.update("machine %d: done after %d SMO iterations, violation %.3g", machine, s.Iteration, s.SMO.Violation)
				machine++
				return
			}
			p.update("machine %d: SMO iteration %d, violation %.3g", machine, s.Iteration, s.SMO.Violation)
		case s.Solver != nil:
			p.update("iteration %d, objective %.6g", s.Iteration, s.Objective)
		case s.EM != nil:
			p.update("restart %d: EM iteration %d, mean log-likelihood %.6g", s.EM.Restart+1, s.Iteration, s.EM.LogLikelihood)
		case s.Round != nil:
			p.update("round %d, ξ %.4g", s.Iteration, s.Objective)
		case s.Neuron != nil: // the perceptron's epochs
			p.update("neuron of class %d: epoch %d, %d mistakes", s.Neuron.Class, s.Iteration, s.Neuron.Mistakes)
		case s.Epoch != nil:
			p.update("epoch %d, loss %.6g", s.Iteration, s.Objective)
		default:
			p.update("step %d, objective %.6g", s.Iteration, s.Objective)
		}
	}
}

// counted wraps the trainers (either may be nil) so that every fit
// calls tick after it: cv and grid count their folds with it.
func counted(ct learn.ClassifierTrainer, rt learn.RegressorTrainer, tick func()) (learn.ClassifierTrainer, learn.RegressorTrainer) {
	if ct != nil {
		inner := ct
		ct = learn.ClassifierFunc(func(x *matrix.Dense, y []int) (learn.Classifier, error) {
			defer tick()
			return inner.FitClassifier(x, y)
		})
	}
	if rt != nil {
		inner := rt
		rt = learn.RegressorFunc(func(x *matrix.Dense, y []float64) (learn.Regressor, error) {
			defer tick()
			return inner.FitRegressor(x, y)
		})
	}
	return ct, rt
}

// chunkedPredict is predict(x) for a k-NN model with progress on pr after
// each block of query rows (the model's Progress, set on a copy); models of
// other kinds, or no pr, predict at once. The caller ends the progress with
// pr.done when its work is over. (Cutting x into blocks here instead would
// pack the training set again for every block.)
func chunkedPredict[T any](pr *progressPrinter, model any, x *matrix.Dense, predict func(*matrix.Dense) ([]T, error)) ([]T, error) {
	if pr == nil {
		return predict(x)
	}
	progress := func(done, total int) { pr.update("predicting: %d/%d rows", done, total) }
	var out any
	var err error
	switch m := model.(type) {
	case *learn.KNNModel:
		c := *m
		c.Progress = progress
		out, err = c.Predict(x)
	case *learn.KNNRegressorModel:
		r := *m
		r.Progress = progress
		out, err = r.Predict(x)
	default:
		return predict(x)
	}
	if err != nil {
		return nil, err
	}
	return out.([]T), nil
}

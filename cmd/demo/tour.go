package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/matrix"
)

// section is one topic of the guided tour.
type section struct {
	order int    // position in the order of the notes
	name  string // for -only
	title string
	notes string // the notes it follows: file and heading
	run   func(t *tour) error
}

// sections is filled by the init functions of the tour_*.go files.
var sections []section

func registerSection(s section) { sections = append(sections, s) }

// tour carries the state of one run of the tour: where pictures go, where
// text goes, and the record of every identity check.
type tour struct {
	out      string    // folder for pictures
	data     string    // folder with the datasets (testdata/)
	w        io.Writer // the story
	progress io.Writer // progress of slow steps
	checks   []checkResult
	files    []string // pictures written, relative to out
}

// checkResult records one claim of the notes tested on data.
type checkResult struct {
	section, what string
	ok            bool
}

// runTour parses the tour's flags and runs the chosen sections.
func runTour(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	list := fs.Bool("list", false, "list the topics of the tour and exit")
	only := fs.String("only", "", "run only the topic `NAME`")
	out := fs.String("out", "demo-out", "write pictures to `DIR`")
	data := fs.String("data", "", "read the datasets from `DIR` (default: the repository's testdata/)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil
		}
		return &usageError{msg: err.Error(), usage: "demo [-list] [-only NAME] [-out DIR] [-data DIR]"}
	}
	if fs.NArg() > 0 {
		return &usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0)), usage: "demo [-list] [-only NAME] [-out DIR]"}
	}
	if err := checkPathFlags(fs); err != nil {
		err.usage = "demo [-list] [-only NAME] [-out DIR] [-data DIR]"
		return err
	}
	todo := orderedSections()
	if *list {
		width := 0
		for _, s := range todo {
			width = max(width, len(s.name))
		}
		for _, s := range todo {
			fmt.Fprintf(stdout, "%-*s  %s (%s)\n", width, s.name, s.title, s.notes)
		}
		return nil
	}
	if *only != "" {
		i := slices.IndexFunc(todo, func(s section) bool { return s.name == *only })
		if i < 0 {
			names := make([]string, len(todo))
			for j, s := range todo {
				names[j] = s.name
			}
			return &usageError{msg: fmt.Sprintf("no topic %q; topics are %s", *only, quote(names))}
		}
		todo = todo[i : i+1]
	}
	dir, err := findData(*data)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	t := &tour{out: *out, data: dir, w: stdout, progress: stderr}
	return t.runAll(todo)
}

func orderedSections() []section {
	s := slices.Clone(sections)
	slices.SortStableFunc(s, func(a, b section) int { return a.order - b.order })
	return s
}

// runAll runs the sections and summarizes the checks.
func (t *tour) runAll(todo []section) error {
	start := time.Now()
	for i, s := range todo {
		fmt.Fprintf(t.w, "\n== %d. %s  [%s]\n", i+1, s.title, s.notes)
		before := len(t.checks)
		if err := s.run(t); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		for j := before; j < len(t.checks); j++ {
			t.checks[j].section = s.name
		}
	}
	failed := 0
	for _, c := range t.checks {
		if !c.ok {
			failed++
		}
	}
	fmt.Fprintf(t.w, "\n%d checks of the notes' claims, %d failed; %d pictures in %s (%.1fs)\n",
		len(t.checks), failed, len(t.files), t.out, time.Since(start).Seconds())
	if failed > 0 {
		return fmt.Errorf("%d of the notes' claims did not hold", failed)
	}
	return nil
}

// say prints one line of the story, indented under the section title.
func (t *tour) say(format string, args ...any) {
	fmt.Fprintf(t.w, "  "+format+"\n", args...)
}

// claim prints what the notes state, before it is checked.
func (t *tour) claim(format string, args ...any) {
	t.say("notes: "+format, args...)
}

// checkClose records and prints the check |got − want| ≤ tol·max(1, |want|).
func (t *tour) checkClose(what string, got, want, tol float64) bool {
	ok := math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
	return t.record(what, ok, fmt.Sprintf("%.6g = %.6g", got, want))
}

// checkTrue records and prints a check whose outcome the caller computed.
func (t *tour) checkTrue(what string, ok bool, detail string) bool {
	return t.record(what, ok, detail)
}

func (t *tour) record(what string, ok bool, detail string) bool {
	mark := "ok"
	if !ok {
		mark = "FAILED"
	}
	t.say("check: %s: %s  [%s]", what, detail, mark)
	t.checks = append(t.checks, checkResult{what: what, ok: ok})
	return ok
}

// step runs f and, if it takes longer than a second, shows that it is
// still working and how long it took.
func (t *tour) step(label string, f func() error) error {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		start := time.Now()
		for {
			select {
			case <-done:
				if s := time.Since(start); s >= time.Second {
					fmt.Fprintf(t.progress, "  ... %s: done in %.1fs\n", label, s.Seconds())
				}
				return
			case <-tick.C:
				fmt.Fprintf(t.progress, "  ... %s (%.0fs)\n", label, time.Since(start).Seconds())
			}
		}
	}()
	err := f()
	close(done)
	wg.Wait()
	return err
}

// loadCSV reads a dataset of the tour from the data folder.
func (t *tour) loadCSV(name string) (*matrix.Table, error) {
	return matrix.ReadCSVFile(filepath.Join(t.data, name))
}

// findData locates the datasets: the -data flag, else testdata/ in the
// current folder or one of its parents, else the testdata/ of the source
// tree this binary was built from.
func findData(flagDir string) (string, error) {
	if flagDir != "" {
		return flagDir, nil
	}
	if wd, err := os.Getwd(); err == nil {
		for d := wd; ; d = filepath.Dir(d) {
			if isDataDir(filepath.Join(d, "testdata")) {
				return filepath.Join(d, "testdata"), nil
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok {
		d := filepath.Join(filepath.Dir(file), "..", "..", "testdata")
		if isDataDir(d) {
			return d, nil
		}
	}
	return "", errors.New("cannot find the datasets (testdata/ with iris.csv); run from the repository or pass -data DIR")
}

func isDataDir(d string) bool {
	_, err := os.Stat(filepath.Join(d, "iris.csv"))
	return err == nil
}

// savePlot writes a figure as PNG and SVG into the output folder.
func (t *tour) savePlot(f *plot.Figure, base string) error {
	return t.saved(f.SaveFiles(t.out, base))
}

// saveGrid writes a grid of grey-level images as PNG and SVG.
func (t *tour) saveGrid(g *plot.ImageGrid, base string) error {
	return t.saved(g.SaveFiles(t.out, base))
}

// saved records and announces the files a figure was written to.
func (t *tour) saved(paths []string, err error) error {
	if err != nil {
		return err
	}
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	t.files = append(t.files, names...)
	t.say("wrote %s", strings.Join(names, " and "))
	return nil
}

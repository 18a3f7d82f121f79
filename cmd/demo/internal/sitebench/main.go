// Command sitebench measures the site's speed in headless Chromium on the
// real clock (issue 26's targets; docs/live.md, "Speed"). For each page
// state, in a fresh browser (a fresh profile: nothing compiled or cached
// before), it times the first figure from the navigation, then, after
// the reader's pause (-think), five redraws ("cold"), ten steps "next ›"
// spread over the iteration, and five redraws more ("warm"). A redraw
// changes one control as a reader would (a change event on the form) and
// is timed by the page's clock until the new state is in the DOM, laid
// out, and framed (the next requestAnimationFrame and a task after it);
// around it, the CPU time of the renderer's main thread and of the whole
// browser (all its processes and threads) is read from /proc.
//
// Usage (a built site: demo site -out DIR):
//
//	go run ./cmd/demo/internal/sitebench -site DIR [-runs 3] [-think 1s] [-chromium BIN] [-only svm]
//
// It prints one line per run and a Markdown table of medians and ranges
// (over all runs' samples). It is a benchmark, run by hand: nothing
// asserts a time.
package main

import (
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

//go:embed probe.js
var probeJS string

func main() {
	site := flag.String("site", "", "the built site (demo site -out DIR)")
	bin := flag.String("chromium", "/usr/bin/chromium", "the browser")
	runs := flag.Int("runs", 3, "fresh browsers per state")
	only := flag.String("only", "", "measure only the states whose page starts so (svm, eigen, …)")
	think := flag.Duration("think", time.Second, "the reader's pause between the first figure and the first change")
	flag.Parse()
	if *site == "" || *runs < 1 {
		fmt.Fprintln(os.Stderr, "usage: sitebench -site DIR [-runs N] [-chromium BIN] [-only PAGE]")
		os.Exit(2)
	}
	base, err := serve(*site)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sitebench:", err)
		os.Exit(1)
	}
	fmt.Printf("sitebench: %s, %s, load average %s\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"), *bin, loadavg())
	var all []summary
	for _, st := range states {
		if !strings.HasPrefix(st.page, *only) {
			continue
		}
		var rs []run
		for r := 0; r < *runs; r++ {
			m, err := measure(*bin, base, st, *think)
			if err != nil {
				fmt.Fprintf(os.Stderr, "sitebench: %s: %v\n", st.name, err)
				os.Exit(1)
			}
			fmt.Printf("%s, run %d: %s\n", st.name, r+1, m)
			rs = append(rs, m)
		}
		all = append(all, summarize(st.name, rs))
	}
	fmt.Printf("load average at the end %s\n\n", loadavg())
	printTable(all)
}

// serve serves the site on a free loopback port and returns its address.
func serve(dir string) (string, error) {
	if _, err := os.Stat(dir + "/mlnotes.wasm"); err != nil {
		return "", fmt.Errorf("%s is not a built site: %v", dir, err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	go http.Serve(l, http.FileServer(http.Dir(dir)))
	return "http://" + l.Addr().String() + "/", nil
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

// timing is one redraw or step as the probe reports it (ms), with the
// browser's CPU time around it.
type timing struct {
	State              string
	DOM, Layout, Frame float64
	Message            string
	CPU, MainCPU       float64 `json:"-"`
}

// run is what one fresh browser measured.
type run struct {
	first, firstCPU, firstScript float64
	warmed                       string // computations the page did to warm its code before the first change
	cold, steps, warm            []timing
}

func (r run) String() string {
	f := func(ts []timing) string {
		var s []string
		for _, t := range ts {
			s = append(s, fmt.Sprintf("%.0f/%.0f/%.0f/%.0f/%.0f", t.DOM, t.Layout, t.Frame, t.MainCPU, t.CPU))
		}
		return strings.Join(s, " ")
	}
	return fmt.Sprintf("first %.0f ms (CPU %.0f), %s warming; redraws (in the DOM/laid out/framed/main thread's CPU/all CPU, ms) %s; steps %s; warm %s",
		r.first, r.firstCPU, r.warmed, f(r.cold), f(r.steps), f(r.warm))
}

// measure loads st in a fresh browser and times its first figure, and,
// think after it, its redraws and its steps.
func measure(bin, base string, st state, think time.Duration) (run, error) {
	var m run
	b, err := startBrowser(bin)
	if err != nil {
		return m, err
	}
	defer b.close()
	if err := b.call(b.session, "Page.enable", map[string]any{}, nil); err != nil {
		return m, err
	}
	if err := b.call(b.session, "Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": probeJS}, nil); err != nil {
		return m, err
	}
	c0, _ := treeCPU(b.cmd.Process.Pid)
	if err := b.call(b.session, "Page.navigate", map[string]any{"url": base + st.page}, nil); err != nil {
		return m, err
	}
	var first struct {
		State                      string
		DOM, Layout, Frame, Script float64
	}
	for deadline := time.Now().Add(2 * time.Minute); first.State == ""; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			return m, errors.New("no first figure within two minutes")
		}
		if err := b.eval("window.__sitebench ? window.__sitebench.first : null", &first); err != nil {
			return m, err
		}
	}
	c1, _ := treeCPU(b.cmd.Process.Pid)
	m.firstCPU = c1 - c0
	if first.State != "ready" {
		return m, fmt.Errorf("the first state is %q", first.State)
	}
	m.first, m.firstScript = first.Frame, first.Script
	time.Sleep(think)
	if err := b.eval("document.body.dataset.warm || '0'", &m.warmed); err != nil {
		return m, err
	}
	act := func(expr string) (timing, error) {
		var t timing
		c, cm := treeCPU(b.cmd.Process.Pid)
		if err := b.eval(expr, &t); err != nil {
			return t, err
		}
		c1, cm1 := treeCPU(b.cmd.Process.Pid)
		t.CPU, t.MainCPU = c1-c, cm1-cm
		if t.State != "ready" {
			return t, fmt.Errorf("%s: state %q: %s", expr, t.State, t.Message)
		}
		return t, nil
	}
	redraws := func(from, to int) ([]timing, error) {
		var ts []timing
		for i := from; i < to; i++ {
			t, err := act(fmt.Sprintf("__sitebench.set(%q, %q)", st.control, st.value(i)))
			if err != nil {
				return nil, err
			}
			ts = append(ts, t)
		}
		return ts, nil
	}
	if m.cold, err = redraws(0, 5); err != nil {
		return m, err
	}
	var n int
	if err := b.eval("__sitebench.steps()", &n); err != nil {
		return m, err
	}
	// A step is "next ›" from step k, shown first, to k + 1, at ten
	// places spread over the iteration.
	for k := 1; n > 1 && k <= 10; k++ {
		at := max(1, min(n-1, (k*n+5)/11))
		if _, err := act(fmt.Sprintf("__sitebench.step(%d)", at)); err != nil {
			return m, err
		}
		t, err := act("__sitebench.next()")
		if err != nil {
			return m, err
		}
		m.steps = append(m.steps, t)
	}
	m.warm, err = redraws(5, 10)
	return m, err
}

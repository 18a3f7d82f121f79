package main

import (
	"fmt"
	"slices"
	"strings"
)

// spread is the median of samples and their range.
type spread struct{ med, lo, hi float64 }

func spreadOf(v []float64) spread {
	if len(v) == 0 {
		return spread{-1, -1, -1}
	}
	s := slices.Clone(v)
	slices.Sort(s)
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return spread{med, s[0], s[len(s)-1]}
}

func (s spread) String() string {
	if s.med < 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f (%.0f–%.0f)", s.med, s.lo, s.hi)
}

// triple is the wall time (to the next frame), the renderer's main
// thread's CPU time and the whole browser's CPU time of some actions.
type triple struct{ wall, main, all spread }

func tripleOf(ts []timing) triple {
	var w, m, a []float64
	for _, t := range ts {
		w, m, a = append(w, t.Frame), append(m, t.MainCPU), append(a, t.CPU)
	}
	return triple{spreadOf(w), spreadOf(m), spreadOf(a)}
}

// summary is one state's figures over all its runs.
type summary struct {
	name                    string
	first, firstCPU         spread
	firstRedraw, cold, warm triple
	step                    triple
}

func summarize(name string, rs []run) summary {
	var first, firstCPU []float64
	var fr, cold, warm, step []timing
	for _, r := range rs {
		first = append(first, r.first)
		firstCPU = append(firstCPU, r.firstCPU)
		fr = append(fr, r.cold[0])
		cold = append(cold, r.cold...)
		warm = append(warm, r.warm...)
		step = append(step, r.steps...)
	}
	return summary{name, spreadOf(first), spreadOf(firstCPU), tripleOf(fr), tripleOf(cold), tripleOf(warm), tripleOf(step)}
}

// printTable prints the summaries as docs/live.md's table, in ms, median
// (min–max) over every sample of every run: the wall time (the page's
// clock, to the next frame), the CPU time of the renderer's main thread
// (the page's JavaScript and WebAssembly, style, layout) and of the whole
// browser (with V8's optimizing compiler, compositing and rasterizing).
func printTable(all []summary) {
	head := []string{"state", "first figure: wall", "CPU", "first redraw: wall", "main", "CPU",
		"redraws 1–5: wall", "main", "CPU", "redraws 6–10: wall", "main", "step: wall", "main", "CPU"}
	fmt.Println("| " + strings.Join(head, " | ") + " |")
	fmt.Println("|" + strings.Repeat("---|", len(head)))
	for _, s := range all {
		row := []string{s.name, s.first.String(), s.firstCPU.String(),
			s.firstRedraw.wall.String(), s.firstRedraw.main.String(), s.firstRedraw.all.String(),
			s.cold.wall.String(), s.cold.main.String(), s.cold.all.String(),
			s.warm.wall.String(), s.warm.main.String(),
			s.step.wall.String(), s.step.main.String(), s.step.all.String()}
		fmt.Println("| " + strings.Join(row, " | ") + " |")
	}
}

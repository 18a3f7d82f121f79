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

// summary is one state's figures over all its runs.
type summary struct {
	name                             string
	first, firstCPU                  spread
	firstRedraw, cold, warm, step    spread // framed, ms
	firstRedrawCPU, coldCPU, stepCPU spread
}

func summarize(name string, rs []run) summary {
	var first, firstCPU, fr, frCPU []float64
	var cold, coldCPU, warm, step, stepCPU []float64
	for _, r := range rs {
		first = append(first, r.first)
		firstCPU = append(firstCPU, r.firstCPU)
		fr = append(fr, r.cold[0].Frame)
		frCPU = append(frCPU, r.cold[0].CPU)
		for _, t := range r.cold {
			cold = append(cold, t.Frame)
			coldCPU = append(coldCPU, t.CPU)
		}
		for _, t := range r.warm {
			warm = append(warm, t.Frame)
		}
		for _, t := range r.steps {
			step = append(step, t.Frame)
			stepCPU = append(stepCPU, t.CPU)
		}
	}
	return summary{name, spreadOf(first), spreadOf(firstCPU), spreadOf(fr), spreadOf(cold),
		spreadOf(warm), spreadOf(step), spreadOf(frCPU), spreadOf(coldCPU), spreadOf(stepCPU)}
}

// printTable prints the summaries as docs/live.md's table: wall times
// (the page's clock, to the next frame) and the browser's CPU time, in ms,
// median (min–max) over every sample of every run.
func printTable(all []summary) {
	head := []string{"state", "first figure", "CPU", "first redraw", "CPU", "redraws 1–5", "CPU", "redraws 6–10", "step", "CPU"}
	fmt.Println("| " + strings.Join(head, " | ") + " |")
	fmt.Println("|" + strings.Repeat("---|", len(head)))
	for _, s := range all {
		row := []string{s.name, s.first.String(), s.firstCPU.String(), s.firstRedraw.String(), s.firstRedrawCPU.String(),
			s.cold.String(), s.coldCPU.String(), s.warm.String(), s.step.String(), s.stepCPU.String()}
		fmt.Println("| " + strings.Join(row, " | ") + " |")
	}
}

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// treeCPU returns the CPU time, in milliseconds, that the process pid and
// all its descendants have run so far: the sum over their threads of the
// first field of /proc/PID/task/TID/schedstat (nanoseconds on a CPU),
// and the part of it that the renderers' main threads ran (the thread that
// runs the page's JavaScript and WebAssembly and lays out the page: the
// first thread of a process started with --type=renderer, but for the
// renderer of the browser's own WebUI, --top-chrome-webui, which headless
// Chromium also starts and which sometimes ran 20 to 120 ms during a
// redraw).
// Chromium computes in its renderer, optimizes WebAssembly on worker
// threads and rasterizes in other processes: the whole tree is the cost of
// a redraw. Threads that ended between two readings are not counted. On
// a system without /proc it returns zeros.
func treeCPU(pid int) (all, main float64) {
	children := map[int][]int{}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		s := string(b)
		i := strings.LastIndexByte(s, ')') // the command name may hold spaces
		if i < 0 {
			continue
		}
		fields := strings.Fields(s[i+1:]) // state, ppid, …
		if len(fields) < 2 {
			continue
		}
		me, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		ppid, _ := strconv.Atoi(fields[1])
		children[ppid] = append(children[ppid], me)
	}
	var ns, mainNS float64
	for todo := []int{pid}; len(todo) > 0; {
		p := todo[len(todo)-1]
		todo = append(todo[:len(todo)-1], children[p]...)
		dir := "/proc/" + strconv.Itoa(p)
		cmdline, _ := os.ReadFile(dir + "/cmdline")
		renderer := strings.Contains(string(cmdline), "--type=renderer") && !strings.Contains(string(cmdline), "--top-chrome-webui")
		tasks, _ := filepath.Glob(dir + "/task/[0-9]*/schedstat")
		for _, t := range tasks {
			b, err := os.ReadFile(t)
			if err != nil {
				continue
			}
			if f := strings.Fields(string(b)); len(f) > 0 {
				v, _ := strconv.ParseFloat(f[0], 64)
				ns += v
				if renderer && filepath.Base(filepath.Dir(t)) == strconv.Itoa(p) {
					mainNS += v
				}
			}
		}
	}
	return ns / 1e6, mainNS / 1e6
}

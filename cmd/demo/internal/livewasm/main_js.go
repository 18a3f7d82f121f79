//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"syscall/js"

	"mlnotes/cmd/demo/internal/live"
)

// main defines mlnotes.run and mlnotes.topics and then waits for calls.
func main() {
	obj := js.Global().Get("Object").New()
	obj.Set("run", js.FuncOf(jsRun))
	obj.Set("warm", js.FuncOf(jsWarm))
	obj.Set("topics", js.FuncOf(func(js.Value, []js.Value) any { return js.ValueOf(live.TopicNames()) }))
	js.Global().Set("mlnotes", obj)
	if d := js.Global().Get("dispatchEvent"); d.Type() == js.TypeFunction { // a browser, not node
		js.Global().Call("dispatchEvent", js.Global().Get("Event").New("mlnotes-ready"))
	}
	select {}
}

// known holds every file the page has passed: a page passes a file once,
// after a response that needs it, and later calls pass none (decoding the
// digits on every call would cost more than the figure).
var known = map[string]string{}

// jsRun is mlnotes.run(topic, paramsJSON, filesJSON): it returns a
// Response as a JavaScript object, or {error: message} (never throws).
// The files passed are kept for the later calls. The figures are passed
// as strings, not inside the JSON: JSON-escaping the SVG's quotes (and
// reading them back) cost a quarter of a redraw.
func jsRun(_ js.Value, args []js.Value) (out any) {
	defer func() {
		if r := recover(); r != nil {
			out = errorValue(fmt.Errorf("internal error: %v", r))
		}
	}()
	if len(args) != 3 {
		return errorValue(fmt.Errorf("mlnotes.run wants (topic, paramsJSON, filesJSON), got %d arguments", len(args)))
	}
	var params map[string]string
	var files map[string]string
	if err := json.Unmarshal([]byte(args[1].String()), &params); err != nil {
		return errorValue(fmt.Errorf("parameters: %v", err))
	}
	if err := json.Unmarshal([]byte(args[2].String()), &files); err != nil {
		return errorValue(fmt.Errorf("files: %v", err))
	}
	for k, v := range files {
		known[k] = v
	}
	resp, err := live.Run(args[0].String(), params, known)
	if err != nil {
		return errorValue(err)
	}
	figs := make([]any, len(resp.Figures))
	for i, f := range resp.Figures {
		figs[i] = f
	}
	resp.Figures = nil
	b, err := json.Marshal(resp)
	if err != nil {
		return errorValue(err)
	}
	v := js.Global().Get("JSON").Call("parse", string(b))
	v.Set("figures", js.ValueOf(figs))
	return v
}

// jsWarm is mlnotes.warm(topic, paramsJSON): it computes the state again
// from nothing (the kept fits forgotten, the files kept) and returns
// nothing. V8 first runs WebAssembly from its baseline compiler and
// optimizes a function once it has run enough: the page calls this a few
// times after its first figure, before the reader changes a control, so
// that the code a redraw runs (the fit, the figure, the response) is
// optimized by then (docs/live.md, "Speed"). The state computed last is
// the page's own, kept again for its steps. Each warm-up ends with a
// garbage collection: Go's collector has no thread of its own in the
// browser, so the garbage of the warm-ups was otherwise collected during
// the reader's first redraw (logistic.html's Newton fit took 17–36 ms
// there instead of 2–5).
func jsWarm(_ js.Value, args []js.Value) any {
	defer func() { recover() }() // a state that fails to compute warms nothing
	if len(args) != 2 {
		return nil
	}
	var params map[string]string
	if json.Unmarshal([]byte(args[1].String()), &params) != nil {
		return nil
	}
	live.Forget()
	if resp, err := live.Run(args[0].String(), params, known); err == nil {
		json.Marshal(resp)
	}
	runtime.GC()
	return nil
}

func errorValue(err error) js.Value {
	return js.ValueOf(map[string]any{"error": err.Error()})
}

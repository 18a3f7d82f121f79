//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"

	"mlnotes/cmd/demo/internal/live"
)

// main defines mlnotes.run and mlnotes.topics and then waits for calls.
func main() {
	obj := js.Global().Get("Object").New()
	obj.Set("run", js.FuncOf(jsRun))
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

// jsRun is mlnotes.run(topic, paramsJSON, filesJSON): it returns the JSON of
// a Response, or of {"error": message} (never throws). The files passed
// are kept for the later calls.
func jsRun(_ js.Value, args []js.Value) (out any) {
	defer func() {
		if r := recover(); r != nil {
			out = errorJSON(fmt.Errorf("internal error: %v", r))
		}
	}()
	if len(args) != 3 {
		return errorJSON(fmt.Errorf("mlnotes.run wants (topic, paramsJSON, filesJSON), got %d arguments", len(args)))
	}
	var params map[string]string
	var files map[string]string
	if err := json.Unmarshal([]byte(args[1].String()), &params); err != nil {
		return errorJSON(fmt.Errorf("parameters: %v", err))
	}
	if err := json.Unmarshal([]byte(args[2].String()), &files); err != nil {
		return errorJSON(fmt.Errorf("files: %v", err))
	}
	for k, v := range files {
		known[k] = v
	}
	resp, err := live.Run(args[0].String(), params, known)
	if err != nil {
		return errorJSON(err)
	}
	// The SVG goes into the page as it is: no \u003c escapes to write and
	// to read back.
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(resp); err != nil {
		return errorJSON(err)
	}
	return b.String()
}

func errorJSON(err error) string {
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	return string(b)
}

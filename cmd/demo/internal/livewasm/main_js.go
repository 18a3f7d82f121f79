//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
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

// jsRun is mlnotes.run(topic, paramsJSON, filesJSON): it returns the JSON of
// a Response, or of {"error": message} (never throws).
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
	resp, err := live.Run(args[0].String(), params, files)
	if err != nil {
		return errorJSON(err)
	}
	b, err := json.Marshal(resp)
	if err != nil {
		return errorJSON(err)
	}
	return string(b)
}

func errorJSON(err error) string {
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	return string(b)
}

// Command livewasm is the WebAssembly half of the site that `demo site` and
// `demo serve` build (docs/live.md): compiled with GOOS=js GOARCH=wasm it
// defines the JavaScript function mlnotes.run(topic, paramsJSON, filesJSON),
// which returns as an object what live.Run computes for that state of the
// page (the figures as SVG strings).
// Built for any other target the program only says what it is for.
package main

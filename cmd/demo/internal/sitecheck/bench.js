// bench.js: the speed figures of docs/live.md, measured in node (V8, the
// engine of Chromium) by calling mlnotes.run directly with real clocks
// (headless Chromium's virtual time does not advance during computation).
//
//   node cmd/demo/internal/sitecheck/bench.js SITE_DIR
"use strict";
const fs = require("fs");
const path = require("path");
const site = process.argv[2];
require(path.resolve(site, "wasm_exec.js"));
if (typeof globalThis.dispatchEvent !== "function") globalThis.dispatchEvent = () => true; // node has no window events

// Each state, and the control a redraw changes (ten values, none seen
// before, so that no fit the module keeps is reused: five right after the
// first figure, five after the steps).
const states = [
  ["svm", {}, "svm default (200 moons, rbf)", (i) => ({ C: String(10 + (i + 1) / 8) })],
  ["eigen", {}, "eigen default (Jacobi 6×6)", (i) => ({ method: i % 2 ? "jacobi" : "qr" })], // two states only
  ["eigen", { data: "random12" }, "eigen Jacobi 12×12", (i) => ({ method: i % 2 ? "jacobi" : "qr" })], // likewise
  ["pca", {}, "pca default (1797 digits, k = 2)", (i) => ({ k: String(3 + i) })],
  ["generative", {}, "generative default (EM, 200 points, k = 4)", (i) => ({ seed: String(2 + i) })],
  ["nn", {}, "nn default (200 xor points, 100 epochs)", (i) => ({ lr: String(0.05 + (i + 1) / 1000) })],
  ["ensemble", {}, "ensemble default (AdaBoost, 30 rounds)", (i) => ({ rounds: String(31 + i) })],
  ["assess", {}, "assess default (bootstrap, B = 50, tree)", (i) => ({ B: String(51 + i) })],
];

// CPU time of this process (user + system), which a loaded machine
// inflates far less than the wall clock; both are printed.
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

(async () => {
  const t0 = performance.now(), c0 = cpu();
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(path.join(site, "mlnotes.wasm")), go.importObject);
  go.run(instance);
  const load = performance.now() - t0, loadCPU = cpu() - c0;
  const files = {};
  const call = (topic, p) => {
    for (;;) {
      const r = globalThis.mlnotes.run(topic, JSON.stringify(p), JSON.stringify(files));
      for (const k in files) delete files[k]; // the module keeps the files it was given, as live.js passes each once
      if (!r.need) return r;
      for (const f of r.need) files[f] = fs.readFileSync(path.join(site, f), "utf8");
    }
  };
  const wall = [];
  const ms = (f) => { const t = performance.now(), c = cpu(); const r = f(); wall.push(performance.now() - t); return [cpu() - c, r]; };
  const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
  console.log(`module load and compile: CPU ${loadCPU.toFixed(0)} ms, wall ${load.toFixed(0)} ms`);
  for (const [topic, p, name, vary] of states) {
    const [first, r] = ms(() => call(topic, p));
    if (r.error) throw new Error(name + ": " + r.error);
    const redraw = [], step = [];
    for (let i = 0; i < 5; i++) redraw.push(ms(() => call(topic, Object.assign({}, p, vary(i))))[0]);
    // A step is "next": from step k, shown first, to k + 1, at ten places
    // spread over the iteration.
    for (let k = 1; r.steps && k <= 10; k++) {
      const at = Math.max(1, Math.min(r.steps - 1, Math.round((k * r.steps) / 11)));
      call(topic, Object.assign({}, p, { step: String(at) }));
      step.push(ms(() => call(topic, Object.assign({}, p, { step: String(at + 1) })))[0]);
    }
    // The same redraws once the code is warm: V8 first runs WebAssembly
    // from its baseline compiler (Liftoff) and optimizes the functions
    // that run often (TurboFan, on other threads, whose CPU time counts
    // here), so the first redraws of a page cost several times the later.
    const warm = [];
    for (let i = 5; i < 10; i++) warm.push(ms(() => call(topic, Object.assign({}, p, vary(i))))[0]);
    console.log(`${name}: CPU first ${first.toFixed(0)} ms, redraw ${med(redraw).toFixed(0)} ms (warm ${med(warm).toFixed(0)} ms), step ${step.length ? med(step).toFixed(0) : "-"} ms (${r.steps} steps); wall median ${med(wall.splice(0)).toFixed(0)} ms`);
  }
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });

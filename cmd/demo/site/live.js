// mlnotes, live: the glue between a page's controls, the address, the
// WebAssembly module (mlnotes.run) and the figure. docs/live.md.
"use strict";
(function () {
  const body = document.body;
  const topic = body.dataset.topic;
  const $ = (id) => document.getElementById(id);
  const files = {}; // site-relative path → text, fetched once
  let good = null; // the last state drawn: its parameters
  let busy = false;
  let timer = null;

  function fail(msg) {
    body.dataset.state = "error";
    const m = $("message");
    m.textContent = msg;
    m.hidden = false;
    stop();
  }
  window.addEventListener("error", (e) => fail("error: " + (e.message || e)));
  window.addEventListener("unhandledrejection", (e) =>
    fail("error: " + ((e.reason && e.reason.message) || e.reason)));

  // The state in the address: every parameter but bench.
  function queryParams() {
    const p = {};
    for (const [k, v] of new URLSearchParams(location.search)) if (k !== "bench") p[k] = v;
    return p;
  }
  function writeAddress(p) {
    const q = new URLSearchParams(p).toString();
    const bench = new URLSearchParams(location.search).has("bench") ? (q ? "&" : "") + "bench=1" : "";
    history.replaceState(null, "", location.pathname + (q || bench ? "?" + q + bench : ""));
  }

  async function compute(p) {
    for (let round = 0; round < 4; round++) {
      const r = JSON.parse(mlnotes.run(topic, JSON.stringify(p), JSON.stringify(files)));
      if (!r.need) return r;
      await Promise.all(r.need.map(async (path) => {
        const resp = await fetch(path);
        if (!resp.ok) throw new Error(path + ": " + resp.status + " " + resp.statusText);
        files[path] = await resp.text();
      }));
    }
    return { error: "the data files could not be read" };
  }

  // show computes and draws the state p; a bad state keeps the last good one.
  async function show(p) {
    const t0 = performance.now();
    const r = await compute(p);
    if (r.error) {
      fail(r.error + (good ? " (showing the last good state)" : ""));
      return false;
    }
    draw(r);
    good = r.params;
    const q = Object.assign({}, r.params);
    if (r.steps && r.step === r.steps) delete q.step;
    else if (r.steps) q.step = String(r.step);
    writeAddress(q);
    $("message").hidden = true;
    body.dataset.state = "ready";
    body.dataset.ms = (performance.now() - t0).toFixed(1);
    return true;
  }

  function draw(r) {
    $("figure").innerHTML = r.figures.join("\n");
    const rows = r.numbers.map((n) => {
      const field = n.field ? ' <code>' + esc(n.field) + "</code>" : "";
      return "<tr><td>" + esc(n.label) + field + '</td><td class="v">' + esc(n.text) + "</td></tr>";
    });
    $("numbers").innerHTML = rows.join("");
    $("result").textContent = JSON.stringify(r.result);
    $("command").textContent = [r.result].concat(r.result.also || []).map((c) => c.command).join("\n");
    const form = $("controls");
    for (const el of form.elements) {
      if (el.name && r.params[el.name] !== undefined) el.value = r.params[el.name];
    }
    applyWhen(form);
    if ($("stepper")) {
      $("stepper").hidden = !r.steps;
      $("steps").textContent = r.steps;
      $("step").max = r.steps;
      $("step").value = r.step;
    }
  }

  function esc(s) {
    return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  // A control labelled data-when="name=value" (or "name!=value") applies
  // only in that case, and only where the one around it applies.
  function applyWhen(form) {
    for (const lab of form.querySelectorAll("[data-when]")) {
      const not = lab.dataset.when.includes("!=");
      const [k, v] = lab.dataset.when.split(not ? "!=" : "=");
      const outer = lab.parentElement.closest("[data-when]");
      const on = !(outer && outer.hidden) && form.elements[k] && (form.elements[k].value === v) !== not;
      lab.hidden = !on;
      for (const el of lab.querySelectorAll("input,select")) el.disabled = !on;
    }
  }

  function formParams(form) {
    const p = {};
    for (const el of form.elements) if (el.name && !el.disabled && el.value !== "") p[el.name] = el.value;
    return p;
  }

  async function run(p) {
    if (busy) return false;
    busy = true;
    try {
      return await show(p);
    } catch (e) {
      fail("error: " + (e.message || e));
      return false;
    } finally {
      busy = false;
    }
  }

  function stepTo(k) {
    const p = Object.assign({}, good || queryParams());
    p.step = String(k);
    return run(p);
  }
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }
  function wireStepper() {
    const st = $("stepper");
    if (!st) return;
    st.addEventListener("click", (e) => {
      const go = e.target.dataset && e.target.dataset.go;
      if (!go) return;
      const k = Number($("step").value), n = Number($("steps").textContent);
      if (go !== "play") stop();
      if (go === "first") stepTo(1);
      if (go === "back") stepTo(Math.max(1, k - 1));
      if (go === "forward") stepTo(Math.min(n, k + 1));
      if (go === "last") stepTo(n);
      if (go === "play") {
        if (timer) return stop();
        let i = k >= n ? 1 : k;
        timer = setInterval(async () => {
          if (i > n || !(await stepTo(i++))) stop();
        }, 120);
      }
    });
    $("step").addEventListener("change", () => stepTo($("step").value));
  }

  // ?bench=1 times a redraw and ten steps after the first figure and puts
  // the medians on <body data-bench> (docs/live.md, the speed figures).
  async function bench(first) {
    const redraw = [], step = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await show(Object.assign({}, good));
      redraw.push(performance.now() - t);
    }
    const steps = Number(($("steps") || {}).textContent) || 0;
    for (let k = 1; steps && k <= Math.min(10, steps); k++) {
      const t = performance.now();
      await stepTo(Math.max(1, Math.round((k * steps) / 10)));
      step.push(performance.now() - t);
    }
    const med = (a) => a.length ? a.sort((x, y) => x - y)[a.length >> 1].toFixed(1) : null;
    body.dataset.bench = JSON.stringify({ first_ms: first.toFixed(1), redraw_ms: med(redraw), step_ms: med(step) });
  }

  async function start() {
    const t0 = performance.now();
    const go = new Go();
    let inst;
    const resp = fetch("mlnotes.wasm");
    if (WebAssembly.instantiateStreaming) {
      inst = (await WebAssembly.instantiateStreaming(resp, go.importObject)).instance;
    } else {
      inst = (await WebAssembly.instantiate(await (await resp).arrayBuffer(), go.importObject)).instance;
    }
    go.run(inst);
    if (!window.mlnotes) await new Promise((res) => window.addEventListener("mlnotes-ready", res, { once: true }));
    const form = $("controls");
    applyWhen(form);
    const ok = await run(queryParams());
    const first = performance.now() - t0;
    body.dataset.firstMs = first.toFixed(1);
    form.addEventListener("change", (e) => {
      stop();
      applyWhen(form);
      run(formParams(form)); // a new control value starts again at the end
    });
    wireStepper();
    if (ok && new URLSearchParams(location.search).has("bench")) {
      const saved = Object.assign({}, good);
      await bench(first);
      await run(saved);
      const p = Object.assign({}, saved);
      writeAddress(p);
    }
  }
  start().catch((e) => fail("error: " + (e.message || e)));
})();

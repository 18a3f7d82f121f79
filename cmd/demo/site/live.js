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
    // ',' and ':' may stand in a query as they are: the lists of points
    // (add, move) and the priors read better that way.
    const q = new URLSearchParams(p).toString().replace(/%2C/g, ",").replace(/%3A/g, ":");
    const bench = new URLSearchParams(location.search).has("bench") ? (q ? "&" : "") + "bench=1" : "";
    history.replaceState(null, "", location.pathname + (q || bench ? "?" + q + bench : ""));
  }

  // The module keeps the files passed to it: each is passed once, after
  // a response that needs it.
  async function compute(p) {
    let fresh = {};
    for (let round = 0; round < 4; round++) {
      const r = mlnotes.run(topic, JSON.stringify(p), JSON.stringify(fresh));
      if (!r.need) return r;
      fresh = {};
      await Promise.all(r.need.map(async (path) => {
        if (!(path in files)) {
          const resp = await fetch(path);
          if (!resp.ok) throw new Error(path + ": " + resp.status + " " + resp.statusText);
          files[path] = await resp.text();
        }
        fresh[path] = files[path];
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
    drawFiles(r.files || []);
    wirePick(r.pick);
    const form = $("controls");
    const shared = (el) => form.querySelectorAll('[name="' + el.name + '"]').length > 1;
    for (const el of form.elements) {
      if (el.name && r.params[el.name] !== undefined && !shared(el)) el.value = r.params[el.name];
    }
    applyWhen(form);
    // Elements sharing a name hold the parts of a ':' list (the loss
    // matrix): the enabled ones, in order (with two classes the third
    // class's row and column are disabled).
    const part = {};
    for (const el of form.elements) {
      if (!el.name || el.disabled || r.params[el.name] === undefined || !shared(el)) continue;
      const i = part[el.name] = (part[el.name] || 0) + 1;
      el.value = r.params[el.name].split(":")[i - 1] || "";
    }
    if ($("stepper")) {
      $("stepper").hidden = !r.steps;
      $("steps").textContent = r.steps;
      $("step").max = r.steps;
      $("step").value = r.step;
    }
  }

  // The files the command reads that the site does not ship (the data with
  // the points added and moved, a loss matrix), as download links; the
  // browser check reads them from the links (sitecheck).
  function drawFiles(list) {
    const el = $("files");
    if (!el) return;
    el.hidden = !list.length;
    el.innerHTML = list.length ? "It reads " + list.map((f) =>
      '<a class="download" download="' + esc(f.name) + '" href="data:text/csv;charset=utf-8,' +
      encodeURIComponent(f.text) + '">' + esc(f.name) + "</a>").join(" and ") +
      ", made by this page: save it in the site's folder." : "";
  }

  // Points added and moved by clicking on the first figure (r.pick): a
  // click adds a point of the chosen class, a drag moves a point, a
  // shift-click removes an added one. The points are the state's add and
  // move parameters (docs/live.md); a point outside the plot is refused by
  // the module with a message, as any bad parameter.
  let pick = null;
  function wirePick(pk) {
    pick = pk || null;
    const bar = $("pick");
    if (!bar) return;
    bar.hidden = !pick;
    if (!pick) return;
    const sel = $("pick-class");
    const want = pick.classes.map(String).join(",");
    if (sel.dataset.classes !== want) {
      const keep = sel.value;
      sel.innerHTML = pick.classes.map((c) => "<option>" + c + "</option>").join("");
      sel.dataset.classes = want;
      if (pick.classes.map(String).includes(keep)) sel.value = keep;
    }
    const svg = $("figure").querySelector("svg");
    if (!svg) return;
    svg.style.cursor = "crosshair";
    svg.style.touchAction = "none";
    svg.addEventListener("pointerdown", (e) => pointerDown(svg, e));
  }

  // toSVG maps a pointer event to the SVG's pixels, toData to data.
  function toSVG(svg, e) {
    const r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
    return [(e.clientX - r.left) * vb.width / r.width, (e.clientY - r.top) * vb.height / r.height];
  }
  function toData([px, py]) {
    const [ax0, ay0, ax1, ay1] = pick.area, [x0, x1, y0, y1] = pick.window;
    return [x0 + (px - ax0) / (ax1 - ax0) * (x1 - x0), y1 - (py - ay0) / (ay1 - ay0) * (y1 - y0)];
  }
  function toPixel(x, y) {
    const [ax0, ay0, ax1, ay1] = pick.area, [x0, x1, y0, y1] = pick.window;
    return [ax0 + (x - x0) / (x1 - x0) * (ax1 - ax0), ay1 - (y - y0) / (y1 - y0) * (ay1 - ay0)];
  }
  // round writes a coordinate to about a thousandth of the window.
  function round(v, span) {
    const d = Math.max(0, Math.ceil(-Math.log10(span / 1000)));
    return String(Number(v.toFixed(d)));
  }
  function nearest(px, py) {
    let best = -1, bd = 8 * 8;
    pick.points.forEach(([x, y], i) => {
      const [qx, qy] = toPixel(x, y), d = (qx - px) ** 2 + (qy - py) ** 2;
      if (d <= bd) { best = i; bd = d; }
    });
    return best;
  }
  function pointerDown(svg, e) {
    if (!pick || busy || e.button !== 0) return;
    e.preventDefault();
    stop();
    const at = toSVG(svg, e), i = nearest(at[0], at[1]);
    if (i < 0) {
      const [x, y] = toData(at);
      edit((add, move) => add.push([round(x, pick.window[1] - pick.window[0]), round(y, pick.window[3] - pick.window[2]), $("pick-class").value]));
      return;
    }
    if (e.shiftKey) {
      if (i >= pick.base) edit((add) => add.splice(i - pick.base, 1));
      return;
    }
    // Drag: a ring follows the pointer; the state changes on release.
    const ring = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    ring.setAttribute("r", "7");
    ring.setAttribute("fill", "none");
    ring.setAttribute("stroke", "#dc1ea0");
    ring.setAttribute("stroke-width", "2");
    svg.appendChild(ring);
    const follow = (ev) => { const [qx, qy] = toSVG(svg, ev); ring.setAttribute("cx", qx); ring.setAttribute("cy", qy); };
    follow(e);
    svg.setPointerCapture(e.pointerId);
    svg.addEventListener("pointermove", follow);
    svg.addEventListener("pointerup", (ev) => {
      svg.removeEventListener("pointermove", follow);
      ring.remove();
      const to = toSVG(svg, ev);
      if (Math.hypot(to[0] - at[0], to[1] - at[1]) < 3) return;
      const [x, y] = toData(to);
      const rx = round(x, pick.window[1] - pick.window[0]), ry = round(y, pick.window[3] - pick.window[2]);
      edit((add, move) => {
        if (i >= pick.base) {
          add[i - pick.base][0] = rx;
          add[i - pick.base][1] = ry;
          return;
        }
        const k = move.findIndex((m) => m[0] === String(i));
        if (k >= 0) move[k] = [String(i), rx, ry];
        else move.push([String(i), rx, ry]);
      });
    }, { once: true });
  }
  // edit changes the lists of added and moved points of the state shown
  // and draws the new state (from the end of the iteration).
  function edit(change) {
    const p = Object.assign({}, good || queryParams());
    const list = (s) => (s ? s.split(",").map((t) => t.split(":")) : []);
    const add = list(p.add), move = list(p.move);
    change(add, move);
    delete p.step;
    delete p.add;
    delete p.move;
    if (add.length) p.add = add.map((t) => t.join(":")).join(",");
    if (move.length) p.move = move.map((t) => t.join(":")).join(",");
    return run(p);
  }
  function wirePickBar() {
    if (!$("pick-reset")) return;
    $("pick-reset").addEventListener("click", () => edit((add, move) => { add.length = 0; move.length = 0; }));
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
    for (const el of form.elements) {
      if (!el.name || el.disabled || el.value === "") continue;
      p[el.name] = p[el.name] !== undefined ? p[el.name] + ":" + el.value : el.value;
    }
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
      const p = formParams(form); // a new control value starts again at the end
      // The points belong to their data set, and apply while it does
      // (assess's biasvar draws none).
      const data = form.elements.data;
      if (good && e.target.name !== "data" && !(data && data.disabled)) {
        for (const k of ["add", "move"]) if (good[k]) p[k] = good[k];
      }
      if (e.target.name === "data") { // so do lists of one entry per class (loss, priors)
        for (const el of form.querySelectorAll("[data-per-class]")) if (/[,:]/.test(p[el.name] || "")) delete p[el.name];
      }
      run(p);
    });
    wireStepper();
    wirePickBar();
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

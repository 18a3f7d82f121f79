// sitebench's probe, installed before any script of each page
// (Page.addScriptToEvaluateOnNewDocument). It watches <body>'s data-state
// and data-ms, which live.js sets after every state it draws (or fails
// to), and times, from the page's own clock (performance.now(), ms since
// the navigation started):
//   - the first figure: the first state drawn, then the layout forced, then
//     the next frame (a requestAnimationFrame and a task after it);
//   - act(change): a control changed (or a step button pressed) until the
//     state is in the DOM ("dom"), laid out ("layout") and framed ("frame").
"use strict";
(() => {
  const probe = (window.__sitebench = { first: null, waiters: [] });
  const frame = () => new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0)));
  new MutationObserver(() => {
    const now = performance.now();
    const body = document.body;
    if (!body || body.dataset.state === "loading") return;
    if (!probe.started) {
      probe.started = true;
      void body.offsetHeight;
      const first = { state: body.dataset.state, dom: now, layout: performance.now(), frame: null,
        script: Number(body.dataset.firstMs) };
      frame().then(() => { first.frame = performance.now(); probe.first = first; });
    }
    for (const w of probe.waiters.splice(0)) w(now);
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state", "data-ms"] });

  probe.act = async (change) => {
    const t0 = performance.now();
    const drawn = new Promise((res) => probe.waiters.push(res));
    change();
    const dom = (await drawn) - t0;
    void document.body.offsetHeight;
    const layout = performance.now() - t0;
    await frame();
    return { state: document.body.dataset.state, dom, layout, frame: performance.now() - t0,
      message: document.getElementById("message").textContent };
  };
  const fire = (el) => el.dispatchEvent(new Event("change", { bubbles: true }));
  // set changes the control called name, as a user would.
  probe.set = (name, value) => probe.act(() => {
    const el = document.getElementById("controls").elements[name];
    el.value = value;
    fire(el);
  });
  // step types k into the step box; next presses "next ›".
  probe.step = (k) => probe.act(() => {
    const el = document.getElementById("step");
    el.value = String(k);
    fire(el);
  });
  probe.next = () => probe.act(() => document.querySelector('#stepper [data-go="forward"]').click());
  probe.steps = () => {
    const st = document.getElementById("stepper");
    return st && !st.hidden ? Number(document.getElementById("steps").textContent) || 0 : 0;
  };
})();

"use strict";
// One seat's page: the public parts, the seat's own hand behind a cover (touch and hold to
// look), and what the seat may do now. Every action is sent to the laptop, which decides.
(() => {
  const { el, connect, render } = Posthorn;
  const cover = document.getElementById("cover");
  const secret = document.getElementById("secret");
  const result = document.getElementById("result");
  const HOLD_MS = 450;
  const IDLE_MS = 20000;
  let holdTimer = null;
  let idleTimer = null;
  let shownOffers = "";
  let resultTimer = null;

  function conceal() { secret.hidden = true; cover.hidden = false; clearTimeout(idleTimer); }
  function bump() { clearTimeout(idleTimer); idleTimer = setTimeout(conceal, IDLE_MS); }
  function reveal() { secret.hidden = false; cover.hidden = true; bump(); }
  cover.addEventListener("pointerdown", (e) => { e.preventDefault(); holdTimer = setTimeout(reveal, HOLD_MS); });
  for (const name of ["pointerup", "pointerleave", "pointercancel"]) {
    cover.addEventListener(name, () => clearTimeout(holdTimer));
  }
  cover.addEventListener("contextmenu", (e) => e.preventDefault());
  cover.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") reveal(); });
  document.getElementById("hide").addEventListener("click", conceal);
  secret.addEventListener("pointerdown", bump);
  document.addEventListener("visibilitychange", () => { if (document.hidden) conceal(); });

  const link = connect(onState, onReply);

  function send(action, values) {
    let msg;
    if (action.app) msg = { type: "app_" + action.app };
    else {
      msg = { type: "input", input: { kind: action.kind, args: Object.assign({}, action.args, values) } };
      if (action.source) msg.input.source = action.source;
    }
    if (!link.send(msg)) showResult(false, "Not connected to the laptop: try again in a moment.", []);
  }

  function field(f, values) {
    const wrap = el("div", {});
    wrap.append(el("label", {}, f.label + (f.type === "pick" ? ` (choose ${f.count})` : "")));
    if (f.type === "pick") {
      const chosen = [];
      values[f.key] = () => chosen.map((i) => f.options[i].value);
      wrap.append(el("div", { class: "choices" }, f.options.map((o, i) => {
        const b = el("button", { type: "button", "aria-pressed": "false" }, o.label);
        b.addEventListener("click", () => {
          const at = chosen.indexOf(i);
          if (at >= 0) chosen.splice(at, 1); else chosen.push(i);
          b.setAttribute("aria-pressed", String(at < 0));
        });
        return b;
      })));
    } else if (f.type === "choice") {
      const s = el("select", {}, f.optional ? el("option", { value: "" }, "\u2013") : null,
        f.options.map((o, i) => el("option", { value: String(i) }, o.label)));
      if (!f.optional && f.default) s.value = String(f.default);
      values[f.key] = () => (s.value === "" ? undefined : f.options[Number(s.value)].value);
      wrap.append(s);
    } else if (f.type === "number") {
      const n = el("input", { type: "number", inputmode: "decimal", min: f.min, max: f.max, step: f.step });
      values[f.key] = () => (n.value === "" ? (f.optional ? undefined : NaN) : Number(n.value));
      wrap.append(n);
    } else if (f.type === "text") {
      const t = el("textarea", { maxlength: f.max, rows: 3 });
      values[f.key] = () => t.value;
      wrap.append(t);
    } else if (f.type === "flag") {
      const c = el("input", { type: "checkbox" });
      values[f.key] = () => c.checked;
      wrap.querySelector("label").prepend(c, " ");
    } else if (f.type === "dice") {
      const dice = [];
      for (let i = 0; i < f.count; i++) {
        dice.push(el("select", { "aria-label": `die ${i + 1}` },
          Array.from({ length: f.sides }, (_, v) => el("option", { value: String(v + 1) }, String(v + 1)))));
      }
      values[f.key] = () => dice.map((d) => Number(d.value));
      wrap.append(el("div", { class: "choices" }, dice));
    }
    return wrap;
  }

  function actionNode(a) {
    if (!a.kind) return el("div", { class: "action" }, el("strong", {}, a.label), el("p", { class: "note" }, a.note));
    if (!a.fields.length) {
      const b = el("button", { type: "button", class: "act" }, a.label);
      b.addEventListener("click", () => send(a, {}));
      return a.note ? el("div", { class: "action" }, b, el("p", { class: "note" }, a.note)) : b;
    }
    const values = {};
    const box = el("div", { class: "action" }, el("strong", {}, a.label),
      a.note ? el("p", { class: "note" }, a.note) : null, a.fields.map((f) => field(f, values)));
    const go = el("button", { type: "button", class: "go" }, "Send");
    go.addEventListener("click", () => {
      const out = {};
      for (const [k, get] of Object.entries(values)) {
        const v = get();
        if (v !== undefined) out[k] = v;
      }
      send(a, out);
    });
    box.append(go);
    return box;
  }

  function onState(m) {
    render(m, m.seat);
    document.getElementById("seat-name").textContent = m.seat_name;
    document.title = `${m.seat_name}: Posthorn`;
    document.getElementById("hand-title").textContent = m.hand_words.title;
    cover.textContent = `Touch and hold to see ${m.hand_words.title.toLowerCase()}`;
    document.getElementById("hand").replaceChildren(...(m.hand.length ? m.hand.map((h) =>
      el("div", { class: "item" + (h.lit ? " lit" : "") }, el("div", { class: "title" }, h.title,
        h.lit ? el("span", { class: "badge" }, "may be played now") : null),
        h.text ? el("div", { class: "text" }, h.text) : null,
        h.note ? el("div", { class: "note" }, h.note) : null)) : [el("p", {}, m.hand_words.empty)]));
    const key = JSON.stringify(m.offers);
    if (key !== shownOffers) {  // an unchanged form keeps what is being typed into it
      shownOffers = key;
      const open = m.offers.filter((a) => !a.private).map(actionNode);
      const mine = m.offers.filter((a) => a.private).map(actionNode);
      document.getElementById("actions").replaceChildren(...open);
      document.getElementById("private-actions").replaceChildren(...mine);
    }
  }

  function showResult(ok, text, violations) {
    clearTimeout(resultTimer);
    result.hidden = false;
    result.className = "result" + (ok ? " ok" : "");
    result.replaceChildren(el("h3", {}, ok ? "Done" : "Not accepted"), el("p", {}, text),
      ...violations.map((v) => el("div", { class: "violation" },
        el("strong", {}, `${v.title}: ${v.reason}`), v.text ? el("p", { class: "rule" }, v.text) : null)));
    if (ok) resultTimer = setTimeout(() => { result.hidden = true; }, 4000);
  }

  function onReply(m) {
    if (m.type === "result") {
      if (m.ok) showResult(true, m.text, []);
      else if (m.violations) showResult(false, "The rules do not allow that:", m.violations);
      else showResult(false, m.error, []);
    } else if (m.type === "error") {
      showResult(false, m.error, []);
    }
  }
})();

"use strict";
// What the seat page and the board page share: the connection (with reconnecting), and the
// parts every game shows: whose turn, the phase, what is owed, the latest announcement, the log.
// Nothing is kept here between messages: every message carries the whole view.
const Posthorn = (() => {
  const token = location.pathname.split("/").pop();

  function el(tag, props, ...kids) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const kid of kids.flat()) {
      if (kid === null || kid === undefined) continue;
      node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return node;
  }

  function status(text, live) {
    const conn = document.getElementById("conn");
    conn.textContent = text;
    conn.className = "conn " + (live ? "live" : "down");
  }

  function dead(text) {
    status("closed", false);
    const main = document.querySelector("main");
    main.replaceChildren(el("p", { class: "dead", role: "alert" }, text));
  }

  // Close codes the server uses: 4403 the link opens nothing (re-issued), 4410 the game closed.
  function connect(onState, onOther) {
    let ws = null;
    let delay = 500;
    let version = -1;
    function open() {
      ws = new WebSocket(`ws://${location.host}/ws/${token}`);
      ws.onopen = () => { delay = 500; status("connected", true); };
      ws.onmessage = (ev) => {
        let m;
        try { m = JSON.parse(ev.data); } catch (e) { return; }
        if (m.type === "state") {
          if (m.version < version) return;  // a late copy of an older state
          version = m.version;
          onState(m);
        } else {
          onOther(m);
        }
      };
      ws.onclose = (ev) => {
        if (ev.code === 4403) return dead("This link no longer works. Ask the laptop for this seat's new code.");
        if (ev.code === 4410) return dead("The game was closed on the laptop.");
        status("reconnecting\u2026", false);
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 8000);
      };
    }
    open();
    return {
      send(obj) {
        if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(obj)); return true; }
        return false;
      },
    };
  }

  function render(m, seat) {
    document.getElementById("game").textContent = m.title;
    document.getElementById("whose").textContent = m.headline.whose;
    document.getElementById("phase").textContent = m.headline.phase;
    document.getElementById("announce").textContent = m.announcement;
    const names = Object.fromEntries(m.view.seats.map((s) => [s.id, s.name]));
    const steps = m.view.steps.map((s) => el("li", { class: seat && s.who === seat ? "mine" : "" },
      s.text, el("span", { class: "who" },
        s.who ? (s.who === seat ? "you" : names[s.who] || s.who) : "anyone at the table",
        s.required ? "" : " (may)")));
    document.getElementById("steps").replaceChildren(...(steps.length ? steps : [el("li", {}, "Nothing")]));
    document.getElementById("log").replaceChildren(
      ...m.log.map((line) => el("li", { value: line.number },
        (line.event === "undo" ? "Undone: " : line.event === "redo" ? "Redone: " : "") + line.text)));
  }

  return { el, connect, render };
})();

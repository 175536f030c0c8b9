"use strict";
// The board view: the public state in large type, for a tablet or a TV. Read-only.
(() => {
  const { el, connect, render } = Posthorn;
  connect((m) => {
    render(m, null);
    document.getElementById("facts").replaceChildren(
      ...m.facts.flatMap((f) => [el("dt", {}, f.label), el("dd", {}, f.value)]));
  }, () => {});
})();

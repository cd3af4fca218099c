// Home page: start a game with the options chosen in its form.
"use strict";

document.querySelectorAll("form.start").forEach((form) => {
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!Tableside.isPlayer()) { Tableside.askPin(); return; }
    const options = {};
    for (const [key, value] of new FormData(form).entries()) {
      options[key] = /^-?\d+$/.test(value) ? Number(value) : value;
    }
    const game = form.dataset.game;
    Tableside.toast(`Starting ${game}… reading the table.`);
    const res = await Tableside.post("/api/start", { game, options });
    if (res.ok) window.location.href = `/play/${game}`;
  });
});

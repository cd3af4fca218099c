// Tableside: the shared part of every page. Live GameView over Server-Sent Events, POST helpers,
// the PIN dialog, the problem banner and the (virtual) buttons and LEDs.
"use strict";

const Tableside = (() => {
  const renderers = [];
  let source = null;
  let latest = null;
  const $ = (id) => document.getElementById(id);

  function toast(text, bad = false) {
    const el = $("toast");
    el.textContent = text;
    el.className = bad ? "toast bad" : "toast";
    el.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { el.hidden = true; }, 4000);
  }

  function isPlayer() { return document.body.dataset.player === "yes"; }

  function setPlayer(yes) {
    document.body.dataset.player = yes ? "yes" : "no";
    $("pin-open").hidden = yes;
  }

  // What the player tried before the PIN was asked for: done once the PIN is accepted, so a
  // tap is never lost to the question.
  let pending = null;

  function askPin(then = null) {
    pending = then;
    $("pin-error").hidden = true;
    $("pin-input").value = "";
    $("pin-dialog").showModal();
    $("pin-input").focus();
  }

  async function post(url, body = {}) {
    let res;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (err) {
      toast("The table cannot be reached. Check the Wi-Fi.", true);
      return { ok: false, reason: "offline" };
    }
    let data = {};
    try { data = await res.json(); } catch (err) { data = { ok: res.ok }; }
    if (res.status === 403 && url !== "/api/pin") {
      setPlayer(false);
      askPin();
    }
    if (!data.ok && data.reason) toast(data.reason, true);
    return data;
  }

  function act(kind, player, data = {}) {
    return post("/api/action", { kind, player, data });
  }

  function renderProblem(view) {
    const el = $("problem");
    el.hidden = !view.problem;
    el.textContent = view.problem || "";
  }

  function renderHardware(view) {
    const box = $("hardware");
    const leds = view.leds;
    if (!leds) { box.hidden = true; return; }
    box.hidden = false;
    const names = view.seat_names || leds.seats.map((_, i) => `Seat ${i + 1}`);
    const parts = leds.seats.map((on, i) =>
      `<span class="led ${on ? "on" : ""}" data-seat="${i}" title="${names[i] || ""}"></span>` +
      `<span class="led-label">${names[i] || i + 1}</span>`);
    parts.push(`<span class="led status ${leds.status}" id="led-status"></span>` +
               `<span class="led-label">status: ${leds.status}</span>`);
    $("leds").innerHTML = parts.join("");
    box.querySelector(".buttons").hidden = !view.virtual_buttons;
  }

  function connect() {
    if (source) source.close();
    source = new EventSource("/api/stream");
    source.addEventListener("view", (ev) => {
      latest = JSON.parse(ev.data);
      $("conn").textContent = "live";
      $("conn").className = "conn live";
      renderProblem(latest);
      renderHardware(latest);
      for (const fn of renderers) fn(latest);
    });
    source.onerror = () => {
      $("conn").textContent = "reconnecting…";
      $("conn").className = "conn";
    };
  }

  function onView(fn) {
    renderers.push(fn);
    if (latest) fn(latest);
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("pin-open").addEventListener("click", () => askPin());
    $("pin-dialog").addEventListener("close", () => {
      if (!isPlayer()) pending = null;
    });
    $("pin-form").addEventListener("submit", async (ev) => {
      if (ev.submitter && ev.submitter.value === "cancel") return;
      ev.preventDefault();
      const res = await post("/api/pin", { pin: $("pin-input").value });
      if (res.ok) {
        setPlayer(true);
        $("pin-dialog").close();
        toast("You can now play at this table.");
        const next = pending;
        pending = null;
        if (next) next();
      } else {
        $("pin-error").textContent = res.reason || "Wrong PIN.";
        $("pin-error").hidden = false;
      }
    });
    $("btn-end-turn").addEventListener("click", () => post("/api/button/end_turn"));
    $("btn-undo").addEventListener("click", () => post("/api/button/undo"));
    connect();
    // iOS and Android stop background connections: reconnect when the page is shown again.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" &&
          (!source || source.readyState === EventSource.CLOSED)) connect();
    });
  });

  return { onView, post, act, toast, isPlayer, askPin, get view() { return latest; } };
})();

// The Castle Croquetnole page: draws the GameView and reports what happened on the table by hand.
// Every button posts one of the view's legal actions (view.legal) or an observed event built from
// the view's report lists (coins, gates and doors, towers), exactly as the camera would send it.
// With a camera watching (view.extras.camera), the camera reports instead of the hand-report card:
// the page shows the annotated picture, the last flick's path (extras.flick_path) over the table
// drawing, the croquet choice as an alert, and at set-up the layout the camera read
// (extras.layout) for a player to confirm (a new start with that layout), to correct (whose each
// castle is) or to have read again.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const SVG_NS = "http://www.w3.org/2000/svg";
  // Guards lie value side up: Moons' guard is the Ace, then 2, 3, 4 (RULINGS).
  const GUARD_FACE = { moons: "A", suns: "2", crowns: "3", arms: "4" };
  const STEP_SHORT = { "gate in": "in", door: "door", tower: "tower", "gate out": "out" };

  // "suns-guard" -> "Suns guard"; "suns" -> "Suns"
  const words = (name) => {
    const [head, rest] = name.split(/-(.*)/s);
    return rest ? `${cap(head)} ${rest}` : cap(head);
  };
  const owner = (name) => name.split("-")[0];
  const role = (name) => name.split("-")[1];
  const kindOf = (feature) => feature.split("-")[1];
  // "suns-gate in" -> "the Suns gate (in)"
  const stepWords = (step) => {
    const [name, dir] = step.split(" ");
    return `the ${words(owner(name))} ${kindOf(name)}${dir ? ` (${dir})` : ""}`;
  };
  const place = (loc) => (loc === "wasteland" ? "the Wasteland" : words(loc));

  // What the reporter has picked so far in this flick: the coin, then what happened; and where
  // coins stopped, tapped on the table drawing (sent with "Everything stopped").
  const pick = { coin: null, what: null, flickOf: null, stopped: {} };

  function legal(view, kind) {
    return (view.legal || []).filter((a) => a.kind === kind);
  }

  function castlesPresent(st) {
    return st.castles.map((c) => c.name);
  }

  // The knight's whole course under this match's options (as the engine's course.full_course).
  function fullCourse(st, own, options) {
    const among = (options && options.course === "players") ? st.players : castlesPresent(st);
    const order = st.castle_order.filter((c) => among.includes(c) || c === own);
    const i = order.indexOf(own);
    const steps = [`${own}-gate out`];
    for (const c of [...order.slice(i + 1), ...order.slice(0, i)]) {
      steps.push(`${c}-gate in`, `${c}-door`, `${c}-tower`, `${c}-gate out`);
    }
    steps.push(`${own}-gate in`, `${own}-tower`);
    return steps;
  }

  // Done steps are those of the whole course before the part still to go (a released knight
  // may have to redo a castle: those steps are both done and to do again).
  function courseParts(full, remaining) {
    let k = 0;
    while (k < full.length && k < remaining.length &&
           full[full.length - 1 - k] === remaining[remaining.length - 1 - k]) k++;
    return { done: full.slice(0, full.length - k), todo: remaining };
  }

  async function send(action) {
    if (!Tableside.isPlayer()) { Tableside.askPin(); return { ok: false }; }
    return Tableside.act(action.kind, action.player, action.data);
  }

  // -- the table drawing -------------------------------------------------------------------------

  function svg(tag, attrs, text) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function tileCorners(t, size) {
    const a = (t.angle_deg * Math.PI) / 180;
    const u = [Math.cos(a), Math.sin(a)];
    const v = [-Math.sin(a), Math.cos(a)];
    const h = size / 2;
    return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([su, sv]) =>
      [t.center[0] + (su * u[0] + sv * v[0]) * h, t.center[1] + (su * u[1] + sv * v[1]) * h]);
  }

  function corridorCorners(c) {
    return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([sw, sd]) => [
      c.center[0] + sw * c.along[0] * c.half_width + sd * c.inward[0] * c.half_depth,
      c.center[1] + sw * c.along[1] * c.half_width + sd * c.inward[1] * c.half_depth,
    ]);
  }

  const points = (pts) => pts.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(" ");

  // The part of the table worth drawing: the tiles, every known coin and target, with a margin.
  function viewBox(st) {
    const tile = st.sizes.tile_mm;
    const xs = [];
    const ys = [];
    const add = (p) => { if (p) { xs.push(p[0]); ys.push(p[1]); } };
    st.layout.tiles.forEach((t) => tileCorners(t, tile).forEach(add));
    st.castles.forEach((c) => [c.knight, c.guard].forEach((coin) => coin && add(coin.position)));
    st.placements.forEach((p) => add(p.target));
    const [w, h] = st.layout.table;
    const m = tile;
    const x0 = Math.max(0, Math.min(...xs) - m);
    const y0 = Math.max(0, Math.min(...ys) - m);
    const x1 = Math.min(w, Math.max(...xs) + m);
    const y1 = Math.min(h, Math.max(...ys) + m);
    return [x0, y0, x1 - x0, y1 - y0];
  }

  // The last flick's paths as the camera followed them (table mm), the flicked coin's bold.
  function drawPath(map, extras) {
    const last = extras && extras.flick_path;
    if (!last) return;
    for (const [coin, pts] of Object.entries(last.paths)) {
      const cls = `cq-path c-${owner(coin)}${coin === last.coin ? " flicked" : ""}`;
      map.append(svg("polyline", { points: points(pts), class: cls, "data-coin": coin }));
      map.append(svg("circle", { cx: pts[0][0], cy: pts[0][1], r: 3, class: `cq-path-start c-${owner(coin)}` }));
    }
  }

  function drawMap(st, extras) {
    const map = $("map");
    const tile = st.sizes.tile_mm;
    const r = st.sizes.coin_mm / 2;
    map.replaceChildren();
    map.setAttribute("viewBox", viewBox(st).map((n) => n.toFixed(1)).join(" "));
    const [w, h] = st.layout.table;
    map.append(svg("rect", { x: 0, y: 0, width: w, height: h, class: "cq-felt" }));
    for (const c of st.castles) {
      map.append(svg("polygon", { points: points(corridorCorners(c.gate)), class: `cq-gate c-${c.name}` }));
      map.append(svg("polygon", { points: points(corridorCorners(c.door)), class: `cq-door c-${c.name}` }));
    }
    const towers = new Map(Object.entries(st.layout.castles).map(([name, ct]) => [ct.tower, name]));
    st.layout.tiles.forEach((t, i) => {
      const castle = towers.get(i);
      map.append(svg("polygon", {
        points: points(tileCorners(t, tile)),
        class: castle ? `cq-tower c-${castle}` : "cq-tile",
        "data-tile": i,
      }));
      if (castle) {
        map.append(svg("text", { x: t.center[0], y: t.center[1] + 7, class: "cq-tower-label" },
          words(castle).charAt(0)));
      }
    });
    drawPath(map, extras);
    st.placements.forEach((p, i) => {
      map.append(svg("circle", { cx: p.target[0], cy: p.target[1], r: Math.max(r, p.tolerance_mm), class: "cq-target" }));
      map.append(svg("text", { x: p.target[0], y: p.target[1] - p.tolerance_mm - 3, class: "cq-target-label" }, i + 1));
    });
    const playing = st.in_play ? st.in_play.coin : null;
    for (const c of st.castles) {
      for (const coin of [c.knight, c.guard]) {
        if (!coin || !coin.position) continue;
        const [x, y] = coin.position;
        const cls = `cq-coin ${role(coin.coin)} c-${c.name}${coin.coin === playing ? " in-play" : ""}`;
        const g = svg("g", { class: cls, "data-coin": coin.coin });
        g.append(svg("circle", { cx: x, cy: y, r }));
        g.append(svg("text", { x, y: y + 4.5 }, role(coin.coin) === "knight" ? "K" : GUARD_FACE[c.name]));
        map.append(g);
      }
    }
    for (const [coin, [x, y]] of Object.entries(pick.stopped)) {
      const g = svg("g", { class: `cq-stopped c-${owner(coin)}`, "data-coin": coin });
      g.append(svg("circle", { cx: x, cy: y, r }));
      g.append(svg("text", { x, y: y + 4.5 }, role(coin) === "knight" ? "K" : GUARD_FACE[owner(coin)]));
      map.append(g);
    }
  }

  // A tap on the drawing in table millimetres.
  function tablepoint(ev) {
    const map = $("map");
    const pt = map.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    const p = pt.matrixTransform(map.getScreenCTM().inverse());
    return [Math.round(p.x), Math.round(p.y)];
  }

  // -- what to do now -----------------------------------------------------------------------------

  function flickLabel(a, st) {
    const coin = a.data.coin;
    if (coin === st.in_play.coin) {
      const n = st.in_play.flicks_left;
      return `Flick the ${words(coin)}<small>${n} flick${n === 1 ? "" : "s"} left</small>`;
    }
    return `Flick the ${words(coin)}<small>ends the knight's part of the turn</small>`;
  }

  function drawNow(view) {
    const st = view.state;
    const parts = [];
    for (const a of legal(view, "flick")) {
      parts.push(`<button type="button" class="needs-pin primary cq-act" data-act="flick" data-coin="${esc(a.data.coin)}">${flickLabel(a, st)}</button>`);
    }
    for (const a of legal(view, "end_turn")) {
      const left = st.in_play && !st.in_play.flicking ? st.in_play.flicks_left : 0;
      const note = left > 0 ? `<small>gives up ${left} flick${left === 1 ? "" : "s"}</small>` : "";
      parts.push(`<button type="button" class="needs-pin cq-act" data-act="end_turn">End ${esc(words(st.turn))}' turn${note}</button>`);
    }
    $("now-buttons").innerHTML = parts.join("");
    $("undo").disabled = !view.actions;
  }

  function drawStatus(view) {
    const st = view.state;
    const win = $("winner");
    win.hidden = !st.winner;
    if (st.winner) {
      win.textContent = `${words(st.winner)} wins!`;
      $("status").textContent = `Game over after ${st.round} round${st.round === 1 ? "" : "s"}.`;
      return;
    }
    const n = st.in_play.flicks_left;
    let text = `Round ${st.round} · ${words(st.turn)} to play · ${words(st.in_play.coin)}: ` +
      `${n} flick${n === 1 ? "" : "s"} left`;
    if (st.in_play.flicking) text += " · flick under way";
    else if (st.croquet) text += " · choose a croquet";
    else if (st.placements.length) text += ` · ${st.placements.length} to put down`;
    $("status").textContent = text;
  }

  function drawPlacements(view) {
    const st = view.state;
    const due = new Set(legal(view, "place").map((a) => a.data.coin));
    $("place-box").hidden = st.placements.length === 0;
    $("placements").innerHTML = st.placements.map((p) =>
      `<li data-coin="${esc(p.coin)}"><div><span><span class="cq-dot ${role(p.coin)} c-${owner(p.coin)}"></span>` +
      `<b>${esc(words(p.coin))}</b> <small>${esc(p.why)} At (${p.target[0].toFixed(0)}, ${p.target[1].toFixed(0)}) mm.</small></span>` +
      (due.has(p.coin) ? `<button type="button" class="needs-pin small" data-act="place" data-coin="${esc(p.coin)}">Done</button>` : "") +
      "</div></li>").join("");
    $("place-all").hidden = due.size < 2;
  }

  const isLive = (view) => Boolean(view.extras && view.extras.camera);

  // At set-up: the layout the camera read, until a player confirms it.
  function drawLayout(view) {
    const lay = view.extras && view.extras.layout;
    $("layout-box").hidden = !lay || lay.confirmed;
    if (!lay) return;
    $("layout-text").textContent = `The camera read ${lay.tiles} tiles: the castles of ` +
      `${lay.castles.map(words).join(", ")} (the markers fit within ${lay.reprojection_mm} mm).`;
    if (!lay.confirmed && view.options && view.options.layout) drawOwners(view.options.layout);
  }

  // Where a castle's tower stands on the table drawing, in words ("top left").
  function towerPlace(layout, name) {
    const [x, y] = layout.tiles[layout.castles[name].tower].center;
    const [w, h] = layout.table;
    const across = x < w / 3 ? "left" : x > (2 * w) / 3 ? "right" : "";
    const down = y < h / 3 ? "top" : y > (2 * h) / 3 ? "bottom" : "";
    return [down, across].filter(Boolean).join(" ") || "middle";
  }

  // One choice of owner per castle read, drawn again only when the layout read changes (so a
  // choice being made survives the next GameView).
  let ownersFor = "";
  function drawOwners(layout) {
    const key = JSON.stringify(layout.castles);
    if (key === ownersFor) return;
    ownersFor = key;
    const names = Object.keys(layout.castles);
    $("layout-owners").innerHTML = names.map((name) =>
      `<label>The castle at the ${esc(towerPlace(layout, name))} is
        <select data-castle="${esc(name)}">${names.map((n) =>
          `<option value="${esc(n)}"${n === name ? " selected" : ""}>${esc(words(n))}</option>`).join("")}
        </select></label>`).join("");
  }

  // The layout read with its castles given the owners chosen, or null (and a toast) unless each
  // castle has a different owner.
  function renamedLayout() {
    const layout = Tableside.view && Tableside.view.options.layout;
    if (!layout) return null;
    const chosen = [...document.querySelectorAll("#layout-owners select")].map((sel) =>
      [sel.dataset.castle, sel.value]);
    if (new Set(chosen.map(([, owner]) => owner)).size !== chosen.length) {
      Tableside.toast("Each castle needs a different owner.");
      return null;
    }
    const castles = {};
    chosen.forEach(([read, owner]) => { castles[owner] = layout.castles[read]; });
    return { ...layout, castles };
  }

  function drawCamera(view) {
    const live = isLive(view);
    const lay = view.extras && view.extras.layout;
    const waiting = lay && !lay.confirmed ? " · waiting for the layout to be confirmed" : "";
    $("camera-status").textContent = live ? `Camera: ${view.extras.camera}${waiting}` : "";
  }

  function drawCroquet(view) {
    const st = view.state;
    const offered = legal(view, "croquet");
    const box = $("croquet-box");
    const wasHidden = box.hidden;
    box.hidden = !st.croquet || offered.length === 0;
    box.classList.toggle("cq-alert", isLive(view));
    if (wasHidden && !box.hidden && isLive(view)) box.scrollIntoView({ block: "nearest" });
    if (!st.croquet) return;
    const texts = new Map(st.croquet.kinds.map((k) => [k.kind, k.text]));
    $("croquet-text").textContent = `The ${words(st.croquet.coin)} hit its own guard, off duty: choose a croquet.`;
    $("croquet-choices").innerHTML = offered.map((a) =>
      `<button type="button" class="needs-pin" data-act="croquet" data-kind="${a.data.kind}">` +
      `<b>${a.data.kind}</b> · ${esc(texts.get(a.data.kind) || "")}</button>`).join("");
  }

  // -- reporting a flick by hand ------------------------------------------------------------------

  function coinState(st, name) {
    for (const c of st.castles) {
      if (c.knight && c.knight.coin === name) return c.knight;
      if (c.guard && c.guard.coin === name) return c.guard;
    }
    return null;
  }

  // The likeliest reports for the picked coin: its next course step, or a guard's own gate.
  function quickReports(st, name) {
    const coin = coinState(st, name);
    if (!coin) return [];
    const own = owner(name);
    if (role(name) === "knight") {
      if (!coin.next || coin.prisoner_of || coin.recovering) return [];
      const [feature, dir] = coin.next.split(" ");
      const event = kindOf(feature) === "tower"
        ? { kind: "hit", data: { coin: name, feature } }
        : { kind: "pass", data: { coin: name, feature, direction: dir || "in" } };
      const verb = kindOf(feature) === "tower" ? "Hit" : "Through";
      return [{ event, label: `${verb} ${stepWords(coin.next)}`, note: "its next step" }];
    }
    const out = [coin.on_duty
      ? { event: { kind: "pass", data: { coin: name, feature: `${own}-gate`, direction: "out" } },
          label: `Out through the ${words(own)} gate`, note: "goes off duty" }
      : { event: { kind: "pass", data: { coin: name, feature: `${own}-gate`, direction: "in" } },
          label: `In through the ${words(own)} gate`, note: "back on duty" }];
    const k = coinState(st, `${own}-knight`);
    if (k && k.prisoner_of) {
      out.push({ event: { kind: "hit", data: { coin: name, feature: `${k.prisoner_of}-tower` } },
        label: `Hit the ${words(k.prisoner_of)} tower`, note: "frees its knight if on duty" });
    }
    return out;
  }

  const WHAT = [
    ["gate-in", "Gate, inward"],
    ["gate-out", "Gate, outward"],
    ["door", "Door"],
    ["tower", "Tower"],
    ["strike", "Hit a coin"],
    ["off", "Off the table"],
  ];

  // Where a coin that left the table beside a castle fell: the table edge on that castle's side.
  function edgePoint(st, castle) {
    const [w, h] = st.layout.table;
    const c = [w / 2, h / 2];
    const t = st.castles.find((x) => x.name === castle).tower;
    const d = [t[0] - c[0], t[1] - c[1]];
    const k = Math.min(Math.abs(d[0]) > 1e-9 ? (w / 2) / Math.abs(d[0]) : Infinity,
      Math.abs(d[1]) > 1e-9 ? (h / 2) / Math.abs(d[1]) : Infinity);
    return [Math.round(c[0] + d[0] * k), Math.round(c[1] + d[1] * k)];
  }

  // The third tap: the choices for what happened, each a whole event.
  function whichChoices(st, name, what) {
    const present = castlesPresent(st);
    if (what === "strike") {
      return st.report.coins.filter((c) => c !== name).map((target) =>
        ({ label: words(target), cls: `${role(target)} c-${owner(target)}`, event: { kind: "strike", data: { coin: name, target } } }));
    }
    if (what === "off") {
      return present.map((c) => ({ label: `by ${words(c)}`, cls: `c-${c}`,
        event: { kind: "off_table", data: { coin: name, at: edgePoint(st, c) } } }));
    }
    if (what === "tower") {
      return st.report.towers.filter((f) => present.includes(owner(f))).map((feature) =>
        ({ label: words(owner(feature)), cls: `c-${owner(feature)}`, event: { kind: "hit", data: { coin: name, feature } } }));
    }
    const kind = what === "door" ? "door" : "gate";
    const direction = what === "gate-out" ? "out" : "in";
    return st.report.gates_doors.filter((f) => kindOf(f) === kind && present.includes(owner(f))).map((feature) =>
      ({ label: words(owner(feature)), cls: `c-${owner(feature)}`, event: { kind: "pass", data: { coin: name, feature, direction } } }));
  }

  let reportChoices = [];

  function drawReport(view) {
    const st = view.state;
    const rest = legal(view, "rest");
    const box = $("report-box");
    box.hidden = rest.length === 0;
    if (box.hidden) { pick.flickOf = null; pick.stopped = {}; return; }
    // A new flick (the box was hidden in between): start from the flicked coin.
    const flickKey = `${view.match_id}:${st.in_play.coin}`;
    if (pick.flickOf !== flickKey) {
      pick.flickOf = flickKey;
      pick.coin = st.in_play.coin;
      pick.what = null;
      pick.stopped = {};
    }
    if (!st.report.coins.includes(pick.coin)) pick.coin = st.report.coins[0];
    $("report-coins").innerHTML = st.report.coins.map((c) =>
      `<button type="button" class="cq-chip ${role(c)} c-${owner(c)}${c === pick.coin ? " picked" : ""}" data-pick-coin="${esc(c)}">${esc(words(c))}</button>`).join("");
    const quick = quickReports(st, pick.coin);
    const whats = WHAT.map(([what, label]) =>
      `<button type="button" class="cq-chip${what === pick.what ? " picked" : ""}" data-pick-what="${what}">${label}</button>`);
    $("report-what").innerHTML = whats.join("");
    const which = pick.what ? whichChoices(st, pick.coin, pick.what) : [];
    reportChoices = [...quick.map((q) => q.event), ...which.map((w) => w.event)];
    $("report-quick").innerHTML = quick.map((q, i) =>
      `<button type="button" class="needs-pin cq-quick" data-report="${i}">${esc(q.label)}<small>${esc(q.note)}</small></button>`).join("");
    $("report-which-step").hidden = !pick.what;
    $("report-which-label").textContent = pick.what === "strike" ? "Which coin" : pick.what === "off" ? "Where" : "Which castle";
    $("report-which").innerHTML = which.map((w, i) =>
      `<button type="button" class="needs-pin cq-chip ${w.cls}" data-report="${quick.length + i}">${esc(w.label)}</button>`).join("");
  }

  // -- castles -------------------------------------------------------------------------------------

  function knightLine(k) {
    if (k.prisoner_of) return `a prisoner on the ${words(k.prisoner_of)} tower`;
    if (k.recovering) return "recovering on its own tower until its next turn";
    if (!k.position) return `in ${place(k.location)}, not on the table yet`;
    return `in ${place(k.location)}`;
  }

  function courseHtml(st, c, options) {
    const parts = courseParts(fullCourse(st, c.name, options), c.knight.course);
    const seg = (step, cls) => `<span class="cq-seg ${cls} c-${owner(step.split(" ")[0])}" title="${esc(stepWords(step))}"></span>`;
    const chip = (step, cls) => {
      const [feature, dir] = step.split(" ");
      const short = STEP_SHORT[dir ? `${kindOf(feature)} ${dir}` : kindOf(feature)];
      return `<li class="cq-step-chip ${cls} c-${owner(feature)}" title="${esc(stepWords(step))}">${words(owner(feature)).charAt(0)} ${short}</li>`;
    };
    const cls = (i) => (i === 0 ? "next" : "todo");
    const bar = parts.done.map((s) => seg(s, "done")).join("") + parts.todo.map((s, i) => seg(s, cls(i))).join("");
    const chips = parts.done.map((s) => chip(s, "done")).join("") + parts.todo.map((s, i) => chip(s, cls(i))).join("");
    const next = c.knight.next_text ? `next: ${esc(c.knight.next_text)}` : "course complete";
    return `<div class="cq-bar">${bar}</div>` +
      `<details class="cq-course"><summary>${parts.done.length} done · ${next} · ${parts.todo.length} to go</summary>` +
      `<ol class="cq-course-steps">${chips}</ol></details>`;
  }

  function drawCastles(view) {
    const st = view.state;
    $("castles").innerHTML = st.castles.map((c) => {
      const head = `<span class="cq-dot knight c-${c.name}"></span>${esc(words(c.name))}` +
        ` <small class="muted">seat ${c.seat + 1}</small>`;
      if (!c.playing) return `<div class="cq-castle idle" data-castle="${c.name}"><h3>${head} <small>not playing</small></h3></div>`;
      const turn = st.turn === c.name && !st.winner;
      const guardLine = c.guard.on_duty ? "on duty" : `off duty, in ${place(c.guard.location)}`;
      const held = c.prisoners.length ? `<p class="cq-held">Holds prisoner: ${c.prisoners.map((p) => esc(words(p))).join(", ")}</p>` : "";
      return `<div class="cq-castle${turn ? " turn" : ""}${st.winner === c.name ? " won" : ""}" data-castle="${c.name}">` +
        `<h3>${head}${turn ? ' <span class="pill">to play</span>' : ""}${st.winner === c.name ? ' <span class="pill">winner</span>' : ""}</h3>` +
        `<p class="cq-knight">Knight: ${esc(knightLine(c.knight))}</p>` +
        courseHtml(st, c, view.options) +
        `<p class="cq-guard">Guard (${GUARD_FACE[c.name]}): ${esc(guardLine)}</p>${held}</div>`;
    }).join("");
  }

  // -- corrections ---------------------------------------------------------------------------------

  function fillSelect(sel, options) {
    const before = sel.value;
    sel.innerHTML = options.map(([value, text]) => `<option value="${esc(value)}">${esc(text)}</option>`).join("");
    if (options.some(([value]) => value === before)) sel.value = before;
  }

  function drawCorrections(view) {
    const st = view.state;
    fillSelect($("fix-coin"), st.report.coins.map((c) => [c, words(c)]));
    const coin = $("fix-coin").value;
    const present = castlesPresent(st);
    fillSelect($("fix-location"), [...present.map((c) => [c, words(c)]), ["wasteland", "the Wasteland"]]);
    const isKnight = role(coin) === "knight";
    document.querySelectorAll("#correct-box .knight-only").forEach((el) => { el.hidden = !isKnight; });
    if (isKnight) {
      fillSelect($("fix-prison"), [["", "free"], ...present.filter((c) => c !== owner(coin)).map((c) => [c, `in ${words(c)}`])]);
      fillSelect($("fix-next"), fullCourse(st, owner(coin), view.options).map((s) => [s, stepWords(s)]));
    }
    if (document.activeElement !== $("fix-flicks") && st.in_play) $("fix-flicks").value = st.in_play.flicks_left;
  }

  function correction(fix) {
    const coin = $("fix-coin").value;
    if (fix === "flicks") return { flicks: Number($("fix-flicks").value) };
    if (fix === "location") return { coin, location: $("fix-location").value };
    if (fix === "prisoner_of") return { coin, prisoner_of: $("fix-prison").value || null };
    if (fix === "next") return { coin, next: $("fix-next").value };
    return { coin, cancel: true };
  }

  // -- the whole page ------------------------------------------------------------------------------

  Tableside.onView((view) => {
    if (view.game !== "croquetnole" || !view.state) {
      $("status").textContent = "No Castle Croquetnole game is running. Start one on the home page.";
      return;
    }
    drawStatus(view);
    drawNow(view);
    drawPlacements(view);
    drawLayout(view);
    drawCamera(view);
    drawCroquet(view);
    drawReport(view);
    if (isLive(view)) $("report-box").hidden = true;
    drawMap(view.state, view.extras);
    drawCastles(view);
    drawCorrections(view);
    $("events").innerHTML = view.events.slice().reverse().map((e) =>
      `<li data-kind="${esc(e.kind)}">${esc(e.text)}</li>`).join("");
    if (!$("camera-box").hidden) $("snapshot").src = `/camera/snapshot.jpg?v=${view.version}`;
  });

  // The camera card shows only when a camera picture exists (a table refereed by hand has none).
  const snapshot = $("snapshot");
  snapshot.addEventListener("load", () => { $("camera-box").hidden = false; });
  snapshot.addEventListener("error", () => { $("camera-box").hidden = true; });
  const trySnapshot = () => { snapshot.src = `/camera/snapshot.jpg?t=${Date.now()}`; };
  trySnapshot();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") trySnapshot();
  });
  // While the camera watches, the picture also changes between rulings (coins sliding).
  setInterval(() => {
    const view = Tableside.view;
    if (view && isLive(view) && document.visibilityState === "visible") trySnapshot();
  }, 1000);

  // The layout at set-up: confirming starts the game again with it in the options (the camera
  // then referees); reading again starts without one.
  async function startWith(layout) {
    const view = Tableside.view;
    if (!view || !view.options) return;
    if (!Tableside.isPlayer()) { Tableside.askPin(); return; }
    const options = { ...view.options };
    if (layout) options.layout = layout; else delete options.layout;
    const res = await Tableside.post("/api/start", { game: "croquetnole", options });
    if (res.ok) Tableside.toast(layout ? "Layout confirmed: play!" : "Reading the table again…");
  }
  $("layout-ok").addEventListener("click", () => startWith(Tableside.view && Tableside.view.options.layout));
  $("layout-again").addEventListener("click", () => startWith(null));
  $("layout-rename").addEventListener("click", () => {
    const layout = renamedLayout();
    if (layout) startWith(layout);
  });

  function legalOne(kind, test = () => true) {
    const view = Tableside.view;
    return view ? legal(view, kind).find(test) : undefined;
  }

  document.addEventListener("click", async (ev) => {
    const view = Tableside.view;
    if (!view || !view.state || view.game !== "croquetnole") return;
    const el = ev.target.closest("button");
    if (!el) return;
    if (el.dataset.pickCoin) {
      pick.coin = el.dataset.pickCoin;
      pick.what = null;
      drawReport(view);
      return;
    }
    if (el.dataset.pickWhat) {
      pick.what = pick.what === el.dataset.pickWhat ? null : el.dataset.pickWhat;
      drawReport(view);
      if (pick.what) $("report-which-step").scrollIntoView({ block: "nearest" });
      return;
    }
    if (el.dataset.report !== undefined) {
      const event = reportChoices[Number(el.dataset.report)];
      pick.what = null;
      if (event) await send({ kind: event.kind, player: null, data: event.data });
      return;
    }
    const act = el.dataset.act;
    if (act) {
      const action = legalOne(act, (a) =>
        (el.dataset.coin === undefined || a.data.coin === el.dataset.coin) &&
        (el.dataset.kind === undefined || a.data.kind === Number(el.dataset.kind)));
      if (action) await send(action);
      return;
    }
    if (el.dataset.fix) {
      await send({ kind: "correct", player: null, data: correction(el.dataset.fix) });
      return;
    }
    if (el.id === "rest") {
      const action = legalOne("rest");
      if (action) await send({ ...action, data: { positions: { ...pick.stopped } } });
    } else if (el.id === "place-all") {
      for (const action of legal(view, "place")) {
        const res = await send(action);
        if (!res.ok) break;
      }
    } else if (el.id === "undo") {
      if (!Tableside.isPlayer()) { Tableside.askPin(); return; }
      const res = await Tableside.post("/api/undo");
      if (res.ok) Tableside.toast("Undone. Put the coins back as the table shows.");
    }
  });

  // While a flick is reported, tapping the drawing tells where the picked coin stopped.
  $("map").addEventListener("click", (ev) => {
    const view = Tableside.view;
    if (!view || view.game !== "croquetnole" || $("report-box").hidden || !pick.coin) return;
    const at = tablepoint(ev);
    pick.stopped[pick.coin] = at;
    drawMap(view.state, view.extras);
    Tableside.toast(`The ${words(pick.coin)} stopped at (${at[0]}, ${at[1]}) mm.`);
  });

  $("fix-coin").addEventListener("change", () => { if (Tableside.view) drawCorrections(Tableside.view); });
})();

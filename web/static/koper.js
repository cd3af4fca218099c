// The Koper page: draws the GameView sent by the table and offers the legal choices.
"use strict";

(() => {
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
  const squareName = (r, c) => "abcdefgh"[c] + (r + 1);
  const colorName = (seat, st) => st.seats[seat].color;
  const RANKS = "A23456789TJQK";
  const cardText = (card) => `${card[0] === "T" ? "10" : card[0]}${SUITS[card[1]]}`;
  let fixing = null; // the cell being named: {row, col, card, choices, tapped (not marked)}
  const FIX_TEXT = $("fix-text").innerHTML;

  function unsureCards(view) {
    return (view.extras && view.extras.unsure_cards) || [];
  }

  function drawBoard(st, unsure) {
    const at = new Map(st.checkers.map((k) => [`${k.row},${k.col}`, k]));
    const marked = new Set(unsure.map((u) => `${u.row},${u.col}`));
    const cells = [];
    const removing = st.to_remove;
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        const card = st.cells[r][c];
        const k = at.get(`${r},${c}`);
        const cls = ["kcell"];
        let face = "";
        if (card) {
          const rank = card[0] === "T" ? "10" : card[0];
          face = `${rank}${SUITS[card[1]]}`;
          cls.push("HD".includes(card[1]) ? "red" : "black");
        } else {
          cls.push("empty");
        }
        if (k && removing !== null && k.seat === removing) cls.push("removable");
        const doubt = marked.has(`${r},${c}`);
        if (doubt) cls.push("unsure");
        if (fixing && fixing.row === r && fixing.col === c) cls.push("chosen");
        const badge = doubt ? '<span class="unsure-badge" aria-label="not sure">?</span>' : "";
        const piece = k ? `<span class="checker ${k.color}" data-seat="${k.seat}"></span>` : "";
        cells.push(`<div class="${cls.join(" ")}" data-square="${squareName(r, c)}" data-row="${r}" data-col="${c}"` +
          ` data-card="${card || ""}" data-checker="${k ? k.color : ""}">${face}${badge}${piece}` +
          `<span class="name">${squareName(r, c)}</span></div>`);
      }
    }
    $("board").innerHTML = cells.join("");
  }

  function drawFix(view) {
    const unsure = unsureCards(view);
    const marked = (f) => unsure.some((u) => u.row === f.row && u.col === f.col);
    // A marked card stays open until it is named; any other card the players tapped to put
    // right (the camera can be sure and wrong) until they name it or tap elsewhere.
    if (fixing && !fixing.tapped && !marked(fixing)) fixing = null;
    $("fix-box").hidden = unsure.length === 0 && fixing === null;
    const open = fixing !== null;
    $("fix-choices").hidden = !open;
    $("fix-other-label").hidden = !open;
    $("fix-all").hidden = open || unsure.length === 0;
    if (!open) {
      $("fix-title").textContent = `Check the marked cards (${unsure.length})`;
      $("fix-text").innerHTML = FIX_TEXT;
      return;
    }
    const name = squareName(fixing.row, fixing.col);
    $("fix-title").textContent = `Which card is at ${name}?`;
    $("fix-text").innerHTML = fixing.tapped
      ? `If the camera read ${name} wrong, name the card that lies there.`
      : FIX_TEXT;
    $("fix-choices").innerHTML = fixing.choices.map((card, i) =>
      `<button type="button" class="fix-card needs-pin ${"HD".includes(card[1]) ? "red" : "black"}"` +
      ` data-card="${esc(card)}">${cardText(card)}${i === 0 ? " (as read)" : ""}</button>`).join("");
    const others = [];
    for (const suit of "SHDC") for (const rank of RANKS) others.push(rank + suit);
    $("fix-other").innerHTML = '<option value="">choose…</option>' + others
      .filter((card) => !fixing.choices.includes(card))
      .map((card) => `<option value="${card}">${cardText(card)}</option>`).join("");
  }

  async function name(card) {
    if (!fixing) return;
    if (!Tableside.isPlayer()) { Tableside.askPin(() => name(card)); return; }
    const at = [fixing.row, fixing.col];
    const res = await Tableside.post("/api/koper/card", { at, card: card === fixing.card ? null : card });
    if (res.ok) {
      Tableside.toast(`${squareName(at[0], at[1])} is ${cardText(card)}.`);
      fixing = null;
      const view = Tableside.view; // the new board may have come before this answer
      if (view && view.state) { drawBoard(view.state, unsureCards(view)); drawFix(view); }
    }
  }

  // The club's own deck, learnt from the boards played on: how much of it the camera has seen,
  // and once it has seen every card, a name to remember it by.
  function drawDeck(view) {
    const deck = view.extras && view.extras.deck;
    $("deck-box").hidden = !deck;
    if (!deck) return;
    const form = $("deck-form");
    if (deck.known) {
      $("deck-text").textContent = `Read as your deck “${deck.name}”, remembered from an earlier game.`;
      form.hidden = true;
    } else if (deck.remembered) {
      $("deck-text").textContent = `Remembered as “${deck.remembered}”: the camera reads it by that name from now on.`;
      form.hidden = true;
    } else if (deck.ready) {
      $("deck-text").textContent = "The camera has seen every card of this deck. Give it a name to read it surely next time.";
      form.hidden = false;
    } else {
      $("deck-text").textContent = `Learning your deck as you play: ${Math.round(100 * deck.seen)} % of it seen so far.`;
      form.hidden = true;
    }
  }

  function drawSeats(st) {
    const active = [st.to_move, st.to_announce, st.to_remove];
    $("seats").innerHTML = st.seats.map((s) =>
      `<li class="${active.includes(s.seat) ? "active" : ""}"><span class="swatch ${s.color}"></span>` +
      `Seat ${s.seat + 1} (${esc(s.color)}${s.builder ? ", built the board" : ""}): ${s.checkers} checkers,` +
      ` ${s.on_cards} on cards${s.used.length ? `; used: ${s.used.map(esc).join("; ")}` : ""}</li>`).join("");
  }

  function drawAnnounce(st) {
    const seat = st.to_announce;
    const box = $("announce-box");
    box.hidden = seat === null || seat === undefined;
    if (box.hidden) return;
    $("announce-title").textContent = `Seat ${seat + 1} (${colorName(seat, st)}) announces`;
    $("announce-choices").innerHTML = st.legal_announcements.map((h) =>
      `<button type="button" class="needs-pin announce" data-hand="${esc(h)}">${esc(h)}</button>`).join("");
  }

  function drawRemove(st) {
    const seat = st.to_remove;
    $("remove-box").hidden = seat === null || seat === undefined;
    if (seat !== null && seat !== undefined) {
      $("remove-text").textContent = `Seat ${seat + 1} (${colorName(seat, st)}) lost the announcement and removes one of their checkers.`;
    }
  }

  function drawLogs(view) {
    const st = view.state;
    $("moves").innerHTML = st.moves.map((m) => `<li>${esc(m)}</li>`).join("");
    $("announcements").innerHTML = st.announcements.map((a) =>
      `<li>Turn ${a.turn}: ${a.calls.map((c) => `${esc(c.color)}: ${esc(c.hand || c.reason || "")}`).join("; ")}` +
      `${a.result ? ` → ${esc(a.result)}` : ""}</li>`).join("");
    $("events").innerHTML = view.events.slice().reverse().map((e) => `<li>${esc(e.text)}</li>`).join("");
  }

  Tableside.onView((view) => {
    if (view.game !== "koper" || !view.state) {
      $("status").textContent = "No Koper game is running. Start one on the home page.";
      return;
    }
    const st = view.state;
    $("status").textContent = st.status;
    drawBoard(st, unsureCards(view));
    drawFix(view);
    drawDeck(view);
    drawSeats(st);
    drawAnnounce(st);
    drawRemove(st);
    drawLogs(view);
    $("snapshot").src = `/camera/snapshot.jpg?v=${view.version}`;
  });

  document.addEventListener("click", async (ev) => {
    const view = Tableside.view;
    if (!view || !view.state) return;
    const st = view.state;
    const hand = ev.target.closest("button.announce");
    if (hand) {
      if (!Tableside.isPlayer()) { Tableside.askPin(); return; }
      const res = await Tableside.act("announce", st.to_announce, { hand: hand.dataset.hand });
      if (res.ok) Tableside.toast(`Announced: ${hand.dataset.hand}`);
      return;
    }
    const mark = ev.target.closest(".kcell.unsure");
    if (mark) {
      const row = Number(mark.dataset.row), col = Number(mark.dataset.col);
      fixing = unsureCards(view).find((u) => u.row === row && u.col === col) || null;
      drawBoard(st, unsureCards(view));
      drawFix(view);
      return;
    }
    const fix = ev.target.closest("button.fix-card");
    if (fix && fixing) {
      await name(fix.dataset.card);
      return;
    }
    const cell = ev.target.closest(".kcell.removable");
    if (cell) {
      if (!Tableside.isPlayer()) { Tableside.askPin(); return; }
      await Tableside.act("remove", st.to_remove, { at: [Number(cell.dataset.row), Number(cell.dataset.col)] });
      return;
    }
    const card = ev.target.closest(".kcell[data-card]:not([data-card=''])");
    if (card) {
      // A card read sure but wrong is put right the same way as a marked one.
      const row = Number(card.dataset.row), col = Number(card.dataset.col);
      fixing = { row, col, card: card.dataset.card, choices: [card.dataset.card], tapped: true };
      drawBoard(st, unsureCards(view));
      drawFix(view);
      return;
    }
    if (ev.target.id === "fix-all") {
      // One look at the board as drawn answers for every marked card at once.
      if (!Tableside.isPlayer()) { Tableside.askPin(); return; }
      const res = await Tableside.post("/api/koper/marked", {});
      if (res.ok) Tableside.toast("Every marked card taken as read.");
      return;
    }
    if (ev.target.id === "undo") {
      if (!Tableside.isPlayer()) { Tableside.askPin(); return; }
      const res = await Tableside.post("/api/undo");
      if (res.ok) Tableside.toast("Undone. Put the pieces back as the board shows.");
    }
  });

  $("deck-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!Tableside.isPlayer()) { Tableside.askPin(); return; }
    const res = await Tableside.post("/api/koper/deck", { name: $("deck-name").value });
    if (res.ok) Tableside.toast(`Deck remembered as “${res.name}”.`);
  });

  $("fix-other").addEventListener("change", (ev) => {
    if (ev.target.value && fixing) name(ev.target.value);
  });

  // Phones freeze background images: refresh the snapshot when the page comes back.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") $("snapshot").src = `/camera/snapshot.jpg?t=${Date.now()}`;
  });
  $("snapshot").addEventListener("error", () => { $("snapshot").alt = "No camera picture yet."; });
})();

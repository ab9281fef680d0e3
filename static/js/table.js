// The table and replay pages' small enhancements. Everything works without this file:
// - when a new hand begins, the table (the felt) comes into view, with the last hand's summary
//   below it;
// - after the table refreshes (a move by anyone redraws the whole live part), keyboard focus
//   stays on the control it was on ("Read the rules", "Check a deal", "Leave the table", a
//   bid...), found again in the new table by its id or what it is (its name and value, its
//   link); when that control is gone (your card was played), it goes to your first possible
//   action when it is your turn, and otherwise to the nearest part of the table that is still
//   there (your step's panel, or the turn line), never back to the top of the page. The
//   last-trick and leave-the-table boxes keep their open/closed state;
// - the discard step counts the cards you have chosen;
// - keys: "L" opens or closes the last trick; on replays the left and right arrows step.
// (The live updates themselves: static/js/live.js.)
(function () {
  "use strict";
  const boxesOpen = {};  // details id -> open, kept from one drawing of the table to the next
  let handShown = null;
  let savedFocus = null;  // where keyboard focus was in the table just before it was redrawn
  const CONTROLS = "a[href], button, input, select, textarea, summary";

  function focusLost() {
    const active = document.activeElement;
    return !active || active === document.body || !document.contains(active);
  }

  // What makes a control the same control in the next drawing of the table: its id, or its
  // kind and what it does (name and value, link, label) counted within the nearest part of the
  // table with an id.
  function describeFocus(el, root) {
    const places = [];
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (p.id) places.push(p.id);
      if (p === root) break;
    }
    const saved = { el: el, places: places, control: el.matches(CONTROLS) };
    if (el.id) { saved.id = el.id; return saved; }
    let selector = el.tagName.toLowerCase();
    let named = false;
    for (const attr of ["name", "value", "href"]) {
      const value = el.getAttribute(attr);
      if (value !== null) { selector += `[${attr}="${CSS.escape(value)}"]`; named = true; }
    }
    const label = el.getAttribute("aria-label");
    if (!named && label !== null) selector += `[aria-label="${CSS.escape(label)}"]`;
    const scope = places.length ? document.getElementById(places[0]) : null;
    saved.selector = selector;
    saved.index = scope ? Array.from(scope.querySelectorAll(selector)).indexOf(el) : -1;
    return saved;
  }

  function sameAgain(saved) {
    if (saved.id) return document.getElementById(saved.id);
    const scope = saved.places.length ? document.getElementById(saved.places[0]) : null;
    if (!scope || saved.index < 0) return null;
    return scope.querySelectorAll(saved.selector)[saved.index] || null;
  }

  function focusOn(el, keepScroll) {
    if (!el || el.disabled) return false;
    if (!el.matches(CONTROLS) && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: keepScroll });
    return document.activeElement === el;
  }

  // The nearest part of the table that is still there: a panel (your step), a box's summary,
  // or, for the table as a whole, its turn line.
  function nearestPlace(saved, root) {
    for (const id of saved.places) {
      const place = document.getElementById(id);
      if (!place || !root.contains(place)) continue;
      if (place === root) return focusOn(root.querySelector("#turn-line"), true);
      if (place.tagName === "DETAILS") {
        if (focusOn(place.querySelector("summary"), true)) return true;
        continue;
      }
      if (place.tagName === "FORM") continue;
      if (focusOn(place, true)) return true;
    }
    return false;
  }

  function focusMyTurn(root, keepScroll) {
    if (!root || root.dataset.myTurn !== "1") return false;
    return focusOn(root.querySelector("[data-autofocus]:not([disabled])"), keepScroll);
  }

  function settleFocus(root, keepScroll) {
    const saved = savedFocus;
    savedFocus = null;
    if (!root) return;
    if (!saved || (document.contains(saved.el) && document.activeElement === saved.el)) {
      // Focus was not in the redrawn table (or it wasn't redrawn): only a lost focus moves.
      if (focusLost()) focusMyTurn(root, keepScroll);
      return;
    }
    const active = document.activeElement;
    if (!focusLost() && !root.contains(active)) return;  // the player has moved on meanwhile
    // The control the player was on, if it is still there; else their turn's first action;
    // else the nearest part of the table (a place focus was moved to stays there).
    if (saved.control && focusOn(sameAgain(saved), true)) return;
    if (focusMyTurn(root, keepScroll)) return;
    if (!saved.control && focusOn(sameAgain(saved), true)) return;
    nearestPlace(saved, root);
  }

  document.addEventListener("htmx:beforeSwap", (event) => {
    const live = document.getElementById("table-live");
    if (!live || event.detail.target !== live || event.detail.shouldSwap === false) return;
    const active = document.activeElement;
    if (active && active !== live && live.contains(active)) {
      savedFocus = describeFocus(active, live);
    }
    live.querySelectorAll("details[id]").forEach((box) => { boxesOpen[box.id] = box.open; });
  });

  function setUpDiscard(root) {
    const form = root && root.querySelector("[data-discard-form]");
    if (!form) return;
    const count = form.querySelector("[data-discard-count]");
    const update = () => {
      const chosen = form.querySelectorAll("input[name=discard]:checked").length;
      // The sentence comes from the page, translated: "{chosen} of 3 chosen".
      const words = (count && count.dataset.chosenText) || "{chosen} of 3 chosen";
      if (count) count.textContent = words.replace("{chosen}", String(chosen));
    };
    form.addEventListener("change", update);
    update();
  }

  function restoreBoxes(root) {
    if (!root) return;
    root.querySelectorAll("details[id]").forEach((box) => {
      if (box.id in boxesOpen) box.open = boxesOpen[box.id];
      box.addEventListener("toggle", () => { boxesOpen[box.id] = box.open; });
    });
  }

  function showNewHand(root) {
    const hand = root ? root.dataset.hand : null;
    const isNew = handShown !== null && hand !== handShown;
    handShown = hand;
    const felt = isNew && root.querySelector(".felt");
    if (!felt || felt.getBoundingClientRect().top >= 0) return false;
    felt.scrollIntoView({ block: "start" });
    return true;
  }

  function setUp(root) {
    setUpDiscard(root);
    restoreBoxes(root);
    const scrolled = showNewHand(root);
    settleFocus(root, scrolled);
  }

  document.addEventListener("DOMContentLoaded", () => setUp(document.getElementById("table-live")));
  document.addEventListener("htmx:afterSettle", (event) => {
    const live = document.getElementById("table-live");
    if (live && (event.target === live || live.contains(event.target) || event.target === document.body)) {
      setUp(live);
    }
  });

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (event.key === "l" || event.key === "L") {
      const box = document.getElementById("last-trick");
      if (box) { box.open = !box.open; boxesOpen[box.id] = box.open; event.preventDefault(); }
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const which = event.key === "ArrowLeft" ? "prev" : "next";
      const link = document.querySelector(`#replay [data-replay=${which}]:not([aria-disabled=true])`);
      if (link) { link.click(); event.preventDefault(); }
    }
  });
})();

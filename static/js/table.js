// The table and replay pages' small enhancements. Everything works without this file:
// - when a new hand begins, the table (the felt) comes into view, with the last hand's summary
//   below it;
// - after the table refreshes, keyboard focus goes to your first possible action when it is
//   your turn (instead of being lost with the replaced buttons), and the last-trick box keeps
//   its open/closed state;
// - the discard step counts the cards you have chosen;
// - keys: "L" opens or closes the last trick; on replays the left and right arrows step.
// (The live updates themselves: static/js/live.js.)
(function () {
  "use strict";
  let lastTrickOpen = false;
  let handShown = null;

  function focusMyTurn(root, keepScroll) {
    if (!root || root.dataset.myTurn !== "1") return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    const target = root.querySelector("[data-autofocus]:not([disabled])");
    if (target) target.focus({ preventScroll: keepScroll });
  }

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

  function restoreLastTrick(root) {
    const box = root && root.querySelector("#last-trick");
    if (!box) return;
    box.open = lastTrickOpen;
    box.addEventListener("toggle", () => { lastTrickOpen = box.open; });
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
    restoreLastTrick(root);
    const scrolled = showNewHand(root);
    focusMyTurn(root, scrolled);
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
      if (box) { box.open = !box.open; lastTrickOpen = box.open; event.preventDefault(); }
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const which = event.key === "ArrowLeft" ? "prev" : "next";
      const link = document.querySelector(`#replay [data-replay=${which}]:not([aria-disabled=true])`);
      if (link) { link.click(); event.preventDefault(); }
    }
  });
})();

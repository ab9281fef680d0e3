// Live pages (the table, tournament standings and brackets). The page's stream element
// ([sse-connect], htmx's SSE extension) makes its fragment (hx-trigger "sse:version") fetch itself
// when the thing changes; the event holds only a version number. This file adds:
// - no fetch for a version the fragment already shows ([data-version]: e.g. the answer to your
//   own action brought it), which would also wipe a message the action showed;
// - no older version over a newer one: an answer that left the server before a newer fragment
//   arrived (your own action's answer, overtaken by the fetch that another player's or a bot's
//   move caused) is not swapped in, or the page would show a past state and, with no further
//   event, stay on it;
// - the fallback: where the browser has no EventSource, or the stream fails three times running
//   without opening, the fragment's poller ([data-poll-trigger]) starts polling, and keeps
//   polling in each new fragment until the stream opens again.
(function () {
  "use strict";
  let failures = 0;
  let polling = false;

  function startPolling() {
    polling = true;
    if (!window.htmx) return;
    document.querySelectorAll("[data-poll-trigger]").forEach((poller) => {
      if (poller.dataset.polling) return;
      poller.dataset.polling = "1";
      poller.setAttribute("hx-trigger", poller.dataset.pollTrigger);
      window.htmx.process(poller);
    });
  }

  document.addEventListener("htmx:confirm", (event) => {
    const trigger = event.detail && event.detail.triggeringEvent;
    if (!trigger || trigger.type !== "sse:version") return;
    const shown = event.target.closest("[data-version]");
    const heard = Number(trigger.detail && trigger.detail.data);
    if (shown && heard && heard <= Number(shown.dataset.version)) event.preventDefault();
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    const target = event.detail.target;
    if (!target || !target.dataset || !target.dataset.version) return;
    const found = /\bdata-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (found && Number(found[1]) < Number(target.dataset.version)) {
      event.detail.shouldSwap = false;
    }
  });
  document.addEventListener("htmx:sseOpen", () => { failures = 0; polling = false; });
  document.addEventListener("htmx:sseError", () => {
    failures += 1;
    if (failures >= 3) startPolling();
  });
  document.addEventListener("DOMContentLoaded", () => {
    if (!("EventSource" in window)) startPolling();
  });
  document.addEventListener("htmx:afterSettle", () => { if (polling) startPolling(); });
})();

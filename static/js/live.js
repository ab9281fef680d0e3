// Live pages (the table, tournament standings and brackets). The page's stream element
// ([sse-connect], htmx's SSE extension) makes its fragment (hx-trigger "sse:version") fetch itself
// when the thing changes; the event holds only a version number. This file adds:
// - no fetch for a version the fragment already shows ([data-version]: e.g. the answer to your
//   own action brought it), which would also wipe a message the action showed;
// - no older version over a newer one: an answer that left the server before a newer fragment
//   arrived (your own action's answer, overtaken by the fetch that another player's or a bot's
//   move caused) is not swapped in, or the page would show a past state and, with no further
//   event, stay on it;
// - catching up: the stream's version events are also heard here, and the newest is kept. An
//   event can reach a fragment when it can't act on it: while the fragment's own fetch is in
//   flight (htmx queues the next fetch on the element, then drops it when the answer replaces
//   that element), or in the moment after a swap before the new fragment listens. So after every
//   event and every swap, a fragment that shows an older version than the newest heard, and is
//   not already fetching, fetches again (a few tries, if the server keeps answering older);
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
  const heard = new WeakMap();  // stream element -> {version, tries}
  const listening = new WeakSet();  // EventSources this file hears
  const MAX_TRIES = 3;

  function liveFragments(stream) {
    return stream.querySelectorAll('[data-version][hx-trigger*="sse:version"]');
  }

  function catchUp(stream) {
    const newest = heard.get(stream);
    if (!newest || !window.htmx || !document.body.contains(stream)) return;
    let behind = false;
    liveFragments(stream).forEach((fragment) => {
      if (Number(fragment.dataset.version) >= newest.version) return;
      behind = true;
      if (fragment.classList.contains("htmx-request")) return;  // its answer will settle, then we look again
      if (newest.tries >= MAX_TRIES) return;
      newest.tries += 1;
      window.htmx.trigger(fragment, "sse:version", {data: String(newest.version)});
    });
    if (!behind) newest.tries = 0;
  }

  function hear(stream, source) {
    if (listening.has(source)) return;
    listening.add(source);
    source.addEventListener("version", (message) => {
      const version = Number(message.data);
      if (!version) return;
      const newest = heard.get(stream);
      if (newest && newest.version >= version) return;
      heard.set(stream, {version: version, tries: 0});
      // after htmx's own listeners have had this event: most of the time they fetch, and then
      // there is nothing to do here
      window.setTimeout(() => catchUp(stream), 50);
    });
  }

  document.addEventListener("htmx:afterSettle", () => {
    window.setTimeout(() => document.querySelectorAll("[sse-connect]").forEach(catchUp), 0);
  });
  document.addEventListener("htmx:sseOpen", (event) => {
    failures = 0;
    polling = false;
    const source = event.detail && event.detail.source;
    if (source) hear(event.target, source);
  });
  document.addEventListener("htmx:sseError", () => {
    failures += 1;
    if (failures >= 3) startPolling();
  });
  document.addEventListener("DOMContentLoaded", () => {
    if (!("EventSource" in window)) startPolling();
  });
  document.addEventListener("htmx:afterSettle", () => { if (polling) startPolling(); });
})();

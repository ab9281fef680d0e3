// The time zone this device is set to, where a form offers it: a new club's zone (a select
// carrying `data-browser-zone`; without JavaScript it keeps the site's zone) and a new
// member's own zone (a hidden input carrying `data-browser-zone`, left blank without it).
// Browsers may report an old name of a zone ("Asia/Calcutta" where the list says
// "Asia/Kolkata"): a select's option for the same zone is found by the browser's own reading.
(function () {
  "use strict";
  function canonical(zone) {
    try {
      return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
    } catch (error) {
      return null;
    }
  }
  function suggest() {
    var zone;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch (error) {
      return;
    }
    if (!zone) return;
    document.querySelectorAll("input[data-browser-zone]").forEach(function (input) {
      if (!input.value) input.value = zone;
    });
    document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
      if (select.dataset.browserZoneApplied) return;
      select.dataset.browserZoneApplied = "1";
      var i;
      for (i = 0; i < select.options.length; i++) {
        if (select.options[i].value === zone) {
          select.value = zone;
          return;
        }
      }
      var mine = canonical(zone);
      if (!mine) return;
      for (i = 0; i < select.options.length; i++) {
        var value = select.options[i].value;
        if (value && value.indexOf("/") > 0 && canonical(value) === mine) {
          select.value = value;
          return;
        }
      }
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", suggest);
  } else {
    suggest();
  }
})();

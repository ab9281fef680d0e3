// A new club's time zone: the zone this device is set to, when the form offers it.
// The select carries `data-browser-zone`; without JavaScript it keeps the site's zone.
(function () {
  "use strict";
  function suggest() {
    var zone;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch (error) {
      return;
    }
    if (!zone) return;
    document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
      if (select.dataset.browserZoneApplied) return;
      select.dataset.browserZoneApplied = "1";
      for (var i = 0; i < select.options.length; i++) {
        if (select.options[i].value === zone) {
          select.value = zone;
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

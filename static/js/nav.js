// The phone menu: a button that folds the site's menu away and opens it again. Loaded in the
// page's head (not deferred) so that the menu is folded before the page is first drawn; without
// this file the button stays hidden and the menu is simply open.
(function () {
  "use strict";
  document.documentElement.classList.add("has-js");

  function setOpen(button, open) {
    const nav = button.closest(".nav");
    button.setAttribute("aria-expanded", open ? "true" : "false");
    if (nav) nav.classList.toggle("is-open", open);
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".nav-toggle");
    if (!button) return;
    setOpen(button, button.getAttribute("aria-expanded") !== "true");
  });

  // Escape closes the open menu and puts the focus back on its button.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const nav = document.querySelector(".nav.is-open");
    const button = nav && nav.querySelector(".nav-toggle");
    if (!button) return;
    setOpen(button, false);
    if (nav.contains(document.activeElement)) button.focus();
  });
})();

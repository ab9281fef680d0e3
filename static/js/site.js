// Small progressive enhancements. Every page works without this file.

// Under the Content Security Policy htmx must not inject its indicator <style> (site.css has
// those rules) nor evaluate code. This runs before htmx starts (both scripts are deferred), and
// a page's own <meta name="htmx-config"> still adds its settings.
if (window.htmx) {
  Object.assign(window.htmx.config, {
    includeIndicatorStyles: false,
    allowEval: false,
    allowScriptTags: false,
  });
}
document.addEventListener("htmx:responseError", (event) => {
  const box = document.getElementById("messages");
  if (!box) return;
  // The words come from the page (base.html's <body data-error-…>), in the reader's language.
  const words = document.body.dataset;
  const text = event.detail.xhr.responseText || words.errorText || "Something went wrong.";
  const div = document.createElement("div");
  div.className = "message error";
  div.setAttribute("role", "alert");
  div.textContent =
    text.length < 300 ? text : words.errorReload || "Something went wrong: please reload the page.";
  box.replaceChildren(div);
});

// What the pages once did with inline handlers (the Content Security Policy allows no inline
// script): data-select-all selects a field's text on click (feed addresses to copy),
// data-print prints the page, and a form with data-confirm asks before it is sent.
document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const field = target.closest("[data-select-all]");
  if (field && typeof field.select === "function") field.select();
  if (target.closest("[data-print]")) window.print();
});
document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    const question = form instanceof HTMLFormElement ? form.dataset.confirm : undefined;
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  },
  true, // before htmx or anything else handles the submit
);


// A part of a form that only some choices use: data-shown-when="format:swiss progressive" is
// hidden unless the form's `format` is one of those values (several conditions, separated by
// ";", must all hold). A part that holds an error stays in view. Without script every part
// shows, and the server ignores what the choice does not use.
function showChosenParts(form) {
  form.querySelectorAll("[data-shown-when]").forEach((part) => {
    const shown = part.dataset.shownWhen.split(";").every((condition) => {
      const [name, values] = condition.split(":");
      const field = form.elements.namedItem(name.trim());
      if (!field) return true;
      const value = field instanceof RadioNodeList ? field.value : field.type === "checkbox" ? String(field.checked) : field.value;
      return values.trim().split(/\s+/).includes(value);
    });
    part.hidden = !shown && !part.querySelector(".errorlist, [aria-invalid='true']");
  });
}
document.querySelectorAll("form").forEach((form) => {
  if (form.querySelector("[data-shown-when]")) showChosenParts(form);
});
document.addEventListener("change", (event) => {
  const form = event.target instanceof Element ? event.target.closest("form") : null;
  if (form && form.querySelector("[data-shown-when]")) showChosenParts(form);
});

// A table wider than its box scrolls inside it (.table-wrap). One that does becomes a tab stop,
// so it can be scrolled from the keyboard, and a region named by its table's caption or by its
// section's heading. Checked again when the window changes size or htmx brings new content.
function markScrollingTables(root) {
  const wraps = root.matches && root.matches(".table-wrap") ? [root] : [];
  wraps.push(...(root.querySelectorAll ? root.querySelectorAll(".table-wrap") : []));
  wraps.forEach((wrap) => {
    const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
    if (scrolls && !wrap.hasAttribute("tabindex")) {
      wrap.tabIndex = 0;
      wrap.dataset.scrollStop = "";
      const caption = wrap.querySelector("caption");
      const section = wrap.closest("[aria-labelledby]");
      if (caption && caption.textContent.trim()) {
        wrap.setAttribute("role", "region");
        wrap.setAttribute("aria-label", caption.textContent.trim());
      } else if (section) {
        wrap.setAttribute("role", "region");
        wrap.setAttribute("aria-labelledby", section.getAttribute("aria-labelledby"));
      }
    } else if (!scrolls && "scrollStop" in wrap.dataset) {
      ["tabindex", "role", "aria-label", "aria-labelledby", "data-scroll-stop"].forEach((name) =>
        wrap.removeAttribute(name),
      );
    }
  });
}
markScrollingTables(document);
let resizing = 0;
window.addEventListener("resize", () => {
  window.clearTimeout(resizing);
  resizing = window.setTimeout(() => markScrollingTables(document), 150);
});
document.addEventListener("htmx:load", (event) => markScrollingTables(event.detail.elt));

// Small progressive enhancements. Every page works without this file.
document.addEventListener("htmx:responseError", (event) => {
  const box = document.getElementById("messages");
  if (!box) return;
  const text = event.detail.xhr.responseText || "Something went wrong.";
  const div = document.createElement("div");
  div.className = "message error";
  div.setAttribute("role", "alert");
  div.textContent = text.length < 300 ? text : "Something went wrong: please reload the page.";
  box.replaceChildren(div);
});

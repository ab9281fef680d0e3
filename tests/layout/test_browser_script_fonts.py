"""A bold name in Devanagari, Gurmukhi or Urdu is drawn with our own script faces on every
page, whatever its language: on Debian's Chromium a bold system-ui face claimed those letters
and drew empty boxes ("पुणे पत्ते मंडळ" as ▯▯▯▯, "لاہور" without its ہ)."""

import pytest

from clubs.models import Club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# One word each: a space is drawn with the system face, in the page and in the probe alike.
NAMES = {
    "पुणेमंडळ": "Noto Sans Devanagari",
    "لاہور": "Noto Nastaliq Urdu",
    "ਅੰਮ੍ਰਿਤਸਰ": "Noto Sans Gurmukhi",
}

# The name's width as the page draws it, and drawn with the script's own face alone: the same
# when the page uses that face (boxes or another font give another width).
WIDTHS = """([name, family]) => {
  const shown = [...document.querySelectorAll('a, h2, h3, strong')]
    .find((el) => el.textContent.trim() === name);
  const style = getComputedStyle(shown);
  const probe = document.createElement('span');
  probe.textContent = name;
  probe.style.setProperty('font-size', style.fontSize);
  probe.style.setProperty('font-weight', style.fontWeight);
  probe.style.setProperty('font-family', `"${family}"`);
  probe.style.setProperty('white-space', 'nowrap');
  probe.style.setProperty('position', 'absolute');
  document.body.appendChild(probe);
  const alone = probe.getBoundingClientRect().width;
  probe.remove();
  const range = document.createRange();
  range.selectNodeContents(shown);
  return [Number(style.fontWeight), range.getBoundingClientRect().width, alone];
}"""


@pytest.mark.parametrize("code", ["en", "ms", "mr", "ur"])
def test_bold_names_in_each_script_use_its_own_face(live_server, browser, code):
    for i, name in enumerate(NAMES):
        Club.objects.create(name=name, slug=f"club-{i}", venue="Hall")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": "kookaburra_language", "value": code, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/clubs/")
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_timeout(300)
    for name, family in NAMES.items():
        weight, shown, alone = page.evaluate(WIDTHS, [name, family])
        assert weight >= 600, (name, weight)
        assert abs(shown - alone) <= 1, (code, name, shown, alone)
    context.close()

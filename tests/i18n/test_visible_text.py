"""The English-left check of test_pages_have_no_english.py, on small pages: what counts as text
people read, and what may stay as it is."""

from tests.i18n.visible_text import AllowList, Segment, english_left, segments

PAGE = """<!doctype html><html lang="en"><head><title>Bid · Kookaburra</title>
<style>.x { content: "Hidden style" }</style><script>var s = "Hidden script";</script></head>
<body><nav aria-label="Main"><a href="/">Home</a></nav>
<p>Your   cards:
   <span class="card">10♥</span> <span>Q♠</span></p>
<img src="x.png" alt="Kookaburra logo"><input type="submit" value="Open the table">
<input type="hidden" name="csrf" value="abcdefgh"><input type="text" value="Milo Banks">
<input name="q" placeholder="Search players"><button name="call" value="7H" title="Bid seven hearts">7♥</button>
<p>Use <code>POST /api/token/</code> to get one.</p><br/><template><p>Not shown</p></template>
<p>Dora Quill &amp; Milo Banks · 19:30 · 1/12/2026 · milo@example.com · 7NT</p>
</body></html>"""


def test_segments_are_the_text_people_read_or_hear():
    found = segments(PAGE)
    assert Segment("Your cards:") in found  # whitespace normalised
    assert Segment("Bid · Kookaburra") in found  # the title
    assert Segment("Main", "aria-label") in found
    assert Segment("Kookaburra logo", "alt") in found
    assert Segment("Open the table", "value") in found
    assert Segment("Search players", "placeholder") in found
    assert Segment("Bid seven hearts", "title") in found
    assert Segment("Use") in found and Segment("to get one.") in found
    texts = " ".join(s.text for s in found)
    for never in ("Hidden style", "Hidden script", "abcdefgh", "POST", "Not shown"):
        assert never not in texts
    assert Segment("Milo Banks", "value") not in found  # what a person typed is no label
    assert "7H" not in [s.text for s in found]  # a button's value is not read
    assert Segment("Q♠") in found  # cards are text nodes too
    assert Segment("10♥") not in found  # a segment without a letter is nothing to translate


def test_identical_segments_are_english_left_unless_allowed():
    allow = AllowList(names=["Milo Banks", "Dora Quill"], language_names=["اردو"])
    english = segments(PAGE)
    # A "translation" that left the navigation, the title attribute and the input button alone.
    translated = segments(
        PAGE.replace("Your   cards:", "آپ کے پتے:").replace("Search players", "کھلاڑی تلاش کریں")
    )
    left = {s.text for s in english_left(english, translated, allow, latin=True)}
    assert {"Home", "Main", "Open the table", "Bid seven hearts", "Kookaburra logo"} <= left
    assert "Bid · Kookaburra" in left  # "Bid" is English; the brand alone would be allowed
    assert "آپ کے پتے:" not in left and "کھلاڑی تلاش کریں" not in left
    # Names, cards, calls, times, dates and addresses may stay as they are.
    for allowed in ("Q♠", "Dora Quill & Milo Banks · 19:30 · 1/12/2026 · milo@example.com · 7NT"):
        assert allowed in {s.text for s in translated}
        assert allowed not in left


def test_allowed_segments_and_words_kept_on_purpose():
    allow = AllowList(names=["Wattle Card Club"], language_names=["Bahasa Melayu", "English"])
    page = "<p>Wattle Card Club</p><p>Kookaburra</p><p>English</p><p>Status</p><p>10H · JK · 6S</p>"
    english = segments(page)
    left = english_left(
        english, segments(page), allow, latin=True, kept_on_purpose=lambda t: t == "Status"
    )
    assert left == []
    assert [s.text for s in english_left(english, segments(page), allow, latin=True)] == ["Status"]


def test_scripts_other_than_latin_also_flag_english_words_inside_translated_text():
    allow = AllowList(names=["Milo Banks"])
    english = segments("<p>Hand 1: Milo Banks bid 7H</p><p>0 minutes ago</p>")
    translated = segments("<p>ہاتھ 1: Milo Banks نے 7H کی بولی دی</p><p>0 minutes پہلے</p>")
    assert english_left(english, translated, allow, latin=True) == []  # nothing identical
    left = english_left(english, translated, allow, latin=False)
    assert [s.text for s in left] == ["0 minutes پہلے"]
    # Each segment is reported once however often it appears.
    twice = segments("<p>Pass</p><p>Pass</p>")
    assert len(english_left(twice, twice, allow, latin=False)) == 1

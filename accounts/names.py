"""When two names are "the same name" to the people reading them.

`name_key` turns a name into the form we compare: two club names, or two members' display names,
with the same key would be taken for one another, so the site refuses the second one.

- Unicode compatibility forms are folded (NFKC): full-width "ＫＯＯＫＡＢＵＲＲＡ", the "ﬁ"
  ligature and superscript digits read as their plain letters.
- Case is folded the Unicode way (`casefold`: "STRASSE" and "straße" match).
- Accents on Latin, Greek and Cyrillic letters are dropped ("Café" and "Cafe" match). Marks that
  are part of the letter in other scripts (Devanagari vowel signs, Thai tone marks, …) are kept,
  so names in those scripts keep their meaning and distinct names stay distinct.
- Invisible format characters (zero-width spaces and joiners, direction marks) are dropped and
  runs of white space count as one space.
"""

from __future__ import annotations

import unicodedata

from django.db import models

# Scripts whose accents are decoration on a base letter that readers see past.
_ACCENTED_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def _is_accentable(char: str) -> bool:
    return unicodedata.name(char, "").startswith(_ACCENTED_SCRIPTS)


def name_key(name: str) -> str:
    """The comparison form of a name (see the module docstring); "" for a blank name."""
    # NFKC before and after folding case: some letters fold to sequences that NFKC rewrites.
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name or "").casefold())
    out: list[str] = []
    base = ""  # the last letter that marks attach to
    for char in unicodedata.normalize("NFD", text):
        category = unicodedata.category(char)
        if category == "Cf":
            continue
        if category == "Mn" and base and _is_accentable(base):
            continue
        if not category.startswith("M"):
            base = char
        out.append(char)
    folded = unicodedata.normalize("NFC", "".join(out))
    return " ".join(folded.split())


class NameKeyField(models.TextField):
    """A column holding `name_key` of another field, recomputed on every save (bulk creates
    included), so the database can index it or hold it unique. `source` names that field, or
    lists fields of which the first that isn't blank counts (a display name, else the
    username)."""

    def __init__(self, *args, source: str | list[str] = "name", **kwargs):
        self.source = [source] if isinstance(source, str) else list(source)
        kwargs.setdefault("editable", False)
        kwargs.setdefault("default", "")
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        kwargs["source"] = self.source[0] if len(self.source) == 1 else self.source
        kwargs.pop("editable", None)
        if kwargs.get("default") == "":
            kwargs.pop("default")
        return name, path, args, kwargs

    def pre_save(self, model_instance, add):
        text = next((v for f in self.source if (v := getattr(model_instance, f))), "")
        value = name_key(text)
        setattr(model_instance, self.attname, value)
        return value


def with_key_field(update_fields, source_fields, key_field: str):
    """`update_fields` for a save that changes a name: its key column is saved with it."""
    if update_fields is None:
        return None
    fields = set(update_fields)
    if fields & set(source_fields):
        fields.add(key_field)
    return fields

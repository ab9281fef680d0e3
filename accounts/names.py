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


# Names in every script ---------------------------------------------------------------------------
#
# Django's username validator matches `\w`, which leaves out combining marks: the vowel signs of
# Gurmukhi and Devanagari (ਗੁਰਪ੍ਰੀਤ, सुमेधा) and Arabic-script diacritics are marks, not letters.
# These rules let letters, marks and digits of any script through, refuse what can't be seen
# (control and format characters) and names whose letters come from scripts that look alike.

USERNAME_PUNCTUATION = frozenset(".@+-_")

# Scripts that are written together in one name (Japanese mixes kana and kanji, Korean hangul and
# hanja). Any other mix of scripts in one word — Latin with Cyrillic or Greek above all — is how
# one name is dressed up to pass for another.
_SCRIPTS_WRITTEN_TOGETHER = (
    frozenset({"HIRAGANA", "KATAKANA", "CJK"}),
    frozenset({"HANGUL", "CJK"}),
)


def _script(char: str) -> str:
    """The script of a letter, from its Unicode name ("GURMUKHI LETTER GA" → "GURMUKHI")."""
    name = unicodedata.name(char, "")
    first = name.split(" ", 1)[0]
    if first in {"ARABIC-INDIC", "EXTENDED"} or name.startswith("ARABIC"):
        return "ARABIC"
    if first.startswith("HALFWIDTH") or first.startswith("FULLWIDTH"):
        return name.split(" ")[1] if " " in name else first
    return first


def _mixed_scripts(word: str) -> bool:
    scripts = {_script(c) for c in word if unicodedata.category(c).startswith("L")}
    if len(scripts) <= 1:
        return False
    return not any(scripts <= group for group in _SCRIPTS_WRITTEN_TOGETHER)


def name_problem(name: str, *, allowed_punctuation: frozenset[str] | None = None) -> str | None:
    """Why `name` can't be a name, or None when it can. Translated by the caller's `gettext`
    (the texts are marked where they are used: see `username_problem`, `display_name_problem`).

    `allowed_punctuation`: for usernames, the only characters allowed besides letters, marks and
    digits; None (display names) allows spaces and any punctuation too.
    """
    from django.utils.translation import gettext as _

    previous = ""
    for char in name:
        category = unicodedata.category(char)
        if category in {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}:
            return _("Names can't hold invisible or control characters.")
        if category.startswith("M") and not (
            previous and unicodedata.category(previous)[0] in "LM"
        ):
            return _("A vowel sign or accent must follow a letter.")
        if allowed_punctuation is not None and not (
            category[0] in "LMN" or char in allowed_punctuation
        ):
            return _("Use letters, vowel signs and accents, digits and . @ + - _ only.")
        previous = char
    if any(_mixed_scripts(word) for word in name.split()):
        return _(
            "Write each word in one script: letters that look alike in two scripts could pass "
            "for another name."
        )
    return None


def username_problem(username: str) -> str | None:
    return name_problem(username, allowed_punctuation=USERNAME_PUNCTUATION)


def display_name_problem(display_name: str) -> str | None:
    return name_problem(display_name)


class ScriptUsernameValidator:
    """A username of letters, marks and digits in any script and `.@+-_` (see `name_problem`)."""

    message = "Enter a valid username."
    code = "invalid"

    def __call__(self, value):
        from django.core.exceptions import ValidationError

        problem = username_problem(str(value))
        if problem:
            raise ValidationError(problem, code=self.code)

    def deconstruct(self):
        return ("accounts.names.ScriptUsernameValidator", (), {})

    def __eq__(self, other):
        return isinstance(other, ScriptUsernameValidator)


def validate_display_name(value) -> None:
    from django.core.exceptions import ValidationError

    problem = display_name_problem(str(value))
    if problem:
        raise ValidationError(problem, code="invalid")


# Addresses from names ----------------------------------------------------------------------------
#
# Django's `slugify(allow_unicode=True)` keeps `\w`, which again drops combining marks
# ("ਗੁਰਪ੍ਰੀਤ" would lose its vowel signs and read as another word). `name_slug` keeps them.


def name_slug(name: str) -> str:
    """A readable address for `name` in its own script: NFKC, lower case, letters, marks and
    digits kept, spaces and dashes as single dashes ("لاہور کارڈ کلب" → "لاہور-کارڈ-کلب")."""
    text = unicodedata.normalize("NFKC", name or "").lower()
    out: list[str] = []
    for char in text:
        category = unicodedata.category(char)
        if category[0] == "M" and not (out and unicodedata.category(out[-1])[0] in "LMN"):
            continue  # a mark with no letter to sit on (NFKC turns "¨" into space + mark)
        if category[0] in "LMN" or char == "_":
            out.append(char)
        elif char.isspace() or char == "-":
            out.append("-")
    slug = "-".join(part for part in "".join(out).split("-") if part)
    return unicodedata.normalize("NFC", slug)


def is_name_slug(value: str) -> bool:
    return bool(value) and name_slug(value) == value


def validate_name_slug(value) -> None:
    from django.core.exceptions import ValidationError
    from django.utils.translation import gettext as _

    if not is_name_slug(str(value)):
        raise ValidationError(
            _("Use lower-case letters (in any script), digits, dashes and underscores only."),
            code="invalid",
        )


class NameSlugField(models.SlugField):
    """A slug from a name in any script (see `name_slug`): validated by our own rule, since
    Django's unicode slug pattern refuses combining marks."""

    default_validators = [validate_name_slug]

    def __init__(self, *args, **kwargs):
        kwargs["allow_unicode"] = True
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        kwargs.pop("allow_unicode", None)
        return name, path, args, kwargs


class NameSlugConverter:
    """URL converter `name_slug`: the address part made by `name_slug`, any script."""

    regex = r"[^/.]+"

    def to_python(self, value: str) -> str:
        if not all(c in "-_" or unicodedata.category(c)[0] in "LMN" for c in value):
            raise ValueError(value)
        return value

    def to_url(self, value: str) -> str:
        return value

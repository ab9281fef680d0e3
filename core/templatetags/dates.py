"""The `date` filter for every template (a builtin, see settings.TEMPLATES): Django's, with the
reader's own comma in the format (core.dates); and `{% comma %}`, that comma between a list's
items written out in a template."""

from django import template

from core.dates import comma as reader_comma
from core.dates import date_text

register = template.Library()


@register.filter(expects_localtime=True, is_safe=False)
def date(value, arg=None):
    return date_text(value, arg)


@register.simple_tag
def comma():
    return reader_comma()

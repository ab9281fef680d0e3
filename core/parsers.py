"""The API's JSON parser: DRF's, but a body nested too deeply for Python's parser (thousands of
brackets, which its recursion limit stops) is a 400 that says so, not a 500, and a body that
isn't JSON is refused in the asker's language (DRF's own words quote Python's English)."""

from django.utils.translation import gettext as _
from rest_framework import exceptions, parsers


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError(
                _("The JSON is nested too deeply."), code="parse_error"
            ) from None
        except exceptions.ParseError:
            raise exceptions.ParseError(
                _("The request's body isn't valid JSON."), code="parse_error"
            ) from None

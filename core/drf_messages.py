"""Django REST framework's own messages, which it has no Marathi, Malay, Punjabi or Urdu for.

An API client that asks in one of our languages (Accept-Language) reads every `detail` in it:
our own messages, Django's, and these, DRF's fields' and errors' defaults. They are marked here
so that `manage.py messages` puts them in our catalogues, where DRF's lazy messages find them
(LOCALE_PATHS come first). The msgids must stay exactly DRF's, their {placeholders} included.
Nothing imports this module: the marks are what count.
"""

from django.utils.translation import gettext_noop

DRF_MESSAGES = (
    gettext_noop("A valid integer is required."),
    gettext_noop("Ensure this value is less than or equal to {max_value}."),
    gettext_noop("Ensure this value is greater than or equal to {min_value}."),
    gettext_noop("String value too large."),
    gettext_noop("Must be a valid boolean."),
    gettext_noop("Not a valid string."),
    gettext_noop("This field may not be blank."),
    gettext_noop("Ensure this field has no more than {max_length} characters."),
    gettext_noop("Ensure this field has at least {min_length} characters."),
    gettext_noop('"{input}" is not a valid choice.'),
    gettext_noop("Datetime has wrong format. Use one of these formats instead: {format}."),
    gettext_noop("Date has wrong format. Use one of these formats instead: {format}."),
    gettext_noop("Expected a datetime but got a date."),
    gettext_noop('Invalid datetime for the timezone "{timezone}".'),
    gettext_noop("Datetime value out of range."),
    gettext_noop("A valid number is required."),
    gettext_noop('Expected a dictionary of items but got type "{input_type}".'),
    gettext_noop("This field may not be null."),
    gettext_noop('Expected a list of items but got type "{input_type}".'),
    gettext_noop("This list may not be empty."),
    gettext_noop("Invalid data. Expected a dictionary, but got {datatype}."),
    gettext_noop("Value must be valid JSON."),
    gettext_noop("Invalid input."),
    gettext_noop("Malformed request."),
    gettext_noop('Unsupported media type "{media_type}" in request.'),
    gettext_noop('Method "{method}" not allowed.'),
    gettext_noop("Authentication credentials were not provided."),
    gettext_noop("Incorrect authentication credentials."),
    gettext_noop("You do not have permission to perform this action."),
    gettext_noop("Not found."),
    gettext_noop("Request was throttled."),
)

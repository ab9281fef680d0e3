"""Django's own messages that its catalogues leave untranslated in some of our languages.

Django's Marathi, Punjabi and Urdu catalogues lack the password validators' texts, some of the
password forms' texts and `timesince`'s units ("0 minutes ago"). They are marked here so that
`manage.py messages` puts them in our catalogues (locale/<lang>/LC_MESSAGES/django.po), whose
translations win over Django's own (LOCALE_PATHS come first). The msgids must stay exactly
Django's (curly apostrophes included). Nothing imports this module: the marks are what count.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

DJANGO_MESSAGES = (
    # django.contrib.auth.password_validation
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        "min_length",
    ),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("This password is too common."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("This password is entirely numeric."),
    gettext_noop("Your password can’t be entirely numeric."),
    # django.contrib.auth.forms
    gettext_noop("The two password fields didn’t match."),
    gettext_noop("Password confirmation"),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("New password confirmation"),
    gettext_noop("Old password"),
    gettext_noop("New password"),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be "
        "case-sensitive."
    ),
    gettext_noop("This account is inactive."),
    gettext_noop("Email"),
    # django.core.validators
    gettext_noop("Enter a valid email address."),
    # django.utils.timesince
    ngettext_lazy("%(num)d year", "%(num)d years", "num"),
    ngettext_lazy("%(num)d month", "%(num)d months", "num"),
    ngettext_lazy("%(num)d week", "%(num)d weeks", "num"),
    ngettext_lazy("%(num)d day", "%(num)d days", "num"),
    ngettext_lazy("%(num)d hour", "%(num)d hours", "num"),
    ngettext_lazy("%(num)d minute", "%(num)d minutes", "num"),
    # django.utils.dateformat's "A" (the club times' "g:i A"): Django's Malay has PAGI and MALAM
    # ("morning", "night") for every time, so 5 in the afternoon read "5:00 MALAM"; Malaysian
    # clocks write PG and PTG. Our Punjabi and Urdu say before and after noon (ਪੂ.ਦੁ. and ਬਾ.ਦੁ.,
    # قبل دوپہر and بعد دوپہر): "evening" (ਸ਼ਾਮ, شام) is wrong for a 10 pm night.
    gettext_noop("AM"),
    gettext_noop("PM"),
    # django.utils.dates' day abbreviations: Django's Malay shortens Sunday (Ahad) to "Aha";
    # Malaysian calendars write "Ahd" (CLDR too).
    gettext_noop("Sun"),
    # Django's Urdu writes the two-eyed ھ (which only marks an aspirate, as in تھا) for the
    # plain ہ in these: "ھے", "نھیں", "ھاں" and Saturday as "ھفتہ"; Django's Marathi and
    # Punjabi lack some of them. Forms and dates use them.
    gettext_noop("This field is required."),
    gettext_noop("This field cannot be blank."),
    gettext_noop("This field cannot be null."),
    gettext_noop("Select a valid choice. That choice is not one of the available choices."),
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Ensure this value is %(limit_value)s (it is %(show_value)s)."),
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
    gettext_noop("%(model_name)s with this %(field_label)s already exists."),
    # django.core.validators' length limits: a name too long for its field.
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
        "limit_value",
    ),
    ngettext_lazy(
        "Ensure this value has at least %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at least %(limit_value)d characters (it has %(show_value)d).",
        "limit_value",
    ),
    gettext_noop("Yes"),
    gettext_noop("yes,no,maybe"),
    gettext_noop("Saturday"),
    gettext_noop("Sat"),
)

# Django REST framework and django-rest-knox ship no catalogue for mr, ms, pa or ur: the API's
# `detail` texts they write themselves (the codes beside them never change).
DRF_MESSAGES = (
    gettext_noop("A server error occurred."),
    gettext_noop("Invalid input."),
    gettext_noop("Malformed request."),
    gettext_noop("Incorrect authentication credentials."),
    gettext_noop("Authentication credentials were not provided."),
    gettext_noop("You do not have permission to perform this action."),
    gettext_noop("Not found."),
    gettext_noop('Method "{method}" not allowed.'),
    gettext_noop("Could not satisfy the request Accept header."),
    gettext_noop('Unsupported media type "{media_type}" in request.'),
    gettext_noop("Request was throttled."),
    gettext_noop("Invalid token header. No credentials provided."),
    gettext_noop("Invalid token header. Token string should not contain spaces."),
    gettext_noop("Invalid token."),
    gettext_noop("User inactive or deleted."),
)

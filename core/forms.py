"""Form helpers every app's pages share."""

from django import forms

from .errors import ServiceError


def apply_service_error(
    form: forms.Form, error: ServiceError, field_map: dict | None = None
) -> None:
    """Show a service's refusal on the form: on its field when the form has it (`field_map`
    renames service fields to form fields), else at the top of the form."""
    field = (field_map or {}).get(error.field, error.field)
    form.add_error(field if field in form.fields else None, error.message)

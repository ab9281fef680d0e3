"""Django's own login, logout, password change and reset views (names: login, logout, …), with
the password-reset form that limits emails per address (accounts.forms.LimitedPasswordResetForm).
"""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from .forms import LimitedPasswordResetForm

urlpatterns = [
    path(
        "password_reset/",
        auth_views.PasswordResetView.as_view(form_class=LimitedPasswordResetForm),
        name="password_reset",
    ),
    path("", include("django.contrib.auth.urls")),
]

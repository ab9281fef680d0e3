"""Serializers for the accounts API (tokens)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class LoginSerializer(serializers.Serializer):
    username = serializers.CharField(help_text=_("Your username."))
    password = serializers.CharField(
        style={"input_type": "password"}, trim_whitespace=False, help_text=_("Your password.")
    )


class NewTokenSerializer(serializers.Serializer):
    token = serializers.CharField(
        help_text=_("Send it as `Authorization: Token <token>`. Shown only this once.")
    )
    prefix = serializers.CharField(help_text=_("The token's first characters, to tell it apart."))
    expiry = serializers.DateTimeField(
        help_text=_("When it dies unless used; every use pushes this back.")
    )


class TokenSerializer(serializers.Serializer):
    prefix = serializers.CharField(help_text=_("The token's first characters (never the token)."))
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField(allow_null=True, help_text=_("When it dies unless used."))
    last_used = serializers.DateTimeField(
        allow_null=True, help_text=_("When it was last used, to the minute; null: not yet.")
    )
    current = serializers.BooleanField(help_text=_("Whether this request came with it."))

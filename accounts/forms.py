"""The account forms (allauth's), each field with a length limit enforced on the server.

A field left unbounded lets anyone post megabytes to be hashed, looked up or
matched (a 60,000-character login is a database error on SQLite: "LIKE or GLOB
pattern too complex"). Every text field of every account form gets a maximum, and
a longer value is refused with the form's own error, before anything else reads it.
"""

from __future__ import annotations

from typing import Any

from allauth.account import forms as allauth_forms
from django import forms
from django.core.validators import MaxLengthValidator

# The longest value each kind of field takes.
USERNAME_MAX_LENGTH = 30
EMAIL_MAX_LENGTH = 254  # RFC 5321's limit on an address
PASSWORD_MAX_LENGTH = 128
OTHER_MAX_LENGTH = 254  # a login (a username or an address), a code, a key


def _limit(field: forms.Field, name: str) -> None:
    if not isinstance(field, forms.CharField):
        return
    if name == "username":
        limit = USERNAME_MAX_LENGTH
    elif isinstance(field, forms.EmailField) or name == "email":
        limit = EMAIL_MAX_LENGTH
    elif "password" in name:
        limit = PASSWORD_MAX_LENGTH
    else:
        limit = OTHER_MAX_LENGTH
    if field.max_length is None or field.max_length > limit:
        field.max_length = limit
        field.validators = [v for v in field.validators if not isinstance(v, MaxLengthValidator)]
        field.validators.append(MaxLengthValidator(limit))
        field.widget.attrs["maxlength"] = str(limit)


class LengthLimited:
    """Bound every text field; a value over the limit is the field's own error, and the
    form's own cleaning (which may query the database) is not run on it."""

    fields: dict[str, forms.Field]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]
        for name, field in self.fields.items():
            _limit(field, name)

    def clean(self) -> Any:
        if self.errors_over_limit():
            return self.cleaned_data  # type: ignore[attr-defined]
        return super().clean()  # type: ignore[misc]

    def errors_over_limit(self) -> bool:
        data = self.data  # type: ignore[attr-defined]
        return any(
            isinstance(field, forms.CharField)
            and field.max_length is not None
            and len(data.get(self.add_prefix(name), "")) > field.max_length  # type: ignore[attr-defined]
            for name, field in self.fields.items()
        )


class LoginForm(LengthLimited, allauth_forms.LoginForm):
    pass


class SignupForm(LengthLimited, allauth_forms.SignupForm):
    pass


class AddEmailForm(LengthLimited, allauth_forms.AddEmailForm):
    pass


class ChangePasswordForm(LengthLimited, allauth_forms.ChangePasswordForm):
    pass


class SetPasswordForm(LengthLimited, allauth_forms.SetPasswordForm):
    pass


class ResetPasswordForm(LengthLimited, allauth_forms.ResetPasswordForm):
    pass


class ResetPasswordKeyForm(LengthLimited, allauth_forms.ResetPasswordKeyForm):
    pass


class ReauthenticateForm(LengthLimited, allauth_forms.ReauthenticateForm):
    pass

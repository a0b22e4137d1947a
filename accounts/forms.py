"""The site's forms, each field with a length limit enforced on the server.

The account forms (allauth's): a field left unbounded lets anyone post megabytes to
be hashed, looked up or matched (a 60,000-character login is a database error on
SQLite: "LIKE or GLOB pattern too complex"). Every text field of every account form
gets a maximum, and a longer value is refused with the form's own error, before
anything else reads it. Then the forms of reports (players) and of moderation
actions (the admin).
"""

from __future__ import annotations

from typing import Any

from allauth.account import forms as allauth_forms
from django import forms
from django.core.validators import MaxLengthValidator
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import Report

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


class ReportForm(forms.Form):
    reason = forms.ChoiceField(label=_("Motif"), choices=Report.REASONS)
    comment = forms.CharField(
        label=_("Commentaire"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 4, "maxlength": 1000}),
        help_text=_("Ce qui s’est passé, en quelques mots (1000 caractères au plus)."),
    )


class ReasonForm(forms.Form):
    """A moderation action: its reason is required and written to the log."""

    reason = forms.CharField(
        label=_("Motif"), max_length=1000, widget=forms.Textarea(attrs={"rows": 3, "maxlength": 1000})
    )


class BanForm(ReasonForm):
    pass


class SuspendForm(ReasonForm):
    until = forms.DateTimeField(
        label=_("Jusqu’au"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Heure de Paris."),
    )
    field_order = ["until", "reason"]

    def clean_until(self):  # type: ignore[no-untyped-def]
        until = self.cleaned_data["until"]
        if until <= timezone.now():
            raise forms.ValidationError(_("La fin de la suspension doit être dans le futur."))
        return until


class LiftForm(ReasonForm):
    pass


class RenameForm(ReasonForm):
    name = forms.CharField(label=_("Nouveau pseudo"), max_length=USERNAME_MAX_LENGTH)
    field_order = ["name", "reason"]


class VoidForm(ReasonForm):
    pass

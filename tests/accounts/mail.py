"""Confirming an address from the mail the site sent, as its owner would: in the tests'
outbox (the locmem backend), or in the folder a live site writes its mail to."""

from __future__ import annotations

import re
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

# The confirmation link of allauth's mail (allauth.urls: confirm-email/<key>/).
LINK = re.compile(r"https?://[^\s/]+(/comptes/confirm-email/[^/\s]+/)")


def confirmed_user(name: str, password: str | None = None, **fields: Any) -> Any:
    """A user whose address ``<name>@example.org`` is confirmed, as after the sign-up's
    mail (a login needs it: ``ACCOUNT_EMAIL_VERIFICATION``); the password is PASSWORD."""
    from tests.conftest import PASSWORD

    email = f"{name}@example.org"
    user = get_user_model().objects.create_user(name, email, password or PASSWORD, **fields)
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def confirmation_path(body: str) -> str:
    """The path of the confirmation link in a mail's text."""
    found = LINK.search(body)
    assert found is not None, f"no confirmation link in: {body!r}"
    return found.group(1)


def mails_to(address: str) -> list[Any]:
    return [m for m in mail.outbox if address in m.to]


def confirm(client: Client, address: str) -> Any:
    """Follow the link of the last mail sent to ``address`` and confirm it (allauth asks
    for a POST): the address is verified, and the client logged in if it signed up."""
    sent = mails_to(address)
    assert sent, f"no mail to {address}"
    path = confirmation_path(sent[-1].body)
    assert client.get(path).status_code == 200
    return client.post(path)


def _text(message: Message) -> str:
    parts = message.walk() if message.is_multipart() else [message]
    for part in parts:
        if part.get_content_type() == "text/plain":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            return payload.decode(part.get_content_charset() or "utf-8")
    return ""


def written_to(folder: Path, address: str) -> list[str]:
    """The texts of the mails a live site wrote to ``folder`` (``EMAIL_URL=filemail://``)
    for ``address``, oldest first."""
    texts = []
    for file in sorted(folder.iterdir(), key=lambda f: f.stat().st_mtime_ns):
        # The file backend writes each message followed by a line of dashes.
        for raw in file.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
            if raw.strip():
                message = message_from_bytes(raw.strip())
                if address in (message["To"] or ""):
                    texts.append(_text(message))
    return texts

"""Mail for accounts, when the operator configured SMTP (``YEZI_SMTP_URL``).

``smtp://user:password@host:587`` sends with STARTTLS when the server offers it (``smtp+plain://``:
never, for a local relay or a test server), ``smtps://…:465`` over TLS from the start. smtplib
blocks, so a message is sent on a thread of its own pool (one thread: mail is rare, and a flood
of recovery requests, already rate-limited, waits its turn rather than taking threads). A link's
secret never goes to a log line: a failure is logged with the recipient's domain only.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import unquote, urlsplit

log = logging.getLogger("yezi.server")
_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="yezi-mail")
MAX_WAITING = 64


@dataclass(frozen=True)
class Smtp:
    host: str
    port: int
    user: str
    password: str
    tls: str  # "ssl", "starttls" (when offered) or "none"

    @classmethod
    def parse(cls, url: str) -> Smtp:
        u = urlsplit(url)
        if u.scheme not in ("smtp", "smtps", "smtp+plain") or not u.hostname:
            raise ValueError("YEZI_SMTP_URL: expected smtp://[user:password@]host[:port], smtps://… or smtp+plain://…")
        tls = {"smtps": "ssl", "smtp": "starttls", "smtp+plain": "none"}[u.scheme]
        return cls(u.hostname, u.port or (465 if tls == "ssl" else 587 if tls == "starttls" else 25),
                   unquote(u.username or ""), unquote(u.password or ""), tls)


def send_now(smtp: Smtp, sender: str, to: str, subject: str, body: str) -> None:
    """Send one message (blocking; run through `send`)."""
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, to, subject
    msg.set_content(body)
    if smtp.tls == "ssl":
        client: smtplib.SMTP = smtplib.SMTP_SSL(smtp.host, smtp.port, timeout=20, context=ssl.create_default_context())
    else:
        client = smtplib.SMTP(smtp.host, smtp.port, timeout=20)
    with client:
        if smtp.tls == "starttls" and client.has_extn("starttls"):
            client.starttls(context=ssl.create_default_context())
        if smtp.user:
            client.login(smtp.user, smtp.password)
        client.send_message(msg)


_waiting = 0


async def send(smtp: Smtp, sender: str, to: str, subject: str, body: str) -> bool:
    """Send off the event loop; False (logged, never raised) when it could not be sent."""
    global _waiting
    if _waiting >= MAX_WAITING:
        log.warning("mail to …@%s dropped: %d messages already waiting", to.rpartition("@")[2], _waiting)
        return False
    _waiting += 1
    try:
        await asyncio.get_running_loop().run_in_executor(_pool, send_now, smtp, sender, to, subject, body)
        return True
    except (OSError, smtplib.SMTPException) as e:
        log.warning("mail to …@%s not sent: %s", to.rpartition("@")[2], type(e).__name__)
        return False
    finally:
        _waiting -= 1


def mail_of(settings: Any) -> tuple[Smtp, str] | None:
    """(the SMTP server, the base of mailed links) when mail is configured, else None (`Settings`:
    ``YEZI_SMTP_URL`` and a public address, ``YEZI_PUBLIC_URL`` or the first allowed origin)."""
    base = settings.public_url or (settings.allowed_origins[0] if settings.allowed_origins else "")
    if not settings.smtp_url or not base:
        return None
    try:
        return Smtp.parse(settings.smtp_url), base.rstrip("/")
    except ValueError as e:
        log.warning("mail is off: %s", e)
        return None

"""The passkey requests' bodies (strict, as every body in `yezi.server.schemas`; the same models make
their part of the OpenAPI document). The browser's credential is passed on as an object: its shape
is the WebAuthn library's to check (``passkey-refused`` when it does not hold)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field

from yezi.server.schemas import Filled64, Filled100, Strict

if TYPE_CHECKING:  # mypy reads a call as no type: to it these are the strings they are
    AccountName = str
    Handle = str
else:
    AccountName = Filled100
    Handle = Filled64


class PasskeySignup(Strict):
    """POST /api/passkeys/signup/options: the name the new account is to have."""

    name: AccountName = Field(description="the account's name: 1 to 24 visible characters, unique "
                                                      "(case and width folded)")

    field_codes: ClassVar[dict[str, str]] = {"name": "bad-account-name"}


class PasskeyStart(Strict):
    """POST /api/passkeys/add/options and /api/passkeys/signin/options: nothing to say (``{}``)."""


class PasskeyFinish(Strict):
    """POST /api/passkeys/{signup,add,signin}/verify: the ceremony's handle and the browser's answer."""

    ceremony: Handle = Field(description="the handle the options came with")
    credential: dict[str, Any] = Field(description="the PublicKeyCredential, as JSON (base64url binary fields)")

    field_codes: ClassVar[dict[str, str]] = {"ceremony": "passkey-expired", "credential": "passkey-refused"}

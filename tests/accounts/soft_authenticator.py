"""A software passkey authenticator for the unit tests: it answers the server's options as a browser
and a platform authenticator would (ES256, "none" attestation), and can be told to lie (another
origin, a counter gone backwards) to see the server refuse it. The browser tests use Chromium's own
virtual authenticator instead (tests/accounts/test_passkeys_browser.py)."""

from __future__ import annotations

import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn import base64url_to_bytes
from webauthn.helpers import bytes_to_base64url

UP, UV, AT = 0x01, 0x04, 0x40


def _client_data(kind: str, challenge: str, origin: str) -> bytes:
    return json.dumps({"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}).encode()


@dataclass
class SoftPasskey:
    rp_id: str
    user_handle: bytes
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    id: bytes = field(default_factory=lambda: secrets.token_bytes(16))
    counter: int = 0

    def cose(self) -> bytes:
        n = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: n.x.to_bytes(32, "big"), -3: n.y.to_bytes(32, "big")})

    def assertion(self, options: dict[str, Any], origin: str, counter: int | None = None) -> dict[str, Any]:
        """The answer to ``navigator.credentials.get(options)`` at `origin` (the counter moves on by one
        unless given)."""
        self.counter = self.counter + 1 if counter is None else counter
        auth_data = hashlib.sha256(options["rpId"].encode()).digest() + bytes([UP | UV]) + struct.pack(">I", self.counter)
        cdata = _client_data("webauthn.get", options["challenge"], origin)
        sig = self.key.sign(auth_data + hashlib.sha256(cdata).digest(), ec.ECDSA(hashes.SHA256()))
        b = bytes_to_base64url
        return {"id": b(self.id), "rawId": b(self.id), "type": "public-key", "clientExtensionResults": {},
                "response": {"clientDataJSON": b(cdata), "authenticatorData": b(auth_data), "signature": b(sig),
                             "userHandle": b(self.user_handle)}}


def register(options: dict[str, Any], origin: str) -> tuple[SoftPasskey, dict[str, Any]]:
    """A new passkey for ``navigator.credentials.create(options)`` at `origin`, and the browser's answer."""
    pk = SoftPasskey(options["rp"]["id"], base64url_to_bytes(options["user"]["id"]))
    auth_data = (hashlib.sha256(pk.rp_id.encode()).digest() + bytes([UP | UV | AT]) + struct.pack(">I", 0)
                 + bytes(16) + struct.pack(">H", len(pk.id)) + pk.id + pk.cose())
    att = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
    cdata = _client_data("webauthn.create", options["challenge"], origin)
    b = bytes_to_base64url
    return pk, {"id": b(pk.id), "rawId": b(pk.id), "type": "public-key", "clientExtensionResults": {},
                "response": {"clientDataJSON": b(cdata), "attestationObject": b(att), "transports": ["internal"]}}

"""The request bodies of the profile, friends, invitations and account-deletion endpoints, in the
style of `yezi.server.schemas` (strict, no unknown fields, each field's refusal code); the OpenAPI
document is generated from them."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from yezi.server.accounts.social import LANGUAGES, MAX_BIO, MAX_LANGUAGES
from yezi.server.schemas import Strict, Text

Choice3 = Literal["everyone", "friends", "nobody"]


class PrivacyChoices(Strict):
    games: Choice3 | None = Field(None, description="who sees my games: played, won, recent")
    invites: Choice3 | None = Field(None, description="who may invite me to a seat")
    requests: Literal["everyone", "nobody"] | None = Field(None, description="who may ask me to be friends")


class ProfileChange(Strict):
    """POST /api/me/profile: the fields to change (the others stay)."""

    name: Text(24, min_length=1) | None = Field(None, description="display name: unique, the lobby's name rules")  # type: ignore[valid-type]
    languages: Annotated[list[Literal[LANGUAGES]], Field(max_length=MAX_LANGUAGES)] | None = None  # type: ignore[valid-type]
    bio: Text(MAX_BIO) | None = None  # type: ignore[valid-type]
    avatar: Text(32) | None = Field(None, description="one of the drawn marks, or '' for none")  # type: ignore[valid-type]
    privacy: PrivacyChoices | None = None

    field_codes: ClassVar[dict[str, str]] = {"name": "bad-display-name", "languages": "bad-languages",
                                             "bio": "bad-bio", "avatar": "bad-avatar", "privacy": "bad-privacy"}


class ByName(Strict):
    """POST /api/me/friends/... and /api/me/blocks/...: the other player, by display name."""

    name: Text(64, min_length=1)  # type: ignore[valid-type]

    field_codes: ClassVar[dict[str, str]] = {"name": "no-user"}


class InvitationRef(Strict):
    """POST /api/me/invitations/accept and /decline."""

    id: Text(32, min_length=1)  # type: ignore[valid-type]

    field_codes: ClassVar[dict[str, str]] = {"id": "no-invitation"}


class InviteFriend(Strict):
    """POST /t/{tid}/invite-friend: the host invites a player, by name, to a free invitation seat."""

    position: int = Field(ge=0)
    name: Text(64, min_length=1)  # type: ignore[valid-type]

    field_codes: ClassVar[dict[str, str]] = {"position": "bad-seat", "name": "no-user"}


class DeleteAccount(Strict):
    """POST /api/me/delete: the confirmation is the account's own display name, typed again."""

    confirm: Text(64, min_length=1)  # type: ignore[valid-type]

    field_codes: ClassVar[dict[str, str]] = {"confirm": "bad-confirmation"}

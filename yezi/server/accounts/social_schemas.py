"""The request bodies of the profile, friends, invitations and account-deletion endpoints, in the
style of `yezi.server.schemas` (strict, no unknown fields, each field's refusal code); the OpenAPI
document is generated from them."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from yezi.server.accounts.social import LANGUAGES, MAX_LANGUAGES
from yezi.server.schemas import Filled24, Filled32, Filled64, Strict, Text32, Text280

Choice3 = Literal["everyone", "friends", "nobody"]


class PrivacyChoices(Strict):
    games: Choice3 | None = Field(None, description="who sees my games: played, won, recent")
    invites: Choice3 | None = Field(None, description="who may invite me to a seat")
    requests: Literal["everyone", "nobody"] | None = Field(None, description="who may ask me to be friends")


class ProfileChange(Strict):
    """POST /api/me/profile: the fields to change (the others stay)."""

    name: Filled24 | None = Field(None, description="display name: unique, the lobby's name rules")
    languages: Annotated[list[Literal[LANGUAGES]], Field(max_length=MAX_LANGUAGES)] | None = None  # type: ignore[valid-type]
    bio: Text280 | None = None  # (MAX_BIO)
    avatar: Text32 | None = Field(None, description="one of the drawn marks, or '' for none")
    privacy: PrivacyChoices | None = None

    field_codes: ClassVar[dict[str, str]] = {"name": "bad-display-name", "languages": "bad-languages",
                                             "bio": "bad-bio", "avatar": "bad-avatar", "privacy": "bad-privacy"}


class ByName(Strict):
    """POST /api/me/friends/... and /api/me/blocks/...: the other player, by display name."""

    name: Filled64

    field_codes: ClassVar[dict[str, str]] = {"name": "no-user"}


class InvitationRef(Strict):
    """POST /api/me/invitations/accept and /decline."""

    id: Filled32

    field_codes: ClassVar[dict[str, str]] = {"id": "no-invitation"}


class InviteFriend(Strict):
    """POST /t/{tid}/invite-friend: the host invites a player, by name, to a free invitation seat."""

    position: int = Field(ge=0)
    name: Filled64

    field_codes: ClassVar[dict[str, str]] = {"position": "bad-seat", "name": "no-user"}


class DeleteAccount(Strict):
    """POST /api/me/delete: the confirmation is the account's own display name, typed again."""

    confirm: Filled64

    field_codes: ClassVar[dict[str, str]] = {"confirm": "bad-confirmation"}

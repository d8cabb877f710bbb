"""The declared shape of the clubs' request bodies (`yezi.server.schemas`' strict style: unknown
fields refused, ``"true"`` not a boolean); the same models document them (`yezi.server.openapi`).
The standing table's body is the lobby's own `yezi.server.schemas.CreateTable`."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, Field

from yezi.core.protocol import LANGS
from yezi.server.schemas import Filled32, Filled40, Filled64, Filled280, Strict
from yezi.server.tables import _NAME_BAD


def _shown_name(s: str) -> str:
    """A club's name is shown to everybody: no control or direction characters, not blank (the
    lobby's rule for players' names, `yezi.server.tables.clean_name`, refused rather than stripped)."""
    if _NAME_BAD.search(s) or not s.strip():
        raise ValueError("a club's name has visible characters only, and at least one")
    return s.strip()


ClubName = Annotated[Filled40, AfterValidator(_shown_name)]
UserId = Filled32


class NewClub(Strict):
    """POST /api/clubs."""

    name: ClubName
    languages: Annotated[list[Literal[LANGS]], Field(max_length=3)] = Field(  # type: ignore[valid-type]
        default_factory=list, description="the languages the club plays in")
    private: bool = Field(True, description="private: only members see its members, games and ledger")

    field_codes: ClassVar[dict[str, str]] = {"name": "bad-club-name", "languages": "bad-lang", "private": "bad-request"}


class JoinClub(Strict):
    """POST /api/clubs/{cid}/join: the secret of the club's invite link (its fragment, #join=...)."""

    invite: Filled64

    field_codes: ClassVar[dict[str, str]] = {"invite": "bad-invite"}


class AnswerRequest(Strict):
    """POST /api/clubs/{cid}/requests/answer: an organiser accepts or declines a request to join."""

    user: UserId
    accept: bool

    field_codes: ClassVar[dict[str, str]] = {"user": "no-request", "accept": "bad-request"}


class SetRole(Strict):
    """POST /api/clubs/{cid}/role: the owner makes a member owner, organiser or member."""

    user: UserId
    role: Literal["owner", "organiser", "member"]

    field_codes: ClassVar[dict[str, str]] = {"user": "not-member", "role": "bad-role"}


class TakeSeat(Strict):
    """POST /api/clubs/{cid}/tables/{tid}/take: a member takes a free seat of the club's table."""

    position: int = Field(ge=0)

    field_codes: ClassVar[dict[str, str]] = {"position": "bad-seat"}


class LedgerNote(Strict):
    """POST /api/clubs/{cid}/notes: an organiser's note on the ledger."""

    text: Filled280
    settled: bool = Field(False, description="the running balance is settled up to this note: it starts again at 0")

    field_codes: ClassVar[dict[str, str]] = {"text": "bad-note", "settled": "bad-note"}


MODELS = (NewClub, JoinClub, AnswerRequest, SetRole, TakeSeat, LedgerNote)

"""The declared shape of every request body and WebSocket message, and the strict parser for them.

Untrusted bytes go through `parse_json` (size, then a JSON parser that refuses lone surrogates,
NaN/Infinity and nesting past `MAX_DEPTH`) and then a pydantic model in strict mode: ``"false"`` is
not a boolean, ``true`` is not a seat number, ``0.0`` is not an integer, unknown fields are refused.
Anything that fails becomes a `BadInput` with a stable code (the same codes the handlers used
before, e.g. ``bad-seats`` for a bad ``host_seat``) and a message naming the field, never a 500.

The same models generate the OpenAPI document (`yezi.server.openapi`), so what is documented is
what is enforced.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import pydantic_core
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from yezi.core.protocol import LANGS
from yezi.server.clock import BANK_CHOICES, DEFAULT_BANK, MOVE_CHOICES, RESERVE_DAYS, TURN_DAYS
from yezi.server.errors import TableError

MAX_DEPTH = 32  # the deepest legitimate body (a record's deal) nests 4 or 5 levels


class BadInput(TableError):
    """A request or message that does not match its schema; nothing was changed."""


def _no_surrogates(s: str) -> str:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must not contain lone surrogates (\\ud800-\\udfff)") from None
    return s


#: bounded texts as type aliases (mypy reads an alias, not a call): TextN is 0 to N characters, FilledN 1 to N
Text8 = Annotated[str, Field(min_length=0, max_length=8), AfterValidator(_no_surrogates)]
Filled24 = Annotated[str, Field(min_length=1, max_length=24), AfterValidator(_no_surrogates)]
Text32 = Annotated[str, Field(min_length=0, max_length=32), AfterValidator(_no_surrogates)]
Filled32 = Annotated[str, Field(min_length=1, max_length=32), AfterValidator(_no_surrogates)]
Filled40 = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_no_surrogates)]
Text64 = Annotated[str, Field(min_length=0, max_length=64), AfterValidator(_no_surrogates)]
Filled64 = Annotated[str, Field(min_length=1, max_length=64), AfterValidator(_no_surrogates)]
Text100 = Annotated[str, Field(min_length=0, max_length=100), AfterValidator(_no_surrogates)]
Filled100 = Annotated[str, Field(min_length=1, max_length=100), AfterValidator(_no_surrogates)]
Filled128 = Annotated[str, Field(min_length=1, max_length=128), AfterValidator(_no_surrogates)]
Text200 = Annotated[str, Field(min_length=0, max_length=200), AfterValidator(_no_surrogates)]
Filled254 = Annotated[str, Field(min_length=1, max_length=254), AfterValidator(_no_surrogates)]
Text280 = Annotated[str, Field(min_length=0, max_length=280), AfterValidator(_no_surrogates)]
Filled280 = Annotated[str, Field(min_length=1, max_length=280), AfterValidator(_no_surrogates)]
Text1024 = Annotated[str, Field(min_length=0, max_length=1024), AfterValidator(_no_surrogates)]
Filled1024 = Annotated[str, Field(min_length=1, max_length=1024), AfterValidator(_no_surrogates)]
Text1200 = Annotated[str, Field(min_length=0, max_length=1200), AfterValidator(_no_surrogates)]
Text4096 = Annotated[str, Field(min_length=0, max_length=4096), AfterValidator(_no_surrogates)]


def _one_of(choices: tuple[int, ...], unit: str) -> Any:
    """A whole number, one of `choices`. Not ``Literal[choices]``: a literal compares by equality, so it
    took ``15.0`` for 15 and ``false`` for 0 even in strict mode."""

    def one_of(v: int) -> int:
        if v not in choices:
            raise ValueError("must be one of " + ", ".join(map(str, choices)) + f" ({unit})")
        return v

    return Annotated[int, Field(strict=True, json_schema_extra={"enum": list(choices)}), AfterValidator(one_of)]


def Seconds(choices: tuple[int, ...]) -> Any:
    return _one_of(choices, "whole seconds")


def Days(choices: tuple[int, ...]) -> Any:
    return _one_of(choices, "whole days")


OptionValue = Annotated[bool | int | Annotated[float, Field(allow_inf_nan=False)] | Text64,
                        Field(union_mode="left_to_right")]
Options = Annotated[dict[Text64, OptionValue], Field(max_length=64)]
MessageId = Filled64


class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


# ---- HTTP bodies -----------------------------------------------------------------------------

class SeatSpec(Strict):
    kind: Literal["human", "bot"]
    bot: Text32 | None = Field(None, description="bot level for a bot seat (default random); see GET /api/games")
    access: Literal["invite", "open"] | None = Field(
        None, description="a human seat: 'invite' (default; only its own secret link takes it) or 'open' "
                          "(anyone may claim it from the lobby)")


class CreateTable(Strict):
    """POST /api/tables."""

    game: Text32
    preset: Text64 | None = None
    options: Options | None = None
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=16)] | None = Field(
        None, description="one entry per seat of the ruleset; default: you and random bots")
    num_deals: int = Field(1, ge=1, description="deals in the match (at most the server's max_deals)")
    match: Literal["own"] | None = Field(
        None, description="'own': the game's own match instead of num_deals deals (Luk Fu: its match_rounds "
                          "rounds; Ma Diao: a session, as its session_end and session_length say; the others: "
                          "one round, each player dealing in turn)")
    name: Text100 | None = Field(None, description="the host's display name (cut to 24 visible characters)")
    host_seat: Annotated[int, Field(ge=0)] | None = Field(None, description="the human seat the creator takes")
    hints: bool = True
    title: Text200 | None = None
    listed: bool = True
    move_timer: Seconds(MOVE_CHOICES) = Field(  # type: ignore[valid-type]
        0, description="seconds per decision (0: no timer); a seat that runs out is played by the heuristic bot "
                       "and marked away, and after three timeouts in a row a bot holds it until its player is back")
    time_bank: Seconds(BANK_CHOICES) | None = Field(  # type: ignore[valid-type]
        None, description=f"extra seconds per seat and deal, spent when a decision takes longer than move_timer "
                          f"(default {DEFAULT_BANK} with a timer)")
    pace: Literal["realtime", "turn"] = Field(
        "realtime", description="'turn': a turn-based table, played over days (move_days per move and a reserve "
                                "of reserve_days for the match); a seat whose time runs out is played by the "
                                "heuristic bot and marked away, and the table never closes while its clock runs")
    move_days: Days(TURN_DAYS) | None = Field(  # type: ignore[valid-type]
        None, description=f"a turn-based table's days per move (default {TURN_DAYS[0]})")
    reserve_days: Days(RESERVE_DAYS) | None = Field(  # type: ignore[valid-type]
        None, description="a turn-based table's reserve: days per seat for the whole match, spent when a move "
                          "takes longer than move_days (default: as many as move_days)")
    rated: bool = Field(False, description="a rated table: every deal moves its players' ratings (OpenSkill); "
                                           "only a signed-in user opens one, every human seat is taken by a "
                                           "signed-in user, and bots play with their levels' calibrated ratings")

    field_codes: ClassVar[dict[str, str]] = {
        "game": "bad-game", "preset": "bad-options", "options": "bad-options", "seats": "bad-seats",
        "host_seat": "bad-seats", "num_deals": "bad-deals", "match": "bad-deals", "move_timer": "bad-timer", "time_bank": "bad-timer",
        "pace": "bad-pace", "move_days": "bad-pace", "reserve_days": "bad-pace",
        "rated": "bad-rated"}


class CreateTournament(Strict):
    """POST /api/tournaments: a duplicate tournament (every table of a round plays the same deals)."""

    title: Filled100
    game: Text32
    preset: Text64 | None = None
    options: Options | None = None
    rounds: int = Field(3, ge=1, le=12, description="rounds (the players are seated afresh each round)")
    deals: int = Field(2, ge=1, le=16, description="deals a round, the same at every table of the round")
    pace: Literal["realtime", "turn"] = Field("realtime", description="realtime (30 s a move) or turn-based")
    move_days: Days(TURN_DAYS) | None = Field(None, description="a turn-based tournament's days per move")  # type: ignore[valid-type]

    field_codes: ClassVar[dict[str, str]] = {
        "title": "bad-title", "game": "bad-game", "preset": "bad-options", "options": "bad-options",
        "rounds": "bad-rounds", "deals": "bad-deals", "pace": "bad-pace", "move_days": "bad-pace"}


class TalkPost(Strict):
    """POST /api/clubs/{cid}/chat, /api/friends/{name}/chat: a text or a canned phrase."""

    text: Text1200 | None = Field(None, description="the message (cut to 280 characters)")
    phrase: Text32 | None = Field(None, description="a canned phrase's key (yezi.server.chat.PHRASES)")

    field_codes: ClassVar[dict[str, str]] = {"text": "bad-chat", "phrase": "bad-chat"}


class TalkReport(Strict):
    """POST …/chat/report: the message reported (a copy is kept for the operator)."""

    msg: int = Field(ge=1, le=2**62)

    field_codes: ClassVar[dict[str, str]] = {"msg": "no-message"}


NoticeKind = Literal["your-turn", "friend-invite", "club-table", "tournament-round"]
ClockTime = Annotated[str, Field(pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$")]


class ReadNotices(Strict):
    """POST /api/notices/read: these notices (or, without ids, all of mine) are read."""

    ids: Annotated[list[Annotated[int, Field(ge=1, le=2**62)]], Field(max_length=200)] | None = None

    field_codes: ClassVar[dict[str, str]] = {"ids": "bad-notice"}


class NoticePrefs(Strict):
    """POST /api/notices/prefs: what is pushed and mailed, the quiet hours and their time zone."""

    push: dict[NoticeKind, bool] | None = None
    email: dict[NoticeKind, bool] | None = None
    quiet_start: ClockTime | None = None
    quiet_end: ClockTime | None = None
    tz: Text64 | None = Field(None, description="an IANA time zone, e.g. Asia/Hong_Kong")
    lang: Literal[LANGS] | None = None  # type: ignore[valid-type]

    field_codes: ClassVar[dict[str, str]] = {"push": "bad-prefs", "email": "bad-prefs", "quiet_start": "bad-prefs",
                                             "quiet_end": "bad-prefs", "tz": "bad-time-zone", "lang": "bad-lang"}


class PushKeys(Strict):
    p256dh: Filled128
    auth: Filled64


class PushSubscription(Strict):
    """POST /api/push/subscribe (a browser's PushSubscription.toJSON()) and /unsubscribe (endpoint only)."""

    endpoint: Filled1024
    keys: PushKeys | None = None
    expirationTime: int | float | None = None  # (the browser's name for it)

    field_codes: ClassVar[dict[str, str]] = {"endpoint": "bad-push-endpoint", "keys": "bad-push-endpoint",
                                             "expirationTime": "bad-push-endpoint"}


class ResolveRuleset(Strict):
    """POST /api/games/{name}/resolve."""

    preset: Text64 | None = None
    options: Options | None = None

    field_codes: ClassVar[dict[str, str]] = {"preset": "bad-options", "options": "bad-options"}


class ClaimSeat(Strict):
    """POST /api/tables/{tid}/claim."""

    position: int = Field(ge=0)
    name: Text100 | None = None

    field_codes: ClassVar[dict[str, str]] = {"position": "bad-seat"}


class OpenSession(Strict):
    """POST /t/{tid}/session: a seat link's secret, exchanged for the seat's cookie."""

    token: Filled128

    field_codes: ClassVar[dict[str, str]] = {"token": "bad-token"}


class SeatRequest(Strict):
    """POST /t/{tid}/rematch and /t/{tid}/again: the seat (whose cookie this browser holds) asking."""

    position: int = Field(ge=0)

    field_codes: ClassVar[dict[str, str]] = {"position": "bad-seat"}


class ReissueInvite(Strict):
    """POST /t/{tid}/invite: the host asks for a new invitation link for a seat."""

    position: int = Field(ge=0)

    field_codes: ClassVar[dict[str, str]] = {"position": "bad-seat"}


#: the waits a quick-match player may choose before bots fill the empty seats, in seconds (null: never)
QUICK_BOT_WAITS = (30, 120, 300)


class QuickJoin(Strict):
    """POST /api/quick: wait for a table of people (quick match)."""

    game: Text32
    preset: Text64 | None = Field(None, description="the ruleset (default: the game's default)")
    pace: Literal["realtime", "turn"] = Field(
        "realtime", description="'turn': a turn-based table (move_days per move); it needs an account")
    move_days: Days(TURN_DAYS) | None = Field(  # type: ignore[valid-type]
        None, description=f"a turn-based table's days per move (default {TURN_DAYS[0]})")
    rated: bool = Field(False, description="a rated table (it needs an account, and so does everyone seated)")
    bot_after: Seconds(QUICK_BOT_WAITS) | None = Field(  # type: ignore[valid-type]
        None, description="seconds of waiting after which bots take the seats nobody came for (null: never; "
                          "wait for people only)")
    name: Text100 | None = Field(None, description="your display name at the table (cut to 24 visible characters)")

    field_codes: ClassVar[dict[str, str]] = {"game": "bad-game", "preset": "bad-options", "pace": "bad-pace",
                                             "move_days": "bad-pace", "rated": "bad-rated", "bot_after": "bad-wait",
                                             "name": "bad-name"}


class LearnStep(Strict):
    """POST /api/learn/{game}/{lesson}: a tutorial lesson's progress (kept by the browser) and one input."""

    lang: Literal["zh-hant", "zh-hans", "en"] = "zh-hant"
    inputs: Annotated[list[Annotated[int, Field(ge=-1, le=100000)]], Field(max_length=400)] = Field(
        default_factory=list, description="the learner's accepted inputs so far: move codes, -1 for 'next'")
    attempt: Annotated[int, Field(ge=0, le=100000)] | Text64 | None = Field(
        None, description="a move to try: its code or its notation")
    next: bool = Field(False, description="go past a step that is only read")

    field_codes: ClassVar[dict[str, str]] = {"lang": "bad-lang", "inputs": "bad-inputs", "attempt": "bad-attempt",
                                             "next": "bad-input"}


class RecordJson(BaseModel):
    """POST /api/replay with a JSON record (`yezi.core.record.Record.to_json`); the text form is
    checked by its own parser. Only the envelope is declared: the deal's shape is the game's."""

    model_config = ConfigDict(strict=True, extra="ignore")
    game: Text32
    preset: Text64 | None = None
    options: Text4096 | Options | None = None
    deal: Any
    actions: Annotated[list[int], Field(max_length=20000)]
    seed: int | None = None
    tags: Annotated[dict[Text64, Text1024], Field(max_length=64)] | None = None
    format: int | None = Field(None, description="the record format (absent: 1); 2 pins every option in rules")
    engine: Text64 | None = None
    rules: Options | None = Field(None, description="every option's value the record was played under")
    comments: Annotated[dict[Text8, Annotated[list[Text1024], Field(max_length=64)]],
                        Field(max_length=20001)] | None = None

    field_codes: ClassVar[dict[str, str]] = {}


# ---- accounts: password sign-in (yezi.server.routes.account) ---------------------------------

Password = Filled1024  # the rules (8 to 128 characters) are passwords.refusal's, with their own codes
AccountName = Filled100  # cleaned as a seat's name is (yezi.server.tables.clean_name)


class NoFields(Strict):
    """A POST that needs nothing but who asks (its cookie): sign out, new recovery codes, …"""

    field_codes: ClassVar[dict[str, str]] = {}


class SignUp(Strict):
    """POST /api/account/signup."""

    name: AccountName
    password: Password

    field_codes: ClassVar[dict[str, str]] = {"name": "bad-account-name", "password": "password-short"}


class SignIn(Strict):
    """POST /api/account/signin."""

    name: AccountName
    password: Password

    field_codes: ClassVar[dict[str, str]] = {"name": "bad-credentials", "password": "bad-credentials"}


class SessionId(Strict):
    """POST /api/account/sessions/revoke: one of my signed-in devices."""

    id: Filled64

    field_codes: ClassVar[dict[str, str]] = {"id": "no-session"}


class RecoverByCode(Strict):
    """POST /api/account/recover: a recovery code signs in and sets a new password."""

    name: AccountName
    code: Filled64
    password: Password

    field_codes: ClassVar[dict[str, str]] = {"name": "bad-recovery", "code": "bad-recovery",
                                             "password": "password-short"}


class EmailAddress(Strict):
    """POST /api/account/email: my address (null: none), verified by a mailed link."""

    email: Annotated[str, Field(max_length=254, pattern=r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")] | None
    lang: Literal[LANGS] = "en"  # type: ignore[valid-type]  # the mail's language

    field_codes: ClassVar[dict[str, str]] = {"email": "bad-email", "lang": "bad-lang"}


class MailedToken(Strict):
    """POST /api/account/email/verify: the token of a mailed link (its fragment)."""

    token: Filled128

    field_codes: ClassVar[dict[str, str]] = {"token": "bad-link"}


class RequestRecovery(Strict):
    """POST /api/account/recover/email: mail a recovery link to the account's verified address."""

    who: Filled254 = Field(description="the account's name or its verified address")
    lang: Literal[LANGS] = "en"  # type: ignore[valid-type]  # the mail's language

    field_codes: ClassVar[dict[str, str]] = {"who": "bad-request", "lang": "bad-lang"}


class ResetPassword(Strict):
    """POST /api/account/recover/reset: a mailed recovery link's token and the new password."""

    token: Filled128
    password: Password

    field_codes: ClassVar[dict[str, str]] = {"token": "bad-link", "password": "password-short"}


# ---- WebSocket messages ----------------------------------------------------------------------

class WsMessage(Strict):
    id: MessageId | None = None


class ActionMsg(WsMessage):
    type: Literal["action"]
    action: int | Text64 = Field(description="an action code or its notation")
    seq: int | None = Field(None, description="moves so far: refused as stale if the table moved on")


class NextDealMsg(WsMessage):
    type: Literal["next_deal"]


class LangMsg(WsMessage):
    type: Literal["lang"]
    lang: Literal[LANGS]  # type: ignore[valid-type]


class NameMsg(WsMessage):
    type: Literal["name"]
    name: Text100


class HintMsg(WsMessage):
    type: Literal["hint"]
    # a search level or a hint level registered for the table's game (`yezi.bots.registry`): checked
    # against the game's list (`catalog.hint_levels`) by the handler, which knows the game
    level: Annotated[Text32, Field(pattern=r"^[a-z0-9][a-z0-9._@-]*$")] = "normal"


class ExplainMsg(WsMessage):
    type: Literal["explain"]


class WhyMsg(WsMessage):
    """Why the seat to act may not make these moves now (the table's greyed cards, when tapped)."""

    type: Literal["why"]
    actions: Annotated[list[int], Field(min_length=1, max_length=64)]


class SyncMsg(WsMessage):
    type: Literal["sync"]


class PingMsg(WsMessage):
    type: Literal["ping"]


class BackMsg(WsMessage):
    """The seat's player is back: no longer away, and a bot holding the seat gives it back."""

    type: Literal["back"]


class ChatMsg(WsMessage):
    """A chat message to the sender's room (the players' or the spectators'): a text or a canned phrase."""

    type: Literal["chat"]
    text: Text1200 | None = Field(None, description="the message (cut to 280 characters)")
    phrase: Text32 | None = Field(None, description="a canned phrase's key (yezi.server.chat.PHRASES)")
    name: Text100 | None = Field(None, description="a spectator's name (a seat speaks under its own)")


class ChatRemoveMsg(WsMessage):
    """The host removes a message of the players' chat."""

    type: Literal["chat_remove"]
    msg: int = Field(ge=1, le=2**62)


class ChatReportMsg(WsMessage):
    """Report a message of one's room to the operator."""

    type: Literal["chat_report"]
    msg: int = Field(ge=1, le=2**62)


class ChatCloseMsg(WsMessage):
    """The host closes the table's chat (both rooms)."""

    type: Literal["chat_close"]


WS_MESSAGES: dict[str, type[WsMessage]] = {
    "action": ActionMsg, "next_deal": NextDealMsg, "hint": HintMsg, "name": NameMsg, "lang": LangMsg,
    "sync": SyncMsg, "ping": PingMsg, "explain": ExplainMsg, "back": BackMsg,
    "why": WhyMsg, "chat": ChatMsg, "chat_remove": ChatRemoveMsg, "chat_report": ChatReportMsg,
    "chat_close": ChatCloseMsg,
}
WS_FIELD_CODES = {"id": "bad-id", "action": "bad-action", "lang": "bad-lang", "name": "bad-name",
                  "level": "bad-level", "actions": "bad-action", "text": "bad-chat", "phrase": "bad-chat",
                  "msg": "bad-chat"}


# ---- parsing ---------------------------------------------------------------------------------

def parse_json(data: bytes | str) -> Any:
    """Strict JSON: UTF-8, no lone surrogates, no NaN/Infinity, nesting at most MAX_DEPTH."""
    try:
        value = pydantic_core.from_json(data, allow_inf_nan=False)
    except ValueError as e:  # also the parser's own recursion limit
        why = str(e)
        if "surrogate" in why or "hex escape" in why:
            why = "a string holds a lone surrogate (\\ud800-\\udfff), which is not text; " + why
        raise BadInput("bad-json", f"malformed JSON: {why}") from None
    if _depth_exceeds(value, MAX_DEPTH):
        raise BadInput("bad-json", f"JSON nested deeper than {MAX_DEPTH} levels")
    return value


def _depth_exceeds(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict | list):
            if d > limit:
                return True
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return False


def validate(model: type[BaseModel], value: Any, codes: dict[str, str] | None = None,
             default_code: str = "bad-request") -> Any:
    """`value` as an instance of `model`, or a BadInput naming the first field at fault."""
    if not isinstance(value, dict):
        raise BadInput(default_code, "expected a JSON object")
    try:
        return model.model_validate(value)
    except ValidationError as e:
        first = e.errors(include_url=False, include_input=False, include_context=False)[0]
        loc = first.get("loc") or ()
        field = str(loc[0]) if loc else ""
        code = (codes if codes is not None else getattr(model, "field_codes", {})).get(field, default_code)
        where = ".".join(str(x) for x in loc) or "body"
        raise BadInput(code, f"{where}: {first.get('msg', 'invalid')}") from None


def ws_message(text: str) -> dict[str, Any]:
    """A WebSocket message checked against the model for its type, as a plain dict."""
    msg = parse_json(text)
    if not isinstance(msg, dict):
        raise BadInput("bad-message", "a message is a JSON object with a type")
    kind = msg.get("type")
    model = WS_MESSAGES.get(kind) if isinstance(kind, str) else None
    if model is None:
        shown = repr(kind)[:40]
        raise BadInput("bad-message", f"unknown message type {shown}; expected " + ", ".join(WS_MESSAGES))
    try:
        return validate(model, msg, WS_FIELD_CODES, "bad-message").model_dump(exclude_unset=True)
    except BadInput as e:
        cid = msg.get("id")
        if isinstance(cid, str) and 1 <= len(cid) <= 64 and cid.isprintable():
            e.extra["id"] = cid  # the client can match the refusal to what it sent
        raise

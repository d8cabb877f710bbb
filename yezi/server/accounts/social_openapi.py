"""The OpenAPI entries of the profile, friends, invitations and my-data endpoints (routes in
`yezi.server.routes.social`), added to the one document by `yezi.server.openapi`, whose builders
they are given (so this module imports nothing of it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from yezi.server.accounts.social_schemas import ByName, DeleteAccount, InvitationRef, InviteFriend, ProfileChange

MODELS = (ProfileChange, ByName, InvitationRef, InviteFriend, DeleteAccount)
LIMIT = 4096
SIGNED_IN = ("Needs the yezi_session cookie of a signed-in user (else 401 not-signed-in). Browsers may call it only "
             "from this server's own pages (or YEZI_ALLOWED_ORIGINS): else 403.")


def paths(ok: Callable[..., dict[str, Any]], errors: Callable[..., dict[str, Any]],
          body: Callable[[type, int], dict[str, Any]], path: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    name = path("name", {"type": "string", "maxLength": 64}, "a player's display name")
    tid = path("tid", {"type": "string", "maxLength": 64}, "a table id")

    def by_name(summary: str) -> dict[str, Any]:
        return {"post": {"summary": summary, "description": SIGNED_IN, "requestBody": body(ByName, LIMIT),
                         "responses": {**ok("done"), **errors(400, 401, 403, 404, 409, 415, 429)}}}

    def by_id(summary: str) -> dict[str, Any]:
        return {"post": {"summary": summary, "description": SIGNED_IN, "requestBody": body(InvitationRef, LIMIT),
                         "responses": {**ok("done"), **errors(400, 401, 403, 404, 409, 415, 429)}}}

    return {
        "/api/users/{name}": {"get": {
            "summary": "a player's profile as the caller may see it: name, mark, languages, bio; games played and "
                       "won per game and recent games, or null where the player's privacy hides them (404 also "
                       "where the player blocked the caller)", "parameters": [name],
            "responses": {**ok("the profile"), **errors(404, 429)}}},
        "/api/me/profile": {
            "get": {"summary": "my profile and privacy settings", "description": SIGNED_IN,
                    "responses": {**ok("the profile"), **errors(401, 429)}},
            "post": {"summary": "change my display name (unique), languages, bio, mark or privacy settings",
                     "description": SIGNED_IN, "requestBody": body(ProfileChange, LIMIT),
                     "responses": {**ok("the profile now"), **errors(400, 401, 403, 409, 415, 429)}}},
        "/api/me/friends": {"get": {"summary": "my friends, friend requests to and from me, the players I blocked",
                                    "description": SIGNED_IN, "responses": {**ok("the lists"), **errors(401, 429)}}},
        "/api/me/friends/ask": by_name("ask a player to be friends (accepts where they asked first)"),
        "/api/me/friends/accept": by_name("accept a player's friend request"),
        "/api/me/friends/decline": by_name("decline a player's friend request"),
        "/api/me/friends/remove": by_name("end a friendship, or take back my request"),
        "/api/me/blocks/add": by_name("block a player: they cannot invite me, sit at my tables or see my profile"),
        "/api/me/blocks/remove": by_name("unblock a player"),
        "/api/me/invitations": {"get": {"summary": "the seats hosts invited me to that are still free",
                                        "description": SIGNED_IN,
                                        "responses": {**ok("the invitations"), **errors(401, 429)}}},
        "/api/me/invitations/accept": by_id("take the seat of an invitation: sets the seat's cookie, answers "
                                            "the table's address"),
        "/api/me/invitations/decline": by_id("decline an invitation"),
        "/api/me/export": {"get": {"summary": "everything the server keeps about me, as JSON (no secrets)",
                                   "description": SIGNED_IN, "responses": {**ok("my data"), **errors(401, 429)}}},
        "/api/me/delete": {"post": {
            "summary": "delete my account (confirm: my display name): every section of my export erased "
                       "(profile, sessions, passkeys, recovery, friends, blocks, invitations, clubs, chat, "
                       "notices, quick-match tickets, ratings); the records stay, my seats named 'a deleted player'",
            "description": SIGNED_IN, "requestBody": body(DeleteAccount, LIMIT),
            "responses": {**ok("deleted"), **errors(400, 401, 403, 415, 429)}}},
        "/t/{tid}/invite-friend": {"post": {
            "summary": "the host (signed in, holding the host seat's cookie) invites a player by name to a free "
                       "invitation seat, as that player's 'who can invite me' allows", "description": SIGNED_IN,
            "parameters": [tid], "requestBody": body(InviteFriend, LIMIT),
            "responses": {**ok("invited"), **errors(400, 401, 403, 404, 409, 415, 429)}}},
    }

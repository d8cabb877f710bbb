"""A flat numeric observation of a Luk Fu view, in named pieces (after OpenSpiel's observers).

Built from the view alone, so it can hold nothing the seat may not know.
"""

from __future__ import annotations

from typing import Any

from yezi.games.lukfu.plays import NUM_PLAYS

PHASES = ("tigers", "bid", "play", "last", "over")


def spec(num_seats: int) -> list[tuple[str, int]]:
    return [
        ("seat", num_seats), ("phase", len(PHASES)), ("to_act", num_seats),
        ("hand", 37), ("laosui", 37), ("faceup", 37), ("my_discards", 37), ("pending_discard", 37),
        ("bidder", num_seats), ("privileged", num_seats),
        ("hand_sizes", num_seats), ("hu_won", num_seats),
        ("trick_lead", NUM_PLAYS), ("trick_best", NUM_PLAYS), ("trick_best_seat", num_seats),
    ]


def observe(view: dict[str, Any]) -> list[float]:
    n = view["num_seats"]
    out: list[float] = []

    def one_hot(i: int | None, size: int) -> None:
        part = [0.0] * size
        if i is not None and 0 <= i < size:
            part[i] = 1.0
        out.extend(part)

    def cards(cs: list[int]) -> None:
        part = [0.0] * 37
        for c in cs:
            part[c] = 1.0
        out.extend(part)

    one_hot(view["seat"], n)
    one_hot(PHASES.index(view["phase"]), len(PHASES))
    one_hot(view["to_act"], n)
    cards(view.get("hand", []))
    cards(view.get("laosui", []))
    cards(view["faceup"])
    cards([c for _, cs in view.get("my_discards", []) for c in cs])
    cards(view.get("pending_discard", []))
    one_hot(view["bidder"], n)
    one_hot(view["privileged"], n)
    out.extend(s / 12 for s in view["hand_sizes"])
    out.extend(h / 12 for h in view["hu_won"])
    trick = view["tricks"][-1] if view["tricks"] and view["tricks"][-1]["winner"] is None else None
    one_hot(trick["lead"] if trick else None, NUM_PLAYS)
    best = best_seat = None
    if trick:
        for e in trick["plays"]:
            if "play" in e:
                best, best_seat = e["play"], e["seat"]
    one_hot(best, NUM_PLAYS)
    one_hot(best_seat, n)
    return out


__all__ = ["observe", "spec"]

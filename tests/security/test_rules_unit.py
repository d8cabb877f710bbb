"""The Origin rule and the strict JSON parser as pure functions (no server): the cases a browser can
produce, and the bodies that used to get past `json.loads`."""

from __future__ import annotations

import pytest

from yezi.server.origin import origin_refusal
from yezi.server.schemas import BadInput, CreateTable, parse_json, validate

HOST = "play.example.org"


@pytest.mark.parametrize("headers, allowed, refused", [
    ({"host": HOST}, (), False),  # curl, the CLI, tests: no browser headers
    ({"host": HOST, "origin": f"https://{HOST}"}, (), False),  # the app's own page
    ({"host": HOST, "origin": f"HTTPS://{HOST.upper()}/"}, (), False),
    ({"host": HOST, "origin": "https://evil.example"}, (), True),
    ({"host": HOST, "origin": "null"}, (), True),  # sandboxed frame, file: page
    ({"host": HOST, "origin": f"https://{HOST}.evil.example"}, (), True),
    ({"host": HOST, "origin": "https://friend.example"}, ("https://friend.example",), False),
    ({"host": HOST, "sec-fetch-site": "cross-site"}, (), True),
    ({"host": HOST, "sec-fetch-site": "same-site"}, (), True),  # a sibling subdomain is another origin
    ({"host": HOST, "sec-fetch-site": "same-origin"}, (), False),
    ({"host": HOST, "sec-fetch-site": "none"}, (), False),  # typed in the address bar
])
def test_origin_rule(headers, allowed, refused):
    assert (origin_refusal(headers, allowed) is not None) == refused


@pytest.mark.parametrize("body", ["[" * 2000 + "]" * 2000, "[" * 40 + "]" * 40, '"\\ud800"', '"\\udc00"',
                                  "NaN", "[Infinity]", "{bad", b"\xff\xfe"])
def test_parse_json_refuses(body):
    with pytest.raises(BadInput) as e:
        parse_json(body)
    assert e.value.code == "bad-json"


def test_parse_json_accepts_real_text():
    assert parse_json('{"name": "\\ud83c\\udc04 紅中", "n": 12345678901234567890}') == {
        "name": "\U0001f004 紅中", "n": 12345678901234567890}


@pytest.mark.parametrize("field, value, code", [
    ("listed", "false", "bad-request"), ("hints", 1, "bad-request"), ("host_seat", True, "bad-seats"),
    ("host_seat", 0.0, "bad-seats"), ("host_seat", -1, "bad-seats"), ("num_deals", "2", "bad-deals"),
    ("preset", [], "bad-options"), ("options", {"players": [3]}, "bad-options"), ("surprise", 1, "bad-request"),
])
def test_create_table_strict_types(field, value, code):
    with pytest.raises(BadInput) as e:
        validate(CreateTable, {"game": "lukfu", field: value})
    assert e.value.code == code and field in e.value.message

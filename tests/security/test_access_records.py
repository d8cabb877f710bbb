"""Issue 26, item 3: a finished deal's record and replay hold what the rules reveal, no more.

A stranger with only the table id downloaded a finished deal's record and read every face-down
play of Luk Fu (墊) and 打天九, which the live log shows face down and nobody ever sees; and
``replay?seat=<any>`` showed that seat's hand with no credential. Now the record, the replay and the
match's zip are what everybody saw, unless the request holds the named seat's credential.
"""

from __future__ import annotations

import io
import random
import zipfile

import pytest

pytest.importorskip("httpx")

from tests.security._access import access_server
from tests.web.helpers import Server, full_record, play_random
from yezi.core.record import PUBLIC, Record, shown_lines


@pytest.fixture(scope="module")
def srv():
    with access_server() as s:
        yield s


@pytest.fixture(scope="module")
def finished(srv: Server):
    """A finished one-deal match of each game with face-down plays: (table, position 0's token, its seat
    in the deal: the first dealer is drawn)."""
    out = {}
    for game, seed in (("lukfu", 3), ("tiengow", 4)):
        rng = random.Random(seed)
        for _ in range(8):  # the server deals at random: a Luk Fu deal nobody bids on has no play at all
            t = srv.create(game=game, name="Ann")
            cl = srv.client(t["id"], t["seats"]["0"]["token"])
            end = play_random(cl, rng, max_moves=2000)
            assert end["deal_over"] and end["match_over"]
            cl.close()
            out[game] = (t["id"], t["seats"]["0"]["token"], end["seat"])
            whole = full_record(srv, t["id"], 0).replay()
            if any(whole.redact(i, None) is None for i in range(len(whole.history))):
                break
    return out


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("game", ["lukfu", "tiengow"])
def test_the_public_record_keeps_face_down_plays_face_down(srv: Server, finished, game):
    tid, token, me = finished[game]
    public = srv.get(f"/api/tables/{tid}/deals/0/record.txt?lang=zh-hant").text
    assert "[Deal " not in public and "[Seed " not in public, "a stranger's record gives away every hand"
    # the seat's own record replays, from a world drawn from its view: everybody's lines are the same in it
    mine = Record.from_text(srv.get(f"/api/tables/{tid}/deals/0/record.txt?seat={me}",
                                    headers=_bearer(token)).text)
    assert mine.seen_by == me, "the seat's credential gets the seat's record"
    st = mine.replay()
    assert st.current_player is None
    body = [line.split(". ", 1)[1] for line in public.split("\n\n", 1)[1].splitlines()]
    assert body == shown_lines(st, None, "zh-hant"), "the public record is the log everybody saw"
    hidden = [i for i in range(len(st.history)) if st.redact(i, None) is None]
    assert hidden, "the deal had face-down plays"
    for i in hidden:
        assert body[i] == f"{st.game.seat_name(st.actor_of(i))} {st.hidden_action_text(i, 'zh-hant')}"
    assert "[Sample" not in public
    assert Record.from_text(public).seen_by == PUBLIC
    # a seat's own face-down plays are in its record, the others' are not
    own = [i for i in hidden if st.actor_of(i) == me]
    mine_lines = mine.shown_in("zh-hant")
    assert all(mine_lines[i] != body[i] for i in own) and all(
        mine_lines[i] == body[i] for i in hidden if st.actor_of(i) != me)


def test_a_seat_replay_needs_the_seat_credential(srv: Server, finished):
    tid, token, me = finished["lukfu"]
    stranger = srv.get(f"/api/tables/{tid}/deals/0/replay?seat={(me + 1) % 4}").json()
    assert stranger["seat"] == PUBLIC and "start" not in stranger
    assert all("hand" not in f["view"] and "seat_views" not in f for f in stranger["frames"])
    everything = srv.get(f"/api/tables/{tid}/deals/0/replay?seat=all").json()
    assert everything["seat"] == PUBLIC and everything["frames"] == stranger["frames"]
    # seat 0's token opens seat 0 and nothing else; a wrong token is refused
    own = srv.get(f"/api/tables/{tid}/deals/0/replay?seat={me}", headers=_bearer(token)).json()
    assert own["seat"] == str(me) and len(own["frames"][0]["view"]["hand"]) > 0
    assert own["start"]["seats"] == [me], "a seat's replay shows its own starting hand only"
    other = srv.get(f"/api/tables/{tid}/deals/0/replay?seat={(me + 1) % 4}", headers=_bearer(token)).json()
    assert other["seat"] == PUBLIC
    bad = srv.get(f"/api/tables/{tid}/deals/0/replay?seat={me}", headers=_bearer("x" * 30))
    assert bad.status_code == 403 and bad.json()["error"] == "bad-token"
    # the browser's seat cookie reaches /t/<id>/...: the same seat's replay and record
    cookie = {"yz_s0": token}
    by_cookie = srv.get(f"/t/{tid}/deals/0/replay?seat={me}", cookies=cookie).json()
    assert by_cookie["frames"] == own["frames"]
    assert Record.from_text(srv.get(f"/t/{tid}/deals/0/record.txt?seat={me}", cookies=cookie).text).seen_by == me
    assert srv.get(f"/api/tables/{tid}/deals/0/replay?seat=9").status_code == 400


def test_uploaded_records_replay_as_their_reader_saw_them(srv: Server, finished):
    tid, token, me = finished["lukfu"]
    mine = srv.get(f"/api/tables/{tid}/deals/0/record.txt?seat={me}", headers=_bearer(token)).text
    own = srv.get(f"/api/tables/{tid}/deals/0/replay?seat={me}", headers=_bearer(token)).json()
    up = httpx_post(srv, "/api/replay?seat=all", mine)
    assert up.status_code == 200 and up.json()["seat"] == str(me)  # a seat's record replays as that seat only
    assert up.json()["frames"] == own["frames"] and up.json()["frames"][-1]["payments"] == own["frames"][-1]["payments"]
    public = srv.get(f"/api/tables/{tid}/deals/0/record.txt").text
    r = httpx_post(srv, "/api/replay", public)
    assert r.status_code == 400 and r.json()["error"] == "public-record"


def test_the_match_zip_is_everybody_s_unless_the_seat_asks(srv: Server, finished):
    tid, token, me = finished["lukfu"]
    public = srv.get(f"/api/tables/{tid}/deals/0/record.txt").text
    z = zipfile.ZipFile(io.BytesIO(srv.get(f"/api/tables/{tid}/match.zip").content))
    records = [n for n in z.namelist() if n != "settle-up.txt" and not n.endswith("-match.txt")]
    assert [z.read(n).decode() for n in records] == [public]
    match = next(n for n in z.namelist() if n.endswith("-match.txt"))  # every deal in one file: the same
    assert z.read(match).decode() == public
    mine = srv.get(f"/api/tables/{tid}/deals/0/record.txt?seat={me}", headers=_bearer(token)).text
    z = zipfile.ZipFile(io.BytesIO(srv.get(f"/t/{tid}/match.zip?position=0", cookies={"yz_s0": token}).content))
    assert [z.read(n).decode() for n in records] == [mine] and z.read(match).decode() == mine


def httpx_post(srv: Server, path: str, text: str):
    import httpx

    return httpx.post(srv.base + path, content=text.encode(), timeout=30, headers={"Content-Type": "text/plain"})


def test_a_record_asked_again_is_not_replayed_again(srv: Server, finished):
    """A finished deal's record is a replay in a thread: built once per reader and kept, with a
    validator (a client asking again in a loop costs the server a lookup, and gets a 304)."""
    tid, token, me = finished["lukfu"]
    url = f"/api/tables/{tid}/deals/0/record.txt?seat={me}"
    first = srv.get(url, headers=_bearer(token))
    assert first.status_code == 200 and first.headers["Cache-Control"].startswith("private")
    again = srv.get(url, headers=_bearer(token) | {"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    public = srv.get(f"/api/tables/{tid}/deals/0/record.txt")
    assert public.headers["ETag"] != first.headers["ETag"], "the seat's record is not the public one"

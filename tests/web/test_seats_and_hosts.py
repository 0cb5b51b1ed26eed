"""Issue 26, "Seats belong to people": the page takes seats with this browser's player, the
invite link gives the seat back to its player (and to nobody else), the seat token never stays
in the address bar, the host's tools and every player's "leave", the invite panel (its link
from this page's own address, its QR code), and screenshots of it at two sizes."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import SCREENS, Server, as_player, hand_cards, open_panel, seat_menu

pytestmark = pytest.mark.slow


def friends_table(server: Server, game: str = "dummy", **body: Any) -> tuple[dict[str, str], dict[str, Any]]:
    """Ann hosts a 2-seat table and sits at seat 1; seat 2 waits for a friend."""
    ann = server.new_player("Ann")
    table = server.post("/api/tables", {"game": game, "players": 2, "seats": ["me", "open"],
                                        "bot_delay_ms": 0, **body}, player=ann["secret"])
    return ann, table


def host_page(server: Server, browser: Any, ann: dict[str, str], table: dict[str, Any], **ctx: Any) -> Any:
    context = browser.new_context(**ctx)
    as_player(context, ann)
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table['id']}#token={table['token']}")
    page.wait_for_selector("[data-card]", timeout=15_000)
    return page


def take_seat(page: Any, link: str, name: str) -> None:
    page.goto(link)
    page.wait_for_selector("#join:not([hidden])", timeout=15_000)
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_function("() => document.body.dataset.seq !== undefined && "
                           "document.getElementById('you').textContent.includes('2')", timeout=15_000)


def test_the_invite_link_gives_the_seat_back_to_its_player_only(server: Server, browser: Any) -> None:
    ann, table = friends_table(server)
    link = f"{server.base}/tables/{table['id']}?join=1"
    bea = browser.new_context()
    page = bea.new_page()
    take_seat(page, link, "Bea")
    assert "token" not in page.url and "join" not in page.url
    hand = hand_cards(page)
    # Bea closes the tab and opens the invite link again in the same browser: her seat, at once
    page.close()
    page = bea.new_page()
    page.goto(link)
    page.wait_for_function("() => document.getElementById('you').textContent.includes('2')", timeout=15_000)
    page.wait_for_selector("[data-card]", timeout=15_000)
    assert page.is_hidden("#join"), "her own seat needs no form"
    assert "2" in page.inner_text("#banner")
    assert hand_cards(page) == hand
    assert "token" not in page.url and "join" not in page.url
    # another browser profile opening the same link: refused, clearly, and it may watch
    other = browser.new_context()
    stranger = other.new_page()
    stranger.goto(link)
    stranger.wait_for_selector("#banner:not([hidden])", timeout=15_000)
    said = stranger.inner_text("#banner")
    assert "Seat 2 is taken" in said and "Bea" in said and "watch" in said
    assert stranger.is_hidden("#join")
    stranger.wait_for_function("() => document.body.dataset.seq !== undefined", timeout=15_000)
    assert stranger.inner_text("#you") == "spectator"
    assert not stranger.query_selector("[data-hand-index]"), "a spectator sees no hand"
    seats = server.get(f"/api/tables/{table['id']}")["seats"]
    assert seats[1] == {"kind": "person", "name": "Bea"}
    other.close()
    bea.close()


def test_the_seat_token_is_not_in_the_address(server: Server, browser: Any) -> None:
    ann, table = friends_table(server)
    # the contract's entry point still works, and the token leaves the address bar at once
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table['id']}#token={table['token']}")
    page.wait_for_selector("[data-card]", timeout=15_000)
    assert table["token"] not in page.url and "token" not in page.evaluate("location.href")
    page.reload()                                        # kept in storage for this table
    page.wait_for_function("() => document.getElementById('you').textContent.includes('1')", timeout=15_000)
    assert table["token"] not in page.evaluate("location.href")
    context.close()
    # the lobby's "go to your seat" carries no token either
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#game option[value=gin]", state="attached", timeout=15_000)
    page.fill("#my-name", "Cai")
    page.select_option("#game", "gin")
    page.select_option("select[data-seat='1']", "open")
    page.click("#create-button")
    page.wait_for_selector("#go", timeout=15_000)
    assert "token" not in page.get_attribute("#go", "href")
    page.click("#go")
    page.wait_for_selector("[data-card]", timeout=15_000)
    assert "token" not in page.evaluate("location.href")
    open_panel(page, "settings")
    assert page.is_visible("#end-table"), "the creator is the host"
    context.close()


@pytest.mark.parametrize("join", ["abc", "7", "-1", "1.5", ""])
def test_a_bad_join_says_so(server: Server, browser: Any, join: str) -> None:
    _, table = friends_table(server)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table['id']}?join={join}")
    page.wait_for_selector("#banner:not([hidden])", timeout=15_000)
    said = page.inner_text("#banner")
    assert "NaN" not in page.evaluate("document.body.innerText")
    assert "does not name a seat" in said and "seats 1 to 2" in said, said
    assert page.is_hidden("#join")
    page.wait_for_function("() => document.body.dataset.seq !== undefined", timeout=15_000)
    assert page.inner_text("#you") == "spectator"
    context.close()


def test_the_host_hands_a_seat_to_a_bot_and_its_player_takes_it_back(server: Server, browser: Any) -> None:
    ann, table = friends_table(server, bot_delay_ms=400)
    tid = table["id"]
    host = host_page(server, browser, ann, table)
    open_panel(host, "settings")
    assert host.is_visible("#end-table") and "host" in host.inner_text("#host-line")
    host.keyboard.press("Escape")
    bea = browser.new_context()
    friend = bea.new_page()
    take_seat(friend, f"{server.base}/tables/{tid}?join=1", "Bea")
    open_panel(friend, "settings")
    assert friend.is_visible("#leave") and friend.is_hidden("#end-table")
    friend.keyboard.press("Escape")
    friend.click("#felt [data-seat='0'] [data-seat-plaque]")
    assert not friend.query_selector(".host-action"), "only the host has the host's tools"
    host.wait_for_function("() => document.querySelector('#players [data-player=\"1\"]').textContent.includes('Bea')",
                           timeout=10_000)
    host.wait_for_function("() => document.querySelector('#felt [data-seat=\"1\"]').textContent.includes('Bea')",
                           timeout=10_000)
    friend.close()                                       # Bea is away
    seat_menu(host, 1)
    host.click(".host-action[data-action=bot][data-for-seat='1']")
    host.wait_for_function("() => document.querySelector('#players [data-player=\"1\"] .away-seat')", timeout=10_000)
    assert "Bea" in host.inner_text("#players [data-player='1'] .away-seat")
    summary = server.get(f"/api/tables/{tid}")
    assert summary["seats"][1]["kind"] == "bot" and summary["seats"][1]["person"] == "Bea"
    # a stranger cannot take it while the bot keeps it for Bea
    stranger_ctx = browser.new_context()
    stranger = stranger_ctx.new_page()
    stranger.goto(f"{server.base}/tables/{tid}?join=1")
    stranger.wait_for_selector("#banner:not([hidden])", timeout=15_000)
    assert "Seat 2 is taken (Bea)" in stranger.inner_text("#banner")
    stranger_ctx.close()
    # Bea comes back through her link
    friend = bea.new_page()
    friend.goto(f"{server.base}/tables/{tid}?join=1")
    friend.wait_for_selector("[data-card]", timeout=15_000)
    host.wait_for_function("() => !document.querySelector('#players [data-player=\"1\"] .away-seat')", timeout=10_000)
    assert server.get(f"/api/tables/{tid}")["seats"][1] == {"kind": "person", "name": "Bea"}
    # Bea leaves: a bot plays her seat, her page watches
    open_panel(friend, "settings")
    friend.click("#leave")
    friend.click("#sure-yes")
    friend.wait_for_function("() => document.getElementById('you').textContent === 'spectator'", timeout=10_000)
    assert "left" in friend.inner_text("#banner")
    assert server.get(f"/api/tables/{tid}")["seats"][1]["kind"] == "bot"
    # the host frees the seat for someone else (from the seat's place), then ends the table
    host.wait_for_function("() => !document.querySelector('#players [data-player=\"1\"] .presence')", timeout=10_000)
    seat_menu(host, 1)
    host.wait_for_selector(".host-action[data-action=open][data-for-seat='1']", timeout=10_000)
    host.click(".host-action[data-action=open][data-for-seat='1']")
    host.wait_for_function("() => document.querySelector('#players [data-player=\"1\"] .open-seat')", timeout=10_000)
    open_panel(host, "settings")
    host.click("#end-table")
    host.click("#sure-yes")
    host.wait_for_function("() => document.body.dataset.status === 'over'", timeout=10_000)
    summary = server.get(f"/api/tables/{tid}")
    assert summary["status"] == "over" and summary.get("abandoned") is True
    host.wait_for_selector("#end-table", state="hidden", timeout=10_000)
    host.wait_for_selector("#match-over", timeout=10_000)
    host.wait_for_selector("#again", state="hidden", timeout=10_000)
    assert host.is_hidden("#replay"), "an ended table publishes no replay"
    assert not host.query_selector("#rematch"), "no rematch of an abandoned table"
    assert "ended" in host.inner_text("#banner")
    host.context.close()
    bea.close()


def test_the_invite_panel_copies_a_link_of_this_address_and_draws_its_qr_code(server: Server, browser: Any,
                                                                              tmp_path: Any) -> None:
    ann, table = friends_table(server)
    # the page is opened at localhost, not 127.0.0.1: the link follows the page's own address
    base = server.base.replace("127.0.0.1", "localhost")
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    as_player(context, ann)
    page = context.new_page()
    page.goto(f"{base}/tables/{table['id']}#token={table['token']}")
    page.wait_for_selector("[data-card]", timeout=15_000)
    page.click("#invite-open")
    page.wait_for_selector("#invite-qr svg path", timeout=10_000)
    link = page.input_value("#invite-link")
    assert link == f"{base}/tables/{table['id']}?join=1", "the open seat's link, at this address"
    page.click("#invite-copy")
    page.wait_for_function("() => document.getElementById('invite-copy').textContent === 'copied'",
                           timeout=5_000)
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.select_option("#invite-seat", "watch")
    assert page.input_value("#invite-link") == f"{base}/tables/{table['id']}"
    page.select_option("#invite-seat", "1")
    if shutil.which("zbarimg"):          # a decoder, where the machine has one: the code reads back
        shot = tmp_path / "invite-qr.png"
        page.locator("#invite-qr svg").screenshot(path=str(shot))
        read = subprocess.run(["zbarimg", "-q", "--raw", str(shot)], capture_output=True, text=True)
        assert read.stdout.strip() == link
    context.close()


def test_qr_codes_are_well_formed(server: Server, browser: Any) -> None:
    """The encoder's output: the size of the version the text needs, the three finder patterns,
    the timing patterns, and format information that is a valid BCH code word (both copies)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.base + "/")
    texts = ["a", "http://192.168.1.5:8000/tables/TY0fRNH49MsF?join=1", "x" * 100, "y" * 200]
    got = page.evaluate("""async (texts) => {
        const m = await import('/static/qr.js');
        return texts.map((t) => m.qrMatrix(t).map((row) => row.map(Number).join('')));
    }""", texts)
    for text, rows in zip(texts, got, strict=True):
        n = len(rows)
        assert (n - 17) % 4 == 0 and all(len(r) == n for r in rows)
        m = [[c == "1" for c in r] for r in rows]
        for y0, x0 in ((0, 0), (0, n - 7), (n - 7, 0)):
            for dy in range(7):
                for dx in range(7):
                    ring = max(abs(dy - 3), abs(dx - 3))
                    assert m[y0 + dy][x0 + dx] == (ring != 2), f"finder at {(y0, x0)} of {text[:10]!r}"
        assert all(m[6][i] == (i % 2 == 0) for i in range(8, n - 8))
        assert all(m[i][6] == (i % 2 == 0) for i in range(8, n - 8))
        # bit i of the 15 bits of format information, in both places the standard puts them
        first = ([m[i][8] for i in range(6)] + [m[7][8], m[8][8], m[8][7]]
                 + [m[8][14 - i] for i in range(9, 15)])
        second = [m[8][n - 1 - i] for i in range(8)] + [m[n - 15 + i][8] for i in range(8, 15)]
        bits = sum(1 << i for i, b in enumerate(first) if b)
        assert first == second, "both copies of the format information agree"
        raw = bits ^ 0x5412
        rem = raw
        for i in range(14, 9, -1):
            if rem >> i & 1:
                rem ^= 0x537 << (i - 10)
        assert rem == 0, "the format information is a BCH code word"
        assert raw >> 13 == 0, "error correction level M"
        assert m[n - 8][8], "the dark module"
    context.close()


@pytest.fixture(scope="module")
def quick_away(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose people are away after 5 seconds without a move."""
    srv = Server(tmp_path_factory.mktemp("away-server"), "--away-seconds", "5")
    yield srv
    srv.stop()


def test_a_person_away_by_the_timer_shows_so_and_takes_the_seat_back(quick_away: Server,
                                                                    browser: Any) -> None:
    server = quick_away
    ann, table = friends_table(server, game="gin", bot_delay_ms=1500)
    tid = table["id"]
    host = host_page(server, browser, ann, table)
    bea = browser.new_context()
    friend = bea.new_page()
    take_seat(friend, f"{server.base}/tables/{tid}?join=1", "Bea")
    # nobody moves: whoever is to move is away after 5 s, and a bot plays for them
    host.wait_for_function("() => document.querySelector('.away-seat')", timeout=20_000)
    away = int(host.get_attribute("#players li:has(.away-seat)", "data-player"))
    page = host if away == 0 else friend
    page.wait_for_selector("#take-back:not([hidden])", timeout=10_000)
    watcher = host if away == 1 else friend
    assert "until they take the seat back" in watcher.inner_text(f"#players [data-player='{away}'] .away-seat")
    page.click("#take-back")
    page.wait_for_function(f"() => !document.querySelector('#players [data-player=\"{away}\"] .away-seat')",
                           timeout=10_000)
    assert server.get(f"/api/tables/{tid}")["seats"][away]["kind"] == "person"
    page.wait_for_selector("#take-back", state="hidden", timeout=10_000)
    host.context.close()
    bea.close()


def test_screenshots_of_the_invite_panel_and_the_hosts_tools(server: Server, browser: Any) -> None:
    ann, table = friends_table(server)
    bea = browser.new_context()
    friend = bea.new_page()
    take_seat(friend, f"{server.base}/tables/{table['id']}?join=1", "Bea")
    SCREENS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1280, 800), (390, 844)):
        page = host_page(server, browser, ann, table, viewport={"width": width, "height": height})
        seat_menu(page, 1)
        page.wait_for_selector(".host-action", timeout=10_000)
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENS / f"table-host-menu-{width}.png"))
        page.click("#invite-open")
        page.wait_for_selector("#invite-qr svg", timeout=10_000)
        page.wait_for_timeout(400)
        page.screenshot(path=str(SCREENS / f"table-invite-host-{width}.png"))
        page.context.close()
    bea.close()


def test_a_name_being_typed_survives_another_friend_taking_a_seat(server: Server, browser: Any) -> None:
    """Two friends open their invite links at once: while one types a name, the other's seat
    is taken and every page is drawn anew; the name typed so far stays (it was reset to empty,
    and "take seat" then did nothing)."""
    ann = server.new_player("Ann")
    table = server.post("/api/tables", {"game": "dummy", "players": 3, "seats": ["me", "open", "open"],
                                        "bot_delay_ms": 0}, player=ann["secret"])
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table['id']}?join=1")
    page.wait_for_selector("#join:not([hidden])", timeout=15_000)
    page.fill("#join-name", "Bea")
    seq_frames = page.evaluate("document.body.dataset.latestSeq ?? ''")
    cai = server.new_player("Cai")
    server.post(f"/api/tables/{table['id']}/seats/2", {"name": "Cai"}, player=cai["secret"])
    # the page drew the news (seat 3 taken by Cai)
    page.wait_for_function("() => document.body.innerText.includes('Cai')", timeout=10_000)
    assert page.input_value("#join-name") == "Bea", f"the typed name was lost (frames {seq_frames})"
    page.click("#join-button")
    page.wait_for_function("() => document.body.dataset.status === 'playing'", timeout=15_000)
    seats = server.get(f"/api/tables/{table['id']}")["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Bea", "Cai"]
    context.close()

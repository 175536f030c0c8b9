"""A real browser at the table: two phones (headless Chromium at 390x844) open the two seat
pages of a Postman game on loopback; the Postmen play a card from their phone; the laptop's
session and the Holnists' phone show it. Then the seat page is photographed in light and dark.

Set POSTHORN_SHOTS to a folder to keep the screenshots (they are always taken and checked).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from .kit import CHROMIUM, DRIVER, Phone, ThreadedServer, postman_game


def need_browser() -> None:
    missing = [p for p in (CHROMIUM, DRIVER) if not Path(p).exists()]
    assert not missing, f"{missing} missing: ./dev.sh test installs chromium and chromium-driver"


def wait_for(predicate, what: str, timeout: float = 15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def text_of(phone: Phone, element_id: str) -> str:
    return phone.driver.execute_script(f"return document.getElementById('{element_id}').innerText")


def hold(phone: Phone, element_id: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    cover = phone.driver.find_element(By.ID, element_id)
    ActionChains(phone.driver).click_and_hold(cover).pause(0.8).release().perform()


def click_button(phone: Phone, label: str) -> None:
    from selenium.webdriver.common.by import By

    buttons = [b for b in phone.driver.find_elements(By.TAG_NAME, "button") if b.text == label]
    assert buttons, f"no button '{label}'"
    buttons[0].click()


@pytest.fixture
def table():
    need_browser()
    server = ThreadedServer(postman_game())
    phones: list[Phone] = []
    yield server, phones
    for p in phones:
        p.close()
    server.close()


def test_a_card_played_on_one_phone_shows_on_the_laptop_and_the_other_phone(table):
    server, phones = table
    links = dict((seat, url) for seat, _name, url in server.server.seat_links())
    postmen, holnists = Phone(), Phone()
    phones += [postmen, holnists]
    postmen.driver.get(links["postmen"])
    holnists.driver.get(links["holnists"])
    for p in (postmen, holnists):
        wait_for(lambda p=p: text_of(p, "whose") == "The Postmen's turn", "the seat page to show the turn")
    assert text_of(holnists, "seat-name") == "Holnists"
    wait_for(lambda: server.call(lambda: server.server.connected()) == {"postmen": 1, "holnists": 1},
             "both phones to be connected")

    body = postmen.driver.find_element("tag name", "body")
    assert "Pony Express" not in body.text, "the hand shows before it is touched and held"
    hold(postmen, "cover")
    wait_for(lambda: "Pony Express" in body.text, "the hand to show after touch and hold")
    click_button(postmen, "Play Pony Express: Rider 1")

    entry = wait_for(lambda: server.call(lambda: (server.session.entries[-1].input.kind == "play_card")
                                         and server.session.entries[-1]), "the laptop's session to take the card")
    assert entry.seat == "postmen" and entry.input.args["card"] == "5D"
    assert server.call(lambda: len(server.session.state.hand("postmen"))) == 4
    wait_for(lambda: "Pony Express" in text_of(holnists, "log").splitlines()[-1],
             "the other phone's log to show the card")
    assert text_of(holnists, "log").splitlines()[-1] == entry.text
    assert "(from Postmen's phone)" in entry.text
    wait_for(lambda: "Done" in text_of(postmen, "result"), "the playing phone to say it was accepted")
    assert "Ambush" not in holnists.driver.find_element("tag name", "body").text  # a Postmen card


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_seat_page_at_a_phones_size(table, tmp_path, scheme):
    server, phones = table
    phone = Phone(dark=scheme == "dark")
    phones.append(phone)
    phone.driver.get(dict((s, u) for s, _n, u in server.server.seat_links())["postmen"])
    wait_for(lambda: text_of(phone, "whose") == "The Postmen's turn", "the seat page")
    d = phone.driver
    assert d.execute_script("return innerWidth") == 390
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    background = d.execute_script("return getComputedStyle(document.body).backgroundColor")
    level = sum(int(x) for x in background[background.index("(") + 1:-1].split(",")[:3]) / 3
    assert (level < 60) if scheme == "dark" else (level > 200), background
    heights = d.execute_script(
        "return [...document.querySelectorAll('button')].filter(b => b.offsetParent).map(b => b.offsetHeight)")
    assert heights and min(heights) >= 44, heights  # large tap targets
    d.save_screenshot(str(tmp_path / f"seat-{scheme}.png"))
    hold(phone, "cover")
    wait_for(lambda: "Pony Express" in d.find_element("tag name", "body").text, "the hand")
    d.save_screenshot(str(tmp_path / f"seat-{scheme}-hand.png"))
    d.execute_script("document.querySelector('.secret').scrollIntoView()")
    d.save_screenshot(str(tmp_path / f"seat-{scheme}-plays.png"))
    for suffix in ("", "-hand", "-plays"):
        assert (tmp_path / f"seat-{scheme}{suffix}.png").stat().st_size > 10_000
    keep = os.environ.get("POSTHORN_SHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for f in tmp_path.glob("*.png"):
            shutil.copy(f, Path(keep) / f.name)

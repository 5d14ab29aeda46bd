"""places-web in a real browser: headless Chromium driven by Selenium."""
import json
import random
import socket
import subprocess
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import (PLACES_WEB, SAMPLE, SHARED, cli_markers, page_markers,
                      wait_until_idle)

WORLD = SHARED / "places-world.geojson"


def set_view(driver, lat, lon, zoom):
    driver.execute_script(
        "window.placesWeb.map.setView([arguments[0], arguments[1]], arguments[2], {animate: false});",
        lat, lon, zoom)
    wait_until_idle(driver)


def camera_log(driver):
    return driver.execute_script("return window.placesWeb.cameraLog;")


def click_marker(driver, key):
    element = driver.find_element(By.CSS_SELECTOR, f"[data-marker='{key}']")
    ActionChains(driver).move_to_element(element).click().perform()
    wait_until_idle(driver)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_markers_on_the_page_are_the_view_models_after_random_moves(start_server, open_page):
    server = start_server("--places", str(SAMPLE))
    page = open_page(server.url + "?map=390x844")
    generator = random.Random(25)
    for _ in range(8):
        set_view(page, generator.uniform(-60, 70), generator.uniform(-180, 180),
                 generator.randint(1, 9))
        log = camera_log(page)
        assert all(entry[3:] == [390, 844] for entry in log)
        expected = cli_markers(SAMPLE, [entry[:3] for entry in log])
        assert page_markers(page) == expected


def test_a_marker_click_shows_the_card_and_highlights_the_row(start_server, open_page):
    server = start_server("--places", str(SAMPLE))
    page = open_page(server.url)
    set_view(page, 40.4, -3.7, 9)  # Madrid, id 4
    click_marker(page, "4")
    card = page.find_element(By.ID, "card")
    assert card.is_displayed()
    assert card.find_element(By.TAG_NAME, "h2").text == "Madrid"
    WebDriverWait(page, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#list .row.highlighted[data-place-id='4']"))
    assert "selected" in page.find_element(By.CSS_SELECTOR, "[data-marker='4']").get_attribute("class")


def test_unticking_a_category_narrows_the_list(start_server, open_page):
    server = start_server("--places", str(SAMPLE))
    page = open_page(server.url)
    wait_until_idle(page)
    count = "return window.placesWeb.list.count;"
    WebDriverWait(page, 10).until(lambda d: d.execute_script(count) == 200)
    page.find_element(By.CSS_SELECTOR, "#filter summary").click()
    page.find_element(By.CSS_SELECTOR, "#filter input[data-category='city']").click()
    WebDriverWait(page, 10).until(lambda d: d.execute_script(count) == 20)
    wait_until_idle(page)
    WebDriverWait(page, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#list .row"))
    assert not page.find_elements(By.CSS_SELECTOR, "#list .row[data-place-id='2']")  # Paris
    page.find_element(By.CSS_SELECTOR, "#filter input[data-category='city']").click()
    WebDriverWait(page, 10).until(lambda d: d.execute_script(count) == 200)


def test_a_cluster_click_zooms_in_and_its_children_start_at_its_position(start_server, open_page):
    server = start_server("--places", str(SAMPLE))
    page = open_page(server.url)
    set_view(page, 48, 8, 4)  # two levels in from the start: no hysteresis holds a level
    clusters = page.execute_script(
        "return [...window.placesWeb.markers.values()].filter(e => e.data.cluster)"
        ".map(e => e.data).sort((a, b) => b.count - a.count);")
    assert clusters, "a cluster is shown over Europe at zoom 4"
    cluster = clusters[0]
    zoom = page.execute_script("return window.placesWeb.map.getZoom();")
    click_marker(page, cluster["key"])
    assert page.execute_script("return window.placesWeb.map.getZoom();") > zoom
    children = page.find_elements(By.CSS_SELECTOR, f"[data-from='{cluster['key']}']")
    assert children, "the markers the cluster split into say where they came from"
    for child in children:
        assert float(child.get_attribute("data-start-lat")) == pytest.approx(cluster["lat"])
        assert float(child.get_attribute("data-start-lon")) == pytest.approx(cluster["lon"])
    assert cluster["key"] not in page_markers(page)


def test_places_at_one_spot_spread_44_points_apart_and_a_click_selects_one(
        start_server, open_page, tmp_path):
    features = [
        {"type": "Feature", "id": index,
         "geometry": {"type": "Point", "coordinates": [2.3522, 48.8566]},
         "properties": {"name": f"Stall {index}", "population": index}}
        for index in range(1, 13)]
    market = tmp_path / "market.geojson"
    market.write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    server = start_server("--places", str(market))
    page = open_page(server.url)
    set_view(page, 48.8566, 2.3522, 16)
    click_marker(page, "16/12")
    WebDriverWait(page, 10).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-spread-marker]")) == 12)
    spread = page.find_elements(By.CSS_SELECTOR, "[data-spread-marker]")
    assert spread[0].get_attribute("data-spread-marker") == "12", "the most populous first"
    centres = [(e.rect["x"] + e.rect["width"] / 2, e.rect["y"] + e.rect["height"] / 2)
               for e in spread]
    for index, first in enumerate(centres):
        for second in centres[index + 1:]:
            assert ((first[0] - second[0]) ** 2 + (first[1] - second[1]) ** 2) ** 0.5 >= 43.5
    ActionChains(page).move_to_element(spread[3]).click().perform()
    wait_until_idle(page)
    card = page.find_element(By.ID, "card")
    assert card.find_element(By.TAG_NAME, "h2").text == "Stall 9"
    assert page.find_elements(By.CSS_SELECTOR, "[data-spread-marker]"), "a selection keeps it"
    set_view(page, 48.8566, 2.3522, 15)
    WebDriverWait(page, 10).until(
        lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-spread-marker]"))


@pytest.mark.skipif(not WORLD.exists(), reason="../shared/data/places-world.geojson is missing")
def test_typing_stokholm_shows_stockholm_first_and_choosing_it_flies_there(start_server, open_page):
    server = start_server("--places", str(WORLD))
    page = open_page(server.url)
    search = page.find_element(By.ID, "search")
    search.send_keys("stokholm")
    WebDriverWait(page, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#matches li[data-place-id]"))
    wait_until_idle(page)
    first = page.find_element(By.CSS_SELECTOR, "#matches li[data-place-id]")
    assert first.text.startswith("Stockholm")
    search.send_keys(Keys.ENTER)
    WebDriverWait(page, 20).until(
        lambda d: d.execute_script("return window.placesWeb.map.getZoom();") >= 9)
    wait_until_idle(page)
    centre = page.execute_script("const c = window.placesWeb.map.getCenter(); return [c.lat, c.lng];")
    assert centre[0] == pytest.approx(59.33, abs=0.2)
    assert centre[1] == pytest.approx(18.07, abs=0.2)
    assert page.find_element(By.CSS_SELECTOR, "#card h2").text == "Stockholm"


def test_an_edit_in_one_page_shows_in_the_other(start_server, open_page, places_copy):
    server = start_server("--places", str(places_copy), "--allow-edits")
    editor = open_page(server.url)
    viewer = open_page(server.url)
    for page in (editor, viewer):
        set_view(page, 48.85, 2.35, 10)
    click_marker(editor, "2")
    editor.find_element(By.XPATH, "//section[@id='card']//button[text()='Rename']").click()
    alert = editor.switch_to.alert
    alert.send_keys("Lutetia")
    alert.accept()
    wait_until_idle(editor)
    WebDriverWait(viewer, 10).until(
        lambda d: d.execute_script(
            "const e = document.querySelector(\"[data-marker='2'] .marker-label\");"
            "return e && e.textContent;") == "Lutetia")
    # Add a place by a click with a name, in edit mode.
    editor.find_element(By.ID, "edit").click()
    ActionChains(editor).move_to_element_with_offset(
        editor.find_element(By.ID, "map"), 200, 150).click().perform()
    alert = editor.switch_to.alert
    alert.send_keys("Placette")
    alert.accept()
    wait_until_idle(editor)
    WebDriverWait(viewer, 10).until(
        lambda d: "Placette" in d.execute_script(
            "return [...document.querySelectorAll('.marker-label')].map(e => e.textContent);"))


def test_a_moved_place_updates_its_row_without_a_full_reload(start_server, open_page, places_copy):
    server = start_server("--places", str(places_copy), "--allow-edits")
    editor = open_page(server.url)
    viewer = open_page(server.url + "?geolocation=off")
    # The viewer's location, a click beside Paris: its list is then nearest first.
    set_view(viewer, 48.85, 2.35, 10)
    viewer.find_element(By.ID, "locate").click()
    ActionChains(viewer).move_to_element_with_offset(
        viewer.find_element(By.ID, "map"), 60, 60).click().perform()
    wait_until_idle(viewer)
    WebDriverWait(viewer, 10).until(
        lambda d: d.execute_script("return window.placesWeb.list.order;") == "distance"
        and d.find_elements(By.CSS_SELECTOR, "#list .row[data-place-id='2']"))
    # Mark every row drawn: a full reload would replace them all.
    before = viewer.execute_script(
        "const l = window.placesWeb.list;"
        "for (const e of l.rendered.values()) e.dataset.kept = 'yes';"
        "return [l.reloads, l.updates];")
    paris = "#list .row[data-place-id='2'] .detail"
    distance = viewer.find_element(By.CSS_SELECTOR, paris).text
    # The editor drags Paris 30 km east: its marker's drag ends where it is dropped.
    set_view(editor, 48.85, 2.35, 10)
    editor.execute_script(
        "const entry = window.placesWeb.markers.get('2');"
        "entry.marker.setLatLng([48.85, 2.76]);"
        "entry.marker.fire('dragend');")
    wait_until_idle(editor)
    WebDriverWait(viewer, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, paris)
        and d.find_element(By.CSS_SELECTOR, paris).text != distance)
    wait_until_idle(viewer)
    after = viewer.execute_script(
        "const l = window.placesWeb.list; return [l.reloads, l.updates];")
    assert after == [before[0], before[1] + 1], (before, after)
    kept = viewer.execute_script(
        "return [...document.querySelectorAll('#list .row')].filter(e => e.dataset.kept).length;")
    assert kept > 0, "the rows that did not change keep their elements"


def test_a_watched_rewrite_shows_in_both_pages(start_server, open_page, places_copy):
    server = start_server("--places", str(places_copy), "--watch")
    pages = [open_page(server.url), open_page(server.url)]
    for page in pages:
        set_view(page, 48.85, 2.35, 10)
    data = json.loads(places_copy.read_text())
    for feature in data["features"]:
        if feature["id"] == 2:
            feature["properties"]["name"] = "Paris Rewritten"
    data["features"].append({
        "type": "Feature", "id": 9001, "geometry": {"type": "Point", "coordinates": [2.30, 48.90]},
        "properties": {"name": "Watched Place"}})
    places_copy.write_text(json.dumps(data))
    for page in pages:
        WebDriverWait(page, 15).until(
            lambda d: {"Paris Rewritten", "Watched Place"} <= set(d.execute_script(
                "return [...document.querySelectorAll('[data-marker] .marker-label')]"
                ".map(e => e.textContent);")))


def test_a_dropped_connection_recovers(start_server, open_page):
    port = free_port()
    server = start_server("--places", str(SAMPLE), port=port)
    page = open_page(server.url)
    set_view(page, 48.85, 2.35, 6)
    before = page_markers(page)
    assert server.stop() == 0
    WebDriverWait(page, 10).until(
        lambda d: d.find_element(By.ID, "status").is_displayed()
        and d.execute_script("return document.body.dataset.connected;") == "false")
    assert "Reconnecting" in page.find_element(By.ID, "status").text
    server.start()
    WebDriverWait(page, 30).until(
        lambda d: d.execute_script("return document.body.dataset.connected;") == "true")
    wait_until_idle(page)
    assert not page.find_element(By.ID, "status").is_displayed()
    assert page_markers(page) == before


def test_the_session_limit_closes_the_next_page_with_a_reason(start_server, open_page):
    server = start_server("--places", str(SAMPLE), "--max-sessions", "1")
    open_page(server.url)
    # The next connection is upgraded, then closed at once with the reason in the close frame.
    reply = websocket_handshake(server.port, origin=f"http://127.0.0.1:{server.port}")
    assert b"101" in reply.split(b"\r\n")[0]
    assert b"too many pages open" in reply


def websocket_handshake(port, origin):
    """Sends a WebSocket upgrade with `origin` and returns what the server answered within a
    second."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        request = (
            "GET /ws HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: {origin}\r\n\r\n")
        connection.sendall(request.encode())
        reply = b""
        deadline = time.monotonic() + 1
        while time.monotonic() < deadline:
            try:
                chunk = connection.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            reply += chunk
        return reply


def test_an_upgrade_from_another_site_is_refused(start_server):
    server = start_server("--places", str(SAMPLE))
    refused = websocket_handshake(server.port, origin="http://evil.example")
    status = refused.split(b"\r\n")[0]
    assert b" 403 " in status, status
    accepted = websocket_handshake(server.port, origin=f"http://127.0.0.1:{server.port}")
    assert b"101" in accepted.split(b"\r\n")[0]


def test_static_paths_cannot_leave_the_asset_folders(start_server):
    server = start_server("--places", str(SAMPLE))
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
        connection.sendall(b"GET /assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n"
                           b"Host: 127.0.0.1\r\nConnection: close\r\n\r\n")
        reply = connection.recv(65536)
    assert reply.split(b"\r\n")[0].endswith(b"404 Not Found")


def test_bad_files_and_a_port_in_use_exit_as_places_cli_does(start_server):
    missing = subprocess.run([PLACES_WEB, "--places", "/nonexistent.geojson"],
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 66
    assert missing.stderr.startswith("places-web: ")
    usage = subprocess.run([PLACES_WEB, "--prot", "1"], capture_output=True, text=True, timeout=60)
    assert usage.returncode == 64
    assert "did you mean '--port'?" in usage.stderr
    server = start_server("--places", str(SAMPLE))
    busy = subprocess.run([PLACES_WEB, "--places", str(SAMPLE), "--port", str(server.port)],
                          capture_output=True, text=True, timeout=60)
    assert busy.returncode == 69
    assert f"127.0.0.1:{server.port}" in busy.stderr

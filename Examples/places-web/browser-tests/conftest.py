"""Fixtures for the browser tests of places-web: servers on free loopback ports, and headless
Chromium pages driven by Selenium (offline: SE_OFFLINE=true and the driver's path given).

Environment: PLACES_WEB and PLACES_CLI name the built executables, CHROMEDRIVER and CHROMIUM
the browser's driver and binary (scripts/web-tests.sh sets them all)."""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "data"
SAMPLE = ROOT / "Examples" / "places-web" / "Sources" / "PlacesWeb" / "SampleData" / "places-sample.geojson"
PLACES_WEB = os.environ.get("PLACES_WEB", str(ROOT / "Examples/places-web/.build/debug/places-web"))
PLACES_CLI = os.environ.get("PLACES_CLI", str(ROOT / ".build/debug/places-cli"))


class Server:
    """A places-web process; `url` is the address its first line printed."""

    def __init__(self, *arguments, port=0):
        self.arguments = list(arguments)
        self.port = port
        self.start()

    def start(self):
        self.process = subprocess.Popen(
            [PLACES_WEB, "--port", str(self.port), *self.arguments],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline().strip()
        if not line.startswith("http://"):
            self.process.kill()
            raise RuntimeError(f"places-web printed {line!r}; stderr: {self.process.stderr.read()}")
        self.url = line
        self.port = int(line.rsplit(":", 1)[1].strip("/"))

    def stop(self):
        """Stops the server with SIGTERM and returns its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                return self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise
        return self.process.returncode


@pytest.fixture
def start_server():
    servers = []

    def start(*arguments, port=0):
        server = Server(*arguments, port=port)
        servers.append(server)
        return server

    yield start
    for server in servers:
        assert server.stop() == 0, "places-web must exit 0 on SIGTERM"


@pytest.fixture
def open_page():
    drivers = []

    def open(url, width=1200, height=1000):
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", shutil.which("chromium") or "chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--disable-gpu", f"--window-size={width},{height}"):
            options.add_argument(argument)
        service = Service(executable_path=os.environ.get("CHROMEDRIVER", shutil.which("chromedriver")))
        driver = webdriver.Chrome(service=service, options=options)
        drivers.append(driver)
        driver.get(url)
        wait_until_idle(driver)
        return driver

    yield open
    for driver in drivers:
        driver.quit()


def wait_until_idle(driver, timeout=30):
    """Waits until the page drew its first markers, has every message answered and no marker
    moving, twice in a row 100 ms apart."""
    def idle(_):
        return driver.execute_script(
            "const b = document.body.dataset;"
            "const moving = [...window.placesWeb.markers.values()].some(e => e.animating);"
            "return b.ready === 'true' && b.pending === '0' && b.connected === 'true' && !moving"
            " && b.moving !== 'true'"
            " && !document.querySelector('.leaving');")
    WebDriverWait(driver, timeout).until(idle)
    time.sleep(0.1)
    WebDriverWait(driver, timeout).until(idle)


def page_markers(driver):
    """The markers drawn: {data-marker: data-count}."""
    pairs = driver.execute_script(
        "return [...document.querySelectorAll('[data-marker]')]"
        ".map(e => [e.dataset.marker, Number(e.dataset.count)]);")
    result = dict(pairs)
    assert len(result) == len(pairs), "two markers drawn with one identity"
    return result


def marker_key(marker):
    return json.dumps(marker["id"]) if "id" in marker else marker["cluster"]


def cli_markers(places_file, cameras):
    """The markers places-cli's map view model shows after `cameras` (latitude, longitude,
    zoom), each reported at 390 by 844 points as the page's, replayed in one session."""
    script = "".join(f"camera {lat!r} {lon!r} {zoom!r}\n" for lat, lon, zoom in cameras)
    output = subprocess.run(
        [PLACES_CLI, "--places", str(places_file), "--format", "json", "session"],
        input=script, capture_output=True, text=True, timeout=120, check=True).stdout
    shown = {}
    for line in output.splitlines():
        record = json.loads(line)
        if record.get("view") != "map":
            continue
        if record["command"] == "showMarkers":
            shown = {marker_key(m): m["count"] for m in record["markers"]}
        elif record["command"] == "updateMarkers":
            for marker in record["removed"]:
                shown.pop(marker_key(marker), None)
            for marker in record["added"]:
                shown[marker_key(marker)] = marker["count"]
    return shown


@pytest.fixture
def places_copy():
    """A copy of the sample places in a temporary folder, for tests that rewrite it."""
    folder = tempfile.mkdtemp()
    path = pathlib.Path(folder) / "places.geojson"
    shutil.copy(SAMPLE, path)
    yield path
    shutil.rmtree(folder)

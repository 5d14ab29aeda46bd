#!/usr/bin/env python3
"""The baseline row of issue 25, item 8: the same map page with Leaflet.markercluster
clustering every point in the browser, beside places-web's page, whose server sends only the
markers on screen. Not run by CI (minutes at the larger sizes).

For each size it samples that many places of the world file (seeded), serves a page that
fetches them, makes a marker each and adds them all to a markerClusterGroup (Debian's
libjs-leaflet.markercluster, served from its installed folder with Leaflet, never committed),
and measures in headless Chromium the time from navigation to the first markers drawn and the
page's memory (the JavaScript heap, from the DevTools protocol, and the DOM's nodes). A size
that does not finish within --timeout seconds is reported as such. Then, with --places-web,
it starts places-web on the whole world file and measures its page the same way (time to
`document.body.dataset.ready`).

Usage:
  python3 Examples/places-web/scripts/markercluster-baseline.py \
      [--places ../shared/data/places-world.geojson] [--sizes 10000,30000,100000,170391] \
      [--timeout 300] [--places-web Examples/places-web/.build/debug/places-web]

Needs chromium, chromium-driver, libjs-leaflet, libjs-leaflet.markercluster (apt-get) and
selenium (pip); SE_OFFLINE=true is set here so that Selenium never reaches the network.
"""
import argparse
import functools
import http.server
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time

os.environ["SE_OFFLINE"] = "true"
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
ASSETS = pathlib.Path("/usr/share/javascript/leaflet")
BASEMAP = HERE.parent / "Sources" / "PlacesWeb" / "Page" / "basemap" / "countries-50m.json"
TARGET_FIRST_MARKERS_MS = 1000  # a page a person waits for: first markers within a second

# The baseline page: the same base map and map size as places-web's page, and every point in
# a markerClusterGroup. `window.baseline` holds the measures once the first markers are drawn.
PAGE = """<!doctype html>
<html><head><meta charset="utf-8">
<link rel="stylesheet" href="/assets/leaflet.css">
<link rel="stylesheet" href="/assets/MarkerCluster.css">
<link rel="stylesheet" href="/assets/MarkerCluster.Default.css">
<style>html, body, #map { margin: 0; width: 100%; height: 100%; }</style>
</head><body>
<div id="map"></div>
<script src="/assets/leaflet.js"></script>
<script src="/assets/leaflet.markercluster.js"></script>
<script>
  const map = L.map("map", { center: [20, 0], zoom: 2, minZoom: 1, maxZoom: 18 });
  fetch("/basemap.json").then((r) => r.json()).then((land) => {
    L.geoJSON(land, { interactive: false, renderer: L.canvas({ padding: 0.5 }),
      style: { color: "#b6a98f", weight: 0.8, fillColor: "#f3efe4", fillOpacity: 1 } }).addTo(map);
  });
  fetch("/points.json").then((r) => r.json()).then((points) => {
    const fetched = performance.now();
    const group = L.markerClusterGroup();
    const markers = points.map(([lat, lon, name]) => L.marker([lat, lon], { title: name }));
    group.addLayers(markers);
    map.addLayer(group);
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const drawn = document.querySelectorAll(".leaflet-marker-icon").length;
      window.baseline = { firstMarkers: performance.now(), fetched, drawn };
    }));
  });
</script></body></html>
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--places", default=str(ROOT.parent / "shared/data/places-world.geojson"))
    parser.add_argument("--sizes", default="10000,30000,100000,170391")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per size")
    parser.add_argument("--places-web", help="a built places-web, to measure its page too")
    arguments = parser.parse_args()

    features = json.loads(pathlib.Path(arguments.places).read_text())["features"]
    points = [(f["geometry"]["coordinates"][1], f["geometry"]["coordinates"][0],
               f["properties"].get("name", "")) for f in features
              if (f.get("geometry") or {}).get("type") == "Point"]
    sizes = [min(int(s), len(points)) for s in arguments.sizes.split(",")]
    print(f"markercluster-baseline: {len(points)} places in {arguments.places}; "
          f"Chromium {chromium_version()}, map 1280x800 at zoom 2")
    print(f"  {'page':<36} {'places':>8} {'first markers':>14} {'JS heap':>9} {'DOM nodes':>9}"
          f"  target")
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        (folder / "index.html").write_text(PAGE)
        shutil.copy(BASEMAP, folder / "basemap.json")
        (folder / "assets").symlink_to(ASSETS)
        server = serve(folder)
        try:
            for size in sizes:
                sample = sorted(random.Random(25).sample(range(len(points)), size))
                (folder / "points.json").write_text(json.dumps([points[i] for i in sample]))
                row = measure(f"http://127.0.0.1:{server.server_port}/",
                              "window.baseline && window.baseline.firstMarkers",
                              arguments.timeout)
                print_row("Leaflet.markercluster, all in browser", size, row)
        finally:
            server.shutdown()
    if arguments.places_web:
        process = subprocess.Popen(
            [arguments.places_web, "--places", arguments.places, "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = process.stdout.readline().strip() + "?map=1280x800"
            row = measure(url, "document.body.dataset.ready === 'true' && performance.now()",
                          arguments.timeout)
            print_row("places-web, markers from the server", len(points), row)
        finally:
            process.terminate()
            process.wait(timeout=30)


def serve(folder):
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *_):
        pass


def measure(url, done_expression, timeout):
    """Opens `url` in a new headless Chromium and waits for `done_expression` (the time of the
    first markers, from navigation, in ms); returns (ms or None on timeout, heap MB, nodes)."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", shutil.which("chromium") or "chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=1280,800"):
        options.add_argument(argument)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", shutil.which("chromedriver")))
    driver = webdriver.Chrome(service=service, options=options)
    try:
        driver.set_page_load_timeout(timeout)
        driver.set_script_timeout(timeout)
        driver.execute_cdp_cmd("Performance.enable", {})
        driver.get(url)
        deadline = time.monotonic() + timeout
        first = None
        while time.monotonic() < deadline:
            try:
                first = driver.execute_script("return " + done_expression + " || null;")
            except Exception:  # noqa: BLE001 - a page busy for minutes times the call out
                continue
            if first:
                break
            time.sleep(0.05)
        if not first:
            return None, float("nan"), 0
        metrics = {m["name"]: m["value"]
                   for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
        return first, metrics.get("JSHeapUsedSize", 0) / 1e6, int(metrics.get("Nodes", 0))
    except Exception:  # noqa: BLE001 - the page did not answer in time
        return None, float("nan"), 0
    finally:
        driver.quit()


def print_row(page, places, row):
    first, heap, nodes = row
    shown = f"{first / 1000:.2f} s" if first else "timed out"
    print(f"  {page:<36} {places:>8} {shown:>14} {heap:>6.0f} MB {nodes:>9}"
          f"  first markers under {TARGET_FIRST_MARKERS_MS / 1000:.0f} s", flush=True)


def chromium_version():
    binary = os.environ.get("CHROMIUM", shutil.which("chromium") or "chromium")
    try:
        words = subprocess.run([binary, "--version"], capture_output=True, text=True,
                              timeout=30).stdout.split()
        return next(word for word in words if word[:1].isdigit())
    except (OSError, subprocess.SubprocessError, StopIteration):
        return "?"


if __name__ == "__main__":
    sys.exit(main())

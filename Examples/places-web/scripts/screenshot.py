#!/usr/bin/env python3
"""Takes Examples/places-web/screenshot.png: the page at a fixed camera in headless Chromium.

Not run by CI. Needs what scripts/web-tests.sh installs and a built places-web:
  swift build --package-path Examples/places-web --product places-web
  python3 Examples/places-web/scripts/screenshot.py [--camera 48,12,5] [--choose Vienna]
It serves ../shared/data/places-world.geojson when it is there, else the sample.
"""
import argparse
import os
import pathlib
import shutil
import signal
import subprocess
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

os.environ.setdefault("SE_OFFLINE", "true")
EXAMPLE = pathlib.Path(__file__).resolve().parents[1]
WORLD = EXAMPLE.parents[2] / "shared" / "data" / "places-world.geojson"

parser = argparse.ArgumentParser()
parser.add_argument("--camera", default="48,12,5", help="latitude,longitude,zoom")
parser.add_argument("--places", default=str(WORLD) if WORLD.exists() else None)
parser.add_argument("--size", default="1280x800")
parser.add_argument("--choose", default="Vienna", help="a search to type and whose first match to choose")
parser.add_argument("--output", default=str(EXAMPLE / "screenshot.png"))
arguments = parser.parse_args()

command = [str(EXAMPLE / ".build" / "debug" / "places-web"), "--port", "0"]
if arguments.places:
    command += ["--places", arguments.places]
server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
try:
    url = server.stdout.readline().strip()
    width, height = arguments.size.split("x")
    options = webdriver.ChromeOptions()
    for option in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   f"--window-size={width},{height}"):
        options.add_argument(option)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", shutil.which("chromedriver")))
    driver = webdriver.Chrome(service=service, options=options)
    try:
        driver.get(f"{url}?camera={arguments.camera}")
        WebDriverWait(driver, 60).until(lambda d: d.execute_script(
            "return document.body.dataset.ready === 'true' && document.body.dataset.pending === '0';"))
        idle = ("return document.body.dataset.pending === '0'"
                " && document.body.dataset.moving !== 'true';")
        if arguments.choose:
            search = driver.find_element(By.ID, "search")
            search.send_keys(arguments.choose)
            WebDriverWait(driver, 30).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#matches li[data-place-id]"))
            search.send_keys(Keys.ENTER)
            time.sleep(0.5)
            WebDriverWait(driver, 30).until(lambda d: d.execute_script(idle))
            driver.execute_script("document.activeElement.blur();")
        time.sleep(1.5)  # the base map and the row requests
        driver.save_screenshot(arguments.output)
        print(arguments.output)
    finally:
        driver.quit()
finally:
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=30)

"""Headless Debian Chromium for the page tests (gallery, results report), driven through Selenium.

Both paths are given explicitly, so Selenium never looks for (or downloads) a driver or browser of
its own; the flags keep Chromium off the network this machine does not have.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHROMIUM_ARGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,900",
)


def headless_chromium(profile: Path, *, network_log: bool = False) -> WebDriver:
    """A fresh browser with its console captured (and, with `network_log`, every request it makes)."""
    if not (CHROMIUM.is_file() and CHROMEDRIVER.is_file()):
        pytest.fail(
            "Debian's browser is missing; install it with `apt-get install -y chromium chromium-driver`"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (*CHROMIUM_ARGS, f"--user-data-dir={profile}"):
        options.add_argument(argument)
    logs = {"browser": "ALL", **({"performance": "ALL"} if network_log else {})}
    options.set_capability("goog:loggingPrefs", logs)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_script_timeout(30)
    return driver


def open_page(browser: WebDriver, url: str) -> list[dict[str, Any]]:
    """Load `url`, wait until it is complete, and return the console messages it produced."""
    browser.get(url)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    return browser.get_log("browser")


def severe(messages: list[dict[str, Any]]) -> list[str]:
    """The console errors among `messages`."""
    return [m["message"] for m in messages if m["level"] == "SEVERE"]

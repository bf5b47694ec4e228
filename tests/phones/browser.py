"""A real phone for the phones' tests: headless Chromium (Debian's `chromium`, which .ci/run installs) driven by
Playwright's async API, with a phone's screen (360x740, mobile, touch). The browser is started once a test
process (the `browser` fixture of tests/phones/conftest.py: starting Playwright and Chromium is about 0.75 s of
CPU, and was started for each of 16 tests); each phone is a browser context of its own (cookies, storage,
language), closed after its test.

Playwright cannot download its own browser here, so it is pointed at the system's (WONDERS_SCORER_CHROMIUM,
else /usr/bin/chromium), without Chromium's sandbox (the tests may run as root, which the sandbox refuses).
Without a browser the tests are skipped with the reason, except where the browser is required
(WONDERS_SCORER_NEED_BROWSER, which .ci/run sets, or a CI service's own CI variable): there a missing browser
fails them, so a CI machine that lost Chromium is never green by skipping.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page

CHROMIUM = os.environ.get("WONDERS_SCORER_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"  # screenshots to look at (git-ignored)
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
EVENING = datetime(2026, 12, 1, 20, 0)  # an asleep phone's paused clock
WAIT_MS = 15_000  # a page follows the table within its 1.5 s poll; a loaded 2-core machine may take longer


def missing_browser() -> str | None:
    """Why no browser test can run here (None: it can)."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright is not installed (pip install -e '.[test]')"
    if shutil.which(CHROMIUM) is None:
        return f"Chromium is not installed at {CHROMIUM} (apt-get install chromium; .ci/run does)"
    return None


def required() -> bool:
    return bool(os.environ.get("WONDERS_SCORER_NEED_BROWSER") or os.environ.get("CI"))


def needs_browser() -> pytest.MarkDecorator:
    """Skip where there is no browser, but never where it is required (the fixture then fails, saying why)."""
    missing = missing_browser()
    return pytest.mark.skipif(bool(missing) and not required(), reason=missing or "")


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    missing = missing_browser()
    if missing:
        pytest.fail(f"the browser tests are required here (WONDERS_SCORER_NEED_BROWSER or CI): {missing}")
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            await browser.close()


async def phone(browser: Browser, url: str, locale: str = "en-US", *, asleep: bool = False) -> Page:
    """A phone (its own browser context: cookies, storage, language) open on `url`. `asleep`: its timers
    are Playwright's clock, paused, so it never polls (a phone left with its screen off)."""
    from playwright.async_api import expect

    expect.set_options(timeout=WAIT_MS)
    context = await browser.new_context(locale=locale, **PHONE)
    context.set_default_timeout(WAIT_MS)
    if asleep:  # paused before the page loads: not even its first poll runs unless the test runs the clock
        await context.clock.install(time=EVENING)
        await context.clock.pause_at(EVENING + timedelta(seconds=1))
    page = await context.new_page()
    await page.goto(url)
    return page


async def accepted(page: Page, action: Awaitable[Any]) -> None:
    """Do `action` (a tap, a choice) and wait until the page shows the state its edit made: the next edit
    then names that version, as a person's next tap would."""
    from playwright.async_api import expect

    seat = page.locator("#seat")
    before = await seat.get_attribute("data-version")
    await action
    await expect(seat).not_to_have_attribute("data-version", before or "")


async def screenshot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    await page.screenshot(path=str(path), full_page=True)
    return path


@asynccontextmanager
async def served(table: Any) -> AsyncIterator[None]:
    """`table` (a PhoneTable) listening on loopback for the phones, stopped after."""
    await table.start()
    try:
        yield
    finally:
        await table.stop()

"""The phones' server tests' fixtures: an HTTP client, the example game shared on a free local port, and a
browser for the phones (started once a test process; its tests run in the session's event loop, Playwright's
own, as their modules' pytestmark says)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import aiohttp
import pytest
import pytest_asyncio

from scorer.phones.table import PhoneTable
from tests.phones.browser import chromium
from tests.phones.tables import phone_table, session_at

if TYPE_CHECKING:
    from playwright.async_api import Browser


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as client:
        yield client


@pytest.fixture
async def shared() -> AsyncIterator[PhoneTable]:
    session, _ = session_at()
    table = phone_table(session)
    await table.start()
    yield table
    await table.stop()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def _chromium() -> AsyncIterator[Browser]:
    async with chromium() as browser:
        yield browser


@pytest_asyncio.fixture(loop_scope="session")
async def browser(_chromium: Browser) -> AsyncIterator[Browser]:
    """The process's browser; the phones a test opened (its contexts) are closed after it, so none goes on
    polling a table that has stopped, and the next test starts with no phone open."""
    yield _chromium
    for context in _chromium.contexts:
        await context.close()

"""The phones' server tests' fixtures: an HTTP client, and the example game shared on a free local port."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from scorer.phones.table import PhoneTable
from tests.phones.tables import phone_table, session_at


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

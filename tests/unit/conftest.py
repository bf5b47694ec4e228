"""Setup shared by the unit tests."""

import pytest


@pytest.fixture
def per_user_default_history(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """The history at its per-user default place, as a user without WONDERS_SCORER_DB has it, with that place
    a temporary folder: tests of the default location never touch the user's real history."""
    import platformdirs

    monkeypatch.delenv("WONDERS_SCORER_DB", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_path", lambda *a, **k: tmp_path / "user-data" / a[0])

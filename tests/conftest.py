"""Test-wide settings: the game's user data (the save slot) goes to a temporary folder, never the real one."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def private_user_data(tmp_path_factory):
    """platformdirs reads XDG_DATA_HOME on Linux; subprocesses of the tests inherit it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("user-data")))
        yield

"""
The real Label Studio Python SDK (label-studio-sdk 2.0.16 from PyPI) driving one server: the real
Label Studio or Outpost, whichever sdk.test.ts names in the environment. The same session runs
against both; what the SDK hands back is recorded (see `observe`) and sdk.test.ts compares the two
records after normalising ids, timestamps and tokens.

Environment: SDK_SERVER_URL, SDK_LEGACY_TOKEN, SDK_PAT, SDK_USER_EMAIL and
SDK_OBSERVATIONS (the JSON file the record is written to).
"""

import json
import os
import uuid

import pytest
from label_studio_sdk import LabelStudio
from label_studio_sdk._legacy import Client
from sdk_helpers import TEXT_CONFIG, plain

URL = os.environ["SDK_SERVER_URL"]
LEGACY_TOKEN = os.environ["SDK_LEGACY_TOKEN"]
PAT = os.environ["SDK_PAT"]
EMAIL = os.environ["SDK_USER_EMAIL"]

_observations: dict = {}


@pytest.fixture
def observe(request):
    """observe(what, value): keeps what the SDK returned, for sdk.test.ts to compare across servers."""

    def record(what, value):
        key = f"{request.node.name}/{what}"
        assert key not in _observations, f"observed twice: {key}"
        _observations[key] = plain(value)
        return value

    return record


def pytest_sessionfinish(session):
    path = os.environ.get("SDK_OBSERVATIONS")
    if path:
        with open(path, "w", encoding="utf-8") as file:
            json.dump(_observations, file, indent=1, sort_keys=True)


@pytest.fixture(params=["legacy token", "personal access token"])
def ls(request):
    """The SDK's LabelStudio client, once with each token kind (the SDK exchanges a PAT itself)."""
    key = LEGACY_TOKEN if request.param == "legacy token" else PAT
    return LabelStudio(base_url=URL, api_key=key)


@pytest.fixture
def legacy():
    """The legacy Client: it always sends `Authorization: Token`, so only the legacy token fits it."""
    return Client(url=URL, api_key=LEGACY_TOKEN)


@pytest.fixture
def new_project(request):
    """new_project(client, **fields): a project made through `client`, deleted again after the test."""
    created = []

    def create(client, **fields):
        fields.setdefault("title", f"SDK session {uuid.uuid4().hex[:8]}")
        fields.setdefault("label_config", TEXT_CONFIG)
        project = client.projects.create(**fields)
        created.append(project.id)
        return project

    yield create
    admin = LabelStudio(base_url=URL, api_key=LEGACY_TOKEN)
    for project_id in created:
        try:
            admin.projects.delete(project_id)
        except Exception:  # already deleted by the test
            pass

"""Who the SDK is, with each token kind, and what it does with a personal access token."""

import jwt
import pytest
from label_studio_sdk import LabelStudio
from label_studio_sdk.core.api_error import ApiError

from conftest import EMAIL, LEGACY_TOKEN, PAT, URL


def test_whoami_users_and_version(ls, observe):
    me = ls.users.whoami()
    assert me.email == EMAIL
    # The permission codes are the auth area's (the differential suite compares whoami in full).
    observe("whoami", {key: value for key, value in me.dict().items() if key != "permissions"})
    # Other interop files add users to the shared Label Studio, so only this session's own is compared.
    users = ls.users.list()
    assert me.id in [user.id for user in users]
    observe("users.list (this session's user)", [user for user in users if user.email == EMAIL])
    user = observe("users.get", ls.users.get(me.id))
    assert user.email == EMAIL
    assert ls.users.get_token().token == LEGACY_TOKEN
    version = ls.versions.get()
    assert version.release == "1.22.0" and version.edition == "Community"


def test_the_sdk_trades_a_pat_for_short_lived_access_tokens():
    client = LabelStudio(base_url=URL, api_key=PAT)
    tokens = client._client_wrapper._tokens_client
    assert tokens._use_legacy_token is False
    assert client.users.whoami().email == EMAIL
    access = jwt.decode(tokens._access_token, options={"verify_signature": False})
    assert access["token_type"] == "access"
    assert 0 < access["exp"] - access["iat"] <= 3600
    # An expired access token is traded again before the next call.
    tokens._access_token = jwt.encode({**access, "exp": access["iat"] - 1}, "not the server's key", algorithm="HS256")
    assert client.users.whoami().email == EMAIL
    assert jwt.decode(tokens._access_token, options={"verify_signature": False})["exp"] > access["iat"]


def test_wrong_keys_are_refused(observe):
    with pytest.raises(ApiError) as refused:
        LabelStudio(base_url=URL, api_key="0" * 40).users.whoami()
    observe("legacy token", {"status": refused.value.status_code, "body": refused.value.body})
    assert refused.value.status_code == 401
    header, payload, _ = PAT.split(".")
    with pytest.raises(ApiError) as forged:
        LabelStudio(base_url=URL, api_key=f"{header}.{payload}.AAAA").users.whoami()
    observe("forged pat", {"status": forged.value.status_code, "body": forged.value.body})
    assert forged.value.status_code == 401

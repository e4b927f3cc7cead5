"""Shared by the SDK session's tests: the label config they use, its result shape, and `plain`."""

import datetime

TEXT_CONFIG = """
<View>
  <Text name="text" value="$text"/>
  <Choices name="sentiment" toName="text">
    <Choice value="Positive"/>
    <Choice value="Negative"/>
  </Choices>
</View>
""".strip()


def sentiment(choice):
    """One Choices region of TEXT_CONFIG."""
    return [{"from_name": "sentiment", "to_name": "text", "type": "choices", "value": {"choices": [choice]}}]


def plain(value):
    """What the SDK returned as plain JSON values: models as the SDK dumps them, datetimes as a marker."""
    if hasattr(value, "dict") and hasattr(type(value), "model_fields"):
        return plain(value.dict())
    if isinstance(value, (datetime.datetime, datetime.date)):
        return "<datetime>"
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


# The Data Manager's `annotations_results` / `predictions_results` strings are Label Studio's
# database's text of the results: json.dumps spacing on SQLite (the server here), compact ujson
# on PostgreSQL, which Outpost writes. Which one a server shows depends on its database, so the
# session leaves them out of what it compares.
DISPLAY_STRINGS = {"annotations_results", "predictions_results"}


def without_display_strings(tasks):
    return [{key: value for key, value in plain(task).items() if key not in DISPLAY_STRINGS} for task in tasks]

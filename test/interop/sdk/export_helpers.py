"""What an export holds, in a form both servers' exports can be compared by (sdk.test.ts normalises ids and times)."""

import csv
import hashlib
import io
import json
import posixpath
import re
import zipfile

MD5 = re.compile(r"^[0-9a-f]{32}$")


def cell(text):
    """A CSV cell as the value it spells: JSON where it is JSON (ids, lists, objects), else the text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


NOW = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?$")
COLOR = re.compile(r"^#[0-9a-f]{6}$")


def steady(value, key=None):
    """Converter output without what changes from run to run (`str(datetime.now())` stamps, the
    random colours BRUSH_TO_COCO gives its categories) or from machine to machine: Label Studio's
    COCO `file_name` is the media file's path relative to its temporary folder (its bug #7294),
    Outpost writes `images/<name>` (docs/export-image-formats.md), so only the names are compared."""
    if isinstance(value, dict):
        return {k: steady(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [steady(item) for item in value]
    if key == "date_created" and isinstance(value, str) and NOW.match(value):
        return "<now>"
    if key == "color" and isinstance(value, str) and COLOR.match(value):
        return "<random colour>"
    if key == "file_name" and isinstance(value, str):
        return posixpath.basename(value)
    return value


def pixels(data):
    """An image by what it shows (PNG encoders differ in their bytes)."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        return {"size": list(image.size), "mode": image.mode, "pixels": hashlib.sha256(image.tobytes()).hexdigest()}


def describe_file(name, data):
    if data.startswith(b"\x89PNG"):
        return pixels(data)
    if name.endswith(".json"):
        return steady(json.loads(data))
    if name.endswith((".csv", ".tsv")):
        dialect = "excel-tab" if name.endswith(".tsv") else "excel"
        rows = list(csv.DictReader(io.StringIO(data.decode("utf-8")), dialect=dialect))
        return [{key: cell(value) for key, value in row.items()} for row in rows]
    if name.endswith((".txt", ".xml", ".conll")):
        return data.decode("utf-8").splitlines()
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


EXTENSIONS = {"JSON": ".json", "JSON_MIN": ".json", "CSV": ".csv", "TSV": ".tsv", "CONLL2003": ".conll"}


UPLOAD_PREFIX = re.compile(r"(^|/)[0-9a-f]{8}-")


def describe(data, export_type="JSON"):
    """An export's bytes: a zip as its members (in name order, random upload prefixes aside), a file as its content."""
    name = "export" + EXTENSIONS.get(export_type, "")
    if data[:4] == b"PK\x03\x04":
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = sorted(archive.namelist(), key=lambda member: UPLOAD_PREFIX.sub(r"\1", member))
            return [{"file": member, "content": describe_file(member, archive.read(member))} for member in names]
    return describe_file(name, data)


def without_md5(snapshot):
    """A snapshot as the SDK dumps it, its md5 (of bytes holding ids and times) masked."""
    value = snapshot.dict() if hasattr(snapshot, "dict") else dict(snapshot)
    if isinstance(value.get("md5"), str) and MD5.match(value["md5"]):
        value["md5"] = "<md5>"
    return value

"""The converter's formats through the SDK's export helpers, on projects whose configs offer them."""

import io
import struct
import wave
import zlib

import numpy
import pytest
from label_studio_sdk import LabelStudio
from label_studio_sdk.converter.brush import mask2rle

from conftest import LEGACY_TOKEN, URL
from export_helpers import describe

NER_CONFIG = (
    '<View><Labels name="label" toName="text"><Label value="PER"/><Label value="ORG"/></Labels>'
    '<Text name="text" value="$text"/></View>'
)
BOXES_CONFIG = (
    '<View><Image name="image" value="$image"/>'
    '<RectangleLabels name="box" toName="image"><Label value="cat"/><Label value="dog"/></RectangleLabels></View>'
)
BRUSH_CONFIG = (
    '<View><Image name="image" value="$image"/>'
    '<BrushLabels name="mask" toName="image"><Label value="cat"/></BrushLabels></View>'
)
AUDIO_CONFIG = '<View><Audio name="audio" value="$audio"/><TextArea name="transcription" toName="audio"/></View>'


def png(width, height):
    """A grey PNG, written by hand (no imaging library needed)."""

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def wav():
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(b"\x00\x00" * 800)
    return buffer.getvalue()


@pytest.fixture
def sdk():
    return LabelStudio(base_url=URL, api_key=LEGACY_TOKEN)


def upload_task(legacy, project_id, tmp_path, name, data):
    """One task made from an uploaded media file, as the legacy Project.import_tasks(path) does it."""
    path = tmp_path / name
    path.write_bytes(data)
    [task_id] = legacy.get_project(project_id).import_tasks(path)
    return task_id


def every_offered_format(sdk, project_id, observe):
    formats = sdk.projects.exports.list_formats(project_id)
    offered = [item["name"] for item in formats if not item.get("disabled")]
    observe("offered", offered)
    for name in offered:
        observe(name, describe(sdk.projects.exports.as_binary(project_id, export_type=name), name))
    return offered


def test_text_spans_as_conll(sdk, new_project, observe):
    project = new_project(sdk, label_config=NER_CONFIG)
    ids = sorted(
        sdk.projects.import_tasks(
            project.id, request=[{"text": "Ada Lovelace met Babbage"}, {"text": "ACME hired Bob"}], return_task_ids=True
        ).task_ids
    )
    span = lambda start, end, label, text: {
        "from_name": "label",
        "to_name": "text",
        "type": "labels",
        "value": {"start": start, "end": end, "text": text, "labels": [label]},
    }
    sdk.annotations.create(ids[0], result=[span(0, 12, "PER", "Ada Lovelace"), span(17, 24, "PER", "Babbage")])
    sdk.annotations.create(ids[1], result=[span(0, 4, "ORG", "ACME")])
    assert "CONLL2003" in every_offered_format(sdk, project.id, observe)


def box(x, y, label, rotation=0):
    value = {"x": x, "y": y, "width": 25.0, "height": 50.0, "rotation": rotation, "rectanglelabels": [label]}
    return {
        "from_name": "box",
        "to_name": "image",
        "type": "rectanglelabels",
        "original_width": 40,
        "original_height": 20,
        "image_rotation": 0,
        "value": value,
    }


def test_image_boxes_as_coco_voc_and_yolo(sdk, legacy, new_project, tmp_path, observe):
    project = new_project(sdk, label_config=BOXES_CONFIG)
    task = upload_task(legacy, project.id, tmp_path, "photo.png", png(40, 20))
    sdk.annotations.create(task, result=[box(10.0, 20.0, "cat"), box(50.0, 40.0, "dog", rotation=30)])
    offered = every_offered_format(sdk, project.id, observe)
    assert {"COCO", "VOC", "YOLO", "YOLO_OBB", "COCO_WITH_IMAGES", "YOLO_WITH_IMAGES"} <= set(offered)


def test_brush_masks_as_numpy_png_and_coco(sdk, legacy, new_project, tmp_path, observe):
    project = new_project(sdk, label_config=BRUSH_CONFIG)
    task = upload_task(legacy, project.id, tmp_path, "scan.png", png(8, 4))
    mask = [[255 if 2 <= x < 6 and y < 2 else 0 for x in range(8)] for y in range(4)]
    rle = mask2rle(numpy.array(mask, dtype=numpy.uint8))
    region = {
        "from_name": "mask",
        "to_name": "image",
        "type": "brushlabels",
        "original_width": 8,
        "original_height": 4,
        "value": {"format": "rle", "rle": rle, "brushlabels": ["cat"]},
    }
    sdk.annotations.create(task, result=[region])
    offered = every_offered_format(sdk, project.id, observe)
    assert {"BRUSH_TO_NUMPY", "BRUSH_TO_PNG", "BRUSH_TO_COCO"} <= set(offered)


def test_transcripts_as_asr_manifest(sdk, legacy, new_project, tmp_path, observe):
    project = new_project(sdk, label_config=AUDIO_CONFIG)
    task = upload_task(legacy, project.id, tmp_path, "hello.wav", wav())
    result = [
        {"from_name": "transcription", "to_name": "audio", "type": "textarea", "value": {"text": ["hello there"]}}
    ]
    sdk.annotations.create(task, result=result)
    assert "ASR_MANIFEST" in every_offered_format(sdk, project.id, observe)

"""Every export the SDK offers, on a text project: the easy export helpers, pandas, snapshots."""

import math
import time

import pytest
from label_studio_sdk.core.api_error import ApiError

from export_helpers import describe, without_md5
from sdk_helpers import sentiment


@pytest.fixture
def labeled(ls, new_project):
    """A text project: one task annotated, one skipped, one with a prediction only."""
    project = new_project(ls)
    ids = sorted(
        ls.projects.import_tasks(
            project.id, request=[{"text": "good"}, {"text": "skip me"}, {"text": "predicted"}], return_task_ids=True
        ).task_ids
    )
    ls.annotations.create(ids[0], result=sentiment("Positive"), lead_time=3.5)
    ls.annotations.create(ids[1], result=[], was_cancelled=True)
    ls.predictions.create(task=ids[2], result=sentiment("Negative"), score=0.5, model_version="m1")
    return project, ids


def test_easy_export_in_every_format(ls, labeled, observe):
    project, ids = labeled
    formats = ls.projects.exports.list_formats(project.id)
    observe("formats", formats)
    offered = [item["name"] for item in formats if not item.get("disabled")]
    assert offered == ["JSON", "JSON_MIN", "CSV", "TSV"]
    for name in offered:
        observe(f"as_binary {name}", describe(ls.projects.exports.as_binary(project.id, export_type=name), name))

    tasks = observe("as_json", ls.projects.exports.as_json(project.id))
    assert [task["id"] for task in tasks] == ids
    frame = ls.projects.exports.as_pandas(project.id)
    records = [
        {key: None if isinstance(value, float) and math.isnan(value) else value for key, value in row.items()}
        for row in frame.to_dict(orient="records")
    ]
    observe("as_pandas", {"columns": sorted(frame.columns), "records": records})
    # The converter leaves out the skipped task; the one with a prediction only stays, unlabeled.
    assert list(frame["text"]) == ["good", "predicted"] and list(frame["sentiment"].fillna("")) == ["Positive", ""]

    annotated_only = b"".join(ls.projects.exports.download_sync(project.id, export_type="JSON"))
    observe("download_sync annotated", describe(annotated_only))
    picked = b"".join(
        ls.projects.exports.download_sync(project.id, export_type="CSV", ids=[str(ids[2])], download_all_tasks=True)
    )
    observe("download_sync ids", describe(picked, "CSV"))


def wait_until_done(ls, project_id, export_id):
    for _ in range(60):
        snapshot = ls.projects.exports.get(project_id, export_id)
        if snapshot.status in ("completed", "failed"):
            return snapshot
        time.sleep(0.5)
    raise AssertionError(f"export {export_id} still {snapshot.status}")


def test_snapshots(ls, labeled, observe):
    project, ids = labeled
    created = ls.projects.exports.create(
        project.id,
        title="SDK snapshot",
        serialization_options={
            "drafts": {"only_id": True},
            "predictions": {"only_id": False},
            "annotations__completed_by": {"only_id": True},
        },
        annotation_filter_options={"usual": True, "ground_truth": True, "skipped": False},
    )
    observe("create", without_md5(created))
    done = wait_until_done(ls, project.id, created.id)
    assert done.status == "completed"
    observe("get", without_md5(done))
    listed = ls.projects.exports.list(project.id)
    assert [snapshot.id for snapshot in listed] == [created.id]
    observe("list", [without_md5(snapshot) for snapshot in listed])

    observe(
        "download JSON", describe(b"".join(ls.projects.exports.download(project.id, created.id, export_type="JSON")))
    )
    converted = observe("convert CSV", ls.projects.exports.convert(project.id, created.id, export_type="CSV"))
    assert converted.export_type == "CSV"
    csv = b"".join(ls.projects.exports.download(project.id, created.id, export_type="CSV"))
    observe("download CSV", describe(csv, "CSV"))
    observe("converted formats", [without_md5(snapshot) for snapshot in ls.projects.exports.list(project.id)])

    ls.projects.exports.delete(project.id, created.id)
    with pytest.raises(ApiError) as missing:
        ls.projects.exports.get(project.id, created.id)
    # Label Studio answers this 404 with its HTML page, Outpost with the JSON envelope: the SDK sees the status.
    observe("get after delete", missing.value.status_code)
    assert missing.value.status_code == 404

"""Import through the SDK (JSON, return_task_ids, predictions, preannotated fields) and the task pager."""

import json

import pytest
from label_studio_sdk.core.api_error import ApiError

from sdk_helpers import sentiment, without_display_strings


def by_id(tasks):
    return sorted(tasks, key=lambda task: task.id)


def page_sizes(pager):
    """Walks page by page as a script would: `iter_pages` lets the server's answer past the last page through."""
    sizes = []
    try:
        for page in pager.iter_pages():
            sizes.append(len(page.items))
    except ApiError as past_the_end:
        return sizes, {"status": past_the_end.status_code, "body": past_the_end.body}
    return sizes, None


def test_import_json_with_predictions_and_annotations(ls, new_project, observe):
    project = new_project(ls)
    imported = ls.projects.import_tasks(
        project.id,
        request=[
            {"data": {"text": "plain"}},
            {
                "data": {"text": "predicted"},
                "predictions": [{"result": sentiment("Positive"), "score": 0.75, "model_version": "v1"}],
            },
            {"data": {"text": "annotated"}, "annotations": [{"result": sentiment("Negative")}]},
            {"text": "flat"},
        ],
        return_task_ids=True,
    )
    observe("import", imported)
    # The SDK's model says `predictions_count`; the server says `prediction_count` (kept as an extra field).
    assert (imported.task_count, imported.annotation_count, imported.prediction_count) == (4, 1, 1)
    assert len(imported.task_ids) == 4
    tasks = by_id(ls.tasks.list(project=project.id))
    assert [task.id for task in tasks] == sorted(imported.task_ids)
    observe("tasks", without_display_strings(tasks))
    assert [task.data["text"] for task in tasks] == ["plain", "predicted", "annotated", "flat"]
    assert tasks[1].predictions[0].score == 0.75
    assert tasks[2].annotations[0]["result"][0]["value"] == {"choices": ["Negative"]}
    observe(
        "project counters",
        ls.projects.get(project.id).dict(
            include={
                "task_number",
                "total_annotations_number",
                "total_predictions_number",
                "num_tasks_with_annotations",
            }
        ),
    )


def test_import_preannotated_from_fields(ls, new_project, observe):
    project = new_project(ls)
    imported = ls.projects.import_tasks(
        project.id,
        request=[{"text": "one", "guess": "Positive"}, {"text": "two", "guess": "Negative"}],
        preannotated_from_fields=["guess"],
        return_task_ids=True,
    )
    observe("import", imported)
    tasks = by_id(ls.tasks.list(project=project.id))
    observe("tasks", without_display_strings(tasks))
    assert [task.data["text"] for task in tasks] == ["one", "two"]
    assert [task.predictions[0].result[0]["value"]["choices"] for task in tasks] == [["Positive"], ["Negative"]]


def test_import_refuses_bad_tasks_whole(ls, new_project, observe):
    project = new_project(ls)
    with pytest.raises(ApiError) as refused:
        ls.projects.import_tasks(project.id, request=[{"data": {"text": "fine"}}, {"data": {"other": "no text"}}])
    observe("refused", {"status": refused.value.status_code, "body": refused.value.body})
    assert refused.value.status_code == 400
    assert ls.projects.get(project.id).task_number == 0


def test_the_pager_walks_250_tasks(ls, new_project, observe):
    project = new_project(ls)
    imported = ls.projects.import_tasks(
        project.id, request=[{"text": f"task {index}", "index": index} for index in range(250)], return_task_ids=True
    )
    assert imported.task_count == 250
    # Pages of 30 until the server's 404 past the last page, which the SDK's pager takes as the end.
    walked = list(ls.tasks.list(project=project.id, page_size=30))
    assert [task.data["index"] for task in walked] == list(range(250))
    assert sorted(task.id for task in walked) == sorted(imported.task_ids)
    pages, end = page_sizes(ls.tasks.list(project=project.id, page_size=100))
    observe("pages", {"sizes": pages, "end": end})
    assert pages == [100, 100, 50]
    first = ls.tasks.list(project=project.id, page_size=2, fields="task_only")
    # Which computed Data Manager columns a task_only page carries is the task list's own matter
    # (Label Studio adds these four only for shown, filtered or ordered columns; Outpost always, and
    # its stored agreement, a column the community edition does not have).
    computed = {"avg_lead_time", "completed_at", "draft_exists", "predictions_score", "agreement"}
    observe(
        "first page, task_only", [{k: v for k, v in task.dict().items() if k not in computed} for task in first.items]
    )
    ids_only = ls.tasks.list(project=project.id, page_size=3, include="id")
    observe("include=id", [sorted(task.dict()) for task in ids_only.items])
    assert all(isinstance(task.id, int) and task.data is None for task in ids_only.items)
    query = {
        "filters": {
            "conjunction": "and",
            "items": [{"filter": "filter:tasks:data.index", "operator": "less", "type": "Number", "value": 5}],
        }
    }
    filtered = list(ls.tasks.list(project=project.id, query=json.dumps(query)))
    assert sorted(task.data["index"] for task in filtered) == [0, 1, 2, 3, 4]


def test_task_create_get_update_delete(ls, new_project, observe):
    project = new_project(ls)
    created = observe(
        "create", ls.tasks.create(project=project.id, data={"text": "made by tasks.create"}, meta={"source": "sdk"})
    )
    fetched = observe("get", ls.tasks.get(str(created.id)))
    assert fetched.data == {"text": "made by tasks.create"}
    updated = observe("update", ls.tasks.update(str(created.id), data={"text": "changed"}))
    assert updated.data == {"text": "changed"}
    ls.tasks.delete(str(created.id))
    with pytest.raises(ApiError) as missing:
        ls.tasks.get(str(created.id))
    observe("get after delete", {"status": missing.value.status_code, "body": missing.value.body})
    assert missing.value.status_code == 404
    # An empty project: the pager ends at once, and the old paginated list answers an empty page.
    assert list(ls.tasks.list(project=project.id)) == []

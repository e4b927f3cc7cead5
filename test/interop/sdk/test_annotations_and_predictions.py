"""Annotations and predictions through the SDK: create, list, get, update, delete, bulk predictions."""

import pytest
from label_studio_sdk.core.api_error import ApiError

from sdk_helpers import sentiment


def error_of(call):
    with pytest.raises(ApiError) as raised:
        call()
    return {"status": raised.value.status_code, "body": raised.value.body}


def test_annotations(ls, new_project, observe):
    project = new_project(ls)
    task_ids = ls.projects.import_tasks(
        project.id, request=[{"text": "a"}, {"text": "b"}], return_task_ids=True
    ).task_ids
    task = min(task_ids)
    me = ls.users.whoami()

    created = observe("create", ls.annotations.create(task, result=sentiment("Positive"), lead_time=2.5))
    assert created.completed_by == me.id and created.task == task and created.lead_time == 2.5
    skipped = observe("create skipped", ls.annotations.create(max(task_ids), result=[], was_cancelled=True))
    assert skipped.was_cancelled is True
    listed = observe("list", ls.annotations.list(task))
    assert [annotation.id for annotation in listed] == [created.id]
    fetched = observe("get", ls.annotations.get(created.id))
    assert fetched.result == sentiment("Positive")

    updated = observe("update", ls.annotations.update(created.id, result=sentiment("Negative"), ground_truth=True))
    assert updated.result[0]["value"]["choices"] == ["Negative"] and updated.ground_truth is True
    observe(
        "task after", ls.tasks.get(str(task)).dict(include={"is_labeled", "total_annotations", "cancelled_annotations"})
    )
    observe(
        "project after",
        ls.projects.get(project.id).dict(
            include={
                "num_tasks_with_annotations",
                "total_annotations_number",
                "skipped_annotations_number",
                "ground_truth_number",
                "finished_task_number",
            }
        ),
    )

    ls.annotations.delete(created.id)
    observe("get after delete", error_of(lambda: ls.annotations.get(created.id)))
    assert ls.annotations.list(task) == []
    observe("bad result", error_of(lambda: ls.annotations.create(task, result={"not": "a list"})))


def test_predictions(ls, new_project, observe):
    project = new_project(ls)
    task_ids = sorted(
        ls.projects.import_tasks(
            project.id, request=[{"text": f"t{i}"} for i in range(3)], return_task_ids=True
        ).task_ids
    )

    created = observe(
        "create", ls.predictions.create(task=task_ids[0], result=sentiment("Positive"), score=0.9, model_version="m1")
    )
    assert created.task == task_ids[0] and created.score == 0.9
    bulk = observe(
        "import_predictions",
        ls.projects.import_predictions(
            project.id,
            request=[
                {"task": task_id, "result": sentiment("Negative"), "score": 0.4, "model_version": "m2"}
                for task_id in task_ids[1:]
            ],
        ),
    )
    assert bulk.created == 2
    by_project = observe("list by project", sorted(ls.predictions.list(project=project.id), key=lambda p: p.id))
    assert len(by_project) == 3
    by_task = observe("list by task", ls.predictions.list(task=task_ids[0]))
    assert [prediction.id for prediction in by_task] == [created.id]
    fetched = observe("get", ls.predictions.get(created.id))
    assert fetched.model_version == "m1"
    updated = observe("update", ls.predictions.update(created.id, score=0.1, model_version="m3"))
    assert (updated.score, updated.model_version) == (0.1, "m3")
    observe("project after", ls.projects.get(project.id).dict(include={"total_predictions_number", "model_version"}))

    ls.predictions.delete(created.id)
    observe("get after delete", error_of(lambda: ls.predictions.get(created.id)))
    assert len(ls.predictions.list(project=project.id)) == 2
    observe("missing task", error_of(lambda: ls.predictions.create(task=10**9, result=sentiment("Positive"))))

"""The legacy `Client` and `Project` (label_studio_sdk._legacy), as older scripts use them: legacy token only."""

import json
import uuid

from label_studio_sdk import LabelStudio
from label_studio_sdk.data_manager import Column, Filters, Operator, Type

from conftest import EMAIL, LEGACY_TOKEN, URL
from export_helpers import describe, without_md5
from sdk_helpers import TEXT_CONFIG, sentiment, without_display_strings


def by_text(tasks):
    return sorted(tasks, key=lambda task: task["data"]["text"])


def test_projects_and_users(legacy, observe):
    assert legacy.check_connection() == {"status": "UP"}
    assert EMAIL in [user.email for user in legacy.get_users()]
    title = f"Legacy {uuid.uuid4().hex[:8]}"
    project = legacy.start_project(title=title, label_config=TEXT_CONFIG, description="old style")
    try:
        assert project.get_params()["title"] == title
        observe("parsed_label_config", project.parsed_label_config)
        project.set_params(title=f"{title} renamed", maximum_annotations=3)
        assert legacy.get_project(project.id).get_params()["maximum_annotations"] == 3
        assert project.id in [listed.id for listed in legacy.list_projects()]
        assert project.id in [listed.id for listed in legacy.get_projects(title=title)]
    finally:
        response = legacy.delete_project(project.id)
    observe("delete", response.status_code)
    assert project.id not in [listed.id for listed in legacy.list_projects()]


def test_import_files_tasks_and_labels(legacy, tmp_path, observe):
    project = legacy.start_project(title=f"Legacy {uuid.uuid4().hex[:8]}", label_config=TEXT_CONFIG)
    try:
        from_list = project.import_tasks(
            [{"text": "from a list"}, {"text": "with a guess", "guess": "Negative"}], preannotated_from_fields=["guess"]
        )
        assert len(from_list) == 2
        csv_file = tmp_path / "tasks.csv"
        csv_file.write_text("text,score\nfrom csv one,1\nfrom csv two,2\n")
        json_file = tmp_path / "tasks.json"
        json_file.write_text(
            json.dumps(
                [
                    {
                        "data": {"text": "from json"},
                        "predictions": [{"result": sentiment("Positive"), "model_version": "file"}],
                    }
                ]
            )
        )
        from_csv = project.import_tasks(str(csv_file))
        from_json = project.import_tasks(json_file)
        assert (len(from_csv), len(from_json)) == (2, 1)
        uploads = LabelStudio(base_url=URL, api_key=LEGACY_TOKEN).files.list(project.id, all_=True)
        observe("file uploads", sorted((upload.file for upload in uploads), key=lambda name: name.rsplit("-", 1)[-1]))

        tasks = project.get_tasks()
        assert len(tasks) == 5
        observe("tasks", without_display_strings(by_text(tasks)))
        page = project.get_paginated_tasks(page=2, page_size=2)
        observe("page 2", {key: value for key, value in page.items() if key != "tasks"})
        assert len(page["tasks"]) == 2
        assert project.get_paginated_tasks(page=9, page_size=2) == {"tasks": [], "end_pagination": True}
        assert sorted(project.get_tasks_ids()) == sorted(from_list + from_csv + from_json)
        one = project.get_task(from_csv[0])
        assert one["data"]["text"] == "from csv one"
        project.update_task(from_csv[0], data={"text": "from csv, edited", "score": 1})

        annotation = project.create_annotation(from_list[0], result=sentiment("Positive"), lead_time=1.0)
        assert [item["id"] for item in project.list_annotations(from_list[0])] == [annotation["id"]]
        project.update_annotation(annotation["id"], result=sentiment("Negative"))
        assert project.get_annotation(annotation["id"])["result"][0]["value"]["choices"] == ["Negative"]
        project.create_prediction(from_csv[1], result=sentiment("Positive"), score=0.8, model_version="legacy")
        project.create_predictions([{"task": from_csv[0], "result": sentiment("Negative"), "model_version": "legacy"}])
        observe("model versions", project.get_model_versions())
        observe("labeled", sorted(project.get_labeled_tasks_ids()) == sorted([from_list[0]]))
        converted = observe(
            "predictions to annotations", project.create_annotations_from_predictions(model_versions=["legacy"])
        )
        assert converted == {"detail": "Created 2 annotations"}
        observe("labeled after", len(project.get_labeled_tasks_ids()))
        filters = Filters.create(
            Filters.AND, [Filters.item(Column.id, Operator.EQUAL, Type.Number, Filters.value(from_json[0]))]
        )
        assert [task["id"] for task in project.get_tasks(filters=filters)] == from_json
        project.delete_annotation(annotation["id"])
        assert project.list_annotations(from_list[0]) == []

        project.delete_task(from_list[1])
        project.delete_tasks([from_csv[0]])
        assert len(project.get_tasks_ids()) == 3
        project.delete_all_tasks(excluded_ids=[from_json[0]])
        assert project.get_tasks_ids() == from_json
    finally:
        legacy.delete_project(project.id)


def test_exports(legacy, tmp_path, observe):
    project = legacy.start_project(title=f"Legacy {uuid.uuid4().hex[:8]}", label_config=TEXT_CONFIG)
    try:
        ids = project.import_tasks([{"text": "kept"}, {"text": "plain"}])
        project.create_annotation(ids[0], result=sentiment("Positive"))
        observe("export_tasks JSON", project.export_tasks())
        observe("export_tasks all", project.export_tasks(download_all_tasks=True, ids=[ids[1]]))
        path = project.export_tasks(export_type="CSV", export_location=tmp_path / "out" / "export.csv")
        observe("export_tasks CSV", describe(path.read_bytes(), "CSV"))

        created = project.export_snapshot_create(title="Legacy snapshot")
        assert project.export_snapshot_status(created["id"]).is_completed()
        observe("snapshot", without_md5(created))
        observe("snapshot list", [without_md5(item) for item in project.export_snapshot_list()])
        status, filename = project.export_snapshot_download(created["id"], export_type="JSON", path=str(tmp_path))
        assert status == 200 and filename.endswith(".json")
        observe("snapshot JSON", describe((tmp_path / filename).read_bytes()))
        status, filename = project.export_snapshot_download(created["id"], export_type="CSV", path=str(tmp_path))
        assert status == 200 and filename.endswith(".csv")
        observe("snapshot CSV", describe((tmp_path / filename).read_bytes(), "CSV"))
        assert project.export_snapshot_delete(created["id"]) == 204
        assert project.export_snapshot_list() == []

        filters = Filters.create(
            Filters.AND, [Filters.item(Column.id, Operator.EQUAL, Type.Number, Filters.value(ids[1]))]
        )
        result = project.export(filters=filters, export_type="JSON", output_dir=str(tmp_path / "filtered"))
        assert result["status"] == 200
        exported = json.loads((tmp_path / "filtered" / result["filename"]).read_bytes())
        observe("export() with filters", exported)
        assert [task["id"] for task in exported] == [ids[1]]
        assert project.get_views() == []
    finally:
        legacy.delete_project(project.id)

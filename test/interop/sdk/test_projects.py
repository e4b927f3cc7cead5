"""Projects through the SDK: create, list (the pager), get, update, validate a config, delete."""

import uuid

import pytest
from label_studio_sdk.core.api_error import ApiError

from sdk_helpers import TEXT_CONFIG

NER_CONFIG = """
<View>
  <Labels name="label" toName="text">
    <Label value="PER"/>
    <Label value="ORG"/>
  </Labels>
  <Text name="text" value="$text"/>
</View>
""".strip()


def test_create_get_update_delete(ls, new_project, observe):
    created = new_project(
        ls,
        title="SDK projects",
        description="made by the SDK",
        label_config=TEXT_CONFIG,
        expert_instruction="<b>be kind</b>",
        show_instruction=True,
        maximum_annotations=2,
        color="#FF0000",
    )
    observe("create", created)
    project = observe("get", ls.projects.get(created.id))
    assert project.title == "SDK projects" and project.maximum_annotations == 2
    interface = project.get_label_interface()
    assert [control.name for control in interface.controls] == ["sentiment"]
    assert project.parsed_label_config["sentiment"]["labels"] == ["Positive", "Negative"]

    updated = observe("update", ls.projects.update(created.id, title="SDK projects, renamed", label_config=NER_CONFIG))
    assert updated.title == "SDK projects, renamed"
    assert set(ls.projects.get(created.id).parsed_label_config) == {"label"}

    ls.projects.delete(created.id)
    with pytest.raises(ApiError) as missing:
        ls.projects.get(created.id)
    observe("get after delete", {"status": missing.value.status_code, "body": missing.value.body})
    assert missing.value.status_code == 404


def test_list_pages_through_every_project(ls, new_project, observe):
    marker = uuid.uuid4().hex[:8]
    ids = [new_project(ls, title=f"SDK list {marker} {index}").id for index in range(5)]
    # page_size 2: the pager asks for pages until Label Studio's 404 past the last one.
    listed = [project for project in ls.projects.list(title=marker, page_size=2)]
    assert sorted(project.id for project in listed) == sorted(ids)
    observe(
        "list by title", sorted([project.title.replace(marker, "<marker>"), project.task_number] for project in listed)
    )
    everything = [project.id for project in ls.projects.list(page_size=3)]
    assert set(ids) <= set(everything) and len(everything) == len(set(everything))
    by_ids = ls.projects.list(ids=",".join(str(id) for id in ids[:2]))
    assert sorted(project.id for project in by_ids) == sorted(ids[:2])
    only_counts = next(iter(ls.projects.list(title=marker, include="id,title,task_number"))).dict()
    observe("list include", {**only_counts, "title": only_counts["title"].replace(marker, "<marker>")})
    counts = ls.projects.list_counts(ids=str(ids[0]))
    observe("counts", counts)


def test_validate_label_config(ls, new_project, observe):
    project = new_project(ls)
    valid = ls.projects.validate_label_config(project.id, label_config=NER_CONFIG)
    observe("valid", valid)
    with pytest.raises(ApiError) as invalid:
        ls.projects.validate_label_config(
            project.id,
            label_config="<View><Text name='text' value='$text'/>"
            "<Choices name='c' toName='missing'><Choice value='a'/></Choices></View>",
        )
    observe("invalid", {"status": invalid.value.status_code, "body": invalid.value.body})
    assert invalid.value.status_code == 400
    with pytest.raises(ApiError) as broken:
        ls.projects.create(title="SDK broken config", label_config="<View><Text name=")
    observe("create with broken XML", {"status": broken.value.status_code, "body": broken.value.body})
    assert broken.value.status_code == 400

"""Adds tasks to a project of the interop rig's Label Studio through its own import code, in process.

  seed_tasks.py DATA_DIR FILES_ROOT < {"project": ID, "tasks": [...]}

The tasks are in the import API's form (data, annotations with completed_by, predictions). The
import API (POST /api/projects/{id}/import) served about 100 tasks a second past 20,000 tasks here,
so a 100,000-task project took some 18 minutes to seed. This runs what that endpoint runs after
parsing the request (its serializer's validation and bulk save, then the task counters and states
and the project summary's data columns), without HTTP, in chunks of 10,000 as if each were one
import request: the tasks come out as an import makes them (test/interop/bench/seededTasks.test.ts
compares them field by field), 100,000 in about 3 minutes. Label Studio may be running on
DATA_DIR meanwhile: its SQLite database takes the writes in turn.

Prints {"task_ids": [...], "seconds": ...} as JSON on standard output.
"""
import json
import os
import pathlib
import sys
import time

import rig

CHUNK = 10_000


def setup_django(data_dir, files_root):
    os.environ.update(rig.label_studio_env(data_dir, files_root))
    os.environ['DJANGO_SETTINGS_MODULE'] = 'label_studio.core.settings.label_studio'
    import label_studio

    # Label Studio's apps import one another by their short names (`tasks`, `projects`).
    sys.path.insert(0, str(pathlib.Path(label_studio.__file__).parent))
    import django

    django.setup()


def seed(project_id, tasks):
    from data_import.serializers import ImportApiSerializer
    from projects.models import Project

    project = Project.objects.get(id=project_id)
    user = project.created_by
    task_ids = []
    for start in range(0, len(tasks), CHUNK):
        chunk = tasks[start:start + CHUNK]
        serializer = ImportApiSerializer(data=chunk, many=True, context={'project': project, 'user': user})
        serializer.is_valid(raise_exception=True)
        saved = serializer.save(project_id=project.id)
        # What the import API does after each request's save (data_import/api.py, sync_import).
        project.update_tasks_counters_and_task_states(
            tasks_queryset=saved,
            maximum_annotations_changed=False,
            overlap_cohort_percentage_changed=False,
            tasks_number_changed=True,
            recalculate_stats_counts={
                'task_count': len(saved),
                'annotation_count': len(serializer.db_annotations),
                'prediction_count': len(serializer.db_predictions),
            },
        )
        project.summary.update_data_columns(chunk)
        task_ids.extend(task.id for task in saved)
        print(f'seed_tasks: {len(task_ids)} tasks', file=sys.stderr, flush=True)
    return task_ids


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    request = json.load(sys.stdin)
    started = time.monotonic()
    # Label Studio's settings print to standard output: only the answer goes there.
    answer, sys.stdout = sys.stdout, sys.stderr
    setup_django(sys.argv[1], sys.argv[2])
    ids = seed(int(request['project']), request['tasks'])
    json.dump({'task_ids': ids, 'seconds': time.monotonic() - started}, answer)

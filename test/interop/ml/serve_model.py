"""Serves keyword_model.KeywordModel with label-studio-ml's own Flask app on HOST:PORT.

    python serve_model.py --host 127.0.0.1 --port 9090 --model-dir /tmp/model

Besides what the framework keeps in the model directory (a folder per webhook job), every request
is appended to requests.jsonl there, so a test can see which calls each server made: the
framework's app logs nothing a test could read.
"""

import argparse
import json
import os

from flask import request
from label_studio_ml.api import init_app

from keyword_model import KeywordModel

REQUEST_LOG = 'requests.jsonl'


def summary(body):
    """The body of a call, and what tests look for in it: the webhook's action, the ids of the tasks to
    predict, setup's hostname and project uid."""
    if not isinstance(body, dict):
        return {}
    picked = {key: body[key] for key in ('action', 'hostname', 'project') if isinstance(body.get(key), str)}
    picked['body'] = body
    if isinstance(body.get('tasks'), list):
        picked['tasks'] = [task.get('id') for task in body['tasks'] if isinstance(task, dict)]
    return picked


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--host', default='127.0.0.1')
    parser.add_argument('--port', type=int, required=True)
    parser.add_argument('--model-dir', required=True)
    args = parser.parse_args()

    app = init_app(KeywordModel, model_dir=args.model_dir)
    log_path = os.path.join(args.model_dir, REQUEST_LOG)

    @app.before_request
    def record_request():
        entry = {'method': request.method, 'path': request.path, **summary(request.get_json(silent=True))}
        with open(log_path, 'a') as log:
            log.write(json.dumps(entry) + '\n')

    app.run(host=args.host, port=args.port, threaded=True, use_reloader=False)


if __name__ == '__main__':
    main()

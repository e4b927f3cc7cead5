"""A small, deterministic text classifier for the interop suite's real ML backend (label-studio-ml 1.0.9).

It serves a project whose config has one <Choices> on a <Text>: each task gets the choice whose
keywords its text holds most often. It starts from two seed keywords; START_TRAINING makes it
fetch the project's annotations from the server that asked (with the hostname and access token
that server gave in /setup) and learn a keyword for every word seen under one choice only. The
framework names each trained model after its training job, so the model version changes then.
"""

import json
import os
import re

import requests
from label_studio_ml.model import LabelStudioMLBase, LabelStudioMLManager

SEED_KEYWORDS = {'good': 'Positive', 'bad': 'Negative'}
# Shorter words are too common to mean a choice.
MIN_KEYWORD_LENGTH = 4
# /setup's hostname and token, written where a training job (a separate process, built without
# them) finds them: the model directory, parent of every job's workdir.
CONNECTION_FILE = 'connection.json'
# A task may name the choice to answer, so a test can make the model answer one the config lacks.
FORCED_CHOICE_KEY = 'forced_choice'


def words_of(text):
    return re.findall(r"[a-z']+", str(text).lower())


def choices_control(parsed_label_config):
    """(from_name, to_name, data key, choices) of the config's first Choices tag."""
    for from_name, control in (parsed_label_config or {}).items():
        if control.get('type') == 'Choices' and control.get('inputs'):
            return from_name, control['to_name'][0], control['inputs'][0]['value'], list(control.get('labels', []))
    raise ValueError('keyword_model needs a label config with a <Choices> on a <Text>')


def learn_keywords(tasks, from_name, data_key):
    """Every long enough word that appears under exactly one choice, in the tasks' annotations."""
    labels_by_word = {}
    for task in tasks:
        text_words = set(words_of(task.get('data', {}).get(data_key, '')))
        for annotation in task.get('annotations', []):
            if annotation.get('was_cancelled'):
                continue
            for region in annotation.get('result', []):
                if region.get('from_name') != from_name:
                    continue
                for choice in region.get('value', {}).get('choices', []):
                    for word in text_words:
                        labels_by_word.setdefault(word, set()).add(choice)
    return {
        word: next(iter(labels))
        for word, labels in sorted(labels_by_word.items())
        if len(labels) == 1 and len(word) >= MIN_KEYWORD_LENGTH
    }


class KeywordModel(LabelStudioMLBase):
    # The framework trains on these webhook events; annotation events are only heard.
    TRAIN_EVENTS = ('START_TRAINING',)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # A model loaded for /setup gets its training job's result (what fit returned) as train_output.
        self.keywords = {**SEED_KEYWORDS, **self.train_output.get('keywords', {})}
        if self.hostname and LabelStudioMLManager.model_dir:
            path = os.path.join(LabelStudioMLManager.model_dir, CONNECTION_FILE)
            with open(path, 'w') as f:
                json.dump({'hostname': self.hostname, 'access_token': self.access_token}, f)

    def predict(self, tasks, **kwargs):
        from_name, to_name, data_key, choices = choices_control(self.parsed_label_config)
        return [self._predict_one(task, from_name, to_name, data_key, choices) for task in tasks]

    def _predict_one(self, task, from_name, to_name, data_key, choices):
        data = task.get('data', {})
        hits = {choice: 0 for choice in choices}
        for word in words_of(data.get(data_key, '')):
            choice = self.keywords.get(word)
            if choice in hits:
                hits[choice] += 1
        total = sum(hits.values())
        # Most hits wins, the config's order breaks ties; no hit at all falls back to the last choice.
        best = max(choices, key=lambda c: (hits[c], -choices.index(c))) if total else choices[-1]
        best = data.get(FORCED_CHOICE_KEY, best)
        score = round(hits.get(best, 0) / total, 4) if total else 0.0
        region = {'from_name': from_name, 'to_name': to_name, 'type': 'choices', 'value': {'choices': [best]}}
        return {'result': [region], 'score': score}

    def fit(self, tasks, workdir=None, **kwargs):
        project = kwargs['data']['project']
        from_name, _, data_key, _ = choices_control(self.parsed_label_config)
        with open(os.path.join(os.path.dirname(workdir), CONNECTION_FILE)) as f:
            connection = json.load(f)
        # The server that sent START_TRAINING is asked for its annotated tasks with what it gave in /setup.
        response = requests.get(
            f"{connection['hostname'].rstrip('/')}/api/projects/{project['id']}/export",
            params={'exportType': 'JSON'},
            headers={'Authorization': f"Token {connection['access_token']}"},
            timeout=30,
        )
        response.raise_for_status()
        annotated = response.json()
        return {'keywords': learn_keywords(annotated, from_name, data_key), 'tasks': len(annotated)}

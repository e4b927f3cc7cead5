"""How the interop suite runs the real Label Studio 1.22: one place for its user, tokens and settings.

Run with the Python of the venv test/interop/install.sh builds:

  rig.py start DATA_DIR FILES_ROOT PORT [ACCESS_TOKEN_SECONDS]
      becomes `label-studio start` (exec: the process id stays the same) on 127.0.0.1:PORT with
      that data folder, the suite's user with a legacy token, and local-file serving under
      FILES_ROOT.
  rig.py serve DATA_DIR FILES_ROOT PORT PROCESSES
      the same Label Studio, data folder and settings served the way its Docker image serves them
      (uWSGI, PROCESSES worker processes, as deploy/uwsgi.ini sets 4), instead of the single
      process of `label-studio start`. Only for a data folder a start has already set up.
  rig.py template
      builds, once per installation, the migrated data folder every start copies (Django's
      migrations take about 40 s on a quiet machine, minutes on a busy one): the user, a personal
      access token, legacy tokens on. Idempotent; concurrent calls take turns through a lock.

The template folder holds `data/` (copied by each start), `user.json` (the user and both tokens)
and `stamp` (the installation it was built from).
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
INTEROP_DIR = Path(os.environ.get('OUTPOST_INTEROP_DIR') or HERE.parents[2] / '.interop')
TEMPLATE = INTEROP_DIR / 'template'
LOCK = INTEROP_DIR / 'template.lock'
LABEL_STUDIO = Path(sys.executable).parent / 'label-studio'

EMAIL = 'interop@example.com'
PASSWORD = 'interop-password-1'
LEGACY_TOKEN = 'abcdef0123456789abcdef0123456789abcdef01'

# Label Studio keeps the SECRET_KEY it generates in <data>/.env and reads it back with
# django-environ, which takes a value starting with '$' for a reference to another variable and
# reads it as ''. One data folder in 50 so gets a new key at every start, and the template's
# personal access token stops verifying (seen in a CI run): every start gets this key instead.
SECRET_KEY = 'outpost-interop-rig-secret-key-not-used-outside-tests-0123456789'
# Names this file's recipe in the template's stamp: a change to the recipe rebuilds the template.
RECIPE = 'rig-1'

TEMPLATE_START_SECONDS = 600
STALE_LOCK_SECONDS = TEMPLATE_START_SECONDS + 120


def label_studio_env(data_dir, files_root, access_token_seconds=None):
    env = dict(os.environ)
    if access_token_seconds is not None:
        env['DJANGO_SETTINGS_MODULE'] = 'interop_settings'
        env['PYTHONPATH'] = ':'.join(filter(None, [str(HERE), env.get('PYTHONPATH')]))
        env['OUTPOST_INTEROP_ACCESS_TOKEN_SECONDS'] = str(access_token_seconds)
    env.update({
        'LABEL_STUDIO_BASE_DATA_DIR': str(data_dir),
        'SECRET_KEY': SECRET_KEY,
        'LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED': 'true',
        'LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT': str(files_root),
        # No call to pypi.org at each start: the rig depends on nothing but loopback.
        'LATEST_VERSION_CHECK': 'false',
        # Nor its usage telemetry: after each request Label Studio parsed the user agent and posted
        # to tele.labelstud.io from a new thread (689 times in one group's run), about a tenth of
        # its CPU in the conformance files, on machines where the interop groups share two cores.
        'COLLECT_ANALYTICS': 'false',
        'PYTHONUNBUFFERED': '1',
    })
    return env


def label_studio_args(data_dir, port):
    return [
        str(LABEL_STUDIO), 'start', '--no-browser', '--internal-host', '127.0.0.1', '--port', str(port),
        '--data-dir', str(data_dir), '--username', EMAIL, '--password', PASSWORD,
        '--user-token', LEGACY_TOKEN, '--enable-legacy-api-token',
    ]


def start(data_dir, files_root, port, access_token_seconds=None):
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    # Its own folder as the working directory: Label Studio reports the git commit of the folder it runs in.
    os.chdir(data_dir)
    os.execve(str(LABEL_STUDIO), label_studio_args(data_dir, port),
              label_studio_env(data_dir, files_root, access_token_seconds))


def serve(data_dir, files_root, port, processes):
    import sysconfig

    import label_studio

    env = label_studio_env(data_dir, files_root)
    # uWSGI's Python finds Label Studio's packages and settings as the Docker image sets them.
    env['PYTHONPATH'] = ':'.join(filter(None, [sysconfig.get_paths()['purelib'], env.get('PYTHONPATH')]))
    env['DJANGO_SETTINGS_MODULE'] = 'core.settings.label_studio'
    uwsgi = Path(sys.executable).parent / 'uwsgi'
    os.chdir(data_dir)
    os.execve(str(uwsgi), [
        str(uwsgi), '--http', f'127.0.0.1:{port}', '--chdir', str(Path(label_studio.__file__).parent),
        '--module', 'core.wsgi:application', '--master', '--processes', str(processes),
        '--single-interpreter', '--need-app', '--buffer-size', '65535', '--http-timeout', '3600',
        '--die-on-term', '--ignore-sigpipe', '--ignore-write-errors', '--disable-write-exception',
        '--disable-logging',
    ], env)


def stamp():
    installed = (Path(sys.prefix) / '.installed').read_text().strip()
    return f'{installed}+{RECIPE}'


def is_built(wanted):
    stamp_file = TEMPLATE / 'stamp'
    return stamp_file.exists() and stamp_file.read_text() == wanted


def free_port():
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        return probe.getsockname()[1]


def call(url, method='GET'):
    request = urllib.request.Request(url, method=method, headers={'Authorization': f'Token {LEGACY_TOKEN}'})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def wait_for_health(url, process, log_file):
    deadline = time.monotonic() + TEMPLATE_START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f'interop: Label Studio exited before it was up:\n{log_file.read_text()[-4000:]}')
        try:
            with urllib.request.urlopen(f'{url}/health', timeout=10) as response:
                if response.status == 200:
                    return
        except OSError:
            pass  # Not listening yet.
        time.sleep(0.25)
    process.kill()
    sys.exit(f'interop: Label Studio did not answer /health within {TEMPLATE_START_SECONDS} s:\n'
             f'{log_file.read_text()[-4000:]}')


def build(wanted):
    building = Path(tempfile.mkdtemp(prefix='template-building-', dir=INTEROP_DIR))
    data_dir, files_root, log_path = building / 'data', building / 'files', building / 'label-studio.log'
    data_dir.mkdir()
    port = free_port()
    url = f'http://127.0.0.1:{port}'
    with open(log_path, 'wb') as log:
        process = subprocess.Popen(label_studio_args(data_dir, port), cwd=data_dir, stdout=log, stderr=log,
                                   env=label_studio_env(data_dir, files_root))
    try:
        wait_for_health(url, process, log_path)
        user = call(f'{url}/api/current-user/whoami')
        pat = call(f'{url}/api/token/', method='POST')['token']
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    shutil.rmtree(files_root, ignore_errors=True)
    log_path.unlink()
    (building / 'user.json').write_text(json.dumps(
        {'id': user['id'], 'email': EMAIL, 'password': PASSWORD, 'token': LEGACY_TOKEN, 'pat': pat}))
    (building / 'stamp').write_text(wanted)
    shutil.rmtree(TEMPLATE, ignore_errors=True)
    building.rename(TEMPLATE)


def template():
    # Stopped from outside (install.sh failing elsewhere): stop Label Studio and free the lock.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit('interop: the template build was stopped'))
    wanted = stamp()
    if is_built(wanted):
        return
    INTEROP_DIR.mkdir(parents=True, exist_ok=True)
    while True:
        try:
            LOCK.mkdir()  # Atomic: two builds side by side on two cores each took over four minutes.
            break
        except FileExistsError:
            if is_built(wanted):
                return
            try:
                if time.time() - LOCK.stat().st_mtime > STALE_LOCK_SECONDS:
                    shutil.rmtree(LOCK, ignore_errors=True)  # Left by a build that died.
            except FileNotFoundError:
                pass
            time.sleep(1)
    try:
        if not is_built(wanted):
            started = time.monotonic()
            build(wanted)
            print(f'interop: built the Label Studio template in {time.monotonic() - started:.0f} s', flush=True)
    finally:
        shutil.rmtree(LOCK, ignore_errors=True)


if __name__ == '__main__':
    command, *rest = sys.argv[1:] or ['']
    if command == 'start' and len(rest) in (3, 4):
        start(rest[0], rest[1], int(rest[2]), int(rest[3]) if len(rest) == 4 else None)
    elif command == 'serve' and len(rest) == 4:
        serve(rest[0], rest[1], int(rest[2]), int(rest[3]))
    elif command == 'template' and not rest:
        template()
    else:
        sys.exit(__doc__)

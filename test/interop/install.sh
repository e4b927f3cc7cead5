#!/usr/bin/env bash
# Creates (once) what the interop suite runs beside Outpost: Python virtual environments for Label
# Studio and its SDK, for the ML backend (label-studio-ml pins a Flask older than Label Studio's, so
# the two cannot share one), for moto (the S3 server of the storage tests) and for the reference
# agreement statistics (scikit-learn, statsmodels, krippendorff); fake-gcs-server built
# from the Go module proxy; and it checks that Debian's redis-server is there. Idempotent: what was
# built from the same requirements is reused; a changed requirements file rebuilds it.
set -euo pipefail
cd "$(dirname "$0")/../.."

dir="${OUTPOST_INTEROP_DIR:-$PWD/.interop}"
python="${OUTPOST_INTEROP_PYTHON:-python3}"

if ! command -v "$python" >/dev/null 2>&1; then
  echo "interop: $python not found; the interop suite needs Python 3.10+ with pip and venv" >&2
  exit 1
fi
if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)'; then
  echo "interop: $("$python" --version 2>&1) is too old; Label Studio 1.22 needs Python 3.10+" >&2
  exit 1
fi

# ensure_venv VENV REQUIREMENTS WHAT CHECK: builds VENV from REQUIREMENTS unless its stamp says it
# already was, then runs the Python statement CHECK in it, so a broken install fails here, loudly.
ensure_venv() {
  local venv="$1" requirements="$2" what="$3" check="$4"
  local stamp
  stamp="$("$python" --version 2>&1) $(sha256sum "$requirements" | cut -d' ' -f1)"
  if [ -f "$venv/.installed" ] && [ "$(cat "$venv/.installed")" = "$stamp" ]; then
    return 0
  fi
  echo "interop: installing $what into $venv (once)"
  rm -rf "$venv"
  mkdir -p "$dir"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  # Not byte-compiled at install: that is minutes of CPU on two cores for files mostly never
  # imported; Python compiles what it imports, once, on first use.
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-compile -r "$requirements"
  if ! "$venv/bin/python" -c "$check"; then
    echo "interop: $what installed into $venv but does not import; see the error above" >&2
    exit 1
  fi
  echo "$stamp" > "$venv/.installed"
}

# ensure_fake_gcs: fake-gcs-server, the Google Cloud Storage emulator (a Go module), built once into
# $dir/go-bin.
ensure_fake_gcs() {
  local version="v1.56.1"
  local bin="$dir/go-bin"
  if [ -x "$bin/fake-gcs-server" ] && [ "$(cat "$bin/.version" 2>/dev/null)" = "$version" ]; then
    return 0
  fi
  if ! command -v go >/dev/null 2>&1; then
    echo "interop: go not found; the storage tests build fake-gcs-server with Go (1.22+)" >&2
    exit 1
  fi
  echo "interop: building fake-gcs-server $version into $dir/go-bin (once)"
  mkdir -p "$dir/go-bin"
  GOBIN="$dir/go-bin" GOFLAGS=-mod=mod go install "github.com/fsouza/fake-gcs-server@$version"
  echo "$version" > "$dir/go-bin/.version"
}

# redis-server comes from Debian (.ci/run installs it); the Redis storage tests start their own.
if ! command -v redis-server >/dev/null 2>&1; then
  echo "interop: redis-server not found; install Debian's redis-server" \
    "(apt-get install redis-server)" >&2
  exit 1
fi

# The environments do not depend on each other and most of their time is downloading, so they
# install at once. Label Studio's migrated template (test/interop/python/rig.py) follows its own
# environment: Django's migrations are most of a first start.
mkdir -p "$dir"
(
  ensure_venv "$dir/venv" test/interop/requirements.txt "Label Studio (a few minutes)" \
    "import label_studio"
  OUTPOST_INTEROP_DIR="$dir" exec "$dir/venv/bin/python" test/interop/python/rig.py template
) &
label_studio=$!
ensure_venv "$dir/ml-venv" test/interop/ml/requirements.txt "the label-studio-ml backend" \
  "import label_studio_ml.api" &
ml=$!
ensure_venv "$dir/storage-venv" test/interop/storages/requirements.txt "moto (the S3 server)" \
  "import moto.server" &
storage=$!
ensure_venv "$dir/stats-venv" test/interop/stats-requirements.txt \
  "the reference agreement statistics" "import sklearn.metrics, statsmodels.stats.inter_rater, krippendorff" &
stats=$!
ensure_fake_gcs &
gcs=$!
# Interrupted, the build stops whatever still runs (rig.py then stops its Label Studio).
trap 'kill "$label_studio" "$ml" "$storage" "$stats" "$gcs" 2>/dev/null || true' EXIT

failed=0
wait "$ml" || failed=1
wait "$storage" || failed=1
wait "$stats" || failed=1
wait "$gcs" || failed=1
if ! wait "$label_studio"; then
  echo "interop: Label Studio or its template did not build into $dir/venv; see the error above" >&2
  failed=1
fi
trap - EXIT
exit "$failed"

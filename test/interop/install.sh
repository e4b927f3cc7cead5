#!/usr/bin/env bash
# Creates (once) what the interop suite runs beside Outpost: Python virtual environments for Label
# Studio and its SDK, for the ML backend (label-studio-ml pins a Flask older than Label Studio's, so
# the two cannot share one), for moto (the S3 server of the storage tests) and for the reference
# agreement statistics (scikit-learn, statsmodels, krippendorff); fake-gcs-server built
# from the Go module proxy; and it checks that Debian's redis-server is there. Idempotent: what was
# built from the same requirements is reused; a changed requirements file rebuilds it.
#
# The environments are made by uv (from PyPI, pinned in test/interop/uv-requirements.txt, installed
# by pip into an environment of its own): it fetches and unpacks in parallel and installed Label
# Studio in 12 s where pip took 96 s, most of that CPU on the two cores `npm test` also needs.
#
# With OUTPOST_INTEROP_READY set to a folder, each part touches a file named after it there once it
# is ready (label-studio, ml, storage, stats, gcs), so a caller can start what needs only some parts
# (.ci/run starts each interop group on its own parts) while the others still build.
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

uv="$dir/uv-venv/bin/uv"
export UV_CACHE_DIR="$dir/uv-cache"

# ensure_uv: uv itself, once, in an environment of its own (pip needs nothing but Python).
ensure_uv() {
  local stamp
  stamp="$("$python" --version 2>&1) $(sha256sum test/interop/uv-requirements.txt | cut -d' ' -f1)"
  if [ -x "$uv" ] && [ "$(cat "$dir/uv-venv/.installed" 2>/dev/null)" = "$stamp" ]; then
    return 0
  fi
  rm -rf "$dir/uv-venv"
  mkdir -p "$dir"
  "$python" -m venv "$dir/uv-venv"
  "$dir/uv-venv/bin/python" -m pip install --quiet --disable-pip-version-check -r test/interop/uv-requirements.txt
  echo "$stamp" > "$dir/uv-venv/.installed"
}

# ready PART: tells a caller that set OUTPOST_INTEROP_READY that PART can be used.
ready() {
  if [ -n "${OUTPOST_INTEROP_READY:-}" ]; then touch "$OUTPOST_INTEROP_READY/$1"; fi
}

# ensure_venv VENV REQUIREMENTS WHAT CHECK: builds VENV from REQUIREMENTS unless its stamp says it
# already was, then runs the Python statement CHECK in it, so a broken install fails here, loudly.
# Nothing is byte-compiled at install (uv's default): Python compiles what it imports, once.
ensure_venv() {
  local venv="$1" requirements="$2" what="$3" check="$4"
  local stamp
  stamp="$("$python" --version 2>&1) $(sha256sum "$requirements" | cut -d' ' -f1)"
  if [ -f "$venv/.installed" ] && [ "$(cat "$venv/.installed")" = "$stamp" ]; then
    return 0
  fi
  echo "interop: installing $what into $venv (once)"
  rm -rf "$venv"
  "$uv" venv --quiet --python "$python" "$venv"
  "$uv" pip install --quiet --python "$venv/bin/python" -r "$requirements"
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
  # Built without optimisation (-N -l): a fifth less CPU on two cores that `npm test` also needs,
  # for an emulator the tests ask little of. Not niced: the interop group that uses it waits for it.
  GOBIN="$dir/go-bin" GOFLAGS=-mod=mod go install -gcflags='all=-N -l' -ldflags='-s -w' -trimpath \
    "github.com/fsouza/fake-gcs-server@$version"
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
ensure_uv
(
  ensure_venv "$dir/venv" test/interop/requirements.txt "Label Studio" "import label_studio"
  # In the background so that the trap below reaches it: stopped, it stops its Label Studio.
  OUTPOST_INTEROP_DIR="$dir" "$dir/venv/bin/python" test/interop/python/rig.py template &
  rig=$!
  trap 'kill "$rig" 2>/dev/null' TERM
  wait "$rig"
  ready label-studio
) &
label_studio=$!
(
  ensure_venv "$dir/ml-venv" test/interop/ml/requirements.txt "the label-studio-ml backend" \
    "import label_studio_ml.api"
  ready ml
) &
ml=$!
(
  ensure_venv "$dir/storage-venv" test/interop/storages/requirements.txt "moto (the S3 server)" \
    "import moto.server"
  ready storage
) &
storage=$!
(
  ensure_venv "$dir/stats-venv" test/interop/stats-requirements.txt \
    "the reference agreement statistics" "import sklearn.metrics, statsmodels.stats.inter_rater, krippendorff"
  ready stats
) &
stats=$!
(
  ensure_fake_gcs
  ready gcs
) &
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

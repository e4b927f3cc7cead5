#!/usr/bin/env bash
# Creates (once) the Python virtual environment the interop suite runs Label Studio and its SDK from.
# Idempotent: a venv built from the same requirements is reused; a changed requirements file rebuilds it.
set -euo pipefail
cd "$(dirname "$0")/../.."

dir="${OUTPOST_INTEROP_DIR:-$PWD/.interop}"
venv="$dir/venv"
requirements="test/interop/requirements.txt"
python="${OUTPOST_INTEROP_PYTHON:-python3}"

if ! command -v "$python" >/dev/null 2>&1; then
  echo "interop: $python not found; the interop suite needs Python 3.10+ with pip and venv" >&2
  exit 1
fi
if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)'; then
  echo "interop: $("$python" --version 2>&1) is too old; Label Studio 1.22 needs Python 3.10+" >&2
  exit 1
fi

stamp="$("$python" --version 2>&1) $(sha256sum "$requirements" | cut -d' ' -f1)"
if [ -f "$venv/.installed" ] && [ "$(cat "$venv/.installed")" = "$stamp" ]; then
  exit 0
fi

echo "interop: installing Label Studio into $venv (a few minutes, once)"
rm -rf "$venv"
mkdir -p "$dir"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
echo "$stamp" > "$venv/.installed"
echo "interop: installed $("$venv/bin/python" -m pip show label-studio 2>/dev/null | grep -i "^version")"

#!/usr/bin/env bash
# `npm test`: the type check and the linters run beside the build and vitest rather than before
# them. Vitest's browser and child-process tests leave much of the CPU idle, waiting on Chromium and
# sockets, and the single-threaded checks fill it (on CI's two cores the run is about 100 s
# shorter). The checks' output follows vitest's; any of them failing fails the run. Arguments go to
# vitest (`npm test -- test/e2e/labeling.test.ts`).
set -uo pipefail
cd "$(dirname "$0")/.."

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
npm run --silent typecheck >"$out/typecheck" 2>&1 &
typecheck=$!
npm run --silent lint >"$out/lint" 2>&1 &
lint=$!

status=0
if node electron/install/ensureBuilt.mjs; then
  npx vitest run "$@" || status=1
else
  status=1
fi

for check in typecheck lint; do
  pid=$typecheck
  [ "$check" = lint ] && pid=$lint
  if wait "$pid"; then
    echo "$check: ok"
  else
    status=1
    echo "---- $check failed:"
    cat "$out/$check"
  fi
done
exit "$status"

#!/usr/bin/env bash
# `npm test`'s static checks: the type check and the linters at once. Each is single-threaded, so on
# the two-core machines this halves their wall time; both always run, and either failing fails.
set -uo pipefail
cd "$(dirname "$0")/.."
npm run --silent typecheck &
typecheck=$!
npm run --silent lint &
lint=$!
status=0
wait "$typecheck" || status=1
wait "$lint" || status=1
exit "$status"

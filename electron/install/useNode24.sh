#!/usr/bin/env bash
# Outpost runs on Node 24. On a machine whose `node` is older (these build machines come with
# Debian's Node 20), this fetches Node 24 from the npm registry, where the `node-<os>-<arch>`
# packages carry Node's own binary and headers, into the checkout's ignored `.node/` folder, once.
#
#   source electron/install/useNode24.sh   puts Node 24 first on PATH in this shell (CI does this)
#   npm run setup:node                     installs it and prints the line to put it on PATH
#
# Sourced, it also points node-gyp at those headers (npm_config_nodedir), so better-sqlite3's
# source build compiles against the Node that runs it without downloading headers.

OUTPOST_NODE_MAJOR=24
outpost_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
outpost_node_prefix="$outpost_root/.node"

outpost_node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

outpost_use_node24() {
  if [ "$(outpost_node_major node)" -ge "$OUTPOST_NODE_MAJOR" ]; then
    return 0
  fi
  local os arch package home
  os="$(uname -s | tr '[:upper:]' '[:lower:]')"
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) arch="$(uname -m)" ;;
  esac
  package="node-$os-$arch"
  home="$outpost_node_prefix/node_modules/$package"
  if [ "$(outpost_node_major "$home/bin/node")" -ne "$OUTPOST_NODE_MAJOR" ]; then
    echo "outpost: installing Node $OUTPOST_NODE_MAJOR ($package from the npm registry) into .node/" >&2
    npm install --prefix "$outpost_node_prefix" --no-save --no-audit --no-fund --loglevel=error \
      "$package@$OUTPOST_NODE_MAJOR" >&2 || return 1
  fi
  export PATH="$home/bin:$PATH"
  export npm_config_nodedir="$home"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  # Run rather than sourced: install, then say how to use it (a child cannot change its parent's PATH).
  set -euo pipefail
  outpost_use_node24
  echo "Node $(node --version) is ready. Put it first on PATH in your shell:"
  echo "  source electron/install/useNode24.sh"
else
  outpost_use_node24
fi

#!/usr/bin/env bash
# Installs, once, Portkey's open AI gateway for the peer tier (a test server like llama-server: not a dependency of
# the project) into $ASK_MODEL_CACHE/gateway (default ~/.cache/ask-model/gateway), from the npm registry only, with
# every package at the version and integrity hash of gateway/package-lock.json (`npm ci`). A second run whose stamp
# matches that lock file is a no-op. Prints the path of the gateway's start-server.js as its last line.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PINS="$HERE/gateway"
GATEWAY_VERSION=1.15.2
NODE_SERVER_VERSION=1.14.1

CACHE="${ASK_MODEL_CACHE:-$HOME/.cache/ask-model}/gateway"
ENTRY="$CACHE/node_modules/@portkey-ai/gateway/build/start-server.js"
STAMP="$CACHE/.stamp"

say() { printf '[setup-gateway] +%ss %s\n' "$SECONDS" "$*" >&2; }
fail() { printf '[setup-gateway] +%ss ERROR: %s\n' "$SECONDS" "$*" >&2; exit 1; }

# An install started from inside `npm run` would inherit the outer npm's configuration (its prefix, its user agent);
# startGateway.ts starts this script without them (npmFreeEnvironment).
if [[ -n "${npm_config_user_agent:-}${npm_lifecycle_event:-}" ]]; then
  fail "started with an outer npm's environment (npm_config_user_agent=${npm_config_user_agent:-}); start it through test/support/peer/startGateway.ts or from a plain shell"
fi

# The stamp is the lock file's hash: a changed pin installs again, an unchanged one never does.
STAMP_TEXT="$(sha256sum "$PINS/package-lock.json" "$PINS/package.json" | cut -c1-64 | tr '\n' ' ')"
ready() { [[ -f "$STAMP" && "$(cat "$STAMP")" == "$STAMP_TEXT" && -f "$ENTRY" ]]; }
if ready; then
  echo "$ENTRY"
  exit 0
fi

mkdir -p "$CACHE"
# One installer at a time (two test files or two runs starting together): the second waits, then finds it in place.
if command -v flock >/dev/null; then
  exec 9>"$CACHE/.lock"
  flock 9
  if ready; then
    echo "$ENTRY"
    exit 0
  fi
fi
rm -f "$STAMP"

say "installing @portkey-ai/gateway $GATEWAY_VERSION with @hono/node-server $NODE_SERVER_VERSION into $CACHE"
cp "$PINS/package.json" "$PINS/package-lock.json" "$CACHE/"
rm -rf "$CACHE/node_modules"
(cd "$CACHE" && npm ci --no-audit --no-fund --loglevel=error >&2) || fail "npm ci failed in $CACHE (see npm's output above)"

installed() { node -p "require('$CACHE/node_modules/$1/package.json').version" 2>/dev/null || echo missing; }
[[ "$(installed @portkey-ai/gateway)" == "$GATEWAY_VERSION" ]] || fail "@portkey-ai/gateway is $(installed @portkey-ai/gateway), not $GATEWAY_VERSION"
[[ "$(installed @hono/node-server)" == "$NODE_SERVER_VERSION" ]] || fail "@hono/node-server is $(installed @hono/node-server), not $NODE_SERVER_VERSION"
# A nested newer copy would be the one the gateway loads (the bug of Portkey-AI/gateway#1389).
nested="$(find "$CACHE/node_modules" -path '*/node_modules/@hono/node-server/package.json' -not -path "$CACHE/node_modules/@hono/node-server/package.json" | head -n1)"
[[ -z "$nested" ]] || fail "a second @hono/node-server is installed at $nested; the gateway would load it"
[[ -f "$ENTRY" ]] || fail "installed, but $ENTRY is missing"

printf '%s' "$STAMP_TEXT" >"$STAMP"
say "ready (cached in $CACHE)"
echo "$ENTRY"

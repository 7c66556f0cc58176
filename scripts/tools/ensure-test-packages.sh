#!/usr/bin/env bash
# The tests' system packages, from Debian, installed when missing (needs root, as on the project's machines and CI):
# - chromium-headless-shell: the browser tests drive it (playwright's own browser download is blocked here);
# - chromium: the full browser, for npm run bench:lighthouse and bench:library;
# - postgresql: the server tests start a throwaway cluster with its initdb and pg_ctl (test-support/postgres-cluster.ts).
set -euo pipefail
missing=()
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1; }
else
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
fi
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || [ -n "${PG_BIN:-}" ] || missing+=(postgresql)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]} for the tests"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

#!/usr/bin/env bash
# The tests' system packages, from Debian, installed when missing (needs root, as on the project's machines and CI):
# - chromium-headless-shell: the browser tests drive it (playwright's own browser download is blocked here);
# - chromium: the full browser, for npm run bench:lighthouse and bench:library;
# - postgresql: the server tests start a throwaway cluster with its initdb and pg_ctl (test-support/postgres-cluster.ts);
# - nginx: the editor's proxy tests run it as a child process with a configuration of their own (tests/server/nginx-proxy.ts);
#   Debian's package would also start it as a service, which a container's policy-rc.d usually forbids, and the tests
#   need none.
set -euo pipefail
missing=()
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1; }
else
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
fi
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || [ -n "${PG_BIN:-}" ] || missing+=(postgresql)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]} for the tests"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

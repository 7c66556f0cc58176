#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (playwright's own browser download is blocked here).
# Installs it when missing; needs root, as on the project's machines and CI.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "Chromium not found at $CHROMIUM: installing Debian's chromium package"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

#!/usr/bin/env bash
# Installs Debian's Chromium for the e2e suite when it is missing (browser downloads do not work
# here: Playwright drives /usr/bin/chromium through executablePath).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Chromium is missing and this user cannot install it: run 'apt-get install -y chromium' as root." >&2
  exit 1
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "Installing Debian's chromium for the browser tests…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
chromium --version

#!/usr/bin/env bash
# Install and prepare what the web tests need in CI: Debian's Chromium (driven by Playwright
# through its executable path: no browser download), CJK fonts for the card faces, and PostgreSQL
# (the tests start a throwaway server themselves with initdb/pg_ctl in a temp dir, as user
# `postgres` when run as root). Safe to run more than once.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v runuser >/dev/null 2>&1 || need+=(util-linux)

if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# Python packages of the web app and its tests (Playwright only as a driver: no `playwright install`).
python3 -m pip install -q starlette uvicorn websockets sqlalchemy alembic "psycopg[binary]" httpx psutil playwright

echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo missing)"
echo "postgresql: $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | head -1)"

#!/usr/bin/env bash
# `npm run web`: builds the web app (ui/web/build.sh) and serves it on this machine; open the
# address it prints. `--no-build` serves the last build.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${1:-}" != "--no-build" ]; then bash ui/web/build.sh; fi
echo "The web app: http://localhost:4173/ (Ctrl+C stops the server)"
exec npx vite preview --config ui/web/vite.config.ts --mode web --port 4173 --strictPort

#!/usr/bin/env bash
# The server a club deploys: the web app (`npm run build:web`, into ui/web/dist) and the release
# `ultima-server`, laid out in dist-server/ as
#
#   dist-server/ultima-server   the binary (it serves the `web` folder beside it)
#   dist-server/web/            the web app, each text file with a .br and a .gz beside it
#                               (compressed once here, at the best levels, not at each request)
#
# so that folder is the thing to copy to a server. `--start` then starts it from here (the games
# in ./ultima-data/, every interface, port 8080), passing on the arguments after it:
#
#   bash scripts/server-release.sh                 # build and lay out dist-server/
#   npm run server                                 # the same, then start it
#   npm run server -- --listen 127.0.0.1:9000      # ... with the server's own arguments
#   bash scripts/server-release.sh --skip-web      # the web app in ui/web/dist is already built
set -euo pipefail
cd "$(dirname "$0")/.."

start=0
skip_web=0
while [ $# -gt 0 ]; do
  case "$1" in
    --start) start=1 ;;
    --skip-web) skip_web=1 ;;
    --) shift; break ;;
    *) break ;;
  esac
  shift
done

if [ "$skip_web" -eq 0 ]; then
  npm run build:web
fi
if [ ! -f ui/web/dist/index.html ]; then
  echo "ui/web/dist has no index.html: build the web app first (npm run build:web)" >&2
  exit 1
fi
cargo build --release -p ultima-server
target_dir=$(cargo metadata --format-version 1 --no-deps |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')

out=dist-server
# Only what this script writes is replaced: a data folder kept there stays.
mkdir -p "$out"
rm -rf "$out/web"
cp "$target_dir/release/ultima-server" "$out/ultima-server"
# The release profile keeps some debug information (for profiling): not in the deployed binary.
if command -v strip >/dev/null; then
  strip "$out/ultima-server"
fi
cp -R ui/web/dist "$out/web"

# Brotli (quality 11) and gzip (level 9) beside each file that compresses, for the server to
# send as they are to a browser that accepts them.
node - "$out/web" <<'JS'
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const root = process.argv[2];
const worth = /\.(html|js|mjs|css|wasm|json|webmanifest|svg|txt|map|ico)$/;
let files = 0, raw = 0, br = 0, gz = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) { walk(file); continue; }
    if (!worth.test(entry.name)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < 1024) continue;
    const brotli = zlib.brotliCompressSync(bytes, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    } });
    const gzip = zlib.gzipSync(bytes, { level: 9 });
    // Kept only where it saves something.
    if (brotli.length < bytes.length * 0.95) { fs.writeFileSync(`${file}.br`, brotli); br += brotli.length; }
    if (gzip.length < bytes.length * 0.95) { fs.writeFileSync(`${file}.gz`, gzip); gz += gzip.length; }
    files += 1; raw += bytes.length;
  }
}
walk(root);
console.log(`compressed ${files} files: ${raw} bytes, ${br} brotli, ${gz} gzip`);
JS

echo "dist-server/: ultima-server and web/ ($(du -sh "$out/web" | cut -f1)); run it with ./ultima-server there, or copy the folder"
if [ "$start" -eq 1 ]; then
  exec "$out/ultima-server" "$@"
fi

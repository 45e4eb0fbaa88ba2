#!/usr/bin/env bash
# `npm run package`: the desktop packages of this machine's platform, built with Tauri's bundler
# from the `dist` profile (small: fat LTO, one codegen unit, opt-level "s", stripped; the engine and
# the bot at opt-level 3). On Linux: a .deb and an .rpm. They are copied to packages/ at the top of
# the repository, with their sizes printed.
#
#   npm run package                    # the UI build, the app build and the packages
#   npm run package -- --skip-ui       # the UI in dist/ is already built
#   npm run package -- --bundles deb   # only some of the bundles (tauri's names: deb, rpm, ...)
#   npm run package -- --target universal-apple-darwin   # a Rust target other than the host's
#   npm run package -- --config '{"bundle":{...}}'       # more tauri configuration (signing, in CI)
set -euo pipefail
cd "$(dirname "$0")/.."

skip_ui=0
bundles=""
target=""
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --skip-ui) skip_ui=1 ;;
    --bundles) bundles="${2:?--bundles needs a list, e.g. deb,rpm}"; shift ;;
    --target) target="${2:?--target needs a Rust target}"; shift ;;
    --config) extra+=(--config "${2:?--config needs JSON or a file}"); shift ;;
    *)
      echo "package.sh: unknown option '$1' (the options are --skip-ui, --bundles LIST, --target TRIPLE, --config JSON)" >&2
      exit 2
      ;;
  esac
  shift
done
case "$(uname -s)" in
  Linux) bundles="${bundles:-deb,rpm}" ;;
  Darwin) bundles="${bundles:-app,dmg}" ;;
  MINGW* | MSYS* | CYGWIN*) bundles="${bundles:-nsis,msi}" ;;
  *) echo "package.sh: no desktop packages for $(uname -s)" >&2; exit 2 ;;
esac

if [ "$(uname -s)" = Linux ]; then bash scripts/setup.sh; fi
if [ "$skip_ui" = 0 ]; then npm run build; fi

target_dir="${CARGO_TARGET_DIR:-target}"
out_dir="$target_dir/dist"
target_args=()
if [ -n "$target" ]; then
  target_args=(--target "$target")
  out_dir="$target_dir/$target/dist"
fi
started=$SECONDS
# The UI was built above: tauri's own beforeBuildCommand would build it a second time.
npx tauri build --ci --bundles "$bundles" ${target_args[@]+"${target_args[@]}"} \
  --config '{"build":{"beforeBuildCommand":""}}' ${extra[@]+"${extra[@]}"} -- --profile dist
echo "app build and bundling: $((SECONDS - started)) s"

mkdir -p packages
version="$(node -p "require('./src-tauri/tauri.conf.json').version")"
found=0
for file in "$out_dir"/bundle/*/*"$version"*; do
  case "$file" in
    *.deb | *.rpm | *.dmg | *.msi | *.exe | *.AppImage)
      cp "$file" packages/
      awk -v bytes="$(wc -c <"$file")" -v name="$(basename "$file")" \
        'BEGIN { printf "%8.2f MB (%d bytes)  packages/%s\n", bytes / 1e6, bytes, name }'
      found=1
      ;;
  esac
done
if [ "$found" = 0 ]; then
  echo "package.sh: tauri build made no package in $out_dir/bundle" >&2
  exit 1
fi

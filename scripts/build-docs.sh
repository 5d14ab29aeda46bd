#!/usr/bin/env bash
# Builds the DocC documentation of the library modules with the toolchain's own `docc`, from
# symbol graphs the compiler extracts (no plugin), and fails if `docc` warns about anything or
# a public symbol has no documentation comment.
#
# Usage: scripts/build-docs.sh [OUTPUT-FOLDER]      (default: .build-docs)
# Writes OUTPUT-FOLDER/PlacesModel.doccarchive, ViewModels.doccarchive and
# Coordinators.doccarchive, and Places.doccarchive, the three merged, where the links between
# modules work; `docc preview Sources/PlacesModel/PlacesModel.docc
# --additional-symbol-graph-dir OUTPUT-FOLDER/symbol-graphs/PlacesModel` serves one locally.
#
# Links from one module's documentation to another's are written with a leading slash:
# ``/PlacesModel/Place``. Each archive is built with the archives of the modules it imports
# as dependencies, which is how docc resolves them.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

out="${1:-.build-docs}"
modules=(PlacesModel ViewModels Coordinators)  # each after the modules it imports

docc="$(command -v docc || true)"
if [[ -z "$docc" ]] && command -v xcrun > /dev/null; then docc="$(xcrun --find docc)"; fi
if [[ -z "$docc" ]]; then
  echo "build-docs: no docc found beside swift; install a Swift toolchain that has it" >&2
  exit 69
fi
extract_options=()
if command -v xcrun > /dev/null; then extract_options+=(-sdk "$(xcrun --show-sdk-path)"); fi

echo "building the library modules"
# PLACES_BUILD_OPTIONS (set by .ci/run) names the build folder and flags of a build to reuse.
# shellcheck disable=SC2086
swift build ${PLACES_BUILD_OPTIONS:-} --target Coordinators
# shellcheck disable=SC2086
bin="$(swift build ${PLACES_BUILD_OPTIONS:-} --show-bin-path)"
triple="$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)"

mkdir -p "$out"
for module in "${modules[@]}"; do
  graphs="$out/symbol-graphs/$module"
  rm -rf "$graphs"
  mkdir -p "$graphs"
  swift-symbolgraph-extract -module-name "$module" -target "$triple" ${extract_options[@]+"${extract_options[@]}"} \
    -I "$bin/Modules" -output-dir "$graphs" \
    -minimum-access-level public -skip-synthesized-members -skip-inherited-docs
done

echo "checking that every public symbol is documented"
checker="$out/check-symbol-docs"
if [[ ! -x "$checker" || scripts/check-symbol-docs.swift -nt "$checker" ]]; then
  swiftc -swift-version 6 scripts/check-symbol-docs.swift -o "$checker"
fi
"$checker" "${modules[@]/#/$out/symbol-graphs/}"

dependencies=()
for module in "${modules[@]}"; do
  echo "converting $module"
  rm -rf "$out/$module.doccarchive"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$out/symbol-graphs/$module" \
    --output-path "$out/$module.doccarchive" \
    --fallback-bundle-identifier "places.$module" \
    --enable-experimental-external-link-support ${dependencies[@]+"${dependencies[@]}"} \
    --warnings-as-errors
  dependencies+=(--dependency "$out/$module.doccarchive")
done

echo "merging them into one archive, where the links between modules work"
archives=()
for module in "${modules[@]}"; do archives+=("$out/$module.doccarchive"); done
rm -rf "$out/Places.doccarchive"
"$docc" merge "${archives[@]}" --output-path "$out/Places.doccarchive" \
  --synthesized-landing-page-name Places
echo "documentation built in $out"

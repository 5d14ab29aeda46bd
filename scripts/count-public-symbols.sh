#!/usr/bin/env bash
# Counts the public symbols of the library modules, as an app that imports them sees them.
#
# Usage: scripts/count-public-symbols.sh [--list]
#
# Extracts the symbol graphs of PlacesModel, ViewModels and Coordinators the way
# scripts/build-docs.sh does (public and open symbols, no synthesized members) and counts the
# symbols written in the source, by module and by kind, with scripts/check-symbol-docs.swift's
# `--list`. With `--list` it prints every symbol too, as `module<TAB>kind<TAB>path`, so that two
# counts can be compared with `diff`.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

out=.build/public-symbols
modules=(PlacesModel ViewModels Coordinators)
extract_options=()
if command -v xcrun > /dev/null; then extract_options+=(-sdk "$(xcrun --show-sdk-path)"); fi

swift build --target Coordinators > /dev/null
bin="$(swift build --show-bin-path)"
triple="$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)"

rm -rf "$out"
for module in "${modules[@]}"; do
  mkdir -p "$out/$module"
  swift-symbolgraph-extract -module-name "$module" -target "$triple" \
    ${extract_options[@]+"${extract_options[@]}"} -I "$bin/Modules" -output-dir "$out/$module" \
    -minimum-access-level public -skip-synthesized-members -skip-inherited-docs
done
checker="$out/check-symbol-docs"
swiftc -swift-version 6 scripts/check-symbol-docs.swift -o "$checker"
"$checker" --list "${modules[@]/#/$out/}" > "$out/symbols.tsv"

if [[ ${1:-} == --list ]]; then cat "$out/symbols.tsv"; fi
echo "public symbols by module:"
cut -f1 "$out/symbols.tsv" | sort | uniq -c
echo "by kind:"
cut -f2 "$out/symbols.tsv" | sort | uniq -c | sort -rn
echo "total: $(wc -l < "$out/symbols.tsv")"

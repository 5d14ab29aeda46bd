#!/usr/bin/env bash
# Type-checks every Swift block of README.md and of the DocC articles (Sources/*/*.docc/*.md),
# so that no snippet a reader copies fails to compile; exits with 1 if one does not.
#
# Usage: scripts/check-snippets.sh
#
# A Swift block is fenced with ```swift at the start of a line, alone or followed by more words
# (```swift apple-platforms marks code for Apple platforms only: it is checked all the same),
# and ends at the next line that is exactly ```. No block is skipped: a snippet that cannot be
# made to compile as written is rewritten until it does.
#
# How blocks become programs:
#   - README.md: each block is a program of its own, since a reader copies one example at a time.
#   - A DocC article: its blocks, in order, are one program, as an article builds one example
#     step by step and a later block uses what an earlier one declared.
#   - A block whose first line is `// swift-tools-version: X` is a package manifest, a program of
#     its own, checked against the toolchain's PackageDescription at tools version X.
# Each program is written to .build/snippets/programs/NAME/main.swift, so top-level code is
# allowed as in a script or an app's main.swift, with #sourceLocation lines that make every
# diagnostic name the Markdown file and line. It is checked with
#   swiftc -typecheck -swift-version 6 -warnings-as-errors -I STAND-INS -I PACKAGE-MODULES
# against the package's library modules as `swift build` makes them (public API only, as an app
# sees it) and, for SwiftUI and MapKit, which do not exist on Linux, against the stand-ins in
# .ci/snippets/SwiftUIStandIn, compiled here with `swiftc -emit-module`. The stand-ins declare
# only the names the snippets use, with Apple's signatures; a new snippet that uses another
# SwiftUI or MapKit name needs it declared there.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

out=.build/snippets
stand_ins=.ci/snippets/SwiftUIStandIn

echo "building the library modules"
# PLACES_BUILD_OPTIONS (set by .ci/run) names the build folder and flags of a build to reuse.
# shellcheck disable=SC2086
swift build ${PLACES_BUILD_OPTIONS:-} --target Coordinators
# shellcheck disable=SC2086
modules="$(swift build ${PLACES_BUILD_OPTIONS:-} --show-bin-path)/Modules"

echo "compiling the SwiftUI and MapKit stand-ins"
rm -rf "$out"
mkdir -p "$out/stand-ins" "$out/programs"
for module in SwiftUI MapKit; do  # MapKit's stand-in imports SwiftUI's
  swiftc -emit-module -parse-as-library -swift-version 6 -warnings-as-errors \
    -module-name "$module" -I "$out/stand-ins" \
    -emit-module-path "$out/stand-ins/$module.swiftmodule" "$stand_ins/$module.swift"
done

swiftc_path="$(command -v swiftc)"
if command -v xcrun > /dev/null; then swiftc_path="$(xcrun --find swiftc)"; fi
manifest_api="$(dirname "$swiftc_path")/../lib/swift/pm/ManifestAPI"

# Writes the Swift blocks of Markdown file $1 into programs named $2-N under $out/programs, N
# being the number of the program's first block in the file: one program per block when $3 is
# "each", one for all of them when it is "together" (a manifest always stands alone). Prints
# the programs' folders, one per line.
extract() {
  local markdown="$1" name="$2" grouping="$3"
  local line number=0 blocks=0 inside=false first=false current="" shared=""
  if grep -qE '^[[:space:]]+```swift' "$markdown"; then
    echo "check-snippets: $markdown has an indented \`\`\`swift block, which would not be" \
      "checked; start its fence at the beginning of the line" >&2
    return 1
  fi
  while IFS= read -r line || [[ -n $line ]]; do
    number=$((number + 1))
    if ! $inside; then
      if [[ $line =~ ^\`\`\`swift([[:space:]].*)?$ ]]; then
        inside=true
        first=true
        blocks=$((blocks + 1))
      fi
      continue
    fi
    if [[ $line == '```' ]]; then
      inside=false
      continue
    fi
    if $first; then
      first=false
      if [[ $line == "// swift-tools-version:"* || $grouping == each || -z $shared ]]; then
        current="$out/programs/$name-$blocks"
        mkdir -p "$current"
        echo "$current"
        if [[ $line == "// swift-tools-version:"* ]]; then
          echo "${line#// swift-tools-version:}" | tr -d ' ' > "$current/tools-version"
        elif [[ $grouping == together ]]; then
          shared="$current"
        fi
      else
        current="$shared"
      fi
      printf '#sourceLocation(file: "%s", line: %d)\n' "$markdown" "$number" \
        >> "$current/main.swift"
    fi
    printf '%s\n' "$line" >> "$current/main.swift"
  done < "$markdown"
  if $inside; then
    echo "check-snippets: $markdown: a \`\`\`swift block is not closed" >&2
    return 1
  fi
}

extract README.md README each > "$out/programs.txt"
for article in Sources/*/*.docc/*.md; do
  catalog="$(basename "$(dirname "$article")" .docc)"
  extract "$article" "$catalog-$(basename "$article" .md)" together >> "$out/programs.txt"
done
mapfile -t programs < "$out/programs.txt"

echo "type-checking ${#programs[@]} programs made of the Swift blocks"
failures=0
for program in "${programs[@]}"; do
  if [[ -e $program/tools-version ]]; then
    tools_version="$(cat "$program/tools-version")"
    command=(swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$manifest_api"
      -package-description-version "$tools_version" "$program/main.swift")
  else
    command=(swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$out/stand-ins"
      -I "$modules" "$program/main.swift")
  fi
  if output="$("${command[@]}" 2>&1)"; then
    echo "ok      ${program#"$out/programs/"}"
  else
    echo "FAILED  ${program#"$out/programs/"}"
    printf '%s\n' "$output" >&2
    failures=$((failures + 1))
  fi
done

if ((failures > 0)); then
  echo "check-snippets: $failures of ${#programs[@]} programs do not type-check" >&2
  exit 1
fi
echo "every Swift block type-checks"

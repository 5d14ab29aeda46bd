#!/usr/bin/env bash
# Writes the embedding example of README.md to Examples/embedding-example/main.swift.
#
# Usage: scripts/extract-readme-example.sh
#
# The example is the first block fenced exactly ```swift under the README heading that starts
# with "## Embedding"; a block fenced with more after the language (```swift apple-platforms,
# code for Apple platforms only) is shown to readers but neither taken nor compiled. Run this
# after editing the example: the package builds the file as the
# `embedding-example` target, and `swift test` (EmbeddingExampleTests) fails while the file and
# the README differ, or while the program's output differs from the block that follows it.
set -euo pipefail

root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
readme="$root/README.md"
output="$root/Examples/embedding-example/main.swift"

code=$(awk '
  /^## Embedding/ { under = 1; next }
  under && /^## / { exit }
  under && /^```swift$/ { inside = 1; next }
  inside && /^```$/ { exit }
  inside { print }
' "$readme")
if [[ -z $code ]]; then
  echo "extract-readme-example.sh: no \`\`\`swift block under a '## Embedding' heading in" \
    "$readme" >&2
  exit 1
fi

mkdir -p "$(dirname -- "$output")"
{
  echo '// Generated from the first Swift block under "## Embedding" in README.md by'
  echo '// scripts/extract-readme-example.sh; edit the README, then run the script.'
  echo
  printf '%s\n' "$code"
} >"$output"
echo "wrote ${output#"$root"/}"

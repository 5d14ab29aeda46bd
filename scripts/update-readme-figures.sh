#!/usr/bin/env bash
# Rewrites the README's performance table from the figures `places-bench --markdown` prints, or
# checks that the table still names figures the bench makes.
#
#   scripts/update-readme-figures.sh [BENCH ARGUMENTS...]
#       builds places-bench (release, .build-bench), runs it with --markdown and the arguments
#       given (--only SECTIONS, --supercluster DIR, ...), and rewrites the table;
#   scripts/update-readme-figures.sh --from FILE [--from FILE...]
#       rewrites the table from the output of earlier `places-bench --markdown` runs (a figure
#       in a later file wins: rerun one section with --only and give its output last);
#   scripts/update-readme-figures.sh --check FILE
#       changes nothing: fails unless the table has the bench's columns and every row names a
#       figure of FILE, numbers and data file aside (so the output of `places-bench --quick
#       --markdown`, whose sizes and file differ, will do; CI checks it so).
#
# The table is the lines between the two marker comments in README.md. Its rows choose the
# figures, by name (the first cell), and their order: to show another figure, add a row holding
# just its name, `| Name of the figure |`, and run the script; to drop one, delete its row. The
# header and the other cells are the bench's, copied as it prints them.
set -euo pipefail

cd "$(dirname "$0")/.."
readme=README.md
begin='<!-- places-bench figures: begin (scripts/update-readme-figures.sh) -->'
end='<!-- places-bench figures: end -->'

mode=update
reports=()
while [ "$#" -gt 0 ]; do
  case "$1" in
    --from | --check)
      [ "$1" = --check ] && mode=check
      [ -f "${2:-}" ] || { echo "error: $1 needs the file of a places-bench --markdown run" >&2; exit 2; }
      reports+=("$2")
      shift 2
      ;;
    -h | --help)
      sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) break ;;
  esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
report=$work/report.md
if [ "${#reports[@]}" -eq 0 ]; then
  # places-cli beside the bench, for the start-up figure.
  swift build -c release --scratch-path .build-bench --product places-cli >&2
  swift build -c release --scratch-path .build-bench --product places-bench >&2
  .build-bench/release/places-bench --markdown "$@" >"$report"
else
  cat "${reports[@]}" >"$report"
fi

if [ "$(grep -cxF "$begin" "$readme")" != 1 ] || [ "$(grep -cxF "$end" "$readme")" != 1 ]; then
  echo "error: $readme must hold each marker once:" >&2
  printf '  %s\n' "$begin" "$end" >&2
  exit 1
fi

# The bench's figure table is the one whose header starts with `| Figure | Value |`; its rows
# run to the first line that is not a table row. A row's name is its first cell.
awk -v mode="$mode" -v begin="$begin" -v end="$end" '
  function name(row) {
    sub(/^\| /, "", row)
    sub(/ \|.*$/, "", row)
    return row
  }
  # A name with its sizes and its data file left out: --quick measures other sizes, on the
  # sample file.
  function shape(text) {
    gsub(/places-[a-z]+\.geojson/, "places-*.geojson", text)
    gsub(/[0-9][0-9,.]*/, "#", text)
    return text
  }
  FNR == NR {
    if (!inTable && $0 ~ /^\| Figure \| Value \|/) { inTable = 1; header = $0; next }
    if (inTable && $0 !~ /^\| /) inTable = 0
    if (inTable) {
      if ($0 ~ /^\| ---/) { separator = $0; next }
      rows[name($0)] = $0
      shapes[shape(name($0))] = 1
    }
    next
  }
  $0 == begin { inside = 1; print; next }
  $0 == end {
    inside = 0
    if (mode == "update") {
      print header
      print separator
      for (i = 1; i <= count; i++) print rows[names[i]]
    }
    print
    next
  }
  inside && /^\| / {
    if ($0 ~ /^\| ---/) next
    if (!readHeader) {
      readHeader = 1
      if (mode == "check" && $0 != header) {
        print "README table header: " $0 > "/dev/stderr"
        print "places-bench prints: " header > "/dev/stderr"
        failed = 1
      }
      next
    }
    count++
    names[count] = name($0)
    if (mode == "update" && !(names[count] in rows)) {
      print "not among the figures of the run: " names[count] > "/dev/stderr"
      failed = 1
    }
    if (mode == "check" && !(shape(names[count]) in shapes)) {
      print "not a figure places-bench makes: " names[count] > "/dev/stderr"
      failed = 1
    }
    next
  }
  inside { next }
  { print }
  END {
    if (header == "") {
      print "no figure table (| Figure | Value | ...) in the places-bench output" > "/dev/stderr"
      exit 1
    }
    if (count == 0) {
      print "the README table between the markers has no rows" > "/dev/stderr"
      exit 1
    }
    exit failed
  }
' "$report" "$readme" >"$work/README.md" || {
  echo "error: the README's figures table does not match places-bench's figures (see above)" >&2
  exit 1
}

if [ "$mode" = update ]; then
  cp "$work/README.md" "$readme"
  echo "updated the figures table of $readme" >&2
fi

#!/usr/bin/env bash
# Fuzzes the GeoJSON places reader and the `places-cli session` grammar with libFuzzer.
#
# Usage: scripts/fuzz.sh [--smoke] [SECONDS_PER_TARGET] [TARGET...]
#   SECONDS_PER_TARGET  how long each target runs; default 60
#   --smoke             10 seconds per target, what CI can afford
#   TARGET              geojson and/or session; default both, in that order
#
# Builds both fuzzers with plain swiftc (-sanitize=fuzzer,address) into .build-fuzz/, then runs
# each with its seed corpus from Fuzz/corpus/ copied to a scratch folder, so that nothing new is
# ever written into the repository. For each target it prints the executions, the coverage and
# whether it ran clean. A crash, a broken invariant, a hang (over 5 s for one input) or running
# out of memory (over 2048 MB) is a finding: the input is saved under .build-fuzz/findings/, the
# run's log under .build-fuzz/logs/, and the script exits with status 1 once every target has
# run. Status 2 means the fuzzers could not be built. The corpus each target grew stays in
# .build-fuzz/run/TARGET/corpus until the next run.
#
# Reproduce a finding with:
#   SWIFT_BACKTRACE=enable=no .build-fuzz/TARGET-fuzzer .build-fuzz/findings/FILE
set -euo pipefail

root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
if [[ -d /opt/swift/usr/bin ]]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

# Prints the usage from the comment above, and exits with status $1.
usage() {
  if (($1 == 0)); then
    sed -n '4,7s/^# \{0,1\}//p' scripts/fuzz.sh
  else
    sed -n '4,7s/^# \{0,1\}//p' scripts/fuzz.sh >&2
  fi
  exit "$1"
}

seconds=60
targets=()
for argument in "$@"; do
  case "$argument" in
    --smoke) seconds=10 ;;
    -h | --help) usage 0 ;;
    geojson | session) targets+=("$argument") ;;
    *[!0-9]* | '') echo "fuzz.sh: unknown argument '$argument'" >&2 && usage 64 ;;
    *) seconds=$argument ;;
  esac
done
if ((${#targets[@]} == 0)); then
  targets=(geojson session)
fi
if ((seconds < 1)); then
  echo "fuzz.sh: SECONDS_PER_TARGET must be at least 1" >&2
  exit 64
fi

build=.build-fuzz
mkdir -p "$build/logs" "$build/findings"

# MARK: - Building

# One package name for every module, as SwiftPM gives them, so that `package` declarations
# are visible across them.
compile_flags=(-parse-as-library -sanitize=fuzzer,address -O -g -swift-version 6 -use-ld=lld
  -package-name places)

# Whether $1 is missing or older than a Swift source or this script.
is_stale() {
  [[ ! -e $1 ]] || [[ -n $(find Sources Fuzz scripts/fuzz.sh -newer "$1" \
    \( -name '*.swift' -o -name fuzz.sh \) -print -quit) ]]
}

# Compiles, logging to $build/logs/build.log and showing the log only if the build fails.
compile() {
  if ! swiftc "${compile_flags[@]}" "$@" >>"$build/logs/build.log" 2>&1; then
    grep -v "warning: Cannot export local symbol" "$build/logs/build.log" >&2 || true
    echo "fuzz.sh: the build failed (log: $build/logs/build.log); it needs a Swift toolchain" \
      "whose swiftc supports -sanitize=fuzzer" >&2
    exit 2
  fi
}

# Prints the Swift sources under folder $1, one per line, in a stable order; subfolders
# (one per concept) included.
swift_sources() {
  find "$1" -name '*.swift' | LC_ALL=C sort
}

build_geojson() {
  local sources
  mapfile -t sources < <(swift_sources Sources/PlacesModel)
  compile -module-name PlacesFuzz "${sources[@]}" Fuzz/GeoJSONReaderFuzzer.swift \
    -o "$build/geojson-fuzzer"
}

build_session() {
  local modules="$build/modules"
  rm -rf "$modules"
  mkdir -p "$modules"
  local module module_sources
  for module in PlacesModel ViewModels Coordinators; do
    mapfile -t module_sources < <(swift_sources "Sources/$module")
    compile -I "$modules" -module-name "$module" -whole-module-optimization \
      -emit-module -emit-module-path "$modules/$module.swiftmodule" \
      -emit-library -static -o "$modules/lib$module.a" "${module_sources[@]}"
  done
  local sources=()
  local file
  while IFS= read -r file; do
    [[ $file == */main.swift ]] || sources+=("$file")
  done < <(swift_sources Sources/places-cli)
  compile -I "$modules" -L "$modules" -module-name PlacesCLIFuzz \
    "${sources[@]}" Fuzz/SessionGrammarFuzzer.swift \
    -lCoordinators -lViewModels -lPlacesModel -o "$build/session-fuzzer"
}

: >"$build/logs/build.log"
# The stale fuzzers are built at the same time: the session fuzzer's modules are compiled
# whole, each on one core, so the two builds share the cores better than they take turns.
builds=()
for target in "${targets[@]}"; do
  if is_stale "$build/$target-fuzzer"; then
    echo "== building $target-fuzzer"
    rm -f "$build/$target-fuzzer"
    "build_$target" &
    builds+=("$!")
  fi
done
for pid in "${builds[@]}"; do
  wait "$pid" || exit 2
done

# MARK: - Fuzzing

# The value of libFuzzer's final statistic $2 in log $1.
final_stat() {
  sed -n "s/^stat::$2: *//p" "$1" | tail -n 1
}

# Swift's own backtracer would race libFuzzer's crash handler and trip the address sanitizer.
export SWIFT_BACKTRACE=enable=no

findings=0
summary=()
for target in "${targets[@]}"; do
  scratch="$build/run/$target"
  rm -rf "$scratch"
  mkdir -p "$scratch/corpus" "$scratch/findings"
  cp Fuzz/corpus/"$target"/* "$scratch/corpus/"
  log="$build/logs/$target.log"
  max_len=$([[ $target == geojson ]] && echo 16384 || echo 2048)

  echo "== fuzzing $target for $seconds s (log: $log)"
  status=0
  "$build/$target-fuzzer" "$scratch/corpus" \
    -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len="$max_len" \
    -dict="Fuzz/dictionaries/$target.dict" -artifact_prefix="$scratch/findings/" \
    -print_final_stats=1 >"$log" 2>&1 || status=$?

  executions=$(final_stat "$log" number_of_executed_units)
  coverage=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | grep -oE 'cov: [0-9]+ ft: [0-9]+' || true)
  artifacts=("$scratch"/findings/*)
  if [[ $status -eq 0 && ! -e ${artifacts[0]} ]]; then
    result="clean"
  else
    findings=$((findings + 1))
    result="FINDING (libFuzzer status $status)"
    for artifact in "${artifacts[@]}"; do
      [[ -e $artifact ]] || continue
      saved="$build/findings/$target-$(basename "$artifact")"
      cp "$artifact" "$saved"
      result+=$'\n'"    input: $saved"
      result+=$'\n'"    reproduce: SWIFT_BACKTRACE=enable=no $build/$target-fuzzer $saved"
    done
    grep -m 3 -E 'ERROR: libFuzzer|ERROR: AddressSanitizer|Fatal error|SUMMARY' "$log" \
      | sed 's/^/    /' || true
  fi
  line="$target: ${executions:-?} executions in $seconds s, ${coverage:-no coverage line}, $result"
  echo "$line"
  summary+=("$line")
done

echo
echo "== summary"
printf '%s\n' "${summary[@]}"
if ((findings > 0)); then
  echo "fuzz.sh: $findings target(s) found a problem; inputs are in $build/findings/" >&2
  exit 1
fi

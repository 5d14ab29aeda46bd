#!/usr/bin/env bash
# Tests the web front end (Examples/places-web) in a real browser: installs what is missing
# (Debian's chromium, chromium-driver and libjs-leaflet; PyPI's selenium and pytest), builds
# places-web, and runs Examples/places-web/browser-tests with pytest, which starts and stops
# the servers it tests on free loopback ports. Exits with pytest's status.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

missing=()
command -v chromium > /dev/null || missing+=(chromium)
command -v chromedriver > /dev/null || missing+=(chromium-driver)
[[ -f /usr/share/javascript/leaflet/leaflet.js ]] || missing+=(libjs-leaflet)
if ((${#missing[@]})); then
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" > /dev/null
fi
if ! python3 -c 'import selenium, pytest' 2> /dev/null; then
  python3 -m pip install -q selenium pytest
fi

package=Examples/places-web
swift build --package-path "$package" --product places-web
# PLACES_BUILD_OPTIONS (set by .ci/run) names the build folder and flags of a build to reuse.
# shellcheck disable=SC2086
swift build ${PLACES_BUILD_OPTIONS:-} --product places-cli

export PLACES_WEB="$PWD/$package/.build/debug/places-web"
# shellcheck disable=SC2086
PLACES_CLI="$(swift build ${PLACES_BUILD_OPTIONS:-} --show-bin-path)/places-cli"
export PLACES_CLI
export SE_OFFLINE=true
export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}"
export CHROMIUM="${CHROMIUM:-$(command -v chromium)}"
python3 -m pytest -q -p no:cacheprovider "$package/browser-tests" "$@"

#!/usr/bin/env bash
# Writes the Go and Python SDKs (sdk/go, sdk/python) from the committed Pulumi package schema: `npm run sdk`.
# With a directory argument it writes <directory>/go and <directory>/python instead, as the drift test does.
#
# The generator (tools/sdkgen) is built from the Go modules it pins, the same pkg/v3 as the Pulumi CLI we build,
# into a cache keyed by that version and by the generator's own sources, which later runs reuse.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/goTool.sh
. "$root/scripts/goTool.sh"
tools="$root/tools/sdkgen"
version=$(go_tool_version "$tools" github.com/pulumi/pulumi/pkg/v3)
sources=$(cat "$tools/go.mod" "$tools/go.sum" "$tools"/*.go | sha256sum | cut -c1-12)
binary="$(go_tool_cache "sdkgen-$version-$sources")/bin/sdkgen"

go_tool_build "$binary" "$tools" . "nothing else: the SDKs are generated only here"
"$binary" "$root" "${1:-$root/sdk}"

#!/usr/bin/env bash
# Prints the path of a `pulumi` CLI. A `pulumi` already on PATH is used as it is; otherwise the CLI is
# built from the Go modules pinned in tools/pulumi-cli into a per-version cache, which later runs reuse.
#
# The cache is laid out as <root>/bin/pulumi because the Automation API's PulumiCommand.get({ root })
# expects exactly that, and puts <root>/bin on the engine's PATH so it finds the bundled plugins there.
set -euo pipefail

if existing=$(command -v pulumi 2>/dev/null); then
  echo "$existing"
  exit 0
fi

root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/goTool.sh
. "$root/scripts/goTool.sh"
tools="$root/tools/pulumi-cli"
version=$(go_tool_version "$tools" github.com/pulumi/pulumi/pkg/v3)
cache=${COMPUTEPLATFORM_PULUMI_CACHE:-$(go_tool_cache "pulumi-$version")}
bin="$cache/bin"
binary="$bin/pulumi"
language_plugin="$root/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"

go_tool_build "$binary" "$tools" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi "\`pulumi\` (https://www.pulumi.com/docs/install/)" \
  -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$version"

# The dynamic-provider plugin ships inside @pulumi/pulumi; the engine looks for it next to the CLI.
if [ -f "$language_plugin" ] && ! cmp -s "$language_plugin" "$bin/pulumi-resource-pulumi-nodejs"; then
  cp "$language_plugin" "$bin/pulumi-resource-pulumi-nodejs.$$"
  chmod +x "$bin/pulumi-resource-pulumi-nodejs.$$"
  mv -f "$bin/pulumi-resource-pulumi-nodejs.$$" "$bin/pulumi-resource-pulumi-nodejs"
fi

echo "$binary"

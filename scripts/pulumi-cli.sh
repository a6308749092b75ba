#!/usr/bin/env bash
# Prints the path of a `pulumi` CLI. A `pulumi` already on PATH is used as it is; otherwise the CLI is
# built from Go modules pinned in tools/pulumi-cli into a per-version cache, which later runs reuse.
set -euo pipefail

if existing=$(command -v pulumi 2>/dev/null); then
  echo "$existing"
  exit 0
fi

root=$(cd "$(dirname "$0")/.." && pwd)
version=v3.259.0
cache=${COMPUTEPLATFORM_PULUMI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-computeplatform/pulumi-$version}
binary="$cache/pulumi"
language_plugin="$root/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"

if [ ! -x "$binary" ]; then
  echo "building pulumi $version from Go modules into $cache (a few minutes, once)" >&2
  mkdir -p "$cache"
  (cd "$root/tools/pulumi-cli" && go build -mod=mod -o "$binary.partial" \
    -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$version" \
    github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
  mv "$binary.partial" "$binary"
fi

# The dynamic-provider plugin ships inside @pulumi/pulumi; the engine looks for it next to the CLI.
if [ -f "$language_plugin" ] && ! cmp -s "$language_plugin" "$cache/pulumi-resource-pulumi-nodejs"; then
  cp "$language_plugin" "$cache/pulumi-resource-pulumi-nodejs"
  chmod +x "$cache/pulumi-resource-pulumi-nodejs"
fi

echo "$binary"

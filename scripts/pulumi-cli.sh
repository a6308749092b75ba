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
tools="$root/tools/pulumi-cli"
version=$(awk '{ for (i = 1; i < NF; i++) if ($i == "github.com/pulumi/pulumi/pkg/v3") { print $(i + 1); exit } }' "$tools/go.mod")
if [ -z "$version" ]; then
  echo "pulumi-cli: cannot read the pinned Pulumi version from $tools/go.mod" >&2
  exit 1
fi
cache=${COMPUTEPLATFORM_PULUMI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-computeplatform/pulumi-$version}
bin="$cache/bin"
binary="$bin/pulumi"
language_plugin="$root/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"

build() {
  if ! command -v go >/dev/null 2>&1; then
    echo "pulumi-cli: no \`pulumi\` on PATH and no Go toolchain to build one; install either (https://www.pulumi.com/docs/install/ or https://go.dev/dl/)" >&2
    exit 1
  fi
  echo "pulumi-cli: building pulumi $version from Go modules into $cache (a few minutes, once)" >&2
  local partial="$binary.partial.$$"
  (cd "$tools" && go build -mod=readonly -o "$partial" \
    -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$version" \
    github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
  mv -f "$partial" "$binary"
}

mkdir -p "$bin"
if [ ! -x "$binary" ]; then
  # The demo and the tests may both arrive here on a fresh machine; only one of them should build.
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/build.lock"
    flock 9
    [ -x "$binary" ] || build
    flock -u 9
  else
    build
  fi
fi

# The dynamic-provider plugin ships inside @pulumi/pulumi; the engine looks for it next to the CLI.
if [ -f "$language_plugin" ] && ! cmp -s "$language_plugin" "$bin/pulumi-resource-pulumi-nodejs"; then
  cp "$language_plugin" "$bin/pulumi-resource-pulumi-nodejs.$$"
  chmod +x "$bin/pulumi-resource-pulumi-nodejs.$$"
  mv -f "$bin/pulumi-resource-pulumi-nodejs.$$" "$bin/pulumi-resource-pulumi-nodejs"
fi

echo "$binary"

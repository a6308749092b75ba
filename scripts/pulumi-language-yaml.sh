#!/usr/bin/env bash
# Prints the path of the Pulumi YAML language host, `pulumi-language-yaml`, which the engine runs for
# programs with `runtime: yaml`. One already on PATH is used as it is; otherwise it is built from the Go
# modules pinned in tools/pulumi-language-yaml into a per-version cache beside the Pulumi CLI's, which later
# runs reuse. The engine finds it when its folder is on PATH.
set -euo pipefail

if existing=$(command -v pulumi-language-yaml 2>/dev/null); then
  echo "$existing"
  exit 0
fi

root=$(cd "$(dirname "$0")/.." && pwd)
tools="$root/tools/pulumi-language-yaml"
version=$(awk '{ for (i = 1; i < NF; i++) if ($i == "github.com/pulumi/pulumi-yaml") { print $(i + 1); exit } }' "$tools/go.mod")
if [ -z "$version" ]; then
  echo "pulumi-language-yaml: cannot read the pinned Pulumi YAML version from $tools/go.mod" >&2
  exit 1
fi
cache=${COMPUTEPLATFORM_PULUMI_YAML_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-computeplatform/pulumi-language-yaml-$version}
binary="$cache/bin/pulumi-language-yaml"

build() {
  if ! command -v go >/dev/null 2>&1; then
    echo "pulumi-language-yaml: no \`pulumi-language-yaml\` on PATH and no Go toolchain to build one; install either (https://github.com/pulumi/pulumi-yaml or https://go.dev/dl/)" >&2
    exit 1
  fi
  echo "pulumi-language-yaml: building pulumi-yaml $version from Go modules into $cache (a minute, once)" >&2
  local partial="$binary.partial.$$"
  (cd "$tools" && go build -mod=readonly -o "$partial" \
    -ldflags "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=${version#v}" \
    github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml)
  mv -f "$partial" "$binary"
}

mkdir -p "$cache/bin"
if [ ! -x "$binary" ]; then
  # Parallel test runs on a fresh machine may all arrive here; only one of them should build.
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/build.lock"
    flock 9
    [ -x "$binary" ] || build
    flock -u 9
  else
    build
  fi
fi

echo "$binary"

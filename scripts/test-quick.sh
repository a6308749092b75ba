#!/usr/bin/env bash
# `npm run test:quick`: lint and the type-check side by side (each is one process, on one core), then the `unit`
# project. The type-check's output is printed after the lint's, so that the two never interleave.
set -euo pipefail
cd "$(dirname "$0")/.."

typecheck_output=$(mktemp)
trap 'rm -f "$typecheck_output"' EXIT
npm run --silent typecheck >"$typecheck_output" 2>&1 &
typecheck=$!
lint_status=0
npm run --silent lint || lint_status=$?
typecheck_status=0
wait "$typecheck" || typecheck_status=$?
cat "$typecheck_output"
failed=()
if [ "$lint_status" -ne 0 ]; then failed+=("lint"); fi
if [ "$typecheck_status" -ne 0 ]; then failed+=("type-check"); fi
if [ "${#failed[@]}" -gt 0 ]; then
  echo "test:quick: $(IFS=/ && echo "${failed[*]}") failed; the unit tests did not run" >&2
  exit 1
fi
exec npx vitest run --project unit "$@"

# Builds the project's Go tools (the Pulumi CLI, the Pulumi YAML language host, the SDK generator) from the Go
# modules pinned under tools/, once per version, into a cache that later runs reuse. Sourced by the scripts that
# print or run those tools; no prebuilt one can be downloaded on the CI machines.

# go_tool_version <tools dir> <module>: the version of <module> that <tools dir>/go.mod pins.
go_tool_version() {
  local version
  version=$(awk -v module="$2" '{ for (i = 1; i < NF; i++) if ($i == module) { print $(i + 1); exit } }' "$1/go.mod")
  if [ -z "$version" ]; then
    echo "go-tool: cannot read the pinned version of $2 from $1/go.mod" >&2
    return 1
  fi
  echo "$version"
}

# go_tool_cache <name>: the cache directory of one build of a tool, e.g. `pulumi-v3.259.0`.
go_tool_cache() {
  echo "${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-computeplatform/$1"
}

# go_tool_build <binary> <tools dir> <package> <what to install instead> [go build flags...]: builds <package> from
# the modules <tools dir> pins into <binary>, unless it is there already. Parallel runs on a fresh machine may all
# arrive here; only one of them builds (under a lock beside the binary's folder), and a build cut short leaves no
# binary behind (it is written under another name, then renamed).
go_tool_build() {
  local binary=$1 tools=$2 package=$3 instead=$4
  shift 4
  local cache
  cache=$(dirname "$(dirname "$binary")")
  mkdir -p "$(dirname "$binary")"
  [ -x "$binary" ] && return 0
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/build.lock"
    flock 9
  fi
  if [ ! -x "$binary" ]; then
    if ! command -v go >/dev/null 2>&1; then
      echo "go-tool: no Go toolchain to build $(basename "$binary") with; install $instead, or Go (https://go.dev/dl/)" >&2
      return 1
    fi
    echo "go-tool: building $(basename "$binary") from Go modules into $cache (minutes, once)" >&2
    local partial="$binary.partial.$$"
    (cd "$tools" && go build -mod=readonly -o "$partial" "$@" "$package") || { rm -f "$partial"; return 1; }
    mv -f "$partial" "$binary"
  fi
  if command -v flock >/dev/null 2>&1; then
    flock -u 9
    exec 9>&-
  fi
}

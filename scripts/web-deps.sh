#!/usr/bin/env bash
# The C and C++ libraries of the WebAssembly build (make web), built with Debian's emscripten
# from Debian's own source packages: CaDiCaL, igraph (what we call of it), jansson and zlib.
#
# The sources come from the Debian mirror this machine already uses and from nothing else:
# the deb lines apt knows with Origin "Debian" (apt-get indextargets) become deb-src lines of
# a private apt configuration under build/web-deps/apt, so neither /etc/apt nor root is needed;
# `apt-get source` fetches (and verifies against the archive keys) and unpacks them. No
# Emscripten port is used (ports download from GitHub at build time).
#
# The result is cached: build/web-deps/prefix/{include,lib} plus a key of the source versions,
# the recipes (cmake/web/deps) and the compiler; a second run with the same key does nothing.
#   scripts/web-deps.sh [BUILD_ROOT]     (default: build/web-deps)
set -euo pipefail
cd "$(dirname "$0")/.."
root=${1:-build/web-deps}
mkdir -p "$root"
root=$(cd "$root" && pwd)
packages=(cadical igraph jansson zlib)
jobs=${JOBS:-$(nproc)}

# Debian 12's emcc runs its JavaScript helpers with /usr/bin/node and finds acorn in Debian's
# node module folder; a Node that is not Debian's (nodesource) does not look there by itself.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
command -v emcc >/dev/null || { echo "web-deps: emcc is missing: run scripts/install-deps.sh" >&2; exit 1; }

# ------------------------------------------------------------------ the private apt setup
apt_dir=$root/apt
mkdir -p "$apt_dir/sources.list.d" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/sources.list.d"
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache")
# As root apt downloads as the user _apt, who may not enter a build folder under /root.
[ "$(id -u)" -eq 0 ] && apt_opts+=(-o "APT::Sandbox::User=root")

write_sources() {
  # One deb-src line per Debian archive the machine has deb lines for (its mirror, suites and
  # components, e.g. "http://deb.debian.org/debian/ bookworm main"), in the machine's order:
  # where two archives list one version, apt fetches from the first, and a security archive
  # may list a version whose files only the main archive holds.
  local lines
  lines=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' 'Origin: Debian' 'Target-Of: deb' |
    awk 'NF == 3 && !seen[$0]++ { print "deb-src " $1 " " $2 " " $3 }')
  if [ -z "$lines" ]; then
    echo "web-deps: apt knows no Debian archive on this machine (run apt-get update first)" >&2
    exit 1
  fi
  printf '%s\n' "$lines" >"$apt_dir/sources.list.new"
}

# ------------------------------------------------------------------ which versions
version_of() { # the newest source version of $1 the mirror offers
  apt-cache "${apt_opts[@]}" showsrc "$1" 2>/dev/null | awk '/^Version:/ { print $2 }' | sort -V | tail -1
}

write_sources
if ! cmp -s "$apt_dir/sources.list.new" "$apt_dir/sources.list" || [ ! -e "$apt_dir/updated" ] ||
  [ -n "$(find "$apt_dir/updated" -mmin +1440)" ]; then
  mv "$apt_dir/sources.list.new" "$apt_dir/sources.list"
  echo "web-deps: source index from $(awk '{ print $2 " " $3 }' "$apt_dir/sources.list" | paste -sd, -)"
  apt-get "${apt_opts[@]}" -qq update
  touch "$apt_dir/updated"
else
  rm -f "$apt_dir/sources.list.new"
fi

declare -A version
for p in "${packages[@]}"; do
  version[$p]=$(version_of "$p")
  [ -n "${version[$p]}" ] || { echo "web-deps: the mirror has no source package $p" >&2; exit 1; }
done

emcc_version=$(emcc --version | head -1)
recipe_hash=$(cat cmake/web/deps/CMakeLists.txt cmake/web/deps/*.in cmake/web/deps/*.c "$0" | sha256sum | cut -c1-16)
key="$(for p in "${packages[@]}"; do printf '%s=%s ' "$p" "${version[$p]}"; done)recipes=$recipe_hash emcc=$emcc_version"
if [ -f "$root/prefix/key" ] && [ "$(cat "$root/prefix/key")" = "$key" ]; then
  exit 0
fi

# ------------------------------------------------------------------ fetch and unpack
src=$root/src
mkdir -p "$src"
declare -A dir
for p in "${packages[@]}"; do
  v=${version[$p]}
  upstream=${v#*:}
  upstream=${upstream%-*}
  d=$src/$p-$upstream
  if [ ! -f "$d/.unpacked" ]; then
    echo "web-deps: apt-get source $p=$v"
    rm -rf "$d"
    (cd "$src" && apt-get "${apt_opts[@]}" -qq source "$p=$v" >/dev/null)
    touch "$d/.unpacked"
  fi
  dir[$p]=$d
done

# ------------------------------------------------------------------ build and install
echo "web-deps: building ${packages[*]} with $emcc_version"
rm -rf "$root/prefix"
emcmake cmake -S cmake/web/deps -B "$root/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_INSTALL_PREFIX="$root/prefix" \
  -DCADICAL_SRC="${dir[cadical]}" -DIGRAPH_SRC="${dir[igraph]}" \
  -DJANSSON_SRC="${dir[jansson]}" -DZLIB_SRC="${dir[zlib]}" >"$root/configure.log" 2>&1 ||
  { cat "$root/configure.log"; exit 1; }
cmake --build "$root/build" -j "$jobs" >"$root/build.log" 2>&1 || { tail -50 "$root/build.log"; exit 1; }
cmake --install "$root/build" >/dev/null
printf '%s\n' "$key" >"$root/prefix/key"
echo "web-deps: done ($root/prefix)"

#!/usr/bin/env bash
# Installs the Debian packages gameopt needs (design guide §4), and nothing else.
# Idempotent: packages already present are left alone. As root (or with sudo) it runs
# apt-get itself; otherwise it prints the exact command to run and exits 1.
#   --check   only report what is missing (exit 1 when something is)
set -euo pipefail

packages=(
  build-essential cmake pkg-config        # compiler, CMake, pkg-config
  libcadical-dev                          # SAT engine (ccadical.h)
  coinor-libcbc-dev                       # MIP engine (Cbc_C_Interface.h)
  libigraph-dev                           # max flow, graph formats
  libjansson-dev                          # JSON
  libcairo2-dev                           # SVG / PNG / PDF pictures
  zlib1g-dev                              # penpa-edit links (base64 of deflated text)
  libcmocka-dev                           # unit tests
  gnuplot-nox                             # experiment plots (optional at run time)
  glpk-utils                              # tests only: glpsol cross-checks our LP files
  clang libclang-rt-14-dev                # libFuzzer targets
  valgrind                                # memory checks
  time                                    # scripts/flood-prove.sh: CPU time and peak memory per board
  libmicrohttpd-dev                       # gameopt serve: the embedded HTTP server
  curl                                    # tests only: the API tests send requests with curl
  wrk                                     # scripts/load.sh -r page only: the page's throughput
  chromium chromium-driver python3-selenium  # tests only: the page in headless Chromium
  fonts-dejavu-core                       # the page's last-named font: its symbols (browser/glyphs)
  libopenmpi-dev openmpi-bin              # gameopt-mpi (make mpi): flood's A* across machines
  emscripten dpkg-dev                     # make web: the WebAssembly build (libraries from apt-get source)
  python3-venv python3-setuptools python3-wheel  # make python: the Python package, installed offline
  python3-pytest python3-pandas           # tests only: the Python package's tests, rows as DataFrames
  jupyter-nbconvert python3-ipykernel     # tests only: the notebooks executed headless
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "${1:-}" = "--check" ]; then
  echo "missing packages: ${missing[*]}" >&2
  exit 1
fi

cmd=(apt-get install -y --no-install-recommends "${missing[@]}")
if [ "$(id -u)" -eq 0 ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive "${cmd[@]}"
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo apt-get update
  sudo DEBIAN_FRONTEND=noninteractive "${cmd[@]}"
else
  echo "gameopt needs these Debian packages: ${missing[*]}" >&2
  echo "run:  sudo apt-get update && sudo ${cmd[*]}" >&2
  exit 1
fi

#!/usr/bin/env bash
# make web: the WebAssembly build. Builds the libraries from Debian's source packages
# (scripts/web-deps.sh, cached in build/web-deps), the library and the modules with Debian's
# emscripten (cmake/web, in build/web-build), and puts the static site together in build/web.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-$(nproc)}
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

bash scripts/web-deps.sh build/web-deps
if [ ! -f build/web-build/CMakeCache.txt ]; then
  emcmake cmake -S cmake/web -B build/web-build -DCMAKE_BUILD_TYPE=Release \
    -DGOPT_WEB_DEPS="$PWD/build/web-deps/prefix" >build/web-configure.log 2>&1 ||
    { cat build/web-configure.log; exit 1; }
fi
cmake --build build/web-build -j "$jobs"

# The static site: the page as data/www has it, the worker, the module.
rm -rf build/web
mkdir -p build/web
cp -r data/www/. build/web/
cp src/web/worker.js build/web-build/gameopt.js build/web-build/gameopt.wasm build/web/
echo "build/web: $(du -sk build/web | cut -f1) KB (serve it with any static file server:" \
  "python3 -m http.server -d build/web)"

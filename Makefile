# Thin wrapper over CMake: the two README commands (`make run`, `make test`) and friends.
#   make            build build/gameopt and the libraries (installs missing packages first)
#   make run        build and run the demo on the bundled examples (pictures in out/)
#   make serve      build and start the local web page (http://127.0.0.1:8080/, Ctrl-C stops)
#   make test       build and run the whole test suite through CTest
#   make asan-test  the suite again under AddressSanitizer and UndefinedBehaviorSanitizer
#   make debug      build build-debug/gameopt unoptimised with debug information (-O0 -g)
#   make valgrind   every test program and golden case under valgrind (memcheck)
#   make fuzz       build the libFuzzer targets and run each for FUZZ_SECONDS (default 60)
#   make bench      build and run the benchmarks (BENCH=name for one)
#   make web        the page as static files, the solvers in WebAssembly (build/web; emscripten)
#   make mpi        build build-mpi/gameopt-mpi (flood solve's A* over MPI ranks; Open MPI)
#   make mpi-test   build it and run its tests (label mpi: 1, 2 and 4 ranks)
#   make install    install under PREFIX (default /usr/local)
#   make python     build and install the Python package into the virtual environment VENV
#                   (default build/venv; Debian's packages visible, nothing downloaded)
JOBS ?= $(shell nproc)
# Build noise (gmake[N]: Entering directory ...) would bury the demo's own output.
MAKEFLAGS += --no-print-directory
PREFIX ?= /usr/local
FUZZ_SECONDS ?= 60
FUZZ ?=
BENCH ?=
CMAKE_FLAGS ?=
VENV ?= build/venv

.PHONY: all deps configure run serve test asan-test debug valgrind fuzz bench install clean mpi mpi-test web python

all: configure
	cmake --build build -j $(JOBS)

deps:
	@bash scripts/install-deps.sh

configure: deps
	@[ -f build/CMakeCache.txt ] || cmake -S . -B build -DCMAKE_INSTALL_PREFIX=$(PREFIX) $(CMAKE_FLAGS)

# The demo is what one reads: the build's own lines go to build/run-build.log (shown on failure).
run: configure
	@echo "building build/gameopt (the log: build/run-build.log) ..."
	@cmake --build build -j $(JOBS) --target gameopt >build/run-build.log 2>&1 || { cat build/run-build.log; exit 1; }
	@bash scripts/demo.sh

serve: all
	./build/gameopt serve

test: all
	ctest --test-dir build --output-on-failure -j $(JOBS)

asan-test: deps
	@[ -f build-asan/CMakeCache.txt ] || cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DGOPT_SANITIZE=ON -DGOPT_BENCH=OFF
	cmake --build build-asan -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-asan --output-on-failure -j $(JOBS)

debug: deps
	@[ -f build-debug/CMakeCache.txt ] || cmake -S . -B build-debug -DCMAKE_BUILD_TYPE=Debug
	cmake --build build-debug -j $(JOBS)

valgrind: all
	@bash scripts/valgrind.sh

fuzz: deps
	@[ -f build-fuzz/CMakeCache.txt ] || CC=clang CXX=clang++ cmake -S . -B build-fuzz -DGOPT_FUZZ=ON
	cmake --build build-fuzz -j $(JOBS)
	@bash scripts/fuzz.sh build-fuzz/fuzz $(FUZZ_SECONDS) $(FUZZ)

# Its own build folder: the MPI target and its tests only (the rest is tested in build/).
mpi: deps
	@[ -f build-mpi/CMakeCache.txt ] || cmake -S . -B build-mpi -DGOPT_MPI=ON -DGOPT_BENCH=OFF
	cmake --build build-mpi -j $(JOBS) --target gameopt gameopt-mpi

mpi-test: mpi
	ctest --test-dir build-mpi --output-on-failure -j $(JOBS) -L mpi

# Libraries from Debian's source packages (cached in build/web-deps), then build/web-build, build/web.
web: deps
	@JOBS=$(JOBS) bash scripts/web-build.sh

bench: all
	@bash scripts/bench.sh $(BENCH)

# The prefix is baked into gameopt.pc and the data path, so installing reconfigures with it.
install: deps
	cmake -S . -B build -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null
	cmake --build build -j $(JOBS)
	cmake --install build

# The package finds build/libgameopt.so of this checkout (recorded at install) or an installed one.
python: all
	@[ -x $(VENV)/bin/pip ] || /usr/bin/python3 -m venv --system-site-packages $(VENV)
	$(VENV)/bin/pip install -q --no-build-isolation --no-index ./python
	@echo "the gameopt package is installed in $(VENV): $(VENV)/bin/python -c 'import gameopt'"

clean:
	rm -rf build build-asan build-debug build-fuzz build-mpi out

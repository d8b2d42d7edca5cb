# Thin wrapper over CMake. `make run` and `make test` install what a fresh Debian 12 machine
# lacks (when run as root), build, then start the engine or run every test.
#
#   make                 release build at build/sen
#   make EXE=path CXX=x  build with compiler x and copy the binary to path (OpenBench style)
#   make run             build the engine alone and start it (UCI on stdin/stdout)
#   make test            build and run all tests through ctest (labels: unit, perft, protocol, threads, slow)
#   make install         the engine in $(PREFIX)/games (default /usr/local), its man page and xboard entry;
#                        DESTDIR=dir stages the files under dir
#   make deb             a Debian package, build-deb/sen_<version>-1_amd64.deb, checked (packaging/make-deb, check-deb)
#   make dist            release archives in dist/: five Windows and five Linux executables, each checked
#                        (uci, bench signature), and SHA256SUMS (packaging/make-dist; long: ten builds)
#   make asan | tsan     sanitizer builds in build-asan/ and build-tsan/, with their tests (asan: all but
#                        the slow label, LeakSanitizer on; tsan: the threads label)
#   make fuzz            libFuzzer targets (clang) for FUZZ_SECONDS each (default 60)
#   make windows         Windows executables in build-windows/ (mingw-w64 cross build, docs/windows.md)
#   make linux           static Linux executables of the same CPU levels in build-linux/ (as make dist ships)
#   make windows-test    the baseline sen.exe under wine: protocol tests and both bench signatures
#   make bench           run the bench signature
#   make pgo             profile-guided release build at build-pgo/sen (trained on both games' benches and perfts; GCC)
#   make tune            a tuning build at build-tune/sen: the search parameters as UCI options (scripts/spsa)
#   make format          clang-format src/ and tests/ in place (.clang-format; scripts/check-style --fix)
#   make format-check    fail when a file is not formatted (seconds)
#   make lint            format-check plus clang-tidy's naming check (.clang-tidy) over $(BUILD_DIR)

SHELL := /bin/bash
DEBIAN_PACKAGES := cmake ninja-build g++ catch2 libfmt-dev python3
# What make test's cross-checks run against: polyglot (CECP through an adapter), Stockfish
# (Syzygy probes), Fairy-Stockfish (xiangqi legality and perft), and node with npm for the
# xiangqi match runner, which installs its referee from the npm registry.
TEST_PACKAGES := polyglot stockfish fairy-stockfish
BUILD_TYPE ?= Release
NATIVE ?= ON
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

ifeq ($(origin CXX),default)
  BUILD_DIR ?= build
  CMAKE_CXX :=
else
  BUILD_DIR ?= build/$(notdir $(CXX))
  CMAKE_CXX := -DCMAKE_CXX_COMPILER=$(CXX)
endif

.PHONY: all build deps test-deps deb-deps fuzz-deps lint-deps run test test-quick pgo asan tsan fuzz bench tune format format-check lint clean \
        windows windows-deps windows-test wine-deps linux install deb dist

all: build
ifneq ($(EXE),)
	cp $(BUILD_DIR)/sen $(EXE)
endif

# Installs the Debian packages that are missing; a no-op when all are present.
deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "Missing Debian packages:$$missing (run as root, or: sudo apt-get install$$missing)"; exit 1; \
	  fi; \
	fi

$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DSEN_NATIVE=$(NATIVE) $(CMAKE_CXX) $(CMAKE_FLAGS)

build: $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS)

# The engine alone: the tests are make test's to build.
run: deps $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS) --target sen
	@exec $(BUILD_DIR)/sen

# The cross-checks' referees, and node with npm when either command is missing (a node from
# another source, such as NodeSource's, is left alone).
test-deps:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="$(TEST_PACKAGES)"
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
	  $(MAKE) --no-print-directory deps DEBIAN_PACKAGES="nodejs npm"; fi

test: deps test-deps build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) -LE windows

# Profile-guided build: an instrumented engine runs both games' benches and perfts, then the same
# folder is rebuilt with the profile. Same moves and node counts as a plain build; perft is faster.
PGO_DIR := build-pgo
PGO_PROFILE := $(abspath $(PGO_DIR))/pgo-profile
pgo: deps
	rm -rf $(PGO_PROFILE)
	cmake -S . -B $(PGO_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release -DSEN_NATIVE=$(NATIVE) -DSEN_TESTS=OFF -DSEN_PGO=generate \
	  -DSEN_PGO_DIR=$(PGO_PROFILE) $(CMAKE_CXX) $(CMAKE_FLAGS)
	cmake --build $(PGO_DIR) -j $(JOBS) --target sen
	$(PGO_DIR)/sen bench > /dev/null
	$(PGO_DIR)/sen bench --variant xiangqi > /dev/null
	$(PGO_DIR)/sen perft 6 --no-progress > /dev/null
	$(PGO_DIR)/sen perft 5 --variant xiangqi --no-progress > /dev/null
	cmake -S . -B $(PGO_DIR) -DSEN_PGO=use
	cmake --build $(PGO_DIR) -j $(JOBS) --target sen
	$(PGO_DIR)/sen bench 2>&1 | tail -1

# The protocol tests' time limits are multiplied by SEN_TEST_TIME_SCALE: the sanitizers slow the
# engine down (ASan about 3x, TSan 5-15x) and the machine may be shared.
SAN_TIME_SCALE ?= 5

asan: deps
	cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSEN_SANITIZE=address
	cmake --build build-asan -j $(JOBS)
	cd build-asan && SEN_TEST_TIME_SCALE=$(SAN_TIME_SCALE) ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) -LE slow

tsan: deps
	cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSEN_SANITIZE=thread
	cmake --build build-tsan -j $(JOBS) --target sen
	cd build-tsan && SEN_TEST_TIME_SCALE=$(SAN_TIME_SCALE) TSAN_OPTIONS=second_deadlock_stack=1 \
	  ctest --output-on-failure -j $(JOBS) -L threads

FUZZ_SECONDS ?= 60
FUZZ_TARGETS := fen uci_move uci_session cecp_session xiangqi_fen xiangqi_move

fuzz-deps:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="clang libclang-rt-14-dev cmake ninja-build"

# Each target starts from the seeds in tests/fuzz/corpus/ and keeps what it learns in
# build-fuzz/corpus/ (outside git). A finding stops the run with the crashing input saved.
fuzz: deps fuzz-deps
	cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DSEN_FUZZ=ON -DSEN_TESTS=OFF
	cmake --build build-fuzz -j $(JOBS)
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p build-fuzz/corpus/$$t build-fuzz/findings; \
	  echo "== fuzz_$$t for $(FUZZ_SECONDS) s"; \
	  ASAN_OPTIONS=detect_leaks=1 build-fuzz/tests/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=4096 \
	    -print_final_stats=1 -artifact_prefix=build-fuzz/findings/ build-fuzz/corpus/$$t tests/fuzz/corpus/$$t \
	    > build-fuzz/fuzz_$$t.log 2>&1; status=$$?; \
	  grep -E "^(stat::number_of_executed_units|SUMMARY|==[0-9]+==ERROR|invariant broken)" build-fuzz/fuzz_$$t.log; \
	  if [ $$status -ne 0 ]; then tail -40 build-fuzz/fuzz_$$t.log; exit 1; fi; \
	done

bench: build
	$(BUILD_DIR)/sen bench

# A tuning build in build-tune/: the search parameters are UCI options there (scripts/spsa).
tune: deps
	cmake -S . -B build-tune -G Ninja -DCMAKE_BUILD_TYPE=Release -DSEN_NATIVE=$(NATIVE) -DSEN_TUNE=ON -DSEN_TESTS=OFF $(CMAKE_CXX) $(CMAKE_FLAGS)
	cmake --build build-tune -j $(JOBS) --target sen

# The CPU levels of the portable executables, the same for Windows and Linux: the baseline
# (sen.exe, sen) runs on any 64-bit x86 CPU; -popcnt needs SSE4.2 and POPCNT (x86-64-v2), -avx2
# AVX2 and BMI2 (x86-64-v3), -bmi2 the same with PEXT indexing (fast on Intel and AMD Zen 3 or
# later), -avx512 AVX-512 (x86-64-v4: AMD Zen 4 and later, Intel server and a few client CPUs)
# with PEXT indexing, which every CPU that has AVX-512 runs fast. LEVEL sets f (the CMake flags)
# and n (the executable's name) for the level $$v of a shell loop.
LEVELS := x86-64 popcnt avx2 bmi2 avx512
LEVEL = case "$$v" in x86-64) f="-DSEN_ARCH=x86-64";; popcnt) f="-DSEN_ARCH=x86-64-v2";; avx2) f="-DSEN_ARCH=x86-64-v3";; \
	  bmi2) f="-DSEN_ARCH=x86-64-v3 -DSEN_PEXT=ON";; avx512) f="-DSEN_ARCH=x86-64-v4 -DSEN_PEXT=ON";; \
	  *) echo "unknown CPU level $$v ($(LEVELS))"; exit 2;; esac; \
	  if [ "$$v" = x86-64 ]; then n=sen; else n=sen-$$v; fi
# RELEASE=ON builds show the plain version, without the commit (SEN_RELEASE).
RELEASE ?= OFF

# Windows x86-64, cross-compiled with Debian's mingw-w64 (posix threads), statically linked: one
# .exe per CPU level, each a single file to copy.
WINDOWS_VARIANTS ?= $(LEVELS)

windows-deps:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="g++-mingw-w64-x86-64-posix libfmt-dev cmake ninja-build"

windows: windows-deps
	@set -e; for v in $(WINDOWS_VARIANTS); do \
	  $(LEVEL); \
	  cmake -S . -B build-windows/$$v -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake -DCMAKE_BUILD_TYPE=Release \
	    -DSEN_TESTS=OFF -DSEN_RELEASE=$(RELEASE) $$f >/dev/null; \
	  cmake --build build-windows/$$v -j $(JOBS); \
	  cp build-windows/$$v/sen.exe build-windows/$$n.exe; echo "built build-windows/$$n.exe"; \
	done

# Linux x86-64 executables of the same levels, linked statically (glibc, the C++ runtime and fmt
# inside), so that one file runs on any Linux distribution.
LINUX_VARIANTS ?= $(LEVELS)

linux: deps
	@set -e; for v in $(LINUX_VARIANTS); do \
	  $(LEVEL); \
	  cmake -S . -B build-linux/$$v -G Ninja -DCMAKE_BUILD_TYPE=Release -DSEN_TESTS=OFF -DSEN_STATIC=ON \
	    -DSEN_RELEASE=$(RELEASE) $$f >/dev/null; \
	  cmake --build build-linux/$$v -j $(JOBS); \
	  cp build-linux/$$v/sen build-linux/$$n; echo "built build-linux/$$n"; \
	done

wine-deps:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="wine wine64 python3"

# The baseline sen.exe under wine, through the same protocol tests as the Linux binary (lines end
# in \r\n there; wine starts a process in about 0.2 s, hence the time scale), and its chess and
# xiangqi bench node counts against the Linux build's.
windows-test: deps build
	@$(MAKE) --no-print-directory windows WINDOWS_VARIANTS=x86-64
	@$(MAKE) --no-print-directory wine-deps
	cmake -S . -B $(BUILD_DIR) -DSEN_WINDOWS_EXE=$(CURDIR)/build-windows/sen.exe >/dev/null
	@# A first wine start creates its prefix (~/.wine) and says so on stderr, which the protocol
	@# tests count against the engine: create it here, where its chatter is not the engine's.
	@WINEDEBUG=-all wineboot --init >/dev/null 2>&1 || true
	cd $(BUILD_DIR) && ctest --output-on-failure -L windows

# `make install`: the engine built here (for this CPU, as `make` builds it) in $(PREFIX)/games,
# with its man page and xboard's engine-list entry (CMakeLists.txt's install rules). DESTDIR
# stages the files under a folder, as a package build does.
PREFIX ?= /usr/local
install: deps $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS) --target sen
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD_DIR) --prefix $(PREFIX) --strip

# A Debian package of a portable build (DEB_LEVEL: x86-64-v2 by default, CPUs since about 2009;
# DEB_LEVEL=x86-64 for any), dynamically linked against Debian's libraries as Debian's own engine
# packages are. packaging/make-deb stages `cmake --install` and packs it with dpkg-deb;
# packaging/check-deb then checks it (fields, files, the unpacked engine, lintian where installed).
DEB_LEVEL ?= x86-64-v2
# Debian's default hardening (dpkg-buildflags): fortified libc calls, stack protector, read-only
# relocations bound at start.
DEB_HARDENING := -D_FORTIFY_SOURCE=2 -fstack-protector-strong
# dpkg-shlibdeps (packaging/make-deb) comes with dpkg-dev, which g++ alone does not bring.
deb-deps:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="dpkg-dev"

deb: deps deb-deps
	cmake -S . -B build-deb -G Ninja -DCMAKE_BUILD_TYPE=Release -DSEN_ARCH=$(DEB_LEVEL) -DSEN_TESTS=OFF \
	  -DSEN_RELEASE=$(RELEASE) -DCMAKE_CXX_FLAGS="$(DEB_HARDENING)" -DCMAKE_EXE_LINKER_FLAGS="-Wl,-z,relro,-z,now" \
	  $(CMAKE_CXX) $(CMAKE_FLAGS) >/dev/null
	cmake --build build-deb -j $(JOBS) --target sen
	packaging/check-deb "$$(packaging/make-deb build-deb build-deb)"

# Release archives in dist/: the Windows and Linux executables of every CPU level, each checked
# (it answers `uci`, and its bench gives the signature of the newest `Bench:` commit; the Windows
# ones under wine; a level this CPU cannot run is skipped with a note), README, LICENSE, NOTICE,
# the man page (Linux) and a note on which executable to pick; then SHA256SUMS. Ten release
# builds: too slow for make test or CI.
dist: deps windows linux wine-deps
	@WINEDEBUG=-all wineboot --init >/dev/null 2>&1 || true
	python3 packaging/make-dist --windows build-windows --linux build-linux --man build-linux/x86-64/sen.6 --out dist

# clang-format and clang-tidy 14, as Debian 12 ships them: another version formats a few constructs
# differently (scripts/check-style warns). Generated files (eval_weights.cpp, magic_numbers.h) are left alone.
lint-deps:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="clang-format clang-tidy python3"

format: lint-deps
	scripts/check-style --fix

format-check: lint-deps
	scripts/check-style

# clang-tidy reads $(BUILD_DIR)/compile_commands.json, which configuring writes; nothing is compiled.
lint: deps lint-deps $(BUILD_DIR)/build.ninja
	scripts/check-style --tidy $(BUILD_DIR) -j $(JOBS)

clean:
	rm -rf build build-asan build-tsan build-windows build-linux build-deb dist

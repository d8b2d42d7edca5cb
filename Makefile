# Thin wrapper over CMake. `make run` and `make test` install what a fresh Debian 12 machine
# lacks (when run as root), build, then start the engine or run every test.
#
#   make                 release build at build/sen
#   make EXE=path CXX=x  build with compiler x and copy the binary to path (OpenBench style)
#   make run             build and start the engine (UCI on stdin/stdout)
#   make test            build and run all tests through ctest (labels: unit, perft, protocol, threads, slow)
#   make asan | tsan     sanitizer builds in build-asan/ and build-tsan/, with their tests (asan: all but
#                        the slow label, LeakSanitizer on; tsan: the threads label)
#   make fuzz            libFuzzer targets (clang) for FUZZ_SECONDS each (default 60)
#   make bench           run the bench signature
#   make format          clang-format src/ and tests/ in place (.clang-format; scripts/check-style --fix)
#   make format-check    fail when a file is not formatted (seconds)
#   make lint            format-check plus clang-tidy's naming check (.clang-tidy) over $(BUILD_DIR)

SHELL := /bin/bash
DEBIAN_PACKAGES := cmake ninja-build g++ catch2 libfmt-dev python3
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

.PHONY: all build deps fuzz-deps lint-deps run test test-quick asan tsan fuzz bench format format-check lint clean

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

run: deps build
	@exec $(BUILD_DIR)/sen

test: deps build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

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
FUZZ_TARGETS := fen uci_move uci_session xiangqi_fen xiangqi_move

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
	rm -rf build build-asan build-tsan

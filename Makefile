# Thin wrapper over CMake. `make run` and `make test` install what a fresh Debian 12 machine
# lacks (when run as root), build, then start the engine or run every test.
#
#   make                 release build at build/sen
#   make EXE=path CXX=x  build with compiler x and copy the binary to path (OpenBench style)
#   make run             build and start the engine (UCI on stdin/stdout)
#   make test            build and run all tests through ctest (labels: unit, perft, protocol)
#   make asan | tsan     sanitizer builds in build-asan/ and build-tsan/, with their tests
#   make bench           run the bench signature
#   make format          clang-format the sources

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

.PHONY: all build deps run test test-quick asan tsan bench format clean

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

asan: deps
	cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSEN_SANITIZE=address
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ctest --output-on-failure -j $(JOBS) -LE slow

tsan: deps
	cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSEN_SANITIZE=thread
	cmake --build build-tsan -j $(JOBS)
	cd build-tsan && ctest --output-on-failure -j $(JOBS) -L threads

bench: build
	$(BUILD_DIR)/sen bench

format:
	clang-format -i src/*.cpp src/*.h tests/*.cpp

clean:
	rm -rf build build-asan build-tsan

# The two commands a new user runs (README.md). Both install what they need on Debian 12.
BUILD ?= build
PREFIX ?= /usr/local
JOBS ?= $(shell nproc)
FUZZ_LABEL ?= fuzz
# make sanitize runs the unit tests and every arm's scenarios; make check runs every second of
# tcp's (label sanitize.check: the front end, the codec, the server and the backend all run
# there; make check is kept under 50 minutes on 2 cores)
SANITIZE_LABEL ?= unit|scenario
SANITIZE_CHECK_LABEL = unit|sanitize\.check
DEB_PACKAGES = build-essential cmake pkg-config python3 \
  libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers \
  glslang-dev glslang-tools spirv-tools libspirv-cross-c-shared-dev \
  libxxhash-dev libpng-dev libglvnd-dev libegl-dev libgl-dev libgles-dev \
  libegl-mesa0 libgl1-mesa-dri khronos-api piglit \
  libx11-dev libx11-xcb-dev libxcb1-dev libxcb-shm0-dev libxcb-present-dev \
  xvfb xauth glmark2-es2-x11 glmark2-x11 mesa-utils \
  libwayland-dev libwayland-bin libwayland-egl-backend-dev wayland-protocols weston glmark2-es2-wayland \
  clang-14 libfuzzer-14-dev clang-format-14 spirv-headers
# The trace-replay lane (tests/traces) replays with eglretrace; recording needs more (record.sh).
DEB_PACKAGES += apitrace

.PHONY: run check check-full deps build sanitize fuzz clean install

deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi

build: deps
	cmake -S . -B $(BUILD) -DMGL_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(BUILD) -j $(JOBS)

run: build
	cd $(BUILD) && MGL_PIPE_STATS=1 XDG_RUNTIME_DIR=$${XDG_RUNTIME_DIR:-/tmp} \
	  __EGL_VENDOR_LIBRARY_FILENAMES=$(CURDIR)/$(BUILD)/mgl_vendor.json \
	  ./bin/mgl-demo --output $(CURDIR)/mgl-demo.png

# check: what CI runs on every submission (kept under 50 minutes on 2 cores): every lane but the
# tests labelled `full`. check-full: the whole matrix, run before an issue is called resolved.
check: build
	cd $(BUILD) && XDG_RUNTIME_DIR=$${XDG_RUNTIME_DIR:-/tmp} ctest --output-on-failure -j $(JOBS) -LE full \
	  || { $(CURDIR)/tools/ci/failure_digest.sh $(abspath $(BUILD)); exit 1; }
	$(MAKE) sanitize SANITIZE_LABEL='$(SANITIZE_CHECK_LABEL)'
	$(MAKE) fuzz

check-full: build
	cd $(BUILD) && XDG_RUNTIME_DIR=$${XDG_RUNTIME_DIR:-/tmp} ctest --output-on-failure -j $(JOBS) \
	  || { $(CURDIR)/tools/ci/failure_digest.sh $(abspath $(BUILD)); exit 1; }
	$(MAKE) sanitize
	$(MAKE) fuzz FUZZ_LABEL='fuzz|full'

# The sanitize lane (docs/PIPE.md#lanes): unit and scenario tests on every arm under ASan+UBSan, any
# UBSan report fatal. The GPU watchdog is 120 s there: ASan's interceptors slow lavapipe's own
# threads (draw_indirect_huge_counts' first clamped draw passed 30 s). Leak checking is off:
# lavapipe leaks 112 bytes when it is unloaded, and the report then names an unloaded module that
# no suppression can match.
sanitize: deps
	cmake -S . -B $(BUILD)-asan -DMGL_WERROR=ON -DMGL_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
	cmake --build $(BUILD)-asan -j $(JOBS)
	cd $(BUILD)-asan && ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  MGL_VK_GPU_TIMEOUT_MS=120000 \
	  XDG_RUNTIME_DIR=$${XDG_RUNTIME_DIR:-/tmp} ctest --output-on-failure -j $(JOBS) -L '$(SANITIZE_LABEL)' \
	  || { $(CURDIR)/tools/ci/failure_digest.sh $(abspath $(BUILD))-asan; exit 1; }

# Libraries, mgl-server, the tools, libGLX_mgl.so.0 and the EGL vendor file under PREFIX
# (README.md: making mgl the default GL for every program, and going back).
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

# The fuzz lane (tests/fuzz): the libFuzzer targets (clang, ASan+UBSan) in their own build dir,
# each run for a bounded time over the corpus plus new inputs; any crash, leak or report fails.
fuzz: deps
	cmake -S . -B $(BUILD)-fuzz -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
	  -DMGL_FUZZ=ON -DMGL_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(BUILD)-fuzz -j $(JOBS) --target fuzz-decode fuzz-stream fuzz-replay fuzz-ring
	cd $(BUILD)-fuzz && XDG_RUNTIME_DIR=$${XDG_RUNTIME_DIR:-/tmp} ctest --output-on-failure -j $(JOBS) -L '$(FUZZ_LABEL)' \
	  || { $(CURDIR)/tools/ci/failure_digest.sh $(abspath $(BUILD))-fuzz; exit 1; }

clean:
	rm -rf $(BUILD) $(BUILD)-asan $(BUILD)-fuzz

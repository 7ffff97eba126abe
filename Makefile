# The two commands a new user runs (README.md). Both install what they need on Debian 12.
BUILD ?= build
JOBS ?= $(shell nproc)
DEB_PACKAGES = build-essential cmake pkg-config python3 \
  libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers \
  glslang-dev glslang-tools spirv-tools libspirv-cross-c-shared-dev \
  libxxhash-dev libpng-dev libglvnd-dev libegl-dev libgl-dev libgles-dev \
  libegl-mesa0 libgl1-mesa-dri khronos-api piglit

.PHONY: run check deps build clean

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

check: build
	cd $(BUILD) && XDG_RUNTIME_DIR=$${XDG_RUNTIME_DIR:-/tmp} ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)

#!/usr/bin/env bash
# Builds and installs llama-cpp-python into the venv for a CPU level that every x86-64
# machine with AVX2 has (x86-64-v3: SSE4.2, AVX, AVX2, BMI2, FMA, F16C), never for the build
# machine's own instruction sets: pip's default (-march=native) on an Intel Xeon with AMX
# built a llama.cpp that segfaults on any prompt longer than one token.
#
# LLAMA_BUILD=native asks for -march=native instead: a little faster on some CPUs, but the
# build then runs only on CPUs like this one, and it has crashed on AMX Xeons.
#
# pip caches built wheels by version, not by build flags, so the wheel is built with
# --no-cache-dir into a cache of our own keyed by the flags (and, for a native build, by
# this CPU's flags); the venv records what it holds in $VENV/.llama-build, and a venv
# holding another build (or one from before this script) is reinstalled from that cache.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${VENV:-.venv}
LLAMA_BUILD=${LLAMA_BUILD:-portable}
VERSION=$(grep -o '"llama-cpp-python==[0-9.]*"' pyproject.toml | head -1 | tr -d '"' | cut -d= -f3)
[ -n "$VERSION" ] || { echo "setup: no llama-cpp-python pin in pyproject.toml" >&2; exit 1; }

cpu_flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2 || true)
case "$LLAMA_BUILD" in
  portable)
    if [ "$(uname -m)" = x86_64 ]; then
      if ! grep -qw avx2 <<<"$cpu_flags"; then
        echo "setup: this CPU has no AVX2, which the portable llama.cpp build needs;" \
             "build for this CPU instead: LLAMA_BUILD=native make setup" >&2
        exit 1
      fi
      # every instruction set named: the machine's own detection decides nothing
      args="-DGGML_NATIVE=OFF -DGGML_SSE42=ON -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_BMI2=ON"
      args+=" -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_AVX_VNNI=OFF -DGGML_AVX512=OFF"
      args+=" -DGGML_AVX512_VBMI=OFF -DGGML_AVX512_VNNI=OFF -DGGML_AVX512_BF16=OFF"
      args+=" -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
      tag="portable-x86-64-v3"
    else
      args="-DGGML_NATIVE=OFF"
      tag="portable-$(uname -m)"
    fi
    ;;
  native)
    args="-DGGML_NATIVE=ON"
    tag="native-$(sha256sum <<<"$(uname -m) $cpu_flags" | cut -c1-12)"
    ;;
  *)
    echo "setup: LLAMA_BUILD must be portable or native, not '$LLAMA_BUILD'" >&2
    exit 2
    ;;
esac

wanted="llama-cpp-python $VERSION $tag $args"
stamp="$VENV/.llama-build"
# done when the venv records this build and still holds that version (a later plain
# `pip install` of another version would build natively)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ] && "$VENV/bin/python" -c \
    "import sys, llama_cpp; sys.exit(llama_cpp.__version__ != '$VERSION')" 2>/dev/null; then
  exit 0
fi

wheels="${XDG_CACHE_HOME:-$HOME/.cache}/voice-assistant/wheels/$tag-$(sha256sum <<<"$args" | cut -c1-12)"
wheel=$(ls "$wheels"/llama_cpp_python-"$VERSION"-*.whl 2>/dev/null | head -1 || true)
if [ -z "$wheel" ]; then
  echo "setup: compiling llama-cpp-python $VERSION ($LLAMA_BUILD build: $tag; about 5-10" \
       "minutes on 2 cores, once)" >&2
  mkdir -p "$wheels"
  CMAKE_ARGS="$args" CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" \
    "$VENV/bin/pip" wheel -q --disable-pip-version-check --no-deps --no-cache-dir \
    --no-binary llama-cpp-python -w "$wheels" "llama-cpp-python==$VERSION"
  wheel=$(ls "$wheels"/llama_cpp_python-"$VERSION"-*.whl | head -1)
fi
echo "setup: installing $(basename "$wheel") ($tag)" >&2
"$VENV/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps "$wheel"
# its own dependencies (numpy, jinja2, diskcache, typing-extensions) from the index
"$VENV/bin/pip" install -q --disable-pip-version-check "$wheel"
echo "$wanted" >"$stamp"

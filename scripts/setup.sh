#!/usr/bin/env bash
# Everything a fresh Debian/Ubuntu machine needs, idempotent and offline-safe once done:
# Debian packages, the virtual environment with this package, and the models.
# `--tests` adds the sound the tests play to the assistant (`make test` passes it).
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${VENV:-.venv}
# sounddevice's PortAudio; PulseAudio gives tests a real (virtual) mic and speaker; WordNet
# (wordnet-base) gives the reading of questions and notes its synonyms and word classes
DEBIAN_PACKAGES=(libportaudio2 pulseaudio pulseaudio-utils libasound2-plugins wordnet-base)
if [ "${1:-}" = "--tests" ]; then
  # "never answer noise": real music (asc-music, 18 min, GPL-2+) and the event sounds of
  # the desktop and ALSA (sound-theme-freedesktop, alsa-utils); real human speech
  # (telephony prompts, asterisk-core-sounds-en-wav, CC BY-SA 3.0) and a second voice for
  # spoken requests (espeak-ng)
  DEBIAN_PACKAGES+=(asc-music sound-theme-freedesktop alsa-utils asterisk-core-sounds-en-wav espeak-ng)
elif [ -n "${1:-}" ]; then
  echo "setup: unknown option $1 (the only one is --tests)" >&2
  exit 2
fi

missing=()
for pkg in "${DEBIAN_PACKAGES[@]}"; do
  # "install ok installed": a package removed but not purged still has a status entry
  [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" = "install ok installed" ] \
    || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ ! -x "$VENV/bin/python" ]; then
  echo "setup: creating $VENV" >&2
  python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || { echo "setup: Python 3.11 or newer is needed" >&2; exit 1; }
  python3 -m venv "$VENV"
fi

# llama.cpp first, built portably (scripts/install-llama.sh), so that installing the package
# finds it in place and pip never compiles it for this machine's own CPU
VENV="$VENV" scripts/install-llama.sh

stamp="$VENV/.installed"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "setup: installing voice-assistant and its dependencies" >&2
  "$VENV/bin/pip" install -q --disable-pip-version-check -e '.[dev,bench]'
  touch "$stamp"
fi

"$VENV/bin/voice-assistant" models install

# never done before each engine has made a real call here: a native library built for the
# wrong CPU installs and imports fine, then crashes on its first prompt
echo "setup: checking every engine with a real call (voice-assistant doctor --installed)" >&2
if ! "$VENV/bin/voice-assistant" doctor --installed; then
  echo "setup: an engine failed its check (above), so this install is not usable yet" >&2
  exit 1
fi

if [ "${1:-}" = "--tests" ]; then
  # a real Wyoming satellite for the tests: wyoming-satellite 1.0.0 pins an older wyoming
  # (1.4.1), so it has an environment of its own beside ours
  SATELLITE="$VENV-satellite"
  if [ ! -x "$SATELLITE/bin/python" ] || [ ! -f "$SATELLITE/.installed" ]; then
    echo "setup: creating $SATELLITE (wyoming-satellite for the tests)" >&2
    python3 -m venv "$SATELLITE"
    "$SATELLITE/bin/pip" install -q --disable-pip-version-check "wyoming-satellite==1.0.0"
    touch "$SATELLITE/.installed"
  fi
fi

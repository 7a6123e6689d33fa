#!/usr/bin/env bash
# Installs PyFlink (PyPI's apache-flink package, with its dependencies) into a Python virtual
# environment of its own, for the test that runs the PyFlink example. Idempotent; runs started at
# once wait for each other (CI starts one in the background, and the test runs it again). Prints the
# environment's python.
#
# Usage: scripts/install-pyflink.sh [VERSION]   (default 2.3.0)
#   DUCKLAKE_PYFLINK_HOME  where the environment goes (default ~/.cache/ducklake-flink/pyflink-VERSION)
set -euo pipefail

version=${1:-2.3.0}
home=${DUCKLAKE_PYFLINK_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/ducklake-flink/pyflink-$version}
mkdir -p "$(dirname "$home")"
exec 9>"$home.lock"
flock 9
if [ ! -f "$home/.installed" ]; then
  rm -rf "$home"
  python3 -m venv "$home"
  "$home/bin/python" -m pip install --quiet --disable-pip-version-check "apache-flink==$version" >&2
  touch "$home/.installed"
fi
echo "$home/bin/python"

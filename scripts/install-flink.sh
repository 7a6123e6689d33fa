#!/usr/bin/env bash
# Installs Flink's official binary distributions, as PyPI's apache-flink packages ship them, for the
# tests that run the connector on a real standalone cluster. The machine has no access to Apache's
# download servers; PyPI's apache-flink-libraries wheel carries the distribution's lib/, opt/ and
# plugins/, and the apache-flink wheel its bin/ and conf/. The SQL client also needs Flink's SQL
# gateway jar, which the wheels lack: it comes from Maven Central, at the same version.
#
# Idempotent: a version already in place returns at once. Prints each distribution's directory
# (its FLINK_HOME).
#
# Usage: scripts/install-flink.sh [VERSION...]   (default: every version the connector supports)
#   DUCKLAKE_FLINK_HOME  where the distributions go (default ~/.cache/ducklake-flink/flink)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
# The Flink releases the connector supports: the newest patch of every 2.x minor release.
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(2.0.2 2.1.3 2.2.1 2.3.0)
base=${DUCKLAKE_FLINK_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/ducklake-flink/flink}

for version in "${versions[@]}"; do
  home="$base/flink-$version"
  if [ -f "$home/.installed" ]; then
    echo "$home"
    continue
  fi
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # The apache-flink wheel is built per Python version; its bin/ and conf/ are the same in each.
  # apache-flink-libraries is a wheel from Flink 2.2 on and a source archive before (a deps/ directory).
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --python-version 3.11 --platform manylinux2014_x86_64 -d "$work" "apache-flink==$version" >&2
  python3 -m pip download --quiet --disable-pip-version-check --no-deps -d "$work" \
    "apache-flink-libraries==$version" >&2
  rm -rf "$home.partial"
  mkdir -p "$home.partial"
  python3 - "$work" "$home.partial" <<'PY'
import os, re, shutil, sys, tarfile, zipfile
work, home = sys.argv[1], sys.argv[2]
wanted = re.compile(r"^(?:pyflink|[^/]+/deps)/((?:bin|conf|lib|opt|plugins)/.+)$")
def place(name, read):
    m = wanted.match(name)
    if m and not name.endswith("/"):
        target = os.path.join(home, m.group(1))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with read() as src, open(target, "wb") as dst:
            shutil.copyfileobj(src, dst)
for file in sorted(os.listdir(work)):
    path = os.path.join(work, file)
    if file.endswith(".whl"):
        with zipfile.ZipFile(path) as z:
            for m in z.infolist():
                place(m.filename, lambda m=m: z.open(m))
    elif file.endswith(".tar.gz"):
        with tarfile.open(path) as t:
            for m in t:
                if m.isfile():
                    place(m.name, lambda m=m: t.extractfile(m))
PY
  chmod +x "$home.partial"/bin/*
  # Maven Central lacks the gateway of some patch releases (2.0.1, 2.0.2): those take their minor
  # release's first one, which only the SQL client loads.
  for gateway in "$version" "${version%.*}.0"; do
    if mvn -q -B dependency:copy -Dartifact="org.apache.flink:flink-sql-gateway:$gateway" \
        -DoutputDirectory="$home.partial/opt" -f "$root/pom.xml" -N >/dev/null 2>&1; then
      [ "$gateway" = "$version" ] || echo "Flink $version: the SQL client uses flink-sql-gateway $gateway" >&2
      break
    fi
  done
  ls "$home.partial"/opt/flink-sql-gateway-*.jar >/dev/null
  touch "$home.partial/.installed"
  rm -rf "$home"
  mv "$home.partial" "$home"
  rm -rf "$work"
  trap - EXIT
  echo "$home"
done

#!/usr/bin/env bash
# Places the DuckDB extensions this project needs (ducklake, postgres, sqlite, httpfs, aws) where
# DuckDB looks for them, on a machine that cannot download them from DuckDB's own servers.
#
# The binaries come from PyPI wheels that carry DuckDB's official extension builds, at the
# DuckDB version pinned in the parent pom.xml (property duckdb.version). Idempotent: when the
# extensions of that version are already in place it returns at once. It also installs DuckDB's
# Python package at that version when missing: plain DuckDB, for looking at a lake (the quickstart
# prints a command that uses it).
#
# Usage: scripts/install-duckdb-extensions.sh [extension-directory]
#   extension-directory  DuckDB's extension_directory (default: $DUCKDB_EXTENSION_DIRECTORY,
#                        else ~/.duckdb/extensions, DuckDB's own default)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
jdbc_version=$(sed -n 's:.*<duckdb.version>\(.*\)</duckdb.version>.*:\1:p' "$root/pom.xml")
[ -n "$jdbc_version" ] || { echo "duckdb.version not found in $root/pom.xml" >&2; exit 1; }
# duckdb_jdbc 1.5.5.1 is DuckDB v1.5.5: the fourth component is the JDBC driver's own patch.
duckdb_version=$(echo "$jdbc_version" | cut -d. -f1-3)

case "$(uname -m)" in
  x86_64) platform=linux_amd64 ;;
  aarch64 | arm64) platform=linux_arm64 ;;
  *) echo "unsupported machine $(uname -m)" >&2; exit 1 ;;
esac

base=${1:-${DUCKDB_EXTENSION_DIRECTORY:-$HOME/.duckdb/extensions}}
target="$base/v$duckdb_version/$platform"
extensions=(ducklake postgres sqlite httpfs aws)
# DuckDB loads `sqlite` and `postgres` through their canonical names; the file must carry that name.
file_name() {
  case "$1" in
    sqlite) echo sqlite_scanner ;;
    postgres) echo postgres_scanner ;;
    *) echo "$1" ;;
  esac
}
marker="$target/.installed-from-wheels-$duckdb_version"

if ! python3 -c "import duckdb, sys; sys.exit(duckdb.__version__ != '$duckdb_version')" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check "duckdb==$duckdb_version"
fi

if [ -f "$marker" ]; then
  missing=0
  for ext in "${extensions[@]}"; do [ -s "$target/$(file_name "$ext").duckdb_extension" ] || missing=1; done
  if [ "$missing" = 0 ]; then
    echo "DuckDB v$duckdb_version extensions already in $target"
    exit 0
  fi
fi

cache="${XDG_CACHE_HOME:-$HOME/.cache}/ducklake-flink/wheels-$duckdb_version"
mkdir -p "$cache" "$target"
packages=()
for ext in "${extensions[@]}"; do packages+=("duckdb-extension-$ext==$duckdb_version"); done
python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
  -d "$cache" "${packages[@]}"

for ext in "${extensions[@]}"; do
  wheel=$(ls "$cache"/duckdb_extension_"$ext"-"$duckdb_version"-*.whl | head -n 1)
  member="duckdb_extension_$ext/extensions/v$duckdb_version/$ext.duckdb_extension"
  dest="$target/$(file_name "$ext").duckdb_extension"
  python3 - "$wheel" "$member" "$dest" <<'PY'
import shutil, sys, zipfile
wheel, member, dest = sys.argv[1:]
with zipfile.ZipFile(wheel) as z, z.open(member) as src, open(dest + ".part", "wb") as out:
    shutil.copyfileobj(src, out)
PY
  mv "$dest.part" "$dest"
done
touch "$marker"
echo "Installed DuckDB v$duckdb_version extensions (${extensions[*]}) into $target"

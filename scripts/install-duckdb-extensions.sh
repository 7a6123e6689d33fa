#!/usr/bin/env bash
# Places the DuckDB extensions this project uses (ducklake, postgres, sqlite, httpfs, aws) where a
# plain DuckDB looks for them, for looking at a lake with DuckDB's own clients on a machine that
# cannot download them from DuckDB's servers. The connector does not need it: its jars carry the
# extensions and the engine loads them from there.
#
# The binaries come from the PyPI wheels of DuckDB's official extension builds, at the DuckDB
# version pinned in the parent pom.xml (property duckdb.version), through
# scripts/FetchDuckDbExtensions.java (a JDK is all it needs). Idempotent. It also installs DuckDB's
# Python package at that version when missing (the quickstart prints a command that uses it).
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

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux_amd64 ;;
  Linux-aarch64 | Linux-arm64) platform=linux_arm64 ;;
  Darwin-x86_64) platform=osx_amd64 ;;
  Darwin-arm64) platform=osx_arm64 ;;
  *) echo "unsupported machine $(uname -s) $(uname -m)" >&2; exit 1 ;;
esac

if ! python3 -c "import duckdb, sys; sys.exit(duckdb.__version__ != '$duckdb_version')" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check "duckdb==$duckdb_version"
fi

base=${1:-${DUCKDB_EXTENSION_DIRECTORY:-$HOME/.duckdb/extensions}}
java "$root/scripts/FetchDuckDbExtensions.java" "$jdbc_version" "$base" "$platform" ducklake,postgres,sqlite,httpfs,aws
echo "DuckDB v$duckdb_version extensions for $platform are in $base/v$duckdb_version/$platform"

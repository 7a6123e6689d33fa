#!/usr/bin/env bash
# Runs a SQL script in Flink's SQL client with the connector's SQL jar as its only connector code,
# as `bin/sql-client.sh -j flink-sql-connector-ducklake-<version>.jar -f SCRIPT` does on a Flink
# distribution. The client is embedded and runs its jobs on a local MiniCluster (see
# scripts/sql-client/config.yaml); its class path is Flink's own jars, listed by the connector-dist
# build in connector-dist/target/sql-client.classpath.
#
# Build first:  mvn -q -pl connector-dist -am install -DskipTests
# Usage:        scripts/sql-client.sh SCRIPT [WORKDIR]
#   SCRIPT   the SQL file to run
#   WORKDIR  the client's working directory, where relative catalog paths point; made afresh
#            (default: examples/target/sql-example)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 SCRIPT [WORKDIR]" >&2; exit 2; }
script=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
workdir=${2:-$root/examples/target/sql-example}
classpath_file="$root/connector-dist/target/sql-client.classpath"
jar=$(ls "$root"/connector-dist/target/flink-sql-connector-ducklake-*.jar 2>/dev/null | head -n 1 || true)
if [ ! -f "$classpath_file" ] || [ -z "$jar" ]; then
  echo "Build the connector's SQL jar first: mvn -q -pl connector-dist -am install -DskipTests" >&2
  exit 1
fi

rm -rf "$workdir"
mkdir -p "$workdir"
cd "$workdir"
# Arrow (the sink's staging) needs java.nio opened, as Flink's own JVM options do.
# Logs: errors only, except why a task failed (Flink's Task logs it as a warning; the client itself
# shows only the failure of its own request) and the connector's own warnings.
FLINK_CONF_DIR="$root/scripts/sql-client" exec java -Xmx1g --add-opens=java.base/java.nio=ALL-UNNAMED \
  -Dorg.slf4j.simpleLogger.defaultLogLevel=error \
  -Dorg.slf4j.simpleLogger.log.org.apache.flink.runtime.taskmanager.Task=warn \
  -Dorg.slf4j.simpleLogger.log.dev.ducklake=warn \
  -cp "$(cat "$classpath_file")" org.apache.flink.table.client.SqlClient \
  --jar "$jar" --history "$workdir/.sql-history" -f "$script"

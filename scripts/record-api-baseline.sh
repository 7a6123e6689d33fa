#!/usr/bin/env bash
# Records the API baseline that the build's binary-compatibility check (japicmp) compares against:
# for each module with an API, a jar of its classes outside the packages named internal, in
# tools/japicmp/<artifact>.jar. Run it when a release fixes the API, or to accept a deliberate break.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(engine connector-common connector-cdc connector-sink connector-source connector-catalog)
mvn -B -ntp -q install -DskipTests -Djapicmp.skip=true -pl "$(IFS=,; echo "${modules[*]}")" -am
for module in "${modules[@]}"; do
    # The module's own artifactId: the first one after its parent's.
    artifact=$(sed -n '/<\/parent>/,$ s|.*<artifactId>\(.*\)</artifactId>.*|\1|p' "$module/pom.xml" | head -1)
    api="$module/target/api-baseline"
    rm -rf "$api" && mkdir -p "$api"
    (cd "$module/target/classes" && find dev -name '*.class' -not -path '*/internal/*' -exec cp --parents {} ../api-baseline/ \;)
    rm -f "tools/japicmp/$artifact.jar"
    jar --create --file "tools/japicmp/$artifact.jar" --date=2000-01-01T00:00:00Z -C "$api" .
    echo "tools/japicmp/$artifact.jar: $(find "$api" -name '*.class' | wc -l) classes"
done

/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package dev.ducklake.engine.version;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A version that is not one of the table says why: expired, or the table was dropped and created
 * again.
 */
class VersionErrorsTest {

    private static final TableName EVENTS = TableName.of("events");

    @TempDir Path dir;

    @Test
    void anExpiredVersionNamesTheTablesOldestVersionKept() {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        try (LakeEngine engine = TestLakes.open(catalog, dir)) {
            engine.createTable(TableName.of("other"), TestSchemas.columns("n BIGINT").build());
            long created = engine.createTable(EVENTS, TestSchemas.columns("n BIGINT").build());
            long first = append(engine, 1);
            long last = append(engine, 2);
            engine.maintain(
                    MaintenanceRequest.builder().expireSnapshotsOlderThan(Duration.ZERO).build());
            assertThat(engine.versions(EVENTS, 0, 10))
                    .extracting(TableVersion::id)
                    .containsExactly(last, created);

            assertThatThrownBy(() -> engine.version(EVENTS, first))
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessage(
                            "Version "
                                    + first
                                    + " is not a version of main.events: the snapshot was expired or"
                                    + " never existed; the oldest version of main.events kept is "
                                    + created);
        }
    }

    @Test
    void aVersionOfATableThatWasDroppedAndCreatedAgainSaysSo() throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        long old;
        try (LakeEngine engine = TestLakes.open(catalog, dir)) {
            engine.createTable(EVENTS, TestSchemas.columns("n BIGINT").build());
            old = append(engine, 1);
        }
        try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                Statement sql = plain.createStatement()) {
            sql.execute("DROP TABLE plain.events");
            sql.execute("CREATE TABLE plain.events (n BIGINT)");
            sql.execute("INSERT INTO plain.events VALUES (2)");
        }
        try (LakeEngine engine = TestLakes.open(catalog, dir)) {
            long latest = engine.latestVersion(EVENTS);
            String dropped =
                    "Version "
                            + old
                            + " is not a version of main.events: the table was dropped and created"
                            + " again after it";
            assertThatThrownBy(() -> engine.changes(EVENTS, old, latest))
                    .hasMessageStartingWith(dropped)
                    .hasMessageContaining(
                            "start the source anew, without its checkpoint or savepoint");
            assertThatThrownBy(() -> engine.pinVersion(EVENTS, old))
                    .hasMessageStartingWith(dropped);
        }
    }

    private static long append(LakeEngine engine, long n) {
        try (WriteSession write = engine.openWriteSession(EVENTS, WriteMode.APPEND)) {
            write.write(new Object[] {n});
            return write.commit().version();
        }
    }
}

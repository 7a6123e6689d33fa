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

package dev.ducklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.MergeSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A plain DuckDB compacts a table (rewrites the files with deletes, merges small files) in a loop
 * while the engine upserts its keys, on a PostgreSQL catalog. DuckLake v1.5.5 does not compare a
 * small delete, which it inlines into the catalog, with a compaction that commits while the
 * delete's transaction is open: the compaction copies the deleted row into a new file and the
 * delete is lost. The engine's deletes go to delete files, so one of the two commits conflicts, and
 * the table never holds a key twice.
 */
class CompactionBesideUpsertsTest {

    private static final TableName TABLE = TableName.of("orders");
    private static final int KEYS = 40;

    /** Upserts per commit: more rows than DuckLake inlines, so each commit writes a data file. */
    private static final int PER_COMMIT = 12;

    private static final int COMMITS = 200;

    @RegisterExtension
    final TestLake lake =
            TestLake.of(CatalogLocation.Kind.POSTGRES)
                    .withSettings(
                            settings ->
                                    settings.commitRetries(100)
                                            .commitRetryBackoff(Duration.ofMillis(5)));

    @Test
    void compactionsByAnotherClientNeverLeaveAKeyTwice() throws Exception {
        LakeEngine engine = lake.engine();
        try (Connection plain = TestLakes.plainDuckDb(lake.catalog(), lake.dir())) {
            engine.createTable(
                    TABLE, TestLakes.keyValueSchema("id", Primitive.BIGINT, "v", Primitive.BIGINT));
            upsert(engine, new Random(1), 0, KEYS);

            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger compactions = new AtomicInteger();
            Thread compactor =
                    new Thread(() -> compact(plain, stop, compactions), "plain-compactor");
            compactor.start();
            Random random = new Random(7);
            try (Connection checker = TestLakes.plainDuckDb(lake.catalog(), lake.dir());
                    Statement sql = checker.createStatement()) {
                for (int commit = 1; commit <= COMMITS; commit++) {
                    upsert(engine, random, commit, PER_COMMIT);
                    assertThat(
                                    TestLakes.rows(
                                            sql,
                                            "SELECT id FROM plain.orders GROUP BY id HAVING count(*) > 1"))
                            .as("keys held twice after commit %s", commit)
                            .isEmpty();
                }
            } finally {
                stop.set(true);
                compactor.join(Duration.ofMinutes(1).toMillis());
            }
            assertThat(compactions.get())
                    .as("compactions that committed beside the upserts")
                    .isPositive();
            assertThat(engine.commitRetries())
                    .as("upserts that conflicted with a compaction")
                    .isPositive();
        }
    }

    private static void upsert(LakeEngine engine, Random random, long value, int keys) {
        try (MergeSession merge = engine.openMergeSession(TABLE)) {
            for (long id : random.longs(0, KEYS).distinct().limit(keys).toArray()) {
                merge.upsert(new Object[] {id, value});
            }
            merge.commit();
        }
    }

    /**
     * Rewrites and merges the table's files until stopped; a compaction that conflicts is dropped.
     */
    private static void compact(Connection plain, AtomicBoolean stop, AtomicInteger compactions) {
        List<String> statements =
                List.of(
                        "CALL ducklake_rewrite_data_files('plain', delete_threshold => 0.0)",
                        "CALL ducklake_merge_adjacent_files('plain')");
        for (int i = 0; !stop.get(); i++) {
            // A statement whose commit failed is closed by DuckDB's driver: one statement per call.
            try (Statement sql = plain.createStatement()) {
                sql.execute(statements.get(i % statements.size()));
                compactions.incrementAndGet();
            } catch (SQLException e) {
                // a conflict with an upsert: this compaction did not happen
            }
        }
    }
}

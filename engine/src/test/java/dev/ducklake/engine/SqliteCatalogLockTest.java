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
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.JvmProcess;
import dev.ducklake.engine.testutils.PlainReaderProcess;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.CommitRetries;
import dev.ducklake.engine.write.MergeSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A plain DuckDB in another process that holds a read of a SQLite-catalog lake longer than SQLite's
 * busy timeout makes the engine's commit fail with "database is locked". DuckDB then keeps that
 * commit's SQLite connection and its write lock, so every later statement of every client on the
 * catalog failed the same way until the process ended; the engine attaches the catalog again after
 * such a failure, and its retry commits once the reader lets go. The retries are the commit's own
 * ({@link CommitOptions.Builder#retries}), where the engine's setting allows none.
 */
class SqliteCatalogLockTest {

    private static final TableName ORDERS = TableName.of("orders");

    @RegisterExtension
    final TestLake lake =
            TestLake.of(CatalogLocation.Kind.SQLITE)
                    .withSettings(
                            settings ->
                                    settings.acquireTimeout(Duration.ofMillis(500))
                                            .commitRetries(0));

    @Test
    void aCommitLockedOutByAPlainReaderCommitsOnceTheReaderLetsGoAndTheLakeStaysUsable()
            throws Exception {
        LakeEngine engine = lake.engine();
        Path dir = lake.dir();
        engine.createTable(
                ORDERS,
                TestLakes.keyValueSchema("id", Primitive.BIGINT, "amount", Primitive.BIGINT));
        upsert(engine, 1);

        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread committer;
        Path release = dir.resolve("release");
        try (JvmProcess reader =
                JvmProcess.start(
                        PlainReaderProcess.class,
                        dir.resolve("reader.log"),
                        lake.catalog().key(),
                        dir.toString(),
                        "plain.orders",
                        release.toString())) {
            await("the plain reader's read")
                    .atMost(Duration.ofSeconds(60))
                    .until(
                            () ->
                                    reader.output().contains(PlainReaderProcess.HOLDING + 1)
                                            || !reader.isAlive());
            assertThat(reader.output()).contains(PlainReaderProcess.HOLDING + 1);
            committer =
                    new Thread(
                            () -> {
                                try {
                                    outcome.set(
                                            upsert(
                                                    engine,
                                                    2,
                                                    CommitOptions.builder()
                                                            .retries(
                                                                    new CommitRetries(
                                                                            20,
                                                                            Duration.ofMillis(20)))
                                                            .build()));
                                } catch (Throwable t) {
                                    outcome.set(t);
                                }
                            },
                            "locked-out-commit");
            committer.start();
            await("the commit locked out at least once")
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> engine.commitRetries() >= 1 || outcome.get() != null);
            assertThat(engine.commitRetries()).as("commits the reader locked out").isPositive();
            Files.createFile(release);
            reader.awaitSuccess(Duration.ofSeconds(60));
        }
        committer.join(Duration.ofSeconds(60).toMillis());

        assertThat(outcome.get()).as("the commit's outcome").isInstanceOf(CommitResult.class);
        assertThat(((CommitResult) outcome.get()).committed()).isTrue();
        assertThat(engine.describeTable(ORDERS).primaryKey()).containsExactly("id");
        upsert(engine, 3);
        try (RowReader rows = engine.read(ORDERS, ScanRequest.all())) {
            assertThat(rows.toList()).hasSize(3);
        }
        assertThat(TestLakes.plainRows(lake.catalog(), dir, "SELECT count(*) FROM plain.orders"))
                .containsExactly("3");
    }

    private static CommitResult upsert(LakeEngine engine, long id) {
        return upsert(engine, id, CommitOptions.defaults());
    }

    private static CommitResult upsert(LakeEngine engine, long id, CommitOptions options) {
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(new Object[] {id, id * 10});
            return merge.commit(options);
        }
    }
}

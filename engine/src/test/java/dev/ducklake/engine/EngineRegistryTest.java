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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.error.LakeClosedException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sharing one engine per catalog through {@link EngineRegistry#shared()}. */
class EngineRegistryTest {

    static final TableName ITEMS = TableName.of("items");
    static final TableSchema ITEMS_SCHEMA =
            TestLakes.keyValueSchema("id", Primitive.VARCHAR, "n", Primitive.INTEGER);
    static final int THREADS = 8;

    @TempDir Path dir;

    /**
     * The settings of a lake in {@code lakeDir} that holds the items table, which an engine of its
     * own creates and closes again before the registry is used.
     */
    EngineConfig lakeWithItems(Path lakeDir) {
        EngineConfig config =
                TestLakes.config(TestLakes.catalog(CatalogLocation.Kind.DUCKDB, lakeDir), lakeDir)
                        .build();
        try (LakeEngine engine = LakeEngine.open(config)) {
            engine.createTable(ITEMS, ITEMS_SCHEMA);
        }
        return config;
    }

    static void append(LakeEngine engine, String id) {
        try (WriteSession session = engine.openWriteSession(ITEMS, WriteMode.APPEND)) {
            session.write(new Object[] {id, 1});
            session.commit();
        }
    }

    static long rowCount(LakeEngine engine) {
        try (RowReader rows = engine.read(ITEMS, ScanRequest.all())) {
            return rows.toList().size();
        }
    }

    /**
     * After DuckDB invalidated the engine's catalog (a checkpoint that fails, induced with DuckDB's
     * {@code debug_checkpoint_abort}), every call on it fails; the next acquire discards it and
     * opens a new engine on the same DuckDB-file catalog, the old users' calls fail with a "closed"
     * error, and releasing their leases leaves the new engine alone.
     */
    @Test
    void anEngineThatDuckDbInvalidatedIsReplacedForTheNextUser() throws Exception {
        EngineConfig config = lakeWithItems(dir);
        EngineRegistry registry = new EngineRegistry(LakeEngine::open);
        EngineRegistry.Lease broken = registry.acquire(config);
        append(broken.engine(), "a"); // something for the checkpoint to write
        try (Connection raw = broken.engine().context().connect();
                Statement sql = raw.createStatement()) {
            sql.execute("SET debug_checkpoint_abort = 'before_header'");
            assertThatThrownBy(() -> sql.execute("CHECKPOINT __ducklake_metadata_lake"))
                    .hasMessageContaining("invalidated");
        }
        assertThatThrownBy(() -> rowCount(broken.engine())).hasMessageContaining("invalidated");
        assertThat(broken.engine().usable()).isFalse();

        try (EngineRegistry.Lease fresh = registry.acquire(config)) {
            assertThat(fresh.engine()).isNotSameAs(broken.engine());
            assertThat(fresh.engine().usable()).isTrue();
            long rows = rowCount(fresh.engine());
            assertThatThrownBy(() -> rowCount(broken.engine()))
                    .isInstanceOf(LakeClosedException.class);
            broken.close();
            assertThat(registry.users(config.catalog())).isEqualTo(1);
            append(fresh.engine(), "b");
            assertThat(rowCount(fresh.engine())).isEqualTo(rows + 1);
        }
        assertThat(registry.openEngines()).isZero();
    }

    @Test
    void concurrentAcquiresShareOneEngineAndTheLastLeaseClosesIt() throws Exception {
        EngineConfig config = lakeWithItems(dir);
        EngineRegistry registry = EngineRegistry.shared();
        int enginesBefore = registry.openEngines();
        assertThat(registry.users(config.catalog())).isZero();

        CountDownLatch start = new CountDownLatch(1);
        CyclicBarrier allHolding = new CyclicBarrier(THREADS + 1);
        CountDownLatch checked = new CountDownLatch(1);
        List<LakeEngine> engines = new CopyOnWriteArrayList<>();
        List<EngineRegistry.Lease> leases = new CopyOnWriteArrayList<>();
        List<CommitResult> commits = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                futures.add(
                        pool.submit(
                                () -> {
                                    start.await();
                                    try (EngineRegistry.Lease lease = registry.acquire(config)) {
                                        leases.add(lease);
                                        LakeEngine engine = lease.engine();
                                        engines.add(engine);
                                        allHolding.await(30, TimeUnit.SECONDS);
                                        checked.await(30, TimeUnit.SECONDS);
                                        try (WriteSession session =
                                                engine.openWriteSession(ITEMS, WriteMode.APPEND)) {
                                            session.write(new Object[] {"t-" + id, id});
                                            commits.add(session.commit());
                                        }
                                        assertThat(rowCount(engine)).isBetween(1L, (long) THREADS);
                                    }
                                    return null;
                                }));
            }
            start.countDown();
            allHolding.await(30, TimeUnit.SECONDS);
            assertThat(registry.users(config.catalog())).isEqualTo(THREADS);
            assertThat(registry.openEngines()).isEqualTo(enginesBefore + 1);
            checked.countDown();
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            checked.countDown();
            pool.shutdownNow();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }

        Set<LakeEngine> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        distinct.addAll(engines);
        assertThat(engines).hasSize(THREADS);
        assertThat(distinct).as("engines handed out for one catalog").hasSize(1);
        assertThat(commits).hasSize(THREADS).allMatch(CommitResult::committed);
        assertThat(commits.stream().map(CommitResult::version).distinct().count())
                .isEqualTo(THREADS);

        assertThat(registry.users(config.catalog())).isZero();
        assertThat(registry.openEngines()).isEqualTo(enginesBefore);
        LakeEngine shared = engines.get(0);
        assertThatThrownBy(() -> shared.latestVersion(ITEMS))
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
        assertThat(engineTempDirs(dir)).isEmpty();

        try (LakeEngine check = LakeEngine.open(config)) {
            try (RowReader rows =
                    check.read(ITEMS, ScanRequest.builder().orderByKey(true).build())) {
                assertThat(
                                rows.toList().stream()
                                        .map(r -> (String) r[0])
                                        .collect(Collectors.toList()))
                        .containsExactly("t-0", "t-1", "t-2", "t-3", "t-4", "t-5", "t-6", "t-7");
            }
        }
    }

    @Test
    void leaseEngineAfterTheLastReleaseThrowsClosedNotNullPointer() {
        EngineConfig config = lakeWithItems(dir);
        EngineRegistry.Lease lease = EngineRegistry.shared().acquire(config);
        assertThat(lease.engine().latestVersion(ITEMS)).isPositive();
        lease.close();

        assertThatThrownBy(() -> lease.engine().latestVersion(ITEMS))
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> lease.engine().read(ITEMS, ScanRequest.all()))
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void aLeaseClosedTwiceReleasesOnce() {
        EngineConfig config = lakeWithItems(dir);
        EngineRegistry registry = EngineRegistry.shared();
        int enginesBefore = registry.openEngines();

        EngineRegistry.Lease first = registry.acquire(config);
        EngineRegistry.Lease second = registry.acquire(config);
        assertThat(first.engine()).isSameAs(second.engine());
        assertThat(registry.users(config.catalog())).isEqualTo(2);

        first.close();
        first.close();
        assertThat(registry.users(config.catalog())).isEqualTo(1);
        assertThat(registry.openEngines()).isEqualTo(enginesBefore + 1);
        LakeEngine engine = second.engine();
        try (WriteSession session = engine.openWriteSession(ITEMS, WriteMode.APPEND)) {
            session.write(new Object[] {"still-open", 1});
            assertThat(session.commit().committed()).isTrue();
        }
        assertThat(rowCount(engine)).isEqualTo(1);

        second.close();
        second.close();
        assertThat(registry.users(config.catalog())).isZero();
        assertThat(registry.openEngines()).isEqualTo(enginesBefore);
        assertThatThrownBy(() -> engine.latestVersion(ITEMS))
                .isInstanceOf(LakeClosedException.class);

        // the registry can open the catalog again afterwards
        try (EngineRegistry.Lease again = registry.acquire(config)) {
            assertThat(again.engine()).isNotSameAs(engine);
            assertThat(rowCount(again.engine())).isEqualTo(1);
        }
        assertThat(registry.openEngines()).isEqualTo(enginesBefore);
    }

    /**
     * A user of an open engine that asks for other settings gets the engine's; the log names them.
     */
    @Test
    void theSettingsAUserAsksForInVainAreNamedWithoutTheirValues() {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        EngineConfig open = TestLakes.config(catalog, dir).build();
        EngineConfig asked =
                TestLakes.config(catalog, dir)
                        .threads(open.threads() + 1)
                        .secret("lake_s3", Map.of("TYPE", "s3", "KEY_ID", "AKIA"))
                        .build();

        assertThat(EngineRegistry.differingSettings(open, TestLakes.config(catalog, dir).build()))
                .isEmpty();
        assertThat(EngineRegistry.differingSettings(open, asked))
                .containsExactly("threads", "secrets");
    }

    @Test
    void twoCatalogsGetTwoEngines() throws Exception {
        Path dirA = Files.createDirectories(dir.resolve("a"));
        Path dirB = Files.createDirectories(dir.resolve("b"));
        EngineConfig configA = lakeWithItems(dirA);
        EngineConfig configB = lakeWithItems(dirB);
        EngineRegistry registry = EngineRegistry.shared();
        int enginesBefore = registry.openEngines();

        try (EngineRegistry.Lease a = registry.acquire(configA);
                EngineRegistry.Lease b = registry.acquire(configB)) {
            assertThat(a.engine()).isNotSameAs(b.engine());
            assertThat(registry.openEngines()).isEqualTo(enginesBefore + 2);
            assertThat(registry.users(configA.catalog())).isEqualTo(1);
            assertThat(registry.users(configB.catalog())).isEqualTo(1);
            try (WriteSession session = a.engine().openWriteSession(ITEMS, WriteMode.APPEND)) {
                session.write(new Object[] {"only-in-a", 1});
                session.commit();
            }
            assertThat(rowCount(a.engine())).isEqualTo(1);
            assertThat(rowCount(b.engine())).isZero();
        }
        assertThat(registry.openEngines()).isEqualTo(enginesBefore);
        assertThat(registry.users(configA.catalog())).isZero();
        assertThat(registry.users(configB.catalog())).isZero();
    }

    @Test
    void acquireAndReleaseChurnAlwaysYieldsAWorkingEngine() throws Exception {
        EngineConfig config = lakeWithItems(dir);
        EngineRegistry registry = EngineRegistry.shared();
        int enginesBefore = registry.openEngines();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                futures.add(
                        pool.submit(
                                () -> {
                                    start.await();
                                    for (int i = 0; i < 5; i++) {
                                        try (EngineRegistry.Lease lease =
                                                registry.acquire(config)) {
                                            rowCount(lease.engine());
                                        } catch (Throwable e) {
                                            failures.add(e);
                                        }
                                    }
                                    return null;
                                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get(90, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
        assertThat(failures).as("failures of acquire/read/release churn").isEmpty();
        assertThat(registry.users(config.catalog())).isZero();
        assertThat(registry.openEngines()).isEqualTo(enginesBefore);
        assertThat(engineTempDirs(dir)).isEmpty();
    }

    static List<Path> engineTempDirs(Path lakeDir) throws java.io.IOException {
        Path tmp = lakeDir.resolve("tmp");
        if (!Files.exists(tmp)) {
            return List.of();
        }
        try (var children = Files.list(tmp)) {
            return children.filter(p -> p.getFileName().toString().startsWith("ducklake-engine-"))
                    .collect(Collectors.toList());
        }
    }
}

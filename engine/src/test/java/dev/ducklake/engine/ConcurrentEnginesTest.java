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
import dev.ducklake.engine.error.LakeConcurrencyException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two engines (two DuckDB instances, as two processes would have) on one PostgreSQL catalog and one
 * data path, committing to one keyed table at the same time.
 */
class ConcurrentEnginesTest {

    static final TableName KV = TableName.of("kv");
    static final TableSchema KV_SCHEMA =
            TestLakes.keyValueSchema("k", Primitive.VARCHAR, "v", Primitive.VARCHAR);
    static final int COMMITS = 15;

    @RegisterExtension final TestLake lake = TestLake.of(CatalogLocation.Kind.POSTGRES);

    /**
     * An engine on the lake; {@code inliningRowLimit} -1 for DuckLake's default data inlining, 0 to
     * write every commit as Parquet and delete files.
     */
    LakeEngine open(int inliningRowLimit, int commitRetries) {
        return lake.openAnother(
                settings -> {
                    settings.commitRetries(commitRetries);
                    if (inliningRowLimit >= 0) {
                        settings.dataInliningRowLimit(inliningRowLimit);
                    }
                    return settings;
                });
    }

    /** Both threads start each commit together, so every round of commits overlaps. */
    final CyclicBarrier lockstep = new CyclicBarrier(2);

    /** What one thread saw of its commits. */
    static final class Outcomes {
        final CyclicBarrier lockstep;
        final AtomicInteger landed = new AtomicInteger();
        final AtomicInteger conflicts = new AtomicInteger();
        final List<String> conflictMessages = new CopyOnWriteArrayList<>();
        final List<String> unexpected = new CopyOnWriteArrayList<>();

        Outcomes(CyclicBarrier lockstep) {
            this.lockstep = lockstep;
        }

        /**
         * Runs one commit, together with the other thread's; true when it landed, false on a
         * concurrency failure, recording anything else.
         */
        boolean commit(
                String who,
                java.util.function.Supplier<CommitResult> commit,
                java.util.function.Consumer<CommitResult> onLanded) {
            try {
                lockstep.await(60, TimeUnit.SECONDS);
                CommitResult result = commit.get();
                if (!result.committed()) {
                    unexpected.add(
                            who + ": a commit with changes reported committed=false: " + result);
                    return false;
                }
                onLanded.accept(result);
                landed.incrementAndGet();
                return true;
            } catch (LakeConcurrencyException e) {
                conflicts.incrementAndGet();
                conflictMessages.add(who + ": " + e.getMessage());
                return false;
            } catch (Throwable t) {
                StringWriter trace = new StringWriter();
                t.printStackTrace(new PrintWriter(trace));
                unexpected.add(who + ": " + trace);
                return false;
            }
        }
    }

    static Map<String, String> readTable(LakeEngine engine, long version) {
        try (RowReader rows = engine.read(KV, ScanRequest.builder().version(version).build())) {
            return toMap(rows.toList());
        }
    }

    static Map<String, String> toMap(List<Object[]> rows) {
        Map<String, String> out = new TreeMap<>();
        List<String> duplicates = new ArrayList<>();
        for (Object[] row : rows) {
            if (out.put((String) row[0], (String) row[1]) != null) {
                duplicates.add((String) row[0]);
            }
        }
        assertThat(duplicates).as("keys present in more than one row").isEmpty();
        return out;
    }

    /** The table read through a plain DuckDB, not the engine: row count and distinct key count. */
    long[] plainCounts() throws Exception {
        try (Connection plain = TestLakes.plainDuckDb(lake.catalog(), lake.dir());
                Statement st = plain.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT count(*), count(DISTINCT k) FROM plain.main.kv")) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        }
    }

    static void runBoth(Runnable a, Runnable b) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> both = new ArrayList<>();
            for (Runnable work : List.of(a, b)) {
                both.add(
                        pool.submit(
                                () -> {
                                    start.await();
                                    work.run();
                                    return null;
                                }));
            }
            start.countDown();
            for (Future<?> done : both) {
                done.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest(name = "data inlining row limit {0} (-1: default)")
    @ValueSource(ints = {-1, 0})
    void appendsAndMergesFromTwoEnginesLoseAndDuplicateNothing(int inlining) throws Exception {
        LakeEngine engineA = open(inlining, 5);
        engineA.createTable(KV, KV_SCHEMA);
        LakeEngine engineB = open(inlining, 5);
        assertThat(engineB.describeTable(KV)).isEqualTo(KV_SCHEMA);

        Map<String, String> modelA = new LinkedHashMap<>();
        Map<String, String> modelB = new LinkedHashMap<>();
        Outcomes outA = new Outcomes(lockstep);
        Outcomes outB = new Outcomes(lockstep);
        List<Long> versionsA = new CopyOnWriteArrayList<>();
        List<Long> versionsB = new CopyOnWriteArrayList<>();

        Runnable appender =
                () -> {
                    for (int i = 0; i < COMMITS; i++) {
                        Map<String, String> rows = new LinkedHashMap<>();
                        for (int r = 0; r < 4; r++) {
                            rows.put("a-" + i + "-" + r, "a" + i);
                        }
                        outA.commit(
                                "A#" + i,
                                () -> {
                                    try (WriteSession session =
                                            engineA.openWriteSession(KV, WriteMode.APPEND)) {
                                        rows.forEach((k, v) -> session.write(new Object[] {k, v}));
                                        return session.commit();
                                    }
                                },
                                result -> {
                                    modelA.putAll(rows);
                                    versionsA.add(result.version());
                                });
                    }
                };
        Runnable merger =
                () -> {
                    for (int i = 0; i < COMMITS; i++) {
                        Map<String, String> upserts = new LinkedHashMap<>();
                        for (int r = 0; r < 3; r++) {
                            upserts.put("b-" + i + "-" + r, "b" + i);
                        }
                        List<String> deletes = new ArrayList<>();
                        if (i >= 1) {
                            upserts.put("b-" + (i - 1) + "-0", "b" + i + "-updated");
                        }
                        if (i >= 2) {
                            deletes.add("b-" + (i - 2) + "-1");
                        }
                        outB.commit(
                                "B#" + i,
                                () -> {
                                    try (MergeSession merge = engineB.openMergeSession(KV)) {
                                        upserts.forEach(
                                                (k, v) -> merge.upsert(new Object[] {k, v}));
                                        deletes.forEach(merge::deleteKey);
                                        return merge.commit();
                                    }
                                },
                                result -> {
                                    versionsB.add(result.version());
                                    modelB.putAll(upserts);
                                    deletes.forEach(modelB::remove);
                                });
                    }
                };
        runBoth(appender, merger);

        assertEveryCommitLandedOrConflicted("append vs merge", outA, outB);
        assertThat(outA.landed.get()).as("commits of A that landed").isPositive();
        assertThat(outB.landed.get()).as("commits of B that landed").isPositive();
        assertThat(versionsA.stream().filter(versionsB::contains))
                .as("versions claimed by both engines")
                .isEmpty();
        assertThat(java.util.Collections.max(versionsA))
                .as("the two engines' commits interleaved")
                .isGreaterThan(java.util.Collections.min(versionsB));
        assertThat(java.util.Collections.max(versionsB))
                .as("the two engines' commits interleaved")
                .isGreaterThan(java.util.Collections.min(versionsA));

        Map<String, String> expected = new TreeMap<>(modelA);
        expected.putAll(modelB);
        engineA.close();
        engineB.close();
        long[] counts = plainCounts();
        assertThat(counts[0]).as("rows seen by plain DuckDB").isEqualTo(expected.size());
        assertThat(counts[1]).as("distinct keys seen by plain DuckDB").isEqualTo(expected.size());
        LakeEngine fresh = open(inlining, 5);
        assertThat(readTable(fresh, fresh.latestVersion(KV))).isEqualTo(expected);
    }

    /** Each thread's commits all either landed or failed with the typed concurrency error. */
    static void assertEveryCommitLandedOrConflicted(String scenario, Outcomes outA, Outcomes outB) {
        System.out.printf(
                "two engines, %s: A landed %d, conflicts %d; B landed %d, conflicts %d%n",
                scenario,
                outA.landed.get(),
                outA.conflicts.get(),
                outB.landed.get(),
                outB.conflicts.get());
        outA.conflictMessages.forEach(System.out::println);
        outB.conflictMessages.forEach(System.out::println);
        assertThat(outA.unexpected)
                .as("exceptions other than LakeConcurrencyException in thread A")
                .isEmpty();
        assertThat(outB.unexpected)
                .as("exceptions other than LakeConcurrencyException in thread B")
                .isEmpty();
        assertThat(outA.landed.get() + outA.conflicts.get()).isEqualTo(COMMITS);
        assertThat(outB.landed.get() + outB.conflicts.get()).isEqualTo(COMMITS);
    }

    /** One landed merge: its version and the values it wrote. */
    record Landed(long version, Map<String, String> upserts) {}

    @ParameterizedTest(name = "data inlining row limit {0} (-1: default)")
    @ValueSource(ints = {-1, 0})
    void mergesOfTheSameKeysFromTwoEnginesEitherLandOrConflict(int inlining) throws Exception {
        LakeEngine engineA = open(inlining, 0);
        engineA.createTable(KV, KV_SCHEMA);
        Map<String, String> initial = new TreeMap<>();
        for (int k = 0; k < 10; k++) {
            initial.put("k" + k, "init");
        }
        long base;
        try (WriteSession session = engineA.openWriteSession(KV, WriteMode.APPEND)) {
            initial.forEach((k, v) -> session.write(new Object[] {k, v}));
            base = session.commit().version();
        }
        LakeEngine engineB = open(inlining, 0);

        List<Landed> landed = new CopyOnWriteArrayList<>();
        Outcomes outA = new Outcomes(lockstep);
        Outcomes outB = new Outcomes(lockstep);
        Function<String, Runnable> merger =
                who ->
                        () -> {
                            LakeEngine engine = who.equals("A") ? engineA : engineB;
                            Outcomes out = who.equals("A") ? outA : outB;
                            Random random = new Random(who.hashCode());
                            for (int i = 0; i < COMMITS; i++) {
                                Map<String, String> upserts = new TreeMap<>();
                                upserts.put("k0", who + i);
                                for (int k = 1; k < 10; k++) {
                                    if (random.nextBoolean()) {
                                        upserts.put("k" + k, who + i);
                                    }
                                }
                                out.commit(
                                        who + "#" + i,
                                        () -> {
                                            try (MergeSession merge = engine.openMergeSession(KV)) {
                                                upserts.forEach(
                                                        (k, v) ->
                                                                merge.upsert(new Object[] {k, v}));
                                                return merge.commit();
                                            }
                                        },
                                        result ->
                                                landed.add(new Landed(result.version(), upserts)));
                            }
                        };
        runBoth(merger.apply("A"), merger.apply("B"));

        assertEveryCommitLandedOrConflicted("same keys", outA, outB);
        assertThat(engineA.commitRetries() + engineB.commitRetries())
                .as("retries with commitRetries(0)")
                .isZero();

        List<Landed> inOrder = new ArrayList<>(landed);
        inOrder.sort(Comparator.comparingLong(Landed::version));
        assertThat(inOrder.stream().map(Landed::version).distinct().count())
                .as("versions of landed commits are distinct")
                .isEqualTo(inOrder.size());
        assertThat(inOrder).isNotEmpty().allMatch(l -> l.version() > base);

        // every landed commit is a version, no failed commit left one, and each version holds
        // exactly the model of the landed commits up to it
        Set<Long> versions =
                engineA.versions(KV, 0, 1000).stream()
                        .map(TableVersion::id)
                        .collect(Collectors.toSet());
        Set<Long> expectedVersions =
                inOrder.stream().map(Landed::version).collect(Collectors.toSet());
        expectedVersions.add(base);
        expectedVersions.add(
                engineA.versions(KV, 0, 1000).stream()
                        .mapToLong(TableVersion::id)
                        .min()
                        .orElseThrow());
        assertThat(versions).isEqualTo(expectedVersions);

        Map<String, String> model = new TreeMap<>(initial);
        assertThat(readTable(engineB, base)).isEqualTo(model);
        Map<Long, Map<String, String>> mismatches = new HashMap<>();
        for (Landed commit : inOrder) {
            model.putAll(commit.upserts());
            Map<String, String> actual = readTable(engineB, commit.version());
            if (!actual.equals(model)) {
                mismatches.put(commit.version(), actual);
            }
        }
        assertThat(mismatches)
                .as("versions whose rows differ from the landed commits applied in version order")
                .isEmpty();
        assertThat(engineA.latestVersion(KV)).isEqualTo(inOrder.get(inOrder.size() - 1).version());

        engineA.close();
        engineB.close();
        long[] counts = plainCounts();
        assertThat(counts).containsExactly(10L, 10L);
        LakeEngine fresh = open(inlining, 0);
        assertThat(readTable(fresh, fresh.latestVersion(KV))).isEqualTo(model);
    }
}

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

import dev.ducklake.engine.change.Change;
import dev.ducklake.engine.change.ChangeMethod;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.MergeSession.CurrentRows;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Merges given their keys' current rows ({@link CurrentRows#GIVEN}): the commit trusts them while
 * only commits of the same producer changed the table since they were read, and looks the rows up
 * in the table as soon as another producer did. A current row the table does not hold tells which
 * way a commit went: trusted, the key counts as updated; looked up, as inserted.
 */
class MergeWithCurrentRowsTest {

    private static final TableName KV = TableName.of("kv");
    private static final Map<String, String> SINK = Map.of("sink-id", "s-1", "flink-job-id", "j-1");

    @RegisterExtension final TestLake lake = TestLake.of(CatalogLocation.Kind.DUCKDB);

    LakeEngine engine;

    @BeforeEach
    void open() {
        engine = lake.engine();
        engine.createTable(
                KV, TestLakes.keyValueSchema("k", Primitive.VARCHAR, "n", Primitive.BIGINT));
        try (MergeSession merge = engine.openMergeSession(KV)) {
            merge.upsert(new Object[] {"a", 1L});
            merge.upsert(new Object[] {"b", 2L});
            merge.upsert(new Object[] {"same", 3L});
            merge.commit();
        }
    }

    @Test
    void trustedCurrentRowsGiveTheSameTableCountsAndBeforeImagesAsALookup() {
        long before = engine.latestVersion(KV);
        CommitResult result;
        try (MergeSession merge = engine.openMergeSession(KV, CurrentRows.GIVEN)) {
            merge.upsert(new Object[] {"a", 10L}, new Object[] {"a", 1L});
            merge.upsert(new Object[] {"a", 11L}, new Object[] {"a", 10L});
            merge.delete(new Object[] {"b", null}, new Object[] {"b", 2L});
            merge.upsert(new Object[] {"c", 4L}, null);
            merge.upsert(new Object[] {"same", 3L}, new Object[] {"same", 3L});
            merge.delete(new Object[] {"gone", null}, null);
            result = merge.commit(options(before));
        }

        assertThat(List.of(result.inserted(), result.updated(), result.deleted()))
                .containsExactly(1L, 1L, 1L);
        assertThat(rows()).isEqualTo(Map.of("a", 11L, "c", 4L, "same", 3L));
        try (ChangeReader images =
                        engine.changes(KV, before, result.version(), ChangeMethod.BEFORE_IMAGES);
                ChangeReader diff =
                        engine.changes(KV, before, result.version(), ChangeMethod.FULL_DIFF)) {
            assertThat(multiset(images.toList())).isEqualTo(multiset(diff.toList()));
        }
    }

    @Test
    void currentRowsAreTrustedAfterCommitsOfTheSameProducer() {
        long before = engine.latestVersion(KV);
        try (MergeSession merge = engine.openMergeSession(KV, CurrentRows.GIVEN)) {
            merge.upsert(new Object[] {"a", 5L}, new Object[] {"a", 1L});
            merge.commit(options(before));
        }

        assertThat(commitClaimingAnAbsentKey(before).updated())
                .as("a key the given rows claim, counted")
                .isEqualTo(1);
    }

    @Test
    void aCommitOfAnotherProducerMakesTheCommitLookTheRowsUp() {
        long before = engine.latestVersion(KV);
        try (MergeSession other = engine.openMergeSession(KV)) {
            other.upsert(new Object[] {"b", 20L});
            other.commit(
                    CommitOptions.builder()
                            .producer(Map.of("sink-id", "s-2", "flink-job-id", "j-1"))
                            .build());
        }

        CommitResult result = commitClaimingAnAbsentKey(before);
        assertThat(result.inserted()).as("the key looked up, found absent").isEqualTo(1);
        assertThat(result.updated()).isZero();
        assertThat(rows()).containsEntry("x", 7L).containsEntry("b", 20L);
    }

    /**
     * An expiry that removed a snapshot after the given rows' version may have removed another
     * producer's commit, so the commit looks the rows up; a version before the expired ones, with
     * the history after it complete, is still trusted.
     */
    @Test
    void anExpiredSnapshotAfterTheVersionMakesTheCommitLookTheRowsUp() throws Exception {
        long before = engine.latestVersion(KV);
        try (MergeSession same = engine.openMergeSession(KV, CurrentRows.GIVEN)) {
            same.upsert(new Object[] {"a", 5L}, new Object[] {"a", 1L});
            same.commit(options(before));
        }
        long middle = engine.latestVersion(KV);
        try (MergeSession same = engine.openMergeSession(KV, CurrentRows.GIVEN)) {
            same.upsert(new Object[] {"a", 6L}, new Object[] {"a", 5L});
            same.commit(options(middle));
        }
        // Keeps the table's latest version only: the snapshot after `before` is gone.
        engine.maintain(
                MaintenanceRequest.builder().expireSnapshotsOlderThan(Duration.ZERO).build());
        assertThat(engine.historyIntactAfter(before)).isFalse();

        assertThat(commitClaimingAnAbsentKey(before).inserted())
                .as("the key looked up, found absent")
                .isEqualTo(1);
        assertThat(engine.historyIntactAfter(engine.latestVersion(KV) - 1)).isTrue();
    }

    @Test
    void sessionsTakeChangesOfTheirOwnKindOnly() {
        try (MergeSession given = engine.openMergeSession(KV, CurrentRows.GIVEN);
                MergeSession lookedUp = engine.openMergeSession(KV)) {
            assertThatThrownBy(() -> given.upsert(new Object[] {"a", 1L}))
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("main.kv");
            assertThatThrownBy(() -> lookedUp.upsert(new Object[] {"a", 1L}, null))
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("main.kv");
        }
    }

    /** Upserts key {@code x}, which the table does not hold, given a current row for it. */
    private CommitResult commitClaimingAnAbsentKey(long asOf) {
        try (MergeSession merge = engine.openMergeSession(KV, CurrentRows.GIVEN)) {
            merge.upsert(new Object[] {"x", 7L}, new Object[] {"x", 6L});
            return merge.commit(options(asOf));
        }
    }

    private static CommitOptions options(long asOf) {
        return CommitOptions.builder().producer(SINK).currentRowsAsOf(asOf, SINK).build();
    }

    private Map<String, Long> rows() {
        try (RowReader reader = engine.read(KV, ScanRequest.builder().build())) {
            Map<String, Long> rows = new TreeMap<>();
            reader.forEachRemaining(r -> rows.put((String) r[0], (Long) r[1]));
            return rows;
        }
    }

    private static Map<Change, Integer> multiset(List<Change> changes) {
        Map<Change, Integer> counts = new HashMap<>();
        changes.forEach(c -> counts.merge(c, 1, Integer::sum));
        return counts;
    }
}

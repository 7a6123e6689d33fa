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

package dev.ducklake.flink.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.connector.testutils.source.reader.TestingSplitEnumeratorContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With snapshot watermarks, the enumerator announces to each reader the versions whose splits for
 * it are all assigned, with the lake snapshot they cover: never one while a split of it for that
 * reader is pending (a reader not yet registered), the newest again to a reader that registers
 * anew, and the lake's newer snapshots while the table is quiet.
 */
class SplitsAssignedTest {

    private static final TableName TABLE = TableName.of("orders");

    @TempDir Path dir;

    EngineRegistry.Lease lease;
    TestingSplitEnumeratorContext<DuckLakeSplit> context;
    SplitEnumerator<DuckLakeSplit, DuckLakeEnumeratorState> enumerator;
    long created;

    @BeforeEach
    void start() {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        EngineConfig config = TestLakes.config(catalog, dir).build();
        lease = EngineRegistry.shared().acquire(config);
        created =
                lease.engine()
                        .createTable(
                                TABLE, TestSchemas.columns("id BIGINT").primaryKey("id").build());
        DuckLakeSource source =
                DuckLakeSource.builder()
                        .catalog(catalog.key())
                        .dataPath(dir.resolve("data") + "/")
                        .memoryLimit("512MB")
                        .temporaryDirectory(dir.resolve("tmp").toString())
                        .table(TABLE.toString())
                        .startAfterVersion(created)
                        .snapshotWatermarks(true)
                        .build();
        context = new TestingSplitEnumeratorContext<>(2);
        enumerator = source.createEnumerator(context);
        enumerator.start();
    }

    @AfterEach
    void close() throws Exception {
        enumerator.close();
        lease.close();
    }

    @Test
    void aVersionIsAnnouncedToAReaderOnceAllItsSplitsForItAreAssigned() {
        register(0);
        long v1 = commit(1);
        context.triggerAllActions();
        assertThat(announced(0))
                .as("reader 0 holds its splits of every version")
                .last()
                .isEqualTo(new SplitsAssignedEvent(v1, v1));
        assertThat(announced(1)).as("reader 1 is not registered").isEmpty();

        register(1);
        assertThat(assigned(1)).extracting(DuckLakeSplit::to).containsExactly(v1);
        assertThat(announced(1))
                .as("everything planned, once its split is assigned")
                .containsExactly(
                        new SplitsAssignedEvent(created, created), new SplitsAssignedEvent(v1, v1));

        long v2 = commit(2);
        context.triggerAllActions();
        assertThat(announced(0)).last().isEqualTo(new SplitsAssignedEvent(v2, v2));
        assertThat(announced(1)).last().isEqualTo(new SplitsAssignedEvent(v2, v2));

        int before = announced(1).size();
        enumerator.addReader(1); // restarted: its task registers it again
        assertThat(announced(1).subList(before, announced(1).size()))
                .as("a reader registered anew")
                .containsExactly(new SplitsAssignedEvent(v2, v2));
    }

    @Test
    void aQuietTableIsAnnouncedAtTheLakesNewerSnapshots() {
        register(0);
        register(1);
        long v1 = commit(1);
        context.triggerAllActions();
        TableName other = TableName.of("other");
        long elsewhere =
                lease.engine().createTable(other, TestSchemas.columns("id BIGINT").build());
        context.triggerAllActions();
        assertThat(announced(1))
                .last()
                .as("no new version of orders up to snapshot %s", elsewhere)
                .isEqualTo(new SplitsAssignedEvent(v1, elsewhere));
    }

    private void register(int reader) {
        context.registerReader(reader, "localhost");
        enumerator.addReader(reader);
    }

    private long commit(long id) {
        try (MergeSession merge = lease.engine().openMergeSession(TABLE)) {
            merge.upsert(new Object[] {id});
            return merge.commit().version();
        }
    }

    private List<DuckLakeSplit> assigned(int reader) {
        return context.getSplitAssignments().get(reader).getAssignedSplits();
    }

    private List<SourceEvent> announced(int reader) {
        return context.getSentEvents().getOrDefault(reader, List.of()).stream()
                .filter(SplitsAssignedEvent.class::isInstance)
                .toList();
    }
}

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

package dev.ducklake.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ten million rows staged and committed at once in a JVM with a 512 MB heap (its own surefire run,
 * see the pom): staging lives in DuckDB, off the Java heap, and spills to disk past DuckDB's memory
 * limit, so a large checkpoint needs no more heap than a small one.
 */
class LargeCheckpointITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(1);

    @TempDir Path dir;

    @Test
    void tenMillionRowsCommitInOneSnapshotWithinASmallHeap() throws Exception {
        assertThat(Runtime.getRuntime().maxMemory()).isLessThanOrEqualTo(512L * 1024 * 1024);
        long count = 10_000_000;
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(1);
        OrderEvents.stream(env, "orders", OrderEvents::append, count)
                .sinkTo(
                        OrderEvents.sink(catalog, dir, "orders")
                                .memoryLimit("256MB")
                                .temporaryDirectory(dir.resolve("spill").toString())
                                .build());
        env.execute("ten million rows in one commit");

        assertThat(LakeContents.sinkSnapshots(catalog, dir)).hasSize(1);
        assertThat(
                        LakeContents.rows(
                                catalog,
                                dir,
                                "SELECT count(*), count(DISTINCT order_id), sum(seq) FROM plain.orders"))
                .containsExactly(
                        List.of(
                                count,
                                count,
                                java.math.BigInteger.valueOf(count * (count - 1) / 2)));
    }
}

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

package dev.ducklake.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The one SQL jar on the official distribution of every Flink release the connector supports: a
 * standalone cluster (a JobManager and a TaskManager process) runs a streaming SQL job that writes
 * a keyed and an append-only table on a PostgreSQL catalog with the data on S3, then the SQL client
 * reads the keyed table back in batch mode. The S3 credentials come from the processes' environment
 * ({@code PROVIDER credential_chain}), for DuckDB and for the sink's S3 client alike.
 */
class FlinkVersionsIT {

    static final List<String> VERSIONS = FlinkDistributions.SUPPORTED;

    @RegisterExtension static final LakeServers SERVERS = new LakeServers();

    @TempDir static Path dir;

    @ParameterizedTest(name = "Flink {0}")
    @FieldSource("VERSIONS")
    void aStreamingSqlJobWritesAndABatchQueryReadsTheLake(String version) throws Exception {
        Balances workload = new Balances("balances", 5_000, 100, 2_500);
        Path work = dir.resolve("flink-" + version);
        try (Lake lake = new Lake(SERVERS.s3(), null, true);
                FlinkCluster cluster =
                        FlinkCluster.create(
                                version, work, Map.of("execution.checkpointing.interval", "1 s"))) {
            try {
                cluster.withEnvironment(Lake.environment()).start(1);
                Path write = work.resolve("write.sql");
                Files.writeString(write, workload.job(lake));
                cluster.awaitFinished(cluster.sql(write).get(0), Duration.ofMinutes(3));
                assertThat(lake.rowsByKey("balances")).isEqualTo(workload.expected());
                assertThat(lake.rowsByKey("balances_events")).isEqualTo(workload.expectedEvents());

                Path read = work.resolve("read.sql");
                Files.writeString(
                        read,
                        String.join(
                                "\n",
                                "SET 'execution.runtime-mode' = 'batch';",
                                "SET 'sql-client.execution.result-mode' = 'tableau';",
                                "CREATE TABLE balances (k STRING NOT NULL, v BIGINT, amount DECIMAL(12, 2)) WITH ("
                                        + lake.with("balances")
                                        + ");",
                                "SELECT COUNT(*) AS keys_read, SUM(v) AS v_total FROM balances;",
                                ""));
                long total =
                        workload.expected().values().stream()
                                .mapToLong(row -> Long.parseLong(row.split("\\|")[1]))
                                .sum();
                assertThat(cluster.sqlOutput(read))
                        .containsPattern("\\|\\s+100\\s+\\|\\s+" + total + "\\s+\\|");
            } catch (Throwable e) {
                e.addSuppressed(new AssertionError("Cluster logs:\n" + cluster.logs()));
                throw e;
            }
        }
    }
}

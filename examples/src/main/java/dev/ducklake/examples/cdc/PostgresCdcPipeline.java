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

package dev.ducklake.examples.cdc;

import dev.ducklake.testing.cdc.DebeziumConnector;
import dev.ducklake.testing.cdc.KafkaServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.util.FileUtils;

/**
 * The CDC pipeline, end to end on loopback: an OLTP workload ({@link ShopWorkload}) on PostgreSQL,
 * Debezium's PostgreSQL connector publishing into a Kafka broker, and a Flink job ({@link
 * CdcPipelineJob}) that writes whole source transactions into a lake whose catalog is on the same
 * PostgreSQL server. It prints its progress, then compares every lake table with its PostgreSQL
 * table and checks the workload's invariants at every snapshot the job wrote.
 *
 * <pre>{@code
 * .ci/postgres.sh && mvn -q -pl examples -am install -DskipTests && mvn -q -pl examples exec:exec \
 *     -Dexec.mainClass=dev.ducklake.examples.cdc.PostgresCdcPipeline -Dexample.args=5000
 * }</pre>
 *
 * <p>Arguments: the number of source transactions (5,000), then the PostgreSQL server's JDBC URL
 * ({@code jdbc:postgresql://127.0.0.1:55432/postgres?user=postgres}, what {@code .ci/postgres.sh}
 * starts). It recreates the databases {@code ducklake_cdc_shop} and {@code ducklake_cdc_lake}
 * there, and works under {@code target/cdc-pipeline}.
 */
public final class PostgresCdcPipeline {

    private static final String SLOT = "ducklake_cdc_example";

    private PostgresCdcPipeline() {}

    public static void main(String[] args) throws Exception {
        long transactions = args.length > 0 ? Long.parseLong(args[0]) : 5_000;
        String server = args.length > 1 ? args[1] : PipelineDatabases.LOCAL_SERVER;
        Path work = Path.of("target", "cdc-pipeline").toAbsolutePath();
        FileUtils.deleteDirectory(work.toFile());
        Files.createDirectories(work);
        PipelineDatabases.recreate(server, SLOT, "ducklake_cdc_shop", "ducklake_cdc_lake");
        String source = PipelineDatabases.database(server, "ducklake_cdc_shop");
        String lakeCatalog = PipelineDatabases.lakeCatalog(server, "ducklake_cdc_lake");
        String dataPath = work.resolve("data") + "/";

        new ShopWorkload(source, 7).createSchema();
        try (KafkaServer kafka = KafkaServer.start(work.resolve("kafka"));
                DebeziumConnector debezium =
                        DebeziumConnector.start(
                                work.resolve("debezium"),
                                PipelineDatabases.debeziumSettings(source, "shop", SLOT),
                                kafka.bootstrapServers());
                ShopComparison comparison = new ShopComparison(source, lakeCatalog, dataPath)) {
            System.out.printf(
                    "Kafka on %s, Debezium capturing schema shop of ducklake_cdc_shop%n",
                    kafka.bootstrapServers());
            JobClient job =
                    CdcPipelineJob.start(
                            work.resolve("checkpoints"),
                            kafka.bootstrapServers(),
                            "shop",
                            true,
                            lakeCatalog,
                            dataPath,
                            "PostgreSQL → Debezium → Kafka → Flink → DuckLake");
            try {
                long start = System.nanoTime();
                new ShopWorkload(source, 7)
                        .run(
                                transactions,
                                transactions / 2,
                                done ->
                                        System.out.printf(
                                                "%,d source transactions committed; the lake holds %,d orders%n",
                                                done, lakeRows(comparison)));
                System.out.printf(
                        "Workload done in %.1f s; waiting for the lake to catch up%n",
                        (System.nanoTime() - start) / 1e9);
                long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
                List<String> differing = comparison.differingTables();
                while (!differing.isEmpty() && System.nanoTime() < deadline) {
                    CdcPipelineJob.requireRunning(job);
                    Thread.sleep(1_000); // the lake has no event to wait on
                    differing = comparison.differingTables();
                }
                List<Long> snapshots = comparison.sinkSnapshots();
                List<Long> broken = comparison.snapshotsBreakingInvariants(snapshots);
                System.out.printf("Caught up after %.1f s.%n", (System.nanoTime() - start) / 1e9);
                for (String table : ShopWorkload.TABLES) {
                    System.out.printf(
                            "  %-18s %,8d rows in the lake, %s%n",
                            table,
                            comparison.lakeRows(table),
                            differing.contains(table)
                                    ? "DIFFERENT from PostgreSQL"
                                    : "equal to PostgreSQL");
                }
                System.out.printf(
                        "  %d lake snapshots written; the invariants (order total = sum of its lines,"
                                + " balance = sum of the customer's orders) hold at %d of them%n",
                        snapshots.size(), snapshots.size() - broken.size());
                if (!differing.isEmpty() || !broken.isEmpty()) {
                    throw new IllegalStateException(
                            "The lake does not match PostgreSQL: "
                                    + differing
                                    + ", invariants broken at snapshots "
                                    + broken);
                }
            } finally {
                CdcPipelineJob.stop(job);
            }
        } finally {
            PipelineDatabases.dropSlot(server, SLOT);
        }
    }

    private static long lakeRows(ShopComparison comparison) {
        try {
            return comparison.lakeRows("shop.orders");
        } catch (SQLException e) {
            return 0;
        }
    }
}

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

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeObject;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.examples.ExampleEnvironment;
import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.debezium.DebeziumJsonDeserializationSchema;
import dev.ducklake.flink.sink.DuckLakeSink;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.reader.TextLineInputFormat;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;
import org.apache.flink.util.FileUtils;

/**
 * Replicates the tables of two databases from their Debezium change events into a local DuckLake
 * with the change-record sink ({@link DuckLakeSink#forChangeRecords()}), then prints what the lake
 * holds:
 *
 * <ol>
 *   <li>a {@link FileSource} reads the bundled events ({@code src/main/resources/cdc}, one Kafka
 *       Connect JSON message per line, as Debezium's PostgreSQL and MySQL connectors wrote them):
 *       PostgreSQL's {@code inventory.products} (a snapshot, inserts, updates and a delete),
 *       MySQL's {@code inventory.customers} (an insert) and MySQL's {@code test.product}, whose
 *       schema gains the column {@code age} and then widens it from INT to BIGINT;
 *   <li>{@link DebeziumJsonDeserializationSchema} turns each line into change records, with each
 *       table's primary key configured, since the lines carry no Kafka message keys;
 *   <li>the sink writes each source table to the lake table of the same name, creates the tables,
 *       follows their schemas (adds {@code age}, widens it), and commits each checkpoint of all
 *       tables as one snapshot;
 *   <li>the engine reads each lake table and the commit metadata of the snapshots the sink wrote.
 * </ol>
 *
 * <pre>{@code
 * mvn -q -pl examples -am install -DskipTests
 * mvn -q -pl examples exec:exec -Dexec.mainClass=dev.ducklake.examples.cdc.ReplicateDebeziumJob
 * }</pre>
 *
 * <p>The lake goes to {@code target/cdc-lake} (or the directory given as the first argument), made
 * afresh on each run; the events are copied to its {@code events} directory for the file source.
 * All events of a table are in one file, which one reader reads in order: the sink applies a
 * table's changes, schema changes included, in the order they reach it.
 */
public final class ReplicateDebeziumJob {

    /** The bundled event files, under {@code cdc/} on the class path. */
    private static final List<String> EVENT_FILES =
            List.of(
                    "postgres-inventory-products.jsonl",
                    "mysql-inventory-customers.jsonl",
                    "mysql-test-product.jsonl");

    private ReplicateDebeziumJob() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/cdc-lake").toAbsolutePath();
        FileUtils.deleteDirectory(dir.toFile());
        Path events = copyEvents(dir.resolve("events"));
        String catalog = dir.resolve("metadata.ducklake").toString();

        replicate(events, catalog);

        try (EngineRegistry.Lease lease =
                EngineRegistry.shared()
                        .acquire(
                                EngineConfig.builder(CatalogLocation.duckDbFile(Path.of(catalog)))
                                        .build())) {
            LakeEngine engine = lease.engine();
            List<TableName> tables =
                    engine.listSchemas().stream()
                            .flatMap(schema -> engine.listTables(schema).stream())
                            .map(LakeObject::name)
                            .sorted(Comparator.comparing(TableName::toString))
                            .toList();
            for (TableName table : tables) {
                printTable(engine, table);
            }
            printSnapshots(engine, tables);
        }
        System.out.printf(
                "Look at it with plain DuckDB: python3 -c \"import duckdb; duckdb.sql(\\\"ATTACH"
                        + " 'ducklake:%s' AS lake (READ_ONLY)\\\"); duckdb.sql('SELECT * FROM lake.inventory.products"
                        + " ORDER BY id').show()\"%n",
                catalog);
    }

    /**
     * The bounded job: every line of every event file into the lake, committed on checkpoints and
     * at its end.
     */
    private static void replicate(Path events, String catalog) throws Exception {
        DebeziumJsonDeserializationSchema debezium =
                DebeziumJsonDeserializationSchema.builder()
                        .primaryKey("inventory.products", "id")
                        .primaryKey("inventory.customers", "id")
                        .primaryKey("test.product", "id")
                        .build();

        StreamExecutionEnvironment env = ExampleEnvironment.create();
        FileSource<String> lines =
                FileSource.forRecordStreamFormat(
                                new TextLineInputFormat(),
                                new org.apache.flink.core.fs.Path(events.toUri()))
                        .build();
        env.fromSource(lines, WatermarkStrategy.noWatermarks(), "debezium events")
                .flatMap(new DebeziumLines(debezium))
                .sinkTo(
                        DuckLakeSink.forChangeRecords()
                                .catalog(catalog) // each source table to the lake table of its name
                                .build());
        env.execute("replicate debezium events");
    }

    private static void printTable(LakeEngine engine, TableName table) {
        System.out.println(table + " " + engine.describeTable(table) + ":");
        try (RowReader rows = engine.read(table, ScanRequest.builder().orderByKey(true).build())) {
            rows.forEachRemaining(row -> System.out.println("  " + Arrays.toString(row)));
        }
    }

    /**
     * The snapshots the sink wrote, one per checkpoint, from each table's versions: a snapshot is a
     * version of every table its checkpoint changed, and its commit metadata, seen from one table,
     * holds that table's part of the checkpoint.
     */
    private static void printSnapshots(LakeEngine engine, List<TableName> tables) {
        Map<Long, String> checkpoints = new TreeMap<>();
        Map<Long, List<String>> changes = new TreeMap<>();
        for (TableName table : tables) {
            for (TableVersion version : engine.versions(table, 0, 1_000)) {
                CommitMetadata commit = version.metadata().orElseThrow();
                checkpoints.put(version.id(), commit.producer().get("checkpoint-id"));
                changes.computeIfAbsent(version.id(), id -> new ArrayList<>())
                        .add(
                                String.format(
                                        "%s %s +%d ~%d -%d",
                                        table,
                                        commit.mode(),
                                        commit.inserted(),
                                        commit.updated(),
                                        commit.deleted()));
            }
        }
        System.out.println("Snapshots the sink wrote (+inserted ~updated -deleted):");
        checkpoints.forEach(
                (version, checkpoint) ->
                        System.out.printf(
                                "  version %d (checkpoint %s): %s%n",
                                version, checkpoint, String.join("; ", changes.get(version))));
    }

    /** Copies the bundled event files into {@code target}, the directory the file source reads. */
    private static Path copyEvents(Path target) throws IOException {
        Files.createDirectories(target);
        for (String file : EVENT_FILES) {
            try (InputStream in =
                    Objects.requireNonNull(
                            ReplicateDebeziumJob.class.getResourceAsStream("/cdc/" + file),
                            "no resource cdc/" + file)) {
                Files.copy(in, target.resolve(file));
            }
        }
        return target;
    }

    /**
     * One line of a file, a Debezium message, as change records: none for a tombstone, two for an
     * update. The deserializer is a {@code DeserializationSchema}, used here on the line's bytes as
     * a Kafka source would use it on a message's value.
     */
    private static final class DebeziumLines
            implements FlatMapFunction<String, ChangeRecord>, ResultTypeQueryable<ChangeRecord> {

        private static final long serialVersionUID = 1L;

        private final DebeziumJsonDeserializationSchema debezium;

        DebeziumLines(DebeziumJsonDeserializationSchema debezium) {
            this.debezium = debezium;
        }

        @Override
        public void flatMap(String line, Collector<ChangeRecord> out) throws IOException {
            debezium.deserialize(line.getBytes(StandardCharsets.UTF_8), out);
        }

        @Override
        public TypeInformation<ChangeRecord> getProducedType() {
            return debezium.getProducedType();
        }
    }
}

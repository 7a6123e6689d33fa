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

package dev.ducklake.examples;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import org.apache.flink.util.FileUtils;

/**
 * The engine on the embedded default, a local DuckDB-file catalog: creates a keyed table, appends,
 * merges (update, delete, insert), reads the latest version and an older one, and lists the
 * versions with their commit metadata.
 *
 * <p>Run: {@code mvn -q -pl examples -am install -DskipTests && mvn -q -pl examples exec:exec
 * -Dexec.mainClass=dev.ducklake.examples.EngineDemo}. The lake goes to {@code target/demo-lake} (or
 * the directory given as the first argument), which each run starts afresh; a plain DuckDB shell
 * can open it afterwards.
 */
public final class EngineDemo {

    private EngineDemo() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/demo-lake").toAbsolutePath();
        FileUtils.deleteDirectory(dir.toFile());
        Files.createDirectories(dir);
        Path catalog = dir.resolve("metadata.ducklake");
        TableName orders = TableName.of("demo", "orders");
        TableSchema schema =
                TableSchema.builder()
                        .column("order_id", LakeType.Primitive.VARCHAR)
                        .column("amount", new LakeType.Decimal(12, 2))
                        .column("status", LakeType.Primitive.VARCHAR)
                        .column("updated_at", LakeType.Primitive.TIMESTAMPTZ)
                        .primaryKey("order_id")
                        .build();

        try (LakeEngine engine =
                LakeEngine.open(
                        EngineConfig.builder(CatalogLocation.duckDbFile(catalog)).build())) {
            long created = engine.createTable(orders, schema);
            System.out.printf("created %s %s at version %d%n", orders, schema, created);

            CommitResult appended;
            try (WriteSession session = engine.openWriteSession(orders, WriteMode.APPEND)) {
                session.write(row("o-1", "19.99", "new"));
                session.write(row("o-2", "5.00", "new"));
                session.write(row("o-3", "42.00", "new"));
                appended = session.commit();
            }
            System.out.printf(
                    "appended %d rows -> version %d%n", appended.rowsWritten(), appended.version());

            CommitResult merged;
            try (MergeSession merge = engine.openMergeSession(orders)) {
                merge.upsert(row("o-1", "19.99", "paid"));
                merge.deleteKey("o-2");
                merge.upsert(row("o-4", "7.50", "new"));
                merged = merge.commit();
            }
            System.out.printf(
                    "merged: %d inserted, %d updated, %d deleted -> version %d%n",
                    merged.inserted(), merged.updated(), merged.deleted(), merged.version());

            print(
                    engine,
                    orders,
                    "latest version " + engine.latestVersion(orders),
                    ScanRequest.builder().orderByKey(true).build());
            print(
                    engine,
                    orders,
                    "version " + appended.version() + " (time travel)",
                    ScanRequest.builder().version(appended.version()).orderByKey(true).build());

            System.out.println("versions, newest first:");
            for (TableVersion version : engine.versions(orders, 0, 10)) {
                System.out.printf(
                        "  %d  %s  %s%n", version.id(), version.committedAt(), version.extraInfo());
            }
        }
        System.out.printf(
                "Look at it with plain DuckDB: duckdb -c \"ATTACH 'ducklake:%s' AS lake; FROM lake.%s\"%n",
                catalog, orders);
    }

    private static Object[] row(String id, String amount, String status) {
        return new Object[] {id, new BigDecimal(amount), status, Instant.now()};
    }

    private static void print(
            LakeEngine engine, TableName table, String title, ScanRequest request) {
        System.out.println(table + " at " + title + ":");
        try (RowReader reader = engine.read(table, request)) {
            reader.forEachRemaining(r -> System.out.println("  " + Arrays.toString(r)));
        }
    }
}

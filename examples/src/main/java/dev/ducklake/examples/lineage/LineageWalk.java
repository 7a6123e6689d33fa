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

package dev.ducklake.examples.lineage;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.transform.TransformMode;
import dev.ducklake.engine.transform.TransformRequest;
import dev.ducklake.engine.transform.TransformResult;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.write.MergeSession;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.flink.util.FileUtils;

/**
 * Lineage on the embedded default: orders are written, two versioned SQL transforms derive customer
 * totals from them and the top customer from those, and the example walks the lineage of the top
 * customer's latest version back through both hops, reading each input at the version recorded.
 *
 * <p>Run: {@code mvn -q -pl examples -am install -DskipTests && mvn -q -pl examples exec:exec
 * -Dexec.mainClass=dev.ducklake.examples.lineage.LineageWalk}. The lake goes to {@code
 * target/lineage-lake} (or the directory given as the first argument), which each run starts
 * afresh.
 */
public final class LineageWalk {

    private static final TableName ORDERS = TableName.of("shop", "orders");
    private static final TableName TOTALS = TableName.of("shop", "customer_totals");
    private static final TableName TOP = TableName.of("shop", "top_customer");

    private LineageWalk() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/lineage-lake").toAbsolutePath();
        FileUtils.deleteDirectory(dir.toFile());
        Files.createDirectories(dir);
        try (LakeEngine engine =
                LakeEngine.open(
                        EngineConfig.builder(
                                        CatalogLocation.duckDbFile(
                                                dir.resolve("metadata.ducklake")))
                                .build())) {
            createTables(engine);
            order(engine, "o-1", "ada", "30.00");
            order(engine, "o-2", "bob", "45.00");
            derive(engine);
            order(engine, "o-3", "ada", "20.00");
            derive(engine);
            TransformResult again = engine.transform(top());
            System.out.printf(
                    "%s again: up to date %s, still version %d%n",
                    TOP, again.upToDate(), again.version());

            long latest = engine.latestVersion(TOP);
            System.out.printf("%nLineage of %s at version %d:%n", TOP, latest);
            walk(engine, TOP, latest, 1);
        }
    }

    private static void createTables(LakeEngine engine) {
        engine.createSchema("shop", true);
        engine.createTable(
                ORDERS,
                TableSchema.builder()
                        .column("order_id", LakeType.Primitive.VARCHAR)
                        .column("customer", LakeType.Primitive.VARCHAR)
                        .column("amount", new LakeType.Decimal(12, 2))
                        .primaryKey("order_id")
                        .build());
        engine.createTable(
                TOTALS,
                TableSchema.builder()
                        .column("customer", LakeType.Primitive.VARCHAR)
                        .column("total", new LakeType.Decimal(14, 2))
                        .primaryKey("customer")
                        .build());
        engine.createTable(
                TOP,
                TableSchema.builder()
                        .column("customer", LakeType.Primitive.VARCHAR)
                        .column("total", new LakeType.Decimal(14, 2))
                        .build());
    }

    private static void order(LakeEngine engine, String id, String customer, String amount) {
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(new Object[] {id, customer, new BigDecimal(amount)});
            System.out.printf(
                    "%s: order %s of %s for %s -> version %d%n",
                    ORDERS, id, customer, amount, merge.commit().version());
        }
    }

    /** Both transforms, each reading its input at its latest version. */
    private static void derive(LakeEngine engine) {
        for (TransformRequest request : List.of(totals(), top())) {
            TransformResult result = engine.transform(request);
            System.out.printf(
                    "%s <- %s: version %d%n", request.output(), result.inputs(), result.version());
        }
    }

    private static TransformRequest totals() {
        return TransformRequest.builder(
                        "SELECT customer, sum(amount) AS total FROM {orders} GROUP BY customer")
                .input("orders", ORDERS)
                .output(TOTALS, TransformMode.REPLACE)
                .build();
    }

    private static TransformRequest top() {
        return TransformRequest.builder(
                        "SELECT customer, total FROM {totals} ORDER BY total DESC LIMIT 1")
                .input("totals", TOTALS)
                .output(TOP, TransformMode.REPLACE)
                .build();
    }

    /**
     * Prints a version, its rows and how it was made, then each of its inputs at its recorded
     * version.
     */
    private static void walk(LakeEngine engine, TableName table, long version, int depth) {
        String indent = "  ".repeat(depth);
        TableVersion made = engine.version(table, version);
        System.out.printf(
                "%s%s@%d (%s): %s%n",
                indent, table, version, made.message(), rows(engine, table, version));
        Map<TableName, Long> inputs = engine.inputsOf(table, version);
        if (inputs.isEmpty()) {
            System.out.printf("%s  written directly, no recorded inputs%n", indent);
        }
        inputs.forEach((input, at) -> walk(engine, input, at, depth + 1));
    }

    private static List<String> rows(LakeEngine engine, TableName table, long version) {
        List<String> rows = new ArrayList<>();
        try (RowReader reader =
                engine.read(
                        table, ScanRequest.builder().version(version).orderByKey(true).build())) {
            reader.forEachRemaining(
                    row ->
                            rows.add(
                                    Arrays.stream(row)
                                            .map(String::valueOf)
                                            .collect(Collectors.joining("|"))));
        }
        return rows;
    }
}

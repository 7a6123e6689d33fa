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

package dev.ducklake.flink.common;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.streaming.api.lineage.DatasetSchemaFacet;
import org.apache.flink.streaming.api.lineage.DatasetSchemaField;
import org.apache.flink.streaming.api.lineage.LineageDataset;
import org.apache.flink.streaming.api.lineage.LineageDatasetFacet;
import org.apache.flink.streaming.api.lineage.LineageVertex;
import org.apache.flink.streaming.api.lineage.SourceLineageVertex;
import org.apache.flink.table.types.logical.RowType;

/**
 * A DuckLake table as a dataset of Flink's lineage model (FLIP-314), which lineage listeners such
 * as OpenLineage's Flink integration read.
 *
 * <ul>
 *   <li>Namespace: the catalog, without credentials: {@code ducklake:duckdb:<absolute path>},
 *       {@code ducklake:sqlite:<absolute path>}, or {@code
 *       ducklake:postgres://<host>:<port>/<dbname>} (libpq's defaults {@code localhost} and {@code
 *       5432} where the connection string has none).
 *   <li>Name: {@code <schema>.<table>}.
 *   <li>Facets: {@code schema}, the table's columns with their Flink types.
 * </ul>
 */
@Internal
public final class LakeLineage {

    private static final Pattern LIBPQ_PAIR =
            Pattern.compile("(\\w+)\\s*=\\s*('(?:[^'\\\\]|\\\\.)*'|\\S+)");
    private static final Pattern POSTGRES_URI =
            Pattern.compile("postgres(?:ql)?://(?:[^@/]*@)?([^/:?]*)(?::(\\d+))?(?:/([^?]*))?.*");

    private LakeLineage() {}

    /** The lineage vertex of a source that reads the table. */
    public static SourceLineageVertex sourceVertex(
            Boundedness boundedness, CatalogLocation catalog, TableName table, RowType rowType) {
        return new SourceVertex(boundedness, List.of(dataset(catalog, table, rowType)));
    }

    /** The lineage vertex of a sink that writes the table. */
    public static LineageVertex sinkVertex(
            CatalogLocation catalog, TableName table, RowType rowType) {
        return new SinkVertex(List.of(dataset(catalog, table, rowType)));
    }

    /** The dataset of a table of a catalog, with its columns' schema. */
    static LineageDataset dataset(CatalogLocation catalog, TableName table, RowType rowType) {
        return new Dataset(
                name(table), namespace(catalog), Map.of("schema", new SchemaFacet(rowType)));
    }

    /** The lineage namespace of a catalog: its kind and where it is, never its credentials. */
    public static String namespace(CatalogLocation catalog) {
        return switch (catalog.kind()) {
            case DUCKDB ->
                    "ducklake:duckdb:" + Path.of(catalog.location()).toAbsolutePath().normalize();
            case SQLITE ->
                    "ducklake:sqlite:" + Path.of(catalog.location()).toAbsolutePath().normalize();
            case POSTGRES -> "ducklake:" + postgres(catalog.location());
        };
    }

    /** The lineage name of a table: {@code <schema>.<table>}. */
    public static String name(TableName table) {
        return table.schema() + "." + table.table();
    }

    private static String postgres(String connection) {
        String host = "localhost";
        String port = "5432";
        String database = "";
        Matcher uri = POSTGRES_URI.matcher(connection.strip());
        if (uri.matches()) {
            host = uri.group(1).isEmpty() ? host : uri.group(1);
            port = uri.group(2) == null ? port : uri.group(2);
            database = uri.group(3) == null ? database : uri.group(3);
        } else {
            Map<String, String> pairs = new LinkedHashMap<>();
            Matcher pair = LIBPQ_PAIR.matcher(connection);
            while (pair.find()) {
                pairs.put(pair.group(1), unquote(pair.group(2)));
            }
            host = pairs.getOrDefault("host", pairs.getOrDefault("hostaddr", host));
            port = pairs.getOrDefault("port", port);
            database = pairs.getOrDefault("dbname", pairs.getOrDefault("user", database));
        }
        return "postgres://" + host + ":" + port + "/" + database;
    }

    private static String unquote(String value) {
        return value.startsWith("'")
                ? value.substring(1, value.length() - 1).replace("\\'", "'").replace("\\\\", "\\")
                : value;
    }

    /** The table's columns with their Flink logical types. */
    private static final class SchemaFacet implements DatasetSchemaFacet {

        private final Map<String, DatasetSchemaField<String>> fields = new LinkedHashMap<>();

        SchemaFacet(RowType rowType) {
            for (RowType.RowField field : rowType.getFields()) {
                String type = field.getType().asSummaryString();
                fields.put(field.getName(), new SchemaField(field.getName(), type));
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Map<String, DatasetSchemaField<T>> fields() {
            return (Map<String, DatasetSchemaField<T>>) (Map<String, ?>) fields;
        }

        @Override
        public String name() {
            return "schema";
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof SchemaFacet facet && facet.fields.equals(fields);
        }

        @Override
        public int hashCode() {
            return fields.hashCode();
        }
    }

    /** A column and its type, in Flink's SQL type syntax. */
    private record SchemaField(String name, String type) implements DatasetSchemaField<String> {}

    // Flink's LineageUtils exists only from Flink 2.3; these interfaces are the same in every 2.x
    // release.

    private record Dataset(String name, String namespace, Map<String, LineageDatasetFacet> facets)
            implements LineageDataset {}

    private record SinkVertex(List<LineageDataset> datasets) implements LineageVertex {}

    private record SourceVertex(Boundedness boundedness, List<LineageDataset> datasets)
            implements SourceLineageVertex {}
}

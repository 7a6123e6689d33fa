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

package dev.ducklake.engine.ddl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.error.TableNotFoundException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.DuckDbAndPostgresCatalogs;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A table's comment and properties live in the lake: another engine, and plain DuckDB, see them; a
 * comment is part of the table's definition (a version), properties are not; dropping the table
 * drops them.
 */
class TablePropertiesTest {

    static final TableName EVENTS = TableName.of("events");
    static final TableSchema SCHEMA = TestSchemas.columns("id BIGINT").build();

    @RegisterExtension final TestLake lake = TestLake.perKind();

    @DuckDbAndPostgresCatalogs
    void commentAndPropertiesAreKeptInTheLake(CatalogLocation.Kind kind) throws Exception {
        LakeEngine engine = lake.open(kind);
        long created = engine.createTable(EVENTS, SCHEMA);
        assertThat(engine.tableProperties(EVENTS)).isEmpty();
        assertThat(engine.tableComment(EVENTS)).isEmpty();

        engine.setTableProperties(EVENTS, Map.of("connector", "ducklake", "sink.parallelism", "2"));
        engine.setTableProperties(EVENTS, Map.of("sink.parallelism", "4", "owner", "it's me"));
        engine.removeTableProperties(EVENTS, Set.of("connector", "never-set"));
        assertThat(engine.latestVersion(EVENTS))
                .isEqualTo(created); // properties are no version of the table
        engine.setTableComment(EVENTS, "first");
        long commented = engine.setTableComment(EVENTS, "click events");

        Map<String, String> withNull = new HashMap<>();
        withNull.put("owner", null);
        assertThatThrownBy(() -> engine.setTableProperties(EVENTS, withNull))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("'owner' of main.events");
        assertThatThrownBy(() -> engine.setTableProperties(TableName.of("nope"), Map.of("a", "b")))
                .isInstanceOf(TableNotFoundException.class)
                .hasMessageContaining("main.nope");
        assertThat(engine.latestVersion(EVENTS))
                .isEqualTo(commented); // a comment is part of the definition
        LakeEngine reopened = lake.reopen();
        assertThat(reopened.tableProperties(EVENTS))
                .containsExactly(Map.entry("owner", "it's me"), Map.entry("sink.parallelism", "4"));
        assertThat(reopened.tableComment(EVENTS)).contains("click events");
        reopened.close();
        assertThat(
                        TestLakes.plainRows(
                                lake.catalog(),
                                lake.dir(),
                                "SELECT comment FROM duckdb_tables()"
                                        + " WHERE database_name = 'plain' AND table_name = 'events'"))
                .containsExactly("click events");
        assertThat(
                        TestLakes.plainRows(
                                lake.catalog(),
                                lake.dir(),
                                "SELECT key, value FROM plain.ducklake_engine.table_properties"
                                        + " ORDER BY key"))
                .containsExactly("owner|it's me", "sink.parallelism|4");
        LakeEngine again = lake.reopen();
        again.setTableComment(EVENTS, null);
        assertThat(again.tableComment(EVENTS)).isEmpty();
        again.dropTable(EVENTS, false);
        again.createTable(EVENTS, SCHEMA);
        assertThat(again.tableProperties(EVENTS)).isEmpty();
        again.close();
        assertThat(
                        TestLakes.plainRows(
                                lake.catalog(),
                                lake.dir(),
                                "SELECT count(*) FROM plain.ducklake_engine.table_properties"))
                .containsExactly("0");
    }
}

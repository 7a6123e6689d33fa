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

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.UnsupportedChangeException;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import org.junit.jupiter.api.Test;

/** The engine contract on a Sqlite catalog. */
class SqliteCatalogTest extends LakeEngineContractTest {

    @Override
    CatalogLocation.Kind kind() {
        return CatalogLocation.Kind.SQLITE;
    }

    /**
     * On a SQLite catalog, DuckLake v1.5.5 deletes every inlined row of a table with a column named
     * {@code rowid} when it deletes one, so no such column gets in: not at creation, by addition or
     * by renaming.
     */
    @Test
    void aColumnNamedRowidIsRefused() {
        TableName ledger = TableName.of("ledger");
        assertThatThrownBy(
                        () ->
                                engine.createTable(
                                        ledger,
                                        TestLakes.keyValueSchema(
                                                "id", Primitive.BIGINT, "RowId", Primitive.BIGINT)))
                .isInstanceOf(UnsupportedChangeException.class)
                .hasMessageContaining("Table main.ledger, column 'RowId'")
                .hasMessageContaining("SQLite");
        engine.createTable(
                ledger,
                TestLakes.keyValueSchema("id", Primitive.BIGINT, "note", Primitive.VARCHAR));
        assertThatThrownBy(() -> engine.addColumn(ledger, Column.of("rowid", Primitive.BIGINT)))
                .isInstanceOf(UnsupportedChangeException.class)
                .hasMessageContaining("column 'rowid'");
        assertThatThrownBy(() -> engine.renameColumn(ledger, "note", "ROWID"))
                .isInstanceOf(UnsupportedChangeException.class)
                .hasMessageContaining("column 'ROWID'");
    }
}

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

package dev.ducklake.engine.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestSchemas;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An append to a keyed table holds each key once: it refuses a key the table holds and two rows
 * with one key, naming table, key and value, and leaves the lake as it was; alone, in a
 * transaction, and with rows from imported files.
 */
class KeyedAppendTest {

    private static final TableName ORDERS = TableName.of("orders");
    private static final TableName OTHER = TableName.of("other");

    @RegisterExtension final TestLake lake = TestLake.of(CatalogLocation.Kind.DUCKDB);

    LakeEngine engine;

    @BeforeEach
    void open() {
        engine = lake.engine();
        TableSchema schema =
                TestSchemas.columns("id VARCHAR NOT NULL", "amount BIGINT")
                        .primaryKey("id")
                        .build();
        engine.createTable(ORDERS, schema);
        engine.createTable(OTHER, schema);
        append(ORDERS, new Object[] {"o-1", 1L}, new Object[] {"o-2", 2L});
    }

    @Test
    void anAppendOfANewKeyCommits() {
        append(ORDERS, new Object[] {"o-3", 3L});

        assertThat(rows(ORDERS))
                .containsExactly(List.of("o-1", 1L), List.of("o-2", 2L), List.of("o-3", 3L));
    }

    @Test
    void anAppendOfAKeyTheTableHoldsFailsNamingTableKeyAndValueAndChangesNothing() {
        long before = engine.latestSnapshot();

        assertThatThrownBy(
                        () -> append(ORDERS, new Object[] {"o-3", 3L}, new Object[] {"o-2", 20L}))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("main.orders")
                .hasMessageContaining("[id='o-2']")
                .hasMessageContaining("already holds");
        assertThat(engine.latestSnapshot()).isEqualTo(before);
        assertThat(rows(ORDERS)).containsExactly(List.of("o-1", 1L), List.of("o-2", 2L));
    }

    @Test
    void anAppendWithTwoRowsForOneKeyFails() {
        assertThatThrownBy(() -> append(ORDERS, new Object[] {"o-3", 3L}, new Object[] {"o-3", 4L}))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("main.orders")
                .hasMessageContaining("id='o-3'")
                .hasMessageContaining("rows=2");
        assertThat(rows(ORDERS)).hasSize(2);
    }

    @Test
    void aTransactionWhoseAppendRepeatsAKeyCommitsNothing() {
        long before = engine.latestSnapshot();

        assertThatThrownBy(
                        () -> {
                            try (LakeTransaction tx = engine.openTransaction()) {
                                tx.append(OTHER).write(new Object[] {"x-1", 1L});
                                tx.append(ORDERS).write(new Object[] {"o-1", 10L});
                                tx.commit(CommitOptions.builder().build());
                            }
                        })
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("[id='o-1']");
        assertThat(engine.latestSnapshot()).isEqualTo(before);
        assertThat(rows(OTHER)).isEmpty();
    }

    @Test
    void importedRowsAreCheckedToo() throws SQLException {
        String file = lake.dir().resolve("staged.parquet").toString();
        try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = duckDb.createStatement()) {
            sql.execute("COPY (SELECT 'o-2' AS id, 5::BIGINT AS amount) TO '" + file + "'");
        }

        assertThatThrownBy(
                        () -> {
                            try (WriteSession session =
                                    engine.openWriteSession(ORDERS, WriteMode.APPEND)) {
                                session.importStaged(file);
                                session.commit();
                            }
                        })
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("[id='o-2']");
        assertThat(rows(ORDERS)).hasSize(2);
    }

    private void append(TableName table, Object[]... rows) {
        try (WriteSession session = engine.openWriteSession(table, WriteMode.APPEND)) {
            for (Object[] row : rows) {
                session.write(row);
            }
            session.commit();
        }
    }

    private List<List<Object>> rows(TableName table) {
        try (RowReader reader = engine.read(table, ScanRequest.all())) {
            return reader.toList().stream()
                    .map(List::of)
                    .sorted((a, b) -> a.get(0).toString().compareTo(b.get(0).toString()))
                    .toList();
        }
    }
}

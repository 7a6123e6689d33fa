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

package dev.ducklake.engine.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The errors of DuckDB, DuckLake and the catalog databases that a commit retries, as they read. */
class CatalogContentionTest {

    @Test
    void lostRacesForIdsAndSchemasAreConflicts() {
        assertThat(
                        CatalogContention.isConflict(
                                new SQLException(
                                        "TransactionContext Error: Failed to commit:"
                                                + " Failed to flush changes into DuckLake: Duplicate key \"data_file_id: 7\" violates primary key"
                                                + " constraint.")))
                .isTrue();
        assertThat(
                        CatalogContention.isConflict(
                                new SQLException(
                                        "Catalog Error: Schema with name sinks not found"
                                                + " in metadata catalog")))
                .isTrue();
        assertThat(
                        CatalogContention.isConflict(
                                new SQLException(
                                        "ERROR:  duplicate key value violates unique"
                                                + " constraint \"ducklake_snapshot_pkey\"")))
                .isTrue();
        assertThat(CatalogContention.isConflict(new SQLException("database is locked"))).isTrue();
    }

    @Test
    void otherErrorsAreNot() {
        assertThat(
                        CatalogContention.isConflict(
                                new SQLException(
                                        "Conversion Error: Could not convert string 'x'"
                                                + " to INT64")))
                .isFalse();
        assertThat(
                        CatalogContention.isConflict(
                                new SQLException(
                                        "Constraint Error: NOT NULL constraint failed:" + " t.id")))
                .isFalse();
    }
}

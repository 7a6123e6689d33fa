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

package dev.ducklake.engine.internal.table;

import dev.ducklake.engine.error.AlreadyExistsException;
import dev.ducklake.engine.error.UnsupportedChangeException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.BeforeImageTable;
import dev.ducklake.engine.internal.version.VersionLog;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Drops, renames and retypes columns, each in one snapshot, on the table and on its before-image
 * table alike. Everything refused is refused before anything changes. A renamed primary-key column
 * stays in the key: DuckLake keeps a column's id, and the key marker (a comment) is tied to the id.
 */
public final class ColumnChanges {

    private final TableCatalog tables;
    private final TableDdl ddl;
    private final VersionLog versions;

    public ColumnChanges(TableCatalog tables, TableDdl ddl, VersionLog versions) {
        this.tables = tables;
        this.ddl = ddl;
        this.versions = versions;
    }

    /**
     * Drops a column that is neither in the primary key nor in the partitioning, nor the last one.
     */
    public long drop(TableName name, String column) {
        return alter(name, dropClause(name, tables.describe(name), column));
    }

    /**
     * The clause that drops the column of a table of that schema, or a refusal that says why not.
     */
    public static String dropClause(TableName name, TableSchema schema, String column) {
        String existing = schema.column(schema.requirePosition(column, "dropped")).name();
        String refused =
                schema.primaryKey().stream().anyMatch(existing::equalsIgnoreCase)
                        ? "it is part of the primary key " + schema.primaryKey()
                        : schema.partitioning().stream()
                                        .anyMatch(p -> p.column().equalsIgnoreCase(existing))
                                ? "the table is partitioned by it"
                                : schema.size() == 1 ? "it is the table's only column" : null;
        if (refused != null) {
            throw new UnsupportedChangeException(
                    "Cannot drop column '" + existing + "' of " + name + ": " + refused);
        }
        return "DROP COLUMN " + Identifiers.quote(existing);
    }

    /** Renames a column; a key column stays in the key under its new name. */
    public long rename(TableName name, String from, String to) {
        return alter(name, renameClause(name, tables.describe(name), from, to));
    }

    /**
     * The clause that renames the column of a table of that schema, or a refusal that says why not.
     */
    public String renameClause(TableName name, TableSchema schema, String from, String to) {
        Identifiers.requireValid(to, "column");
        String existing = schema.column(schema.requirePosition(from, "renamed")).name();
        if (!existing.equalsIgnoreCase(to) && schema.positionOf(to) >= 0) {
            throw new AlreadyExistsException(
                    "Cannot rename column '"
                            + existing
                            + "' of "
                            + name
                            + " to '"
                            + to
                            + "': the table has a column of that name");
        }
        tables.requireStorableName(name, to);
        return "RENAME COLUMN " + Identifiers.quote(existing) + " TO " + Identifiers.quote(to);
    }

    /**
     * Changes a column's type to a wider one (see {@link LakeType#widensTo}); a change to the type
     * it has creates no version and returns the latest.
     */
    public long changeType(TableName name, String column, LakeType type) {
        String clause = typeClause(name, tables.describe(name), column, type);
        return clause == null ? versions.latest(name) : alter(name, clause);
    }

    /**
     * The clause that changes the column of a table of that schema to a wider type, null when it
     * has that type, or a refusal that says why not.
     */
    public static String typeClause(
            TableName name, TableSchema schema, String column, LakeType type) {
        Column existing = schema.column(schema.requirePosition(column, "retyped"));
        if (existing.type().equals(type)) {
            return null;
        }
        if (!existing.type().widensTo(type)) {
            throw new UnsupportedChangeException(
                    "Cannot change column '"
                            + existing.name()
                            + "' of "
                            + name
                            + " from "
                            + existing.type().sql()
                            + " to "
                            + type.sql()
                            + ": DuckLake changes a column's type"
                            + " only to a wider one of the same kind without rewriting its files ("
                            + LakeType.WIDENINGS
                            + ")");
        }
        return "ALTER COLUMN "
                + Identifiers.quote(existing.name())
                + " SET DATA TYPE "
                + type.sql();
    }

    /** Applies one {@code ALTER TABLE} clause to the table and its before-image table. */
    private long alter(TableName name, String clause) {
        boolean withImages = tables.hasBeforeImages(name);
        return ddl.commit(name, connection -> alterIn(connection, name, clause, withImages));
    }

    /**
     * Applies one {@code ALTER TABLE} clause to the table and its before-image table, in the
     * caller's transaction.
     */
    public static void alterIn(
            Connection connection, TableName name, String clause, boolean withImages)
            throws SQLException {
        alter(connection, name, clause);
        if (withImages) {
            alter(connection, BeforeImageTable.of(name), clause);
        }
    }

    private static void alter(Connection connection, TableName table, String clause)
            throws SQLException {
        Jdbc.execute(
                connection, "ALTER TABLE " + table.sql(EngineContext.LAKE_ALIAS) + " " + clause);
    }
}

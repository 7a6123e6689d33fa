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

    /** Drops a column that is neither in the primary key nor in the partitioning, nor the last one. */
    public long drop(TableName name, String column) {
        TableSchema schema = tables.describe(name);
        String existing = schema.column(schema.requirePosition(column, "dropped")).name();
        String refused = schema.primaryKey().stream().anyMatch(existing::equalsIgnoreCase)
                ? "it is part of the primary key " + schema.primaryKey()
                : schema.partitioning().stream().anyMatch(p -> p.column().equalsIgnoreCase(existing))
                        ? "the table is partitioned by it"
                        : schema.size() == 1 ? "it is the table's only column" : null;
        if (refused != null) {
            throw new UnsupportedChangeException("Cannot drop column '" + existing + "' of " + name + ": " + refused);
        }
        return alter(name, "DROP COLUMN " + Identifiers.quote(existing));
    }

    /** Renames a column; a key column stays in the key under its new name. */
    public long rename(TableName name, String from, String to) {
        Identifiers.requireValid(to, "column");
        TableSchema schema = tables.describe(name);
        String existing = schema.column(schema.requirePosition(from, "renamed")).name();
        if (!existing.equalsIgnoreCase(to) && schema.positionOf(to) >= 0) {
            throw new AlreadyExistsException("Cannot rename column '" + existing + "' of " + name + " to '" + to
                    + "': the table has a column of that name");
        }
        tables.requireStorableName(name, to);
        return alter(name, "RENAME COLUMN " + Identifiers.quote(existing) + " TO " + Identifiers.quote(to));
    }

    /**
     * Changes a column's type to a wider one (see {@link LakeType#widensTo}); a change to the type it has
     * creates no version and returns the latest.
     */
    public long changeType(TableName name, String column, LakeType type) {
        TableSchema schema = tables.describe(name);
        Column existing = schema.column(schema.requirePosition(column, "retyped"));
        if (existing.type().equals(type)) {
            return versions.latest(name);
        }
        if (!existing.type().widensTo(type)) {
            throw new UnsupportedChangeException("Cannot change column '" + existing.name() + "' of " + name
                    + " from " + existing.type().sql() + " to " + type.sql() + ": DuckLake changes a column's type"
                    + " only to a wider one of the same kind without rewriting its files (" + LakeType.WIDENINGS + ")");
        }
        return alter(name, "ALTER COLUMN " + Identifiers.quote(existing.name()) + " SET DATA TYPE " + type.sql());
    }

    /** Applies one {@code ALTER TABLE} clause to the table and its before-image table. */
    private long alter(TableName name, String clause) {
        boolean withImages = tables.hasBeforeImages(name);
        return ddl.commit(name, connection -> {
            alter(connection, name, clause);
            if (withImages) {
                alter(connection, BeforeImageTable.of(name), clause);
            }
        });
    }

    private static void alter(Connection connection, TableName table, String clause) throws SQLException {
        Jdbc.execute(connection, "ALTER TABLE " + table.sql(EngineContext.LAKE_ALIAS) + " " + clause);
    }
}

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

import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.catalog.PropertiesTable;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A table's comment, kept by DuckLake ({@code COMMENT ON TABLE}, a {@code comment} tag), and its
 * key/value properties, kept in the engine's {@link PropertiesTable}. Both are versioned with the
 * lake and seen by every process that attaches it. DuckLake records a comment as a change to the
 * table's definition, so a new comment is a version of the table; a change of properties is not.
 */
public final class TableProperties {

    private final EngineContext context;
    private final TableDdl ddl;

    public TableProperties(EngineContext context, TableDdl ddl) {
        this.context = context;
        this.ddl = ddl;
    }

    /** The table's comment, if it has one. */
    public Optional<String> comment(TableName name) {
        return context.withConnection(
                "read the comment of " + name,
                c ->
                        Jdbc.queryFirst(
                                c,
                                "SELECT value FROM "
                                        + MetadataTables.METADATA
                                        + ".ducklake_tag WHERE object_id = ? AND key = 'comment'"
                                        + " AND end_snapshot IS NULL",
                                rs -> rs.getString(1),
                                MetadataTables.requireIdentity(c, name).id()));
    }

    /** Sets the table's comment; {@code null} removes it. Returns the new version. */
    public long setComment(TableName name, String comment) {
        requireExists(name);
        return ddl.commit(
                name,
                c ->
                        Jdbc.execute(
                                c,
                                "COMMENT ON TABLE "
                                        + name.sql(EngineContext.LAKE_ALIAS)
                                        + " IS "
                                        + (comment == null
                                                ? "NULL"
                                                : Identifiers.literal(comment))));
    }

    /** The table's properties, sorted by key. */
    public Map<String, String> get(TableName name) {
        return context.withConnection(
                "read the properties of " + name,
                c -> PropertiesTable.read(c, MetadataTables.requireIdentity(c, name).id()));
    }

    /** Sets the properties, keeping the table's other ones. */
    public void set(TableName name, Map<String, String> properties) {
        properties.forEach(
                (key, value) -> {
                    Identifiers.requireValid(key, "property");
                    if (value == null) {
                        throw new LakeValidationException(
                                "Property '"
                                        + key
                                        + "' of "
                                        + name
                                        + " has no value; remove it"
                                        + " with removeTableProperties instead");
                    }
                });
        long id = requireExists(name);
        if (!properties.isEmpty()) {
            ddl.commit(name, c -> PropertiesTable.put(c, id, properties));
        }
    }

    /** Removes the properties with these keys; keys the table does not have are ignored. */
    public void remove(TableName name, Set<String> keys) {
        long id = requireExists(name);
        Set<String> present = new TreeSet<>(get(name).keySet());
        present.retainAll(keys);
        if (!present.isEmpty()) {
            ddl.commit(name, c -> PropertiesTable.remove(c, id, present));
        }
    }

    private long requireExists(TableName name) {
        return context.withConnection(
                "look up " + name, c -> MetadataTables.requireIdentity(c, name).id());
    }
}

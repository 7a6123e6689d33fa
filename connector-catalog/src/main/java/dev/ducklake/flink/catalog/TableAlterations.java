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

package dev.ducklake.flink.catalog;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.PartitionField;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.FlinkLakeTypes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.TableChange;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * The changes of one {@code ALTER TABLE}, checked all together against the table's current
 * definition before anything changes, then applied in order, each column change and a new comment
 * as one DuckLake snapshot of its own, and the options last in one snapshot each for the keys set
 * and the keys reset.
 *
 * <p>Taken: {@code ADD} a column at the end, {@code DROP} a column other than a key or partition
 * column, {@code RENAME} a column, {@code MODIFY} a column to a wider type ({@link
 * LakeType#WIDENINGS}), {@code SET}/{@code RESET} stored options, and the table's comment.
 * Everything else (positions, column comments, keys, watermarks, distribution, nullability) is
 * refused, naming the table, the column and the reason.
 */
@Internal
final class TableAlterations {

    private final TableName name;
    private final List<Column> columns;
    private final List<String> key;
    private final List<String> partitionColumns;
    private final Map<String, String> stored;
    private final Map<String, String> options;
    private final Set<String> reset = new HashSet<>();
    private final List<Step> steps = new ArrayList<>();

    /** One change the engine commits on its own, and how a message names it. */
    private record Step(String label, Consumer<LakeEngine> change) {}

    private TableAlterations(TableName name, TableSchema schema, Map<String, String> options) {
        this.name = name;
        this.columns = new ArrayList<>(schema.columns());
        this.key = new ArrayList<>(schema.primaryKey());
        this.partitionColumns =
                new ArrayList<>(
                        schema.partitioning().stream().map(PartitionField::column).toList());
        this.stored = Map.copyOf(options);
        this.options = new TreeMap<>(options);
    }

    /**
     * Checks every change against the table as the changes before it leave it; fails, naming the
     * table, the column and the reason, before the lake changes.
     */
    static TableAlterations check(
            TableName name,
            TableSchema schema,
            Map<String, String> options,
            List<TableChange> changes) {
        TableAlterations alterations = new TableAlterations(name, schema, options);
        changes.forEach(alterations::check);
        alterations.checkOptions();
        return alterations;
    }

    /**
     * Applies the checked changes in order, each committed by the engine on its own. One can fail
     * only if the lake fails or another writer changed the table since the check; the changes
     * before it then stay, and the message says how many.
     */
    void apply(LakeEngine engine) {
        for (int i = 0; i < steps.size(); i++) {
            try {
                steps.get(i).change().accept(engine);
            } catch (RuntimeException e) {
                if (i == 0) {
                    throw e;
                }
                throw new CatalogException(
                        "ALTER TABLE "
                                + name
                                + ": "
                                + steps.get(i).label()
                                + " failed after "
                                + steps.subList(0, i).stream().map(Step::label).toList()
                                + " were applied, each as a"
                                + " DuckLake snapshot of its own: "
                                + e.getMessage(),
                        e);
            }
        }
    }

    private void check(TableChange change) {
        if (change instanceof TableChange.AddColumn add) {
            addColumn(add);
        } else if (change instanceof TableChange.DropColumn drop) {
            dropColumn(drop.getColumnName());
        } else if (change instanceof TableChange.ModifyColumnName rename) {
            renameColumn(rename.getOldColumnName(), rename.getNewColumnName());
        } else if (change instanceof TableChange.ModifyPhysicalColumnType retype) {
            retypeColumn(retype.getOldColumn().getName(), retype.getNewType().getLogicalType());
        } else if (change instanceof TableChange.ModifyColumnComment comment) {
            throw refused(
                    comment.getOldColumn().getName(),
                    "the DuckLake catalog cannot keep column comments yet;"
                            + " comment the table instead");
        } else if (change instanceof TableChange.ModifyColumnPosition move) {
            throw refused(move.getOldColumn().getName(), "DuckLake cannot move a column");
        } else if (change instanceof TableChange.ModifyColumn modify) {
            throw refused(
                    modify.getOldColumn().getName(),
                    "DuckLake can only rename a column or widen its type ("
                            + LakeType.WIDENINGS
                            + ")");
        } else if (change instanceof TableChange.SetOption set) {
            CatalogTables.checkKey(name, set.getKey());
            options.put(set.getKey(), set.getValue());
            reset.remove(set.getKey());
        } else if (change instanceof TableChange.ResetOption unset) {
            CatalogTables.checkKey(name, unset.getKey());
            if (options.remove(unset.getKey()) != null) {
                reset.add(unset.getKey());
            }
        } else if (change instanceof TableChange.ModifyTableComment comment) {
            String text =
                    comment.getComment() == null || comment.getComment().isEmpty()
                            ? null
                            : comment.getComment();
            steps.add(new Step("COMMENT", engine -> engine.setTableComment(name, text)));
        } else {
            throw new ValidationException(
                    "Cannot alter table "
                            + name
                            + ": "
                            + change
                            + " is not a change a DuckLake"
                            + " table can take (the key, watermarks and distribution are fixed; columns can be added at the"
                            + " end, dropped, renamed and widened)");
        }
    }

    private void addColumn(TableChange.AddColumn add) {
        org.apache.flink.table.catalog.Column column = add.getColumn();
        String added = column.getName();
        if (add.getPosition() != null) {
            throw refused(added, "DuckLake adds columns at the end only (no FIRST or AFTER)");
        }
        if (!column.isPhysical()) {
            throw refused(added, "a DuckLake table cannot keep computed or metadata columns");
        }
        if (column.getComment().isPresent()) {
            throw refused(added, "the DuckLake catalog cannot keep column comments yet");
        }
        if (!column.getDataType().getLogicalType().isNullable()) {
            throw refused(
                    added,
                    "a column added to a table is NULL in its rows, so it cannot be NOT NULL");
        }
        if (position(added) >= 0) {
            throw refused(added, "the table has a column of that name");
        }
        requireValidName(added);
        Column lake = Column.of(added, lakeType(added, column.getDataType().getLogicalType()));
        columns.add(lake);
        steps.add(new Step("ADD " + added, engine -> engine.addColumn(name, lake)));
    }

    private void dropColumn(String column) {
        String existing = existing(column).name();
        if (containsIgnoreCase(key, existing)) {
            throw refused(existing, "it is part of the primary key " + key);
        }
        if (containsIgnoreCase(partitionColumns, existing)) {
            throw refused(existing, "the table is partitioned by it");
        }
        if (columns.size() == 1) {
            throw refused(existing, "it is the table's only column");
        }
        columns.remove(position(existing));
        steps.add(new Step("DROP " + existing, engine -> engine.dropColumn(name, existing)));
    }

    private void renameColumn(String from, String to) {
        Column existing = existing(from);
        if (!existing.name().equalsIgnoreCase(to) && position(to) >= 0) {
            throw refused(
                    existing.name(),
                    "cannot rename it to '" + to + "', the table has a column of that name");
        }
        requireValidName(to);
        columns.set(
                position(existing.name()), new Column(to, existing.type(), existing.nullable()));
        key.replaceAll(c -> c.equalsIgnoreCase(existing.name()) ? to : c);
        partitionColumns.replaceAll(c -> c.equalsIgnoreCase(existing.name()) ? to : c);
        steps.add(
                new Step(
                        "RENAME " + existing.name() + " TO " + to,
                        engine -> engine.renameColumn(name, existing.name(), to)));
    }

    private void retypeColumn(String column, LogicalType type) {
        Column existing = existing(column);
        LakeType target = lakeType(existing.name(), type);
        if (type.isNullable() != existing.nullable()) {
            throw refused(
                    existing.name(),
                    "DuckLake cannot make a column "
                            + (type.isNullable() ? "nullable" : "NOT NULL"));
        }
        if (target.equals(existing.type())) {
            return;
        }
        if (!existing.type().widensTo(target)) {
            throw refused(
                    existing.name(),
                    "cannot change its type from "
                            + existing.type().sql()
                            + " to "
                            + target.sql()
                            + ": DuckLake changes a column's type only to a wider one of the same kind ("
                            + LakeType.WIDENINGS
                            + ")");
        }
        columns.set(
                position(existing.name()),
                new Column(existing.name(), target, existing.nullable()));
        steps.add(
                new Step(
                        "MODIFY " + existing.name() + " " + target.sql(),
                        engine -> engine.alterColumnType(name, existing.name(), target)));
    }

    /**
     * Checks the options as the table would keep them, and adds the steps that store the changed
     * ones.
     */
    private void checkOptions() {
        Map<String, String> changed = new TreeMap<>(CatalogTables.storedOptions(name, options));
        changed.entrySet().removeIf(e -> e.getValue().equals(stored.get(e.getKey())));
        Set<String> removed = Set.copyOf(reset);
        if (!changed.isEmpty()) {
            steps.add(
                    new Step(
                            "SET " + changed.keySet(),
                            engine -> engine.setTableProperties(name, changed)));
        }
        if (!removed.isEmpty()) {
            steps.add(
                    new Step(
                            "RESET " + removed,
                            engine -> engine.removeTableProperties(name, removed)));
        }
    }

    private LakeType lakeType(String column, LogicalType type) {
        try {
            return FlinkLakeTypes.toLake(column, type);
        } catch (ValidationException | IllegalArgumentException e) {
            throw new ValidationException("Cannot alter table " + name + ": " + e.getMessage(), e);
        }
    }

    private void requireValidName(String column) {
        try {
            Identifiers.requireValid(column, "column");
        } catch (LakeValidationException e) {
            throw refused(column, e.getMessage());
        }
    }

    private Column existing(String column) {
        int position = position(column);
        if (position < 0) {
            throw refused(
                    column,
                    "the table has no such column; it has "
                            + columns.stream().map(Column::name).toList());
        }
        return columns.get(position);
    }

    private int position(String column) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(column)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean containsIgnoreCase(List<String> names, String name) {
        return names.stream().anyMatch(name::equalsIgnoreCase);
    }

    private ValidationException refused(String column, String reason) {
        return new ValidationException(
                "Cannot alter table "
                        + name
                        + ", column '"
                        + column
                        + "': "
                        + reason
                        + ". Nothing was changed");
    }
}

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

package dev.ducklake.flink.catalog.procedure;

import dev.ducklake.engine.schema.TableName;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.procedures.Procedure;
import org.apache.flink.types.Row;
import org.apache.flink.util.TimeUtils;

/**
 * The base of the DuckLake maintenance procedures: the result rows they share, and the checks of
 * their arguments, which fail naming the procedure, the argument and the value before anything
 * runs.
 *
 * <p>Every procedure returns one row per action, with the columns of {@link #RESULT}: the action,
 * what it acted on ({@code lake} or {@code db.table}), whether it was a dry run, how many of what
 * (the unit: {@code rows}, {@code files}, {@code snapshots}) and a detail (the snapshots or files,
 * or what a dry run cannot tell).
 */
@Internal
public abstract class MaintenanceProcedure implements Procedure {

    /** A duration with its unit: Flink's parser takes a bare number as milliseconds. */
    private static final Pattern WITH_UNIT = Pattern.compile("\\s*\\d+\\s*[a-zA-Z]+\\s*");

    /** The type of a result row, for each procedure's {@code @ProcedureHint(output = ...)}. */
    static final String RESULT =
            "ROW<action STRING NOT NULL, target STRING NOT NULL, dry_run BOOLEAN NOT NULL,"
                    + " quantity BIGINT NOT NULL, unit STRING NOT NULL, detail STRING>";

    /** The {@code target} of lake-wide actions. */
    static final String LAKE = "lake";

    final LakeMaintainer lake;
    private final String called;

    /**
     * {@code called}: the procedure as the statement names it, {@code lake.sys.compact}, for
     * messages.
     */
    MaintenanceProcedure(LakeMaintainer lake, String called) {
        this.lake = lake;
        this.called = called;
    }

    String qualifiedName() {
        return called;
    }

    static Row row(
            String action,
            String target,
            boolean dryRun,
            long quantity,
            String unit,
            String detail) {
        return Row.of(action, target, dryRun, quantity, unit, detail);
    }

    static boolean orFalse(Boolean flag) {
        return flag != null && flag;
    }

    /** A duration argument: {@code '7 d'}, {@code '12 h'}, {@code '30 min'}, {@code '0 s'}. */
    Duration duration(String argument, String value) {
        if (value == null) {
            throw invalid(
                    argument,
                    null,
                    "must be given; a duration such as '7 d', '12 h' or '30 min'",
                    null);
        }
        if (value.trim().startsWith("-")) {
            throw invalid(argument, value, "must not be negative", null);
        }
        String expected =
                "is not a duration; expected a number and a unit, such as '7 d', '12 h', '30 min' or '0 s'";
        if (!WITH_UNIT.matcher(value).matches()) {
            // Flink reads a bare number as milliseconds, which would expire or delete nearly
            // everything.
            throw invalid(argument, value, expected, null);
        }
        try {
            return TimeUtils.parseDuration(value);
        } catch (RuntimeException e) {
            throw invalid(argument, value, expected, e);
        }
    }

    /**
     * A table argument, {@code 'db.table'} or {@code 'table'} (in the default database), that names
     * a table.
     */
    TableName table(String argument, String value) {
        if (value == null || value.isBlank()) {
            throw invalid(argument, value, "must name a table, as 'database.table'", null);
        }
        TableName table;
        try {
            int dot = value.indexOf('.');
            table =
                    dot < 0
                            ? TableName.of(lake.defaultDatabase(), value)
                            : TableName.of(value.substring(0, dot), value.substring(dot + 1));
        } catch (RuntimeException e) {
            throw invalid(argument, value, "is no table name: " + e.getMessage(), e);
        }
        if (!lake.isTable(table)) {
            throw invalid(
                    argument,
                    value,
                    "names no table of catalog "
                            + lake.catalogName()
                            + " (looked for "
                            + table
                            + ")",
                    null);
        }
        return table;
    }

    ValidationException invalid(String argument, String value, String reason, Throwable cause) {
        return new ValidationException(
                "CALL "
                        + qualifiedName()
                        + ": argument '"
                        + argument
                        + "'"
                        + (value == null ? " " : " = '" + value + "' ")
                        + reason
                        + "; nothing was changed",
                cause);
    }

    /** A list for a {@code detail}: the items, or null when there are none. */
    static String list(List<?> items) {
        return items.isEmpty()
                ? null
                : items.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}

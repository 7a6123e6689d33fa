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

import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.procedures.Procedure;

/**
 * The catalog's procedures, in its database {@value #DATABASE}: {@code CALL
 * lake.sys.expire_snapshots(...)}, {@code compact(...)}, {@code cleanup_files(...)}. They are in
 * {@value #SYSTEM} too, which Flink SQL must quote ({@code lake.`system`.compact()}): {@code
 * SYSTEM} is a reserved word. Neither is a DuckLake schema or listed; a lake schema of either name
 * keeps its tables.
 */
@Internal
public final class LakeProcedures {

    /**
     * The database the procedures are in, as Paimon's: {@code sys} needs no quotes in Flink SQL.
     */
    public static final String DATABASE = "sys";

    /** The other database the procedures are in, which Flink SQL must quote. */
    public static final String SYSTEM = "system";

    private static final List<String> NAMES =
            List.of(
                    CleanupFilesProcedure.NAME,
                    CompactProcedure.NAME,
                    ExpireSnapshotsProcedure.NAME);

    private LakeProcedures() {}

    /** The names of the procedures, sorted. */
    public static List<String> names() {
        return NAMES;
    }

    /** Whether the procedures are in the database. */
    public static boolean isProcedureDatabase(String database) {
        return DATABASE.equals(database) || SYSTEM.equals(database);
    }

    /** The procedure of that name in the database, if there is one. */
    public static Optional<Procedure> of(String database, String name, LakeMaintainer lake) {
        if (!isProcedureDatabase(database)) {
            return Optional.empty();
        }
        String called = lake.catalogName() + "." + database + "." + name;
        return switch (name) {
            case ExpireSnapshotsProcedure.NAME ->
                    Optional.of(new ExpireSnapshotsProcedure(lake, called));
            case CompactProcedure.NAME -> Optional.of(new CompactProcedure(lake, called));
            case CleanupFilesProcedure.NAME -> Optional.of(new CleanupFilesProcedure(lake, called));
            default -> Optional.empty();
        };
    }
}

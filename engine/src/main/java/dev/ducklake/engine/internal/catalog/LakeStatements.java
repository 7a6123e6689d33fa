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

package dev.ducklake.engine.internal.catalog;

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.schema.Identifiers;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Statements on the attached lake that the classes changing it share. Static, on the caller's
 * connection.
 */
public final class LakeStatements {

    private LakeStatements() {}

    /** Creates the lake's schema of this name unless it exists. */
    public static void createSchemaIfNotExists(Connection connection, String schema)
            throws SQLException {
        Jdbc.execute(
                connection,
                "CREATE SCHEMA IF NOT EXISTS "
                        + EngineContext.LAKE_ALIAS
                        + "."
                        + Identifiers.quote(schema));
    }

    /** Names the author and message of the snapshot the connection's transaction commits. */
    public static void setCommitMessage(Connection connection, String author, String message)
            throws SQLException {
        Jdbc.execute(connection, setCommitMessageSql(author, message, ""));
    }

    /**
     * Names the author and message of the snapshot the connection's transaction commits, with extra
     * information (the engine's commit metadata).
     */
    public static void setCommitMessage(
            Connection connection, String author, String message, String extraInfo)
            throws SQLException {
        Jdbc.execute(
                connection,
                setCommitMessageSql(
                        author, message, ", extra_info => " + Identifiers.literal(extraInfo)));
    }

    private static String setCommitMessageSql(String author, String message, String moreArguments) {
        return "CALL "
                + EngineContext.LAKE_ALIAS
                + ".set_commit_message("
                + Identifiers.literal(author)
                + ", "
                + Identifiers.literal(message)
                + moreArguments
                + ")";
    }
}

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

package dev.ducklake.engine.testutils;

import dev.ducklake.engine.config.CatalogLocation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * Plain DuckDB in a process of its own ({@link JvmProcess}) running SQL statements on the lake,
 * attached as {@code plain}, then exiting. Arguments: the catalog, the test directory, the
 * statements.
 */
public final class PlainSqlProcess {

    private PlainSqlProcess() {}

    /** Runs the statements in a process of its own and waits up to a minute for it to succeed. */
    public static void run(CatalogLocation catalog, Path dir, String... statements)
            throws Exception {
        String[] arguments = new String[statements.length + 2];
        arguments[0] = catalog.key();
        arguments[1] = dir.toString();
        System.arraycopy(statements, 0, arguments, 2, statements.length);
        try (JvmProcess writer =
                JvmProcess.start(PlainSqlProcess.class, dir.resolve("writer.log"), arguments)) {
            writer.awaitSuccess(Duration.ofSeconds(60));
        }
    }

    public static void main(String[] args) throws Exception {
        TestLakes.plainExecute(
                CatalogLocation.parse(args[0]),
                Path.of(args[1]),
                Arrays.copyOfRange(args, 2, args.length));
    }
}

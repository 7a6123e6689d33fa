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
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A plain DuckDB reader in a process of its own ({@link JvmProcess}): it opens a transaction, reads
 * {@code SELECT count(*)} of a table, prints {@value #HOLDING} and the count, and holds the read
 * until a release file exists (at most two minutes). Arguments: the catalog, the test directory,
 * the table (as plain DuckDB names it), the release file.
 */
public final class PlainReaderProcess {

    /** Printed once the read is held. */
    public static final String HOLDING = "holding a read of rows: ";

    private PlainReaderProcess() {}

    public static void main(String[] args) throws Exception {
        Path release = Path.of(args[3]);
        try (Connection plain =
                        TestLakes.plainDuckDb(CatalogLocation.parse(args[0]), Path.of(args[1]));
                Statement sql = plain.createStatement()) {
            sql.execute("BEGIN TRANSACTION");
            try (ResultSet rs = sql.executeQuery("SELECT count(*) FROM " + args[2])) {
                rs.next();
                System.out.println(HOLDING + rs.getLong(1));
            }
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (!Files.exists(release)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("Not released within two minutes: " + release);
                }
                TimeUnit.MILLISECONDS.sleep(10);
            }
            sql.execute("ROLLBACK");
        }
    }
}

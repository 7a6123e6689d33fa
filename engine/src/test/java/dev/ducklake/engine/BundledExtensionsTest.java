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

package dev.ducklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.internal.DuckDbInstance;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.JvmProcess;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine on a host where no DuckDB extension is installed (an empty home) and none is configured
 * loads the extensions the class path carries, as a TaskManager with only the connector's jar does.
 */
class BundledExtensionsTest {

    private static final String LOADED_FROM = "ducklake loaded from ";

    @TempDir Path dir;

    @Test
    void anEngineOnAHostWithoutExtensionsLoadsThoseOfTheClassPathAndPlacesThemOnce()
            throws Exception {
        Path home = Files.createDirectories(dir.resolve("empty-home"));
        Path tmp = Files.createDirectories(dir.resolve("java-tmp"));
        List<String> options = new ArrayList<>(JvmProcess.DEFAULT_OPTIONS);
        options.add("-Djava.io.tmpdir=" + tmp);

        String first = run(options, home, "first");
        String second = run(options, home, "second");

        Path placed = tmp.resolve("ducklake-duckdb-extensions-" + System.getProperty("user.name"));
        assertThat(first)
                .contains(LOADED_FROM + placed.resolve("v1.5.5"))
                .contains("Placed the DuckDB extension");
        assertThat(second)
                .contains(LOADED_FROM + placed.resolve("v1.5.5"))
                .as("a later engine on the host reuses the placed files")
                .doesNotContain("Placed the DuckDB extension");
        assertThat(home).as("nothing was installed in the home").isEmptyDirectory();
    }

    private String run(List<String> options, Path home, String name) throws Exception {
        try (JvmProcess process =
                JvmProcess.start(
                        options,
                        Map.of("HOME", home.toString()),
                        OpenLake.class,
                        dir.resolve(name + ".log"),
                        dir.resolve(name).toString())) {
            return process.awaitSuccess(Duration.ofMinutes(2));
        }
    }

    /**
     * Opens a lake on a DuckDB file, writes a row, and prints where DuckDB loaded ducklake from.
     */
    public static final class OpenLake {

        public static void main(String[] args) throws Exception {
            Path lake = Path.of(args[0]);
            CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, lake);
            EngineConfig config = TestLakes.config(catalog, lake).build();
            List<String> loadedFrom = new ArrayList<>();
            try (LakeEngine engine =
                    LakeEngine.open(
                            config,
                            duckDb -> {
                                loadedFrom.add(installPath(duckDb));
                                return new EngineContext(config, duckDb);
                            })) {
                TableName table = TableName.of("events");
                engine.createTable(table, TestSchemas.columns("id BIGINT").build());
                try (WriteSession session = engine.openWriteSession(table, WriteMode.APPEND)) {
                    session.write(new Object[] {1L});
                    session.commit();
                }
            }
            System.out.println(LOADED_FROM + loadedFrom.get(0));
        }

        private static String installPath(DuckDbInstance duckDb) {
            try (Connection connection = duckDb.connect();
                    Statement st = connection.createStatement();
                    ResultSet rs =
                            st.executeQuery(
                                    "SELECT install_path FROM duckdb_extensions() WHERE extension_name = 'ducklake' AND loaded")) {
                rs.next();
                return rs.getString(1);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}

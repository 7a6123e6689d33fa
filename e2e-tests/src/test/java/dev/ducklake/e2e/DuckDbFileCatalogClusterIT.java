package dev.ducklake.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DuckDB-file catalog on a standalone cluster of Flink's distribution (a JobManager and two
 * TaskManagers): a sink at parallelism 1, which one TaskManager runs, writes the lake, and what
 * would open the file in several processes (a read, a sink at parallelism 2) fails in the SQL
 * client at planning, naming the catalogs that serve several processes.
 */
class DuckDbFileCatalogClusterIT {

    @TempDir
    Path dir;

    @Test
    void aSinkInOneTaskManagerWritesAndWhatNeedsSeveralProcessesFailsAtPlanning() throws Exception {
        CatalogLocation catalog = CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake"));
        String table = "CREATE TABLE t (id BIGINT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' ="
                + " 'ducklake', 'catalog' = '" + catalog.location() + "', 'data-path' = '" + dir.resolve("data") + "/');";
        try (FlinkCluster cluster = FlinkCluster.create("2.3.0", dir.resolve("cluster"), Map.of())) {
            try {
                cluster.start(2);
                String write = cluster.sql(script("write.sql", "SET 'execution.runtime-mode' = 'batch';", table,
                        "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');")).get(0);
                cluster.awaitFinished(write, Duration.ofMinutes(3));
                assertThat(TestLakes.plainRows(catalog, dir, "SELECT id, name FROM plain.t ORDER BY id"))
                        .containsExactly("1|a", "2|b", "3|c");

                String read = cluster.sqlFailure(script("read.sql", "SET 'execution.runtime-mode' = 'batch';", table,
                        "SELECT * FROM t;"));
                assertThat(read).contains("is a DuckDB file, which one process at a time can open")
                        .contains("the JobManager (its split enumerator)").contains("'catalog' = 'sqlite:<path>'");
                String parallel = cluster.sqlFailure(script("parallel.sql", "SET 'execution.runtime-mode' = 'batch';",
                        "SET 'parallelism.default' = '2';", table, "INSERT INTO t VALUES (4, 'd');"));
                assertThat(parallel).contains("its sink at parallelism 2").contains("'sink.parallelism' = '1'");
            } catch (Throwable e) {
                e.addSuppressed(new AssertionError("Cluster logs:\n" + cluster.logs()));
                throw e;
            }
        }
    }

    private Path script(String name, String... statements) throws Exception {
        return Files.writeString(dir.resolve(name), String.join("\n", statements) + "\n");
    }
}

package dev.ducklake.flink.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.PostgresServer;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The catalog on a PostgreSQL lake (one database per test), which the catalog holds open from open() to close(). */
class PostgresCatalogITCase extends CatalogSqlITCaseBase {

    @Override
    CatalogLocation lake(Path dir) {
        return TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
    }

    @AfterEach
    void dropDatabase() {
        PostgresServer.dropDatabase(catalog.location());
    }

    @Test
    void ddlOfAnotherProcessShowsInTheSessionWithoutARestart() throws Exception {
        assertThat(strings("SHOW DATABASES")).containsExactly("main");

        inAnotherProcess("CREATE SCHEMA plain.crm",
                "CREATE TABLE plain.crm.customers (id BIGINT, name VARCHAR)",
                "INSERT INTO plain.crm.customers VALUES (1, 'Ada'), (2, 'Grace')");
        assertThat(strings("SHOW DATABASES")).containsExactlyInAnyOrder("main", "crm");
        assertThat(strings("SHOW TABLES IN crm")).containsExactly("customers");
        assertThat(rows("SELECT id, name FROM crm.customers")).containsExactlyInAnyOrder("1|Ada", "2|Grace");

        inAnotherProcess("ALTER TABLE plain.crm.customers ADD COLUMN city VARCHAR",
                "INSERT INTO plain.crm.customers VALUES (3, 'Edsger', 'Austin')");
        assertThat(rows("DESCRIBE crm.customers")).extracting(row -> row.split("\\|")[0])
                .containsExactly("id", "name", "city");
        assertThat(rows("SELECT id, city FROM crm.customers"))
                .containsExactlyInAnyOrder("1|null", "2|null", "3|Austin");

        inAnotherProcess("DROP TABLE plain.crm.customers");
        assertThat(strings("SHOW TABLES IN crm")).isEmpty();
    }

    /** Runs statements with plain DuckDB in a JVM of its own, and waits for it to succeed. */
    private void inAnotherProcess(String... statements) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                PlainDuckDbProcess.class.getName(), catalog.key(), dir.toString()));
        command.addAll(List.of(statements));
        Path log = dir.resolve("other-process.log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("the other process ended").isTrue();
            assertThat(process.exitValue()).as("exit code of the other process; its log:%n%s",
                    Files.readString(log)).isZero();
        } finally {
            process.destroyForcibly().waitFor();
        }
    }
}

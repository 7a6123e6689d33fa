package dev.ducklake.flink.catalog;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.PostgresServer;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;

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
}

package dev.ducklake.flink.catalog;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Path;

/** The catalog on a DuckDB-file lake, which the catalog opens only for the length of each call. */
class DuckDbFileCatalogITCase extends CatalogSqlITCaseBase {

    @Override
    CatalogLocation lake(Path dir) {
        return TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
    }
}

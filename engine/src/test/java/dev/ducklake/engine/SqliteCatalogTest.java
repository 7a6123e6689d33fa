package dev.ducklake.engine;

import dev.ducklake.engine.config.CatalogLocation;

/** The engine contract on a Sqlite catalog. */
class SqliteCatalogTest extends LakeEngineContractTest {

    @Override
    CatalogLocation.Kind kind() {
        return CatalogLocation.Kind.SQLITE;
    }
}

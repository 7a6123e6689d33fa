package dev.ducklake.engine;

import dev.ducklake.engine.config.CatalogLocation;

/** The engine contract on a Postgres catalog. */
class PostgresCatalogTest extends LakeEngineContractTest {

    @Override
    CatalogLocation.Kind kind() {
        return CatalogLocation.Kind.POSTGRES;
    }
}

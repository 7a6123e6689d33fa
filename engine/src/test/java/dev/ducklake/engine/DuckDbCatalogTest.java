package dev.ducklake.engine;

/** The engine contract on a DuckDb catalog. */
class DuckDbCatalogTest extends LakeEngineContractTest {

    @Override
    CatalogLocation.Kind kind() {
        return CatalogLocation.Kind.DUCKDB;
    }
}

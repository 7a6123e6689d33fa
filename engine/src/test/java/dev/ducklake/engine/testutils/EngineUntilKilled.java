package dev.ducklake.engine.testutils;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import java.nio.file.Path;

/**
 * A process that opens an engine on a DuckDB-file catalog under {@code args[0]}, spilling under
 * {@code args[1]}, and keeps it open until it is killed.
 */
public final class EngineUntilKilled {

    private EngineUntilKilled() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        LakeEngine engine = LakeEngine.open(TestLakes.config(TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir), dir)
                .temporaryDirectory(Path.of(args[1])).build());
        System.out.println("Opened " + engine);
        Thread.currentThread().join();
    }
}

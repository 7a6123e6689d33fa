package dev.ducklake.engine.testutils;

import dev.ducklake.engine.config.CatalogLocation;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Plain DuckDB in a process of its own ({@link JvmProcess}) running SQL statements on the lake,
 * attached as {@code plain}, then exiting. Arguments: the catalog, the test directory, the
 * statements.
 */
public final class PlainSqlProcess {

    private PlainSqlProcess() {}

    public static void main(String[] args) throws Exception {
        TestLakes.plainExecute(CatalogLocation.parse(args[0]), Path.of(args[1]),
                Arrays.copyOfRange(args, 2, args.length));
    }
}

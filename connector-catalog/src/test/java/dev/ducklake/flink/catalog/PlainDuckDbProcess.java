package dev.ducklake.flink.catalog;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Another client of the lake in a process of its own: plain DuckDB runs statements on the lake
 * attached as {@code plain}. Arguments: the catalog, the test directory, the statements.
 */
final class PlainDuckDbProcess {

    private PlainDuckDbProcess() {}

    public static void main(String[] args) throws Exception {
        TestLakes.plainExecute(CatalogLocation.parse(args[0]), Path.of(args[1]),
                Arrays.copyOfRange(args, 2, args.length));
    }
}

package dev.ducklake.flink.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.CatalogLocation;
import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.source.testutils.ChangelogModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.util.FileUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@link WriterProcess}es upsert disjoint keys of one table on a PostgreSQL catalog at the same
 * time, so that their commits race for DuckLake's next snapshot.
 */
class CommitConflictsITCase {

    private static final long EVENTS = 20_000;
    private static final String RATE = "1000";
    private static final Pattern RESULT = Pattern.compile(WriterProcess.RESULT + " commits=(\\d+) commitRetries=(\\d+)");

    @TempDir
    Path dir;

    private final Path logs = Path.of("target", "conflict-logs");
    private CatalogLocation catalog;

    @BeforeEach
    void createTable() throws Exception {
        FileUtils.deleteDirectory(logs.toFile());
        Files.createDirectories(logs);
        catalog = TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(TestLakes.config(catalog, dir).build())) {
            lease.engine().createTable(TableName.of("shared"),
                    FlinkLakeTypes.toLakeSchema(OrderEvents.ROW_TYPE, List.of("order_id"), List.of()));
        }
    }

    @Test
    void conflictingCommitsFromTwoProcessesAreRetriedCountedAndNoneIsLost() throws Exception {
        String one;
        String two;
        try (JvmProcess first = upserter(1); JvmProcess second = upserter(2)) {
            one = first.awaitSuccess(Duration.ofMinutes(5));
            two = second.awaitSuccess(Duration.ofMinutes(5));
        }

        Map<String, String> expected = new TreeMap<>(WriterProcess.expectedUpserts(1, EVENTS));
        expected.putAll(WriterProcess.expectedUpserts(2, EVENTS));
        assertThat(ChangelogModel.render(LakeContents.rowsByFirstColumn(catalog, dir, "shared"))).as("both writers' rows, each key at its last value").isEqualTo(expected);
        long retries = retries(one) + retries(two);
        System.out.println("Commit retries: " + retries);
        assertThat(retries).as("conflicts retried and counted in commitRetries").isPositive();
    }

    private JvmProcess upserter(int keySpace) throws Exception {
        return JvmProcess.start(WriterProcess.class, logs.resolve("writer-" + keySpace + ".log"), "upsert",
                catalog.key(), dir.resolve("data") + "/", "shared", "2", Long.toString(EVENTS), RATE,
                dir.resolve("checkpoints-" + keySpace).toString(), "-1", "10", "100", Integer.toString(keySpace));
    }

    private static long retries(String output) {
        Matcher matcher = RESULT.matcher(output);
        assertThat(matcher.find()).as("a RESULT line in:\n" + output).isTrue();
        return Long.parseLong(matcher.group(2));
    }
}

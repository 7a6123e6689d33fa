/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package dev.ducklake.benchmarks;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.MergeSession.CurrentRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.flink.util.FileUtils;

/**
 * One merge commit of K upserts to random existing keys, as the table grows: looked up in the table
 * (a join) against given with each key's current row (what the sink's upsert index gives). The
 * engine with one DuckDB thread (the sink's default), a local DuckDB-file catalog; each size is
 * preloaded in appends of 1,000,000 rows, then the two modes commit alternately, three times each.
 * Each line ends with the given commits' mean time as a ratio of the looked-up ones'. Arguments: K
 * (default 100,000), then the sizes (default 1,000,000, 10,000,000, 50,000,000).
 *
 * <pre>{@code
 * mvn -q -pl benchmarks -am install -DskipTests
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.MergeCommitBenchmark
 * }</pre>
 */
public final class MergeCommitBenchmark {

    private static final Map<String, String> PRODUCER = Map.of("sink-id", "benchmark");
    private static final int ROUNDS = 3;

    private MergeCommitBenchmark() {}

    public static void main(String[] args) throws Exception {
        int keys = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        long[] sizes =
                Arguments.numbersFrom(args, 1, new long[] {1_000_000, 10_000_000, 50_000_000});
        System.out.printf(
                Locale.ROOT,
                "Merge commit benchmark: %,d random upserts per commit, one DuckDB thread%n",
                keys);
        for (long size : sizes) {
            Path dir = Files.createTempDirectory("ducklake-merge-bench");
            try (LakeEngine engine =
                    LakeEngine.open(
                            EngineConfig.builder(
                                            CatalogLocation.duckDbFile(
                                                    dir.resolve("meta.ducklake")))
                                    .dataPath(dir.resolve("data") + "/")
                                    .threads(1)
                                    .build())) {
                ItemsTable.createAndLoad(engine, size);
                Map<Long, Object[]> current = new HashMap<>();
                SplittableRandom random = new SplittableRandom(size);
                StringBuilder line =
                        new StringBuilder(String.format(Locale.ROOT, "%,12d rows:", size));
                Map<CurrentRows, Double> seconds = new EnumMap<>(CurrentRows.class);
                for (int round = 0; round < ROUNDS; round++) {
                    for (CurrentRows mode : CurrentRows.values()) {
                        long asOf = engine.latestVersion(ItemsTable.TABLE);
                        try (MergeSession merge = engine.openMergeSession(ItemsTable.TABLE, mode)) {
                            for (int k = 0; k < keys; k++) {
                                long id = random.nextLong(size);
                                Object[] row = {
                                    id, "item-" + id + "-r" + round + mode, 100L + k, -1.0 - k
                                };
                                if (mode == CurrentRows.GIVEN) {
                                    Object[] was = current.getOrDefault(id, ItemsTable.row(id));
                                    merge.upsert(row, was);
                                } else {
                                    merge.upsert(row);
                                }
                                current.put(id, row);
                            }
                            long start = System.nanoTime();
                            CommitResult result =
                                    merge.commit(
                                            CommitOptions.builder()
                                                    .producer(PRODUCER)
                                                    .currentRowsAsOf(asOf, PRODUCER)
                                                    .build());
                            double took = (System.nanoTime() - start) / 1e9;
                            seconds.merge(mode, took, Double::sum);
                            line.append(
                                    String.format(
                                            Locale.ROOT,
                                            "  %s %.2f s (%,d upd)",
                                            mode == CurrentRows.GIVEN ? "given" : "looked-up",
                                            took,
                                            result.updated()));
                        }
                    }
                }
                line.append(
                        String.format(
                                Locale.ROOT,
                                "  given/looked-up %.2fx",
                                seconds.get(CurrentRows.GIVEN)
                                        / seconds.get(CurrentRows.LOOKED_UP)));
                System.out.println(line);
            } finally {
                FileUtils.deleteDirectory(dir.toFile());
            }
        }
    }
}

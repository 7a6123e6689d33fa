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

package dev.ducklake.engine.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.MergeSession;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A table of several files, deletes and inlined rows, cut into parts: together the parts hold every
 * row of the version once, a file larger than a part is cut, and each part comes in the same order
 * on every read (on several DuckDB threads too), so an offset resumes it.
 */
class ScanPartsTest {

    private static final TableName TABLE = TableName.of("main", "events");

    @RegisterExtension
    final TestLake lake =
            TestLake.of(CatalogLocation.Kind.DUCKDB)
                    .withSettings(settings -> settings.threads(2).dataInliningRowLimit(10));

    @Test
    void partsHoldEveryRowOnceInAStableOrder() {
        LakeEngine engine = lake.engine();
        TestLakes.appendNames(engine, TABLE, 0, 120_000);
        TestLakes.appendNames(engine, TABLE, 120_000, 150_000);
        TestLakes.appendNames(engine, TABLE, 150_000, 150_005); // inlined
        try (MergeSession merge = engine.openMergeSession(TABLE)) {
            for (long id = 0; id < 150_005; id += 97) {
                merge.deleteKey(id);
            }
            merge.commit();
        }
        long version = engine.latestVersion(TABLE);
        List<Long> expected =
                LongStream.range(0, 150_005).filter(id -> id % 97 != 0).boxed().toList();

        List<ScanPart> parts = engine.scanParts(TABLE, version, 25_000);
        assertThat(parts).anyMatch(ScanPart::inlined);
        assertThat(parts.stream().map(ScanPart::file).distinct().count()).isEqualTo(3);
        assertThat(parts.size()).as("the 120,000-row file is cut").isGreaterThanOrEqualTo(5);

        List<Long> read = new ArrayList<>();
        for (ScanPart part : parts) {
            List<Long> ids = ids(engine, ScanRequest.builder().version(version).part(part).build());
            assertThat(ids(engine, ScanRequest.builder().version(version).part(part).build()))
                    .as("the second read of %s", part)
                    .isEqualTo(ids);
            int offset = ids.size() / 3;
            assertThat(
                            ids(
                                    engine,
                                    ScanRequest.builder()
                                            .version(version)
                                            .part(part)
                                            .offset(offset)
                                            .build()))
                    .as("the read of %s from offset %s", part, offset)
                    .isEqualTo(ids.subList(offset, ids.size()));
            read.addAll(ids);
        }
        assertThat(read).hasSameSizeAs(expected).containsExactlyInAnyOrderElementsOf(expected);
    }

    private static List<Long> ids(LakeEngine engine, ScanRequest request) {
        List<Long> ids = new ArrayList<>();
        try (RowReader rows = engine.read(TABLE, request)) {
            rows.forEachRemaining(row -> ids.add((Long) row[0]));
        }
        return ids;
    }
}

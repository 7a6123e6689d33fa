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

package dev.ducklake.flink.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.flink.table.data.GenericRowData;
import org.junit.jupiter.api.Test;

/** A read run ahead on its own thread hands over every row in order, and ends with the call. */
class ReadAheadTest {

    private static final String NAME = "read-ahead under test";

    /**
     * A read of {@code batches} batches of 1,000 rows numbered from 0, failing after {@code
     * failAfter}.
     */
    private static ReadAhead.BatchRead numbers(int batches, int failAfter) {
        return handOver -> {
            for (int b = 0; b < batches; b++) {
                if (b == failAfter) {
                    throw new IllegalStateException("the read failed at batch " + b);
                }
                GenericRowData[] batch = new GenericRowData[1_000];
                for (int i = 0; i < batch.length; i++) {
                    batch[i] = GenericRowData.of((long) b * batch.length + i);
                }
                handOver.accept(batch);
            }
        };
    }

    @Test
    void everyRowArrivesInTheReadsOrder() {
        List<Long> taken = new ArrayList<>();
        ReadAhead.forEachRow(NAME, numbers(50, -1), row -> taken.add(row.getLong(0)));
        assertThat(taken).containsExactlyElementsOf(LongStream.range(0, 50_000).boxed().toList());
        assertThat(readerThreads()).isZero();
    }

    @Test
    void aFailedReadFailsTheCallAfterTheRowsBeforeIt() {
        List<Long> taken = new ArrayList<>();
        assertThatThrownBy(
                        () ->
                                ReadAhead.forEachRow(
                                        NAME, numbers(50, 20), row -> taken.add(row.getLong(0))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the read failed at batch 20");
        assertThat(taken).hasSize(20_000);
        assertThat(readerThreads()).isZero();
    }

    @Test
    void aFailedActionStopsTheRead() {
        assertThatThrownBy(
                        () ->
                                ReadAhead.forEachRow(
                                        NAME,
                                        numbers(1_000_000, -1),
                                        row -> {
                                            if (row.getLong(0) == 5_000) {
                                                throw new IllegalArgumentException("no row 5000");
                                            }
                                        }))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(readerThreads()).isZero();
    }

    private static long readerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals(NAME))
                .count();
    }
}

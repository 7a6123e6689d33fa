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

package dev.ducklake.e2e;

import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;

/**
 * The workload of the cluster tests and its model: {@code count} events with sequence numbers
 * {@code 0..count-1} from Flink's datagen connector, written by one job to two lake tables. An
 * append-only table {@code <name>_events} gets every event once. A keyed table {@code <name>} gets
 * the events grouped by key {@code k-<seq % keys>}: the aggregate keeps each key at {@code v =
 * max(seq)} and {@code amount = (v % 10000) / 100}, an upsert (an update's before and after images)
 * for every event, so it ends with each key at its highest sequence number.
 */
record Balances(String name, long count, int keys, int perSecond) {

    /** The statements that create the source and the lake tables and submit the job. */
    String job(Lake lake) {
        return String.join(
                "\n",
                "CREATE TABLE events (seq BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '"
                        + perSecond
                        + "', 'fields.seq.kind' = 'sequence', 'fields.seq.start' = '0', 'fields.seq.end' = '"
                        + (count - 1)
                        + "');",
                "CREATE TABLE "
                        + name
                        + " (k STRING NOT NULL, v BIGINT, amount DECIMAL(12, 2),"
                        + " PRIMARY KEY (k) NOT ENFORCED) WITH ("
                        + lake.with(name)
                        + ", 'sink.parallelism' = '2');",
                "CREATE TABLE "
                        + name
                        + "_events (seq BIGINT) WITH ("
                        + lake.with(name + "_events")
                        + ");",
                "EXECUTE STATEMENT SET BEGIN",
                "INSERT INTO "
                        + name
                        + " SELECT k, MAX(seq), CAST(CAST(MAX(seq) % 10000 AS DECIMAL(12, 2)) / 100"
                        + " AS DECIMAL(12, 2)) FROM (SELECT CONCAT('k-', CAST(seq % "
                        + keys
                        + " AS STRING)) AS k, seq"
                        + " FROM events) GROUP BY k;",
                "INSERT INTO " + name + "_events SELECT seq FROM events;",
                "END;",
                "");
    }

    /**
     * The keyed table's rows, by key, values joined by '|' as {@link Lake#rowsByKey} gives them.
     */
    Map<String, String> expected() {
        Map<String, String> rows = new TreeMap<>();
        for (long seq = Math.max(0, count - keys); seq < count; seq++) {
            String key = "k-" + (seq % keys);
            rows.put(key, key + "|" + seq + "|" + BigDecimal.valueOf(seq % 10000, 2));
        }
        return rows;
    }

    /** The append-only table's rows, by sequence number, as {@link Lake#rowsByKey} gives them. */
    Map<String, String> expectedEvents() {
        Map<String, String> rows = new TreeMap<>();
        for (long seq = 0; seq < count; seq++) {
            rows.put(Long.toString(seq), Long.toString(seq));
        }
        return rows;
    }
}

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

import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.source.DuckLakeSource;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * A DataStream job for {@code flink run}: follows the changelog of a lake table {@code (k VARCHAR,
 * v BIGINT, amount DECIMAL(12, 2))} with the change source, from its full contents on, and applies
 * it by key to another table, so that the copy replays the table. Its arguments are {@code
 * key=value} pairs: {@code source=...}, {@code target=...}, and the lake's options as a table's
 * {@code WITH} clause gives them ({@code catalog}, {@code data-path}, {@code
 * duckdb.secret.<name>.<parameter>}, ...). It runs until cancelled; checkpointing and restarts come
 * from the cluster's configuration.
 */
public final class ChangelogCopyJob {

    static final RowType ROW_TYPE =
            RowType.of(
                    new org.apache.flink.table.types.logical.LogicalType[] {
                        new VarCharType(false, VarCharType.MAX_LENGTH),
                        new BigIntType(),
                        new DecimalType(12, 2)
                    },
                    new String[] {"k", "v", "amount"});

    private ChangelogCopyJob() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException(
                        "Arguments are key=value pairs, not '" + arg + "'");
            }
            options.put(arg.substring(0, equals), arg.substring(equals + 1));
        }
        String source = required(options, "source");
        String target = required(options, "target");

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSource(
                        DuckLakeSource.builder().lakeOptions(options).table(source).build(),
                        WatermarkStrategy.noWatermarks(),
                        source + " changelog")
                .sinkTo(
                        DuckLakeSink.forRowData()
                                .lakeOptions(options)
                                .table(target)
                                .rowType(ROW_TYPE)
                                .primaryKey("k")
                                .build());
        env.execute("copy " + source + " to " + target + " by its changelog");
    }

    private static String required(Map<String, String> options, String key) {
        String value = options.remove(key);
        if (value == null) {
            throw new IllegalArgumentException("Missing argument " + key + "=...");
        }
        return value;
    }
}

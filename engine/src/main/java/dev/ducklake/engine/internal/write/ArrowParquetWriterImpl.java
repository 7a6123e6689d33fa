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

package dev.ducklake.engine.internal.write;

import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.EngineResource;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.write.ArrowParquetWriter;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import org.duckdb.DuckDBConnection;

/**
 * An {@link ArrowParquetWriter}: registers the caller's Arrow stream on a DuckDB connection of its
 * own and copies it to Parquet.
 */
public final class ArrowParquetWriterImpl extends EngineResource implements ArrowParquetWriter {

    private static final AtomicLong COUNTER = new AtomicLong();

    private final DuckDBConnection connection;
    private final String streamName = "ducklake_arrow_" + COUNTER.incrementAndGet();
    private final String options;

    /**
     * @param lakeData whether the files may become data files of the lake (dictionary encoding on),
     *     rather than transient staging read once
     */
    public ArrowParquetWriterImpl(EngineContext context, boolean lakeData) {
        super(context);
        this.options = lakeData ? "(FORMAT parquet)" : "(FORMAT parquet, DICTIONARY_SIZE_LIMIT 1)";
        this.connection = context.connect();
        register();
    }

    @Override
    public synchronized long write(Object arrowArrayStream, String file) {
        if (closed()) {
            throw new LakeException("This Parquet writer is closed");
        }
        try {
            connection.registerArrowStream(streamName, arrowArrayStream);
            return Jdbc.update(
                    connection,
                    "COPY (SELECT * FROM "
                            + streamName
                            + ") TO "
                            + Identifiers.literal(file)
                            + " "
                            + options);
        } catch (SQLException e) {
            throw new LakeException(
                    "Could not write the staged rows to " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    protected void release() {
        Jdbc.closeQuietly(connection);
    }
}

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

package dev.ducklake.flink.sink;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_INLINING_ROW_LIMIT;
import static org.apache.flink.util.Preconditions.checkArgument;
import static org.apache.flink.util.Preconditions.checkNotNull;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.write.CommitRetries;
import dev.ducklake.flink.cdc.SchemaChangePolicy;
import dev.ducklake.flink.cdc.TableRouter;
import dev.ducklake.flink.common.DuckLakeBuilderBase;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.internal.change.ChangeSinkSettings;
import dev.ducklake.flink.sink.internal.commit.CommitObserver;
import dev.ducklake.flink.sink.internal.staging.StagingDirectory;
import java.time.Duration;
import java.util.UUID;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Builds a {@link DuckLakeChangeSink}. The catalog is required; the tables come from the records.
 * The lake's and the engine's settings are {@link DuckLakeBuilderBase}'s.
 *
 * <pre>{@code
 * DuckLakeChangeSink sink = DuckLakeSink.forChangeRecords()
 *         .catalog("postgres:dbname=lake host=db")
 *         .dataPath("s3://bucket/lake/")
 *         .secret("lake_s3", Map.of("type", "s3", "key_id", keyId, "secret", secretKey))
 *         .router(TableRouter.builder().intoSchema("replica").build())
 *         .build();
 * env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "debezium")   // a DataStream<ChangeRecord>
 *         .sinkTo(sink);
 * }</pre>
 */
@PublicEvolving
public final class DuckLakeChangeSinkBuilder
        extends DuckLakeBuilderBase<DuckLakeChangeSinkBuilder> {

    /** The tables a writer stages at once, by default. */
    public static final int DEFAULT_MAX_OPEN_TABLES = 256;

    private TableRouter router = TableRouter.identity();
    private SchemaChangePolicy schemaChanges = SchemaChangePolicy.FAIL;
    private String stagingPath;
    private CommitRetries commitRetries = DuckLakeConnectorOptions.defaultCommitRetries();
    private int maxOpenTables = DEFAULT_MAX_OPEN_TABLES;
    private CommitObserver observer = CommitObserver.NONE;

    DuckLakeChangeSinkBuilder() {}

    /** Not for this sink: its tables are the ones its records name, mapped by {@link #router}. */
    @Override
    public DuckLakeChangeSinkBuilder table(String table) {
        throw new UnsupportedOperationException(
                "The change-record sink writes the tables its records name; map"
                        + " them to lake tables with router(...)");
    }

    /** Maps source tables to lake tables, or drops them; the same names by default. */
    public DuckLakeChangeSinkBuilder router(TableRouter router) {
        this.router = checkNotNull(router, "router");
        return this;
    }

    /**
     * What to do with a schema change DuckLake cannot apply; {@link SchemaChangePolicy#FAIL} by
     * default.
     */
    public DuckLakeChangeSinkBuilder unsupportedSchemaChanges(SchemaChangePolicy policy) {
        this.schemaChanges = checkNotNull(policy, "policy");
        return this;
    }

    /** Directory for staged files, as for {@link DuckLakeSinkBuilder#stagingPath}. */
    public DuckLakeChangeSinkBuilder stagingPath(String stagingPath) {
        this.stagingPath = checkNotNull(stagingPath, "stagingPath");
        return this;
    }

    /**
     * The tables a writer stages at once (256 by default); each holds up to two batches of 4,096
     * rows off the heap. Writing another table seals the least recently written one into a file.
     */
    public DuckLakeChangeSinkBuilder maxOpenTables(int tables) {
        checkArgument(tables > 0, "maxOpenTables must be positive, got %s", tables);
        this.maxOpenTables = tables;
        return this;
    }

    /**
     * Commits of at most this many rows of a table are inlined into the catalog; see {@link
     * DuckLakeSinkBuilder}.
     */
    public DuckLakeChangeSinkBuilder dataInliningRowLimit(int rows) {
        return set(DATA_INLINING_ROW_LIMIT, rows);
    }

    /**
     * Retries of a commit that conflicts with a concurrent commit, and the wait before the first;
     * see {@link DuckLakeSinkBuilder#commitRetries}.
     */
    public DuckLakeChangeSinkBuilder commitRetries(int retries, Duration firstBackoff) {
        this.commitRetries = DuckLakeConnectorOptions.commitRetries(retries, firstBackoff);
        return this;
    }

    /** Told of every commit; for tests. */
    DuckLakeChangeSinkBuilder observer(CommitObserver observer) {
        this.observer = checkNotNull(observer, "observer");
        return this;
    }

    public DuckLakeChangeSink build() {
        EngineSpec engine = engine();
        engine.toEngineConfig();
        String staging =
                StagingDirectory.resolveRoot(engine, stagingPath, TableName.of("change-records"));
        return new DuckLakeChangeSink(
                new ChangeSinkSettings(
                        engine,
                        router,
                        schemaChanges,
                        staging,
                        commitRetries,
                        UUID.randomUUID().toString(),
                        maxOpenTables),
                observer);
    }
}

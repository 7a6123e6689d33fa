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

package dev.ducklake.engine.internal.transform;

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Hashes;
import dev.ducklake.engine.internal.table.TableCatalog;
import dev.ducklake.engine.internal.version.VersionLog;
import dev.ducklake.engine.internal.write.CommitExecutor;
import dev.ducklake.engine.internal.write.MergeSessionImpl;
import dev.ducklake.engine.internal.write.StagedSessionImpl;
import dev.ducklake.engine.internal.write.WriteSessionImpl;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.transform.TransformRequest;
import dev.ducklake.engine.transform.TransformResult;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.version.VersionPins;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Runs a {@link TransformRequest}: resolves and pins every input's version, skips the work when the
 * output's latest version was written by the same transform from the same versions, otherwise
 * stages the query's rows in a write or merge session on the output and commits them with the
 * inputs in the commit metadata.
 */
public final class SqlTransform {

    /** The producer field naming the transform (a digest of its query, bindings and mode). */
    public static final String TRANSFORM = "transform";

    private final EngineContext context;
    private final CommitExecutor commits;
    private final TableCatalog tables;
    private final VersionLog versions;
    private final VersionPins pins;

    public SqlTransform(
            EngineContext context,
            CommitExecutor commits,
            TableCatalog tables,
            VersionLog versions,
            VersionPins pins) {
        this.context = context;
        this.commits = commits;
        this.tables = tables;
        this.versions = versions;
        this.pins = pins;
    }

    public TransformResult run(TransformRequest request) {
        TableName output = request.output();
        TableSchema schema = tables.describe(output);
        List<VersionPins.Pin> held = new ArrayList<>();
        try {
            Map<TableName, Long> inputs = new LinkedHashMap<>();
            Map<String, String> relations = new LinkedHashMap<>();
            request.inputs()
                    .forEach(
                            (name, input) -> {
                                long version =
                                        input.version().isPresent()
                                                ? versions.get(
                                                                input.table(),
                                                                input.version().getAsLong())
                                                        .id()
                                                : versions.latest(input.table());
                                held.add(pins.pin(input.table(), version));
                                inputs.put(input.table(), version);
                                relations.put(
                                        name,
                                        "(SELECT * FROM "
                                                + input.table().sql(EngineContext.LAKE_ALIAS)
                                                + " AT (VERSION => "
                                                + version
                                                + "))");
                            });
            String query = PlaceholderSql.render(request.sql(), relations);
            String transform = identity(request);
            TableVersion latest = versions.get(output, versions.latest(output));
            if (sameTransformAndInputs(latest.metadata(), transform, inputs)) {
                return new TransformResult(false, true, latest.id(), inputs, 0, 0);
            }
            Map<String, String> producer = new LinkedHashMap<>(request.producer());
            producer.put(TRANSFORM, transform);
            CommitOptions options =
                    CommitOptions.builder()
                            .producer(producer)
                            .inputs(inputs)
                            .message("transform into " + output)
                            .build();
            try (StagedSessionImpl session = open(request, schema)) {
                long yielded = session.stageQuery(query);
                CommitResult result = session.commit(options);
                return new TransformResult(
                        result.committed(),
                        false,
                        result.version(),
                        inputs,
                        yielded,
                        result.committed() ? result.rowsWritten() : 0);
            }
        } finally {
            held.forEach(VersionPins.Pin::close);
        }
    }

    private StagedSessionImpl open(TransformRequest request, TableSchema schema) {
        TableName output = request.output();
        return switch (request.mode()) {
            case REPLACE ->
                    new WriteSessionImpl(context, commits, output, schema, WriteMode.SNAPSHOT);
            case APPEND -> new WriteSessionImpl(context, commits, output, schema, WriteMode.APPEND);
            case MERGE ->
                    new MergeSessionImpl(
                            context,
                            commits,
                            output,
                            schema,
                            tables.hasBeforeImages(output),
                            MergeSession.CurrentRows.LOOKED_UP,
                            null);
        };
    }

    private static boolean sameTransformAndInputs(
            Optional<CommitMetadata> metadata, String transform, Map<TableName, Long> inputs) {
        if (metadata.isEmpty() || !transform.equals(metadata.get().producer().get(TRANSFORM))) {
            return false;
        }
        Map<String, Long> recorded = new TreeMap<>();
        inputs.forEach((table, version) -> recorded.put(table.toString(), version));
        return recorded.equals(metadata.get().inputs());
    }

    /**
     * A digest of what makes two runs the same transform: the query, the tables bound, the output
     * and the mode.
     */
    private static String identity(TransformRequest request) {
        StringBuilder text =
                new StringBuilder(request.sql())
                        .append('\u0000')
                        .append(request.mode())
                        .append('\u0000')
                        .append(request.output());
        request.inputs()
                .forEach(
                        (name, input) ->
                                text.append('\u0000')
                                        .append(name)
                                        .append('=')
                                        .append(input.table()));
        return Hashes.sha256Hex(text.toString(), 8);
    }
}

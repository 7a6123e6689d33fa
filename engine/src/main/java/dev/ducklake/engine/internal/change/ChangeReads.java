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

package dev.ducklake.engine.internal.change;

import dev.ducklake.engine.change.ChangeBatchReader;
import dev.ducklake.engine.change.ChangeMethod;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.table.TableCatalog;
import dev.ducklake.engine.internal.version.VersionLog;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.version.TableVersion;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens change reads: checks the range, and picks the cheapest method that is exact for it.
 *
 * <ol>
 *   <li>{@link ChangeMethod#BEFORE_IMAGES} when every version in the range is an engine commit that
 *       kept its before-images (at most {@value #MAX_IMAGE_VERSIONS} versions);
 *   <li>{@link ChangeMethod#CHANGE_FEED} otherwise, for instance when another client changed the
 *       table;
 *   <li>{@link ChangeMethod#FULL_DIFF} when inlined data of the table was flushed, or its files
 *       rewritten or merged, after {@code from}: DuckLake v1.5.5's change feed and insertions
 *       misreport such ranges (see {@link VersionLog#filesRewrittenAfter}).
 * </ol>
 */
public final class ChangeReads {

    /**
     * Beyond this many versions in one range the per-version insertions cost more than the change
     * feed.
     */
    static final int MAX_IMAGE_VERSIONS = 256;

    private static final Logger LOG = LoggerFactory.getLogger(ChangeReads.class);

    private final EngineContext context;
    private final TableCatalog tables;
    private final VersionLog versions;

    public ChangeReads(EngineContext context, TableCatalog tables, VersionLog versions) {
        this.context = context;
        this.tables = tables;
        this.versions = versions;
    }

    /** The changes over {@code (from, to]} by the cheapest exact method. */
    public ChangeReader open(TableName table, long from, long to) {
        return open(table, ChangeRequest.builder(from, to).build());
    }

    /**
     * The changes the request selects, by its method, which must be exact for the range, or else by
     * the cheapest exact one.
     */
    public ChangeReader open(TableName table, ChangeRequest request) {
        return new ChangeReaderImpl(context, plan(table, request));
    }

    /**
     * The changes the request selects, as {@link #open(TableName, ChangeRequest)} picks them, in
     * batches.
     */
    public ChangeBatchReader openBatches(TableName table, ChangeRequest request, int batchRows) {
        return new ChangeBatchReaderImpl(context, plan(table, request), batchRows);
    }

    private ChangeSelection plan(TableName table, ChangeRequest request) {
        long from = request.from();
        long to = request.to();
        context.reattachIfFlushedElsewhere(
                "read the changes of " + table + " in (" + from + ", " + to + "]");
        List<TableVersion> inRange = range(table, from, to);
        ChangeMethod method;
        if (request.method().isPresent()) {
            method = request.method().get();
            if (method == ChangeMethod.BEFORE_IMAGES && !hasAllBeforeImages(table, inRange)) {
                throw new LakeValidationException(
                        "The versions of "
                                + table
                                + " in ("
                                + from
                                + ", "
                                + to
                                + "] do not"
                                + " all carry before-images (a commit by another client, a snapshot write, or more than "
                                + MAX_IMAGE_VERSIONS
                                + " versions); use "
                                + ChangeMethod.CHANGE_FEED);
            }
        } else {
            method =
                    versions.filesRewrittenAfter(table, from)
                            ? ChangeMethod.FULL_DIFF
                            : hasAllBeforeImages(table, inRange)
                                    ? ChangeMethod.BEFORE_IMAGES
                                    : ChangeMethod.CHANGE_FEED;
        }
        LOG.debug("Changes of {} over ({}, {}] by {}", table, from, to, method);
        return new ChangeSelection(query(table, from, to, inRange, method), method, request);
    }

    /**
     * The table's versions in {@code (from, to]} (at most one more than the before-image method
     * takes), after checking that both ends are versions of it.
     */
    private List<TableVersion> range(TableName table, long from, long to) {
        if (from > to) {
            throw new LakeValidationException(
                    "The change range of "
                            + table
                            + " runs backwards: from version "
                            + from
                            + " is after to version "
                            + to);
        }
        List<TableVersion> fromOn = versions.between(table, from - 1, to, MAX_IMAGE_VERSIONS + 2);
        if (fromOn.isEmpty() || fromOn.get(0).id() != from) {
            versions.get(table, from);
        }
        boolean truncated = fromOn.size() > MAX_IMAGE_VERSIONS + 1;
        if (truncated || fromOn.get(fromOn.size() - 1).id() != to) {
            versions.get(table, to);
        }
        return fromOn.subList(1, fromOn.size());
    }

    /**
     * The definition at {@code from} is read only for the full diff, the one method that needs it.
     */
    private ChangeQuery query(
            TableName table, long from, long to, List<TableVersion> inRange, ChangeMethod method) {
        TableSchema atTo = tables.describe(table, to);
        TableSchema atFrom = method == ChangeMethod.FULL_DIFF ? tables.describe(table, from) : atTo;
        return new ChangeQuery(
                table,
                atFrom,
                atTo,
                from,
                to,
                inRange,
                tables.nameAt(table, from),
                tables.nameAt(table, to));
    }

    private boolean hasAllBeforeImages(TableName table, List<TableVersion> inRange) {
        return inRange.size() <= MAX_IMAGE_VERSIONS
                && inRange.stream()
                        .allMatch(v -> v.metadata().map(m -> m.beforeImages()).orElse(false))
                && tables.hasBeforeImages(table);
    }
}

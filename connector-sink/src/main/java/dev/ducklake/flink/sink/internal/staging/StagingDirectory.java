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

package dev.ducklake.flink.sink.internal.staging;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.EngineSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a sink's writers put their staged Parquet files until the committer applies them: {@code
 * <root>/<sink id>/<subtask>/<epoch>-<number>-<uuid>.parquet}, in a {@link StagingStore} (a
 * directory, or a prefix on object storage). A writer numbers its files in the order it writes
 * them, and the names sort in that order, which is the order the committer applies them in (it
 * matters for changes to one key). The epoch is the checkpoint after the writer's last snapshot, so
 * on a restore from checkpoint {@code c} every file with an epoch above {@code c} belongs to no
 * completed checkpoint and is removed; files at or below {@code c} are either committed and removed
 * by the committer or still pending in the committer's state.
 */
@Internal
public final class StagingDirectory implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StagingDirectory.class);
    private static final String SUFFIX = ".parquet";
    private static final String DEFAULT_SUFFIX = ".flink-staging";

    private final StagingStore store;
    private final String sinkId;
    private long written;

    public StagingDirectory(StagingStore store, String sinkId) {
        this.store = store;
        this.sinkId = sinkId;
    }

    /**
     * The staging root a sink uses: the configured one, or the {@link #defaultRoot}; fails, saying
     * what to set, when there is no default. Checked against the configured data path here; the
     * catalog's own data path is checked when the writers open.
     */
    public static String resolveRoot(
            EngineSpec engine, @Nullable String configured, TableName forTable) {
        String dataPath = engine.getOptional(DuckLakeConnectorOptions.DATA_PATH).orElse(null);
        String staging =
                configured != null
                        ? configured
                        : defaultRoot(engine.catalogLocation(), dataPath)
                                .orElseThrow(
                                        () ->
                                                new IllegalStateException(
                                                        "Set '"
                                                                + DuckLakeConnectorOptions
                                                                        .SINK_STAGING_PATH
                                                                        .key()
                                                                + "' (stagingPath(...) in the DataStream"
                                                                + " API): the catalog is PostgreSQL and "
                                                                + (dataPath == null
                                                                        ? "no data path is set"
                                                                        : "the data path "
                                                                                + dataPath
                                                                                + " has no place beside it for staging (a bucket's"
                                                                                + " root, or object storage that does not speak S3)")
                                                                + ", so there is no default place for staged files that every TaskManager reaches"));
        if (ObjectStorageLocation.isRemote(staging)) {
            ObjectStorageLocation.parse(staging); // refuses storage the staging cannot use
        }
        if (dataPath != null) {
            requireOutsideDataPaths(staging, List.of(dataPath), forTable);
        }
        return staging;
    }

    /**
     * The default staging root: beside the data path, local or on storage that speaks S3 (appended
     * files registered by a commit become the lake's data files where they are, so they belong with
     * the lake's data), else beside a file catalog; never inside the data path, where DuckLake's
     * orphan cleanup deletes staged files before they are committed. Empty when there is neither (a
     * PostgreSQL catalog without a data path, or with one the staging cannot sit beside: at a
     * bucket's root, or on other object storage).
     */
    public static Optional<String> defaultRoot(CatalogLocation catalog, @Nullable String dataPath) {
        if (dataPath != null && ObjectStorageLocation.speaksS3(dataPath)) {
            String trimmed = dataPath.replaceAll("/+$", "");
            if (trimmed.indexOf('/', trimmed.indexOf("://") + 3) > 0) {
                return Optional.of(trimmed + DEFAULT_SUFFIX);
            }
        } else if (dataPath != null && !ObjectStorageLocation.isRemote(dataPath)) {
            Path data =
                    Path.of(ObjectStorageLocation.localPath(dataPath)).toAbsolutePath().normalize();
            if (data.getFileName() != null) {
                return Optional.of(
                        data.resolveSibling(data.getFileName() + DEFAULT_SUFFIX).toString());
            }
        }
        if (catalog.kind() != CatalogLocation.Kind.POSTGRES) {
            Path file = Path.of(catalog.location()).toAbsolutePath().normalize();
            return Optional.of(file.resolveSibling(file.getFileName() + DEFAULT_SUFFIX).toString());
        }
        return Optional.empty();
    }

    /**
     * The staging directory of a sink's writer, opened once the root proved to be outside the
     * lake's data paths ({@link #requireOutsideDataPaths}), with the writer's staging of no
     * completed checkpoint removed ({@link #removeUncheckpointed}). A root inside a data path fails
     * the job without restarts: every restart would refuse the same path.
     *
     * @param root the staging root, for the check
     * @param store opens the store of the staging root; the directory closes it
     * @param table what the sink writes, for the message
     */
    public static StagingDirectory openForWriter(
            String root,
            Supplier<StagingStore> store,
            LakeEngine engine,
            TableName table,
            String sinkId,
            WriterInitContext context) {
        try {
            requireOutsideDataPaths(root, engine.dataPaths(), table);
        } catch (IllegalArgumentException e) {
            throw new SuppressRestartsException(e);
        }
        StagingDirectory directory = new StagingDirectory(store.get(), sinkId);
        try {
            directory.removeUncheckpointed(
                    context.getTaskInfo().getIndexOfThisSubtask(),
                    context.getTaskInfo().getNumberOfParallelSubtasks(),
                    context.getRestoredCheckpointId(),
                    engine::referencedDataFiles);
        } catch (RuntimeException e) {
            directory.close();
            throw e;
        }
        return directory;
    }

    /**
     * Refuses a staging root inside one of the lake's data paths: DuckLake's {@code
     * ducklake_delete_orphaned_files}, which any DuckDB user may run, deletes every file there that
     * no snapshot references, a checkpoint's staged files before their commit among them.
     */
    public static void requireOutsideDataPaths(
            String root, Collection<String> dataPaths, TableName table) {
        String staging = comparable(root);
        for (String dataPath : dataPaths) {
            String data = comparable(dataPath);
            if ((staging + "/").startsWith(data + "/")) {
                throw new IllegalArgumentException(
                        "The staging path '"
                                + root
                                + "' of the DuckLake sink on "
                                + table
                                + " is inside the lake's data path '"
                                + dataPath
                                + "', where DuckLake's"
                                + " ducklake_delete_orphaned_files deletes staged files before they are committed. Set"
                                + " 'sink.staging-path' (stagingPath(...)) to a place outside the data path, for example '"
                                + data
                                + DEFAULT_SUFFIX
                                + "'");
            }
        }
    }

    /**
     * A path as a comparable string: a URI without trailing slashes, a local path absolute and
     * normal.
     */
    private static String comparable(String path) {
        return ObjectStorageLocation.isRemote(path)
                ? path.replaceAll("/+$", "")
                : Path.of(ObjectStorageLocation.localPath(path))
                        .toAbsolutePath()
                        .normalize()
                        .toString()
                        .replaceAll("/+$", "");
    }

    /** A new file for a subtask's staging of the given epoch; its directory exists afterwards. */
    public String newFile(int subtask, long epoch) {
        String dir = sinkId + "/" + subtask;
        store.prepareDirectory(dir);
        return store.resolve(
                dir
                        + "/"
                        + String.format(
                                "%d-%012d-%s%s", epoch, written++, UUID.randomUUID(), SUFFIX));
    }

    /**
     * Removes the staging that no completed checkpoint refers to: a subtask's files of epochs after
     * the restored checkpoint, all of them when nothing was restored. Subtask 0 also cleans the
     * staging of subtasks beyond the current parallelism, left by a job that ran wider. Files the
     * lake holds as data files stay, whatever their epoch: a job restored from an older checkpoint
     * finds the files that later checkpoints' appends registered.
     *
     * @param lakeDataFiles which of the given files the lake holds as data files
     */
    public void removeUncheckpointed(
            int subtask,
            int parallelism,
            OptionalLong restoredCheckpointId,
            Function<Collection<String>, Set<String>> lakeDataFiles) {
        long keepUpTo = restoredCheckpointId.orElse(0L);
        List<String> uncheckpointed = new ArrayList<>();
        List<String> subtasks = new ArrayList<>(List.of(Integer.toString(subtask)));
        if (subtask == 0) {
            store.directories(sinkId).stream()
                    .filter(
                            name ->
                                    name.matches("\\d{1,9}")
                                            && Integer.parseInt(name) >= parallelism)
                    .forEach(subtasks::add);
        }
        for (String directory : subtasks) {
            for (String name : store.files(sinkId + "/" + directory)) {
                if (!isCheckpointed(name, keepUpTo)) {
                    uncheckpointed.add(store.resolve(sinkId + "/" + directory + "/" + name));
                }
            }
        }
        if (uncheckpointed.isEmpty()) {
            return;
        }
        Set<String> lakeData = lakeDataFiles.apply(uncheckpointed);
        List<String> removed =
                uncheckpointed.stream().filter(file -> !lakeData.contains(file)).toList();
        removed.forEach(
                file ->
                        LOG.info(
                                "Removing staging {} that belongs to no completed checkpoint",
                                file));
        store.delete(removed);
    }

    /** Releases the store. */
    @Override
    public void close() {
        store.close();
    }

    /**
     * Whether a file of a subtask's staging is a staged file of an epoch up to {@code keepUpTo}.
     */
    private static boolean isCheckpointed(String name, long keepUpTo) {
        int dash = name.indexOf('-');
        boolean staged =
                name.endsWith(SUFFIX) && dash > 0 && name.substring(0, dash).matches("\\d{1,18}");
        return staged && Long.parseLong(name.substring(0, dash)) <= keepUpTo;
    }
}

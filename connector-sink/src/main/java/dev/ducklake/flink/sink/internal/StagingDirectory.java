package dev.ducklake.flink.sink.internal;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.EngineSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a sink's writers put their staged Parquet files until the committer applies them:
 * {@code <root>/<sink id>/<subtask>/<epoch>-<number>-<uuid>.parquet}. A writer numbers its files in
 * the order it writes them, and the names sort in that order, which is the order the committer
 * applies them in (it matters for changes to one key). The epoch is the checkpoint after the
 * writer's last snapshot, so on a restore from checkpoint {@code c} every file with an epoch above
 * {@code c} belongs to no completed checkpoint and is removed; files at or below {@code c} are
 * either committed and removed by the committer or still pending in the committer's state.
 */
@Internal
public final class StagingDirectory {

    private static final Logger LOG = LoggerFactory.getLogger(StagingDirectory.class);
    private static final String SUFFIX = ".parquet";

    private final Path sinkRoot;
    private long written;

    public StagingDirectory(Path root, String sinkId) {
        this.sinkRoot = root.resolve(sinkId);
    }

    /**
     * The staging root a sink uses: the configured one, or the {@link #defaultRoot}; fails, saying
     * what to set, when there is no default. Checked against the configured data path here; the
     * catalog's own data path is checked when the writers open.
     */
    public static String resolveRoot(EngineSpec engine, @Nullable String configured, TableName forTable) {
        String dataPath = engine.getOptional(DuckLakeConnectorOptions.DATA_PATH).orElse(null);
        String staging = configured != null ? configured
                : defaultRoot(engine.catalogLocation(), dataPath).map(Object::toString)
                        .orElseThrow(() -> new IllegalStateException("Set '"
                                + DuckLakeConnectorOptions.SINK_STAGING_PATH.key() + "' (stagingPath(...) in the"
                                + " DataStream API): the catalog is PostgreSQL and " + (dataPath == null
                                        ? "no data path is set" : "the data path " + dataPath
                                                + " is not a local directory")
                                + ", so there is no default place for staged files that every TaskManager reaches"));
        if (dataPath != null) {
            requireOutsideDataPaths(Path.of(staging), List.of(dataPath), forTable);
        }
        return staging;
    }

    /**
     * The default staging root: beside a local data path (appended files registered by a commit
     * become the lake's data files where they are), else beside a file catalog, and never inside the
     * data path, where DuckLake's orphan cleanup deletes staged files before they are committed.
     * Empty when neither is local (a PostgreSQL catalog with object-storage data).
     */
    public static Optional<Path> defaultRoot(CatalogLocation catalog, @Nullable String dataPath) {
        if (dataPath != null && !dataPath.contains("://")) {
            Path data = Path.of(dataPath).toAbsolutePath().normalize();
            if (data.getFileName() != null) {
                return Optional.of(data.resolveSibling(data.getFileName() + ".flink-staging"));
            }
        }
        if (catalog.kind() != CatalogLocation.Kind.POSTGRES) {
            Path file = Path.of(catalog.location()).toAbsolutePath().normalize();
            return Optional.of(file.resolveSibling(file.getFileName() + ".flink-staging"));
        }
        return Optional.empty();
    }

    /**
     * Refuses a staging root inside one of the lake's data paths: DuckLake's
     * {@code ducklake_delete_orphaned_files}, which any DuckDB user may run, deletes every file there
     * that no snapshot references, a checkpoint's staged files before their commit among them.
     */
    public static void requireOutsideDataPaths(Path root, Collection<String> dataPaths, TableName table) {
        Path staging = root.toAbsolutePath().normalize();
        for (String dataPath : dataPaths) {
            String local = dataPath.startsWith("file://") ? dataPath.substring("file://".length()) : dataPath;
            if (!local.contains("://") && staging.startsWith(Path.of(local).toAbsolutePath().normalize())) {
                throw new IllegalArgumentException("The staging path '" + staging + "' of the DuckLake sink on "
                        + table + " is inside the lake's data path '" + dataPath + "', where DuckLake's"
                        + " ducklake_delete_orphaned_files deletes staged files before they are committed. Set"
                        + " 'sink.staging-path' (stagingPath(...)) to a directory outside the data path, for example '"
                        + Path.of(local).toAbsolutePath().normalize() + ".flink-staging'");
            }
        }
    }

    /** A new file name for a subtask's staging of the given epoch; the directory exists afterwards. */
    public Path newFile(int subtask, long epoch) {
        Path dir = sinkRoot.resolve(Integer.toString(subtask));
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new LakeException("Could not create the staging directory " + dir + " (" + e
                    + "); check 'sink.staging-path'", e);
        }
        return dir.resolve(String.format("%d-%012d-%s%s", epoch, written++, UUID.randomUUID(), SUFFIX));
    }

    /**
     * Removes the staging that no completed checkpoint refers to: a subtask's files of epochs after
     * the restored checkpoint, all of them when nothing was restored. Subtask 0 also cleans the
     * directories of subtasks beyond the current parallelism, left by a job that ran wider. Files the
     * lake holds as data files stay, whatever their epoch: a job restored from an older checkpoint
     * finds the files that later checkpoints' appends registered.
     *
     * @param lakeDataFiles which of the given paths the lake holds as data files
     */
    public void removeUncheckpointed(int subtask, int parallelism, OptionalLong restoredCheckpointId,
            Function<Collection<String>, Set<String>> lakeDataFiles) {
        long keepUpTo = restoredCheckpointId.orElse(0L);
        List<Path> uncheckpointed = new ArrayList<>();
        for (Path dir : subtaskDirectories()) {
            int index = Integer.parseInt(dir.getFileName().toString());
            if (index == subtask || (subtask == 0 && index >= parallelism)) {
                uncheckpointed.addAll(epochsAfter(dir, keepUpTo));
            }
        }
        if (uncheckpointed.isEmpty()) {
            return;
        }
        Set<String> lakeData = lakeDataFiles.apply(uncheckpointed.stream().map(Path::toString).toList());
        for (Path file : uncheckpointed) {
            if (!lakeData.contains(file.toString())) {
                LOG.info("Removing staging {} that belongs to no completed checkpoint", file);
                delete(file);
            }
        }
    }

    /** Deletes a committed file; a file already gone is fine. */
    public static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warn("Could not delete the committed staging file {}; it can be removed by hand", file, e);
        }
    }

    private List<Path> subtaskDirectories() {
        if (!Files.isDirectory(sinkRoot)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(sinkRoot)) {
            return dirs.filter(Files::isDirectory).filter(d -> d.getFileName().toString().matches("\\d+")).toList();
        } catch (IOException e) {
            throw new LakeException("Could not list the staging directory " + sinkRoot + ": " + e, e);
        }
    }

    private static List<Path> epochsAfter(Path dir, long keepUpTo) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> {
                String name = file.getFileName().toString();
                int dash = name.indexOf('-');
                boolean staged = name.endsWith(SUFFIX) && dash > 0 && name.substring(0, dash).matches("\\d+");
                return !staged || Long.parseLong(name.substring(0, dash)) > keepUpTo;
            }).toList();
        } catch (NoSuchFileException e) {
            return List.of(); // another subtask cleaned it
        } catch (IOException e) {
            throw new LakeException("Could not list the staging directory " + dir + ": " + e, e);
        }
    }
}

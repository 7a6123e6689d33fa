package dev.ducklake.flink.sink.internal;

import dev.ducklake.engine.error.LakeException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;

/**
 * The file operations a sink's staging needs besides what DuckDB does (DuckDB writes and reads the
 * staged files themselves): listing, checking and deleting files under the staging root. The root
 * is a local (or mounted) directory, or a prefix on object storage ({@code s3://}, {@code gs://},
 * {@code r2://}), reached with the engine's DuckDB secrets, so nothing requires a shared file
 * system. Files are named as DuckDB names them: local paths or URIs.
 */
@Internal
public interface StagingStore extends AutoCloseable {

    /**
     * The store for a staging root: object storage for a URI with a scheme other than
     * {@code file://}, else the local file system.
     *
     * @param secrets the engine's DuckDB secrets by name, each its {@code CREATE SECRET} parameters
     */
    static StagingStore open(String root, Map<String, Map<String, String>> secrets) {
        if (ObjectStorageLocation.isRemote(root)) {
            return ObjectStagingStore.open(ObjectStorageLocation.parse(root), secrets);
        }
        return new LocalStagingStore(root);
    }

    /** The root, as configured. */
    String root();

    /** The location of a file under the root, given by its relative path ({@code a/b/c.parquet}). */
    String resolve(String relative);

    /** Makes sure files can be written under the directory at a relative path; nothing on object storage. */
    void prepareDirectory(String relative);

    /** Every file under the directory at a relative path, by its path relative to that directory. */
    List<String> list(String relative);

    /** Whether a file exists. */
    boolean exists(String file);

    /** Whether the root can be reached at all: a mounted directory, a bucket that answers. */
    boolean reachable();

    /**
     * Deletes files; a file already gone is fine. A file the store refuses to delete is logged; a
     * store that does not answer fails, so that the caller's job restarts and deletes the files again
     * (a committer's restored committables are deleted once found committed).
     */
    void delete(Collection<String> files);

    @Override
    void close();

    /** A failure of the store, naming what it was doing and the option to check. */
    static LakeException failure(String what, Exception cause) {
        return new LakeException(what + " (" + cause + "); check 'sink.staging-path' and, on object storage,"
                + " the 'duckdb.secret.*' options", cause);
    }
}

package dev.ducklake.engine.version;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * What the engine records with every commit, as JSON in the snapshot's {@code commit_extra_info}:
 * the table, the mode, a unique commit id, row counts, whether the before-images of every row it
 * deleted or replaced were kept (in {@code ducklake_engine.before_images_*}), the caller's idempotency key, and the
 * producer's own fields (the Flink sink writes its sink id and checkpoint id there). Snapshots written by other clients carry none
 * or other JSON; readers treat the metadata as optional and ignore unknown fields.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitMetadata(
        String table,
        String mode,
        String commitId,
        long rowsWritten,
        long inserted,
        long updated,
        long deleted,
        boolean beforeImages,
        String commitKey,
        Map<String, String> producer) {

    public static final String MODE_APPEND = "append";
    public static final String MODE_SNAPSHOT = "snapshot";
    public static final String MODE_MERGE = "merge";
    public static final String MODE_SCHEMA = "schema";

    /** The author name the engine sets on its snapshots. */
    public static final String AUTHOR = "ducklake-engine";

    /**
     * The author name the engine sets on the snapshots of its maintenance (flushing inlined data,
     * merging files), which reorganise files without changing any table's rows.
     */
    public static final String MAINTENANCE_AUTHOR = "ducklake-engine maintenance";

    public CommitMetadata {
        producer = producer == null ? Map.of() : Map.copyOf(producer);
    }
}

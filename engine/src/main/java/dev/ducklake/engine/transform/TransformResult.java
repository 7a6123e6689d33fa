package dev.ducklake.engine.transform;

import dev.ducklake.engine.schema.TableName;
import java.util.Map;

/**
 * What a transform did.
 *
 * @param committed whether it created a version of the output
 * @param upToDate whether it ran nothing: the output's latest version was written by the same
 *     transform from the same input versions
 * @param version the output's version afterwards: the new one, or its latest when nothing was committed
 * @param inputs every input table with the version the query read (and the commit records)
 * @param rowsWritten rows the query yielded and the commit wrote
 */
public record TransformResult(boolean committed, boolean upToDate, long version, Map<TableName, Long> inputs,
        long rowsWritten) {

    public TransformResult {
        inputs = Map.copyOf(inputs);
    }
}

package dev.ducklake.flink.sink.internal;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.nio.file.Path;
import org.apache.flink.annotation.Internal;
import org.apache.flink.types.RowKind;

/**
 * The sink's session in the engine, chosen once for the sink's mode: rows for append and overwrite,
 * changes by key for upsert. A writer stages into it and exports the staging as a Parquet file at
 * each checkpoint; the committer loads a checkpoint's files into it and commits them at once.
 */
@Internal
interface RowStager extends AutoCloseable {

    /** Stages one row of the given kind, values in the DuckLake table's column order. */
    void stage(RowKind kind, Object[] row);

    long staged();

    /** Moves the staged rows into the file; returns how many. */
    long export(Path file);

    /** Adds the rows of a file another stager exported, after those staged so far. */
    void load(Path file);

    /** Applies everything staged in one snapshot and ends the session. */
    CommitResult commit(CommitOptions options);

    @Override
    void close();

    static RowStager open(LakeEngine engine, TableName table, SinkMode mode) {
        return switch (mode) {
            case APPEND -> new Rows(table, engine.openWriteSession(table, WriteMode.APPEND));
            case OVERWRITE -> new Rows(table, engine.openWriteSession(table, WriteMode.SNAPSHOT));
            case UPSERT -> new Changes(engine.openMergeSession(table));
        };
    }

    /** Insert-only rows. */
    final class Rows implements RowStager {
        private final TableName table;
        private final WriteSession session;

        Rows(TableName table, WriteSession session) {
            this.table = table;
            this.session = session;
        }

        @Override
        public void stage(RowKind kind, Object[] row) {
            if (kind != RowKind.INSERT) {
                throw new LakeValidationException("Table " + table + " has no primary key, so the sink only appends;"
                        + " it got a " + kind + " (" + kind.shortString() + ") row. Declare a PRIMARY KEY to apply"
                        + " updates and deletes");
            }
            session.write(row);
        }

        @Override
        public long staged() {
            return session.staged();
        }

        @Override
        public long export(Path file) {
            return session.exportStaged(file);
        }

        @Override
        public void load(Path file) {
            session.importStaged(file);
        }

        @Override
        public CommitResult commit(CommitOptions options) {
            return session.commit(options);
        }

        @Override
        public void close() {
            session.close();
        }
    }

    /** Changes by primary key: {@code +I} and {@code +U} upsert, {@code -D} deletes, {@code -U} is skipped. */
    final class Changes implements RowStager {
        private final MergeSession session;

        Changes(MergeSession session) {
            this.session = session;
        }

        @Override
        public void stage(RowKind kind, Object[] row) {
            switch (kind) {
                case INSERT, UPDATE_AFTER -> session.upsert(row);
                case DELETE -> session.delete(row);
                case UPDATE_BEFORE -> { }
            }
        }

        @Override
        public long staged() {
            return session.staged();
        }

        @Override
        public long export(Path file) {
            return session.exportStaged(file);
        }

        @Override
        public void load(Path file) {
            session.importStaged(file);
        }

        @Override
        public CommitResult commit(CommitOptions options) {
            return session.commit(options);
        }

        @Override
        public void close() {
            session.close();
        }
    }
}

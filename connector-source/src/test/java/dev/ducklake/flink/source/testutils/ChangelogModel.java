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

package dev.ducklake.flink.source.testutils;

import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.flink.sink.testutils.LakeContents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * The reference model of a changelog: a sink (run it at parallelism 1) that applies each row to a
 * map of rows by key (the first column) and records every row that does not fit what the model
 * holds: an insert of a key already present, an update-before or delete whose image differs from
 * the held row, an update-after without its update-before. Its state is checkpointed, so a restored
 * job continues the model it had, and a change emitted twice or lost shows. It publishes the model
 * at every checkpoint and at the end, under its name.
 */
public final class ChangelogModel
        implements Sink<RowData>, SupportsWriterState<RowData, List<String>> {

    private static final long serialVersionUID = 1L;
    private static final Map<String, Result> PUBLISHED = new ConcurrentHashMap<>();

    /** The model's rows by key, as strings, and the problems it saw. */
    public record Result(
            Map<String, String> rows, List<String> problems, long changes, boolean ended) {}

    private final String name;
    private final RowType rowType;

    public ChangelogModel(String name, RowType rowType) {
        this.name = name;
        this.rowType = rowType;
        PUBLISHED.remove(name);
    }

    public static Result published(String name) {
        return PUBLISHED.get(name);
    }

    /**
     * Waits until the model {@code name} published once: its job took a checkpoint (or ended), so
     * every operator, and the source's enumerator, had started by then.
     */
    public static Result awaitPublished(String name, Duration timeout) throws Exception {
        return await("the model " + name + " published (a checkpoint of its job)")
                .atMost(timeout)
                .until(() -> published(name), Objects::nonNull);
    }

    /** Waits until the model {@code name} applied at least {@code changes} changes. */
    public static Result awaitChanges(String name, long changes, Duration timeout)
            throws Exception {
        return await("the model " + name + " applied " + changes + " changes")
                .atMost(timeout)
                .until(() -> published(name), model -> model != null && model.changes() >= changes);
    }

    /**
     * Waits until the model {@code name} holds exactly these rows (as {@link #render} renders
     * them).
     */
    public static Result awaitRows(String name, Map<String, String> rows, Duration timeout)
            throws Exception {
        return await("the model " + name + " holds the expected " + rows.size() + " rows")
                .atMost(timeout)
                .until(() -> published(name), model -> model != null && model.rows().equals(rows));
    }

    /**
     * The table's rows as plain DuckDB reads them, by their first column, rendered as the model
     * holds rows.
     */
    public static Map<String, String> lakeRows(CatalogLocation catalog, Path dir, String table)
            throws SQLException {
        return render(LakeContents.rowsByFirstColumn(catalog, dir, table));
    }

    /** Rows by key, each rendered as the model holds it. */
    public static Map<String, String> render(Map<String, ? extends List<?>> rows) {
        Map<String, String> rendered = new TreeMap<>();
        rows.forEach((key, row) -> rendered.put(key, render(row)));
        return rendered;
    }

    /** A row as the model holds it: its fields in order, rendered by {@link String#valueOf}. */
    public static String render(List<?> fields) {
        return fields.stream().map(String::valueOf).collect(Collectors.joining("|"));
    }

    @Override
    public StatefulSinkWriter<RowData, List<String>> createWriter(WriterInitContext context) {
        return new Writer(new ArrayList<>());
    }

    @Override
    public StatefulSinkWriter<RowData, List<String>> restoreWriter(
            WriterInitContext context, Collection<List<String>> states) {
        List<String> entries = new ArrayList<>();
        states.forEach(entries::addAll);
        return new Writer(entries);
    }

    @Override
    public SimpleVersionedSerializer<List<String>> getWriterStateSerializer() {
        return new StringsSerializer();
    }

    private final class Writer implements StatefulSinkWriter<RowData, List<String>> {
        private final TreeMap<String, String> rows = new TreeMap<>();
        private final List<String> problems = new ArrayList<>();
        private final RowData.FieldGetter[] getters;

        /**
         * Keys between their update-before and update-after. Per key: rows of several readers
         * interleave at this sink, though each reader emits an update's two rows together.
         */
        private final Set<String> updating = new HashSet<>();

        private long changes;
        private boolean ended;

        Writer(List<String> state) {
            getters = new RowData.FieldGetter[rowType.getFieldCount()];
            for (int i = 0; i < getters.length; i++) {
                getters[i] = RowData.createFieldGetter(rowType.getTypeAt(i), i);
            }
            for (String entry : state) {
                if (entry.startsWith("!")) {
                    problems.add(entry.substring(1));
                } else if (entry.startsWith("#")) {
                    changes = Long.parseLong(entry.substring(1));
                } else {
                    int split = entry.indexOf('\u0001');
                    rows.put(entry.substring(0, split), entry.substring(split + 1));
                }
            }
        }

        @Override
        public void write(RowData row, Context context) {
            List<Object> fields = new ArrayList<>();
            for (RowData.FieldGetter getter : getters) {
                fields.add(getter.getFieldOrNull(row));
            }
            String key = String.valueOf(fields.get(0));
            String value = render(fields);
            String held = rows.get(key);
            changes++;
            switch (row.getRowKind()) {
                case INSERT -> {
                    if (held != null) {
                        problems.add("insert of a present key: " + value + " over " + held);
                    }
                    rows.put(key, value);
                }
                case UPDATE_BEFORE, DELETE -> {
                    if (!value.equals(held)) {
                        problems.add(
                                row.getRowKind() + " of " + value + " but the model holds " + held);
                    }
                    rows.remove(key);
                    if (row.getRowKind() == RowKind.UPDATE_BEFORE) {
                        updating.add(key);
                    }
                }
                case UPDATE_AFTER -> {
                    if (!updating.remove(key) || held != null) {
                        problems.add("update-after without its update-before: " + value);
                    }
                    rows.put(key, value);
                }
            }
        }

        @Override
        public void flush(boolean endOfInput) {
            ended |= endOfInput;
            publish();
        }

        @Override
        public List<List<String>> snapshotState(long checkpointId) {
            publish();
            List<String> state = new ArrayList<>();
            rows.forEach((k, v) -> state.add(k + '\u0001' + v));
            problems.forEach(p -> state.add("!" + p));
            state.add("#" + changes);
            return List.of(state);
        }

        private void publish() {
            PUBLISHED.put(
                    name, new Result(new TreeMap<>(rows), List.copyOf(problems), changes, ended));
        }

        @Override
        public void close() {}
    }

    private static final class StringsSerializer
            implements SimpleVersionedSerializer<List<String>> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(List<String> strings) throws IOException {
            DataOutputSerializer out = new DataOutputSerializer(1024);
            out.writeInt(strings.size());
            for (String s : strings) {
                byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
                out.writeInt(bytes.length);
                out.write(bytes);
            }
            return out.getCopyOfBuffer();
        }

        @Override
        public List<String> deserialize(int version, byte[] serialized) throws IOException {
            DataInputDeserializer in = new DataInputDeserializer(serialized);
            int count = in.readInt();
            List<String> out = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                out.add(new String(bytes, StandardCharsets.UTF_8));
            }
            return out;
        }
    }
}

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

package dev.ducklake.flink.cdc.debezium;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordTypeInfo;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.Collector;

/**
 * Reads Debezium change events, as Kafka Connect's {@code JsonConverter} writes them with {@code
 * schemas.enable=true} ({@code {"schema": ..., "payload": ...}}), into {@link ChangeRecord}s of
 * many tables whose schemas may change from one event to the next.
 *
 * <ul>
 *   <li>Table: {@code source.schema + "." + source.table} where the source has a schema
 *       (PostgreSQL, SQL Server), else {@code source.db + "." + source.table} (MySQL).
 *   <li>Operations: {@code c} and {@code r} give {@code +I} of {@code after}; {@code u} gives
 *       {@code -U} of {@code before} and {@code +U} of {@code after}, or only {@code +U} when
 *       {@code before} is null (PostgreSQL without {@code REPLICA IDENTITY FULL}); {@code d} gives
 *       {@code -D} of {@code before} and fails without one; {@code t} (truncate) fails unless
 *       {@link Builder#ignoreTruncate}; {@code m} (logical decoding message), tombstones (a null or
 *       empty value) and the transaction topic's BEGIN and END events give nothing; {@link
 *       Builder#buildWithTransactions()} reads those too. A {@code before} row may hold only the
 *       key, with nulls elsewhere.
 *   <li>Schema: the {@code after} (or {@code before}) struct of the message's schema, its columns
 *       NOT NULL unless {@code optional}; parsed schemas are cached by their JSON text (1,000 of
 *       them).
 *   <li>Primary key: the field names of the message key's struct schema when a key is given to
 *       {@link #deserialize(byte[], byte[], Collector)}, else the key configured for the table,
 *       else none.
 * </ul>
 *
 * <table>
 *   <caption>Kafka Connect and Debezium types, and the Flink types they become</caption>
 *   <tr><th>Connect type / logical name</th><th>Flink type</th></tr>
 *   <tr><td>int8, int16, int32, int64</td><td>TINYINT, SMALLINT, INT, BIGINT</td></tr>
 *   <tr><td>float, double, boolean</td><td>FLOAT, DOUBLE, BOOLEAN</td></tr>
 *   <tr><td>string (also Json, Xml, Uuid, Enum, EnumSet, Ltree, ZonedTime, Interval, Iso*)</td>
 *       <td>STRING</td></tr>
 *   <tr><td>bytes (also io.debezium.data.Bits)</td><td>BYTES</td></tr>
 *   <tr><td>org.apache.kafka.connect.data.Decimal (base64 unscaled value or JSON number)</td>
 *       <td>DECIMAL(p, s), p = connect.decimal.precision capped at 38, or 38 when absent; values
 *       that do not fit fail</td></tr>
 *   <tr><td>io.debezium.data.VariableScaleDecimal</td><td>DECIMAL(38, 18); values with more than 18
 *       fractional or 20 integer digits fail</td></tr>
 *   <tr><td>io.debezium.time.Date, connect Date</td><td>DATE</td></tr>
 *   <tr><td>io.debezium.time.Time, MicroTime, NanoTime, connect Time</td><td>TIME(3): Flink's TIME
 *       holds milliseconds, finer digits are dropped</td></tr>
 *   <tr><td>io.debezium.time.Timestamp, connect Timestamp</td><td>TIMESTAMP(3)</td></tr>
 *   <tr><td>io.debezium.time.MicroTimestamp, NanoTimestamp</td><td>TIMESTAMP(6), TIMESTAMP(9)</td></tr>
 *   <tr><td>io.debezium.time.ZonedTimestamp</td><td>TIMESTAMP_LTZ(6); digits below the microsecond
 *       are dropped</td></tr>
 *   <tr><td>io.debezium.time.Year, io.debezium.time.MicroDuration</td><td>INT, BIGINT (microseconds)</td></tr>
 *   <tr><td>array, map</td><td>ARRAY, MAP</td></tr>
 *   <tr><td>struct (also io.debezium.data.geometry.Geometry, Geography, Point)</td><td>ROW of its
 *       fields, e.g. ROW&lt;wkb BYTES NOT NULL, srid INT&gt;</td></tr>
 * </table>
 *
 * <p>Other logical names fall back to their Connect type. Bad input fails with an {@link
 * IOException} naming the table, the column and the value.
 *
 * <pre>{@code
 * DebeziumJsonDeserializationSchema events = DebeziumJsonDeserializationSchema.builder()
 *         .primaryKey("inventory.products", "id")
 *         .ignoreTruncate(true)
 *         .build();
 * }</pre>
 */
@PublicEvolving
public final class DebeziumJsonDeserializationSchema
        implements DeserializationSchema<ChangeRecord> {

    private static final long serialVersionUID = 1L;

    private final Map<String, List<String>> primaryKeys;
    private final boolean ignoreTruncate;
    private transient DebeziumEventReader reader;

    private DebeziumJsonDeserializationSchema(
            Map<String, List<String>> primaryKeys, boolean ignoreTruncate) {
        this.primaryKeys = Map.copyOf(primaryKeys);
        this.ignoreTruncate = ignoreTruncate;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public void open(InitializationContext context) {
        reader();
    }

    /** Not supported: an update gives two records; use {@link #deserialize(byte[], Collector)}. */
    @Override
    public ChangeRecord deserialize(byte[] message) {
        throw new UnsupportedOperationException(
                "A Debezium update gives two records: call "
                        + "deserialize(byte[], Collector) instead");
    }

    @Override
    public void deserialize(@Nullable byte[] message, Collector<ChangeRecord> out)
            throws IOException {
        deserialize(null, message, out);
    }

    /**
     * Emits the records of one Kafka message: none for a tombstone, two for an update.
     *
     * @param key the message key, Kafka Connect JSON with a struct schema whose fields are the
     *     table's primary key; null to take the key configured for the table
     * @param value the message value
     * @throws IOException if the message is not a Debezium event this deserializer can read; the
     *     message names the table, the column and the value
     */
    public void deserialize(
            @Nullable byte[] key, @Nullable byte[] value, Collector<ChangeRecord> out)
            throws IOException {
        reader().read(key, value, out);
    }

    @Override
    public boolean isEndOfStream(ChangeRecord nextElement) {
        return false;
    }

    @Override
    public TypeInformation<ChangeRecord> getProducedType() {
        return ChangeRecordTypeInfo.INSTANCE;
    }

    private DebeziumEventReader reader() {
        if (reader == null) {
            reader = new DebeziumEventReader(primaryKeys, ignoreTruncate);
        }
        return reader;
    }

    /** Configures a {@link DebeziumJsonDeserializationSchema}. */
    @PublicEvolving
    public static final class Builder {

        private final Map<String, List<String>> primaryKeys = new HashMap<>();
        private boolean ignoreTruncate;

        private Builder() {}

        /**
         * The primary keys of source tables ({@code schema.table} or {@code db.table}), adding to
         * earlier ones.
         */
        public Builder primaryKeys(Map<String, List<String>> keys) {
            keys.forEach((table, columns) -> primaryKey(table, columns.toArray(new String[0])));
            return this;
        }

        /** The primary key of one source table ({@code schema.table} or {@code db.table}). */
        public Builder primaryKey(String table, String... columns) {
            Objects.requireNonNull(table, "table");
            if (columns.length == 0) {
                throw new IllegalArgumentException(
                        "The primary key of table '" + table + "' has no columns");
            }
            primaryKeys.put(table, List.of(columns));
            return this;
        }

        /**
         * Whether to drop truncate events (logged once per table) instead of failing; false by
         * default.
         */
        public Builder ignoreTruncate(boolean ignore) {
            this.ignoreTruncate = ignore;
            return this;
        }

        public DebeziumJsonDeserializationSchema build() {
            return new DebeziumJsonDeserializationSchema(primaryKeys, ignoreTruncate);
        }

        /**
         * A deserializer that also reads the transactions' boundaries: see {@link
         * DebeziumTransactionalDeserializationSchema}.
         */
        public DebeziumTransactionalDeserializationSchema buildWithTransactions() {
            return new DebeziumTransactionalDeserializationSchema(primaryKeys, ignoreTruncate);
        }
    }
}

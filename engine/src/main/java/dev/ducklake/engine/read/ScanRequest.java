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

package dev.ducklake.engine.read;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What to read of a table: the version (default the latest), the columns (default all, in table
 * order), the rows that satisfy a {@link RowFilter} or fall in a {@link Bucket}, and a window of
 * rows by offset and limit. Rows come in no particular order unless {@code orderByKey} is set,
 * which sorts by the primary key, or by every column of a table without one (needed for stable
 * paging).
 *
 * <pre>{@code
 * ScanRequest.builder().version(12).columns("order_id", "amount").limit(100).build();
 * }</pre>
 */
public final class ScanRequest {

    private final OptionalLong version;
    private final List<String> columns;
    private final long offset;
    private final OptionalLong limit;
    private final boolean orderByKey;
    private final Optional<RowFilter> filter;
    private final Optional<Bucket> bucket;
    private final Optional<ScanPart> part;

    private ScanRequest(Builder b) {
        this.version = b.version;
        this.columns = b.columns;
        this.offset = b.offset;
        this.limit = b.limit;
        this.orderByKey = b.orderByKey;
        this.filter = b.filter;
        this.bucket = b.bucket;
        this.part = b.part;
    }

    public static ScanRequest all() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public OptionalLong version() {
        return version;
    }

    /** The projected columns; empty for all. */
    public List<String> columns() {
        return columns;
    }

    public long offset() {
        return offset;
    }

    public OptionalLong limit() {
        return limit;
    }

    public boolean orderByKey() {
        return orderByKey;
    }

    public Optional<RowFilter> filter() {
        return filter;
    }

    public Optional<Bucket> bucket() {
        return bucket;
    }

    public Optional<ScanPart> part() {
        return part;
    }

    /** Builds a {@link ScanRequest}. */
    public static final class Builder {
        private OptionalLong version = OptionalLong.empty();
        private List<String> columns = List.of();
        private long offset;
        private OptionalLong limit = OptionalLong.empty();
        private boolean orderByKey;
        private Optional<RowFilter> filter = Optional.empty();
        private Optional<Bucket> bucket = Optional.empty();
        private Optional<ScanPart> part = Optional.empty();

        private Builder() {}

        public Builder version(long version) {
            this.version = OptionalLong.of(version);
            return this;
        }

        public Builder columns(String... columns) {
            return columns(List.of(columns));
        }

        public Builder columns(List<String> columns) {
            this.columns = List.copyOf(Objects.requireNonNull(columns, "columns"));
            return this;
        }

        public Builder offset(long offset) {
            if (offset < 0) {
                throw new IllegalArgumentException("offset must be >= 0, got " + offset);
            }
            this.offset = offset;
            return this;
        }

        public Builder limit(long limit) {
            if (limit < 0) {
                throw new IllegalArgumentException("limit must be >= 0, got " + limit);
            }
            this.limit = OptionalLong.of(limit);
            return this;
        }

        public Builder orderByKey(boolean orderByKey) {
            this.orderByKey = orderByKey;
            return this;
        }

        public Builder filter(RowFilter filter) {
            this.filter = Optional.of(filter);
            return this;
        }

        public Builder bucket(Bucket bucket) {
            this.bucket = Optional.of(bucket);
            return this;
        }

        /** Reads only the rows of this part of the version read (see {@link ScanPart}). */
        public Builder part(ScanPart part) {
            this.part = Optional.of(part);
            return this;
        }

        public ScanRequest build() {
            return new ScanRequest(this);
        }
    }
}

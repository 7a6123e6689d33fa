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

package dev.ducklake.engine.change;

import dev.ducklake.engine.read.Bucket;
import dev.ducklake.engine.read.RowFilter;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to read of a table's changes over {@code (from, to]}: the method (default the cheapest exact
 * one), the image columns (default all), the changes of the rows that satisfy a {@link RowFilter}
 * or fall in a {@link Bucket}, and where to resume. With a filter the changes are those of the
 * filtered table: a row that stops satisfying it is deleted, one that starts is inserted. With
 * {@code ordered}, changes come sorted by the primary key (every column without one), so an {@code
 * offset} skips the same changes on every read of the range.
 *
 * <pre>{@code
 * ChangeRequest.builder(from, to).columns("order_id", "status").bucket(new Bucket(0, 4))
 *         .ordered(true).offset(1_000).build();
 * }</pre>
 */
public final class ChangeRequest {

    private final long from;
    private final long to;
    private final Optional<ChangeMethod> method;
    private final List<String> columns;
    private final Optional<RowFilter> filter;
    private final Optional<Bucket> bucket;
    private final boolean ordered;
    private final long offset;

    private ChangeRequest(Builder b) {
        this.from = b.from;
        this.to = b.to;
        this.method = b.method;
        this.columns = b.columns;
        this.filter = b.filter;
        this.bucket = b.bucket;
        this.ordered = b.ordered;
        this.offset = b.offset;
    }

    public static Builder builder(long from, long to) {
        return new Builder(from, to);
    }

    public long from() {
        return from;
    }

    public long to() {
        return to;
    }

    public Optional<ChangeMethod> method() {
        return method;
    }

    /** The image columns; empty for all, in table order. */
    public List<String> columns() {
        return columns;
    }

    public Optional<RowFilter> filter() {
        return filter;
    }

    public Optional<Bucket> bucket() {
        return bucket;
    }

    public boolean ordered() {
        return ordered;
    }

    public long offset() {
        return offset;
    }

    /** Builds a {@link ChangeRequest}. */
    public static final class Builder {
        private final long from;
        private final long to;
        private Optional<ChangeMethod> method = Optional.empty();
        private List<String> columns = List.of();
        private Optional<RowFilter> filter = Optional.empty();
        private Optional<Bucket> bucket = Optional.empty();
        private boolean ordered;
        private long offset;

        private Builder(long from, long to) {
            this.from = from;
            this.to = to;
        }

        public Builder method(ChangeMethod method) {
            this.method = Optional.of(method);
            return this;
        }

        public Builder columns(String... columns) {
            return columns(List.of(columns));
        }

        public Builder columns(List<String> columns) {
            this.columns = List.copyOf(Objects.requireNonNull(columns, "columns"));
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

        public Builder ordered(boolean ordered) {
            this.ordered = ordered;
            return this;
        }

        /** Skips this many changes; meaningful with {@code ordered}. */
        public Builder offset(long offset) {
            if (offset < 0) {
                throw new IllegalArgumentException("offset must be >= 0, got " + offset);
            }
            this.offset = offset;
            return this;
        }

        public ChangeRequest build() {
            return new ChangeRequest(this);
        }
    }
}

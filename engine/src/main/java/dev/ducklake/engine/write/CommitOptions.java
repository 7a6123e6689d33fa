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

package dev.ducklake.engine.write;

import dev.ducklake.engine.schema.TableName;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * Per-commit settings: the version the caller expects to be the table's latest (optimistic
 * control), the producer fields and input versions recorded in the commit metadata, and how often a
 * conflicting commit is tried again. A commit that changes nothing creates no snapshot: DuckLake
 * makes none of a transaction that changed nothing.
 *
 * <pre>{@code
 * CommitOptions.builder().commitKey(sinkId + "/7").producer(Map.of("sink-id", sinkId, "checkpoint-id", "7")).build();
 * }</pre>
 */
public final class CommitOptions {

    private static final CommitOptions DEFAULTS = builder().build();
    private static final Pattern KEY_PATTERN = Pattern.compile("[A-Za-z0-9._:/-]{1,200}");

    private final OptionalLong expectedLatestVersion;
    private final Map<String, String> producer;
    private final String message;
    private final String commitKey;
    private final List<String> unchangedCommitKeys;
    private final OptionalLong currentRowsAsOf;
    private final Map<String, String> sameProducer;
    private final Map<TableName, Long> inputs;
    private final CommitRetries retries;

    private CommitOptions(Builder b) {
        this.expectedLatestVersion = b.expectedLatestVersion;
        this.producer = Map.copyOf(b.producer);
        this.message = b.message;
        this.commitKey = b.commitKey;
        this.unchangedCommitKeys = List.copyOf(b.unchangedCommitKeys);
        this.currentRowsAsOf = b.currentRowsAsOf;
        this.sameProducer = Map.copyOf(b.sameProducer);
        this.inputs = Map.copyOf(b.inputs);
        this.retries = b.retries;
    }

    public static CommitOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public OptionalLong expectedLatestVersion() {
        return expectedLatestVersion;
    }

    public Map<String, String> producer() {
        return producer;
    }

    public String message() {
        return message;
    }

    public Optional<String> commitKey() {
        return Optional.ofNullable(commitKey);
    }

    /** The keys of earlier commits that changed nothing, which this commit records. */
    public List<String> unchangedCommitKeys() {
        return unchangedCommitKeys;
    }

    /** The version the current rows given to a merge session were read at, if they were. */
    public OptionalLong currentRowsAsOf() {
        return currentRowsAsOf;
    }

    /**
     * The producer fields that mark the commits whose changes the given current rows already hold.
     */
    public Map<String, String> sameProducer() {
        return sameProducer;
    }

    /**
     * The lake tables the committed rows were computed from, with the versions they were read at.
     */
    public Map<TableName, Long> inputs() {
        return inputs;
    }

    /** The retries of this commit on conflicts; empty: the engine's setting. */
    public Optional<CommitRetries> retries() {
        return Optional.ofNullable(retries);
    }

    /** Builds {@link CommitOptions}. */
    public static final class Builder {
        private OptionalLong expectedLatestVersion = OptionalLong.empty();
        private Map<String, String> producer = Map.of();
        private String message;
        private String commitKey;
        private List<String> unchangedCommitKeys = List.of();
        private OptionalLong currentRowsAsOf = OptionalLong.empty();
        private Map<String, String> sameProducer = Map.of();
        private Map<TableName, Long> inputs = Map.of();
        private CommitRetries retries;

        private Builder() {}

        /**
         * Fail with a concurrency error if the table's latest version is not this one when the
         * commit applies.
         */
        public Builder expectLatestVersion(long version) {
            this.expectedLatestVersion = OptionalLong.of(version);
            return this;
        }

        /**
         * Fields of the producer (for example a Flink sink id and checkpoint id) kept in the commit
         * metadata.
         */
        public Builder producer(Map<String, String> producer) {
            this.producer = Objects.requireNonNull(producer, "producer");
            return this;
        }

        /** The snapshot's commit message; the default names the mode and the table. */
        public Builder message(String message) {
            this.message = Objects.requireNonNull(message, "message");
            return this;
        }

        /**
         * Makes the commit idempotent: the key is recorded in the commit metadata, and a commit
         * whose key the table's history already holds applies nothing and returns a result with
         * {@code alreadyCommitted()}. The check runs inside the commit's transaction. Letters,
         * digits and {@code . _ : / -} only.
         */
        public Builder commitKey(String commitKey) {
            this.commitKey = requireKey(commitKey);
            return this;
        }

        /**
         * Records the keys of earlier commits that changed nothing: DuckLake makes no snapshot of
         * such a commit, so its key is in no history until a later commit carries it. From this
         * commit on, a commit with one of these keys answers {@code alreadyCommitted()}, and {@link
         * dev.ducklake.engine.LakeEngine#committedVersion} finds this commit's version.
         */
        public Builder unchangedCommitKeys(Collection<String> keys) {
            this.unchangedCommitKeys = keys.stream().map(Builder::requireKey).toList();
            return this;
        }

        private static String requireKey(String key) {
            Objects.requireNonNull(key, "commitKey");
            if (!KEY_PATTERN.matcher(key).matches()) {
                throw new IllegalArgumentException(
                        "A commit key holds letters, digits and . _ : / - only; got '" + key + "'");
            }
            return key;
        }

        /**
         * The current rows given to a merge session (see {@link MergeSession#upsert(Object[],
         * Object[])}) were the table's at {@code version}, plus the changes of commits whose
         * producer fields include {@code sameProducer}. The commit uses them instead of looking the
         * rows up, unless a commit of another producer changed the table's rows or columns after
         * {@code version}, or an expiry removed a snapshot after it (so that such a commit cannot
         * be ruled out): then it looks them up, as without them.
         */
        public Builder currentRowsAsOf(long version, Map<String, String> sameProducer) {
            if (sameProducer.isEmpty()) {
                throw new IllegalArgumentException(
                        "Current rows need the producer fields that tell the commits"
                                + " they already hold from the others");
            }
            this.currentRowsAsOf = OptionalLong.of(version);
            this.sameProducer = sameProducer;
            return this;
        }

        /**
         * The lake tables the committed rows were computed from, each with the version it was read
         * at: recorded in the commit metadata as {@code inputs} (see {@link
         * dev.ducklake.engine.version.CommitMetadata#inputs()}), the lineage of the new version.
         */
        public Builder inputs(Map<TableName, Long> inputs) {
            this.inputs = Objects.requireNonNull(inputs, "inputs");
            return this;
        }

        /** Retries this commit on conflicts so, instead of as the engine's settings say. */
        public Builder retries(CommitRetries retries) {
            this.retries = Objects.requireNonNull(retries, "retries");
            return this;
        }

        public CommitOptions build() {
            return new CommitOptions(this);
        }
    }
}

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

package dev.ducklake.flink.source.enumerator;

import static dev.ducklake.flink.source.metrics.DuckLakeSourceMetrics.EMITTED_VERSION_AGE;
import static dev.ducklake.flink.source.metrics.DuckLakeSourceMetrics.MAX_VERSIONS_BEHIND;
import static dev.ducklake.flink.source.metrics.DuckLakeSourceMetrics.VERSIONS_BEHIND;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.schema.TableName;
import java.util.concurrent.TimeUnit;
import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.MetricGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How far the change source is behind the table: the versions found but not yet emitted by every
 * reader, and the age of the newest version they all emitted. The enumerator's thread says what was
 * emitted; its look at the lake, on a worker thread, counts the versions behind and reads the
 * emitted version's commit time, each only when what it depends on moved.
 */
@Internal
final class ChangeLagMetrics {

    private static final Logger LOG = LoggerFactory.getLogger(ChangeLagMetrics.class);

    /** How often the figures are taken at most: metric reporters read them every few seconds. */
    private static final long REFRESH_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** Newest version every reader emitted the changes of; -1 when none. */
    private volatile long emittedThrough = -1;

    /** The versions after this one are behind. */
    private volatile long behindAfter = -1;

    private volatile long latest = -1;
    private volatile long behind;
    private volatile long emittedCommitMillis = -1;

    // The worker thread's: what the figures above were taken for.
    private long countedAfter = Long.MIN_VALUE;
    private long countedLatest = Long.MIN_VALUE;
    private long stampedVersion = Long.MIN_VALUE;
    private long refreshedAt = System.nanoTime() - REFRESH_NANOS;

    ChangeLagMetrics(MetricGroup group) {
        group.gauge(VERSIONS_BEHIND, this::versionsBehind);
        group.gauge(EMITTED_VERSION_AGE, this::emittedVersionAge);
    }

    /**
     * On the enumerator's thread: every reader has emitted the changes up to version {@code
     * through} (-1: no version yet), and the versions after {@code behindAfter} are still to come.
     */
    void emitted(long through, long behindAfter) {
        this.emittedThrough = through;
        this.behindAfter = behindAfter;
    }

    /**
     * On the worker thread, with the enumerator's engine: the table's newest version found; at most
     * once a second. A failure leaves the figures as they were; the source goes on.
     */
    void refresh(LakeEngine engine, TableName table, long latestVersion) {
        if (System.nanoTime() - refreshedAt < REFRESH_NANOS) {
            return;
        }
        refreshedAt = System.nanoTime();
        latest = latestVersion;
        long after = behindAfter;
        long through = emittedThrough;
        try {
            if (after >= latestVersion) {
                behind = 0;
            } else if (after != countedAfter || latestVersion != countedLatest) {
                behind =
                        engine.versions(
                                        table,
                                        Math.max(after, 0),
                                        latestVersion,
                                        MAX_VERSIONS_BEHIND)
                                .size();
            }
            countedAfter = after;
            countedLatest = latestVersion;
            if (through >= 0 && through != stampedVersion) {
                emittedCommitMillis = engine.version(table, through).committedAt().toEpochMilli();
                stampedVersion = through;
            }
        } catch (RuntimeException e) {
            LOG.debug("Could not update the lag metrics of the change source on {}", table, e);
        }
    }

    private long versionsBehind() {
        return behindAfter >= latest ? 0 : behind;
    }

    private long emittedVersionAge() {
        long committed = emittedCommitMillis;
        return committed < 0 ? -1 : System.currentTimeMillis() - committed;
    }
}

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

package dev.ducklake.flink.source.metrics;

import org.apache.flink.annotation.PublicEvolving;

/**
 * The names of the metrics the DuckLake change source and lookup joins report, for dashboards,
 * alerts and tests that look them up. The change source's are in its enumerator's group, on the
 * JobManager; the lookup cache's in the join operator's group.
 */
@PublicEvolving
public final class DuckLakeSourceMetrics {

    /**
     * Gauge: the versions of the table, up to the newest one the source has found, whose changes
     * not every reader has emitted yet; 0 when the source has caught up. Counted up to {@value
     * #MAX_VERSIONS_BEHIND}, at most once a second.
     */
    public static final String VERSIONS_BEHIND = "versionsBehind";

    /** The most {@link #VERSIONS_BEHIND} counts: a source further behind reports this many. */
    public static final int MAX_VERSIONS_BEHIND = 1_000;

    /**
     * Gauge: milliseconds since the commit of the newest version whose changes every reader has
     * emitted ({@code -1} before the first such version). It grows while the table does not change;
     * alert on it together with {@link #VERSIONS_BEHIND}.
     */
    public static final String EMITTED_VERSION_AGE = "emittedVersionAgeMs";

    /**
     * Gauges of a lookup join with {@code 'lookup.cache' = 'FULL'}, about what its cache holds: the
     * table version; how often it loaded the whole table; the rows; the bytes its store takes on
     * local disk (0 in the heap).
     */
    public static final String LOOKUP_CACHE_VERSION = "lookupCacheVersion";

    public static final String LOOKUP_CACHE_LOADS = "lookupCacheLoads";
    public static final String LOOKUP_CACHE_ROWS = "lookupCacheRows";
    public static final String LOOKUP_CACHE_DISK_BYTES = "lookupCacheDiskBytes";

    /**
     * Gauges of a lookup join with {@code 'lookup.cache' = 'FULL'}, about its cache's work: how
     * long its last load took, in milliseconds; the milliseconds since it last found the table's
     * latest version (its staleness); how far its last refresh moved it, in lake snapshots; how
     * long that refresh took, in milliseconds.
     */
    public static final String LOOKUP_CACHE_LOAD_MILLIS = "lookupCacheLoadMillis";

    public static final String LOOKUP_CACHE_AGE_MILLIS = "lookupCacheAgeMillis";
    public static final String LOOKUP_CACHE_REFRESH_VERSIONS = "lookupCacheRefreshVersions";
    public static final String LOOKUP_CACHE_REFRESH_MILLIS = "lookupCacheRefreshMillis";

    private DuckLakeSourceMetrics() {}
}

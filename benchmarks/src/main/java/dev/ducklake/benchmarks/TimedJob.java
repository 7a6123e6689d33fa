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

package dev.ducklake.benchmarks;

import dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.HistogramStatistics;
import org.apache.flink.runtime.testutils.InMemoryReporter;

/** A benchmark's Flink job that ran to its end: its rows per second and its result. */
record TimedJob(double perSecond, JobExecutionResult result) {

    /**
     * The job's commit durations, from its DuckLake committer's {@code commitDurationMs} histogram.
     */
    HistogramStatistics commitDurations(InMemoryReporter metrics) {
        return metrics
                .findMetrics(result.getJobID(), DuckLakeSinkMetrics.COMMIT_DURATION)
                .values()
                .stream()
                .map(h -> ((Histogram) h).getStatistics())
                .filter(s -> s.size() > 0)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("No commit durations were reported"));
    }

    /** The sum of the job's counters of this name. */
    long counter(InMemoryReporter metrics, String name) {
        return metrics.findMetrics(result.getJobID(), name).values().stream()
                .mapToLong(c -> ((Counter) c).getCount())
                .sum();
    }

    /** The highest value the job's gauges of this name reported. */
    long gauge(InMemoryReporter metrics, String name) {
        return metrics.findMetrics(result.getJobID(), name).values().stream()
                .mapToLong(g -> ((Number) ((Gauge<?>) g).getValue()).longValue())
                .max()
                .orElseThrow(() -> new IllegalStateException("No gauge " + name + " was reported"));
    }
}

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
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.HistogramStatistics;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** A benchmark's Flink job that ran to its end: its rows per second and its result. */
record TimedJob(double perSecond, JobExecutionResult result) {

    /**
     * The environment of a job on a local MiniCluster of {@code conf}, reporting to {@code metrics}
     * (unless null), at {@code parallelism}, with a checkpoint every {@code checkpointMs}.
     */
    static StreamExecutionEnvironment environment(
            Configuration conf, InMemoryReporter metrics, int parallelism, long checkpointMs) {
        if (metrics != null) {
            metrics.addToConfiguration(conf);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(parallelism);
        env.enableCheckpointing(checkpointMs);
        return env;
    }

    /**
     * Runs a job of {@code env} that generates {@code records} records into {@code sink}, to its
     * end; its records per second are timed from its submission.
     */
    static <T> TimedJob generate(
            StreamExecutionEnvironment env,
            GeneratorFunction<Long, T> generator,
            long records,
            TypeInformation<T> type,
            Sink<T> sink,
            String name)
            throws Exception {
        env.fromSource(
                        new DataGeneratorSource<>(generator, records, type),
                        WatermarkStrategy.noWatermarks(),
                        "generator")
                .sinkTo(sink);
        long start = System.nanoTime();
        JobExecutionResult result = env.execute(name);
        return new TimedJob(records / ((System.nanoTime() - start) / 1e9), result);
    }

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

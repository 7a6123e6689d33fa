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

package dev.ducklake.flink.sink.testutils;

import java.util.Objects;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.test.junit5.MiniClusterExtension;

/**
 * A job's metrics by name, from a MiniCluster's {@link InMemoryReporter}.
 *
 * <pre>{@code
 * static final JobMetrics JOB_METRICS = JobMetrics.retained();
 * @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = JOB_METRICS.miniCluster(4);
 * }</pre>
 */
public final class JobMetrics {

    private final InMemoryReporter reporter;

    public JobMetrics(InMemoryReporter reporter) {
        this.reporter = reporter;
    }

    /** The metrics of a reporter that keeps them after their job ends. */
    public static JobMetrics retained() {
        return new JobMetrics(InMemoryReporter.createWithRetainedMetrics());
    }

    /** A MiniCluster (see {@link TestJobs#miniCluster}) whose jobs report to these metrics. */
    public MiniClusterExtension miniCluster(int slots) {
        return TestJobs.miniCluster(slots, reporter.addToConfiguration(new Configuration()));
    }

    /** Counters of the job by name, summed over subtasks and over attempts of a restarted job. */
    public long counter(JobID job, String name) {
        return metrics(job, name).mapToLong(m -> ((Counter) m).getCount()).sum();
    }

    /** The highest value of the job's gauges of this name. */
    public long gauge(JobID job, String name) {
        return metrics(job, name)
                .mapToLong(m -> ((Number) ((Gauge<?>) m).getValue()).longValue())
                .max()
                .orElseThrow();
    }

    public Stream<Metric> metrics(JobID job, String name) {
        String jobId = job.toString();
        return reporter.getMetricsByGroup().entrySet().stream()
                .filter(e -> jobId.equals(e.getKey().getAllVariables().get("<job_id>")))
                .map(e -> e.getValue().get(name))
                .filter(Objects::nonNull);
    }
}

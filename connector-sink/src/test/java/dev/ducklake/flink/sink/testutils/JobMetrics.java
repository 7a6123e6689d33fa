package dev.ducklake.flink.sink.testutils;

import java.util.Objects;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobID;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;

/** A job's metrics by name, from a MiniCluster's {@link InMemoryReporter}. */
public final class JobMetrics {

    private final InMemoryReporter reporter;

    public JobMetrics(InMemoryReporter reporter) {
        this.reporter = reporter;
    }

    /** Counters of the job by name, summed over subtasks and over attempts of a restarted job. */
    public long counter(JobID job, String name) {
        return metrics(job, name).mapToLong(m -> ((Counter) m).getCount()).sum();
    }

    /** The highest value of the job's gauges of this name. */
    public long gauge(JobID job, String name) {
        return metrics(job, name).mapToLong(m -> ((Number) ((Gauge<?>) m).getValue()).longValue()).max()
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

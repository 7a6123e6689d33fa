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

package dev.ducklake.flink.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.source.DuckLakeSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.core.execution.JobStatusChangedEvent;
import org.apache.flink.core.execution.JobStatusChangedListener;
import org.apache.flink.core.execution.JobStatusChangedListenerFactory;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.lineage.DatasetSchemaFacet;
import org.apache.flink.streaming.api.lineage.DatasetSchemaField;
import org.apache.flink.streaming.api.lineage.LineageDataset;
import org.apache.flink.streaming.api.lineage.LineageGraph;
import org.apache.flink.streaming.runtime.execution.JobCreatedEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job that reads one lake table with the change source and writes another with the sink, with a
 * job-status listener registered as Flink's configuration does it (the way OpenLineage's Flink
 * integration registers): the lineage graph of the job's creation names both tables, in the
 * documented namespace of a PostgreSQL catalog (without its user or password) and with their
 * columns.
 */
class LineageITCase {

    @TempDir Path dir;

    @BeforeEach
    void setUp() {
        Recorder.EVENTS.clear();
    }

    @Test
    void theJobReportsTheTablesItReadsAndWritesToLineageListeners() throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
        try (EngineRegistry.Lease lease =
                EngineRegistry.shared().acquire(TestLakes.config(catalog, dir).build())) {
            lease.engine().createTable(TableName.of("orders"), OrderEvents.lakeSchema(true));
        }
        Configuration conf = new Configuration();
        conf.set(DeploymentOptions.JOB_STATUS_CHANGED_LISTENERS, List.of(Recorder.class.getName()));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        String dataPath = dir.resolve("data") + "/";
        env.fromSource(
                        DuckLakeSource.builder()
                                .catalog(catalog.key())
                                .dataPath(dataPath)
                                .table("orders")
                                .snapshot()
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        "orders")
                .sinkTo(
                        DuckLakeSink.forRowData()
                                .catalog(catalog.key())
                                .dataPath(dataPath)
                                .table("reporting.orders")
                                .rowType(OrderEvents.ROW_TYPE)
                                .build());

        env.execute("lineage");

        LineageGraph graph =
                Recorder.EVENTS.stream()
                        .filter(JobCreatedEvent.class::isInstance)
                        .map(event -> ((JobCreatedEvent) event).lineageGraph())
                        .findFirst()
                        .orElseThrow();
        String database = catalog.location().replaceAll(".*dbname=(\\S+).*", "$1");
        String namespace = "ducklake:postgres://127.0.0.1:55432/" + database;
        assertThat(graph.sources()).hasSize(1);
        assertThat(graph.sources().get(0).boundedness()).isEqualTo(Boundedness.BOUNDED);
        assertThat(graph.sources().get(0).datasets())
                .singleElement()
                .satisfies(dataset -> assertDataset(dataset, namespace, "main.orders"));
        assertThat(columns(graph.sources().get(0).datasets().get(0)))
                .extracting(column -> column.split(" ")[0])
                .containsExactly("order_id", "seq", "amount");
        assertThat(graph.sinks()).hasSize(1);
        assertThat(graph.sinks().get(0).datasets())
                .singleElement()
                .satisfies(dataset -> assertDataset(dataset, namespace, "reporting.orders"));
        assertThat(columns(graph.sinks().get(0).datasets().get(0)))
                .containsExactlyElementsOf(
                        OrderEvents.ROW_TYPE.getFields().stream()
                                .map(
                                        field ->
                                                field.getName()
                                                        + " "
                                                        + field.getType().asSummaryString())
                                .toList());
    }

    private static void assertDataset(LineageDataset dataset, String namespace, String name) {
        assertThat(dataset.namespace()).isEqualTo(namespace);
        assertThat(dataset.name()).isEqualTo(name);
    }

    /** The dataset's schema facet: each column as "name type". */
    private static List<String> columns(LineageDataset dataset) {
        DatasetSchemaFacet schema = (DatasetSchemaFacet) dataset.facets().get("schema");
        Map<String, DatasetSchemaField<String>> fields = schema.fields();
        return fields.values().stream()
                .map(field -> field.name() + " " + field.type())
                .collect(Collectors.toList());
    }

    /** Records every job-status event, as a lineage integration's listener receives them. */
    public static final class Recorder implements JobStatusChangedListenerFactory {

        static final List<JobStatusChangedEvent> EVENTS = new CopyOnWriteArrayList<>();

        @Override
        public JobStatusChangedListener createListener(Context context) {
            return EVENTS::add;
        }
    }
}

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

package dev.ducklake.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.write.CommitRetries;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.UpsertIndex;
import dev.ducklake.flink.common.EngineSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The builder's settings are the connector's options: unset, each takes its option's default (the
 * engine's), and a builder and a table's {@code WITH} clause with the same settings open the same
 * engine.
 */
class DuckLakeSinkBuilderTest {

    private static final RowType ROW_TYPE = RowType.of(new BigIntType());
    private static final RowType KEYED =
            RowType.of(new LogicalType[] {new BigIntType(false)}, new String[] {"id"});

    @TempDir Path dir;

    @Test
    void anUnsetSettingIsItsOptionsDefault() {
        EngineConfig config = engine(builder()).toEngineConfig();

        // The documented defaults, as literals: a changed default must show in this test.
        assertThat(config.threads()).isEqualTo(1);
        assertThat(config.memoryLimit()).isEqualTo("1GB");
        assertThat(config.dataInliningRowLimit()).isEmpty();
        assertThat(config.temporaryDirectory()).isEmpty();
        assertThat(builder().build().settings().commitRetries())
                .isEqualTo(new CommitRetries(5, Duration.ofMillis(50)));
    }

    /**
     * Sinks of one catalog share a TaskManager's engine, so their engine settings are one; the
     * commit retries are each sink's own.
     */
    @Test
    void eachSinkOfACatalogKeepsItsOwnCommitRetries() {
        DuckLakeSink<RowData> patient = builder().commitRetries(50, Duration.ofSeconds(1)).build();
        DuckLakeSink<RowData> hasty = builder().commitRetries(0, Duration.ZERO).build();

        assertThat(patient.settings().engine().options())
                .isEqualTo(hasty.settings().engine().options());
        assertThat(patient.settings().commitRetries())
                .isEqualTo(new CommitRetries(50, Duration.ofSeconds(1)));
        assertThat(hasty.settings().commitRetries()).isEqualTo(new CommitRetries(0, Duration.ZERO));
    }

    @Test
    void theBuildersSettingsAreTheTableOptionsOfTheSameNames() throws Exception {
        EngineSpec built =
                engine(
                        builder()
                                .dataPath(dir.resolve("data").toString())
                                .threads(3)
                                .memoryLimit("512MB")
                                .temporaryDirectory(dir.resolve("spill").toString())
                                .dataInliningRowLimit(7)
                                .extensionDirectory(dir.resolve("extensions").toString())
                                .secret("lake_s3", Map.of("TYPE", "s3", "KEY_ID", "AKIA")));
        EngineSpec declared =
                EngineSpec.of(
                        Map.ofEntries(
                                Map.entry("connector", "ducklake"),
                                Map.entry("catalog", catalog()),
                                Map.entry("data-path", dir.resolve("data").toString()),
                                Map.entry("duckdb.threads", "3"),
                                Map.entry("duckdb.memory-limit", "512MB"),
                                Map.entry("duckdb.temp-directory", dir.resolve("spill").toString()),
                                Map.entry("data-inlining-row-limit", "7"),
                                Map.entry(
                                        "duckdb.extension-directory",
                                        dir.resolve("extensions").toString()),
                                Map.entry("duckdb.secret.lake_s3.type", "s3"),
                                Map.entry("duckdb.secret.lake_s3.key_id", "AKIA")));
        EngineSpec travelled = InstantiationUtil.clone(built);

        for (EngineSpec spec : new EngineSpec[] {built, declared, travelled}) {
            EngineConfig config = spec.toEngineConfig();
            assertThat(config.dataPath()).contains(dir.resolve("data").toString());
            assertThat(config.threads()).isEqualTo(3);
            assertThat(config.memoryLimit()).isEqualTo("512MB");
            assertThat(config.temporaryDirectory()).contains(dir.resolve("spill"));
            assertThat(config.dataInliningRowLimit()).contains(7);
            assertThat(config.extensionDirectory()).contains(dir.resolve("extensions"));
            assertThat(config.secrets())
                    .isEqualTo(Map.of("lake_s3", Map.of("TYPE", "s3", "KEY_ID", "AKIA")));
        }
    }

    @Test
    void aSettingTheEngineRefusesFailsTheBuildNamingItsOption() {
        assertThatThrownBy(() -> builder().threads(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'duckdb.threads'")
                .hasMessageContaining("got 0");
        assertThatThrownBy(() -> builder().commitRetries(-1, Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'sink.commit.retries'")
                .hasMessageContaining("-1");
    }

    @Test
    void theCatalogIsRequired() {
        assertThatThrownBy(() -> DuckLakeSink.forRowData().table("t").rowType(ROW_TYPE).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("catalog(...)");
    }

    @Test
    void anUpsertIndexNeedsASinkOfRowDataAndAlignedCheckpoints() {
        assertThatThrownBy(
                        () ->
                                DuckLakeSink.<Long>builder()
                                        .catalog(catalog())
                                        .table("t")
                                        .rowType(KEYED)
                                        .primaryKey("id")
                                        .converter(GenericRowData::of)
                                        .upsertIndex(UpsertIndex.FLINK_STATE)
                                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(
                        "'sink.upsert.index' = 'flink-state' needs a sink of RowData");

        Configuration conf = new Configuration();
        conf.set(CheckpointingOptions.ENABLE_UNALIGNED, true);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        DuckLakeSink<RowData> sink =
                builder()
                        .rowType(KEYED)
                        .primaryKey("id")
                        .upsertIndex(UpsertIndex.FLINK_STATE)
                        .build();
        assertThatThrownBy(
                        () ->
                                sink.addPreWriteTopology(
                                        env.fromData(
                                                List.<RowData>of(GenericRowData.of(1L)),
                                                InternalTypeInfo.of(KEYED))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("main.t needs aligned checkpoints")
                .hasMessageContaining("execution.checkpointing.unaligned.enabled");
    }

    private DuckLakeSinkBuilder<RowData> builder() {
        return DuckLakeSink.forRowData().catalog(catalog()).table("t").rowType(ROW_TYPE);
    }

    private static EngineSpec engine(DuckLakeSinkBuilder<RowData> builder) {
        return builder.build().settings().engine();
    }

    private String catalog() {
        return dir.resolve("metadata.ducklake").toString();
    }
}

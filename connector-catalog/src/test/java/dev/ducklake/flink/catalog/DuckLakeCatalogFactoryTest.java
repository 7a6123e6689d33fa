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

package dev.ducklake.flink.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code CREATE CATALOG ... WITH ('type' = 'ducklake')}: the options it takes, and what it refuses,
 * naming the option.
 */
class DuckLakeCatalogFactoryTest {

    @TempDir Path dir;

    @Test
    void discoveredByTypeWithTheDefaultDatabaseMain() {
        Catalog catalog = create(Map.of());
        assertThat(catalog).isInstanceOf(DuckLakeCatalog.class);
        assertThat(catalog.getDefaultDatabase()).isEqualTo("main");
        assertThat(create(Map.of("default-database", "shop")).getDefaultDatabase())
                .isEqualTo("shop");
    }

    @Test
    void takesTheTableOptionsAsDefaultsAndTheSecrets() {
        assertThat(
                        create(
                                Map.of(
                                        "sink.parallelism",
                                        "2",
                                        "scan.discovery-interval",
                                        "5 s",
                                        "duckdb.secret.lake_s3.type",
                                        "s3")))
                .isInstanceOf(DuckLakeCatalog.class);
    }

    @Test
    void refusesAMissingCatalogAnUnknownKeyAndABadValueNamingTheOption() {
        Map<String, String> noCatalog = new HashMap<>(Map.of("type", "ducklake"));
        assertThat(
                        message(
                                () ->
                                        FactoryUtil.createCatalog(
                                                "lake",
                                                noCatalog,
                                                new Configuration(),
                                                getClass().getClassLoader())))
                .contains("catalog");
        assertThat(message(() -> create(Map.of("sink.paralelism", "2"))))
                .contains("sink.paralelism");
        assertThat(message(() -> create(Map.of("duckdb.memory-limit", "lots"))))
                .contains("duckdb.memory-limit");
        assertThat(message(() -> create(Map.of("scan.discovery-interval", "soon"))))
                .contains("scan.discovery-interval");
    }

    private Catalog create(Map<String, String> extra) {
        Map<String, String> options = new HashMap<>(extra);
        options.put("type", "ducklake");
        options.put("catalog", dir.resolve("metadata.ducklake").toString());
        return FactoryUtil.createCatalog(
                "lake", options, new Configuration(), getClass().getClassLoader());
    }

    private static String message(Runnable creation) {
        Throwable[] thrown = new Throwable[1];
        assertThatThrownBy(creation::run).satisfies(t -> thrown[0] = t);
        return ExceptionUtils.stringifyException(thrown[0]);
    }
}

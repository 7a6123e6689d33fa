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

package dev.ducklake.flink.source.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.sink.table.DuckLakeDynamicSinkFactory;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.DescribedEnum;
import org.apache.flink.configuration.description.Description;
import org.apache.flink.configuration.description.HtmlFormatter;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.util.TimeUtils;
import org.junit.jupiter.api.Test;

/**
 * The options table of the Flink SQL page ({@code docs/flink-sql.md}) is the sink and source
 * factories' options, rendered: key, type, default and description, one row each. When an option
 * changes, paste the table this test writes to {@code target/options-table.md} into that page.
 */
class ConnectorOptionsDocumentedTest {

    private static final String MARKER =
            "<!-- The options table is generated from the factories' options;"
                    + " ConnectorOptionsDocumentedTest checks it. -->";

    @Test
    void theFlinkSqlPagesOptionsTableIsTheFactoriesOptions() throws IOException {
        String expected =
                render(
                        Stream.of(
                                new DuckLakeDynamicSinkFactory(),
                                new DuckLakeDynamicSourceFactory()));
        Files.writeString(Path.of("target", "options-table.md"), expected);

        String page = Files.readString(Path.of("..", "docs", "flink-sql.md"));
        int start = page.indexOf(MARKER);
        assertThat(start)
                .as("the marker before the options table of docs/flink-sql.md")
                .isNotNegative();
        start += MARKER.length() + 1;
        int end = page.indexOf("\n\n", start);
        assertThat(page.substring(start, end + 1))
                .as("the options table of docs/flink-sql.md (target/options-table.md)")
                .isEqualTo(expected);
    }

    private static String render(Stream<DynamicTableFactory> factories) {
        List<DynamicTableFactory> all = factories.toList();
        Set<ConfigOption<?>> required =
                all.stream().flatMap(f -> f.requiredOptions().stream()).collect(Collectors.toSet());
        List<ConfigOption<?>> options =
                all.stream()
                        .flatMap(
                                f ->
                                        Stream.concat(
                                                f.requiredOptions().stream(),
                                                f.optionalOptions().stream()))
                        .distinct()
                        .sorted(
                                Comparator.<ConfigOption<?>>comparingInt(
                                                o -> required.contains(o) ? 0 : group(o.key()))
                                        .thenComparing(ConfigOption::key))
                        .toList();
        StringBuilder table =
                new StringBuilder("| key | type | default | description |\n|---|---|---|---|\n");
        table.append("| `")
                .append(FactoryUtil.CONNECTOR.key())
                .append("` | String | (required) | `")
                .append(DuckLakeConnectorOptions.IDENTIFIER)
                .append("` |\n");
        for (ConfigOption<?> option : options) {
            table.append("| `")
                    .append(option.key())
                    .append("` | ")
                    .append(typeName(option))
                    .append(" | ")
                    .append(defaultValue(option, required.contains(option)))
                    .append(" | ")
                    .append(description(option))
                    .append(" |\n");
        }
        return table.toString();
    }

    /** Options of both sides first, then the sink's, then the source's. */
    private static int group(String key) {
        return key.startsWith("sink.")
                ? 2
                : key.startsWith("scan.") ? 3 : key.startsWith("lookup.") ? 4 : 1;
    }

    private static String typeName(ConfigOption<?> option) {
        Class<?> type = clazz(option);
        return type.isEnum() ? "Enum" : type.getSimpleName();
    }

    private static String defaultValue(ConfigOption<?> option, boolean required) {
        if (!option.hasDefaultValue()) {
            return required ? "(required)" : "(none)";
        }
        Object value = option.defaultValue();
        return value instanceof Duration duration
                ? TimeUtils.formatWithHighestUnit(duration)
                : value.toString();
    }

    private static String description(ConfigOption<?> option) {
        String text = new HtmlFormatter().format(option.description());
        Class<?> type = clazz(option);
        if (DescribedEnum.class.isAssignableFrom(type)) {
            text +=
                    " Values: "
                            + Stream.of(type.getEnumConstants())
                                    .map(
                                            value ->
                                                    "`"
                                                            + value
                                                            + "`: "
                                                            + new HtmlFormatter()
                                                                    .format(
                                                                            Description.builder()
                                                                                    .text(
                                                                                            "%s",
                                                                                            ((DescribedEnum)
                                                                                                            value)
                                                                                                    .getDescription())
                                                                                    .build()))
                                    .collect(Collectors.joining(" "));
        }
        return text;
    }

    /** The option's value class; {@link ConfigOption} keeps it package-private. */
    private static Class<?> clazz(ConfigOption<?> option) {
        try {
            Method getter = ConfigOption.class.getDeclaredMethod("getClazz");
            getter.setAccessible(true);
            return (Class<?>) getter.invoke(option);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}

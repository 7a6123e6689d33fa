package dev.ducklake.flink.source.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.flink.sink.table.DuckLakeDynamicSinkFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.factories.FactoryUtil;
import org.junit.jupiter.api.Test;

/** The README's options table lists exactly the options of the sink and source factories, with their defaults. */
class ConnectorOptionsDocumentedTest {

    private static final Pattern ROW = Pattern.compile("^\\| `([a-z.-]+)` \\| ([^|]+) \\| ([^|]+) \\|", Pattern.MULTILINE);

    @Test
    void everyOptionIsDocumentedWithItsDefaultAndNothingElse() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        String section = readme.substring(readme.indexOf("### Options"), readme.indexOf("### Types"));
        Map<String, String> documentedDefaults = new HashMap<>();
        Matcher row = ROW.matcher(section);
        while (row.find()) {
            documentedDefaults.put(row.group(1), row.group(3).trim());
        }
        List<ConfigOption<?>> options = Stream.of(new DuckLakeDynamicSinkFactory(), new DuckLakeDynamicSourceFactory())
                .flatMap(factory -> Stream.concat(factory.requiredOptions().stream(), factory.optionalOptions().stream()))
                .distinct().toList();
        Set<String> keys = options.stream().map(ConfigOption::key).collect(Collectors.toSet());
        keys.add(FactoryUtil.CONNECTOR.key());

        assertThat(documentedDefaults.keySet()).containsExactlyInAnyOrderElementsOf(keys);
        for (ConfigOption<?> option : options) {
            if (option.hasDefaultValue() && option.defaultValue() instanceof Integer value) {
                assertThat(documentedDefaults.get(option.key())).as(option.key()).isEqualTo(value.toString());
            }
            assertThat(option.description().toString()).as(option.key()).isNotBlank();
        }
    }
}

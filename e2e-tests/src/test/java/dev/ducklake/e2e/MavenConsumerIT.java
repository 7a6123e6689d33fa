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

package dev.ducklake.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.testing.process.ProjectRoot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plain Maven project of a user, which depends on the published sink and source and on the Flink
 * modules a DataStream job needs, with no dependency management or overrides of its own, builds
 * against this build's artifacts, and on the classpath it resolves (run with {@code java -cp}, as a
 * user runs a job locally) a job upserts through the sink and another reads the table back through
 * the source. The artifacts go into a repository of the test's own, as {@code mvn install} would
 * put them; everything else comes from the local repository this build used, served as a remote
 * one, and what it lacks from Maven Central.
 */
class MavenConsumerIT {

    private static final String VERSION = System.getProperty("project.version");
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final List<String> MODULES =
            List.of(
                    "duckdb-extensions:ducklake-duckdb-extensions",
                    "engine:ducklake-engine",
                    "connector-common:flink-connector-ducklake-common",
                    "connector-cdc:flink-connector-ducklake-cdc",
                    "connector-sink:flink-connector-ducklake-sink",
                    "connector-source:flink-connector-ducklake-source");

    @TempDir Path dir;

    @Test
    void aUsersMavenProjectRunsASinkJobAndASourceJobOnTheResolvedClasspath() throws Exception {
        Path root = ProjectRoot.containing("connector-dist");
        Path repository = dir.resolve("repository");
        install(root.resolve("pom.xml"), null, repository, "flink-connector-ducklake-parent");
        for (String module : MODULES) {
            String[] parts = module.split(":");
            Path jar =
                    root.resolve(parts[0])
                            .resolve("target")
                            .resolve(parts[1] + "-" + VERSION + ".jar");
            install(root.resolve(parts[0]).resolve("pom.xml"), jar, repository, parts[1]);
        }
        Path project = dir.resolve("consumer");
        copyTemplate(
                Path.of(MavenConsumerIT.class.getResource("/consumer").toURI()),
                project,
                Map.of(
                        "@ducklake.version@",
                        VERSION,
                        "@flink.version@",
                        System.getProperty("flink.version"),
                        "@resources.plugin.version@",
                        System.getProperty("resources.plugin.version"),
                        "@compiler.plugin.version@",
                        System.getProperty("compiler.plugin.version"),
                        "@dependency.plugin.version@",
                        System.getProperty("dependency.plugin.version")));
        Path settings = dir.resolve("settings.xml");
        Files.writeString(settings, settings(Path.of(System.getProperty("user.home"), ".m2")));

        Path classpath = dir.resolve("classpath.txt");
        Command.run(
                TIMEOUT,
                Map.of(),
                "mvn",
                "-B",
                "-ntp",
                "-s",
                settings.toString(),
                "-Dmaven.repo.local=" + repository,
                "-f",
                project.resolve("pom.xml").toString(),
                "compile",
                "dependency:build-classpath",
                "-Dmdep.outputFile=" + classpath);
        // The one JVM option the connector asks for (Arrow's memory access), as its error message
        // says; a home without DuckDB extensions, as on a host where only the dependencies are.
        Path home = Files.createDirectories(dir.resolve("home"));
        String output =
                Command.run(
                        TIMEOUT,
                        Map.of("HOME", home.toString()),
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--add-opens=java.base/java.nio=ALL-UNNAMED",
                        "-cp",
                        project.resolve("target/classes")
                                + java.io.File.pathSeparator
                                + Files.readString(classpath).strip(),
                        "example.SinkThenSource",
                        dir.resolve("lake").toString());
        assertThat(output).contains("read 2 rows, amounts 31");
    }

    /**
     * Maven settings that serve the local repository this build used as a remote one, ahead of
     * Maven Central. Central serves what that repository lacks: versions that the user's resolution
     * picks where this build's dependency management picked others, which a fresh machine has never
     * downloaded.
     */
    private static String settings(Path m2) {
        String url = m2.resolve("repository").toUri().toString();
        return "<settings><profiles><profile><id>this-build</id>"
                + "<repositories><repository><id>this-build</id><url>"
                + url
                + "</url></repository></repositories>"
                + "<pluginRepositories><pluginRepository><id>this-build</id><url>"
                + url
                + "</url></pluginRepository></pluginRepositories>"
                + "</profile></profiles>"
                + "<activeProfiles><activeProfile>this-build</activeProfile></activeProfiles>"
                + "</settings>";
    }

    /** Puts a pom (and a jar) where {@code mvn install} puts them in a local repository. */
    private static void install(Path pom, Path jar, Path repository, String artifactId)
            throws IOException {
        Path target = repository.resolve("dev/ducklake").resolve(artifactId).resolve(VERSION);
        Files.createDirectories(target);
        Files.copy(pom, target.resolve(artifactId + "-" + VERSION + ".pom"));
        if (jar != null) {
            Files.copy(jar, target.resolve(artifactId + "-" + VERSION + ".jar"));
        }
    }

    private static void copyTemplate(Path template, Path project, Map<String, String> values)
            throws IOException {
        try (Stream<Path> files = Files.walk(template)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path copy = project.resolve(template.relativize(file).toString());
                Files.createDirectories(copy.getParent());
                String text = Files.readString(file, StandardCharsets.UTF_8);
                for (Map.Entry<String, String> value : values.entrySet()) {
                    text = text.replace(value.getKey(), value.getValue());
                }
                Files.writeString(copy, text, StandardCharsets.UTF_8);
            }
        }
    }
}

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

package dev.ducklake.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.examples.ReadmeCommands;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the pages under {@code docs/} hold no broken relative link or anchor, and every
 * {@code mvn}, {@code scripts/} and {@code .ci/} command in their shell blocks names modules,
 * classes and scripts that exist. Nothing is run.
 */
class DocsLinksTest {

    private static final Path ROOT = ReadmeCommands.ROOT;

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (MarkdownPage page : pages()) {
            for (String target : page.linkTargets()) {
                if (!target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*")) {
                    check(page, target)
                            .ifPresent(
                                    problem ->
                                            broken.add(
                                                    name(page) + ": (" + target + ") " + problem));
                }
            }
        }
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void everyCommandNamesWhatExists() throws IOException {
        CommandCheck check = new CommandCheck(ROOT);
        List<String> problems = new ArrayList<>();
        for (MarkdownPage page : pages()) {
            for (String command : page.shellCommands()) {
                check.problems(command)
                        .forEach(
                                problem ->
                                        problems.add(
                                                name(page) + ": " + command + "\n    " + problem));
            }
        }
        assertThat(problems).as("commands naming what does not exist").isEmpty();
    }

    @Test
    void theIndexLinksEveryPage() throws IOException {
        List<String> linked = MarkdownPage.read(ROOT.resolve("docs/README.md")).linkTargets();
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            assertThat(
                            files.map(file -> file.getFileName().toString())
                                    .filter(
                                            name ->
                                                    name.endsWith(".md")
                                                            && !name.equals("README.md")))
                    .as("pages of docs/ that docs/README.md links")
                    .allMatch(linked::contains);
        }
    }

    private static Optional<String> check(MarkdownPage page, String target) throws IOException {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path file =
                path.isEmpty()
                        ? page.file()
                        : path.startsWith("/")
                                ? ROOT.resolve(path.substring(1))
                                : page.file().getParent().resolve(path);
        if (!Files.exists(file)) {
            return Optional.of("no such file");
        }
        if (hash < 0) {
            return Optional.empty();
        }
        if (!file.toString().endsWith(".md")) {
            return Optional.of("an anchor into a file that is not markdown");
        }
        String anchor = target.substring(hash + 1);
        return MarkdownPage.read(file).anchors().contains(anchor)
                ? Optional.empty()
                : Optional.of("no heading with the anchor '" + anchor + "'");
    }

    private static List<MarkdownPage> pages() throws IOException {
        List<MarkdownPage> pages = new ArrayList<>();
        pages.add(MarkdownPage.read(ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            for (Path file :
                    files.filter(file -> file.toString().endsWith(".md")).sorted().toList()) {
                pages.add(MarkdownPage.read(file));
            }
        }
        return pages;
    }

    private static String name(MarkdownPage page) {
        return ROOT.relativize(page.file()).toString();
    }
}

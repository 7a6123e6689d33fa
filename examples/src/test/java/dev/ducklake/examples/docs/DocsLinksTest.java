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
        assertThat(onEveryPage(DocsLinksTest::brokenLinks)).as("broken links").isEmpty();
    }

    @Test
    void everyCommandNamesWhatExists() throws IOException {
        CommandCheck check = new CommandCheck(ROOT);
        assertThat(onEveryPage(page -> commandProblems(check, page)))
                .as("commands naming what does not exist")
                .isEmpty();
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

    /** What a check finds wrong on a page. */
    private interface PageCheck {
        List<String> problems(MarkdownPage page) throws IOException;
    }

    /** The problems a check finds on every page, each after the page's name. */
    private static List<String> onEveryPage(PageCheck check) throws IOException {
        List<String> problems = new ArrayList<>();
        for (MarkdownPage page : pages()) {
            for (String problem : check.problems(page)) {
                problems.add(name(page) + ": " + problem);
            }
        }
        return problems;
    }

    /** The page's relative links and anchors that resolve to nothing. */
    private static List<String> brokenLinks(MarkdownPage page) throws IOException {
        List<String> broken = new ArrayList<>();
        for (String target : page.linkTargets()) {
            if (!target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*")) {
                check(page, target).ifPresent(problem -> broken.add("(" + target + ") " + problem));
            }
        }
        return broken;
    }

    /** The page's shell commands that name modules, classes or scripts that do not exist. */
    private static List<String> commandProblems(CommandCheck check, MarkdownPage page)
            throws IOException {
        List<String> problems = new ArrayList<>();
        for (String command : page.shellCommands()) {
            check.problems(command).forEach(problem -> problems.add(command + "\n    " + problem));
        }
        return problems;
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
